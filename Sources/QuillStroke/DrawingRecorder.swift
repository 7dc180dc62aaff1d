import QuillCore
import QuillShapes

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
    /// Each stroke's stable id (parallel to `drawing.strokes`): given once, when the stroke
    /// begins, never reused; a stroke the eraser cuts leaves pieces with new ids.
    public private(set) var strokeIDs: [Int] = []
    private var nextStrokeID = 0
    /// The ink stroke begun and not yet finished, by the engine's own index, and its id.
    private var openInk: (local: Int, id: Int)?
    /// The stable id of the ink stroke the last ``add(_:prediction:)`` drew (the id it keeps when it
    /// is finished), nil when that sample was the eraser's or drew nothing.
    public private(set) var lastInkStrokeID: Int?
    /// What the eraser did to finished strokes, by id, since the last ``takeChanges()``.
    public enum Change: Hashable, Sendable {
        /// The stroke is gone.
        case erased(id: Int)
        /// The stroke is gone and these pieces of it stand in its place (one piece: trimmed).
        case split(id: Int, into: [Int])
    }
    private var changes: [Change] = []
    /// Scribble's editing gestures over ink (true, the default): a scratch-out over strokes erases
    /// them (``Change/erased(id:)``) and is not kept; a lasso around strokes is reported
    /// (``takeEditingOutcomes()``) and kept as ink.
    public let editingGestures: Bool
    /// An editing gesture judged over the drawing.
    public struct EditingOutcome: Hashable, Sendable {
        public var kind: EditingGesture.Kind
        /// The gesture stroke's id (a scratch-out's is never kept).
        public var gestureID: Int
        /// The strokes it acted on: erased by a scratch-out, selected by a lasso.
        public var strokeIDs: [Int]
    }
    private var editingOutcomes: [EditingOutcome] = []
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

    /// - Parameter predicts: predict the tip (true, the default); a client that never shows the
    ///   prediction (`quill render`, `quill strokes --emit final`) turns it off and saves its work
    ///   per sample — the updates' predicted points are then the displayed ones.
    public init(ink: Ink, mapping: TabletMapping, eraser: EraserKind = .bitmap, eraserRadius: Double = 8,
                smoothing: SmoothingParameters = .defaults, prediction: PredictionParameters = .defaults,
                corners: CornerParameters? = .defaults, shapes: ShapeParameters? = .defaults, editingGestures: Bool = true, keepsDrawing: Bool = true,
                predicts: Bool = true) {
        self.editingGestures = editingGestures
        drawing = Drawing(canvasWidth: mapping.canvas.width, canvasHeight: mapping.canvas.height)
        engine = StrokeEngine(ink: ink, mapping: mapping, smoothing: smoothing, prediction: prediction, corners: corners, shapes: shapes, recordsPath: keepsDrawing)
        eraserEngine = StrokeEngine(ink: ink, mapping: mapping, smoothing: smoothing, prediction: prediction, shapes: nil, recordsPath: false)
        engine.isPredictionEnabled = predicts
        eraserEngine.isPredictionEnabled = predicts
        self.keepsDrawing = keepsDrawing
        eraserKind = eraser
        self.eraserRadius = eraserRadius
    }

    /// Adds one sample; returns what the engine displays for samples in contact (ink and eraser
    /// alike; `strokeIndex` counts both kinds in the order they begin). `prediction`: where the
    /// platform predicts the tip (millimetres), in place of Quill's own (ink only).
    @discardableResult
    public mutating func add(_ sample: PenSample, prediction: TabletPoint? = nil) -> StrokeUpdate? {
        scratch.removeAll()
        // The ink goes into `scratch` (``latestGeometry``), moved out while the engine writes into it.
        var geometry = BrushGeometry()
        swap(&geometry, &scratch)
        defer { swap(&geometry, &scratch) }
        return add(sample, prediction: prediction, appendingInkTo: &geometry)
    }

    /// Adds one sample as ``add(_:prediction:)`` does, appending the ink's new geometry to
    /// `geometry` (the eraser's path is never appended): a client that keeps its own buffer (libquill's
    /// engine) gets the pieces without a copy. ``latestGeometry`` is then the eraser's only.
    @discardableResult
    public mutating func add(_ sample: PenSample, prediction: TabletPoint? = nil, appendingInkTo geometry: inout BrushGeometry) -> StrokeUpdate? {
        lastInkStrokeID = nil
        if sample.tool == .eraser {
            scratch.removeAll()
            guard var update = eraserEngine.add(sample, geometry: &scratch) else { return nil }
            // A new eraser stroke while the last one never ended: the last one erases first (its
            // path and this one's are not one line).
            if let open = eraserStroke, open.local != update.strokeIndex { applyEraser() }
            var current = eraserStroke
            update.strokeIndex = number(update.strokeIndex, &current)
            eraserStroke = current
            if keepsDrawing { eraserPath.append((update.point.x, update.point.y)) }
            if update.isEnd { applyEraser() }
            return update
        }
        var finishedStrokes: [Stroke] = []
        var finishedCount = 0
        var update = engine.add(sample, geometry: &geometry, prediction: prediction) {
            finishedCount += 1
            if keepsDrawing { finishedStrokes.append($0) }
        }
        // Ids in the order strokes begin: a stroke finished here is the open one, else (begun and
        // ended by this one sample) the one this sample began.
        var fresh: (local: Int, id: Int)?
        if let local = update?.strokeIndex, openInk?.local != local {
            fresh = (local, nextStrokeID)
            nextStrokeID += 1
        }
        lastInkStrokeID = fresh?.id ?? openInk?.id
        for index in 0..<finishedCount {
            let id: Int
            if let open = openInk {
                id = open.id
                openInk = nil
            } else if let begun = fresh {
                id = begun.id
                fresh = nil
            } else {
                id = nextStrokeID  // not seen begin (cannot happen: a stroke begins with an update)
                nextStrokeID += 1
            }
            if keepsDrawing { keep(finishedStrokes[index], id: id) }
        }
        if let fresh { openInk = fresh }
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
        if let open = openInk {
            for stroke in finishedStrokes { keep(stroke, id: open.id) }
            openInk = nil
        }
        applyEraser()
    }

    /// The kept stroke with stable id `id`, nil when the drawing holds none (erased, or never given).
    public func stroke(withID id: Int) -> Stroke? {
        strokeIDs.firstIndex(of: id).map { drawing.strokes[$0] }
    }

    /// Smooths the ink's and the eraser's positions (default true); off, they are drawn raw.
    public var isSmoothingEnabled: Bool {
        get { engine.isSmoothingEnabled }
        set {
            engine.isSmoothingEnabled = newValue
            eraserEngine.isSmoothingEnabled = newValue
        }
    }

    /// Predicts the tip (default true); off, the predicted point is the last point.
    public var isPredictionEnabled: Bool {
        get { engine.isPredictionEnabled }
        set {
            engine.isPredictionEnabled = newValue
            eraserEngine.isPredictionEnabled = newValue
        }
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

    /// True when the eraser did something not yet taken by ``takeChanges()``.
    public var hasChanges: Bool { !changes.isEmpty }

    /// What the eraser did since the last call, by stroke id, in order.
    public mutating func takeChanges() -> [Change] {
        defer { changes.removeAll() }
        return changes
    }

    private mutating func keep(_ stroke: Stroke, id: Int) {
        if editingGestures, !drawing.strokes.isEmpty, let gesture = EditingGesture.shaped(stroke.path.points.map { Point(x: $0.x, y: $0.y) }) {
            // In context: only over strokes is it a gesture (half a stroke's points under a
            // scratch-out, nine tenths inside a lasso); otherwise it is ink.
            let share = gesture.kind == .scratchOut ? 0.5 : 0.9
            let under = drawing.strokes.indices.filter { index in
                gesture.coverage(of: drawing.strokes[index].path.points.map { Point(x: $0.x, y: $0.y) }) >= share
            }
            if !under.isEmpty {
                editingOutcomes.append(EditingOutcome(kind: gesture.kind, gestureID: id, strokeIDs: under.map { strokeIDs[$0] }))
                if gesture.kind == .scratchOut {
                    for index in under { changes.append(.erased(id: strokeIDs[index])) }
                    for index in under.reversed() {
                        drawing.strokes.remove(at: index)
                        strokeIDs.remove(at: index)
                    }
                    return
                }
            }
        }
        drawing.strokes.append(stroke)
        strokeIDs.append(id)
    }

    /// The editing gestures judged since the last call, in order.
    public mutating func takeEditingOutcomes() -> [EditingOutcome] {
        defer { editingOutcomes.removeAll() }
        return editingOutcomes
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
