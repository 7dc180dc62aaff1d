import QuillCore
import RealModule

/// What a stroke was recognized as.
public enum ShapeKind: String, Hashable, Sendable, CaseIterable, Codable {
    /// A straight line: ``Shape/vertices`` holds its two ends.
    case line
    /// An open chain of straight sides: its vertices in drawing order (3 or more).
    case polyline
    /// Three corners in drawing order.
    case triangle
    /// Four right-angled corners in drawing order.
    case rectangle
    /// A rectangle with equal sides.
    case square
    /// Four corners that are not a rectangle.
    case quadrilateral
    /// ``Shape/centre`` and one radius (``Shape/radii`` equal).
    case circle
    /// ``Shape/centre``, ``Shape/radii`` (along and across ``Shape/angle``).
    case ellipse
    /// Part of a circle: ``Shape/centre``, radius, ``Shape/startAngle`` and ``Shape/sweep``.
    case arc
    /// A line with a head: vertices are the tail, the tip and the two barbs' ends.
    case arrow
    /// A five-pointed star drawn in one stroke: its five points in drawing order.
    case star
    /// A heart: ``Shape/centre`` (of its bounding box), ``Shape/radii`` (half its width along
    /// ``Shape/angle`` and half its height), its point downwards when ``Shape/angle`` is 0.
    case heart

    /// Closed shapes go back to where they start.
    public var isClosed: Bool {
        switch self {
        case .triangle, .rectangle, .square, .quadrilateral, .circle, .ellipse, .star, .heart: true
        case .line, .polyline, .arc, .arrow: false
        }
    }
}

/// Half-axes of a round shape, in the stroke's unit: `along` its ``Shape/angle``, `across` it.
public struct ShapeRadii: Hashable, Sendable {
    public var along: Double
    public var across: Double
    public init(along: Double, across: Double) {
        self.along = along
        self.across = across
    }
}

/// A perfect shape, in the unit of the points it was recognized from (points on a canvas,
/// millimetres on a tablet), y growing downwards.
public struct Shape: Hashable, Sendable {
    public var kind: ShapeKind
    /// Corners or ends in drawing order (see ``ShapeKind``); empty for circles, ellipses, arcs and hearts.
    public var vertices: [Point]
    /// The centre of a circle, ellipse, arc or heart.
    public var centre: Point?
    /// The half-axes of a circle, ellipse, arc (equal) or heart.
    public var radii: ShapeRadii?
    /// The rotation of the shape's first axis from +x, radians (−π … π; positive turns +x
    /// towards +y, clockwise on a screen): a rectangle's first side, an ellipse's `along` axis, a
    /// heart's width.
    public var angle: Double
    /// Where a round shape starts, radians around its centre from its `along` axis (a circle or
    /// arc: from +x), and how far it goes (signed: positive turns towards +y). A full circle or
    /// ellipse sweeps ±2π in the direction it was drawn.
    public var startAngle: Double?
    public var sweep: Double?

    public init(
        kind: ShapeKind, vertices: [Point] = [], centre: Point? = nil, radii: ShapeRadii? = nil, angle: Double = 0,
        startAngle: Double? = nil, sweep: Double? = nil
    ) {
        self.kind = kind
        self.vertices = vertices
        self.centre = centre
        self.radii = radii
        self.angle = angle
        self.startAngle = startAngle
        self.sweep = sweep
    }

    /// The shape as it would be drawn in one stroke: a polyline through points at most `spacing`
    /// apart along round parts (straight sides carry their ends only), starting where the stroke
    /// started and going its way round. `isCorner` marks the sharp vertices a path must keep.
    public func outline(spacing: Double) -> [(point: Point, isCorner: Bool)] {
        let spacing = spacing > 0 && spacing.isFinite ? spacing : 1
        switch kind {
        case .line, .polyline:
            return vertices.enumerated().map { ($0.element, $0.offset > 0 && $0.offset < vertices.count - 1) }
        case .triangle, .rectangle, .square, .quadrilateral, .star:
            guard let first = vertices.first else { return [] }
            return vertices.enumerated().map { ($0.element, $0.offset > 0) } + [(first, false)]
        case .arrow:
            guard vertices.count == 4 else { return [] }
            let (tail, tip, one, other) = (vertices[0], vertices[1], vertices[2], vertices[3])
            return [(tail, false), (tip, true), (one, true), (tip, true), (other, false)]
        case .circle, .ellipse, .arc:
            guard let centre, let radii else { return [] }
            let start = startAngle ?? 0, sweep = sweep ?? 2 * .pi
            let length = abs(sweep) * Swift.max(radii.along, radii.across)
            let steps = Swift.max(8, Swift.min(4_096, Int((length / spacing).rounded(.up))))
            let (c, s) = (Double.cos(angle), Double.sin(angle))
            return (0...steps).map { index in
                let theta = start + sweep * Double(index) / Double(steps)
                let u = radii.along * Double.cos(theta), v = radii.across * Double.sin(theta)
                return (Point(x: centre.x + c * u - s * v, y: centre.y + s * u + c * v), false)
            }
        case .heart:
            guard let centre, let radii else { return [] }
            let steps = Swift.max(16, Swift.min(4_096, Int((7 * Swift.max(radii.along, radii.across) / spacing).rounded(.up))))
            let start = startAngle ?? 0, sweep = sweep ?? 2 * .pi
            let (c, s) = (Double.cos(angle), Double.sin(angle))
            return (0...steps).map { index in
                let t = start + sweep * Double(index) / Double(steps)
                let unit = HeartCurve.point(at: t)
                let u = radii.along * unit.x, v = radii.across * unit.y
                // The cusp (t = 0) and the point (t = π) are corners.
                let isCorner = index > 0 && index < steps && HeartCurve.isCorner(t, step: abs(sweep) / Double(steps))
                return (Point(x: centre.x + c * u - s * v, y: centre.y + s * u + c * v), isCorner)
            }
        }
    }
}

/// The classic heart curve x = 16 sin³t, y = −(13 cos t − 5 cos 2t − 2 cos 3t − cos 4t), scaled
/// to a box of half-size 1 × 1 centred on the origin: the cusp at t = 0 (top), the point at t = π
/// (bottom), y growing downwards.
enum HeartCurve {
    /// The raw curve's box: x ±16, y −12 … 17 (its lobes' tops and its point).
    private static let (minY, maxY): (Double, Double) = {
        var low = Double.infinity, high = -Double.infinity
        for index in 0..<2_048 {
            let y = raw(Double(index) * 2 * .pi / 2_048).y
            low = Swift.min(low, y)
            high = Swift.max(high, y)
        }
        return (low, high)
    }()

    private static func raw(_ t: Double) -> Point {
        let s = Double.sin(t)
        return Point(x: 16 * s * s * s, y: -(13 * Double.cos(t) - 5 * Double.cos(2 * t) - 2 * Double.cos(3 * t) - Double.cos(4 * t)))
    }

    /// The point at parameter `t` in the unit box.
    static func point(at t: Double) -> Point {
        let p = raw(t)
        let middle = (minY + maxY) / 2, half = (maxY - minY) / 2
        return Point(x: p.x / 16, y: (p.y - middle) / half)
    }

    /// Whether `t` is the nearest sample to the cusp or the point, for samples `step` apart.
    static func isCorner(_ t: Double, step: Double) -> Bool {
        var turns = (t / .pi).rounded()
        turns = t - turns * .pi
        return abs(turns) < step / 2
    }
}
