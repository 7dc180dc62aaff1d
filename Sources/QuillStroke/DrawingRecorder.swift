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
    /// Each stroke's stable id (parallel to `drawing.strokes`): given once, in the order strokes
    /// are finished, never reused; a stroke the eraser cuts leaves pieces with new ids.
    public private(set) var strokeIDs: [Int] = []
    private var nextStrokeID = 0
    /// What the eraser did to finished strokes, by id, since the last ``takeChanges()``.
    public enum Change: Hashable, Sendable {
        /// The stroke is gone.
        case erased(id: Int)
        /// The stroke is gone and these pieces of it stand in its place (one piece: trimmed).
        case split(id: Int, into: [Int])
    }
    private var changes: [Change] = []
    public private(set) var engine: StrokeEngine
    public let eraserKind: EraserKind
    /// Eraser radius in points.
    public let eraserRadius: Double
    /// Smooths the eraser end's path the same way as ink.
    private var eraserEngine: StrokeEngine
    private var eraserPath: [(x: Double, y: Double)] = []
    private var scratch = BrushGeometry()
    /// Stroke numbering across ink and eraser strokes, in the order they begin.
    private var strokeCount = 0
    private var inkStroke: (local: Int, global: Int)?
    private var eraserStroke: (local: Int, global: Int)?
    /// Keep the drawing (true, the default). A streaming client that only shows each update
    /// (`quill strokes --emit smoothed`, `quill live --emit strokes`) turns it off: then no stroke
    /// is kept, nothing is erased, and memory stays flat however long the input.
    public let keepsDrawing: Bool

    public init(ink: Ink, mapping: TabletMapping, eraser: EraserKind = .bitmap, eraserRadius: Double = 8,
                smoothing: SmoothingParameters = .defaults, prediction: PredictionParameters = .defaults, keepsDrawing: Bool = true) {
        drawing = Drawing(canvasWidth: mapping.canvas.width, canvasHeight: mapping.canvas.height)
        engine = StrokeEngine(ink: ink, mapping: mapping, smoothing: smoothing, prediction: prediction, recordsPath: keepsDrawing)
        eraserEngine = StrokeEngine(ink: ink, mapping: mapping, smoothing: smoothing, prediction: prediction, recordsPath: false)
        self.keepsDrawing = keepsDrawing
        eraserKind = eraser
        self.eraserRadius = eraserRadius
    }

    /// Adds one sample; returns what the engine displays for samples in contact (ink and eraser
    /// alike; `strokeIndex` counts both kinds in the order they begin).
    @discardableResult
    public mutating func add(_ sample: PenSample) -> StrokeUpdate? {
        scratch.removeAll()
        if sample.tool == .eraser {
            guard var update = eraserEngine.add(sample, geometry: &scratch) else { return nil }
            var current = eraserStroke
            update.strokeIndex = number(update.strokeIndex, &current)
            eraserStroke = current
            if keepsDrawing { eraserPath.append((update.point.x, update.point.y)) }
            if update.isEnd { applyEraser() }
            return update
        }
        var finishedStrokes: [Stroke] = []
        var update = engine.add(sample, geometry: &scratch) { if keepsDrawing { finishedStrokes.append($0) } }
        keep(finishedStrokes)
        if let local = update?.strokeIndex {
            var current = inkStroke
            update?.strokeIndex = number(local, &current)
            inkStroke = current
        }
        return update
    }

    private mutating func number(_ local: Int, _ current: inout (local: Int, global: Int)?) -> Int {
        if let current, current.local == local { return current.global }
        current = (local, strokeCount)
        strokeCount += 1
        return strokeCount - 1
    }

    /// Ends the input: an open stroke is kept, a pending erase is applied.
    public mutating func finish() {
        var finishedStrokes: [Stroke] = []
        engine.finish { if keepsDrawing { finishedStrokes.append($0) } }
        keep(finishedStrokes)
        applyEraser()
    }

    /// The geometry the last ``add(_:)`` appended: new pieces of the ink stroke in contact (an
    /// eraser sample's are the eraser path's, not ink). A live canvas draws just these.
    public var latestGeometry: BrushGeometry { scratch }

    /// Changes the ink: at once between strokes, from the next stroke when one is being drawn.
    public mutating func setInk(_ ink: Ink) { engine.setInk(ink) }

    /// The geometry from the ink stroke's last smoothed point toward `update`'s predicted one,
    /// into `tail` (emptied first): drawn for the current frame only, replaced at the next.
    public mutating func predictionTail(toward update: StrokeUpdate?, into tail: inout BrushGeometry) {
        engine.tail(toward: update, into: &tail)
    }

    /// Puts `drawing`'s strokes in place of the current ones (undo, redo, a drawing opened from a
    /// file); each gets a new id. A stroke in progress is not touched. The canvas size stays.
    public mutating func replaceStrokes(with drawing: Drawing) {
        self.drawing.strokes = drawing.strokes
        strokeIDs = drawing.strokes.indices.map { nextStrokeID + $0 }
        nextStrokeID += drawing.strokes.count
    }

    /// What the eraser did since the last call, by stroke id, in order.
    public mutating func takeChanges() -> [Change] {
        defer { changes.removeAll() }
        return changes
    }

    private mutating func keep(_ strokes: [Stroke]) {
        drawing.strokes.append(contentsOf: strokes)
        for _ in strokes {
            strokeIDs.append(nextStrokeID)
            nextStrokeID += 1
        }
    }

    private mutating func applyEraser() {
        guard !eraserPath.isEmpty else { return }
        let outcomes: [EraseOutcome]
        switch eraserKind {
        case .vector: outcomes = Eraser.eraseVector(&drawing, along: eraserPath, radius: eraserRadius)
        case .bitmap: outcomes = Eraser.eraseBitmap(&drawing, along: eraserPath, radius: eraserRadius)
        }
        eraserPath.removeAll()
        guard !outcomes.isEmpty else { return }
        // The ids follow the strokes: untouched ones keep theirs, pieces get new ones in place.
        var ids: [Int] = []
        var touched = outcomes[...]
        for (index, id) in strokeIDs.enumerated() {
            guard let outcome = touched.first, outcome.index == index else {
                ids.append(id)
                continue
            }
            touched = touched.dropFirst()
            if outcome.pieces.isEmpty {
                changes.append(.erased(id: id))
            } else {
                let pieces = (0..<outcome.pieces.count).map { nextStrokeID + $0 }
                nextStrokeID += outcome.pieces.count
                ids += pieces
                changes.append(.split(id: id, into: pieces))
            }
        }
        strokeIDs = ids
    }
}
