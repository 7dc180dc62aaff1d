import QuillCore

/// The Apple Pencil model over a tablet's events, one order for every client: `quill gestures`,
/// `quill render`, `quill live`, the canvas and libquill all hand their ``TabletEvent``s here and
/// act on the outcomes.
///
/// For each event, in the order the source gave them:
/// - a **sample** goes to its device's ``GestureRecognizer`` (double tap, squeeze, the eraser
///   end); the recognizer's events become outcomes through ``PencilInteraction`` (the person's
///   preferred actions, the app's opted-in custom action); then the buttons of a puck or lens
///   act through the person's puck bindings;
/// - a **proximity-out** (or a device removed) ends a squeeze in progress, settles a pending
///   single press and releases the puck buttons still held; a sample whose tip touches settles
///   a pending press too (delivered before the stroke, never inside it);
/// - a **pad** event acts through the person's pad bindings, at the pen's last hover location;
/// - **touches** go to the ``FingerGestureRecognizer``: taps (undo, redo), the canvas transform,
///   and a finger's ink when the ``drawingPolicy`` lets a finger draw.
///
/// "Switch eraser" is a mode: ``inking(_:)`` gives the sample as the drawing takes it (the pen end
/// erases while the eraser is the tool in use), never a change of what was drawn.
public struct PencilSession: Sendable {
    /// The preferences, the tool state and what the bindings hold.
    public private(set) var interaction: PencilInteraction
    /// The recognizers' timing and buttons.
    public let parameters: DoubleTapParameters
    private var recognizers: [Int: GestureRecognizer] = [:]
    private var pending: [GestureEvent] = []
    /// The pen's last hover pose, for a pad's contextual palette.
    private var lastHover: HoverPose?
    private var fingers: FingerGestureRecognizer
    /// Finger gestures of ``handle(_:into:)``, which gives pen outcomes only.
    private var droppedFingerGestures: [FingerGesture] = []

    /// Which input draws (PencilKit's drawing policy). Default ``DrawingPolicy/default``: a finger
    /// draws unless the person prefers to draw with the pen only.
    public var drawingPolicy: DrawingPolicy {
        didSet { fingers.fingersDraw = drawingPolicy.allowsFingerDrawing(preferences: interaction.preferences) }
    }

    /// True when a finger draws (the policy with the person's preference); otherwise one finger pans.
    public var fingersDraw: Bool { fingers.fingersDraw }

    /// A session with the person's `preferences`, the app's own (`appPreferences`: its custom
    /// action, used only when opted in) and the recognizers' `parameters`; the tools start as
    /// `toolState` holds them (default: the pen, the pencil before it).
    public init(
        preferences: PencilPreferences = PencilPreferences(), appPreferences: AppGesturePreferences = AppGesturePreferences(),
        parameters: DoubleTapParameters = .defaults, drawingPolicy: DrawingPolicy = .default, fingerParameters: FingerGestureParameters = .defaults,
        toolState: ToolState = ToolState()
    ) {
        interaction = PencilInteraction(preferences: preferences, appPreferences: appPreferences, state: toolState)
        self.parameters = parameters
        self.drawingPolicy = drawingPolicy
        fingers = FingerGestureRecognizer(parameters: fingerParameters, fingersDraw: drawingPolicy.allowsFingerDrawing(preferences: preferences))
        pending.reserveCapacity(4)
    }

    /// The person's preferences. Set: the next gestures act as the new ones say (the tools in use
    /// and a gesture under way stay as they are) — a running service's preferences file changed.
    public var preferences: PencilPreferences {
        get { interaction.preferences }
        set {
            interaction.preferences = newValue
            fingers.fingersDraw = drawingPolicy.allowsFingerDrawing(preferences: newValue)
        }
    }

    /// The drawing tool state (current and previous tool, palettes shown).
    public var state: ToolState { interaction.state }

    /// True while the tool in use is the eraser (a double tap to the eraser, the eraser end).
    @inlinable  // read per sample by a client that holds the session in a closure: no copy of it
    public var isErasing: Bool { interaction.state.current.isEraser }

    /// The sample as the drawing takes it: while the tool in use is the eraser, the pen end erases.
    @inlinable
    public func inking(_ sample: PenSample) -> PenSample {
        guard isErasing, sample.tool != .eraser else { return sample }
        var erasing = sample
        erasing.tool = .eraser
        return erasing
    }

    /// Handles one event of a source and appends its pen outcomes, in order, to `outcomes` (finger
    /// gestures are recognized but not given: see ``handle(_:into:fingers:)``).
    public mutating func handle(_ event: TabletEvent, into outcomes: inout [PencilInteraction.Outcome]) {
        var dropped = droppedFingerGestures
        droppedFingerGestures = []
        handle(event, into: &outcomes, fingers: &dropped)
        dropped.removeAll(keepingCapacity: true)
        droppedFingerGestures = dropped
    }

    /// Handles one event of a source: appends its pen outcomes to `outcomes` and its finger
    /// gestures (taps, the canvas transform, a finger's ink) to `fingers`, in order.
    public mutating func handle(_ event: TabletEvent, into outcomes: inout [PencilInteraction.Outcome], fingers gestures: inout [FingerGesture]) {
        switch event {
        case .touch, .touchFrame:
            fingers.handle(event, into: &gestures)
        case .sample(let sample):
            recognizers[sample.deviceIndex, default: GestureRecognizer(parameters: parameters)].add(sample, into: &pending)
            drain(into: &outcomes)
            let pose = HoverPose(sample)
            outcomes += interaction.handlePuckButtons(of: sample, pose: pose)
            if sample.phase == .hover { lastHover = pose }
        case let .proximityOut(device, _, time, _), let .deviceRemoved(device, time):
            if recognizers[device] != nil {
                recognizers[device]?.proximityOut(at: time, into: &pending)
                drain(into: &outcomes)
            }
            outcomes += interaction.releasePuckButtons(device: device, at: time)
            lastHover = nil
        case .pad(let pad):
            if let outcome = interaction.handle(pad, pose: lastHover) { outcomes.append(outcome) }
        case .proximityIn, .deviceAdded, .deviceBack:
            break
        }
    }

    /// The person picked `tool` (a palette, a key): it becomes the tool in use.
    public mutating func select(_ tool: DrawingTool) -> [ToolState.Change] { interaction.select(tool) }

    /// When a recognizer next needs time to pass (a pending single press, a squeeze hold), in the
    /// samples' clock (seconds); nil when nothing waits.
    public var nextDeadline: Double? {
        var earliest: Double?
        for recognizer in recognizers.values {
            if let deadline = recognizer.nextDeadline, deadline < earliest ?? .infinity { earliest = deadline }
        }
        return earliest
    }

    /// A first tap of `device` still waiting for its second is delivered now (its press and
    /// release), as when its time runs out: what a relay calls as the tool leaves proximity, so the
    /// press reaches apps while the tool is still there.
    public mutating func settleWaitingTap(of device: Int, into outcomes: inout [PencilInteraction.Outcome]) {
        recognizers[device]?.settleWaitingTap(into: &pending)
        drain(into: &outcomes)
    }

    /// The tip of `device` touched by the source's own account (a relay's `BTN_TOUCH`, which can
    /// come before the pressure crosses the contact threshold): whatever its recognizer holds back
    /// is delivered now, as for a sample in phase `began` (``GestureRecognizer/settleForContact(into:)``),
    /// so no press reaches apps inside the stroke that follows it.
    public mutating func settleForContact(of device: Int, into outcomes: inout [PencilInteraction.Outcome]) {
        recognizers[device]?.settleForContact(into: &pending)
        drain(into: &outcomes)
    }

    /// Time passed to `time` (seconds, the samples' clock) with no event: what was waiting for a
    /// deadline at or before it is decided.
    public mutating func advance(to time: Double, into outcomes: inout [PencilInteraction.Outcome]) {
        for device in recognizers.keys.sorted() {
            guard let deadline = recognizers[device]?.nextDeadline, deadline <= time else { continue }
            recognizers[device]?.advance(to: time, into: &pending)
        }
        drain(into: &outcomes)
    }

    /// The input ended at `time`: what waits is decided.
    public mutating func finish(at time: Double, into outcomes: inout [PencilInteraction.Outcome]) {
        for device in recognizers.keys.sorted() { recognizers[device]?.finish(at: time, into: &pending) }
        drain(into: &outcomes)
    }

    private mutating func drain(into outcomes: inout [PencilInteraction.Outcome]) {
        guard !pending.isEmpty else { return }
        for event in pending {
            if let outcome = interaction.handle(event) { outcomes.append(outcome) }
        }
        pending.removeAll(keepingCapacity: true)
    }
}
