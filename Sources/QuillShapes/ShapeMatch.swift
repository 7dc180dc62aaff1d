/// A shape fitted to a stroke and how well it fits.
public struct ShapeMatch: Hashable, Sendable {
    public var shape: Shape
    /// The fit error as a fraction of the stroke's size (its bounding box's diagonal): the larger
    /// of the RMS distance from the stroke to the shape and from the shape to the stroke.
    public var error: Double
    /// How well it fits, 0 … 1: 1 − error / ``ShapeParameters/maximumError`` (1 is a perfect
    /// drawing; a recognized shape scores above 0).
    public var score: Double

    public init(shape: Shape, error: Double, score: Double) {
        self.shape = shape
        self.error = error
        self.score = score
    }
}
