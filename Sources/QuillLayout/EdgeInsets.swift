/// Distances inward from the four edges of a rectangle, in points, each at least 0.
///
/// Used for safe-area insets: the part of the window that the status bar, a sensor housing, rounded
/// corners or the Home indicator may cover.
public struct EdgeInsets: Hashable, Sendable, CustomStringConvertible {
    /// Inset from the top edge, in points.
    public var top: Double
    /// Inset from the left edge, in points.
    public var left: Double
    /// Inset from the bottom edge, in points.
    public var bottom: Double
    /// Inset from the right edge, in points.
    public var right: Double

    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// No inset on any edge.
    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)

    public var description: String { "(top \(top), left \(left), bottom \(bottom), right \(right))" }
}

extension Rect {
    /// This rectangle shrunk by `insets` on each edge; a side never goes below 0.
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(
            x: x + insets.left,
            y: y + insets.top,
            width: max(0, width - insets.left - insets.right),
            height: max(0, height - insets.top - insets.bottom)
        )
    }
}
