/// A vertex of brush geometry: canvas position in points and opacity 0 … 1.
public struct GeometryVertex: Hashable, Codable, Sendable {
    public var x: Double
    public var y: Double
    public var opacity: Double
    public init(x: Double, y: Double, opacity: Double) {
        self.x = x
        self.y = y
        self.opacity = opacity
    }
}

/// The mesh a renderer draws for (part of) a stroke: vertices and triangles (three vertex indices
/// each). All triangles wind the same way, so filling them as one path with the non-zero rule gives
/// their union; filled one by one they leave no holes under any rule either.
public struct BrushGeometry: Hashable, Codable, Sendable {
    public var vertices: [GeometryVertex] = []
    /// Vertex indices, three per triangle.
    public var triangles: [UInt32] = []
    /// Index of the first triangle of each convex piece (a nib or the hull of two nibs).
    public var pieceStarts: [UInt32] = []

    public init() {}

    public var triangleCount: Int { triangles.count / 3 }

    /// Empties the buffers, keeping their storage for reuse.
    public mutating func removeAll() {
        vertices.removeAll(keepingCapacity: true)
        triangles.removeAll(keepingCapacity: true)
        pieceStarts.removeAll(keepingCapacity: true)
    }

    /// Appends another geometry, renumbering its indices.
    public mutating func append(_ other: BrushGeometry) {
        let base = UInt32(vertices.count)
        let triangleBase = UInt32(triangles.count / 3)
        vertices.append(contentsOf: other.vertices)
        triangles.append(contentsOf: other.triangles.map { $0 + base })
        pieceStarts.append(contentsOf: other.pieceStarts.map { $0 + triangleBase })
    }
}

/// Builds brush geometry incrementally, one stroke point at a time.
///
/// Each point gets a nib: a circle for round inks, a rotated ellipse for the marker's chisel and
/// the fountain pen's flat nib (polygons circumscribing the true shape, so the mark covers the
/// ideal stroke). The first point adds its nib; each next point adds the convex hull of the
/// previous nib and its own — the exact sweep of a convex nib moving in a straight line — as a
/// triangle fan. Consecutive hulls share a whole nib, so sharp turns, dense turns and doubling
/// back leave no holes or spikes. What is added is never changed again; only the tail toward a
/// predicted point is replaced. Work per point is bounded (at most 32 nib vertices), and the
/// builder's scratch space is allocated once.
public struct BrushGeometryBuilder: Sendable {
    public let inkType: InkType
    private var previous: [(x: Double, y: Double, opacity: Double)] = []
    private var current: [(x: Double, y: Double, opacity: Double)] = []
    private var scratch: [(x: Double, y: Double, opacity: Double)] = []
    private var hull: [(x: Double, y: Double, opacity: Double)] = []
    /// Most vertices a nib polygon gets.
    public static let maximumNibVertices = 32

    public init(inkType: InkType) {
        self.inkType = inkType
        previous.reserveCapacity(Self.maximumNibVertices)
        current.reserveCapacity(Self.maximumNibVertices)
        scratch.reserveCapacity(2 * Self.maximumNibVertices)
        hull.reserveCapacity(2 * Self.maximumNibVertices + 2)
    }

    /// Starts a new stroke.
    public mutating func reset() { previous.removeAll(keepingCapacity: true) }

    /// Adds `point` and appends the geometry it commits to `output`. Points with a non-finite
    /// coordinate or size are ignored.
    public mutating func add(_ point: StrokePoint, into output: inout BrushGeometry) {
        guard makeNib(point, into: &current) else { return }
        if previous.isEmpty {
            appendFan(current, into: &output)
        } else {
            hullOf(previous, current)
            appendFan(hull, into: &output)
        }
        swap(&previous, &current)
    }

    /// Replaces `output` with the tail: the sweep from the last added point to `point` (a predicted
    /// point), or nothing when `point` is nil.
    public mutating func tail(to point: StrokePoint?, into output: inout BrushGeometry) {
        output.removeAll()
        guard let point, !previous.isEmpty, makeNib(point, into: &current) else { return }
        hullOf(previous, current)
        appendFan(hull, into: &output)
    }

    // MARK: - Steps

    private func makeNib(_ point: StrokePoint, into nib: inout [(x: Double, y: Double, opacity: Double)]) -> Bool {
        nib.removeAll(keepingCapacity: true)
        guard point.x.isFinite, point.y.isFinite, point.width.isFinite, point.height.isFinite, point.width > 0, point.height > 0
        else { return false }
        let a = point.width / 2, b = point.height / 2
        let count = Swift.min(Swift.max(Int((Double.pi * Swift.max(point.width, point.height) / 1.5).rounded(.up)), 8), Self.maximumNibVertices)
        let grow = 1 / _cos(.pi / Double(count))  // circumscribe: the polygon contains the ellipse
        let angle = InkModel.nibAngle(for: inkType, azimuth: point.azimuth)
        let (ca, sa) = (_cos(angle), _sin(angle))
        let opacity = Swift.min(Swift.max(point.opacity, 0), 1)
        for index in 0..<count {
            let theta = 2 * Double.pi * Double(index) / Double(count)
            let ex = a * grow * _cos(theta), ey = b * grow * _sin(theta)
            nib.append((point.x + ex * ca - ey * sa, point.y + ex * sa + ey * ca, opacity))
        }
        return true
    }

    /// Convex hull (Andrew's monotone chain) of two nibs into `hull`, counter-clockwise in y-up terms.
    private mutating func hullOf(_ first: [(x: Double, y: Double, opacity: Double)], _ second: [(x: Double, y: Double, opacity: Double)]) {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: first)
        scratch.append(contentsOf: second)
        // Insertion sort by (x, y): at most 64 points, and no allocation.
        for i in 1..<scratch.count {
            let item = scratch[i]
            var j = i - 1
            while j >= 0, scratch[j].x > item.x || (scratch[j].x == item.x && scratch[j].y > item.y) {
                scratch[j + 1] = scratch[j]
                j -= 1
            }
            scratch[j + 1] = item
        }
        hull.removeAll(keepingCapacity: true)
        func cross(_ o: (x: Double, y: Double, opacity: Double), _ a: (x: Double, y: Double, opacity: Double), _ b: (x: Double, y: Double, opacity: Double)) -> Double {
            (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
        }
        for point in scratch {
            while hull.count >= 2, cross(hull[hull.count - 2], hull[hull.count - 1], point) <= 0 { hull.removeLast() }
            hull.append(point)
        }
        let lowerCount = hull.count + 1
        for point in scratch.reversed() {
            while hull.count >= lowerCount, cross(hull[hull.count - 2], hull[hull.count - 1], point) <= 0 { hull.removeLast() }
            hull.append(point)
        }
        hull.removeLast()
    }

    private func appendFan(_ polygon: [(x: Double, y: Double, opacity: Double)], into output: inout BrushGeometry) {
        guard polygon.count >= 3 else { return }
        let base = UInt32(output.vertices.count)
        output.pieceStarts.append(UInt32(output.triangles.count / 3))
        for vertex in polygon { output.vertices.append(GeometryVertex(x: vertex.x, y: vertex.y, opacity: vertex.opacity)) }
        for index in 1..<(polygon.count - 1) {
            output.triangles.append(base)
            output.triangles.append(base + UInt32(index))
            output.triangles.append(base + UInt32(index + 1))
        }
    }
}
