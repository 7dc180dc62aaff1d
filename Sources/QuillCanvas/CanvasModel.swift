import QuillCore
import QuillDrawing
import QuillGestures
import QuillHandwriting
import QuillLayout
import QuillStroke
import QuillSystem

/// Everything a canvas window shows, without the window: the layout of the window (size class,
/// canvas, palette), the drawing and its stroke engine, the tool state driven by double taps,
/// squeezes and pad buttons, the palette, undo and redo. Samples go in; what changed comes out
/// as ``DisplayChange``s for a painter (``CanvasPainter``) to apply in order.
///
/// The drawing lives in its own space, the **document** (the page): points of the canvas rectangle
/// the window had when the canvas was made (or the opened drawing's size). The window shows the
/// document fitted into the layout's canvas rectangle (``documentToWindow``), so a resize moves and
/// scales the picture and never changes the drawing; the page transform (``pageTransform``: Ctrl+scroll,
/// Ctrl+0, finger gestures through ``applyPageGesture(phase:scale:rotation:translation:centroid:)``)
/// then zooms, turns and moves the fitted page: window = pageTransform(fit(page)).
///
/// Input (a tablet mapped onto the document's rectangle, a pointer's points) is in **input
/// points**: points of the fitted page before the page transform, i.e. the tablet covers the
/// window's canvas rectangle whatever the zoom. A sample lands on the page point shown under it
/// (``pagePoint(forInput:)``), so drawing after a zoom or a turn lands under the pen. At the
/// identity, input points are page points.
public final class CanvasModel {
    /// What the painter must do, in order.
    public enum DisplayChange: Sendable {
        /// New pieces of the stroke in contact (document points), in its ink.
        case pieces(BrushGeometry, Ink)
        /// The stroke in contact ended: what was drawn of it is now committed ink.
        case strokeEnded(Ink)
        /// The committed strokes changed otherwise (eraser, undo, redo, clear, open) or the window
        /// was resized: draw everything again.
        case redrawAll
    }

    /// The tool indicator's flash after a recognized gesture or a tool change.
    public struct Feedback: Hashable, Sendable {
        /// What it says, e.g. "double tap → eraser".
        public var text: String
        /// Monotonic seconds when it appeared.
        public var shownAt: Double
    }

    public let options: CanvasOptions
    public private(set) var layout: Layout
    /// The document's size in points.
    public let document: CanvasSize
    /// The drawing and the Apple Pencil model over the input (double tap, squeeze, pad and puck
    /// bindings), as every client of Quill draws: the window's palette and text boxes take their
    /// samples between the pencil model and the drawing.
    public private(set) var drawingSession: DrawingSession
    /// The drawing's recorder (the session made it with the canvas's mapping).
    public var recorder: DrawingRecorder { drawingSession.recorder! }
    /// The Apple Pencil model over the input.
    public var session: PencilSession { drawingSession.pencil }
    /// The preferences and tool state.
    public var interaction: PencilInteraction { session.interaction }
    private var outcomes: [PencilInteraction.Outcome] = []
    public internal(set) var feedback: Feedback?
    /// What finger taps asked for, in order (each was carried out: undo, redo).
    public private(set) var fingerRequests: [FingerRequest] = []
    private var fingerGestures: [FingerGesture] = []
    /// What a pen sample or a pad event gives of finger gestures: none the canvas acts on.
    private var droppedFingerGestures: [FingerGesture] = []
    var changes: [DisplayChange] = []
    /// The last update of the stroke in contact (for the prediction tail), nil between strokes.
    public private(set) var lastUpdate: StrokeUpdate?
    /// True when the stroke in contact is a finger's (its frames are not measured against the pen).
    private var lastUpdateIsFinger = false
    /// How the samples' times map onto the monotonic clock the frames are painted on; nil (the
    /// default) measures no visible gap. ``CanvasWindow`` sets it for its input.
    public var sampleClock: SampleClock?
    /// The gap between the pen and the ink's end in each presented frame
    /// (``notePresentedFrame(at:showsPrediction:)``), once ``sampleClock`` is set.
    public private(set) var visibleGap = VisibleGapMeter()
    /// Where the pen hovers or erases, and whether it is the eraser.
    public struct Pointer: Hashable, Sendable {
        /// In document points.
        public var location: Point
        /// The eraser (an eraser end, or the pen after a double tap to the eraser).
        public var isEraser: Bool
        /// The tip touches the surface.
        public var isTouching: Bool

        public init(location: Point, isEraser: Bool, isTouching: Bool) {
            self.location = location
            self.isEraser = isEraser
            self.isTouching = isTouching
        }
    }

    /// Where the pen hovers or erases, in document points, and whether it is the eraser.
    public private(set) var pointer: Pointer?
    /// A pen stroke that begins on the palette picks from it instead of inking (default true;
    /// a recording played back draws every stroke, its pen never saw the palette).
    public var penUsesPalette = true
    /// A stroke that began on the palette: a palette tap, not ink, until the tip lifts.
    private var isPaletteStroke = false
    /// What undo and redo go back and forth between: the committed strokes and the text boxes' texts.
    struct PageState: Equatable {
        var strokes: [Stroke]
        var texts: [String]
    }
    private var undoStack: [PageState] = []
    private var redoStack: [PageState] = []
    var committed = PageState(strokes: [], texts: [])
    /// The page now: the committed strokes and the text boxes' texts.
    var pageState: PageState { PageState(strokes: recorder.drawing.strokes, texts: textFields.map(\.text)) }
    /// True when the drawing changed since it was last saved or opened.
    public internal(set) var hasUnsavedChanges = false
    /// Monotonic seconds the samples taken since the last ``takeReadTimes()`` were read at.
    private var readTimes: [Double] = []
    /// How the fitted page is zoomed, turned and moved in the window (identity: fitted).
    public private(set) var pageTransform = PageTransform.identity
    /// The page transform when the page gesture in progress began (nil between gestures).
    private var gestureStart: PageTransform?
    /// The outline of the tool's nib under the hovering pen, when the person's preferences ask for
    /// it (`prefersHoverToolPreview`); nil while touching, out of proximity, or with it off.
    public private(set) var hoverPreview: HoverPreview?
    /// The drawing's text boxes people write in with the pen (Scribble), in the order they were made.
    public internal(set) var textFields: [ScribbleField] = []
    /// The last pen sample's time and the monotonic second it came at (``pollTextFields(now:)``).
    var lastSampleClock: (sampleTime: Double, at: Double)?
    /// The text box the stroke in contact writes in, nil when it inks the page.
    var scribbling: Int?
    /// What the text boxes did with the pen's writing and gestures, oldest first.
    public internal(set) var scribbleEdits: [ScribbleEdit] = []
    /// The handwriting recognizer of the text boxes, opened with the first one.
    var handwriting: HandwritingRecognizer?

    /// The ink of each palette control, left to right or top to bottom: the seven inks of
    /// PencilKit, then the eraser (nil).
    public static let paletteInks: [InkType?] = InkType.allCases.map { $0 } + [nil]

    /// What each palette control says, in ``paletteInks``' order: each ink's whole name ("fountain
    /// pen"), then "eraser" (``PaletteLabel/name(of:)``; the painter fits them to the controls).
    public static let paletteLabels: [String] = paletteInks.map(PaletteLabel.name(of:))

    /// A canvas of `options`' window. `mapping` maps a tablet's area (millimetres) onto the
    /// document, whose size is its canvas (a recording's or a live tablet's, as `quill render`
    /// and `quill live` map them); without one, the document is `document` or the layout's canvas
    /// rectangle and input comes in document points (a pointer's, at 96 dpi).
    public init(options: CanvasOptions, document: CanvasSize? = nil, mapping: TabletMapping? = nil) throws {
        self.options = options
        layout = try Layout(windowWidth: options.windowWidth, height: options.windowHeight, hand: options.hand)
        let canvas = layout.canvas
        let size = try document ?? mapping?.canvas ?? CanvasSize(width: canvas.width, height: canvas.height)
        self.document = size
        let used: TabletMapping
        if let mapping, mapping.canvas == size {
            used = mapping
        } else if let mapping {
            used = try TabletMapping(areaWidth: mapping.areaWidth, areaHeight: mapping.areaHeight, canvas: size, mode: mapping.mode, rotation: mapping.rotation)
        } else {
            used = try TabletMapping(areaWidth: size.width / Self.pointerPointsPerMillimetre, areaHeight: size.height / Self.pointerPointsPerMillimetre, canvas: size)
        }
        let tool = DrawingTool(ink: options.ink.type.rawValue, color: options.ink.color.hexString, width: options.ink.width)
        var session = DrawingSession(
            ink: options.ink, pencil: PencilSession(preferences: options.preferences, drawingPolicy: options.drawingPolicy), mapping: used,
            options: .init(eraser: options.eraser, prediction: options.prediction, predicts: true))
        _ = session.select(tool)
        drawingSession = session
    }

    /// Window points per millimetre assumed for a pointer's samples (a 96-dpi screen).
    public static let pointerPointsPerMillimetre = 96 / 25.4

    // MARK: - Window

    /// The window is now `width` × `height` points (each ≥ 320): the layout (size class, canvas,
    /// palette) is computed again and everything is redrawn. Throws `LayoutError` below 320.
    public func resize(width: Double, height: Double) throws {
        guard width != layout.window.width || height != layout.window.height else { return }
        layout = try Layout(windowWidth: width, height: height, hand: options.hand)
        changes.append(.redrawAll)
    }

    /// The document fitted into the layout's canvas rectangle, before the page transform:
    /// fitted = document × scale + origin (window points). It maps input points to the window too.
    public var documentToWindow: (scale: Double, x: Double, y: Double) {
        let canvas = layout.canvas
        let scale = min(canvas.width / document.width, canvas.height / document.height)
        return (scale, canvas.x + (canvas.width - document.width * scale) / 2, canvas.y + (canvas.height - document.height * scale) / 2)
    }

    /// Window points per page point now: the fit's scale × the page transform's zoom.
    public var pageScale: Double { documentToWindow.scale * pageTransform.scale }

    /// The window point (points) of a document point (points), through the fit and the page transform.
    public func windowPoint(x: Double, y: Double) -> Point {
        pageTransform.windowPoint(for: fittedPoint(x: x, y: y))
    }

    /// The window point (points) of a document point (points), through the fit and the page transform.
    public func windowPoint(_ point: Point) -> Point { windowPoint(x: point.x, y: point.y) }

    /// The document point (points) shown at a window point (points): the inverse of ``windowPoint(_:)``.
    public func documentPoint(x: Double, y: Double) -> Point {
        unfitted(pageTransform.fittedPoint(for: Point(x: x, y: y)))
    }

    /// The document point (points) shown at a window point (points): the inverse of ``windowPoint(_:)``.
    public func documentPoint(_ point: Point) -> Point { documentPoint(x: point.x, y: point.y) }

    /// The input point (points) of a window point (points): the fit alone undone, as a pointer's
    /// or a screen tablet's sample at that window point carries it. ``add(_:readAt:now:)`` puts it
    /// on the page point shown there.
    public func inputPoint(windowX x: Double, y: Double) -> Point { unfitted(Point(x: x, y: y)) }

    /// The window point (points) over which an input point (points) is: the fit alone (the
    /// palette is picked there, whatever the page transform).
    public func windowPoint(forInput input: Point) -> Point { fittedPoint(x: input.x, y: input.y) }

    /// The page point (document points) an input point (points) lands on: the one shown in the
    /// window where the input point is (the input point itself at the identity).
    public func pagePoint(forInput input: Point) -> Point {
        guard !pageTransform.isIdentity else { return input }
        return unfitted(pageTransform.fittedPoint(for: fittedPoint(x: input.x, y: input.y)))
    }

    private func fittedPoint(x: Double, y: Double) -> Point {
        let t = documentToWindow
        return Point(x: t.x + x * t.scale, y: t.y + y * t.scale)
    }

    private func unfitted(_ point: Point) -> Point {
        let t = documentToWindow
        return Point(x: (point.x - t.x) / t.scale, y: (point.y - t.y) / t.scale)
    }

    // MARK: - Page transform

    /// The phases of a page gesture (pinch, rotate and pan as one transform).
    public enum PageGesturePhase: String, Hashable, Sendable {
        /// The touches came down: the gesture's values start at scale 1, rotation 0, translation 0.
        case began
        /// The touches moved: the values are the gesture's since it began.
        case changed
        /// The touches lifted: the last values stay.
        case ended
        /// The gesture was called off: the page goes back to where it was when it began.
        case cancelled
    }

    /// A finger gesture moving the page like a sheet of paper: `scale` (> 0), `rotation`
    /// (radians, clockwise on the screen) and `translation` (window points) are the gesture's
    /// since it began, `centroid` is where the touches' centroid is now (window points). The page
    /// point under the centroid when the gesture began stays under it (see
    /// ``PageTransform/applying(scale:rotation:translation:centroid:)``); the zoom stops at
    /// ``PageTransform/scaleRange`` (clamped, not an error). Each call but a repeat redraws all.
    /// Throws `ParameterError` for a scale not > 0 or a value not finite (the page stays).
    public func applyPageGesture(phase: PageGesturePhase, scale: Double, rotation: Double, translation: Point, centroid: Point) throws {
        let start = phase == .began ? pageTransform : gestureStart ?? pageTransform
        let moved: PageTransform
        if phase == .cancelled {
            moved = start
        } else {
            moved = try start.applying(scale: scale, rotation: rotation, translation: translation, centroid: centroid)
        }
        gestureStart = phase == .began || phase == .changed ? start : nil
        setPageTransform(moved)
    }

    /// Zooms the page by `factor` (> 0; 2 doubles the zoom) about a window point (points) that
    /// stays where it is (Ctrl+scroll about the pointer). The zoom stops at
    /// ``PageTransform/scaleRange``. Throws `ParameterError` for a factor not > 0 or not finite.
    public func zoomPage(by factor: Double, about point: Point) throws {
        setPageTransform(try pageTransform.applying(scale: factor, rotation: 0, translation: .zero, centroid: point))
        if let start = gestureStart { gestureStart = try start.applying(scale: factor, rotation: 0, translation: .zero, centroid: point) }
    }

    /// The page fitted again (Ctrl+0): the identity transform.
    public func resetPageTransform() {
        gestureStart = nil
        setPageTransform(.identity)
    }

    private func setPageTransform(_ transform: PageTransform) {
        guard transform != pageTransform else { return }
        pageTransform = transform
        changes.append(.redrawAll)
    }

    /// The palette control at a window point, or nil.
    public func paletteControl(atWindowX x: Double, y: Double) -> Int? {
        layout.palette.controls.firstIndex { $0.contains(Point(x: x, y: y)) }
    }

    // MARK: - Input

    /// One event of any source (a recording, a live tablet): samples draw, proximity-outs and
    /// pad events act through the gesture session. `readAt` is the monotonic second it was read,
    /// for the latency statistics.
    public func handle(_ event: TabletEvent, readAt: Double? = nil, now: Double) {
        switch event {
        case .sample(let sample): add(sample, readAt: readAt, now: now)
        case .proximityOut, .deviceRemoved:
            // The pen went away: what it wrote in a text box is read now.
            commitTextFields(now: now)
            visibleGap.penLeft()
            drawingSession.interact(event, outcomes: &outcomes, fingers: &droppedFingerGestures)
            droppedFingerGestures.removeAll(keepingCapacity: true)
            showOutcomes(now: now)
            pointer = nil
            hoverPreview = nil
        case .pad:
            drawingSession.interact(event, outcomes: &outcomes, fingers: &droppedFingerGestures)
            droppedFingerGestures.removeAll(keepingCapacity: true)
            showOutcomes(now: now)
        case .touch, .touchFrame:
            // Fingers land where the pen would at the same millimetres (a screen tablet's touch
            // surface is its pen's), in the input space.
            drawingSession.interact(event, outcomes: &outcomes, fingers: &fingerGestures)
            actOnFingers(readAt: readAt, now: now)
        case .proximityIn, .deviceAdded, .deviceBack:
            break
        }
    }

    /// Finger gestures of the last touches, in the person's model: a two-finger tap undoes, a
    /// three-finger tap redoes (with feedback), pinch, rotate and pan move the page, a finger that
    /// may draw draws.
    private func actOnFingers(readAt: Double?, now: Double) {
        guard !fingerGestures.isEmpty else { return }
        // The buffer is taken and given back (no copy): nothing below adds finger gestures.
        var gestures = fingerGestures
        fingerGestures = []
        defer {
            gestures.removeAll(keepingCapacity: true)
            fingerGestures = gestures
        }
        for gesture in gestures {
            switch gesture {
            case .tap:
                switch gesture.request {
                case .undo:
                    undo()
                    fingerRequests.append(.undo)
                    feedback = Feedback(text: "two-finger tap → undo", shownAt: now)
                case .redo:
                    redo()
                    fingerRequests.append(.redo)
                    feedback = Feedback(text: "three-finger tap → redo", shownAt: now)
                case nil:
                    break
                }
            case .transform(let transform):
                // The start centroid's image, in window points: the page point under it stays under it.
                let start = windowPoint(forInput: transform.startCentroid)
                let image = windowPoint(forInput: Point(x: transform.startCentroid.x + transform.translation.x, y: transform.startCentroid.y + transform.translation.y))
                let phase: PageGesturePhase
                switch transform.phase {
                case .began: phase = .began
                case .changed: phase = .changed
                case .ended: phase = .ended
                case .cancelled: phase = .cancelled
                }
                try? applyPageGesture(
                    phase: phase, scale: transform.scale, rotation: transform.rotation,
                    translation: Point(x: image.x - start.x, y: image.y - start.y), centroid: image)
            case .ink(let sample):
                // Timed from its touch's read (a held-back stroke's samples from the read that let them out).
                // A finger inks the page, never a text box (Scribble is the pen's).
                add(sample, readAt: readAt, now: now, fromFinger: true)
            }
        }
    }

    /// One sample of the pen (any source: a recording, a live tablet, a toolkit pointer).
    /// `readAt` is the monotonic second it was read, for the latency statistics.
    public func add(_ original: PenSample, readAt: Double? = nil, now: Double) {
        add(original, readAt: readAt, now: now, fromFinger: false)
    }

    /// A sample of the pen, or of a finger that draws (`fromFinger`: it never writes in a text box).
    private func add(_ original: PenSample, readAt: Double?, now: Double, fromFinger: Bool) {
        // Where the pen is, on the frames' clock, whatever the sample does (the tablet's own millimetres).
        if !fromFinger, let sampleClock { visibleGap.addPen(at: original.tabletLocation, time: sampleClock.monotonic(original.time)) }
        if !fromFinger {
            // The pen's sample for the pencil model (finger gestures come from touches only).
            drawingSession.interact(.sample(original), outcomes: &outcomes, fingers: &droppedFingerGestures)
            droppedFingerGestures.removeAll(keepingCapacity: true)
            showOutcomes(now: now)
        }
        // A double tap to the eraser makes the tool erase: a mode, never content (from the next stroke).
        var sample = drawingSession.inking(original)
        let mapping = recorder.engine.mapping
        let input = mapping.canvasPoint(for: sample.tabletLocation)
        let canvasPoint = pagePoint(forInput: input)
        if !pageTransform.isIdentity {
            // The page point under the pen, and the pen's azimuth as the turned page sees it.
            sample.tabletLocation = mapping.tabletPoint(for: canvasPoint)
            if sample.azimuth.isFinite { sample.azimuth = Self.positiveAngle(sample.azimuth - pageTransform.rotation) }
        }
        let touching = sample.phase == .began || sample.phase == .moved
        if sample.phase == .began, penUsesPalette {
            let window = windowPoint(forInput: input)
            isPaletteStroke = pick(atWindowX: window.x, y: window.y, now: now)
        }
        pointer = sample.phase == .cancelled || sample.phase == .ended && sample.distance >= 1
            ? nil : Pointer(location: canvasPoint, isEraser: sample.tool == .eraser, isTouching: touching)
        hoverPreview = sample.phase == .hover && !isOverPalette(input) ? preview(of: sample, at: canvasPoint) : nil
        if isPaletteStroke {
            if !touching { isPaletteStroke = false }
            return
        }
        if scribble(sample, at: canvasPoint, now: now, fromFinger: fromFinger) { return }
        readTimes.append(readAt ?? MonotonicClock.now())
        let update = drawingSession.add(sample)
        if sample.tool != .eraser, let update {
            if !recorder.latestGeometry.triangles.isEmpty { changes.append(.pieces(recorder.latestGeometry, recorder.engine.currentStroke?.ink ?? recorder.engine.ink)) }
            lastUpdate = update.isEnd ? nil : update
            lastUpdateIsFinger = fromFinger
        }
        if update?.isEnd == true { lastUpdate = nil }
        noteCommitted(erased: !drawingSession.takeChanges().isEmpty, endedInk: sample.tool != .eraser && update?.isEnd == true, now: now)
    }

    /// The nib outline of the tool in use for a hovering `sample` at `page` (document points), or
    /// nil when the person's preferences turn the preview off. The eraser's is its circle; an
    /// ink's is the mark it would make touching down here with the pen's tilt at the ink's
    /// nominal width (``HoverPreview/nominalPressure``).
    private func preview(of sample: PenSample, at page: Point) -> HoverPreview? {
        guard interaction.preferences.prefersHoverToolPreview else { return nil }
        if sample.tool == .eraser {
            return HoverPreview(eraserAt: page, radius: recorder.eraserRadius)
        }
        return HoverPreview(ink: recorder.engine.ink, at: page, altitude: sample.altitude, azimuth: sample.azimuth)
    }

    /// True when an input point (points) is over the palette in the window (a pen there picks).
    private func isOverPalette(_ input: Point) -> Bool {
        guard penUsesPalette else { return false }
        let window = windowPoint(forInput: input)
        return layout.palette.background.contains(window) || colorSwatches.contains { $0.contains(window) }
    }

    /// The same angle in 0 ..< 2π (the samples' azimuth range).
    private static func positiveAngle(_ angle: Double) -> Double {
        let turned = angle.truncatingRemainder(dividingBy: 2 * .pi)
        return turned < 0 ? turned + 2 * .pi : turned
    }

    /// The tool of `device` left proximity (a recording's or a live tablet's proximity-out).
    public func proximityOut(at time: Double, device: Int = 0, now: Double) {
        handle(.proximityOut(device: device, tool: .pen, time: time, isForced: false), now: now)
    }

    /// Time passes on the samples' clock without a sample: a held squeeze ends at its deadline, ink
    /// left alone in a text box is read.
    public func advance(toSampleTime time: Double, now: Double) {
        advanceTextFields(to: time, now: now)
        guard let deadline = drawingSession.nextDeadline, deadline <= time else { return }
        drawingSession.advance(to: time, outcomes: &outcomes)
        showOutcomes(now: now)
    }

    /// Ends the input: an open stroke is committed.
    public func finish() {
        let open = recorder.engine.currentStroke != nil && lastUpdate != nil
        let ink = recorder.engine.currentStroke?.ink ?? recorder.engine.ink
        commitTextFields(now: nil)
        drawingSession.finishStrokes()
        lastUpdate = nil
        visibleGap.penLeft()
        noteCommitted(erased: !drawingSession.takeChanges().isEmpty, endedInk: open ? true : false, ink: ink)
    }

    private func showOutcomes(now: Double) {
        for outcome in outcomes { show(outcome, now: now) }
        outcomes.removeAll(keepingCapacity: true)
        applyTool()
    }

    private func show(_ outcome: PencilInteraction.Outcome, now: Double) {
        switch outcome.gesture {
        case .doubleTap, .squeeze(.began), .padButton, .puckButton, .padDial: break
        default: guard outcome.toolBefore != outcome.toolAfter else { return }
        }
        let name: String
        switch outcome.gesture {
        case .doubleTap: name = "double tap"
        case .squeeze: name = "squeeze"
        case let .padButton(number): name = "pad button \(number)"
        case let .puckButton(button): name = "puck \(button)"
        case .padDial: name = "pad dial"
        case let .button(_, pressed): name = pressed ? "button" : "button up"
        case let .eraserEnd(isIn): name = isIn ? "eraser end" : "pen end"
        }
        let what: String
        if outcome.toolBefore != outcome.toolAfter {
            what = "→ \(outcome.toolAfter.ink)"
        } else if outcome.action == .ignore {
            what = "ignored"
        } else {
            what = "(\(outcome.action.map { String(describing: $0) } ?? "no action"))"
        }
        feedback = Feedback(text: "\(name) \(what)", shownAt: now)
    }

    /// The ink of the tool in use goes to the engine (the eraser keeps the last ink for later).
    private func applyTool() {
        let tool = interaction.state.current
        guard !tool.isEraser, let type = InkType(rawValue: tool.ink), let color = try? InkColor(hex: tool.color) else { return }
        let width = type.widthRange.contains(tool.width) ? tool.width : type.defaultWidth
        if let ink = try? Ink(type: type, color: color, width: width), ink != recorder.engine.ink { drawingSession.setInk(ink) }
    }

    // MARK: - Palette and keys

    /// The colours of the colour palette (a double tap or squeeze set to "show colour palette").
    public static let paletteColors = ["#0D3FBF", "#1A1A1A", "#D9480F", "#2B8A3E", "#E03131", "#F59F00", "#7048E8", "#FFFFFF"]

    /// Where the colour palette's swatches are while it is shown (window points), else empty:
    /// beside the tool palette, on the side away from the window's nearer edge.
    public var colorSwatches: [Rect] {
        guard interaction.state.shownPalettes.contains(.color) else { return [] }
        let palette = layout.palette.background
        let side = 32.0, gap = 6.0
        return Self.paletteColors.indices.map { index in
            if layout.palette.isDocked {
                return Rect(x: palette.x + 8 + Double(index) * (side + gap), y: palette.y - side - 10, width: side, height: side)
            }
            let x = palette.x + palette.width / 2 < layout.window.width / 2 ? palette.x + palette.width + 10 : palette.x - side - 10
            return Rect(x: x, y: palette.y + 8 + Double(index) * (side + gap), width: side, height: side)
        }
    }

    /// A tap at a window point: on a colour swatch it picks the colour, on a palette control the
    /// ink or the eraser. True when the point is on a palette (the tap is the palette's, not ink).
    @discardableResult
    public func pick(atWindowX x: Double, y: Double, now: Double) -> Bool {
        let at = Point(x: x, y: y)
        if let swatch = colorSwatches.firstIndex(where: { $0.contains(at) }) {
            chooseColor(swatch, now: now)
            return true
        }
        if let control = paletteControl(atWindowX: x, y: y) { choose(control: control, now: now) }
        return layout.palette.background.contains(at)
    }

    /// The person chose colour `index` of the colour palette: the tool keeps its ink in that colour.
    public func chooseColor(_ index: Int, now: Double) {
        guard Self.paletteColors.indices.contains(index) else { return }
        var tool = interaction.state.current.isEraser ? interaction.state.previous : interaction.state.current
        tool.color = Self.paletteColors[index]
        if !drawingSession.select(tool).isEmpty { feedback = Feedback(text: "colour \(tool.color)", shownAt: now) }
        applyTool()
    }

    /// The person chose palette control `index` (an ink, or the eraser).
    public func choose(control index: Int, now: Double) {
        guard Self.paletteInks.indices.contains(index) else { return }
        let current = interaction.state.current
        let tool: DrawingTool
        if let type = Self.paletteInks[index] {
            let color = current.isEraser ? interaction.state.previous.color : current.color
            tool = DrawingTool(ink: type.rawValue, color: color, width: type.defaultWidth)
        } else {
            tool = .eraser
        }
        let changes = drawingSession.select(tool)
        applyTool()
        if !changes.isEmpty { feedback = Feedback(text: "palette → \(tool.ink)", shownAt: now) }
    }

    /// Undoes the last change of the page: a stroke, an erase, a clear, or a text box's edit
    /// (handwriting read, a scratch-out, a join or split, an opened space).
    public func undo() {
        guard let last = undoStack.popLast() else { return }
        redoStack.append(pageState)
        restore(last)
    }

    /// Redoes what ``undo()`` took back.
    public func redo() {
        guard let next = redoStack.popLast() else { return }
        undoStack.append(pageState)
        restore(next)
    }

    /// Removes every stroke (undoable); the text boxes keep their text.
    public func clear() {
        guard !recorder.drawing.strokes.isEmpty else { return }
        undoStack.append(pageState)
        redoStack.removeAll()
        restore(PageState(strokes: [], texts: textFields.map(\.text)))
    }

    /// Puts an opened drawing's strokes and text boxes on the canvas (they are not an undoable
    /// change). Throws ``HandwritingError`` when the drawing has text boxes and the handwriting
    /// model cannot be opened, or `ParameterError` for a text box out of range.
    public func open(_ drawing: Drawing) throws {
        textFields = []
        scribbling = nil
        for box in drawing.textBoxes { try addTextBox(box) }
        restore(PageState(strokes: drawing.strokes, texts: drawing.textBoxes.map(\.text)))
        undoStack.removeAll()
        redoStack.removeAll()
        hasUnsavedChanges = false
    }

    /// The drawing was saved: nothing is unsaved any more.
    public func markSaved() { hasUnsavedChanges = false }

    private func restore(_ state: PageState) {
        drawingSession.replaceStrokes(with: Drawing(canvasWidth: document.width, canvasHeight: document.height, strokes: state.strokes))
        for (index, text) in zip(textFields.indices, state.texts) where textFields[index].text != text { textFields[index].setText(text) }
        committed = pageState
        hasUnsavedChanges = true
        changes.append(.redrawAll)
    }

    private func noteCommitted(erased: Bool, endedInk: Bool, ink: Ink? = nil, now: Double? = nil) {
        if endedInk { changes.append(.strokeEnded(ink ?? recorder.drawing.strokes.last?.ink ?? recorder.engine.ink)) }
        // Hold to snap replaced the stroke as drawn with its shape: draw the shape, and say so.
        if endedInk, let shape = recorder.engine.snappedShape {
            changes.append(.redrawAll)
            if let now { feedback = Feedback(text: "held → \(shape.kind.rawValue)", shownAt: now) }
        }
        if erased { changes.append(.redrawAll) }
        // Only the strokes can have changed here (a text box's edits note themselves): compared
        // before the page's state is gathered, so a sample that changes nothing allocates nothing.
        guard recorder.drawing.strokes != committed.strokes else { return }
        noteChange()
    }

    /// The page changed (strokes committed or erased, a text box edited): one undoable step.
    func noteChange() {
        let now = pageState
        guard now != committed else { return }
        undoStack.append(committed)
        redoStack.removeAll()
        committed = now
        hasUnsavedChanges = true
    }

    // MARK: - For the painter

    /// What changed since the last call, in order.
    public func takeChanges() -> [DisplayChange] {
        defer { changes.removeAll(keepingCapacity: true) }
        return changes
    }

    /// The monotonic seconds the samples drawn since the last call were read at.
    public func takeReadTimes() -> [Double] {
        defer { readTimes.removeAll(keepingCapacity: true) }
        return readTimes
    }

    /// The prediction tail for this frame (document points), into `tail`.
    public func predictionTail(into tail: inout BrushGeometry) {
        guard let lastUpdate else {
            tail.removeAll()
            return
        }
        drawingSession.predictionTail(toward: lastUpdate, into: &tail)
    }

    /// A frame was presented (painted) at monotonic second `time`; `showsPrediction` when it drew
    /// the prediction tail. When it shows the ink of a pen stroke in contact and ``sampleClock`` is
    /// set, ``visibleGap`` notes where the ink ends — the tail's tip, and the last committed point —
    /// and measures the pen's distance from both once its samples reach past `time`.
    public func notePresentedFrame(at time: Double, showsPrediction: Bool) {
        guard sampleClock != nil, let update = lastUpdate, !lastUpdateIsFinger else { return }
        let committed = shownTabletPoint(ofPage: update.tabletLocation)
        let drawn = showsPrediction ? shownTabletPoint(ofPage: update.predictedTabletLocation) : committed
        visibleGap.presented(at: time, drawnEnd: drawn, committedEnd: committed)
    }

    /// The tablet's millimetres under which a page point (in the page's millimetres, as the stroke
    /// engine's updates have it) shows: the page transform taken into account, so the gap is the
    /// one seen, at the tablet's scale (the page's own millimetres at the identity).
    func shownTabletPoint(ofPage point: TabletPoint) -> TabletPoint {
        guard !pageTransform.isIdentity else { return point }
        let mapping = recorder.engine.mapping
        let window = windowPoint(mapping.canvasPoint(for: point))
        return mapping.tabletPoint(for: inputPoint(windowX: window.x, y: window.y))
    }

    /// The feedback still showing at monotonic second `now` (it shows for 0.8 s).
    public func visibleFeedback(at now: Double) -> Feedback? {
        guard let feedback, now - feedback.shownAt < Self.feedbackDuration else { return nil }
        return feedback
    }

    /// Seconds a feedback flash stays: 0.8.
    public static let feedbackDuration = 0.8
}
