import QuillCore

/// Turns recognized gestures into tool-state changes with the dispatch order of the Human
/// Interface Guidelines: the system setting `ignore` does nothing; otherwise the app's custom
/// action when the person opted in to it; otherwise the system's preferred action. Every
/// recognized gesture is answered at once by a feedback entry saying what changed.
public struct PencilInteraction: Sendable {
    public var preferences: PencilPreferences
    public var appPreferences: AppGesturePreferences
    public private(set) var state: ToolState
    /// The puck buttons held, per device (for ``handlePuckButtons(of:pose:)``).
    private var puckButtonsHeld: [Int: PenButtons] = [:]

    public init(preferences: PencilPreferences = PencilPreferences(), appPreferences: AppGesturePreferences = AppGesturePreferences(), state: ToolState = ToolState()) {
        self.preferences = preferences
        self.appPreferences = appPreferences
        self.state = state
    }

    /// One outcome of a gesture.
    public struct Outcome: Hashable, Sendable {
        public var time: Double
        public var gesture: GestureEvent.Kind
        /// The preferred action that applied (nil for the app's custom action and for non-gestures).
        public var action: PreferredAction?
        public var usedCustomAction: Bool
        public var changes: [ToolState.Change]
        public var toolBefore: DrawingTool
        public var toolAfter: DrawingTool
        public var pose: HoverPose?
        /// True for recognized gestures: these always get feedback, even when nothing changed (ignore).
        public var isRecognizedGesture: Bool
    }

    /// The person picked `tool` (a palette, a key): the tool in use becomes it, the one before
    /// becomes the previous tool (what "switch to previous tool" goes back to).
    public mutating func select(_ tool: DrawingTool) -> [ToolState.Change] { state.select(tool) }

    /// Handles one pad event with the person's pad bindings: a bound button acts as the double
    /// tap, the squeeze or its own action; a ring or strip sets the width when chosen. Unbound
    /// controls do nothing (nil). `pose` is the pen's, for a contextual palette at the hover location.
    public mutating func handle(_ pad: PadEvent, pose: HoverPose?) -> Outcome? {
        switch pad.kind {
        case let .button(number, isPressed):
            guard let binding = preferences.padButtons[number] else { return nil }
            return apply(binding, isPressed: isPressed, time: pad.time, gesture: .padButton(number: number), pose: pose)
        case .ring, .strip:
            guard preferences.padDialControlsWidth, let width = PadWidthControl.width(for: pad.kind) else { return nil }
            let before = state.current
            let changes = state.setWidth(width)
            guard !changes.isEmpty else { return nil }
            return Outcome(
                time: pad.time, gesture: .padDial(number: pad.number), action: nil, usedCustomAction: false, changes: changes,
                toolBefore: before, toolAfter: state.current, pose: pose, isRecognizedGesture: false)
        }
    }

    /// Handles the buttons of a puck or lens cursor (``PenTool/mouse``, ``PenTool/lens``) in
    /// `sample` with the person's bindings (``PencilPreferences/puckButtons``), as pad buttons:
    /// each press or release of a bound button gives its outcome, in the order of the names.
    /// A sample of another tool releases what the puck held. Unbound buttons give nothing.
    public mutating func handlePuckButtons(of sample: PenSample, pose: HoverPose?) -> [Outcome] {
        let isPuck = sample.tool == .mouse || sample.tool == .lens
        let held = isPuck && sample.phase != .ended && sample.phase != .cancelled ? sample.buttons.intersection(Self.puckButtons) : []
        return puckButtons(of: sample.deviceIndex, become: held, at: sample.time, pose: pose)
    }

    /// The tool of `device` left proximity: puck buttons still held are released (a squeeze
    /// bound to one ends), as the kernel releases them with the tool.
    public mutating func releasePuckButtons(device: Int, at time: Double) -> [Outcome] {
        puckButtons(of: device, become: [], at: time, pose: nil)
    }

    /// The puck buttons of `device` are now `held`: the outcome of each bound one that changed.
    private mutating func puckButtons(of device: Int, become held: PenButtons, at time: Double, pose: HoverPose?) -> [Outcome] {
        let before = puckButtonsHeld[device] ?? []
        puckButtonsHeld[device] = held
        guard held != before, !preferences.puckButtons.isEmpty else { return [] }
        var outcomes: [Outcome] = []
        for (button, name) in zip(Self.puckButtonList, PencilPreferences.puckButtonNames) where held.contains(button) != before.contains(button) {
            guard let binding = preferences.puckButtons[name],
                let outcome = apply(binding, isPressed: held.contains(button), time: time, gesture: .puckButton(name: name), pose: pose)
            else { continue }
            outcomes.append(outcome)
        }
        return outcomes
    }

    /// The buttons of ``PencilPreferences/puckButtonNames``, in that order.
    private static let puckButtonList: [PenButtons] = [.left, .right, .middle, .side, .extra]
    private static let puckButtons = PenButtons(puckButtonList)

    /// A bound pad or puck button pressed or released: the double tap, the squeeze or an action.
    private mutating func apply(_ binding: PadBinding, isPressed: Bool, time: Double, gesture: GestureEvent.Kind, pose: HoverPose?) -> Outcome? {
        switch binding {
        case .doubleTap:
            return isPressed ? handle(GestureEvent(time: time, kind: .doubleTap, pose: pose)) : nil
        case .squeeze:
            return handle(GestureEvent(time: time, kind: .squeeze(isPressed ? .began : .ended), pose: pose))
        case let .action(action):
            guard isPressed else { return nil }
            let before = state.current
            let changes = action == .ignore ? [] : state.perform(action, at: pose)
            return Outcome(
                time: time, gesture: gesture, action: action, usedCustomAction: false, changes: changes,
                toolBefore: before, toolAfter: state.current, pose: pose, isRecognizedGesture: true)
        }
    }

    /// Handles one recognizer event.
    public mutating func handle(_ event: GestureEvent) -> Outcome? {
        let before = state.current
        var changes: [ToolState.Change] = []
        var action: PreferredAction?
        var usedCustom = false
        switch event.kind {
        case .doubleTap:
            action = preferences.preferredTapAction
            if action == .ignore {
                changes = []
            } else if appPreferences.isCustomActionOptedIn, let custom = appPreferences.customTapAction {
                usedCustom = true
                action = nil
                changes = state.perform(custom, at: event.pose)
            } else if let action {
                changes = state.perform(action, at: event.pose)
            }
        case .squeeze(let phase):
            action = preferences.preferredSqueezeAction
            // The squeeze acts once, when it begins; its other phases are reported without acting.
            if phase == .began, let action { changes = state.perform(action, at: event.pose) }
        case .eraserEnd(let inProximity):
            changes = state.eraserEnd(isInProximity: inProximity)
            if changes.isEmpty { return nil }
        case .button, .padButton, .puckButton, .padDial:
            return Outcome(
                time: event.time, gesture: event.kind, action: nil, usedCustomAction: false, changes: [], toolBefore: before,
                toolAfter: before, pose: event.pose, isRecognizedGesture: false)
        }
        let isGesture: Bool
        switch event.kind {
        case .doubleTap, .squeeze: isGesture = true
        default: isGesture = false
        }
        return Outcome(
            time: event.time, gesture: event.kind, action: action, usedCustomAction: usedCustom, changes: changes, toolBefore: before,
            toolAfter: state.current, pose: event.pose, isRecognizedGesture: isGesture)
    }
}
