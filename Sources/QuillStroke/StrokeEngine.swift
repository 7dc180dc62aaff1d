import QuillCore
import QuillShapes

//  PenSample ──▶ StrokeSmoother (mm) ──▶ TabletMapping (points) ──▶ InkModel ──▶ StrokePoint
//      │                                                                        │
//      └──▶ TipPredictor ──▶ predicted StrokePoint (never stored)               ▼
//                                                     BrushGeometryBuilder: committed + tail

/// What the engine shows right after one input sample.
public struct StrokeUpdate: Sendable {
    /// Index of the stroke (counting from 0 over the engine's life).
    public var strokeIndex: Int
    /// The input sample's own stamp, seconds (as recorded: ``PenSample/time``).
    public var time: Double
    /// How the engine took that stamp (``SampleTimeBase``): the steady time its stages computed
    /// with, and whether it was re-timed, merged or came after a gap.
    public var timing: SampleTimeBase.Timing
    /// The smoothed point just added to the stroke (canvas points, time offset from the stroke's start).
    public var point: StrokePoint
    /// The smoothed position in tablet millimetres.
    public var tabletLocation: TabletPoint
    /// Where the tip is predicted to be `horizon` seconds later (millimetres and the stroke point).
    public var predictedTabletLocation: TabletPoint
    public var predictedPoint: StrokePoint
    /// True on the sample that ends the stroke.
    public var isEnd: Bool
    /// The canvas region this sample's committed geometry covers (points): what to redraw, with
    /// the previous and the new tail. nil when nothing was committed.
    public var dirty: DirtyRect?
}

/// A region of the canvas in points, by its edges.
public struct DirtyRect: Hashable, Sendable {
    public var minX: Double, minY: Double, maxX: Double, maxY: Double
    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        (self.minX, self.minY, self.maxX, self.maxY) = (minX, minY, maxX, maxY)
    }
    public var width: Double { maxX - minX }
    public var height: Double { maxY - minY }

    /// The smallest region holding both.
    public func union(_ other: DirtyRect) -> DirtyRect {
        DirtyRect(minX: Swift.min(minX, other.minX), minY: Swift.min(minY, other.minY), maxX: Swift.max(maxX, other.maxX), maxY: Swift.max(maxY, other.maxY))
    }

    /// The region of `geometry`'s vertices from `start` on (nil when there are none).
    public init?(_ geometry: BrushGeometry, from start: Int) {
        guard start < geometry.vertices.count else { return nil }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        geometry.vertices.withUnsafeBufferPointer { vertices in
            for vertex in vertices[start...] {
                minX = Swift.min(minX, vertex.x)
                minY = Swift.min(minY, vertex.y)
                maxX = Swift.max(maxX, vertex.x)
                maxY = Swift.max(maxY, vertex.y)
            }
        }
        self.init(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
    }
}

/// Turns the samples of each stroke into smoothed stroke points, predictions and brush geometry.
///
/// Feed every sample; samples in contact (`began`, `moved`, `ended`/`cancelled`) build strokes,
/// hover samples are ignored. Per sample the work is constant and nothing is allocated once the
/// caller's buffers have grown (the stroke's path does grow — it is the drawing — but without
/// doubling stalls: ``SteadyGrowth``).
public struct StrokeEngine: Sendable {
    /// The ink of the stroke being drawn (or the next one): ``setInk(_:)`` changes it.
    public private(set) var ink: Ink
    /// The ink that the next stroke takes, when ``setInk(_:)`` was called mid-stroke.
    private var nextInk: Ink?
    public let mapping: TabletMapping
    /// Smooth the samples (true, the default) or draw the raw positions.
    public var isSmoothingEnabled = true
    /// Predict the tip (true, the default); off, the predicted point is the last point.
    public var isPredictionEnabled = true
    /// Keep the stroke's points in ``currentStroke`` (true, the default: the drawing). An app that
    /// draws from the geometry alone turns it off: then nothing grows with the stroke and the
    /// cost per sample is flat however long the stroke.
    public let recordsPath: Bool
    /// How a finished stroke keeps its corners (``StrokePath/keepingCorners(pointsPerMillimetre:parameters:)``);
    /// nil keeps the smoothed points as they were drawn.
    public let corners: CornerParameters?
    /// Hold to snap (``StrokePath/heldShape(pointsPerMillimetre:parameters:always:)``): a finished
    /// stroke whose tip rested before lifting and whose drawn part is a shape becomes that shape;
    /// nil never snaps.
    public let shapes: ShapeParameters?
    /// The shape the last finished stroke snapped to, nil when it stayed as drawn (cleared when a
    /// stroke begins): what an app shows as feedback and redraws.
    public private(set) var snappedShape: Shape?
    public private(set) var smoother: StrokeSmoother
    /// The tip's Kalman filter (the smoother's, fed the raw samples): it predicts the tip.
    public var predictor: TipPredictor { smoother.tracker }
    /// What the pen taught about weighing the Kalman prediction and its last velocities
    /// (``PredictionParameters/adapts``); nil predicts with ``predictor`` alone.
    public private(set) var adaptivePredictor: AdaptivePredictor?
    private var geometryBuilder: BrushGeometryBuilder
    private var strokeCount = 0
    private var isDrawing = false
    private var startTime = 0.0
    /// The stroke being drawn (its path grows).
    public private(set) var currentStroke: Stroke?
    /// The path grows without doubling stalls: the time per sample stays flat however long the stroke.
    private var pathGrowth = SteadyGrowth<StrokePoint>()

    public init(
        ink: Ink, mapping: TabletMapping, smoothing: SmoothingParameters = .defaults, prediction: PredictionParameters = .defaults,
        corners: CornerParameters? = .defaults, shapes: ShapeParameters? = .defaults, recordsPath: Bool = true
    ) {
        self.ink = ink
        self.corners = corners
        self.shapes = shapes
        self.mapping = mapping
        self.recordsPath = recordsPath
        smoother = StrokeSmoother(parameters: smoothing, tracking: prediction)
        adaptivePredictor = prediction.adapts ? AdaptivePredictor(horizon: prediction.horizon) : nil
        geometryBuilder = BrushGeometryBuilder(inkType: ink.type)
    }

    /// Adds a sample. For a sample in contact returns the update and appends committed geometry to
    /// `geometry`; returns nil for hover samples and for samples with non-finite or absurd values
    /// (beyond 10 m from the tablet's origin), which are skipped so nothing reaches the output.
    /// When a stroke ends, the finished stroke is handed to `finished`.
    ///
    /// `prediction`, when given, is where the platform predicts the tip (millimetres on the
    /// tablet, as the samples): it replaces Quill's own prediction for this sample.
    public mutating func add(_ sample: PenSample, geometry: inout BrushGeometry, prediction: TabletPoint? = nil, finished: (Stroke) -> Void = { _ in }) -> StrokeUpdate? {
        let isContact = sample.phase == .began || sample.phase == .moved || sample.phase == .ended || sample.phase == .cancelled
        guard isContact else {
            // The pen's whole stream teaches the time base the device's rate.
            if sample.time.isFinite { smoother.observe(stamp: sample.time) }
            return nil
        }
        let location = sample.tabletLocation
        guard location.x.isFinite, location.y.isFinite, abs(location.x) < 10_000, abs(location.y) < 10_000, sample.time.isFinite else {
            return nil
        }
        if sample.phase == .began || !isDrawing {
            if isDrawing, let stroke = finishedStroke() { finished(stroke) }
            if let nextInk {
                ink = nextInk
                self.nextInk = nil
                geometryBuilder = BrushGeometryBuilder(inkType: ink.type)
            }
            smoother.reset()
            adaptivePredictor?.beginStroke()
            geometryBuilder.reset()
            isDrawing = true
            startTime = .nan  // the first sample's steady time, set below
            currentStroke = Stroke(ink: ink, path: StrokePath(points: [], creationTime: sample.time), randomSeed: UInt32(truncatingIfNeeded: strokeCount &* 2_654_435_761))
            pathGrowth.reset()
            strokeCount += 1
        }
        // The stamp goes through the time base first (the smoother's): the steady time is what
        // every stage computes with; the sample keeps its own stamp.
        let smoothed = smoother.add(x: location.x, y: location.y, time: sample.time)
        let timing = smoother.lastTiming
        if startTime.isNaN { startTime = timing.time }
        let displayed = isSmoothingEnabled ? smoothed : (x: location.x, y: location.y)
        // The adaptive predictor learns from every sample while prediction is on.
        var adapted: (x: Double, y: Double)?
        if isPredictionEnabled, adaptivePredictor != nil {
            let kalman = smoother.tracker.predict()
            adapted = adaptivePredictor?.add(x: location.x, y: location.y, timing: timing, kalman: kalman)
        }
        var predicted: (x: Double, y: Double)
        if let prediction, prediction.x.isFinite, prediction.y.isFinite, abs(prediction.x) < 10_000, abs(prediction.y) < 10_000 {
            predicted = (prediction.x, prediction.y)
        } else {
            predicted = isPredictionEnabled ? (adapted ?? smoother.tracker.predict()) : displayed
        }
        // (The filter is read in place: `predictor` is a copy of it.)
        let horizon = smoother.tracker.parameters.horizon
        if isPredictionEnabled {
            predicted = PredictionParameters.bounded(predicted, from: (location.x, location.y), velocity: smoother.tracker.velocity, horizon: horizon)
        }
        // One mark for both points: the same sample's pressure and tilt. No ink's mark depends on
        // the direction of travel (the nibs' angles are fixed or follow the azimuth; the geometry
        // turns them), so none is measured per sample.
        let mark = InkModel.mark(ink: ink, pressure: sample.pressure, altitude: sample.altitude, azimuth: sample.azimuth, direction: nil)
        let point = strokePoint(mm: displayed, sample: sample, mark: mark, time: timing.time)
        let predictedPoint = strokePoint(mm: predicted, sample: sample, mark: mark, time: timing.time + horizon)
        if recordsPath, currentStroke != nil { pathGrowth.append(point, to: &currentStroke!.path.points) }
        let committed = geometry.vertices.count
        geometryBuilder.add(point, into: &geometry)
        let isEnd = sample.phase == .ended || sample.phase == .cancelled
        let update = StrokeUpdate(
            strokeIndex: strokeCount - 1, time: sample.time, timing: timing, point: point, tabletLocation: TabletPoint(x: displayed.x, y: displayed.y),
            predictedTabletLocation: TabletPoint(x: predicted.x, y: predicted.y), predictedPoint: predictedPoint, isEnd: isEnd,
            dirty: DirtyRect(geometry, from: committed))
        if isEnd {
            isDrawing = false
            adaptivePredictor?.endStroke()
            if let stroke = finishedStroke() { finished(stroke) }
            currentStroke = nil
            pathGrowth.reset()  // the copy in progress is not needed any more
            if let nextInk { setInk(nextInk) }  // the change asked for mid-stroke
        }
        return update
    }

    /// Replaces `tail` with the geometry from the last point toward the last prediction.
    public mutating func tail(toward update: StrokeUpdate?, into tail: inout BrushGeometry) {
        geometryBuilder.tail(to: isDrawing ? update?.predictedPoint : nil, into: &tail)
    }

    /// Changes the ink (a tool change): at once between strokes, from the next stroke when one is
    /// being drawn (a stroke keeps its ink). Stroke numbering goes on.
    public mutating func setInk(_ newInk: Ink) {
        if isDrawing {
            nextInk = newInk
        } else {
            ink = newInk
            nextInk = nil
            geometryBuilder = BrushGeometryBuilder(inkType: newInk.type)
        }
    }

    /// Ends an open stroke (end of input) and hands it to `finished`.
    public mutating func finish(_ finished: (Stroke) -> Void) {
        if isDrawing, let stroke = finishedStroke() { finished(stroke) }
        adaptivePredictor?.endStroke()
        isDrawing = false
        currentStroke = nil
        pathGrowth.reset()
        if let nextInk { setInk(nextInk) }
    }

    /// The stroke being drawn as it is kept once done: the shape it was held as (``shapes``), or
    /// with its corners kept (``corners``).
    private mutating func finishedStroke() -> Stroke? {
        snappedShape = nil
        guard var stroke = currentStroke else { return nil }
        let scale = mapping.pointsPerMillimetre
        if let shapes, recordsPath, let held = stroke.path.heldShape(pointsPerMillimetre: scale, parameters: shapes), held.snaps, let match = held.match {
            stroke.path = stroke.path.snapped(to: match.shape, drawnEnd: held.rest.index, spacing: 0.5 * scale)
            snappedShape = match.shape
        } else if let corners, recordsPath {
            stroke.path = stroke.path.keepingCorners(pointsPerMillimetre: mapping.pointsPerMillimetre, parameters: corners)
        }
        return stroke
    }

    private func strokePoint(
        mm: (x: Double, y: Double), sample: PenSample, mark: (width: Double, height: Double, opacity: Double, angle: Double), time: Double
    ) -> StrokePoint {
        let canvas = mapping.canvasPoint(for: TabletPoint(x: mm.x, y: mm.y))
        return StrokePoint(
            x: canvas.x, y: canvas.y, timeOffset: time - startTime, width: mark.width, height: mark.height,
            opacity: mark.opacity, force: sample.force, azimuth: sample.azimuth, altitude: sample.altitude)
    }
}
