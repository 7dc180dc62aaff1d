/// An axis-aligned rectangle: origin at its top-left corner, `y` growing downwards.
///
/// In points unless the name of the value says otherwise: a `Layout`'s rectangles are in its
/// window's coordinate space (origin at the window's top-left corner), ``TabletMapping/mappedArea``
/// is on its canvas. `width` and `height` are at least 0 in every value Quill returns.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// Left edge.
    public var x: Double
    /// Top edge.
    public var y: Double
    /// Horizontal extent, at least 0.
    public var width: Double
    /// Vertical extent, at least 0.
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public init(origin: Point, size: Size) {
        self.init(x: origin.x, y: origin.y, width: size.width, height: size.height)
    }

    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }
    public var origin: Point { Point(x: x, y: y) }
    public var size: Size { Size(width: width, height: height) }
    public var centre: Point { Point(x: midX, y: midY) }

    /// The four corners: top-left, top-right, bottom-left, bottom-right.
    public var corners: [Point] {
        [Point(x: minX, y: minY), Point(x: maxX, y: minY), Point(x: minX, y: maxY), Point(x: maxX, y: maxY)]
    }

    /// The part both rectangles cover, or nil when they share no area (touching edges share none).
    public func intersection(_ other: Rect) -> Rect? {
        let left = max(minX, other.minX)
        let right = min(maxX, other.maxX)
        let top = max(minY, other.minY)
        let bottom = min(maxY, other.maxY)
        guard right > left, bottom > top else { return nil }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// Whether the rectangles share some area (touching edges do not count).
    public func overlaps(_ other: Rect) -> Bool { intersection(other) != nil }

    /// Whether `other` lies inside this rectangle, edges included, allowing `tolerance` points.
    public func contains(_ other: Rect, tolerance: Double = 0) -> Bool {
        other.minX >= minX - tolerance && other.maxX <= maxX + tolerance
            && other.minY >= minY - tolerance && other.maxY <= maxY + tolerance
    }

    /// Whether `point` lies inside this rectangle, edges included.
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x <= maxX && point.y >= minY && point.y <= maxY
    }

    public var description: String { "(x \(x), y \(y), w \(width), h \(height))" }
}
