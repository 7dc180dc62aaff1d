import QuillCore
import QuillGestures
import QuillLayout
import QuillStroke

/// Everything a canvas window shows, without the window: the layout of the window (size class,
/// canvas, palette), the drawing and its stroke engine, the tool state driven by double taps,
/// squeezes and pad buttons, the palette, undo and redo. Samples go in; what changed comes out
/// as ``DisplayChange``s for a painter (``CanvasPainter``) to apply in order.
///
/// The drawing lives in its own space, the **document**: points of the canvas rectangle the window
/// had when the canvas was made (or the opened drawing's size). The window shows the document
/// fitted into the layout's canvas rectangle (``documentToWindow``), so a resize moves and scales
/// the picture and never changes the drawing.
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
    public private(set) var recorder: DrawingRecorder
    /// The Apple Pencil model over the input (double tap, squeeze, pad and puck bindings).
    public private(set) var session: PencilSession
    /// The preferences and tool state.
    public var interaction: PencilInteraction { session.interaction }
    private var outcomes: [PencilInteraction.Outcome] = []
    public private(set) var feedback: Feedback?
    private var changes: [DisplayChange] = []
    /// The last update of the stroke in contact (for the prediction tail), nil between strokes.
    public private(set) var lastUpdate: StrokeUpdate?
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
    private var undoStack: [[Stroke]] = []
    private var redoStack: [[Stroke]] = []
    private var committed: [Stroke] = []
    /// True when the drawing changed since it was last saved or opened.
    public private(set) var hasUnsavedChanges = false
    /// Monotonic seconds the samples taken since the last ``takeReadTimes()`` were read at.
    private var readTimes: [Double] = []

    /// The ink of each palette control, left to right or top to bottom: the seven inks of
    /// PencilKit, then the eraser (nil).
    public static let paletteInks: [InkType?] = InkType.allCases.map { $0 } + [nil]

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
        recorder = DrawingRecorder(ink: options.ink, mapping: used, eraser: options.eraser)
        let tool = DrawingTool(ink: options.ink.type.rawValue, color: options.ink.color.hexString, width: options.ink.width)
        var session = PencilSession(preferences: options.preferences)
        _ = session.select(tool)
        self.session = session
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

    /// The document fitted into the layout's canvas rectangle: window = document × scale + origin.
    public var documentToWindow: (scale: Double, x: Double, y: Double) {
        let canvas = layout.canvas
        let scale = min(canvas.width / document.width, canvas.height / document.height)
        return (scale, canvas.x + (canvas.width - document.width * scale) / 2, canvas.y + (canvas.height - document.height * scale) / 2)
    }

    /// The window point (points) of a document point (points).
    public func windowPoint(x: Double, y: Double) -> Point {
        let t = documentToWindow
        return Point(x: t.x + x * t.scale, y: t.y + y * t.scale)
    }

    /// The window point (points) of a document point (points).
    public func windowPoint(_ point: Point) -> Point { windowPoint(x: point.x, y: point.y) }

    /// The document point (points) of a window point (points).
    public func documentPoint(x: Double, y: Double) -> Point {
        let t = documentToWindow
        return Point(x: (x - t.x) / t.scale, y: (y - t.y) / t.scale)
    }

    /// The document point (points) of a window point (points).
    public func documentPoint(_ point: Point) -> Point { documentPoint(x: point.x, y: point.y) }

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
            session.handle(event, into: &outcomes)
            showOutcomes(now: now)
            pointer = nil
        case .pad:
            session.handle(event, into: &outcomes)
            showOutcomes(now: now)
        case .proximityIn, .deviceAdded, .deviceBack, .touch, .touchFrame:
            break
        }
    }

    /// One sample of the pen (any source: a recording, a live tablet, a toolkit pointer).
    /// `readAt` is the monotonic second it was read, for the latency statistics.
    public func add(_ original: PenSample, readAt: Double? = nil, now: Double) {
        session.handle(.sample(original), into: &outcomes)
        showOutcomes(now: now)
        // A double tap to the eraser makes the pen end erase: a mode, never content.
        let sample = session.inking(original)
        let canvasPoint = recorder.engine.mapping.canvasPoint(for: sample.tabletLocation)
        let touching = sample.phase == .began || sample.phase == .moved
        if sample.phase == .began, penUsesPalette {
            let window = windowPoint(canvasPoint)
            isPaletteStroke = pick(atWindowX: window.x, y: window.y, now: now)
        }
        pointer = sample.phase == .cancelled || sample.phase == .ended && sample.distance >= 1
            ? nil : Pointer(location: canvasPoint, isEraser: sample.tool == .eraser, isTouching: touching)
        if isPaletteStroke {
            if !touching { isPaletteStroke = false }
            return
        }
        if let readAt { readTimes.append(readAt) }
        let update = recorder.add(sample)
        if sample.tool != .eraser, let update {
            if !recorder.latestGeometry.triangles.isEmpty { changes.append(.pieces(recorder.latestGeometry, recorder.engine.currentStroke?.ink ?? recorder.engine.ink)) }
            lastUpdate = update.isEnd ? nil : update
        }
        if update?.isEnd == true { lastUpdate = nil }
        noteCommitted(erased: !recorder.takeChanges().isEmpty, endedInk: sample.tool != .eraser && update?.isEnd == true)
    }

    /// The tool of `device` left proximity (a recording's or a live tablet's proximity-out).
    public func proximityOut(at time: Double, device: Int = 0, now: Double) {
        handle(.proximityOut(device: device, tool: .pen, time: time, isForced: false), now: now)
    }

    /// Time passes on the samples' clock without a sample: a held squeeze ends at its deadline.
    public func advance(toSampleTime time: Double, now: Double) {
        guard let deadline = session.nextDeadline, deadline <= time else { return }
        session.advance(to: time, into: &outcomes)
        showOutcomes(now: now)
    }

    /// Ends the input: an open stroke is committed.
    public func finish() {
        let open = recorder.engine.currentStroke != nil && lastUpdate != nil
        let ink = recorder.engine.currentStroke?.ink ?? recorder.engine.ink
        recorder.finish()
        lastUpdate = nil
        noteCommitted(erased: !recorder.takeChanges().isEmpty, endedInk: open ? true : false, ink: ink)
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
        if let ink = try? Ink(type: type, color: color, width: width), ink != recorder.engine.ink { recorder.setInk(ink) }
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
        if !session.select(tool).isEmpty { feedback = Feedback(text: "colour \(tool.color)", shownAt: now) }
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
        let changes = session.select(tool)
        applyTool()
        if !changes.isEmpty { feedback = Feedback(text: "palette → \(tool.ink)", shownAt: now) }
    }

    /// Undoes the last change of the committed strokes (a stroke, an erase, a clear).
    public func undo() {
        guard let last = undoStack.popLast() else { return }
        redoStack.append(recorder.drawing.strokes)
        restore(last)
    }

    /// Redoes what ``undo()`` took back.
    public func redo() {
        guard let next = redoStack.popLast() else { return }
        undoStack.append(recorder.drawing.strokes)
        restore(next)
    }

    /// Removes every stroke (undoable).
    public func clear() {
        guard !recorder.drawing.strokes.isEmpty else { return }
        undoStack.append(recorder.drawing.strokes)
        redoStack.removeAll()
        restore([])
    }

    /// Puts an opened drawing's strokes on the canvas (they are not an undoable change).
    public func open(_ drawing: Drawing) {
        restore(drawing.strokes)
        undoStack.removeAll()
        redoStack.removeAll()
        hasUnsavedChanges = false
    }

    /// The drawing was saved: nothing is unsaved any more.
    public func markSaved() { hasUnsavedChanges = false }

    private func restore(_ strokes: [Stroke]) {
        recorder.replaceStrokes(with: Drawing(canvasWidth: document.width, canvasHeight: document.height, strokes: strokes))
        committed = strokes
        hasUnsavedChanges = true
        changes.append(.redrawAll)
    }

    private func noteCommitted(erased: Bool, endedInk: Bool, ink: Ink? = nil) {
        if endedInk { changes.append(.strokeEnded(ink ?? recorder.drawing.strokes.last?.ink ?? recorder.engine.ink)) }
        if erased { changes.append(.redrawAll) }
        guard recorder.drawing.strokes != committed else { return }
        undoStack.append(committed)
        redoStack.removeAll()
        committed = recorder.drawing.strokes
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
        recorder.predictionTail(toward: lastUpdate, into: &tail)
    }

    /// The feedback still showing at monotonic second `now` (it shows for 0.8 s).
    public func visibleFeedback(at now: Double) -> Feedback? {
        guard let feedback, now - feedback.shownAt < Self.feedbackDuration else { return nil }
        return feedback
    }

    /// Seconds a feedback flash stays: 0.8.
    public static let feedbackDuration = 0.8
}
