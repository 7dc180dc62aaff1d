/// A position or a displacement in a plane, `x` to the right and `y` downwards: the one point and
/// vector type of Quill (samples, the stroke engine, the tablet mapping, layouts, the canvas).
///
/// The unit is the space's, and every use says which:
/// * points (1/163 inch on iPad; UIKit's unit, 1/`scale` of a pixel) on a canvas, in a layout's
///   window or a canvas window — spelt ``CanvasPoint`` where a sample or mapping gives one;
/// * millimetres from the tablet's active area's top-left corner — spelt ``TabletPoint``.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// Horizontal coordinate, growing to the right.
    public var x: Double
    /// Vertical coordinate, growing downwards.
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// (0, 0).
    public static let zero = Point(x: 0, y: 0)

    public var description: String { "(\(x), \(y))" }
}

/// A point on the canvas, in points (1/163 inch on iPad), y growing downward: a ``Point`` whose
/// unit is points (``PenSample/location``, ``TabletMapping/canvasPoint(for:)``).
public typealias CanvasPoint = Point

/// A point on the tablet, in millimetres from the active area's top-left corner, y growing
/// downward: a ``Point`` whose unit is millimetres (``PenSample/tabletLocation``,
/// ``TabletMapping/tabletPoint(for:)``).
public typealias TabletPoint = Point
