import QuillCore

//  PenSample ──▶ StrokeSmoother (mm) ──▶ TabletMapping (points) ──▶ InkModel ──▶ StrokePoint
//      │                                                                        │
//      └──▶ TipPredictor ──▶ predicted StrokePoint (never stored)               ▼
//                                                     BrushGeometryBuilder: committed + tail

/// What the engine shows right after one input sample.
public struct StrokeUpdate: Sendable {
    /// Index of the stroke (counting from 0 over the engine's life).
    public var strokeIndex: Int
    /// The input sample's time, seconds.
    public var time: Double
    /// The smoothed point just added to the stroke (canvas points, time offset from the stroke's start).
    public var point: StrokePoint
    /// The smoothed position in tablet millimetres.
    public var tabletLocation: TabletPoint
    /// Where the tip is predicted to be `horizon` seconds later (millimetres and the stroke point).
    public var predictedTabletLocation: TabletPoint
    public var predictedPoint: StrokePoint
    /// True on the sample that ends the stroke.
    public var isEnd: Bool
}

/// Turns the samples of each stroke into smoothed stroke points, predictions and brush geometry.
///
/// Feed every sample; samples in contact (`began`, `moved`, `ended`/`cancelled`) build strokes,
/// hover samples are ignored. Per sample the work is constant and nothing is allocated once the
/// caller's buffers have grown (the finished stroke's path does grow: it is the drawing).
public struct StrokeEngine: Sendable {
    public let ink: Ink
    public let mapping: TabletMapping
    public private(set) var smoother: StrokeSmoother
    public private(set) var predictor: TipPredictor
    private var geometryBuilder: BrushGeometryBuilder
    private var strokeCount = 0
    private var isDrawing = false
    private var startTime = 0.0
    private var lastDisplayed: (x: Double, y: Double)?
    /// The stroke being drawn (its path grows).
    public private(set) var currentStroke: Stroke?

    public init(ink: Ink, mapping: TabletMapping, smoothing: SmoothingParameters = .defaults, prediction: PredictionParameters = .defaults) {
        self.ink = ink
        self.mapping = mapping
        smoother = StrokeSmoother(parameters: smoothing)
        predictor = TipPredictor(parameters: prediction)
        geometryBuilder = BrushGeometryBuilder(inkType: ink.type)
    }

    /// Adds a sample. For a sample in contact returns the update and appends committed geometry to
    /// `geometry`; returns nil for hover samples and for samples with non-finite or absurd values
    /// (beyond 10 m from the tablet's origin), which are skipped so nothing reaches the output.
    /// When a stroke ends, the finished stroke is handed to `finished`.
    public mutating func add(_ sample: PenSample, geometry: inout BrushGeometry, finished: (Stroke) -> Void = { _ in }) -> StrokeUpdate? {
        let isContact = sample.phase == .began || sample.phase == .moved || sample.phase == .ended || sample.phase == .cancelled
        guard isContact else { return nil }
        let location = sample.tabletLocation
        guard location.x.isFinite, location.y.isFinite, abs(location.x) < 10_000, abs(location.y) < 10_000, sample.time.isFinite else {
            return nil
        }
        if sample.phase == .began || !isDrawing {
            if isDrawing, let stroke = currentStroke { finished(stroke) }
            smoother.reset()
            predictor.reset()
            geometryBuilder.reset()
            isDrawing = true
            startTime = sample.time
            lastDisplayed = nil
            currentStroke = Stroke(ink: ink, path: StrokePath(points: [], creationTime: sample.time), randomSeed: UInt32(truncatingIfNeeded: strokeCount &* 2_654_435_761))
            strokeCount += 1
        }
        let displayed = smoother.add(x: location.x, y: location.y, time: sample.time)
        predictor.add(x: displayed.x, y: displayed.y, time: sample.time)
        let predicted = predictor.predict()
        let direction = lastDisplayed.map { _atan2(displayed.y - $0.y, displayed.x - $0.x) }
        lastDisplayed = displayed
        let point = strokePoint(mm: displayed, sample: sample, direction: direction)
        let predictedPoint = strokePoint(mm: predicted, sample: sample, direction: direction, time: sample.time + predictor.parameters.horizon)
        currentStroke?.path.points.append(point)
        geometryBuilder.add(point, into: &geometry)
        let isEnd = sample.phase == .ended || sample.phase == .cancelled
        let update = StrokeUpdate(
            strokeIndex: strokeCount - 1, time: sample.time, point: point, tabletLocation: TabletPoint(x: displayed.x, y: displayed.y),
            predictedTabletLocation: TabletPoint(x: predicted.x, y: predicted.y), predictedPoint: predictedPoint, isEnd: isEnd)
        if isEnd {
            isDrawing = false
            if let stroke = currentStroke { finished(stroke) }
            currentStroke = nil
        }
        return update
    }

    /// Replaces `tail` with the geometry from the last point toward the last prediction.
    public mutating func tail(toward update: StrokeUpdate?, into tail: inout BrushGeometry) {
        geometryBuilder.tail(to: isDrawing ? update?.predictedPoint : nil, into: &tail)
    }

    /// Ends an open stroke (end of input) and hands it to `finished`.
    public mutating func finish(_ finished: (Stroke) -> Void) {
        if isDrawing, let stroke = currentStroke { finished(stroke) }
        isDrawing = false
        currentStroke = nil
    }

    private func strokePoint(mm: (x: Double, y: Double), sample: PenSample, direction: Double?, time: Double? = nil) -> StrokePoint {
        let canvas = mapping.canvasPoint(for: TabletPoint(x: mm.x, y: mm.y))
        let mark = InkModel.mark(ink: ink, pressure: sample.pressure, altitude: sample.altitude, azimuth: sample.azimuth, direction: direction)
        return StrokePoint(
            x: canvas.x, y: canvas.y, timeOffset: (time ?? sample.time) - startTime, width: mark.width, height: mark.height,
            opacity: mark.opacity, force: sample.force, azimuth: sample.azimuth, altitude: sample.altitude)
    }
}
