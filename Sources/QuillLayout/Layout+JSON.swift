import QuillCore

extension Layout {
    /// This layout as one JSON object with exactly the keys of `quill layout`, in this order:
    /// `device`, `orientation`, `mode`, `window` {`width`, `height`}, `scale`, `size_class`
    /// {`horizontal`, `vertical`}, `safe_area` {`top`, `left`, `bottom`, `right`},
    /// `layout_margins` {`left`, `right`}, `readable_width`, `canvas` {`x`, `y`, `width`,
    /// `height`}, `palette` {`x`, `y`, `width`, `height`, `docked`}, `obscured` (an object like
    /// `canvas`, or null).
    ///
    /// Lengths are points; whole numbers are written without a fraction (`672`, `95.5`).
    /// `device` is null for a window-only layout. With `pretty`, one key per line, two-space indent.
    public func jsonText(pretty: Bool = false) -> String {
        JSONValue.object([
            ("device", deviceID.map(JSONValue.string) ?? .null),
            ("orientation", .string(orientation.rawValue)),
            ("mode", .string(mode.rawValue)),
            ("window", .object([("width", .number(window.width)), ("height", .number(window.height))])),
            ("scale", .number(scale)),
            ("size_class", .object([
                ("horizontal", .string(sizeClass.horizontal.rawValue)),
                ("vertical", .string(sizeClass.vertical.rawValue)),
            ])),
            ("safe_area", .object([
                ("top", .number(safeArea.top)), ("left", .number(safeArea.left)),
                ("bottom", .number(safeArea.bottom)), ("right", .number(safeArea.right)),
            ])),
            ("layout_margins", .object([("left", .number(layoutMargins.left)), ("right", .number(layoutMargins.right))])),
            ("readable_width", .number(readableWidth)),
            ("canvas", Self.json(canvas)),
            ("palette", .object([
                ("x", .number(palette.frame.x)), ("y", .number(palette.frame.y)),
                ("width", .number(palette.frame.width)), ("height", .number(palette.frame.height)),
                ("docked", .bool(palette.isDocked)),
            ])),
            ("obscured", obscured.map(Self.json) ?? .null),
        ]).text(pretty: pretty, indent: 0)
    }

    private static func json(_ rect: Rect) -> JSONValue {
        .object([
            ("x", .number(rect.x)), ("y", .number(rect.y)),
            ("width", .number(rect.width)), ("height", .number(rect.height)),
        ])
    }
}

/// The few JSON values a layout needs, with keys kept in order.
enum JSONValue {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case object([(String, JSONValue)])

    func text(pretty: Bool, indent: Int) -> String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let value): return Self.number(value)
        case .string(let value): return Self.quoted(value)
        case .object(let members):
            if members.isEmpty { return "{}" }
            let inner = String(repeating: " ", count: indent + 2)
            let outer = String(repeating: " ", count: indent)
            let parts = members.map { key, value in
                Self.quoted(key) + (pretty ? ": " : ":") + value.text(pretty: pretty, indent: indent + 2)
            }
            return pretty
                ? "{\n" + parts.map { inner + $0 }.joined(separator: ",\n") + "\n" + outer + "}"
                : "{" + parts.joined(separator: ",") + "}"
        }
    }

    /// A JSON number: whole values without a fraction, others as Swift's shortest round-trip form.
    /// Non-finite values (which a layout never holds) become null.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))
        }
        return "\(value)"
    }

    /// A JSON string: the one escaper every Quill JSON row uses.
    static func quoted(_ text: String) -> String { JSONLineEncoder.quoted(text) }
}
