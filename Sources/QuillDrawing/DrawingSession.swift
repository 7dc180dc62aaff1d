import QuillCore
import QuillGestures
import QuillShapes
import QuillStroke

/// One drawing from a tablet's events: pens and fingers in, the person's preferences and the
/// drawing policy applied once, strokes with stable ids out.
///
/// Every client that draws hands its ``TabletEvent``s here in the source's order — `quill strokes`,
/// `quill render`, `quill shapes`, `quill gestures` — and so draws the same drawing of the same
/// recording:
/// - a pen's sample goes through ``PencilSession`` first (a double tap to the eraser makes the pen
///   end erase: a mode, never a change of what was drawn; between strokes at once, during a stroke
///   from the next one, since a stroke is all ink or all eraser — as libquill's engine and an ink
///   change do), then into the
///   ``DrawingRecorder`` (ink, the eraser, hold to snap, Scribble's editing gestures);
/// - a touch lands where the pen would at the same millimetres (a screen tablet's touch surface is
///   its pen's), goes to the finger recognizer, and a finger's ink joins the drawing when the
///   drawing policy lets a finger draw;
/// - the drawing takes the canvas of the first pen's mapping (or the first touch surface's, when a
///   finger draws before any pen).
///
/// `Options` turn behaviours off (`--no-gestures`, `--no-snap-shapes`, …), never per client.
public struct DrawingSession {
    /// What the session does beside inking; each is a command's option.
    public struct Options: Sendable {
        /// The pen's double taps and squeezes act (the person's preferred actions). Off: the pen
        /// end always inks; fingers still draw by the policy.
        public var gestures: Bool
        /// How the eraser erases: only what it touches, or whole strokes.
        public var eraser: DrawingRecorder.EraserKind
        /// Sharp corners kept as corners (nil: every stroke smoothed through).
        public var corners: CornerParameters?
        /// Hold to snap (nil: strokes stay as drawn).
        public var shapes: ShapeParameters?
        /// Scribble's scratch-out and lasso over the ink.
        public var editingGestures: Bool
        /// The stroke engine's prediction.
        public var prediction: PredictionParameters
        /// Keep the finished strokes (off: memory stays flat; only updates are given).
        public var keepsDrawing: Bool
        /// Predict the tip (off for a client that never shows the prediction).
        public var predicts: Bool

        /// The defaults: everything on, bitmap eraser, no prediction computed.
        public init(
            gestures: Bool = true, eraser: DrawingRecorder.EraserKind = .bitmap, corners: CornerParameters? = .defaults, shapes: ShapeParameters? = .defaults,
            editingGestures: Bool = true, prediction: PredictionParameters = .defaults, keepsDrawing: Bool = true, predicts: Bool = false
        ) {
            self.gestures = gestures
            self.eraser = eraser
            self.corners = corners
            self.shapes = shapes
            self.editingGestures = editingGestures
            self.prediction = prediction
            self.keepsDrawing = keepsDrawing
            self.predicts = predicts
        }
    }

    /// The Apple Pencil model: double tap, squeeze, the tool state, fingers.
    public private(set) var pencil: PencilSession
    /// The drawing, once a pen or a drawing finger has given its canvas.
    public private(set) var recorder: DrawingRecorder?
    public let options: Options
    public let ink: Ink
    /// The touch surfaces' mapping once a touch was seen, else the pen's: where fingers land.
    private var touchMapping: TabletMapping?
    /// Per pen (``PenSample/deviceIndex``): whether its stroke in progress erases, decided when it began.
    private var strokeErases: [Int: Bool] = [:]

    /// A session drawing with `ink`, the person's `preferences` and the app's `drawingPolicy`;
    /// the drawing takes its canvas from the first pen (or drawing finger) of the source.
    public init(ink: Ink, pencil: PencilSession, options: Options = Options()) {
        self.ink = ink
        self.pencil = pencil
        self.options = options
    }

    /// A session whose drawing has its canvas from the start: a window's, which draws before any
    /// source is known (`mapping`: the tablet's millimetres onto that canvas).
    public init(ink: Ink, pencil: PencilSession, mapping: TabletMapping, options: Options = Options()) {
        self.init(ink: ink, pencil: pencil, options: options)
        recorder = makeRecorder(mapping)
    }

    /// A session over a drawing the caller made (libquill's engine: its eraser radius, smoothing
    /// and prediction switches are the caller's).
    public init(pencil: PencilSession, recorder: DrawingRecorder, options: Options = Options()) {
        self.init(ink: recorder.engine.ink, pencil: pencil, options: options)
        self.recorder = recorder
    }

    /// The mapping of the drawing (its first pen's, or touch surface's): nil before either.
    public var mapping: TabletMapping? { recorder?.engine.mapping }
    /// The drawing so far (nil before a pen or drawing finger gave its canvas).
    public var drawing: Drawing? { recorder?.drawing }

    /// `touch` where the drawing places it: the pen's canvas point for its millimetres.
    public func placed(_ touch: TouchSample) -> TouchSample {
        var touch = touch
        if let mapping = touchMapping ?? recorder?.engine.mapping { touch.location = mapping.canvasPoint(for: touch.tabletLocation) }
        return touch
    }

    /// Handles one event of `source`: appends the pen's outcomes and the finger gestures to
    /// `outcomes` and `fingers` (in order; the caller empties them), adds a pen's sample or a
    /// finger's ink to the drawing, and returns what the stroke engine displays for a pen sample
    /// in contact.
    @discardableResult
    public mutating func handle(
        _ event: TabletEvent, from source: some DeviceMappings, outcomes: inout [PencilInteraction.Outcome], fingers: inout [FingerGesture]
    ) -> StrokeUpdate? {
        if case .touch(let touch) = event, touchMapping == nil { touchMapping = source.touchMapping(forDevice: touch.deviceIndex) }
        let fingersBefore = fingers.count
        interact(event, outcomes: &outcomes, fingers: &fingers)
        for case .ink(let fingerSample) in fingers[fingersBefore...] {
            if recorder == nil, let mapping = touchMapping { recorder = makeRecorder(mapping) }
            // A finger draws with the tool in use, as the pen does (the eraser erases).
            add(options.gestures ? inking(fingerSample) : fingerSample)
        }
        guard case .sample(let sample) = event else { return nil }
        // The pen's mapping, once there is a pen: fingers land where it would.
        if recorder == nil || touchMapping == nil { touchMapping = source.mapping(forDevice: sample.deviceIndex) ?? touchMapping }
        if recorder == nil, let mapping = source.mapping(forDevice: sample.deviceIndex) { recorder = makeRecorder(mapping) }
        return add(options.gestures ? inking(sample) : sample)
    }

    /// The Apple Pencil model's part of one event, without drawing: a touch placed where the pen
    /// would land, double taps and squeezes as `outcomes`, the fingers' gestures (a finger's ink
    /// among them, for the caller to ``add(_:)`` when it draws) as `fingers`. A window that
    /// handles its palette and text boxes between the event and the drawing calls this, then
    /// ``inking(_:)`` and ``add(_:)``; ``handle(_:from:outcomes:fingers:)`` does all three.
    public mutating func interact(_ event: TabletEvent, outcomes: inout [PencilInteraction.Outcome], fingers: inout [FingerGesture]) {
        var event = event
        if case .touch(let touch) = event { event = .touch(placed(touch)) }
        // Without gestures the pen's events leave the session out; fingers still go by the policy.
        if options.gestures || event.isTouchEvent {
            pencil.handle(event, into: &outcomes, fingers: &fingers)
        }
    }

    /// The pen's sample as the drawing takes it: while the tool in use is the eraser (a double tap
    /// to the eraser, a squeeze, a palette), the pen end erases — a mode, never content. The
    /// mode a stroke began with holds to its end (a stroke is all ink or all eraser): a switch
    /// while the tip is down takes the next stroke, as libquill's engine and an ink change do.
    public mutating func inking(_ sample: PenSample) -> PenSample {
        let device = sample.deviceIndex
        let erases: Bool
        switch sample.phase {
        case .began:
            erases = pencil.isErasing
            strokeErases[device] = erases
        case .hover:
            // Hovering: the tool in use now (what a hover preview shows).
            erases = pencil.isErasing
            strokeErases[device] = nil
        case .moved, .ended, .cancelled:
            if let decided = strokeErases[device] {
                erases = decided
            } else {
                erases = pencil.isErasing
                strokeErases[device] = erases
            }
        }
        guard erases, sample.tool != .eraser else { return sample }
        var erasing = sample
        erasing.tool = .eraser
        return erasing
    }

    /// Adds a sample to the drawing as it is (a pen's after ``inking(_:)``, or a finger's ink);
    /// returns what the stroke engine displays for a sample in contact. Nothing happens before the
    /// drawing has its canvas.
    @discardableResult
    public mutating func add(_ sample: PenSample) -> StrokeUpdate? { recorder?.add(sample) }

    /// Adds a sample as ``add(_:)`` does, the ink's new geometry appended to `geometry` (the
    /// caller's buffer) and `prediction` (millimetres, the platform's) in place of Quill's own.
    @discardableResult
    public mutating func add(_ sample: PenSample, prediction: TabletPoint?, appendingInkTo geometry: inout BrushGeometry) -> StrokeUpdate? {
        recorder?.add(sample, prediction: prediction, appendingInkTo: &geometry)
    }

    /// The person picked `tool` (a palette, a key): it becomes the tool in use.
    public mutating func select(_ tool: DrawingTool) -> [ToolState.Change] { pencil.select(tool) }

    /// The ink of the next strokes (the stroke in progress keeps its own).
    public mutating func setInk(_ ink: Ink) { recorder?.setInk(ink) }

    /// The drawing becomes `drawing` (an undo, a redo, a document opened).
    public mutating func replaceStrokes(with drawing: Drawing) { recorder?.replaceStrokes(with: drawing) }

    /// The predicted tail of the stroke in progress toward `update`, into `tail` (emptied when none).
    public mutating func predictionTail(toward update: StrokeUpdate?, into tail: inout BrushGeometry) {
        if recorder == nil { tail.removeAll() } else { recorder?.predictionTail(toward: update, into: &tail) }
    }

    /// When the pencil model next needs time to pass (a pending single press, a squeeze hold), in
    /// the samples' clock (seconds); nil when nothing waits.
    public var nextDeadline: Double? { options.gestures ? pencil.nextDeadline : nil }

    /// Time passed to `time` (seconds, the samples' clock) with no event.
    public mutating func advance(to time: Double, outcomes: inout [PencilInteraction.Outcome]) {
        if options.gestures { pencil.advance(to: time, into: &outcomes) }
    }

    /// Ends what is open at the end of the input: pending presses settle at `time` (seconds, the
    /// samples' clock), strokes in progress finish.
    public mutating func finish(at time: Double, outcomes: inout [PencilInteraction.Outcome]) {
        if options.gestures { pencil.finish(at: time, into: &outcomes) }
        finishStrokes()
    }

    /// Strokes in progress finish (the pencil model's pending presses stay pending).
    public mutating func finishStrokes() {
        recorder?.finish()
        strokeErases.removeAll(keepingCapacity: true)
    }

    /// What changed in the drawing since last asked (the eraser's erasures and splits), oldest first.
    public mutating func takeChanges() -> [DrawingRecorder.Change] { recorder?.takeChanges() ?? [] }

    /// Scribble's editing gestures recognized since last asked.
    public mutating func takeEditingOutcomes() -> [DrawingRecorder.EditingOutcome] { recorder?.takeEditingOutcomes() ?? [] }

    private func makeRecorder(_ mapping: TabletMapping) -> DrawingRecorder {
        DrawingRecorder(
            ink: ink, mapping: mapping, eraser: options.eraser, prediction: options.prediction, corners: options.corners, shapes: options.shapes,
            editingGestures: options.editingGestures, keepsDrawing: options.keepsDrawing, predicts: options.predicts)
    }
}
