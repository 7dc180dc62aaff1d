import QuillCore
import QuillShapes

// The JSON Lines rows of `quill strokes` and `quill live --emit strokes`, written by
// JSONLineEncoder (a non-finite number is `null`).

/// A smoothed stroke point (`--emit smoothed`): `t` (s), `stroke`, `x`, `y` (points), `x_mm`,
/// `y_mm`, `pressure` (0 … 1, the sample's), `width` (points).
public struct SmoothedPointRecord: Encodable, Sendable {
    public var t: Double
    public var stroke: Int
    public var x: Double
    public var y: Double
    public var x_mm: Double
    public var y_mm: Double
    public var pressure: Double
    public var width: Double

    public init(_ update: StrokeUpdate, pressure: Double) {
        t = update.time
        stroke = update.strokeIndex
        x = update.point.x
        y = update.point.y
        x_mm = update.tabletLocation.x
        y_mm = update.tabletLocation.y
        self.pressure = pressure
        width = update.point.width
    }
}

/// A predicted tip (`--emit predicted`): `t`, `t_pred` (s), `stroke`, `x_mm`, `y_mm`, `x`, `y`.
public struct PredictedPointRecord: Encodable, Sendable {
    public var t: Double
    public var t_pred: Double
    public var stroke: Int
    public var x_mm: Double
    public var y_mm: Double
    public var x: Double
    public var y: Double

    public init(_ update: StrokeUpdate, horizon: Double) {
        t = update.time
        t_pred = update.time + horizon
        stroke = update.strokeIndex
        x_mm = update.predictedTabletLocation.x
        y_mm = update.predictedTabletLocation.y
        x = update.predictedPoint.x
        y = update.predictedPoint.y
    }
}

/// A point of a finished stroke's path (`--emit final`): `stroke` (its stable id), `x`, `y`,
/// `x_mm`, `y_mm`, `t`, `pressure`, `altitude`, `azimuth`, `width`, `opacity`.
public struct FinalPointRecord: Encodable, Sendable {
    public var stroke: Int
    public var x: Double
    public var y: Double
    public var x_mm: Double
    public var y_mm: Double
    public var t: Double
    public var pressure: Double
    public var altitude: Double
    public var azimuth: Double
    public var width: Double
    public var opacity: Double

    public init(stroke: Int, point: StrokePoint, tablet: TabletPoint, time: Double) {
        self.stroke = stroke
        x = point.x
        y = point.y
        x_mm = tablet.x
        y_mm = tablet.y
        t = time
        pressure = point.force / PenSample.maximumPossibleForce
        altitude = point.altitude
        azimuth = point.azimuth
        width = point.width
        opacity = point.opacity
    }
}

/// A finished stroke's mesh (`--emit geometry`): `stroke`, `ink`, `vertex_count`,
/// `triangle_count`, `vertices` ([x, y, opacity] each), `triangles` ([a, b, c] vertex indices).
public struct GeometryRecord: Encodable, Sendable {
    public var stroke: Int
    public var ink: String
    public var vertex_count: Int
    public var triangle_count: Int
    public var vertices: [[Double]]
    public var triangles: [[UInt32]]

    public init(stroke: Int, ink: InkType, geometry: BrushGeometry) {
        self.stroke = stroke
        self.ink = ink.rawValue
        vertex_count = geometry.vertices.count
        triangle_count = geometry.triangleCount
        vertices = geometry.vertices.map { [$0.x, $0.y, $0.opacity] }
        triangles = stride(from: 0, to: geometry.triangles.count - 2, by: 3).map {
            [geometry.triangles[$0], geometry.triangles[$0 + 1], geometry.triangles[$0 + 2]]
        }
    }
}

/// What the eraser did to a finished stroke: `{"event":"erased","stroke":ID}` or
/// `{"event":"split","stroke":ID,"into":[IDs]}`.
public struct EraserChangeRecord: Encodable, Sendable {
    public var event: String
    public var stroke: Int
    public var into: [Int]?

    public init(_ change: DrawingRecorder.Change) {
        switch change {
        case let .erased(id):
            event = "erased"
            stroke = id
        case let .split(id, pieces):
            event = "split"
            stroke = id
            into = pieces
        }
    }
}

/// What hold to snap makes of a finished stroke (`quill shapes`): `stroke` (its stable id),
/// `shape` (a ``ShapeKind`` name or `none`), `score` (0 … 1) and `error` (fraction of the
/// stroke's size) of the best fit, `held` (it rested long enough to snap), `rest` (seconds the tip
/// rested before lifting), and the shape's parameters in canvas points — `vertices` ([x, y] each),
/// `centre`, `radii` ([along, across]), `angle`, `start_angle`, `sweep` (radians) — with `vertices_mm`
/// and `centre_mm` on the tablet. A parameter a shape does not have is left out.
public struct ShapeRecord: Encodable, Sendable {
    public var stroke: Int
    public var shape: String
    public var score: Double
    public var error: Double?
    public var held: Bool
    public var rest: Double
    public var vertices: [[Double]]?
    public var vertices_mm: [[Double]]?
    public var centre: [Double]?
    public var centre_mm: [Double]?
    public var radii: [Double]?
    public var angle: Double?
    public var start_angle: Double?
    public var sweep: Double?
    /// What the recognizer weighed, best first (`quill shapes --candidates N`, every fit with
    /// `--explain`).
    public var candidates: [Candidate]?
    /// Why the shape won, or why none did (`quill shapes --explain`).
    public var why: String?
    public struct Candidate: Encodable, Sendable {
        public var shape: String
        public var error: Double
        /// With `--explain`: the charge for the shape's degrees of freedom, the rank the fits are
        /// sorted by, the kind's largest error, and what moved the fit.
        public var charge: Double?
        public var rank: Double?
        public var limit: Double?
        public var notes: [String]?
        public init(shape: String, error: Double) {
            self.shape = shape
            self.error = error
        }
        /// A fit as `--explain` prints it.
        public init(_ fit: ShapeExplanation.Fit) {
            self.init(shape: fit.kind.rawValue, error: fit.error)
            charge = fit.charge
            rank = fit.rank
            limit = fit.limit
            notes = fit.notes.isEmpty ? nil : fit.notes
        }
    }

    public init(stroke: Int, held: HeldShape, mapping: TabletMapping) {
        self.stroke = stroke
        self.held = held.isHeld
        rest = held.rest.duration
        guard let match = held.match else {
            shape = "none"
            score = 0
            return
        }
        let shape = match.shape
        self.shape = shape.kind.rawValue
        score = match.score
        error = match.error
        func mm(_ p: Point) -> [Double] {
            let t = mapping.tabletPoint(for: p)
            return [t.x, t.y]
        }
        if !shape.vertices.isEmpty {
            vertices = shape.vertices.map { [$0.x, $0.y] }
            vertices_mm = shape.vertices.map(mm)
        }
        if let c = shape.centre {
            centre = [c.x, c.y]
            centre_mm = mm(c)
        }
        if let r = shape.radii { radii = [r.along, r.across] }
        if shape.kind != .line, shape.kind != .polyline { angle = shape.angle }
        start_angle = shape.startAngle
        sweep = shape.sweep
    }
}
