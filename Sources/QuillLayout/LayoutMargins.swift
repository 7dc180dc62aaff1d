/// Left and right layout margins of the root view, in points, measured inward from the safe area's
/// left and right edges (UIKit's `insetsLayoutMarginsFromSafeArea`).
///
/// 20 pt each in a regular-width environment, 16 pt in a compact one (reference; views other than
/// the root use 8 pt).
public struct LayoutMargins: Hashable, Sendable, CustomStringConvertible {
    /// Margin on the left, in points.
    public var left: Double
    /// Margin on the right, in points.
    public var right: Double

    public init(left: Double, right: Double) {
        self.left = left
        self.right = right
    }

    /// Root-view side margin in a regular-width environment: 20 pt.
    public static let regularWidthSide: Double = 20
    /// Root-view side margin in a compact-width environment: 16 pt.
    public static let compactWidthSide: Double = 16
    /// Default side margin of views other than the root: 8 pt.
    public static let otherViewsSide: Double = 8

    /// The root-view margins for a width size class.
    public init(horizontalSizeClass: SizeClass) {
        let side = horizontalSizeClass == .regular ? Self.regularWidthSide : Self.compactWidthSide
        self.init(left: side, right: side)
    }

    public var description: String { "(left \(left), right \(right))" }
}
