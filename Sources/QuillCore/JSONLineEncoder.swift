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
        try value.encode(to: JSONNodeEncoder(node: root, codingPath: []))
        var text = ""
        text.reserveCapacity(256)
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

/// A value being encoded: a scalar's text, or an object or array of nodes.
final class JSONNode {
    var scalar: String?
    var keys: [String]?
    var isArray = false
    var children: [JSONNode] = []

    init(scalar: String? = nil) { self.scalar = scalar }

    func write(to text: inout String) {
        if let scalar {
            text += scalar
        } else if let keys {
            text += "{"
            for (index, (key, child)) in zip(keys, children).enumerated() {
                if index > 0 { text += "," }
                JSONNode.appendQuoted(key, to: &text)
                text += ":"
                child.write(to: &text)
            }
            text += "}"
        } else if isArray {
            text += "["
            for (index, child) in children.enumerated() {
                if index > 0 { text += "," }
                child.write(to: &text)
            }
            text += "]"
        } else {
            text += "null"
        }
    }

    static func appendQuoted(_ string: String, to text: inout String) {
        text += "\""
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
    static func text(_ value: Double) -> String { JSONLineEncoder.number(value) }
    static func text(_ value: Float) -> String { value.isFinite ? "\(value)" : "null" }
    static func text(_ value: String) -> String {
        var out = ""
        appendQuoted(value, to: &out)
        return out
    }
}

private struct JSONNodeEncoder: Encoder {
    let node: JSONNode
    var codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if node.keys == nil { node.keys = [] }
        return KeyedEncodingContainer(KeyedContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.isArray = true
        return UnkeyedContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleContainer(node: node, codingPath: codingPath) }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: JSONNode
    var codingPath: [any CodingKey]

    private func add(_ key: Key, _ child: JSONNode) {
        node.keys?.append(key.stringValue)
        node.children.append(child)
    }

    mutating func encodeNil(forKey key: Key) throws { add(key, JSONNode(scalar: "null")) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { add(key, JSONNode(scalar: JSONNode.text(value))) }
    mutating func encode(_ value: String, forKey key: Key) throws { add(key, JSONNode(scalar: JSONNode.text(value))) }
    mutating func encode(_ value: Double, forKey key: Key) throws { add(key, JSONNode(scalar: JSONNode.text(value))) }
    mutating func encode(_ value: Float, forKey key: Key) throws { add(key, JSONNode(scalar: JSONNode.text(value))) }
    mutating func encode(_ value: Int, forKey key: Key) throws { add(key, JSONNode(scalar: "\(value)")) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { add(key, JSONNode(scalar: "\(value)")) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { add(key, JSONNode(scalar: "\(value)")) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { add(key, JSONNode(scalar: "\(value)")) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { add(key, JSONNode(scalar: "\(value)")) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { add(key, JSONNode(scalar: "\(value)")) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { add(key, JSONNode(scalar: "\(value)")) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { add(key, JSONNode(scalar: "\(value)")) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { add(key, JSONNode(scalar: "\(value)")) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { add(key, JSONNode(scalar: "\(value)")) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        let child = JSONNode()
        try value.encode(to: JSONNodeEncoder(node: child, codingPath: codingPath + [key]))
        add(key, child)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let child = JSONNode()
        add(key, child)
        return JSONNodeEncoder(node: child, codingPath: codingPath + [key]).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = JSONNode()
        add(key, child)
        return JSONNodeEncoder(node: child, codingPath: codingPath + [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let child = JSONNode()
        node.keys?.append("super")
        node.children.append(child)
        return JSONNodeEncoder(node: child, codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let child = JSONNode()
        add(key, child)
        return JSONNodeEncoder(node: child, codingPath: codingPath + [key])
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let node: JSONNode
    var codingPath: [any CodingKey]
    var count: Int { node.children.count }

    private func add(_ child: JSONNode) { node.children.append(child) }

    mutating func encodeNil() throws { add(JSONNode(scalar: "null")) }
    mutating func encode(_ value: Bool) throws { add(JSONNode(scalar: JSONNode.text(value))) }
    mutating func encode(_ value: String) throws { add(JSONNode(scalar: JSONNode.text(value))) }
    mutating func encode(_ value: Double) throws { add(JSONNode(scalar: JSONNode.text(value))) }
    mutating func encode(_ value: Float) throws { add(JSONNode(scalar: JSONNode.text(value))) }
    mutating func encode(_ value: Int) throws { add(JSONNode(scalar: "\(value)")) }
    mutating func encode(_ value: UInt32) throws { add(JSONNode(scalar: "\(value)")) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let child = JSONNode()
        try value.encode(to: JSONNodeEncoder(node: child, codingPath: codingPath))
        add(child)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let child = JSONNode()
        add(child)
        return JSONNodeEncoder(node: child, codingPath: codingPath).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = JSONNode()
        add(child)
        return JSONNodeEncoder(node: child, codingPath: codingPath).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let child = JSONNode()
        add(child)
        return JSONNodeEncoder(node: child, codingPath: codingPath)
    }
}

private struct SingleContainer: SingleValueEncodingContainer {
    let node: JSONNode
    var codingPath: [any CodingKey]

    mutating func encodeNil() throws { node.scalar = "null" }
    mutating func encode(_ value: Bool) throws { node.scalar = JSONNode.text(value) }
    mutating func encode(_ value: String) throws { node.scalar = JSONNode.text(value) }
    mutating func encode(_ value: Double) throws { node.scalar = JSONNode.text(value) }
    mutating func encode(_ value: Float) throws { node.scalar = JSONNode.text(value) }
    mutating func encode(_ value: Int) throws { node.scalar = "\(value)" }
    mutating func encode(_ value: Int8) throws { node.scalar = "\(value)" }
    mutating func encode(_ value: Int16) throws { node.scalar = "\(value)" }
    mutating func encode(_ value: Int32) throws { node.scalar = "\(value)" }
    mutating func encode(_ value: Int64) throws { node.scalar = "\(value)" }
    mutating func encode(_ value: UInt) throws { node.scalar = "\(value)" }
    mutating func encode(_ value: UInt8) throws { node.scalar = "\(value)" }
    mutating func encode(_ value: UInt16) throws { node.scalar = "\(value)" }
    mutating func encode(_ value: UInt32) throws { node.scalar = "\(value)" }
    mutating func encode(_ value: UInt64) throws { node.scalar = "\(value)" }
    mutating func encode<T: Encodable>(_ value: T) throws { try value.encode(to: JSONNodeEncoder(node: node, codingPath: codingPath)) }
}
