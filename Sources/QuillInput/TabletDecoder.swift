import QuillCore
import RealModule

//  InputEvent ──▶ FrameAssembler ──(one frame at SYN_REPORT)──▶ TabletDecoder ──▶ TabletEvent
//                                                                   (samples, proximity in and out)
//
//  Within a frame the decoder works in libinput's order: proximity in, tip, axes, buttons,
//  proximity out. Every contact sequence closes: a tip still down at proximity-out or at the
//  end of input is lifted first (phase `ended`), or `cancelled` when the input was cut off.

/// Turns the frames of one tablet device into pen samples: a value-type state machine that
/// follows libinput 1.22's tablet semantics (see the QuillInput article "How events become samples").
///
/// Cost per frame is constant and the decoder allocates nothing: events are appended to a
/// buffer the caller owns and reuses. Proximity changes are events of their own
/// (``TabletEvent/proximityIn(device:tool:time:)``, ``TabletEvent/proximityOut(device:tool:time:isForced:)``),
/// in order with the samples.
public struct TabletDecoder: Sendable {
    /// The device the frames come from.
    public let device: DeviceDescription
    /// Which device of the recording this is; copied into every sample.
    public let deviceIndex: Int
    /// The mapping from the tablet's active area onto the canvas.
    public let mapping: TabletMapping
    let parameters: TabletDecoderParameters
    let axisX: AxisInfo
    let axisY: AxisInfo
    let unitsPerMillimetreX: Double
    let unitsPerMillimetreY: Double
    let axisPressure: AxisInfo?
    let axisDistance: AxisInfo?
    let axisTiltX: AxisInfo?
    let axisTiltY: AxisInfo?
    let axisRotation: AxisInfo?
    let axisWheel: AxisInfo?
    let hasProximityKeys: Bool
    /// libinput's cursor range: a mouse or lens of a Wacom that has such tools is in proximity
    /// only while ABS_DISTANCE is below ``cursorProximityThreshold``.
    let hasCursorRange: Bool
    /// libinput forces a silent hovering pen out of proximity until the device shows it sends
    /// real proximity-outs (its first genuine `BTN_TOOL_PEN 0` switches this off).
    var forcesProximityOut = true

    // Axis state: values persist until changed.
    var rawX: Int32
    var rawY: Int32
    var rawPressure: Int32
    var rawDistance: Int32
    var rawRotation: Int32
    var rawWheel: Int32
    var tiltXDegrees = 0.0
    var tiltYDegrees = 0.0
    var hasSeenTilt = false
    // Tool state.
    var tool: PenTool?
    var wasForcedOut = false
    /// False until the first `BTN_TOOL_*` event: a recording that starts mid-proximity sends axes first.
    var hasSeenToolKey = false
    var serial: UInt32 = 0
    /// The node's ABS_MISC as last sent (the tool id, 0 when none): a Wacom pad's id marks its frames.
    var miscState: Int32 = 0
    var buttons: PenButtons = []
    var isTouchKeyDown = false
    var isInContact = false
    /// A worn pen's pressure offset in raw units, or nil; kept for the tool (type and serial) it was seen on.
    var pressureOffset: Int32?
    var pressureOffsetTool: (tool: PenTool, serial: UInt32)?
    var rotationReference = 0.0
    /// True from proximity-in until the first ABS_Z of the tool arrives: roll is measured from
    /// that first value (a 13HD's proximity-in frame carries none), 0 until then.
    var isRotationReferencePending = false
    /// Whether the barrel rotation is known: an ABS_Z was read, or a live reader gave the node's
    /// state (``assumeRotation(raw:)``). The kernel sends no ABS_Z that repeats its last value,
    /// so a proximity-in without one means "unchanged" — known live, unknown at a recording's start.
    var isRotationKnown = false
    /// The tool id (`ABS_MISC`, libwacom's stylus id) of the tool in proximity; 0 when none was sent.
    var toolID: Int32 = 0
    var timeOrigin: Int64?
    var lastFrameTime: Int64?
    var lastEmitted: PenSample?
    /// The tool entered proximity and its proximity-in is not out yet: it goes out with the
    /// tool's first sample (a mouse or lens beyond the cursor range waits until it comes closer).
    var isProximityInPending = false
    /// A mouse or lens whose BTN_TOOL_* is down but which is beyond libinput's cursor range
    /// (distance ≥ ``cursorProximityThreshold``): out of proximity for libinput, so no samples.
    var isCursorFar = false
    /// Samples for ``decode(frame:into:)-samples``: the events of one call, reused.
    var scratch: [TabletEvent] = []

    /// Whether the device declares the resolution of ABS_X/ABS_Y (otherwise the millimetres come
    /// from the catalog's size of the model, or ``TabletDecoderParameters/assumedResolution``).
    public let hasResolution: Bool
    /// How positions become millimetres.
    public let scale: TabletScale

    /// Creates a decoder for `device`. Throws ``RecordingError`` when the device has no ABS_X/ABS_Y.
    /// `area` is the model's active area from a tablet database, used only when the device
    /// declares no resolution.
    public init(device: DeviceDescription, deviceIndex: Int = 0, parameters: TabletDecoderParameters = .defaults, area: TabletArea? = nil) throws {
        guard let x = device.axes[EvdevCode.Abs.x], let y = device.axes[EvdevCode.Abs.y], x.span > 0, y.span > 0 else {
            throw RecordingError(
                file: nil, line: nil,
                message: "device \"\(device.name)\" is not a pen tablet: expected ABS_X and ABS_Y axes with a range")
        }
        self.device = device
        self.deviceIndex = deviceIndex
        self.parameters = parameters
        axisX = x
        axisY = y
        hasResolution = x.resolution > 0 && y.resolution > 0
        (scale, unitsPerMillimetreX, unitsPerMillimetreY) = TabletScale.of(x: x, y: y, area: area, assumed: parameters.assumedResolution)
        mapping = try TabletMapping(
            areaWidth: x.span / unitsPerMillimetreX, areaHeight: y.span / unitsPerMillimetreY, canvas: parameters.canvas, mode: parameters.mappingMode)
        axisPressure = device.axes[EvdevCode.Abs.pressure].flatMap { $0.span > 0 ? $0 : nil }
        axisDistance = device.axes[EvdevCode.Abs.distance].flatMap { $0.span > 0 ? $0 : nil }
        axisTiltX = device.axes[EvdevCode.Abs.tiltX].flatMap { $0.span > 0 ? $0 : nil }
        axisTiltY = device.axes[EvdevCode.Abs.tiltY].flatMap { $0.span > 0 ? $0 : nil }
        axisRotation = device.axes[EvdevCode.Abs.z].flatMap { $0.span > 0 ? $0 : nil }
        axisWheel = device.axes[EvdevCode.Abs.wheel].flatMap { $0.span > 0 ? $0 : nil }
        hasProximityKeys = device.hasProximityKeys
        // libinput 1.22 (evdev-tablet.c tablet_init_proximity_threshold): only a node with
        // BTN_TOOL_MOUSE or BTN_TOOL_LENS, and only Wacom's (tablet_init disables those tools
        // for other vendors), and the distance must be an axis.
        hasCursorRange = device.vendor == 0x056a && axisDistance != nil
            && (device.has(type: EvdevCode.EventType.key, code: EvdevCode.Key.toolMouse) || device.has(type: EvdevCode.EventType.key, code: EvdevCode.Key.toolLens))
        scratch.reserveCapacity(4)
        // libinput: a device without BTN_TOOL_PEN starts "forced out"; its first axis frame brings the pen in.
        wasForcedOut = !device.has(type: EvdevCode.EventType.key, code: EvdevCode.Key.toolPen)
        rawX = x.minimum
        rawY = y.minimum
        rawPressure = axisPressure?.minimum ?? 0
        rawDistance = axisDistance?.minimum ?? 0
        rawRotation = axisRotation?.minimum ?? 0
        rawWheel = axisWheel?.minimum ?? 0
    }

    /// True while a tool is in proximity.
    public var isInProximity: Bool { tool != nil }

    /// The tool id (ABS_MISC) of a Wacom pad's frames: the kernel's `PAD_DEVICE_ID`, 0x0F.
    public static let wacomPadToolID: Int32 = 0x0F

    /// libinput's cursor proximity threshold (evdev-tablet.c: 42 device units, xf86-input-wacom's
    /// default for Intuos and Cintiq): a mouse or lens is in proximity while 0 < ABS_DISTANCE < 42.
    public static let cursorProximityThreshold: Int32 = 42

    /// Decodes one frame and appends only its samples (0, 1 or 2) to `samples`; see
    /// ``decode(frame:into:)-events`` for the whole story with proximity.
    public mutating func decode(frame: ArraySlice<InputEvent>, into samples: inout [PenSample]) {
        var events = scratch
        scratch = []
        events.removeAll(keepingCapacity: true)
        decode(frame: frame, into: &events)
        events.appendSamples(to: &samples)
        scratch = events
    }

    /// Decodes one frame: the events up to and including its `SYN_REPORT`. Appends its events to
    /// `events`: a forced proximity-out of a silent pen first (its time had come), then in order a
    /// proximity-out of a tool another one replaces, a proximity-in, the frame's sample (2 samples
    /// when a tool change lifts the old tool's tip in the same frame), a proximity-out.
    public mutating func decode(frame: ArraySlice<InputEvent>, into events: inout [TabletEvent]) {
        guard let last = frame.last else { return }
        let time = last.microseconds
        if timeOrigin == nil { timeOrigin = frame.first?.microseconds ?? time }
        expireProximity(at: time, into: &events)
        lastFrameTime = time

        var enteringTool: PenTool?
        var isLeaving = false
        var hasAxis = false
        var hasPressureChange = false
        var hasRotation = false
        // The pad's frames on an old kernel's single node are told by the tool id (see below):
        // key changes wait until the frame is known to be the pen's.
        let serialBefore = serial
        var hasToolKey = false, clearsToolID = false
        var pressedButtons: PenButtons = [], releasedButtons: PenButtons = []
        var touchKey: Bool?
        for event in frame {
            switch event.type {
            case EvdevCode.EventType.key:
                if let keyTool = PenTool(keyCode: event.code) {
                    hasSeenToolKey = true
                    hasToolKey = true
                    if event.value != 0 {
                        enteringTool = keyTool
                        wasForcedOut = false
                    } else {
                        if keyTool == .pen { forcesProximityOut = false }
                        if keyTool == tool { isLeaving = true }
                        if tool == nil { wasForcedOut = false }
                    }
                } else if event.code == EvdevCode.Key.touch {
                    touchKey = event.value != 0
                } else if let button = PenButtons(keyCode: event.code) {
                    if event.value != 0 {
                        pressedButtons.insert(button)
                        releasedButtons.remove(button)
                    } else {
                        releasedButtons.insert(button)
                        pressedButtons.remove(button)
                    }
                }
            case EvdevCode.EventType.abs:
                hasAxis = true
                if event.code == EvdevCode.Abs.misc {
                    miscState = event.value
                    if event.value == 0 { clearsToolID = true }
                }
                if event.code == EvdevCode.Abs.pressure { hasPressureChange = true }
                if event.code == EvdevCode.Abs.z { hasRotation = true }
            case EvdevCode.EventType.msc where event.code == EvdevCode.Msc.serial:
                serial = UInt32(bitPattern: event.value)
            default:
                break
            }
        }

        // An old kernel's single Wacom node carries the pad too: while the node's tool id is the
        // pad's (the frames of its buttons, ring or strip; the kernel sends the id once, when it
        // changes), and in a frame that sets the id to 0 with no tool key (the pad's release,
        // whatever its serial — 0xffffffff on an Intuos, 0xf0 on a Graphire4 or Bamboo; a pen
        // clears its id only as its BTN_TOOL_* goes up), a frame is the pad's, never the pen's:
        // no sample, no change to the pen.
        if enteringTool == nil, miscState == TabletDecoder.wacomPadToolID || (clearsToolID && !hasToolKey) {
            serial = serialBefore
            return
        }
        buttons.formUnion(pressedButtons)
        buttons.subtract(releasedButtons)
        if let touchKey { isTouchKeyDown = touchKey }
        // A different tool entering closes the sequence of the one in proximity.
        if let entering = enteringTool, let current = tool, entering != current {
            leaveProximity(time: time, into: &events)
        }
        if isLeaving && enteringTool == nil {
            // Wacom resets X, Y, distance and tool id in this frame: not a position. The tip is lifted
            // where it was; the values are kept as the device's state (as libevdev keeps them), but
            // give no sample.
            leaveProximity(time: time, into: &events)
            applyAxes(of: frame)
            return
        }

        applyAxes(of: frame)

        if let entering = enteringTool {
            if tool != entering { enterProximity(entering) }
        } else if tool == nil, hasAxis, wasForcedOut || !hasSeenToolKey {
            // Axis events bring the pen (back) into proximity when it was forced out by the timeout, when the
            // device has no BTN_TOOL_PEN (UC-Logic style), or when the recording started with a tool in
            // proximity (no BTN_TOOL_* event yet: the pen is assumed, so nothing recorded is lost).
            enterProximity(.pen)
        }
        guard let current = tool else { return }
        if hasCursorRange, current == .mouse || current == .lens, rawDistance != 0 {
            // libinput's tablet_update_proximity_state: distance 0 changes nothing; below the
            // threshold the cursor is (back) in proximity, at or above it out.
            if rawDistance >= TabletDecoder.cursorProximityThreshold, !isCursorFar {
                isCursorFar = true
                if !isProximityInPending { leaveRange(time: time, into: &events) }
            } else if rawDistance < TabletDecoder.cursorProximityThreshold, isCursorFar {
                isCursorFar = false
                isProximityInPending = true
            }
        }
        if isCursorFar { return }
        if isRotationReferencePending, hasRotation, let axis = axisRotation {
            rotationReference = rotationDegrees(rawRotation, axis)
            isRotationReferencePending = false
        }
        // libinput: a pressure reading below a worn pen's offset lowers the offset (a fast contact
        // can start with a higher-than-needed offset).
        if hasPressureChange, let offset = pressureOffset, rawPressure < offset { pressureOffset = rawPressure }

        let wasInContact = isInContact
        isInContact = contactState()
        let phase: PenPhase
        switch (wasInContact, isInContact) {
        case (false, true): phase = .began
        case (true, true): phase = .moved
        case (true, false): phase = .ended
        case (false, false): phase = .hover
        }
        if isProximityInPending {
            isProximityInPending = false
            events.append(.proximityIn(device: deviceIndex, tool: current, time: seconds(time)))
        }
        emit(makeSample(time: time, phase: phase), into: &events)
    }

    /// Seconds on the samples' clock of an event time (µs).
    func seconds(_ time: Int64) -> Double { Double(time - (timeOrigin ?? time)) / 1_000_000 }

    /// The node's current ABS_Z, as a live reader has it from libevdev when it opens the node
    /// (libinput starts from the same state): a tool entering proximity without an ABS_Z then
    /// counts its roll from this value, as libinput does, instead of from its first ABS_Z.
    public mutating func assumeRotation(raw: Int32) {
        guard axisRotation != nil else { return }
        rawRotation = raw
        isRotationKnown = true
    }

    /// The node's current position, pressure, distance, tilt and wheel, as a live reader has them
    /// from libevdev when it opens the node (the kernel's state; libinput starts from it too): a
    /// first frame that moves only X then keeps the pen's Y instead of taking 0 — a jump to the
    /// tablet's edge when a tablet is plugged back in under a hovering pen. `value(code)` gives
    /// an axis's current value, nil for an axis the node lacks.
    public mutating func assumeAxes(_ value: (UInt16) -> Int32?) {
        let codes = [EvdevCode.Abs.x, EvdevCode.Abs.y, EvdevCode.Abs.pressure, EvdevCode.Abs.distance, EvdevCode.Abs.tiltX, EvdevCode.Abs.tiltY, EvdevCode.Abs.wheel]
        let events = codes.compactMap { code in value(code).map { InputEvent(microseconds: 0, type: EvdevCode.EventType.abs, code: code, value: $0) } }
        applyAxes(of: events[...])
        hasSeenTilt = false  // tilt counts as seen only once the pen reports it
        // A pad key held as the node is opened: the kernel will not send the pad's id again.
        if let misc = value(EvdevCode.Abs.misc) { miscState = misc }
    }

    /// Starts the samples' clock at `microseconds` (the frames' clock) instead of at the first
    /// frame decoded: a live reader that reopens a tablet plugged back in keeps its clock.
    public mutating func startClock(at microseconds: Int64) {
        timeOrigin = microseconds
    }

    /// The event time (µs, the frames' clock) after which a silent hovering pen is forced out of
    /// proximity, as libinput's 50 ms timer does; nil when no such pen is in proximity. A live
    /// reader sleeps no longer than this and then calls ``expireProximity(at:into:)``.
    public var proximityDeadline: Int64? {
        guard let previous = lastFrameTime, forcesProximityOut, tool == .pen, !isInContact, buttons.isEmpty else { return nil }
        return previous + Int64(parameters.proximityTimeout * 1_000_000)
    }

    /// Forces a silent hovering pen out of proximity when `time` (µs, the frames' clock) is past
    /// ``proximityDeadline``. A replay does this when the next frame comes; a live reader also
    /// when its timer fires, so the proximity-out is not late when no next frame comes.
    /// Returns true when it did; the proximity-out (``TabletEvent/proximityOut(device:tool:time:isForced:)``
    /// with `isForced`) is appended to `events`.
    @discardableResult
    public mutating func expireProximity(at time: Int64, into events: inout [TabletEvent]) -> Bool {
        guard let deadline = proximityDeadline, time > deadline else { return false }
        // libinput: a hovering pen silent for longer than the timeout is forced out of proximity.
        leaveProximity(time: deadline, isForced: true, into: &events)
        wasForcedOut = true
        return true
    }

    /// Ends the input: a tip still down is lifted (phase `ended`) at the last frame's time.
    public mutating func finish(into events: inout [TabletEvent]) { close(as: .ended, into: &events) }

    /// Cuts the input off (truncated file, device removed): a tip still down ends as `cancelled`.
    public mutating func cancel(into events: inout [TabletEvent]) { close(as: .cancelled, into: &events) }

    /// ``finish(into:)-events`` for a client that wants samples only.
    public mutating func finish(into samples: inout [PenSample]) {
        var events: [TabletEvent] = []
        finish(into: &events)
        events.appendSamples(to: &samples)
    }

    /// ``cancel(into:)-events`` for a client that wants samples only.
    public mutating func cancel(into samples: inout [PenSample]) {
        var events: [TabletEvent] = []
        cancel(into: &events)
        events.appendSamples(to: &samples)
    }

    private mutating func close(as phase: PenPhase, into events: inout [TabletEvent]) {
        guard let time = lastFrameTime else { return }
        if isInContact {
            isInContact = false
            emit(makeSample(time: time, phase: phase), into: &events)
        }
        tool = nil
        isCursorFar = false
        isProximityInPending = false
    }

    // MARK: - Steps

    /// The frame's axes are applied first, so an ABS_Z in the proximity-in frame already made the
    /// rotation known.
    mutating func enterProximity(_ newTool: PenTool) {
        tool = newTool
        isProximityInPending = true
        isCursorFar = false
        isInContact = false
        if let rotation = axisRotation, isRotationKnown {
            rotationReference = rotationDegrees(rawRotation, rotation)
            isRotationReferencePending = false
        } else {
            isRotationReferencePending = axisRotation != nil
        }
        if let owner = pressureOffsetTool, owner.tool != newTool || owner.serial != serial {
            pressureOffset = nil
            pressureOffsetTool = nil
        }
        // libinput: a worn pen reads some pressure while hovering far away (distance ≥ 50 %) at
        // proximity-in; up to 20 % of the range it becomes the new lower threshold.
        if let pressure = axisPressure, let distance = axisDistance, rawPressure > pressure.minimum,
            rawDistance >= TabletDecoder.rangeLevel(distance, 0.5),
            rawPressure <= TabletDecoder.rangeLevel(pressure, parameters.pressure.maximumOffset)
        {
            pressureOffset = Swift.min(rawPressure, pressureOffset ?? .max)
            pressureOffsetTool = (newTool, serial)
        }
    }

    /// A mouse or lens went beyond the cursor range (its BTN_TOOL_* still down): for libinput it
    /// leaves proximity at this frame (a tip still down is lifted first), with no sample of the
    /// frame; its buttons are released with it.
    mutating func leaveRange(time: Int64, into events: inout [TabletEvent]) {
        if isInContact {
            isInContact = false
            emit(makeSample(time: time, phase: .ended), into: &events)
        }
        if let tool { events.append(.proximityOut(device: deviceIndex, tool: tool, time: seconds(time), isForced: false)) }
        lastEmitted = nil
    }

    mutating func leaveProximity(time: Int64, isForced: Bool = false, into events: inout [TabletEvent]) {
        if isInContact {
            isInContact = false
            emit(makeSample(time: time, phase: .ended), into: &events)
        }
        // A tool whose proximity-in never went out (a cursor that stayed beyond the range) leaves silently.
        if let tool, !isProximityInPending, !isCursorFar {
            events.append(.proximityOut(device: deviceIndex, tool: tool, time: seconds(time), isForced: isForced))
        }
        isProximityInPending = false
        isCursorFar = false
        tool = nil
        toolID = 0
        buttons = []
        isTouchKeyDown = false
        lastEmitted = nil
    }

    mutating func applyAxes(of frame: ArraySlice<InputEvent>) {
        for event in frame where event.type == EvdevCode.EventType.abs {
            switch event.code {
            case EvdevCode.Abs.x: rawX = event.value
            case EvdevCode.Abs.y: rawY = event.value
            case EvdevCode.Abs.pressure: rawPressure = event.value
            case EvdevCode.Abs.distance: rawDistance = event.value
            case EvdevCode.Abs.z:
                rawRotation = event.value
                isRotationKnown = true
            case EvdevCode.Abs.wheel: rawWheel = event.value
            case EvdevCode.Abs.misc: if event.value != 0 { toolID = event.value }
            case EvdevCode.Abs.tiltX:
                if let axis = axisTiltX {
                    tiltXDegrees = TabletDecoder.tiltDegrees(event.value, axis)
                    hasSeenTilt = true
                }
            case EvdevCode.Abs.tiltY:
                if let axis = axisTiltY {
                    tiltYDegrees = TabletDecoder.tiltDegrees(event.value, axis)
                    hasSeenTilt = true
                }
            default: break
            }
        }
    }

    /// Pressure thresholds in raw units: (lower, upper). With a worn pen's offset, lower is the
    /// offset and upper keeps the default gap above it (libinput).
    var pressureThresholds: (lower: Double, upper: Double) {
        guard let axis = axisPressure else { return (0, 0) }
        let lower = TabletDecoder.rangeLevel(axis, parameters.pressure.lowerThreshold)
        let upper = TabletDecoder.rangeLevel(axis, parameters.pressure.upperThreshold)
        if let offset = pressureOffset { return (Double(offset), Double(offset) + Double(upper - lower)) }
        return (Double(lower), Double(upper))
    }

    /// libinput's `axis_range_percentage`: min + fraction × (max − min), truncated to an integer.
    static func rangeLevel(_ axis: AxisInfo, _ fraction: Double) -> Int32 {
        Int32(truncatingIfNeeded: Int64(axis.span * fraction + Double(axis.minimum)))
    }

    func contactState() -> Bool {
        guard axisPressure != nil else { return isTouchKeyDown }
        // libinput: with a pressure axis the tip follows pressure with hysteresis, not BTN_TOUCH.
        let thresholds = pressureThresholds
        let raw = Double(rawPressure)
        if isInContact { return raw > thresholds.lower }
        return raw >= thresholds.upper
    }

    /// The position in device units after the left-handed turn and the calibration, as libinput's
    /// `tablet_update_xy` and `evdev_transform_absolute` (which keeps whole device units).
    func devicePosition() -> (x: Double, y: Double) {
        // In 64 bits: a hostile value far outside the range must not overflow the turn.
        var x = Int64(rawX), y = Int64(rawY)
        if parameters.isLeftHanded {
            x = Int64(axisX.maximum) - (x - Int64(axisX.minimum))
            y = Int64(axisY.maximum) - (y - Int64(axisY.minimum))
        }
        guard !parameters.calibration.isIdentity else { return (Double(x), Double(y)) }
        let width = axisX.span + 1, height = axisY.span + 1
        let normalized = parameters.calibration.apply(
            x: (Double(x) - Double(axisX.minimum)) / width, y: (Double(y) - Double(axisY.minimum)) / height)
        return ((normalized.x * width + Double(axisX.minimum)).rounded(.towardZero), (normalized.y * height + Double(axisY.minimum)).rounded(.towardZero))
    }

    func makeSample(time: Int64, phase: PenPhase) -> PenSample {
        let position = devicePosition()
        let tablet = TabletPoint(
            x: (position.x - Double(axisX.minimum)) / unitsPerMillimetreX,
            y: (position.y - Double(axisY.minimum)) / unitsPerMillimetreY)
        var pressure = 0.0
        if phase.isInContact, let axis = axisPressure {
            let lower = pressureThresholds.lower
            pressure = parameters.pressureCurve.apply(Swift.max(0, (Double(rawPressure) - lower) / (Double(axis.maximum) - lower)))
        } else if phase.isInContact {
            pressure = 1  // no pressure axis: a touch is full pressure
        }
        let turn = parameters.isLeftHanded ? -1.0 : 1.0
        let orientation = hasSeenTilt
            ? PenOrientation(tilt: PenTilt(xDegrees: turn * tiltXDegrees, yDegrees: turn * tiltYDegrees))
            : PenOrientation.upright
        var roll = 0.0
        if let axis = axisRotation, !isRotationReferencePending {
            var degrees = rotationDegrees(rawRotation, axis) - rotationReference
            if degrees > 180 { degrees -= 360 } else if degrees <= -180 { degrees += 360 }
            roll = degrees * .pi / 180
        }
        let distance = (!phase.isInContact ? axisDistance?.normalized(rawDistance) : nil) ?? 0
        let wheel = (tool == .airbrush ? axisWheel.map { $0.normalized(rawWheel) * 2 - 1 } : nil) ?? 0
        return PenSample(
            time: Double(time - (timeOrigin ?? time)) / 1_000_000,
            location: mapping.canvasPoint(for: tablet), tabletLocation: tablet, phase: phase, tool: tool ?? .pen,
            force: pressure * PenSample.maximumPossibleForce, pressure: pressure,
            altitude: orientation.altitude, azimuth: orientation.azimuth, roll: roll, distance: distance, wheel: wheel,
            buttons: buttons, toolSerial: serial, toolID: tool == nil ? 0 : UInt32(bitPattern: toolID), deviceIndex: deviceIndex)
    }

    /// Appends `sample` unless it repeats the last one (same everything but time) in the same phase.
    mutating func emit(_ sample: PenSample, into events: inout [TabletEvent]) {
        if let previous = lastEmitted, sample.repeats(previous) { return }
        events.append(.sample(sample))
        lastEmitted = sample
    }

    // MARK: - Conversions (libinput 1.22)

    /// Tilt in degrees: raw / resolution (radians) when the axis has a resolution and spans zero,
    /// otherwise the range mapped linearly onto −64° … 64°.
    public static func tiltDegrees(_ raw: Int32, _ axis: AxisInfo) -> Double {
        if axis.resolution != 0 && axis.maximum > 0 && axis.minimum < 0 {
            return Double(raw) / Double(axis.resolution) * 180 / .pi
        }
        return (axis.normalized(raw) * 2 - 1) * 64
    }

    /// The largest tilt in degrees that `device` reports on either axis (what libinput's tilt
    /// conversion gives at the axes' ends: 64 for Wacom pens), 0 for a device without tilt.
    public static func tiltRange(of device: DeviceDescription) -> Double {
        var range = 0.0
        for code in [EvdevCode.Abs.tiltX, EvdevCode.Abs.tiltY] {
            guard let axis = device.axes[code], axis.span > 0 else { continue }
            range = Swift.max(range, abs(tiltDegrees(axis.minimum, axis)), abs(tiltDegrees(axis.maximum, axis)))
        }
        return range
    }

    /// Art Pen rotation in degrees, clockwise: ((raw − min) / (range + 1) × 360 + 90) mod 360.
    func rotationDegrees(_ raw: Int32, _ axis: AxisInfo) -> Double {
        let degrees = (Double(raw) - Double(axis.minimum)) / (axis.span + 1) * 360 + 90
        return degrees.truncatingRemainder(dividingBy: 360)
    }
}
