/// A position in a plane, `x` to the right and `y` downwards.
///
/// In a `Layout` the unit is points (UIKit's unit: 1/`scale` of a pixel) and the origin is the
/// window's top-left corner.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// Horizontal coordinate, growing to the right.
    public var x: Double
    /// Vertical coordinate, growing downwards.
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public var description: String { "(\(x), \(y))" }
}
