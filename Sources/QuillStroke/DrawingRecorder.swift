import QuillCore

/// Builds a ``Drawing`` from samples: strokes of the drawing tools are inked through a
/// ``StrokeEngine``; strokes of the eraser end erase what they touch (automatically, no mode switch).
public struct DrawingRecorder: Sendable {
    /// How the eraser end erases.
    public enum EraserKind: String, CaseIterable, Sendable {
        /// Removes whole strokes it touches.
        case vector
        /// Removes only what it touches, splitting strokes.
        case bitmap
    }

    public private(set) var drawing: Drawing
    public private(set) var engine: StrokeEngine
    public let eraserKind: EraserKind
    /// Eraser radius in points.
    public let eraserRadius: Double
    private var eraserPath: [(x: Double, y: Double)] = []
    private var scratch = BrushGeometry()

    public init(ink: Ink, mapping: TabletMapping, eraser: EraserKind = .bitmap, eraserRadius: Double = 8,
                smoothing: SmoothingParameters = .defaults, prediction: PredictionParameters = .defaults) {
        drawing = Drawing(canvasWidth: mapping.canvas.width, canvasHeight: mapping.canvas.height)
        engine = StrokeEngine(ink: ink, mapping: mapping, smoothing: smoothing, prediction: prediction)
        eraserKind = eraser
        self.eraserRadius = eraserRadius
    }

    /// Adds one sample; returns the engine's update for inking samples.
    @discardableResult
    public mutating func add(_ sample: PenSample) -> StrokeUpdate? {
        if sample.tool == .eraser {
            if sample.phase.isInContact || sample.phase == .ended || sample.phase == .cancelled {
                let location = sample.location
                if location.x.isFinite, location.y.isFinite { eraserPath.append((location.x, location.y)) }
            }
            if sample.phase == .ended || sample.phase == .cancelled { applyEraser() }
            return nil
        }
        scratch.removeAll()
        var finishedStrokes: [Stroke] = []
        let update = engine.add(sample, geometry: &scratch) { finishedStrokes.append($0) }
        drawing.strokes.append(contentsOf: finishedStrokes)
        return update
    }

    /// Ends the input: an open stroke is kept, a pending erase is applied.
    public mutating func finish() {
        var finishedStrokes: [Stroke] = []
        engine.finish { finishedStrokes.append($0) }
        drawing.strokes.append(contentsOf: finishedStrokes)
        applyEraser()
    }

    private mutating func applyEraser() {
        guard !eraserPath.isEmpty else { return }
        switch eraserKind {
        case .vector: Eraser.eraseVector(&drawing, along: eraserPath, radius: eraserRadius)
        case .bitmap: Eraser.eraseBitmap(&drawing, along: eraserPath, radius: eraserRadius)
        }
        eraserPath.removeAll()
    }
}
