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
public struct JSONLineEncoder: Sendable {
    public init() {}

    /// The JSON text of `value`, without a newline.
    public func encode<T: Encodable>(_ value: T) throws -> String {
        let root = JSONNode()
        root.current.reserveCapacity(384)
        try value.encode(to: JSONNodeEncoder(node: root, codingPath: []))
        // A row without nested containers is its own text: no copy.
        if root.nested.isEmpty, root.kind == .object || root.kind == .array {
            root.current += root.kind == .object ? "}" : "]"
            return root.current
        }
        var text = ""
        text.reserveCapacity(root.current.utf8.count + 64)
        root.write(to: &text)
        return text
    }

    /// The JSON text of `value`; `null` if the value's own `encode(to:)` throws (Quill's records
    /// never do: this encoder itself never fails).
    public func line<T: Encodable>(_ value: T) -> String { (try? encode(value)) ?? "null" }

    /// `text` as a JSON string literal, quotes included.
    public static func quoted(_ text: String) -> String {
        var out = ""
        JSONNode.appendQuoted(text, to: &out)
        return out
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

/// A value being encoded: a scalar's text, or an object or array whose members are written as
/// text as they come; only a nested container is a node of its own (a row of scalars is one
/// string, not a node per field).
final class JSONNode {
    enum Kind { case unset, scalar, object, array }
    var kind = Kind.unset
    var scalar = ""
    /// Members written so far (for the commas).
    var count = 0
    /// Text written before each nested container, and the container.
    var nested: [(text: String, node: JSONNode)] = []
    /// Text written since the last nested container (an object's or array's opening bracket first).
    var current = ""

    init() {}
    init(scalar: String) {
        kind = .scalar
        self.scalar = scalar
    }

    /// Starts the next member of an object: `,"key":`.
    func beginMember(_ key: String) {
        if count > 0 { current += "," }
        count += 1
        JSONNode.appendQuoted(key, to: &current)
        current += ":"
    }

    /// Writes the next member of an object whose value is `value`'s JSON text (one access to
    /// the buffer: it is taken out, appended to as a local, and put back).
    func appendMember(_ key: String, _ value: String) {
        appendMember(key) { $0 += value }
    }

    /// Writes the next member of an object whose value is the number `value`.
    func appendMember(_ key: String, _ value: Double) {
        appendMember(key) { text in
            if value.isFinite { value.write(to: &text) } else { text += "null" }
        }
    }

    @inline(__always)
    private func appendMember(_ key: String, value write: (inout String) -> Void) {
        var text = current
        current = ""
        if count > 0 { text += "," }
        count += 1
        JSONNode.appendQuoted(key, to: &text)
        text += ":"
        write(&text)
        current = text
    }

    /// Starts the next element of an array.
    func beginElement() {
        if count > 0 { current += "," }
        count += 1
    }

    /// A nested container (or a value encoded through its own `encode(to:)`) at this point.
    func child() -> JSONNode {
        let node = JSONNode()
        nested.append((current, node))
        current = ""
        return node
    }

    func write(to text: inout String) {
        switch kind {
        case .scalar: text += scalar
        case .unset: text += "null"
        case .object, .array:
            for (before, node) in nested {
                text += before
                node.write(to: &text)
            }
            text += current
            text += kind == .object ? "}" : "]"
        }
    }

    static func appendQuoted(_ string: String, to text: inout String) {
        text += "\""
        // Most strings need no escape: copied whole.
        if !string.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            text += string
            text += "\""
            return
        }
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\u{08}": text += "\\b"
            case "\u{0C}": text += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }

    static func text(_ value: Bool) -> String { value ? "true" : "false" }
    static func text(_ value: String) -> String {
        var out = ""
        appendQuoted(value, to: &out)
        return out
    }
    static func text(_ value: Double) -> String { JSONLineEncoder.number(value) }
    static func text(_ value: Float) -> String { value.isFinite ? "\(value)" : "null" }
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
            node.current += "{"
        }
        return KeyedEncodingContainer(KeyedContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if node.kind != .array {
            node.kind = .array
            node.current += "["
        }
        return UnkeyedContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleContainer(node: node, codingPath: codingPath) }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: JSONNode
    var codingPath: [any CodingKey]

    private func add(_ key: Key, _ text: String) {
        node.appendMember(key.stringValue, text)
    }

    mutating func encodeNil(forKey key: Key) throws { add(key, "null") }
    mutating func encode(_ value: Bool, forKey key: Key) throws { add(key, JSONNode.text(value)) }
    mutating func encode(_ value: String, forKey key: Key) throws {
        node.beginMember(key.stringValue)
        JSONNode.appendQuoted(value, to: &node.current)
    }
    mutating func encode(_ value: Double, forKey key: Key) throws { node.appendMember(key.stringValue, value) }
    mutating func encode(_ value: Float, forKey key: Key) throws { add(key, JSONNode.text(value)) }
    mutating func encode(_ value: Int, forKey key: Key) throws { add(key, "\(value)") }
    mutating func encode(_ value: Int8, forKey key: Key) throws { add(key, "\(value)") }
    mutating func encode(_ value: Int16, forKey key: Key) throws { add(key, "\(value)") }
    mutating func encode(_ value: Int32, forKey key: Key) throws { add(key, "\(value)") }
    mutating func encode(_ value: Int64, forKey key: Key) throws { add(key, "\(value)") }
    mutating func encode(_ value: UInt, forKey key: Key) throws { add(key, "\(value)") }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { add(key, "\(value)") }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { add(key, "\(value)") }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { add(key, "\(value)") }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { add(key, "\(value)") }

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

    private func add(_ text: String) {
        node.beginElement()
        node.current += text
    }

    mutating func encodeNil() throws { add("null") }
    mutating func encode(_ value: Bool) throws { add(JSONNode.text(value)) }
    mutating func encode(_ value: String) throws {
        node.beginElement()
        JSONNode.appendQuoted(value, to: &node.current)
    }
    mutating func encode(_ value: Double) throws { add(JSONNode.text(value)) }
    mutating func encode(_ value: Float) throws { add(JSONNode.text(value)) }
    mutating func encode(_ value: Int) throws { add("\(value)") }
    mutating func encode(_ value: UInt32) throws { add("\(value)") }

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

    private func set(_ text: String) {
        node.kind = .scalar
        node.scalar = text
    }

    mutating func encodeNil() throws { set("null") }
    mutating func encode(_ value: Bool) throws { set(JSONNode.text(value)) }
    mutating func encode(_ value: String) throws { set(JSONNode.text(value)) }
    mutating func encode(_ value: Double) throws { set(JSONNode.text(value)) }
    mutating func encode(_ value: Float) throws { set(JSONNode.text(value)) }
    mutating func encode(_ value: Int) throws { set("\(value)") }
    mutating func encode(_ value: Int8) throws { set("\(value)") }
    mutating func encode(_ value: Int16) throws { set("\(value)") }
    mutating func encode(_ value: Int32) throws { set("\(value)") }
    mutating func encode(_ value: Int64) throws { set("\(value)") }
    mutating func encode(_ value: UInt) throws { set("\(value)") }
    mutating func encode(_ value: UInt8) throws { set("\(value)") }
    mutating func encode(_ value: UInt16) throws { set("\(value)") }
    mutating func encode(_ value: UInt32) throws { set("\(value)") }
    mutating func encode(_ value: UInt64) throws { set("\(value)") }
    mutating func encode<T: Encodable>(_ value: T) throws { try value.encode(to: JSONNodeEncoder(node: node, codingPath: codingPath)) }
}
