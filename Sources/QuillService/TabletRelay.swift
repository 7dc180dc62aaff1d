import QuillCore
import QuillGestures
import QuillInput
import QuillStroke

/// A real pen tablet's evdev frames in, the virtual tablet's out, with the person's preferences
/// applied through the one `PencilSession` every Quill client uses.
///
/// Everything passes unchanged — positions, pressure, tilt, distance, rotation, wheel, serials,
/// tool ids, the eraser end, buttons — except what a preference acts on:
/// - the **double-tap button** (`BTN_STYLUS` by default) is held back when the tap action does
///   something here (``VirtualTablet/acts(_:chords:)``: not `ignore`, not a palette action without
///   a chord): the presses that make a double tap never reach apps, a single press reaches them
///   (press and release, each a frame of its own) as soon as it can no longer become a double tap
///   (at its deadline, before the frame in which the tip touches, or before the pen leaves
///   proximity), and a press while the tip touches at once: a press made while hovering never
///   reaches apps inside the stroke that follows it;
/// - the **squeeze button** (`BTN_STYLUS2`) likewise: a short press passes through, a held one is
///   the squeeze, one held when the tip touches is a plain press from then on;
/// - **switchEraser** / **switchPrevious**: the virtual pen leaves proximity and comes back as the
///   eraser (`BTN_TOOL_RUBBER`, the eraser's tool id, the same serial) at the same place, so every
///   app switches to its own eraser as it does for the eraser end; later frames of the pen end
///   stay the eraser until the next switch, across proximity;
/// - **pressure** (`PencilPreferences/penPressure`, per tablet model and tool): with a tip
///   threshold the virtual tip touches from the person's threshold on (`BTN_TOUCH` follows it, not
///   the tablet's) and `ABS_PRESSURE` is 0 while it does not; while it does, the pressure above
///   the threshold through the curve is spread over libinput's tip threshold (5 % of the range)
///   … 100 %, so libinput's contact begins exactly where the person's does. Without a threshold
///   only the curve applies (0 stays 0, the tablet's contact stands);
/// - a barrel button bound in **penButtons** is no longer the double tap's or the squeeze's:
///   `scroll` — while it is held and the pen hovers, the pen's movement turns the virtual
///   pointer's wheels (``RelayOutput/pointer``, high-resolution and click events) and the virtual
///   pen stays where the scroll began (the tip touching, or the pen leaving, ends it);
///   `clickWhileTouching` — its presses reach apps only while the tip touches;
/// - the **area** (`PencilPreferences/tabletAreas`): positions scaled so the person's part of the
///   tablet covers their part of the screen (the axis ranges unchanged, so the compositor's own
///   mapping of the whole range to the screen does the rest), turned round with the tilt for a
///   left hand;
/// - a **palette action** or **runSystemShortcut** sends the key chord the person bound to it
///   (`PencilPreferences/keyChords`) through the virtual keyboard; unbound, nothing is sent.
///
/// Deterministic: time comes from the frames (µs); a live loop asks ``nextDeadline`` when to call
/// ``advance(to:into:)``. No allocation per frame once the output lists have grown.
public struct TabletRelay: Sendable {
    /// The real tablet.
    public let device: DeviceDescription
    /// The virtual tablet apps see (``VirtualTablet/description(of:isSmoothed:)``).
    public let virtualDevice: DeviceDescription
    public let options: RelayOptions
    private var decoder: TabletDecoder
    private var session: PencilSession
    /// The button codes held back for the recognizer (nil when its action is `ignore`).
    private var tapCode: UInt16?
    private var squeezeCode: UInt16?
    private var chords: [String: KeyChord]
    /// The real pressure axis, when any tool's pressure changes (nil: pressure passes unchanged).
    private var pressureAxis: AxisInfo?
    /// The pressure settings of the pen, eraser, brush, pencil and airbrush (`BTN_TOOL_PEN` +
    /// index) on this tablet model.
    private var pressures: [PenPressure]
    /// The real node's last pressure (raw units).
    private var rawPressure: Int32 = 0
    private let hasToolID: Bool
    private let hasSerial: Bool
    /// The real node's tool in proximity and the virtual node's (`BTN_TOOL_*` codes).
    private var realTool: UInt16?
    private var virtualTool: UInt16?
    private var realToolID: Int32 = 0
    private var serial: Int32?
    private var isTouching = false
    /// The held-back buttons as the virtual node has them (a press is never sent twice).
    private var heldBack: Set<UInt16> = []
    private var decoded: [TabletEvent] = []
    private var outcomes: [PencilInteraction.Outcome] = []
    /// Smoothing: the filter, the real position (device units) and units per millimetre.
    private var smoother: StrokeSmoother?
    private var rawPosition: (x: Int32, y: Int32) = (0, 0)
    /// The area and screen part of the preferences (`tabletAreas`) on the positions, or nil.
    private var areaMapping: TabletAreaMapping?
    private let tiltAxes: (x: AxisInfo?, y: AxisInfo?)
    /// The barrel button that scrolls, and those that click only while touching.
    private var scrollCode: UInt16?
    private var clickWhileTouchingCodes: [UInt16]
    /// The barrel buttons that pan (they reach apps as BTN_STYLUS, the middle button), and the
    /// ones held now: BTN_STYLUS is pressed on the virtual node while any is held.
    private var panCodes: [UInt16]
    private var panHeld: Set<UInt16> = []
    /// Scrolling: where the pen was at the last wheel event (device units), the fractions of a
    /// high-resolution unit not sent yet, and the high-resolution units since the last click.
    private var isScrolling = false
    private var isPositionHeld = false
    private var scrollOrigin: (x: Int32, y: Int32) = (0, 0)
    private var wheelFraction: (x: Double, y: Double) = (0, 0)
    private var wheelUnits: (x: Int32, y: Int32) = (0, 0)
    /// Presses of a click-while-touching button that reached apps (their releases follow them).
    private var clicksPassed: Set<UInt16> = []
    private let unitsPerMillimetre: (x: Double, y: Double)

    /// A relay for `device` with the person's `preferences` and the recognizers' `parameters`.
    /// `catalog` gives the size of a tablet that declares no resolution (libwacom's), so a double
    /// tap's travel is measured in true millimetres. Throws when `device` is not a pen tablet.
    public init(
        device: DeviceDescription, preferences: PencilPreferences, parameters: DoubleTapParameters = .defaults,
        options: RelayOptions = RelayOptions(), catalog: TabletCatalog? = nil
    ) throws {
        self.device = device
        virtualDevice = VirtualTablet.description(of: device, isSmoothed: options.smoothing != nil)
        self.options = options
        let area = catalog?.activeArea(of: device)
        decoder = try TabletDecoder(device: device, area: area)
        smoother = options.smoothing.map { StrokeSmoother(parameters: $0) }
        // The decoder's own rule for the node's millimetres (it checked ABS_X and ABS_Y exist).
        let scale = TabletScale.of(x: device.axes[EvdevCode.Abs.x]!, y: device.axes[EvdevCode.Abs.y]!, area: area, assumed: TabletDecoderParameters.defaults.assumedResolution)
        unitsPerMillimetre = (scale.unitsPerMillimetreX, scale.unitsPerMillimetreY)
        rawPosition = (device.axes[EvdevCode.Abs.x]?.minimum ?? 0, device.axes[EvdevCode.Abs.y]?.minimum ?? 0)
        tiltAxes = (device.axes[EvdevCode.Abs.tiltX], device.axes[EvdevCode.Abs.tiltY])
        // Sample times are the frames' own (µs / 10⁶), so deadlines and frames share one clock.
        decoder.startClock(at: 0)
        let bindings = try Bindings(device: device, preferences: preferences, parameters: parameters, options: options, unitsPerMillimetre: unitsPerMillimetre)
        // The pen and the eraser are the two tool types a virtual tablet gives: switchPrevious
        // toggles between them as switchEraser does.
        session = PencilSession(preferences: bindings.sessionPreferences, parameters: parameters, toolState: ToolState(current: .pen, previous: .eraser))
        (tapCode, squeezeCode, chords, pressures, pressureAxis) = (bindings.tapCode, bindings.squeezeCode, bindings.chords, bindings.pressures, bindings.pressureAxis)
        (areaMapping, scrollCode, clickWhileTouchingCodes, panCodes) = (bindings.areaMapping, bindings.scrollCode, bindings.clickWhileTouchingCodes, bindings.panCodes)
        rawPressure = pressureAxis?.minimum ?? 0
        hasToolID = device.axes[EvdevCode.Abs.misc] != nil
        hasSerial = device.has(type: EvdevCode.EventType.msc, code: EvdevCode.Msc.serial)
        decoded.reserveCapacity(4)
        outcomes.reserveCapacity(4)
    }

    /// Preferences waiting to be applied (``update(preferences:)``).
    private var pendingBindings: Bindings?

    /// The person changed their preferences (a running service read its file again): they apply
    /// from the next frame on which nothing of the old ones is under way — no press held back or
    /// waiting to be decided, no scroll, no click passed — so a press never ends under other rules
    /// than it began. Throws (and keeps the current ones) when they cannot apply to this tablet,
    /// e.g. an area off it.
    public mutating func update(preferences: PencilPreferences) throws {
        pendingBindings = try Bindings(device: device, preferences: preferences, parameters: session.parameters, options: options, unitsPerMillimetre: unitsPerMillimetre)
        applyPendingBindingsIfIdle()
    }

    /// True while preferences given to ``update(preferences:)`` wait for the stream to be idle.
    public var hasPendingPreferences: Bool { pendingBindings != nil }

    private mutating func applyPendingBindingsIfIdle() {
        guard let bindings = pendingBindings, heldBack.isEmpty, !isScrolling, clicksPassed.isEmpty, panHeld.isEmpty, session.nextDeadline == nil else { return }
        pendingBindings = nil
        session.preferences = bindings.sessionPreferences
        (tapCode, squeezeCode, chords, pressures, pressureAxis) = (bindings.tapCode, bindings.squeezeCode, bindings.chords, bindings.pressures, bindings.pressureAxis)
        (areaMapping, scrollCode, clickWhileTouchingCodes, panCodes) = (bindings.areaMapping, bindings.scrollCode, bindings.clickWhileTouchingCodes, bindings.panCodes)
    }

    /// True while the virtual pen end is the eraser (a double tap or squeeze switched it).
    public var isErasing: Bool { session.isErasing }

    /// When time must pass for a held-back press to be decided (µs, the frames' clock), or nil:
    /// the first microsecond strictly after the recognizer's deadline (it decides once time is
    /// past it), so ``advance(to:into:)`` at this time always decides.
    public var nextDeadline: Int64? {
        session.nextDeadline.map { Int64(($0 * 1_000_000).rounded(.down)) + 1 }
    }

    /// Relays one frame of the real node (its events up to and including `SYN_REPORT`).
    public mutating func relay(_ frame: ArraySlice<InputEvent>, into output: inout RelayOutput) {
        guard let last = frame.last else { return }
        if pendingBindings != nil { applyPendingBindingsIfIdle() }
        let time = last.microseconds
        decoded.removeAll(keepingCapacity: true)
        decoder.decode(frame: frame, into: &decoded)
        outcomes.removeAll(keepingCapacity: true)
        for event in decoded { session.handle(event, into: &outcomes) }
        // The frame's tool changes, read once: the real tool leaving, a tool entering; and the tip
        // touching on the virtual node (`BTN_TOUCH` 1 while it is up there).
        var entering: UInt16?
        var isLeaving = false
        var isTouchingDown = false
        for event in frame {
            if event.type == EvdevCode.EventType.key {
                if Self.isTool(event.code) {
                    if event.value != 0 { entering = event.code } else if event.code == realTool { isLeaving = true }
                } else if event.code == EvdevCode.Key.touch {
                    isTouchingDown = event.value != 0 && !isTouching
                }
            } else if event.type == EvdevCode.EventType.abs, event.code == EvdevCode.Abs.pressure {
                rawPressure = event.value
            }
        }
        // With a tip threshold, the virtual tip follows the person's threshold, not BTN_TOUCH.
        let thresholdContact = contactByThreshold(tool: entering.map(virtualCode(for:)) ?? virtualTool, isLeaving: isLeaving && entering == nil)
        if let thresholdContact { isTouchingDown = thresholdContact && !isTouching }
        // The tip touching: a press held back can no longer be a double tap's or a squeeze's, and
        // apps must not get it inside the stroke: it goes now, before the tip-down frame. The
        // decoder settles it itself when its contact begins (pressure past libinput's threshold);
        // BTN_TOUCH can come frames earlier, and it is what the virtual node says.
        if isTouchingDown { session.settleForContact(of: decoder.deviceIndex, into: &outcomes) }
        // The tool leaving: a first tap still waiting can no longer be a double tap's (and its
        // press would find no tool to belong to): it goes now, before the tool leaves.
        if isLeaving { session.settleWaitingTap(of: decoder.deviceIndex, into: &outcomes) }
        // Presses decided now belong before this frame while the virtual tool is in proximity
        // (a press settled as the tool leaves must reach apps before it leaves), else after it.
        let wasInProximity = virtualTool != nil
        if wasInProximity { emitButtons(at: time, into: &output) }
        rewrite(frame, at: time, entering: entering, isLeaving: isLeaving, contact: thresholdContact, into: &output)
        if !wasInProximity { emitButtons(at: time, into: &output) }
        act(at: time, into: &output)
    }

    /// A pad event of the same tablet (``PadRelay``; its time in seconds of the frames' clock):
    /// what the person bound acts — a tool switch on the virtual tablet, a key chord.
    public mutating func handle(_ pad: PadEvent, into output: inout RelayOutput) {
        outcomes.removeAll(keepingCapacity: true)
        session.handle(.pad(pad), into: &outcomes)
        act(at: Int64((pad.time * 1_000_000).rounded()), into: &output)
    }

    /// Time passed to `microseconds` with no frame: a held-back press whose deadline came is decided.
    public mutating func advance(to microseconds: Int64, into output: inout RelayOutput) {
        outcomes.removeAll(keepingCapacity: true)
        session.advance(to: Double(microseconds) / 1_000_000, into: &outcomes)
        emitButtons(at: microseconds, into: &output)
        act(at: microseconds, into: &output)
    }

    /// The input ended at `microseconds`: what waits is decided (a tool still in proximity stays:
    /// removing the virtual device takes it out, as unplugging a tablet does).
    public mutating func finish(at microseconds: Int64, into output: inout RelayOutput) {
        outcomes.removeAll(keepingCapacity: true)
        session.finish(at: Double(microseconds) / 1_000_000, into: &outcomes)
        emitButtons(at: microseconds, into: &output)
        act(at: microseconds, into: &output)
    }

    // MARK: - The frame

    /// The frame as the virtual tablet sends it; `entering` and `isLeaving` are its tool changes,
    /// `contact` the tip's state by the person's tip threshold (nil: the tablet's `BTN_TOUCH`).
    private mutating func rewrite(
        _ frame: ArraySlice<InputEvent>, at time: Int64, entering: UInt16?, isLeaving: Bool, contact: Bool?, into output: inout RelayOutput
    ) {
        let key = EvdevCode.EventType.key
        // A tool that leaves and one that enters in one frame (the pen flipped): the leaving one
        // gets a frame of its own, or the virtual node could see one code go 0 and 1 at once.
        var flipped: UInt16?
        if isLeaving, entering != nil, let tool = virtualTool {
            flipped = realTool
            if isTouching { output.pen.append(event(time, key, EvdevCode.Key.touch, 0)) }
            output.pen.append(event(time, key, tool, 0))
            output.pen.append(Self.report(time))
            virtualTool = nil
            realTool = nil
            isTouching = false
            heldBack.removeAll(keepingCapacity: true)
        }
        let frameTool = entering.map(virtualCode(for:)) ?? virtualTool
        if entering != nil { smoother?.reset() }
        let start = output.pen.count
        var dropped = false
        var moved = false
        var sent = (x: false, y: false)
        for original in frame {
            var event = original
            switch (event.type, event.code) {
            case (EvdevCode.EventType.syn, EvdevCode.Syn.report):
                continue
            case (EvdevCode.EventType.syn, EvdevCode.Syn.dropped):
                // libevdev's resync events follow, bringing the state up to date: apps need no SYN_DROPPED.
                dropped = true
                continue
            case (key, let code) where Self.isTool(code):
                if event.value != 0 {
                    realTool = code
                    event.code = virtualCode(for: code)
                    virtualTool = event.code
                } else if code == realTool {
                    realTool = nil
                    heldBack.removeAll(keepingCapacity: true)
                    guard let tool = virtualTool else {
                        dropped = true
                        continue
                    }
                    event.code = tool
                    virtualTool = nil
                } else if code == virtualTool || code == frameTool || code == flipped {
                    // Already out on the virtual node (the flip's own frame took it out).
                    dropped = true
                    continue
                }
            case (key, let code) where code == tapCode || code == squeezeCode:
                dropped = true
                continue
            case (key, let code) where code == scrollCode:
                // Held and hovering: the scroll begins here (the tip touching ends it, below).
                dropped = true
                if event.value != 0, !isScrolling, virtualTool != nil || entering != nil, !isTouching {
                    isScrolling = true
                    isPositionHeld = true
                    scrollOrigin = rawPosition
                    wheelFraction = (0, 0)
                } else if event.value == 0 {
                    isScrolling = false
                }
                continue
            case (key, let code) where clickWhileTouchingCodes.contains(code):
                // A press while hovering never reaches apps, nor does its release.
                if event.value != 0, isTouching {
                    clicksPassed.insert(code)
                } else if event.value == 0, clicksPassed.contains(code) {
                    clicksPassed.remove(code)
                } else {
                    dropped = true
                    continue
                }
            case (key, let code) where !panCodes.isEmpty && (panCodes.contains(code) || code == EvdevCode.Key.stylus):
                // Panning: BTN_STYLUS on the virtual node while any panning button (or the pen's own
                // BTN_STYLUS, passed as it is) is held — one press, one release.
                guard let pressed = panEdge(code, isPressed: event.value != 0) else {
                    dropped = true
                    continue
                }
                event.code = EvdevCode.Key.stylus
                event.value = pressed ? 1 : 0
            case (key, EvdevCode.Key.touch) where contact != nil:
                // The threshold decides (below).
                dropped = true
                continue
            case (key, EvdevCode.Key.touch):
                isTouching = event.value != 0
                // Each stroke smoothed from its own start, as the stroke engine does.
                if isTouching { smoother?.reset() }
            case (EvdevCode.EventType.abs, EvdevCode.Abs.misc):
                realToolID = event.value
                event.value = virtualToolID(event.value, as: frameTool, real: entering ?? realTool)
            case (EvdevCode.EventType.abs, EvdevCode.Abs.x):
                rawPosition.x = event.value
                moved = true
                // The smoother writes positions itself; a scroll holds the pen where it began.
                if smoother != nil || isScrolling { continue }
                sent.x = true
                if let areaMapping { event.value = areaMapping.mapX(event.value) }
            case (EvdevCode.EventType.abs, EvdevCode.Abs.y):
                rawPosition.y = event.value
                moved = true
                if smoother != nil || isScrolling { continue }
                sent.y = true
                if let areaMapping { event.value = areaMapping.mapY(event.value) }
            case (EvdevCode.EventType.abs, EvdevCode.Abs.tiltX) where areaMapping?.isLeftHanded == true:
                // Turned round: the tilt too, as libinput's left-handed mode turns it.
                if let axis = tiltAxes.x { event.value = axis.minimum + axis.maximum - event.value }
            case (EvdevCode.EventType.abs, EvdevCode.Abs.tiltY) where areaMapping?.isLeftHanded == true:
                if let axis = tiltAxes.y { event.value = axis.minimum + axis.maximum - event.value }
            case (EvdevCode.EventType.abs, EvdevCode.Abs.pressure):
                if let axis = pressureAxis { event.value = virtualPressure(event.value, axis, tool: frameTool, contact: contact) }
            case (EvdevCode.EventType.msc, EvdevCode.Msc.serial):
                serial = event.value
            default:
                break
            }
            output.pen.append(event)
        }
        if let contact, contact != isTouching {
            // The tip crossing the person's threshold; a leaving tool lifts it before it goes.
            isTouching = contact
            if contact { smoother?.reset() }
            output.pen.append(event(time, key, EvdevCode.Key.touch, contact ? 1 : 0))
        }
        // The tool leaving with a panning button held releases it on the virtual node (the next press
        // would be a repeated value the kernel drops).
        if virtualTool == nil, !panHeld.isEmpty {
            panHeld.removeAll()
            output.pen.append(event(time, key, EvdevCode.Key.stylus, 0))
        }
        // The tip touching or the tool leaving ends a scroll; then the pen is where it is now.
        if isScrolling, isTouching || virtualTool == nil { isScrolling = false }
        if isScrolling {
            scroll(at: time, into: &output)
        } else if isPositionHeld {
            isPositionHeld = false
            if virtualTool != nil, smoother == nil {
                if !sent.x { output.pen.append(event(time, EvdevCode.EventType.abs, EvdevCode.Abs.x, areaMapping?.mapX(rawPosition.x) ?? rawPosition.x)) }
                if !sent.y { output.pen.append(event(time, EvdevCode.EventType.abs, EvdevCode.Abs.y, areaMapping?.mapY(rawPosition.y) ?? rawPosition.y)) }
            }
        }
        if moved, !isScrolling, var filter = smoother {
            let (x, y) = filter.add(x: Double(rawPosition.x) / unitsPerMillimetre.x, y: Double(rawPosition.y) / unitsPerMillimetre.y, time: Double(time) / 1_000_000)
            smoother = filter
            let smoothed = (x: Int32((x * unitsPerMillimetre.x).rounded()), y: Int32((y * unitsPerMillimetre.y).rounded()))
            output.pen.append(event(time, EvdevCode.EventType.abs, EvdevCode.Abs.x, areaMapping?.mapX(smoothed.x) ?? smoothed.x))
            output.pen.append(event(time, EvdevCode.EventType.abs, EvdevCode.Abs.y, areaMapping?.mapY(smoothed.y) ?? smoothed.y))
        }
        // A frame left empty by what was held back is not sent; an empty frame of the real node is.
        if dropped && output.pen.count == start { return }
        output.pen.append(Self.report(time))
    }

    // MARK: - Scrolling

    /// The pen's movement since the last wheel event as the virtual pointer's wheels: down turns
    /// the wheel towards the person (negative), right the horizontal wheel right; each 120
    /// high-resolution units also a click (`REL_WHEEL`), as a high-resolution mouse sends them.
    private mutating func scroll(at time: Int64, into output: inout RelayOutput) {
        let unitsPerMillimetre = 120 / options.scroll.millimetresPerClick
        wheelFraction.y -= Double(rawPosition.y - scrollOrigin.y) / self.unitsPerMillimetre.y * unitsPerMillimetre
        wheelFraction.x += Double(rawPosition.x - scrollOrigin.x) / self.unitsPerMillimetre.x * unitsPerMillimetre
        scrollOrigin = rawPosition
        let y = Int32(wheelFraction.y.rounded(.towardZero))
        let x = Int32(wheelFraction.x.rounded(.towardZero))
        guard x != 0 || y != 0 else { return }
        wheelFraction.y -= Double(y)
        wheelFraction.x -= Double(x)
        if y != 0 { turn(EvdevCode.Rel.wheelHighResolution, EvdevCode.Rel.wheel, by: y, clicksOwed: &wheelUnits.y, at: time, into: &output) }
        if x != 0 { turn(EvdevCode.Rel.hWheelHighResolution, EvdevCode.Rel.hWheel, by: x, clicksOwed: &wheelUnits.x, at: time, into: &output) }
        output.pointer.append(Self.report(time))
    }

    /// One wheel turned by `units` (1/120 of a click): its high-resolution event, and a click
    /// event for each 120 units gathered in `owed` since the last.
    private func turn(_ highResolution: UInt16, _ clicks: UInt16, by units: Int32, clicksOwed owed: inout Int32, at time: Int64, into output: inout RelayOutput) {
        output.pointer.append(event(time, EvdevCode.EventType.rel, highResolution, units))
        owed += units
        let whole = owed / 120
        guard whole != 0 else { return }
        output.pointer.append(event(time, EvdevCode.EventType.rel, clicks, whole))
        owed -= whole * 120
    }

    // MARK: - Outcomes

    /// `code` pressed or released among the holders of the virtual BTN_STYLUS (the panning buttons
    /// and the pen's own): the virtual button's new state when it changes, nil when it does not.
    private mutating func panEdge(_ code: UInt16, isPressed: Bool) -> Bool? {
        let wasHeld = !panHeld.isEmpty
        if isPressed { panHeld.insert(code) } else { panHeld.remove(code) }
        return wasHeld == !panHeld.isEmpty ? nil : !panHeld.isEmpty
    }

    /// Held-back presses the recognizer decided, each press or release a frame of its own (apps
    /// see one state per frame); none while no tool is in proximity on the virtual node.
    private mutating func emitButtons(at time: Int64, into output: inout RelayOutput) {
        for outcome in outcomes {
            guard case let .button(source, isPressed) = outcome.gesture, let code = Self.code(of: source), code == tapCode || code == squeezeCode,
                virtualTool != nil, heldBack.contains(code) != isPressed
            else { continue }
            if isPressed { heldBack.insert(code) } else { heldBack.remove(code) }
            // BTN_STYLUS is also what panning presses: one press while either holds it.
            if code == EvdevCode.Key.stylus, !panCodes.isEmpty, panEdge(code, isPressed: isPressed) == nil { continue }
            output.pen.append(event(time, EvdevCode.EventType.key, code, isPressed ? 1 : 0))
            output.pen.append(Self.report(time))
        }
    }

    /// What the outcomes do: a key chord on the keyboard, a tool switch on the virtual tablet.
    private mutating func act(at time: Int64, into output: inout RelayOutput) {
        for outcome in outcomes {
            output.outcomes.append(outcome)
            if let name = Self.chordName(of: outcome), let chord = chords[name] { chord.events(at: time, into: &output.keyboard) }
        }
        switchToolIfNeeded(at: time, into: &output)
    }

    /// The `PencilPreferences/keyChords` name an outcome sends: its action (a squeeze's when it
    /// begins), or the width step of a ring or strip.
    static func chordName(of outcome: PencilInteraction.Outcome) -> String? {
        switch outcome.gesture {
        case .squeeze(let phase) where phase != .began: return nil
        case .padDial:
            guard case let .widthChanged(before, after)? = outcome.changes.first else { return nil }
            return after > before ? "widthUp" : "widthDown"
        default:
            return outcome.isRecognizedGesture ? outcome.action?.name : nil
        }
    }

    /// When the tool the preferences want differs from the virtual node's: out, then back in as
    /// the other tool at the same place (libinput reads the axes from the node's state).
    private mutating func switchToolIfNeeded(at time: Int64, into output: inout RelayOutput) {
        guard let real = realTool, let current = virtualTool else { return }
        let wanted = virtualCode(for: real)
        guard wanted != current else { return }
        let key = EvdevCode.EventType.key
        if isTouching { output.pen.append(event(time, key, EvdevCode.Key.touch, 0)) }
        output.pen.append(event(time, key, current, 0))
        output.pen.append(Self.report(time))
        output.pen.append(event(time, key, wanted, 1))
        if hasToolID { output.pen.append(event(time, EvdevCode.EventType.abs, EvdevCode.Abs.misc, virtualToolID(realToolID, as: wanted, real: real))) }
        if hasSerial, let serial { output.pen.append(event(time, EvdevCode.EventType.msc, EvdevCode.Msc.serial, serial)) }
        if isTouching { output.pen.append(event(time, key, EvdevCode.Key.touch, 1)) }
        output.pen.append(Self.report(time))
        virtualTool = wanted
    }

    // MARK: - Parts

    /// The virtual node's tool for the real node's `code`: the eraser while the preferences make
    /// the pen end erase (never for a puck or lens), else the same tool.
    private func virtualCode(for code: UInt16) -> UInt16 {
        guard session.isErasing, code != EvdevCode.Key.toolMouse, code != EvdevCode.Key.toolLens else { return code }
        return EvdevCode.Key.toolRubber
    }

    /// The tool id the virtual node gives for the real id `id` of the real tool `real` while its
    /// tool is `tool` (a real eraser keeps its own id).
    private func virtualToolID(_ id: Int32, as tool: UInt16?, real: UInt16?) -> Int32 {
        guard tool == EvdevCode.Key.toolRubber, real != EvdevCode.Key.toolRubber else { return id }
        return VirtualTablet.eraserID(ofPen: id)
    }

    /// The pressure settings of the virtual tool `code` (unchanged for a puck or lens).
    private func pressure(of code: UInt16?) -> PenPressure {
        guard let code, code >= EvdevCode.Key.toolPen, code <= EvdevCode.Key.toolAirbrush else { return .unchanged }
        return pressures[Int(code - EvdevCode.Key.toolPen)]
    }

    /// The tip's contact by the threshold of the virtual tool `tool` at the real node's last
    /// pressure, or nil when that tool has no threshold (or the tablet no pressure): the tablet
    /// decides. No contact without a tool, or when the tool leaves.
    private func contactByThreshold(tool: UInt16?, isLeaving: Bool) -> Bool? {
        guard let axis = pressureAxis, pressure(of: tool ?? virtualTool).tipThreshold != nil else { return nil }
        guard tool != nil, !isLeaving else { return false }
        return pressure(of: tool).touches(Self.normalized(rawPressure, axis), wasTouching: isTouching)
    }

    /// A raw pressure as the virtual tablet gives it for the virtual tool `tool`: through the
    /// curve; with a threshold, 0 without `contact` and from libinput's tip level up with it.
    private func virtualPressure(_ value: Int32, _ axis: AxisInfo, tool: UInt16?, contact: Bool?) -> Int32 {
        let settings = pressure(of: tool)
        let span = Double(axis.span)
        let normalized = Self.normalized(value, axis)
        guard let contact else { return axis.minimum + Int32((settings.curve.apply(normalized) * span).rounded()) }
        guard contact else { return axis.minimum }
        let tip = PressureParameters.libinputDefaults.upperThreshold
        let level = axis.minimum + Int32((span * tip).rounded(.up))
        return max(level, axis.minimum + Int32(((tip + (1 - tip) * settings.applied(normalized)) * span).rounded()))
    }

    /// A raw pressure as a fraction of the axis's range (0 … 1).
    private static func normalized(_ value: Int32, _ axis: AxisInfo) -> Double {
        min(1, max(0, Double(value - axis.minimum) / Double(axis.span)))
    }

    private func event(_ time: Int64, _ type: UInt16, _ code: UInt16, _ value: Int32) -> InputEvent {
        InputEvent(microseconds: time, type: type, code: code, value: value)
    }

    private static func report(_ time: Int64) -> InputEvent {
        InputEvent(microseconds: time, type: EvdevCode.EventType.syn, code: EvdevCode.Syn.report, value: 0)
    }

    /// `BTN_TOOL_PEN` … `BTN_TOOL_LENS` but the finger (a touch, not a tablet tool).
    private static func isTool(_ code: UInt16) -> Bool {
        code >= EvdevCode.Key.toolPen && code <= EvdevCode.Key.toolLens && code != EvdevCode.Key.toolFinger
    }

    static func code(of source: TapSource) -> UInt16? {
        switch source {
        case .stylus: return EvdevCode.Key.stylus
        case .stylus2: return EvdevCode.Key.stylus2
        case .stylus3: return EvdevCode.Key.stylus3
        }
    }
}
