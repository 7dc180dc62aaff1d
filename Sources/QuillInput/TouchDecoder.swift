import QuillCore

//  InputEvent ──▶ FrameAssembler ──(one frame at SYN_REPORT)──▶ TouchDecoder ──▶ TabletEvent.touch … .touchFrame
//
//  Protocol B (slots): a slot keeps its last position, size and pressure across tracking ids, as
//  libevdev does, so a touch that begins without a position begins where its slot last was.
//  Protocol A (SYN_MT_REPORT, no slots): every frame lists every contact; contacts are matched
//  to the touches of the previous frame by position, the closest pairs first (mtdev, which
//  libinput uses, minimises the total distance: where contacts cross, the two may differ).

/// Turns the frames of one multitouch node (a touchscreen, or an opaque tablet's touchpad) into
/// ``TouchSample``s: began, moved, ended, each frame's touches followed by one
/// ``TabletEvent/touchFrame(device:time:)``.
///
/// Cost per frame is proportional to the node's slots; the decoder allocates nothing once
/// created (events go into a buffer the caller owns).
public struct TouchDecoder: Sendable {
    /// The node the frames come from.
    public let device: DeviceDescription
    /// Which device of the source this is; copied into every touch.
    public let deviceIndex: Int
    /// True for a touchscreen, false for a touchpad (udev's and libinput's class, ``DeviceClass``).
    public let isDirect: Bool
    /// True when the node uses multitouch protocol B (`ABS_MT_SLOT`); false for protocol A.
    public let usesSlots: Bool
    /// Where the millimetres come from.
    public let scale: TabletScale
    /// The mapping of the touch surface onto the canvas.
    public let mapping: TabletMapping

    let axisX: AxisInfo
    let axisY: AxisInfo
    let unitsPerMillimetreX: Double
    let unitsPerMillimetreY: Double
    let hasMajor: Bool
    let hasMinor: Bool
    let axisPressure: AxisInfo?
    /// Touchpads turn with a left-handed tablet (libinput rotates the paired touchpad); screens do not.
    let isTurned: Bool

    struct Slot: Sendable {
        var trackingID: Int32 = -1
        var x: Int32 = 0
        var y: Int32 = 0
        var major: Int32 = 0
        var minor: Int32 = 0
        var pressure: Int32 = 0
        /// `ABS_MT_TOOL_TYPE` as last sent.
        var toolType: Int32 = 0
        /// The hardware called this touch a palm (`MT_TOOL_PALM`): rejected until it ends.
        var isPalm = false
        /// Seat-wide number while a touch is down.
        var seatNumber = -1
        var isChanged = false
        /// The tracking id changed in this frame: the touch in the slot (if any) ends and a new one begins.
        var begins = false
        var ends = false
        var emittedX: Int32 = 0
        var emittedY: Int32 = 0
        /// The tracking id of the touch down in the slot (the slot's own may already be the next one's).
        var emittedTrackingID: Int32 = -1
        var emittedMajor: Int32 = 0
        var emittedMinor: Int32 = 0
        var emittedPressure: Int32 = 0
        /// Protocol A: the touch was matched to a contact of this frame.
        var isMatched = false
        var isActive: Bool { seatNumber >= 0 }
    }

    struct Contact: Sendable {
        var x: Int32 = 0
        var y: Int32 = 0
        var major: Int32 = 0
        var minor: Int32 = 0
        var pressure: Int32 = 0
        var hasValues = false
        var isMatched = false
    }

    var slots: [Slot]
    var currentSlot = 0
    // Protocol A.
    var contact = Contact()
    var contacts: [Contact] = []
    var sawContactReport = false
    var nextTrackingID: Int32 = 0
    var timeOrigin: Int64?
    var lastFrameTime: Int64?
    /// The most touches protocol A tracks at once (contacts beyond are not reported).
    public static let protocolAContacts = 16

    /// Creates a decoder for a multitouch node. Throws ``RecordingError`` when the node has no
    /// `ABS_MT_POSITION_X`/`Y` with a range. `area` is the surface's size from elsewhere (the
    /// paired pen, or a tablet database), used only when the node declares no resolution.
    public init(device: DeviceDescription, deviceIndex: Int = 0, parameters: TabletDecoderParameters = .defaults, area: TabletArea? = nil) throws {
        guard let x = device.axes[EvdevCode.Abs.mtPositionX], let y = device.axes[EvdevCode.Abs.mtPositionY], x.span > 0, y.span > 0 else {
            throw RecordingError(
                file: nil, line: nil,
                message: "device \"\(device.name)\" is not a multitouch device: expected ABS_MT_POSITION_X and ABS_MT_POSITION_Y with a range")
        }
        self.device = device
        self.deviceIndex = deviceIndex
        axisX = x
        axisY = y
        isDirect = device.deviceClass == .touchscreen
        (scale, unitsPerMillimetreX, unitsPerMillimetreY) = TabletScale.of(x: x, y: y, area: area, assumed: parameters.assumedResolution)
        mapping = try TabletMapping(
            areaWidth: x.span / unitsPerMillimetreX, areaHeight: y.span / unitsPerMillimetreY, canvas: parameters.canvas, mode: parameters.mappingMode)
        hasMajor = device.axes[EvdevCode.Abs.mtTouchMajor].map { $0.span > 0 } ?? false
        hasMinor = device.axes[EvdevCode.Abs.mtTouchMinor].map { $0.span > 0 } ?? false
        axisPressure = device.axes[EvdevCode.Abs.mtPressure].flatMap { $0.span > 0 ? $0 : nil }
        isTurned = parameters.isLeftHanded && !isDirect
        if let slotAxis = device.axes[EvdevCode.Abs.mtSlot], slotAxis.maximum >= 0 {
            usesSlots = true
            // libevdev keeps at most 256 slots.
            let count = Int(Swift.min(Swift.max(slotAxis.maximum, 0), 255)) + 1
            slots = Array(repeating: Slot(x: x.minimum, y: y.minimum), count: count)
        } else {
            usesSlots = false
            slots = Array(repeating: Slot(x: x.minimum, y: y.minimum), count: TouchDecoder.protocolAContacts)
            contacts.reserveCapacity(TouchDecoder.protocolAContacts)
        }
    }

    /// The size of a touch surface from elsewhere, for a node that declares no resolution: the
    /// size of its paired pen among `pens` (by ``TabletGroupRule``: the same USB ids or libwacom's
    /// pairing), else the tablet database's size of its model; nil when neither knows.
    public static func surfaceArea(of touch: DeviceDescription, pens: [(DeviceDescription, TabletMapping)], catalog: (any TabletCatalog)?) -> TabletArea? {
        for (pen, mapping) in pens where TabletGroupRule.pairs(pen: pen, touch: touch, catalog: catalog, isOnlyPair: false) {
            if let area = try? TabletArea(width: mapping.areaWidth, height: mapping.areaHeight, source: "its paired pen \"\(pen.name)\"") { return area }
        }
        return catalog?.activeArea(of: touch)
    }

    /// Starts the touches' clock at `microseconds` (the frames' clock) instead of at the first frame.
    public mutating func startClock(at microseconds: Int64) { timeOrigin = microseconds }

    /// True once a frame was decoded.
    public var hasDecoded: Bool { lastFrameTime != nil }

    /// The touches down now.
    public var activeTouchCount: Int { slots.reduce(0) { $0 + ($1.isActive ? 1 : 0) } }

    /// Decodes one frame (its events up to and including `SYN_REPORT`): appends the touches that
    /// began, moved or ended in it, in slot order, then one ``TabletEvent/touchFrame(device:time:)``
    /// when any did. New touches take their seat-wide numbers from `seat`.
    public mutating func decode(frame: ArraySlice<InputEvent>, seat: inout TouchSeat, into events: inout [TabletEvent]) {
        guard let last = frame.last else { return }
        let time = last.microseconds
        if timeOrigin == nil { timeOrigin = frame.first?.microseconds ?? time }
        lastFrameTime = time
        if usesSlots {
            readSlots(frame)
        } else {
            readContacts(frame)
        }
        flush(time: time, seat: &seat, into: &events)
    }

    /// Ends every touch still down (end of input) with phase `ended`.
    public mutating func finish(seat: inout TouchSeat, into events: inout [TabletEvent]) { close(as: .ended, seat: &seat, into: &events) }

    /// Ends every touch still down with phase `cancelled` (input cut off, device removed).
    public mutating func cancel(seat: inout TouchSeat, into events: inout [TabletEvent]) { close(as: .cancelled, seat: &seat, into: &events) }

    // MARK: - Protocol B

    mutating func readSlots(_ frame: ArraySlice<InputEvent>) {
        for event in frame where event.type == EvdevCode.EventType.abs {
            switch event.code {
            case EvdevCode.Abs.mtSlot:
                // libinput: a slot beyond the declared count (or negative: libinput compares it
                // unsigned) is taken as the last one.
                currentSlot = event.value < 0 || Int(event.value) >= slots.count ? slots.count - 1 : Int(event.value)
            case EvdevCode.Abs.mtTrackingID:
                if event.value >= 0 {
                    // A new id for a touch still down without its −1 first: libinput keeps the touch
                    // ("driver sent multiple touch down"); after a −1 in the same frame, a new touch.
                    if !slots[currentSlot].isActive || slots[currentSlot].ends {
                        slots[currentSlot].begins = true
                    }
                } else {
                    slots[currentSlot].begins = false
                    if slots[currentSlot].isActive { slots[currentSlot].ends = true }
                }
                slots[currentSlot].trackingID = event.value
            case EvdevCode.Abs.mtPositionX: set(\.x, event.value)
            case EvdevCode.Abs.mtPositionY: set(\.y, event.value)
            case EvdevCode.Abs.mtTouchMajor: set(\.major, event.value)
            case EvdevCode.Abs.mtTouchMinor: set(\.minor, event.value)
            case EvdevCode.Abs.mtPressure: set(\.pressure, event.value)
            case EvdevCode.Abs.mtToolType: set(\.toolType, event.value)
            default: break
            }
        }
    }

    /// `MT_TOOL_PALM`: the hardware's own palm detection (libinput: a touch that begins as a palm
    /// is never reported, one that turns into a palm is cancelled; it stays a palm until it ends).
    static let palmTool: Int32 = 2

    private mutating func set(_ field: WritableKeyPath<Slot, Int32>, _ value: Int32) {
        if slots[currentSlot][keyPath: field] != value {
            slots[currentSlot][keyPath: field] = value
            slots[currentSlot].isChanged = true
        }
    }

    // MARK: - Protocol A

    mutating func readContacts(_ frame: ArraySlice<InputEvent>) {
        contacts.removeAll(keepingCapacity: true)
        sawContactReport = false
        var touchReleased = false
        contact = Contact()
        for event in frame {
            switch event.type {
            case EvdevCode.EventType.syn where event.code == EvdevCode.Syn.mtReport:
                sawContactReport = true
                if contact.hasValues && contacts.count < TouchDecoder.protocolAContacts { contacts.append(contact) }
                contact = Contact()
            case EvdevCode.EventType.key where event.code == EvdevCode.Key.touch:
                touchReleased = event.value == 0
            case EvdevCode.EventType.abs:
                switch event.code {
                case EvdevCode.Abs.mtPositionX: contact.x = event.value; contact.hasValues = true
                case EvdevCode.Abs.mtPositionY: contact.y = event.value; contact.hasValues = true
                case EvdevCode.Abs.mtTouchMajor: contact.major = event.value
                case EvdevCode.Abs.mtTouchMinor: contact.minor = event.value
                case EvdevCode.Abs.mtPressure: contact.pressure = event.value
                default: break
                }
            default: break
            }
        }
        // A frame without contact reports changes nothing, unless BTN_TOUCH says every finger lifted.
        guard sawContactReport || touchReleased else { return }
        // Match the contacts to the touches down, closest pairs first.
        while true {
            var best: (slot: Int, contact: Int, distance: Double)?
            for s in slots.indices where slots[s].isActive && !slots[s].isMatched {
                for c in contacts.indices where !contacts[c].isMatched {
                    let dx = Double(contacts[c].x) - Double(slots[s].x), dy = Double(contacts[c].y) - Double(slots[s].y)
                    let distance = dx * dx + dy * dy
                    if best == nil || distance < best!.distance { best = (s, c, distance) }
                }
            }
            guard let pair = best else { break }
            contacts[pair.contact].isMatched = true
            assign(contacts[pair.contact], to: pair.slot)
            slots[pair.slot].isMatched = true
        }
        for s in slots.indices where slots[s].isActive && !slots[s].isMatched { slots[s].ends = true }
        for c in contacts.indices where !contacts[c].isMatched {
            guard let s = slots.firstIndex(where: { !$0.isActive && !$0.begins }) else { break }
            assign(contacts[c], to: s)
            slots[s].trackingID = nextTrackingID
            nextTrackingID = nextTrackingID == .max ? 0 : nextTrackingID + 1
            slots[s].begins = true
        }
    }

    private mutating func assign(_ contact: Contact, to index: Int) {
        let slot = slots[index]
        if slot.x != contact.x || slot.y != contact.y || slot.major != contact.major || slot.minor != contact.minor || slot.pressure != contact.pressure {
            slots[index].isChanged = true
        }
        slots[index].x = contact.x
        slots[index].y = contact.y
        slots[index].major = contact.major
        slots[index].minor = contact.minor
        slots[index].pressure = contact.pressure
    }

    // MARK: - Output

    mutating func flush(time: Int64, seat: inout TouchSeat, into events: inout [TabletEvent]) {
        var any = false
        for index in slots.indices {
            let slot = slots[index]
            if slot.ends && slot.isActive {
                events.append(.touch(makeTouch(index, time: time, phase: .ended, atEmitted: true)))
                seat.release(slot.seatNumber)
                slots[index].seatNumber = -1
                any = true
            }
            if slot.begins {
                slots[index].seatNumber = seat.take()
                slots[index].isPalm = slot.toolType == TouchDecoder.palmTool
                events.append(.touch(makeTouch(index, time: time, phase: .began, atEmitted: false)))
                any = true
            } else if slot.isChanged && slots[index].isActive && !slot.isPalm && slot.toolType == TouchDecoder.palmTool {
                // It turned into a palm: cancelled once (marked); its later samples come marked.
                slots[index].isPalm = true
                events.append(.touch(makeTouch(index, time: time, phase: .cancelled, atEmitted: false)))
                any = true
            } else if slot.isChanged && slots[index].isActive {
                events.append(.touch(makeTouch(index, time: time, phase: .moved, atEmitted: false)))
                any = true
            }
            slots[index].isChanged = false
            slots[index].begins = false
            slots[index].ends = false
            slots[index].isMatched = false
        }
        if any { events.append(.touchFrame(device: deviceIndex, time: seconds(time))) }
    }

    mutating func close(as phase: TouchPhase, seat: inout TouchSeat, into events: inout [TabletEvent]) {
        guard let time = lastFrameTime else { return }
        var any = false
        for index in slots.indices where slots[index].isActive {
            events.append(.touch(makeTouch(index, time: time, phase: phase, atEmitted: true)))
            seat.release(slots[index].seatNumber)
            slots[index].seatNumber = -1
            any = true
        }
        if any { events.append(.touchFrame(device: deviceIndex, time: seconds(time))) }
    }

    func seconds(_ time: Int64) -> Double { Double(time - (timeOrigin ?? time)) / 1_000_000 }

    /// The touch in slot `index`; `atEmitted` gives it the position last reported (an ending touch
    /// whose slot already holds the next touch's values).
    mutating func makeTouch(_ index: Int, time: Int64, phase: TouchPhase, atEmitted: Bool) -> TouchSample {
        let slot = slots[index]
        let rawX = atEmitted ? slot.emittedX : slot.x
        let rawY = atEmitted ? slot.emittedY : slot.y
        if !atEmitted {
            slots[index].emittedX = rawX
            slots[index].emittedY = rawY
            slots[index].emittedTrackingID = slot.trackingID
            slots[index].emittedMajor = slot.major
            slots[index].emittedMinor = slot.minor
            slots[index].emittedPressure = slot.pressure
        }
        // In 64 bits: a hostile value far outside the range must not overflow the turn.
        var x = Int64(rawX), y = Int64(rawY)
        if isTurned {
            x = Int64(axisX.maximum) - (x - Int64(axisX.minimum))
            y = Int64(axisY.maximum) - (y - Int64(axisY.minimum))
        }
        let tablet = TabletPoint(
            x: (Double(x) - Double(axisX.minimum)) / unitsPerMillimetreX,
            y: (Double(y) - Double(axisY.minimum)) / unitsPerMillimetreY)
        // Sizes are in position units (the kernel's multitouch protocol); the mean of the two scales.
        let unitsPerMillimetre = (unitsPerMillimetreX + unitsPerMillimetreY) / 2
        // An ending touch's size and pressure are its own (the slot may hold the next touch's).
        let major = hasMajor ? Double(atEmitted ? slot.emittedMajor : slot.major) / unitsPerMillimetre : nil
        let minor = hasMinor ? Double(atEmitted ? slot.emittedMinor : slot.minor) / unitsPerMillimetre : major
        let pressure = axisPressure.map { Swift.min(1, Swift.max(0, $0.normalized(atEmitted ? slot.emittedPressure : slot.pressure))) }
        return TouchSample(
            time: seconds(time), id: slot.seatNumber, slot: index, trackingID: atEmitted ? slot.emittedTrackingID : slot.trackingID,
            phase: phase, location: mapping.canvasPoint(for: tablet), tabletLocation: tablet,
            majorAxis: major, minorAxis: minor, pressure: pressure, isDirect: isDirect, rejection: slots[index].isPalm ? .palm : nil,
            deviceIndex: deviceIndex)
    }
}
