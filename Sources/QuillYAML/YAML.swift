import CYAML

/// YAML through the system's libyaml (its event parser): the one C library under QuillInput's
/// recording readers, fenced here. The tree is built with an explicit stack, not by recursion; a
/// tree is still freed recursively, so a caller bounds the nesting of untrusted text first (the
/// `libinput record` reader refuses more than 256 levels).
public enum YAML {
    /// The single document of `text` as a tree, nil for a text with no document (empty, or only
    /// comments). Throws ``YAMLError`` for malformed YAML, for a second document, for an alias and
    /// for a mapping with a key written twice (which value would count is a guess: YAML forbids it).
    public static func compose(_ text: String) throws -> YAMLNode? {
        var bytes = Array(text.utf8)
        if bytes.isEmpty { bytes = [0x0A] }  // libyaml wants a buffer; a newline is an empty stream
        return try bytes.withUnsafeBufferPointer { buffer -> YAMLNode? in
            var parser = yaml_parser_t()
            guard yaml_parser_initialize(&parser) == 1 else {
                throw YAMLError(problem: "libyaml could not start a parser (out of memory)", context: nil, line: 1, column: 1)
            }
            defer { yaml_parser_delete(&parser) }
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var composer = Composer()
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else { throw error(of: parser) }
                defer { yaml_event_delete(&event) }
                if try composer.take(event) { break }
            }
            return composer.document
        }
    }

    /// libyaml's description of the parser's failure.
    private static func error(of parser: yaml_parser_t) -> YAMLError {
        YAMLError(
            problem: parser.problem.map { String(cString: $0) } ?? "malformed YAML",
            context: parser.context.map { String(cString: $0) },
            line: Int(parser.problem_mark.line) + 1, column: Int(parser.problem_mark.column) + 1)
    }

    /// Builds the tree from libyaml's events.
    private struct Composer {
        enum Frame {
            case sequence([YAMLNode], line: Int, column: Int)
            case mapping([(key: YAMLNode, value: YAMLNode)], key: YAMLNode?, keys: Set<String>, line: Int, column: Int)
        }
        var stack: [Frame] = []
        var document: YAMLNode?
        var documents = 0

        /// Takes one event; true at the end of the stream.
        mutating func take(_ event: yaml_event_t) throws -> Bool {
            let line = Int(event.start_mark.line) + 1, column = Int(event.start_mark.column) + 1
            switch event.type {
            case YAML_STREAM_END_EVENT:
                return true
            case YAML_DOCUMENT_START_EVENT:
                documents += 1
                guard documents == 1 else {
                    throw YAMLError(problem: "expected a single document in the stream", context: "but found another document", line: line, column: column)
                }
            case YAML_ALIAS_EVENT:
                throw YAMLError(problem: "found an alias: anchors and aliases are not accepted here", context: nil, line: line, column: column)
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                let text = scalar.value.map { pointer in
                    String(decoding: UnsafeBufferPointer(start: pointer, count: Int(scalar.length)), as: UTF8.self)
                } ?? ""
                try add(YAMLNode(content: .scalar(text), line: line, column: column))
            case YAML_SEQUENCE_START_EVENT:
                stack.append(.sequence([], line: line, column: column))
            case YAML_MAPPING_START_EVENT:
                stack.append(.mapping([], key: nil, keys: [], line: line, column: column))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard let frame = stack.popLast() else { break }
                switch frame {
                case let .sequence(items, line, column): try add(YAMLNode(content: .sequence(items), line: line, column: column))
                case let .mapping(pairs, _, _, line, column): try add(YAMLNode(content: .mapping(pairs), line: line, column: column))
                }
            default:
                break  // stream and document starts and ends carry nothing
            }
            return false
        }

        /// Puts a finished node into the collection being read, or makes it the document.
        mutating func add(_ node: YAMLNode) throws {
            guard let top = stack.popLast() else {
                document = node
                return
            }
            switch top {
            case .sequence(var items, let line, let column):
                items.append(node)
                stack.append(.sequence(items, line: line, column: column))
            case .mapping(var pairs, let key, var keys, let line, let column):
                if let key {
                    pairs.append((key, node))
                    stack.append(.mapping(pairs, key: nil, keys: keys, line: line, column: column))
                } else {
                    if let text = node.scalar, !keys.insert(text).inserted {
                        throw YAMLError(
                            problem: "found duplicated key '\(text)'", context: "while composing a mapping", line: node.line, column: node.column)
                    }
                    stack.append(.mapping(pairs, key: node, keys: keys, line: line, column: column))
                }
            }
        }
    }
}
