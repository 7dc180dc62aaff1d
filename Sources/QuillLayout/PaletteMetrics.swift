/// The sizes of the tool palette: how big its controls are and how they are spaced.
///
/// Every field is in points except `controlCount`. Start from `standard`; a changed value is
/// checked by `validated()`, which names the field it rejects.
public struct PaletteMetrics: Hashable, Sendable {
    /// Side of each square control, in points. At least 44 (the minimum hit target for touch in
    /// the reference). Starting value 44.
    public var controlSide: Double
    /// Gap between neighbouring controls, in points, 0 or more. Starting value 8 (the reference's
    /// default margin for views other than the root).
    public var controlSpacing: Double
    /// Space between the palette's edge and its controls, in points, 0 or more. Starting value 8.
    public var padding: Double
    /// Number of controls, 1…32. Starting value 8 (pen, pencil, marker, eraser, lasso, colour,
    /// undo, redo).
    public var controlCount: Int
    /// Side of the square at each window corner that a floating palette stays out of, in points
    /// (reference rule 2: no controls in the far corners). At least 44. Starting value 88: two
    /// hit targets, more than every corner radius in the catalog (53.33 pt at most).
    public var farCornerSide: Double

    public init(controlSide: Double, controlSpacing: Double, padding: Double, controlCount: Int, farCornerSide: Double) {
        self.controlSide = controlSide
        self.controlSpacing = controlSpacing
        self.padding = padding
        self.controlCount = controlCount
        self.farCornerSide = farCornerSide
    }

    /// The minimum hit target for touch, in points: 44 × 44 (reference).
    public static let minimumHitTarget: Double = 44

    /// 44 pt controls, 8 pt apart, 8 pt padding, 8 controls, 88 pt corner squares.
    public static let standard = PaletteMetrics(
        controlSide: 44, controlSpacing: 8, padding: 8, controlCount: 8, farCornerSide: 88
    )

    /// These metrics, or an error naming the first field out of range.
    public func validated() throws -> PaletteMetrics {
        guard controlSide.isFinite, controlSide >= Self.minimumHitTarget else {
            throw LayoutError.outOfRange("controlSide", controlSide, allowed: "44 or more (minimum hit target)")
        }
        guard controlSpacing.isFinite, controlSpacing >= 0 else {
            throw LayoutError.outOfRange("controlSpacing", controlSpacing, allowed: "0 or more")
        }
        guard padding.isFinite, padding >= 0 else {
            throw LayoutError.outOfRange("padding", padding, allowed: "0 or more")
        }
        guard (1...32).contains(controlCount) else {
            throw LayoutError.outOfRange("controlCount", Double(controlCount), allowed: "1…32")
        }
        guard farCornerSide.isFinite, farCornerSide >= Self.minimumHitTarget else {
            throw LayoutError.outOfRange("farCornerSide", farCornerSide, allowed: "44 or more")
        }
        return self
    }
}
