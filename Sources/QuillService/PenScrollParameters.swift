import QuillCore

/// Scrolling with a barrel button held (`PenButtonAction.scroll`).
public struct PenScrollParameters: Hashable, Sendable {
    /// The pen's travel for one wheel click (120 high-resolution units), millimetres, 0.5 … 50.
    /// Default 4 mm: a 10 cm sweep scrolls 25 clicks, about as a mouse wheel turned once round.
    public let millimetresPerClick: Double

    /// Throws ``ParameterError`` outside 0.5 … 50 mm.
    public init(millimetresPerClick: Double = 4) throws {
        guard millimetresPerClick.isFinite, (0.5...50).contains(millimetresPerClick) else {
            throw ParameterError(field: "PenScrollParameters.millimetresPerClick", value: "\(millimetresPerClick)", expected: "millimetres, 0.5 … 50")
        }
        self.millimetresPerClick = millimetresPerClick
    }

    public static let defaults = PenScrollParameters(checked: 4)

    private init(checked: Double) { millimetresPerClick = checked }
}
