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
///   end erase from that sample on: a mode, never a change of what was drawn), then into the
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

    /// A session drawing with `ink`, the person's `preferences` and the app's `drawingPolicy`.
    public init(ink: Ink, pencil: PencilSession, options: Options = Options()) {
        self.ink = ink
        self.pencil = pencil
        self.options = options
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
        var event = event
        if case .touch(let touch) = event {
            if touchMapping == nil { touchMapping = source.touchMapping(forDevice: touch.deviceIndex) }
            event = .touch(placed(touch))
        }
        let fingersBefore = fingers.count
        // Without gestures the pen's events leave the session out; fingers still go by the policy.
        if options.gestures || event.isTouchEvent {
            pencil.handle(event, into: &outcomes, fingers: &fingers)
        }
        for case .ink(let fingerSample) in fingers[fingersBefore...] {
            if recorder == nil, let mapping = touchMapping { recorder = makeRecorder(mapping) }
            recorder?.add(fingerSample)
        }
        // The pen's mapping, once there is a pen: fingers land where it would.
        if case .sample(let sample) = event, recorder == nil || touchMapping == nil {
            touchMapping = source.mapping(forDevice: sample.deviceIndex) ?? touchMapping
        }
        guard case .sample(let sample) = event else { return nil }
        if recorder == nil, let mapping = source.mapping(forDevice: sample.deviceIndex) { recorder = makeRecorder(mapping) }
        // A double tap to the eraser makes the pen end erase: a mode, never content.
        return recorder?.add(options.gestures ? pencil.inking(sample) : sample)
    }

    /// Ends what is open at the end of the input: pending presses settle at `time` (seconds, the
    /// samples' clock), strokes in progress finish.
    public mutating func finish(at time: Double, outcomes: inout [PencilInteraction.Outcome]) {
        if options.gestures { pencil.finish(at: time, into: &outcomes) }
        recorder?.finish()
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
