/// A node of a YAML document as libyaml's parser reads it: a scalar's text, a sequence or a
/// mapping, and where it starts in the text. Tags are not resolved (a scalar is its text: `1`,
/// `0x10`, `yes` are strings until the reader decides), and anchors and aliases are refused —
/// `libinput record` writes neither, and an alias is how a small file becomes a huge tree.
public struct YAMLNode: Sendable {
    /// What the node holds.
    public enum Content: Sendable {
        case scalar(String)
        case sequence([YAMLNode])
        /// Key–value pairs in the order of the text (a key written twice is kept twice).
        case mapping([(key: YAMLNode, value: YAMLNode)])
    }

    public let content: Content
    /// 1-based line of the node's first character, in the text given to ``YAML/compose(_:)``.
    public let line: Int
    /// 1-based column of that character.
    public let column: Int

    public init(content: Content, line: Int, column: Int) {
        self.content = content
        self.line = line
        self.column = column
    }

    /// The scalar's text, nil for a sequence or mapping.
    public var scalar: String? {
        if case .scalar(let text) = content { return text }
        return nil
    }

    /// The sequence's items, nil for a scalar or mapping.
    public var sequence: [YAMLNode]? {
        if case .sequence(let items) = content { return items }
        return nil
    }

    /// The mapping's pairs, nil for a scalar or sequence.
    public var mapping: [(key: YAMLNode, value: YAMLNode)]? {
        if case .mapping(let pairs) = content { return pairs }
        return nil
    }

    /// The value of the first pair whose key is the scalar `key`; nil when there is none or the
    /// node is not a mapping.
    public subscript(key: String) -> YAMLNode? {
        mapping?.first { $0.key.scalar == key }?.value
    }
}

/// A text that is not well-formed YAML (libyaml's own words), or a document this reader refuses.
public struct YAMLError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What libyaml found ("did not find expected ',' or ']'").
    public let problem: String
    /// What it was reading ("while parsing a flow sequence"), when it says.
    public let context: String?
    /// 1-based line and column of the problem in the text.
    public let line: Int
    public let column: Int

    public init(problem: String, context: String?, line: Int, column: Int) {
        self.problem = problem
        self.context = context
        self.line = line
        self.column = column
    }

    public var description: String {
        "\(context.map { "\($0): " } ?? "")\(problem) at line \(line), column \(column)"
    }
}
