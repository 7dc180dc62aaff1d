/// The tool in proximity, as Linux tablets report it (`BTN_TOOL_*`).
public enum PenTool: String, CaseIterable, Hashable, Sendable {
    case pen, eraser, brush, pencil, airbrush, mouse, lens

    /// The `BTN_TOOL_*` key that reports this tool in proximity.
    public var keyCode: UInt16 {
        switch self {
        case .pen: return EvdevCode.Key.toolPen
        case .eraser: return EvdevCode.Key.toolRubber
        case .brush: return EvdevCode.Key.toolBrush
        case .pencil: return EvdevCode.Key.toolPencil
        case .airbrush: return EvdevCode.Key.toolAirbrush
        case .mouse: return EvdevCode.Key.toolMouse
        case .lens: return EvdevCode.Key.toolLens
        }
    }

    /// The tool a `BTN_TOOL_*` key reports, or nil for any other key.
    public init?(keyCode: UInt16) {
        guard let tool = PenTool.allCases.first(where: { $0.keyCode == keyCode }) else { return nil }
        self = tool
    }
}
