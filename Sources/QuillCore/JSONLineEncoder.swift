/// Writes an `Encodable` value as one line of JSON (JSON Lines): every row Quill prints goes
/// through here, so strings are always escaped and numbers always valid JSON.
///
/// - Keys keep the order the value encodes them in (a synthesized `Encodable` gives declaration
///   order); `nil` encoded with `encodeNil` is `null`, `encodeIfPresent` of `nil` leaves the key out.
/// - A finite `Double` is written as Swift prints it (`0.1`, `5.0`, `1e-05`: the shortest text
///   that reads back as the same number, as `quill` has always printed), a non-finite one
///   (NaN, ±infinity) as `null` — never `nan` or `inf`.
/// - Strings are escaped as RFC 8259 asks (`"`, `\`, and control characters), other characters
///   are written as UTF-8.
///
/// The text is built as UTF-8 bytes: `encode(_:appendingTo:)` writes a row straight into a
/// caller's output buffer (no `String` per row or per number).
public struct JSONLineEncoder: Sendable {
    public init() {}

    /// The JSON text of `value`, without a newline.
    public func encode<T: Encodable>(_ value: T) throws -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        try encode(value, appendingTo: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the JSON text of `value` (without a newline) to `bytes` as UTF-8. If the value's
    /// own `encode(to:)` throws, `bytes` is left as it was and the error is rethrown.
    public func encode<T: Encodable>(_ value: T, appendingTo bytes: inout [UInt8]) throws {
        let start = bytes.count
        // The row is written after what the buffer holds: the root node borrows the buffer.
        let root = JSONNode(text: bytes)
        bytes = []
        do {
            try value.encode(to: JSONNodeEncoder(node: root, codingPath: []))
        } catch {
            bytes = root.assembled()
            bytes.removeSubrange(start...)
            throw error
        }
        bytes = root.assembled()
    }

    /// The JSON text of `value`; `null` if the value's own `encode(to:)` throws (Quill's records
    /// never do: this encoder itself never fails).
    public func line<T: Encodable>(_ value: T) -> String { (try? encode(value)) ?? "null" }

    /// Appends the JSON text of `value` to `bytes`; `null` if the value's own `encode(to:)` throws.
    public func line<T: Encodable>(_ value: T, appendingTo bytes: inout [UInt8]) {
        do { try encode(value, appendingTo: &bytes) } catch { bytes.append(contentsOf: "null".utf8) }
    }

    /// `text` as a JSON string literal, quotes included.
    public static func quoted(_ text: String) -> String {
        var out: [UInt8] = []
        JSONNode.appendQuoted(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// A number as JSON: Swift's shortest round-trip text, `null` when not finite.
    @inlinable
    public static func number(_ value: Double) -> String { value.isFinite ? "\(value)" : "null" }
}

extension KeyedEncodingContainer {
    /// `value`, or `null` for nil (where `encodeIfPresent` would leave the key out): the rows whose
    /// tables list a key always write it.
    public mutating func encodeOrNull<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
}

/// UTF-8 bytes as a `TextOutputStream`: a number's digits are appended as the standard library
/// formats them (its ASCII fast path), with no `String` in between.
struct JSONBytes: TextOutputStream {
    var bytes: [UInt8]

    mutating func write(_ string: String) { bytes.append(contentsOf: string.utf8) }
    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: buffer) }
}

/// A value being encoded: a scalar's text, or an object or array whose members are written as
/// text as they come; only a nested container is a node of its own (a row of scalars is one
/// buffer, not a node per field).
final class JSONNode {
    enum Kind { case unset, scalar, object, array }
    var kind = Kind.unset
    /// Members written so far (for the commas).
    var count = 0
    /// Text written before each nested container, and the container.
    var nested: [(text: [UInt8], node: JSONNode)] = []
    /// Text written since the last nested container (an object's or array's opening bracket
    /// first; for the root, what the caller's buffer held before the row). A scalar's text.
    var current: [UInt8]

    init(text: [UInt8] = []) { current = text }

    /// Appends to `current` through a local (one exclusive access to the property, not one per
    /// byte appended).
    @inline(__always)
    func withCurrent(_ body: (inout [UInt8]) -> Void) {
        var text = current
        current = []
        body(&text)
        current = text
    }

    /// Starts the next member of an object: `,"key":`.
    func beginMember(_ key: String) {
        withCurrent { text in
            if count > 0 { text.append(UInt8(ascii: ",")) }
            JSONNode.appendQuoted(key, to: &text)
            text.append(UInt8(ascii: ":"))
        }
        count += 1
    }

    /// Writes the next member of an object whose value `write` appends.
    @inline(__always)
    func appendMember(_ key: String, value write: (inout [UInt8]) -> Void) {
        withCurrent { text in
            if count > 0 { text.append(UInt8(ascii: ",")) }
            JSONNode.appendQuoted(key, to: &text)
            text.append(UInt8(ascii: ":"))
            write(&text)
        }
        count += 1
    }

    /// Starts the next element of an array, whose value `write` appends.
    @inline(__always)
    func appendElement(value write: (inout [UInt8]) -> Void) {
        withCurrent { text in
            if count > 0 { text.append(UInt8(ascii: ",")) }
            write(&text)
        }
        count += 1
    }

    /// Starts the next element of an array.
    func beginElement() { appendElement { _ in } }

    /// Makes this node a scalar whose text `write` appends (a single value is encoded once).
    func setScalar(_ write: (inout [UInt8]) -> Void) {
        kind = .scalar
        withCurrent(write)
    }

    /// A nested container (or a value encoded through its own `encode(to:)`) at this point.
    func child() -> JSONNode {
        let node = JSONNode()
        nested.append((current, node))
        current = []
        return node
    }

    /// The whole text: what came before, this node's, and its closing bracket. A node without
    /// nested containers hands over its own buffer (no copy).
    func assembled() -> [UInt8] {
        if nested.isEmpty {
            var text = current
            current = []
            JSONNode.close(kind, &text)
            return text
        }
        var text: [UInt8] = []
        write(to: &text)
        return text
    }

    static func close(_ kind: Kind, _ text: inout [UInt8]) {
        switch kind {
        case .object: text.append(UInt8(ascii: "}"))
        case .array: text.append(UInt8(ascii: "]"))
        case .unset: text.append(contentsOf: "null".utf8)
        case .scalar: break
        }
    }

    func write(to text: inout [UInt8]) {
        for (before, node) in nested {
            text.append(contentsOf: before)
            node.write(to: &text)
        }
        text.append(contentsOf: current)
        JSONNode.close(kind, &text)
    }

    static func appendQuoted(_ string: String, to text: inout [UInt8]) {
        text.append(UInt8(ascii: "\""))
        // Most strings (every key) need no escape: copied whole, after one scan of their bytes.
        let copied = string.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            for byte in bytes where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                return false
            }
            text.append(contentsOf: bytes)
            return true
        }
        if copied == true {
            text.append(UInt8(ascii: "\""))
            return
        }
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): text.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): text.append(contentsOf: #"\\"#.utf8)
            case UInt8(ascii: "\n"): text.append(contentsOf: #"\n"#.utf8)
            case UInt8(ascii: "\r"): text.append(contentsOf: #"\r"#.utf8)
            case UInt8(ascii: "\t"): text.append(contentsOf: #"\t"#.utf8)
            case 0x08: text.append(contentsOf: #"\b"#.utf8)
            case 0x0C: text.append(contentsOf: #"\f"#.utf8)
            case ..<0x20:
                let low = byte & 0xF
                text.append(contentsOf: #"\u00"#.utf8)
                text.append(UInt8(ascii: "0") + (byte >> 4))
                text.append(low < 10 ? UInt8(ascii: "0") + low : UInt8(ascii: "a") + low - 10)
            default: text.append(byte)  // UTF-8 of other characters, byte for byte
            }
        }
        text.append(UInt8(ascii: "\""))
    }

    static func append(_ value: Bool, to text: inout [UInt8]) {
        text.append(contentsOf: (value ? "true" : "false").utf8)
    }

    /// A `Double` or `Float` as Swift prints it; `null` when not finite.
    static func append<Number: BinaryFloatingPoint & TextOutputStreamable>(_ value: Number, to text: inout [UInt8]) {
        guard value.isFinite else { return text.append(contentsOf: "null".utf8) }
        var stream = JSONBytes(bytes: text)
        text = []
        value.write(to: &stream)
        text = stream.bytes
    }

    /// An integer's decimal digits (a minus sign first when negative).
    static func append(_ value: Int64, to text: inout [UInt8]) {
        appendDigits(value.magnitude, negative: value < 0, to: &text)
    }

    static func append(_ value: UInt64, to text: inout [UInt8]) {
        appendDigits(value, negative: false, to: &text)
    }

    /// `magnitude`'s decimal digits, after a minus sign when `negative`.
    static func appendDigits(_ magnitude: UInt64, negative: Bool, to text: inout [UInt8]) {
        if negative { text.append(UInt8(ascii: "-")) }
        if magnitude < 10 { return text.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude)) }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // room for 20 digits
        var rest = magnitude
        let count = withUnsafeMutableBytes(of: &digits) { buffer -> Int in
            var index = buffer.count
            while rest != 0 {
                index -= 1
                buffer[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            }
            return buffer.count - index
        }
        withUnsafeBytes(of: &digits) { text.append(contentsOf: $0.suffix(count)) }
    }
}

/// The encoder of one node. Its `codingPath` stays empty: the path would only name where an
/// error is, and writing JSON text never fails (building it per nested value cost an array each).
private struct JSONNodeEncoder: Encoder {
    let node: JSONNode
    var codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if node.kind != .object {
            node.kind = .object
            node.withCurrent { $0.append(UInt8(ascii: "{")) }
        }
        return KeyedEncodingContainer(KeyedContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if node.kind != .array {
            node.kind = .array
            node.withCurrent { $0.append(UInt8(ascii: "[")) }
        }
        return UnkeyedContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleContainer(node: node, codingPath: codingPath) }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: JSONNode
    var codingPath: [any CodingKey]

    private func integer(_ key: Key, _ value: Int64) {
        node.appendMember(key.stringValue) { JSONNode.append(value, to: &$0) }
    }

    private func integer(_ key: Key, _ value: UInt64) {
        node.appendMember(key.stringValue) { JSONNode.append(value, to: &$0) }
    }

    mutating func encodeNil(forKey key: Key) throws { node.appendMember(key.stringValue) { $0.append(contentsOf: "null".utf8) } }
    mutating func encode(_ value: Bool, forKey key: Key) throws { node.appendMember(key.stringValue) { JSONNode.append(value, to: &$0) } }
    mutating func encode(_ value: String, forKey key: Key) throws { node.appendMember(key.stringValue) { JSONNode.appendQuoted(value, to: &$0) } }
    mutating func encode(_ value: Double, forKey key: Key) throws { node.appendMember(key.stringValue) { JSONNode.append(value, to: &$0) } }
    mutating func encode(_ value: Float, forKey key: Key) throws { node.appendMember(key.stringValue) { JSONNode.append(value, to: &$0) } }
    mutating func encode(_ value: Int, forKey key: Key) throws { integer(key, Int64(value)) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { integer(key, Int64(value)) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { integer(key, Int64(value)) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { integer(key, Int64(value)) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { integer(key, value) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { integer(key, UInt64(value)) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { integer(key, UInt64(value)) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { integer(key, UInt64(value)) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { integer(key, UInt64(value)) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { integer(key, value) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        node.beginMember(key.stringValue)
        try value.encode(to: JSONNodeEncoder(node: node.child(), codingPath: codingPath))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        node.beginMember(key.stringValue)
        return JSONNodeEncoder(node: node.child(), codingPath: codingPath).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        node.beginMember(key.stringValue)
        return JSONNodeEncoder(node: node.child(), codingPath: codingPath).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        node.beginMember("super")
        return JSONNodeEncoder(node: node.child(), codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        node.beginMember(key.stringValue)
        return JSONNodeEncoder(node: node.child(), codingPath: codingPath)
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let node: JSONNode
    var codingPath: [any CodingKey]
    var count: Int { node.count }

    mutating func encodeNil() throws { node.appendElement { $0.append(contentsOf: "null".utf8) } }
    mutating func encode(_ value: Bool) throws { node.appendElement { JSONNode.append(value, to: &$0) } }
    mutating func encode(_ value: String) throws { node.appendElement { JSONNode.appendQuoted(value, to: &$0) } }
    mutating func encode(_ value: Double) throws { node.appendElement { JSONNode.append(value, to: &$0) } }
    mutating func encode(_ value: Float) throws { node.appendElement { JSONNode.append(value, to: &$0) } }
    mutating func encode(_ value: Int) throws { node.appendElement { JSONNode.append(Int64(value), to: &$0) } }
    mutating func encode(_ value: UInt32) throws { node.appendElement { JSONNode.append(UInt64(value), to: &$0) } }

    mutating func encode<T: Encodable>(_ value: T) throws {
        node.beginElement()
        try value.encode(to: JSONNodeEncoder(node: node.child(), codingPath: codingPath))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        node.beginElement()
        return JSONNodeEncoder(node: node.child(), codingPath: codingPath).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        node.beginElement()
        return JSONNodeEncoder(node: node.child(), codingPath: codingPath).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        node.beginElement()
        return JSONNodeEncoder(node: node.child(), codingPath: codingPath)
    }
}

private struct SingleContainer: SingleValueEncodingContainer {
    let node: JSONNode
    var codingPath: [any CodingKey]

    private func integer(_ value: Int64) { node.setScalar { JSONNode.append(value, to: &$0) } }
    private func integer(_ value: UInt64) { node.setScalar { JSONNode.append(value, to: &$0) } }

    mutating func encodeNil() throws { node.setScalar { $0.append(contentsOf: "null".utf8) } }
    mutating func encode(_ value: Bool) throws { node.setScalar { JSONNode.append(value, to: &$0) } }
    mutating func encode(_ value: String) throws { node.setScalar { JSONNode.appendQuoted(value, to: &$0) } }
    mutating func encode(_ value: Double) throws { node.setScalar { JSONNode.append(value, to: &$0) } }
    mutating func encode(_ value: Float) throws { node.setScalar { JSONNode.append(value, to: &$0) } }
    mutating func encode(_ value: Int) throws { integer(Int64(value)) }
    mutating func encode(_ value: Int8) throws { integer(Int64(value)) }
    mutating func encode(_ value: Int16) throws { integer(Int64(value)) }
    mutating func encode(_ value: Int32) throws { integer(Int64(value)) }
    mutating func encode(_ value: Int64) throws { integer(value) }
    mutating func encode(_ value: UInt) throws { integer(UInt64(value)) }
    mutating func encode(_ value: UInt8) throws { integer(UInt64(value)) }
    mutating func encode(_ value: UInt16) throws { integer(UInt64(value)) }
    mutating func encode(_ value: UInt32) throws { integer(UInt64(value)) }
    mutating func encode(_ value: UInt64) throws { integer(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { try value.encode(to: JSONNodeEncoder(node: node, codingPath: codingPath)) }
}
