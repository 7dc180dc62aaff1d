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

    /// Appends another geometry, renumbering its indices (in place: no allocation once the
    /// buffers have grown to the size they need).
    public mutating func append(_ other: BrushGeometry) {
        let base = UInt32(vertices.count)
        let triangleBase = UInt32(triangles.count / 3)
        vertices.append(contentsOf: other.vertices)
        for index in other.triangles { triangles.append(index + base) }
        for start in other.pieceStarts { pieceStarts.append(start + triangleBase) }
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
/// predicted point is replaced. Work per point is bounded and linear in the nib's vertices (at
/// most 32): the nib comes from a table of unit polygons (no trigonometry per vertex), the hull
/// from the two nibs' vertices merged in order (no sort). The builder's scratch space is
/// allocated once.
public struct BrushGeometryBuilder: Sendable {
    public let inkType: InkType
    private var previous: [GeometryVertex] = []
    private var current: [GeometryVertex] = []
    /// Scratch space of fixed size: the two nibs' vertices in (x, y) order, and their hull (the
    /// first `hullCount`).
    private var sorted: [GeometryVertex]
    private var hull: [GeometryVertex]
    private var hullCount = 0
    /// The shape of the previous and the current nib.
    private var previousShape = NibShape()
    private var currentShape = NibShape()
    /// Most vertices a nib polygon gets.
    public static let maximumNibVertices = 32

    public init(inkType: InkType) {
        self.inkType = inkType
        previous.reserveCapacity(Self.maximumNibVertices)
        current.reserveCapacity(Self.maximumNibVertices)
        sorted = Array(repeating: GeometryVertex(x: 0, y: 0, opacity: 0), count: 2 * Self.maximumNibVertices)
        // Room for two passes over both nibs' vertices even when nothing is popped (no arithmetic
        // can then write past the end; the writes below are unchecked).
        hull = Array(repeating: GeometryVertex(x: 0, y: 0, opacity: 0), count: 4 * Self.maximumNibVertices + 2)
    }

    /// Starts a new stroke.
    public mutating func reset() { previous.removeAll(keepingCapacity: true) }

    /// Adds `point` and appends the geometry it commits to `output`. Points with a non-finite
    /// coordinate, size, opacity or (for the marker) azimuth are ignored.
    public mutating func add(_ point: StrokePoint, into output: inout BrushGeometry) {
        guard let shape = Self.makeNib(point, inkType: inkType, after: previousShape, into: &current) else { return }
        currentShape = shape
        if previous.isEmpty {
            Self.appendFan(current, count: current.count, into: &output)
        } else {
            hullOfNibs()
            Self.appendFan(hull, count: hullCount, into: &output)
        }
        swap(&previous, &current)
        swap(&previousShape, &currentShape)
    }

    /// Replaces `output` with the tail: the sweep from the last added point to `point` (a predicted
    /// point), or nothing when `point` is nil.
    public mutating func tail(to point: StrokePoint?, into output: inout BrushGeometry) {
        output.removeAll()
        guard let point, !previous.isEmpty, let shape = Self.makeNib(point, inkType: inkType, after: previousShape, into: &current) else { return }
        currentShape = shape
        hullOfNibs()
        Self.appendFan(hull, count: hullCount, into: &output)
    }

    // MARK: - Steps

    /// Writes the nib of `point` into `nib` and returns its shape (nil when the point has a
    /// non-finite coordinate or size). The angle's cosine and sine are the previous nib's when
    /// the angle is (a marker held at one azimuth: no trigonometry per point).
    private static func makeNib(_ point: StrokePoint, inkType: InkType, after previous: NibShape, into nib: inout [GeometryVertex]) -> NibShape? {
        nib.removeAll(keepingCapacity: true)
        guard point.x.isFinite, point.y.isFinite, point.width.isFinite, point.height.isFinite, point.width > 0, point.height > 0
        else { return nil }
        let count = Swift.min(Swift.max(Int((Double.pi * Swift.max(point.width, point.height) / 1.5).rounded(.up)), 8), Self.maximumNibVertices)
        let polygon = UnitPolygons.shared
        // Circumscribe: the polygon contains the ellipse.
        let a = point.width / 2 * polygon.circumscribing[count], b = point.height / 2 * polygon.circumscribing[count]
        let angle = InkModel.nibAngle(for: inkType, azimuth: point.azimuth)
        // A non-finite azimuth (the marker's angle) or opacity would make every vertex NaN.
        guard angle.isFinite, point.opacity.isFinite else { return nil }
        let (ca, sa) = angle == 0 ? (1.0, 0.0) : angle == previous.angle ? (previous.cos, previous.sin) : (_cos(angle), _sin(angle))
        let opacity = Swift.min(Swift.max(point.opacity, 0), 1)
        let offset = UnitPolygons.offset(count)
        polygon.vertices.withUnsafeBufferPointer { unit in
            for index in 0..<count {
                let ex = a * unit[offset + index].cos, ey = b * unit[offset + index].sin
                nib.append(GeometryVertex(x: point.x + ex * ca - ey * sa, y: point.y + ex * sa + ey * ca, opacity: opacity))
            }
        }
        return NibShape(count: count, angle: angle, aspect: b / a, cos: ca, sin: sa)
    }

    /// Convex hull (Andrew's monotone chain) of the previous and the current nib into `hull`
    /// (its first `hullCount` vertices), counter-clockwise in y-up terms. The two nibs' vertices
    /// are merged in (x, y) order in linear time: each convex polygon is two chains monotone in x
    /// from its leftmost to its rightmost vertex.
    private mutating func hullOfNibs() {
        if previousShape.hasParallelEdges(to: currentShape) {
            hullOfParallelNibs(currentShape)
            return
        }
        let total = previous.count + current.count
        hullCount = previous.withUnsafeBufferPointer { first in
            current.withUnsafeBufferPointer { second in
                sorted.withUnsafeMutableBufferPointer { sorted in
                    hull.withUnsafeMutableBufferPointer { hull in
                        // Each nib in order into `hull` (as space), the two runs merged into `sorted`.
                        let split = Self.writeInOrder(first, to: hull, at: 0)
                        _ = Self.writeInOrder(second, to: hull, at: split)
                        var i = 0, j = split
                        for k in 0..<total {
                            if j == total || (i < split && !Self.precedes(hull[j], hull[i])) {
                                sorted[k] = hull[i]; i += 1
                            } else {
                                sorted[k] = hull[j]; j += 1
                            }
                        }
                        // Rounding can leave a chain a hair out of order: a pass of insertion sort
                        // (linear on ordered input) makes the order exact.
                        for i in 1..<total where Self.precedes(sorted[i], sorted[i - 1]) {
                            let item = sorted[i]
                            var j = i - 1
                            while j >= 0, Self.precedes(item, sorted[j]) {
                                sorted[j + 1] = sorted[j]
                                j -= 1
                            }
                            sorted[j + 1] = item
                        }
                        var count = 0
                        for index in 0..<total {
                            let point = sorted[index]
                            while count >= 2, Self.cross(hull[count - 2], hull[count - 1], point) <= 0 { count -= 1 }
                            guard count < hull.count else { break }
                            hull[count] = point
                            count += 1
                        }
                        let lowerCount = count + 1
                        for index in stride(from: total - 1, through: 0, by: -1) {
                            let point = sorted[index]
                            while count >= lowerCount, Self.cross(hull[count - 2], hull[count - 1], point) <= 0 { count -= 1 }
                            guard count < hull.count else { break }
                            hull[count] = point
                            count += 1
                        }
                        return count - 1
                    }
                }
            }
        }
    }

    /// The hull of two nibs with parallel edges (see ``NibShape``), in linear time and without
    /// sorting: in the directions around vertex i (between the normals of its two edges) each
    /// nib's support is its vertex i, and the hull there is the previous nib's vertex i, the
    /// current one's, or both — in the order in which they lead — as the difference between them
    /// changes sign at most once across those directions. Normals are taken in the unit polygon's
    /// frame (the difference mapped back by the nibs' rotation and aspect). The result is the
    /// polygon ``hullOfNibs()``'s general path gives (it may keep a collinear vertex).
    private mutating func hullOfParallelNibs(_ shape: NibShape) {
        let n = shape.count
        let polygon = UnitPolygons.shared
        let offset = UnitPolygons.offset(n)
        hullCount = previous.withUnsafeBufferPointer { first in
            current.withUnsafeBufferPointer { second in
                hull.withUnsafeMutableBufferPointer { hull in
                    polygon.edgeNormals.withUnsafeBufferPointer { normals in
                        var count = 0
                        for i in 0..<n {
                            let ex = second[i].x - first[i].x, ey = second[i].y - first[i].y
                            // Back to the unit polygon's frame: rotate by −angle, undo the aspect.
                            let dx = ex * shape.cos + ey * shape.sin, dy = (ey * shape.cos - ex * shape.sin) / shape.aspect
                            // The edge normals before and after vertex i.
                            let before = normals[offset + (i == 0 ? n - 1 : i - 1)], after = normals[offset + i]
                            let leadsBefore = dx * before.cos + dy * before.sin > 0
                            let leadsAfter = dx * after.cos + dy * after.sin > 0
                            if leadsBefore {
                                hull[count] = second[i]
                                count += 1
                                if !leadsAfter { hull[count] = first[i]; count += 1 }
                            } else {
                                hull[count] = first[i]
                                count += 1
                                if leadsAfter { hull[count] = second[i]; count += 1 }
                            }
                        }
                        return count
                    }
                }
            }
        }
    }

    /// (x, y) order.
    @inline(__always)
    private static func precedes(_ a: GeometryVertex, _ b: GeometryVertex) -> Bool {
        a.x < b.x || (a.x == b.x && a.y < b.y)
    }

    @inline(__always)
    private static func cross(_ o: GeometryVertex, _ a: GeometryVertex, _ b: GeometryVertex) -> Double {
        (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
    }

    /// Writes a convex polygon's vertices (in order around it) to `output` from `start` in (x, y)
    /// order — its two chains from the first vertex in that order to the last, merged — and
    /// returns where they end.
    private static func writeInOrder(_ p: UnsafeBufferPointer<GeometryVertex>, to output: UnsafeMutableBufferPointer<GeometryVertex>, at start: Int) -> Int {
        let n = p.count
        guard n > 0 else { return start }
        var low = 0, high = 0
        for index in 1..<n {
            if precedes(p[index], p[low]) { low = index }
            if precedes(p[high], p[index]) { high = index }
        }
        output[start] = p[low]
        // Forward chain: low+1 … high; backward chain: low−1 … high+1 (indices mod n).
        var forward = low == n - 1 ? 0 : low + 1, backward = low == 0 ? n - 1 : low - 1
        var forwardLeft = (high - low + n) % n, backwardLeft = n - 1 - forwardLeft
        var end = start + 1
        while forwardLeft > 0 || backwardLeft > 0 {
            if backwardLeft == 0 || (forwardLeft > 0 && !precedes(p[backward], p[forward])) {
                output[end] = p[forward]
                forward = forward == n - 1 ? 0 : forward + 1
                forwardLeft -= 1
            } else {
                output[end] = p[backward]
                backward = backward == 0 ? n - 1 : backward - 1
                backwardLeft -= 1
            }
            end += 1
        }
        return end
    }

    /// Appends the first `count` vertices of `polygon` (convex, in order) as a triangle fan.
    private static func appendFan(_ polygon: [GeometryVertex], count: Int, into output: inout BrushGeometry) {
        guard count >= 3 else { return }
        let base = UInt32(output.vertices.count)
        output.pieceStarts.append(UInt32(output.triangles.count / 3))
        output.vertices.append(contentsOf: polygon[0..<count])
        // The fan's indices are a prefix of one table (0 1 2, 0 2 3, …), copied whole and then
        // moved to this piece's first vertex: two passes the compiler vectorizes, not 3 (n − 2)
        // appends. A piece has at most the hull scratch's vertices, which the table covers.
        let start = output.triangles.count
        output.triangles.append(contentsOf: FanIndices.shared.indices[0..<(3 * (count - 2))])
        output.triangles.withUnsafeMutableBufferPointer { triangles in
            for index in start..<triangles.count { triangles[index] &+= base }
        }
    }
}

/// A triangle fan's vertex indices from vertex 0: (0, 1, 2), (0, 2, 3), … for the most vertices
/// a piece can have (both nibs' vertices and then some); a fan of n vertices is its first
/// 3 (n − 2). Computed once.
final class FanIndices: Sendable {
    static let shared = FanIndices()
    let indices: [UInt32]

    private init() {
        let most = 4 * BrushGeometryBuilder.maximumNibVertices + 2
        var indices: [UInt32] = []
        indices.reserveCapacity(3 * (most - 2))
        for index in 0..<(most - 2) {
            indices.append(0)
            indices.append(UInt32(index + 1))
            indices.append(UInt32(index + 2))
        }
        self.indices = indices
    }
}

/// What makes two nibs' edges parallel: the same vertex count, angle and aspect (height/width),
/// as a nib is the unit n-gon scaled by its width and height, then rotated.
struct NibShape: Sendable {
    var count = 0
    var angle = 0.0
    /// Height over width (> 0).
    var aspect = 1.0
    /// cos and sin of the angle.
    var cos = 1.0, sin = 0.0

    func hasParallelEdges(to other: NibShape) -> Bool {
        count > 0 && count == other.count && angle == other.angle && Swift.abs(aspect - other.aspect) <= 1e-12 * aspect
    }
}

/// Unit polygons for nibs of 1 … 32 vertices: cos and sin of 2πi/n, and 1/cos(π/n), the factor
/// that makes an n-gon circumscribe its circle. Computed once.
final class UnitPolygons: Sendable {
    static let shared = UnitPolygons()
    let vertices: [(cos: Double, sin: Double)]
    /// The outward normal of the edge from vertex i to vertex i + 1: angle 2π(i + ½)/n.
    let edgeNormals: [(cos: Double, sin: Double)]
    let circumscribing: [Double]

    /// Where the n-gon's vertices start in `vertices`.
    @inline(__always) static func offset(_ n: Int) -> Int { n * (n - 1) / 2 }

    private init() {
        var vertices: [(cos: Double, sin: Double)] = []
        var edgeNormals: [(cos: Double, sin: Double)] = []
        var circumscribing = [1.0]
        for n in 1...BrushGeometryBuilder.maximumNibVertices {
            for index in 0..<n {
                let theta = 2 * Double.pi * Double(index) / Double(n)
                vertices.append((_cos(theta), _sin(theta)))
                let normal = 2 * Double.pi * (Double(index) + 0.5) / Double(n)
                edgeNormals.append((_cos(normal), _sin(normal)))
            }
            circumscribing.append(1 / _cos(.pi / Double(n)))
        }
        self.vertices = vertices
        self.edgeNormals = edgeNormals
        self.circumscribing = circumscribing
    }
}
