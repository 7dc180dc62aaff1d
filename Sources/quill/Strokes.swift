import ArgumentParser
import QuillCore
import QuillDrawing
import QuillGestures
import QuillInput
import QuillStroke

/// `quill strokes FILE --emit …`: what the stroke engine makes of a recording.
struct Strokes: ParsableCommand {
    /// One smoothed stroke point as JSON Lines (`quill strokes --emit smoothed`, `quill live --emit strokes`).
    static func smoothedLine(_ update: StrokeUpdate, pressure: Double) -> String {
        JSONLineEncoder().line(SmoothedPointRecord(update, pressure: pressure))
    }

    static let configuration = CommandConfiguration(
        abstract: "Run the stroke engine on a recording and print JSON Lines: smoothed, predicted, final or geometry.")

    enum Emit: String, ExpressibleByArgument, CaseIterable { case smoothed, predicted, final, geometry }

    @OptionGroup var recording: RecordingOptions
    @OptionGroup var inkOptions: InkOptions
    @OptionGroup var drawingOptions: DrawingOptions

    @Option(help: "What to print: smoothed (per input sample), predicted (per input sample), final (each finished stroke resampled every 0.5 mm, under its stable id; what the eraser does as erased/split lines), geometry (each stroke's mesh, likewise).")
    var emit: Emit = .smoothed

    @Option(help: "Prediction horizon in seconds, 0.008 … 0.034 (default 1/60 s, one refresh at 60 Hz).")
    var horizon: Double?

    @Option(help: "The predictor's jerk spectral density, mm²/s⁵ (how quickly it lets the acceleration change; default \(PredictionParameters.defaults.jerkDensity)).")
    var jerkDensity: Double = PredictionParameters.defaults.jerkDensity

    @Option(help: "The sensor noise the predictor starts from, mm (it then learns it from the samples; default \(PredictionParameters.defaults.measurementNoise)).")
    var measurementNoise: Double = PredictionParameters.defaults.measurementNoise

    @Flag(inversion: .prefixedNo, help: "Learn from the pen how to weigh the Kalman prediction and the last velocities (off: the Kalman filter alone).")
    var adaptivePrediction = true

    func run() throws {
        let emit = self.emit  // read once: a property wrapper's getter is not free per sample
        let output = TextOutput()
        // Finished strokes are formatted and written beside the engine, in order, on a second
        // thread; everything written goes through it, so the rows keep their order.
        let writer = OrderedWorker()
        defer {
            writer.drain()
            output.flush()
        }
        let prediction = try PredictionParameters(horizon: horizon ?? PredictionParameters.defaultHorizon, jerkDensity: jerkDensity, measurementNoise: measurementNoise, adapts: adaptivePrediction)
        // Streaming updates need no drawing: memory stays flat (final and geometry print finished strokes).
        let keepsDrawing = emit == .final || emit == .geometry
        var session = DrawingSession(
            ink: try inkOptions.makeInk(), pencil: try drawingOptions.pencilSession(),
            options: .init(gestures: !drawingOptions.noGestures, corners: inkOptions.corners, shapes: inkOptions.shapes, prediction: prediction,
                           keepsDrawing: keepsDrawing, predicts: emit == .predicted))
        var outcomes: [PencilInteraction.Outcome] = []
        var fingers: [FingerGesture] = []
        // Finished strokes are printed once, under their stable id; what the eraser does to them
        // is said by id ("erased", "split" into new ids), so the strokes the stream leaves
        // standing at the end are the drawing's.
        var printed: Set<Int> = []
        // The drawing's size when it was last looked through: only a stroke finished or an erase
        // since then can leave something unprinted (not a look through every stroke per frame).
        var lookedAt = -1
        func printFinished() {
            guard let mapping = session.mapping else { return }
            let changes = session.takeChanges()
            var finished: [(Stroke, Int)] = []
            if let drawing = session.drawing, let ids = session.recorder?.strokeIDs, !changes.isEmpty || drawing.strokes.count != lookedAt {
                lookedAt = drawing.strokes.count
                for (stroke, id) in zip(drawing.strokes, ids) where !printed.contains(id) {
                    finished.append((stroke, id))
                    printed.insert(id)
                }
            }
            guard !changes.isEmpty || !finished.isEmpty else { return }
            writer.submit { [finished] in
                for change in changes {
                    output.record(EraserChangeRecord(change))
                }
                for (stroke, id) in finished {
                    Strokes.printStroke(stroke, index: id, emit: emit, mapping: mapping, into: output)
                }
            }
        }
        var lastTime = 0.0
        _ = try recording.replayEvents { events, replay in
            for event in events {
                let update = session.handle(event, from: replay, outcomes: &outcomes, fingers: &fingers)
                outcomes.removeAll(keepingCapacity: true)
                fingers.removeAll(keepingCapacity: true)
                if let time = event.time { lastTime = max(lastTime, time) }
                guard let update, case .sample(let sample) = event else { continue }
                switch emit {
                case .smoothed:
                    output.line(Strokes.smoothedLine(update, pressure: sample.pressure))
                case .predicted:
                    output.record(PredictedPointRecord(update, horizon: prediction.horizon))
                case .final, .geometry:
                    break
                }
            }
            if keepsDrawing { printFinished() }
        }
        session.finish(at: lastTime, outcomes: &outcomes)
        if keepsDrawing { printFinished() }
    }

    static func printStroke(_ stroke: Stroke, index: Int, emit: Emit, mapping: TabletMapping, into output: TextOutput) {
        switch emit {
        case .final:
            let spacing = 0.5 * mapping.pointsPerMillimetre  // 0.5 mm in points
            for point in stroke.path.interpolatedPoints(by: .distance(spacing)) {
                let mm = mapping.tabletPoint(for: CanvasPoint(x: point.x, y: point.y))
                output.record(FinalPointRecord(stroke: index, point: point, tablet: mm, time: stroke.path.creationTime + point.timeOffset))
            }
        case .geometry:
            var geometry = BrushGeometry()
            var builder = BrushGeometryBuilder(inkType: stroke.ink.type)
            for point in stroke.path.points { builder.add(point, into: &geometry) }
            output.record(GeometryRecord(stroke: index, ink: stroke.ink.type, geometry: geometry))
        case .smoothed, .predicted:
            break
        }
    }
}

