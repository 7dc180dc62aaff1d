import QuillCore

/// Which pens a ``PencilPreferences/penPressure`` setting is for: one tablet model (by USB ids)
/// or every tablet, one tool or every tool with pressure.
///
/// Written `TABLET/TOOL`: TABLET is `vvvv:pppp` (the USB vendor and product ids in hex, as
/// `quill devices` shows them) or `*`; TOOL is one of ``tools`` or `*`. `056a:0357/eraser` is the
/// eraser of a Wacom Intuos Pro M, `*/pen` every tablet's pen, `*/*` every pen.
public struct PenPressureScope: Hashable, Sendable, CustomStringConvertible {
    /// The tablet model, or nil for every tablet.
    public var tablet: ModelID?
    /// The tool, or nil for every tool with pressure.
    public var tool: PenTool?

    /// The tools with a pressure axis: a puck or lens cursor has none.
    public static let tools: [PenTool] = [.pen, .eraser, .brush, .pencil, .airbrush]

    /// Throws ``ParameterError`` for a mouse or lens cursor (they have no pressure).
    public init(tablet: ModelID? = nil, tool: PenTool? = nil) throws {
        if let tool, !Self.tools.contains(tool) {
            throw ParameterError(field: "PenPressureScope.tool", value: tool.rawValue, expected: "one of \(Self.tools.map(\.rawValue).joined(separator: ", "))")
        }
        self.tablet = tablet
        self.tool = tool
    }

    /// Parses `TABLET/TOOL` (see the type's description), or nil.
    public init?(text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        var tablet: ModelID?
        if parts[0] != "*" {
            guard let model = ModelID(text: parts[0]) else { return nil }
            tablet = model
        }
        var tool: PenTool?
        if parts[1] != "*" {
            guard let named = PenTool(rawValue: String(parts[1])), Self.tools.contains(named) else { return nil }
            tool = named
        }
        self.tablet = tablet
        self.tool = tool
    }

    /// `TABLET/TOOL`, the ids in lower-case hex.
    public var description: String {
        let model = tablet?.text ?? "*"
        return model + "/" + (tool?.rawValue ?? "*")
    }

    /// What a scope is written as, for messages.
    public static let format = "TABLET/TOOL: TABLET vvvv:pppp (USB ids in hex) or *, TOOL one of \(tools.map(\.rawValue).joined(separator: ", ")) or *"

    /// The scopes that apply to `tool` of the tablet `tablet`, the most particular first.
    static func candidates(tablet: ModelID, tool: PenTool) -> [PenPressureScope] {
        [
            PenPressureScope(checkedTablet: tablet, tool: tool), PenPressureScope(checkedTablet: tablet, tool: nil),
            PenPressureScope(checkedTablet: nil, tool: tool), PenPressureScope(checkedTablet: nil, tool: nil),
        ]
    }

    private init(checkedTablet: ModelID?, tool: PenTool?) {
        tablet = checkedTablet
        self.tool = tool
    }
}

extension PencilPreferences {
    /// The pressure settings for `tool` of the tablet model `tablet`: the most particular of
    /// ``penPressure``'s scopes that applies (this tablet's tool, this tablet, every tablet's tool,
    /// every pen), else ``PenPressure/unchanged``.
    public func pressure(of tablet: ModelID, tool: PenTool) -> PenPressure {
        for scope in PenPressureScope.candidates(tablet: tablet, tool: tool) {
            if let settings = penPressure[scope] { return settings }
        }
        return .unchanged
    }
}
