import DequeModule
import CQuill
import QuillCore
import QuillGestures

#if canImport(Glibc)
import Glibc
#endif

/// What a quill_gestures handle holds: the gesture session (the same as every client's) and the
/// outcomes not yet taken.
final class GesturesBox {
    var session: PencilSession
    var fresh: [PencilInteraction.Outcome] = []
    var outcomes: Deque<quill_gesture_outcome> = []
    var freshFingers: [FingerGesture] = []
    var fingerGestures: Deque<quill_finger_gesture> = []

    init(preferences: PencilPreferences) { session = PencilSession(preferences: preferences) }

    static func from(_ handle: OpaquePointer?) throws -> GesturesBox {
        try CHandle.object(handle, "gestures")
    }

    /// Hands one event to the session and keeps its outcomes and finger gestures for the caller.
    func handle(_ event: TabletEvent) {
        session.handle(event, into: &fresh, fingers: &freshFingers)
        collect()
        for gesture in freshFingers { fingerGestures.append(Self.make(gesture)) }
        freshFingers.removeAll(keepingCapacity: true)
    }

    /// The C struct of a finger gesture.
    static func make(_ gesture: FingerGesture) -> quill_finger_gesture {
        var out = quill_finger_gesture()
        out.size = UInt32(MemoryLayout<quill_finger_gesture>.size)
        out.time = gesture.time
        out.scale = 1
        switch gesture.request {
        case .undo: out.request = Int32(QUILL_REQUEST_UNDO.rawValue)
        case .redo: out.request = Int32(QUILL_REQUEST_REDO.rawValue)
        case nil: out.request = Int32(QUILL_REQUEST_NONE.rawValue)
        }
        switch gesture {
        case let .tap(fingers, _, centroid):
            out.kind = Int32(QUILL_FINGER_TAP.rawValue)
            out.fingers = Int32(fingers)
            (out.x, out.y) = (centroid.x, centroid.y)
            (out.start_x, out.start_y) = (centroid.x, centroid.y)
        case .transform(let transform):
            out.kind = Int32(QUILL_FINGER_TRANSFORM.rawValue)
            out.fingers = Int32(transform.fingers)
            out.phase = Int32(FingerGesturePhase.allCases.firstIndex(of: transform.phase) ?? 0)
            (out.x, out.y) = (transform.centroid.x, transform.centroid.y)
            out.scale = transform.scale
            out.rotation = transform.rotation
            (out.dx, out.dy) = (transform.translation.x, transform.translation.y)
            (out.start_x, out.start_y) = (transform.startCentroid.x, transform.startCentroid.y)
        case .ink(let sample):
            out.kind = Int32(QUILL_FINGER_INK.rawValue)
            out.fingers = 1
            (out.x, out.y) = (sample.location.x, sample.location.y)
            // A finger has no tilt (upright): its range is 0. `ink.size` is set to what the caller's
            // struct holds when it is written (quill_gestures_next_finger_gesture).
            out.ink = CSample.make(sample, tiltRange: 0)
        }
        return out
    }

    /// Keeps the session's new outcomes, every kind, for the caller (quill_gestures_next_outcome
    /// skips the kinds after 0.4.0 for a 0.4.0 caller).
    func collect() {
        for outcome in fresh { outcomes.append(Self.make(outcome)) }
        fresh.removeAll(keepingCapacity: true)
    }

    /// The C struct of an outcome, with every field of the newest version.
    static func make(_ outcome: PencilInteraction.Outcome) -> quill_gesture_outcome {
        var out = quill_gesture_outcome()
        out.size = UInt32(MemoryLayout<quill_gesture_outcome>.size)
        out.time = outcome.time
        out.number = -1
        let gesture: quill_gesture
        switch outcome.gesture {
        case .doubleTap: gesture = QUILL_GESTURE_DOUBLE_TAP
        case .squeeze(.began): gesture = QUILL_GESTURE_SQUEEZE_BEGAN
        case .squeeze(.changed): gesture = QUILL_GESTURE_SQUEEZE_CHANGED
        case .squeeze(.ended): gesture = QUILL_GESTURE_SQUEEZE_ENDED
        case .squeeze(.cancelled): gesture = QUILL_GESTURE_SQUEEZE_CANCELLED
        case let .button(source, isPressed):
            gesture = isPressed ? QUILL_GESTURE_BUTTON_PRESSED : QUILL_GESTURE_BUTTON_RELEASED
            copy(evdevName(source), into: &out.button)
        case .eraserEnd(let isInProximity): gesture = isInProximity ? QUILL_GESTURE_ERASER_END_IN : QUILL_GESTURE_ERASER_END_OUT
        case .padButton(let number):
            gesture = QUILL_GESTURE_PAD_BUTTON
            out.number = Int32(truncatingIfNeeded: number)
        case .puckButton(let name):
            gesture = QUILL_GESTURE_PUCK_BUTTON
            copy(name, into: &out.button)
        case .padDial(let number):
            gesture = QUILL_GESTURE_PAD_DIAL
            out.number = Int32(truncatingIfNeeded: number)
        }
        out.gesture = Int32(gesture.rawValue)
        out.action = Int32(outcome.action?.rawValue ?? PreferredAction.ignore.rawValue)
        copy(outcome.toolBefore.ink, into: &out.tool_before)
        copy(outcome.toolAfter.ink, into: &out.tool_after)
        out.hover_x = outcome.pose?.x ?? .nan
        out.hover_y = outcome.pose?.y ?? .nan
        var changes: UInt32 = 0
        for change in outcome.changes {
            switch change {
            case .toolChanged: changes |= UInt32(QUILL_CHANGE_TOOL.rawValue)
            case .paletteShown: changes |= UInt32(QUILL_CHANGE_PALETTE_SHOWN.rawValue)
            case .paletteHidden: changes |= UInt32(QUILL_CHANGE_PALETTE_HIDDEN.rawValue)
            case .shortcutRequested: changes |= UInt32(QUILL_CHANGE_SHORTCUT_REQUESTED.rawValue)
            case .widthChanged: changes |= UInt32(QUILL_CHANGE_WIDTH.rawValue)
            }
        }
        out.changes = changes
        out.width_before = outcome.toolBefore.width
        out.width_after = outcome.toolAfter.width
        out.ink_before = CInk.number(named: outcome.toolBefore.ink)
        out.ink_after = CInk.number(named: outcome.toolAfter.ink)
        return out
    }

    /// Whether an outcome's kind is one of 0.4.0's (double tap, squeeze): all a caller whose struct
    /// is 0.4.0's is given.
    static func isOf040(_ outcome: quill_gesture_outcome) -> Bool {
        outcome.gesture <= Int32(QUILL_GESTURE_SQUEEZE_CANCELLED.rawValue)
    }

    /// A barrel button's libevdev name.
    private static func evdevName(_ source: TapSource) -> String {
        switch source {
        case .stylus: return "BTN_STYLUS"
        case .stylus2: return "BTN_STYLUS2"
        case .stylus3: return "BTN_STYLUS3"
        }
    }

    /// Copies `text` into a fixed C char array, NUL-terminated, cut to fit.
    private static func copy<T>(_ text: String, into field: inout T) {
        withUnsafeMutableBytes(of: &field) { raw in
            let bytes = Array(text.utf8.prefix(raw.count - 1))
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
    }
}

private func action(_ value: Int32, _ field: String) throws -> PreferredAction {
    guard let action = PreferredAction(rawValue: Int(value)) else {
        throw CFailure.invalid("quill_gesture_preferences.\(field) is \(value); expected 0…6 (enum quill_action)")
    }
    return action
}

@_cdecl("quill_gestures_new")
public func quill_gestures_new(_ preferences: UnsafePointer<quill_gesture_preferences>?, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    guarded {
        var system = PencilPreferences()
        if preferences != nil {
            let value = try CStatus.check(preferences, "quill_gesture_preferences")
            system.preferredTapAction = try action(value.tap_action, "tap_action")
            system.preferredSqueezeAction = try action(value.squeeze_action, "squeeze_action")
        }
        try CHandle.handOut(GesturesBox(preferences: system), to: out, "gestures")
        return CStatus.ok
    }
}

@_cdecl("quill_gestures_new_from_file")
public func quill_gestures_new_from_file(_ path: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    guarded {
        guard out != nil else { throw CFailure.invalid("gestures (the output pointer) is NULL") }
        let file = path.map { String(cString: $0) } ?? PreferencesFile.systemPath
        // A missing file is the defaults (as for `quill gestures`); one that exists must be readable.
        if access(file, F_OK) == 0, access(file, R_OK) != 0 {
            let reason = String(cString: strerror(errno))
            throw CFailure(status: errno == EACCES ? QUILL_ERROR_PERMISSION.rawValue : QUILL_ERROR_IO.rawValue, message: "\(file): \(reason)")
        }
        let preferences: PencilPreferences
        do {
            preferences = try PreferencesFile.read(file)
        } catch let failure as PreferencesFile.Failure {
            throw CFailure(status: QUILL_ERROR_FORMAT.rawValue, message: failure.description)
        }
        try CHandle.handOut(GesturesBox(preferences: preferences), to: out, "gestures")
        return CStatus.ok
    }
}

@_cdecl("quill_gestures_add_sample")
public func quill_gestures_add_sample(_ handle: OpaquePointer?, _ sample: UnsafePointer<quill_sample>?) -> Int32 {
    guarded {
        let box = try GesturesBox.from(handle)
        let input = try CSample.read(sample)
        guard input.time.isFinite else { throw CFailure.invalid("quill_sample.time is \(input.time); expected a finite number of seconds") }
        box.handle(.sample(input))
        return CStatus.ok
    }
}

@_cdecl("quill_gestures_add_pad_event")
public func quill_gestures_add_pad_event(_ handle: OpaquePointer?, _ event: UnsafePointer<quill_pad_event>?) -> Int32 {
    guarded {
        let box = try GesturesBox.from(handle)
        box.handle(.pad(try CPadEvent.read(event)))
        return CStatus.ok
    }
}

@_cdecl("quill_gestures_proximity_out")
public func quill_gestures_proximity_out(_ handle: OpaquePointer?, _ device: Int32, _ time: Double) -> Int32 {
    guarded {
        let box = try GesturesBox.from(handle)
        guard device >= 0 else { throw CFailure.invalid("device is \(device); expected a device of the source, 0 or more") }
        guard time.isFinite else { throw CFailure.invalid("time is \(time); expected a finite number of seconds") }
        // The session does not look at which tool left: the device's recognizer and puck end as one.
        box.handle(.proximityOut(device: Int(device), tool: .pen, time: time, isForced: false))
        return CStatus.ok
    }
}

@_cdecl("quill_gestures_advance")
public func quill_gestures_advance(_ handle: OpaquePointer?, _ time: Double) -> Int32 {
    guarded {
        let box = try GesturesBox.from(handle)
        guard time.isFinite else { throw CFailure.invalid("time is \(time); expected a finite number of seconds") }
        box.session.advance(to: time, into: &box.fresh)
        box.collect()
        return CStatus.ok
    }
}

@_cdecl("quill_gestures_next_deadline")
public func quill_gestures_next_deadline(_ handle: OpaquePointer?) -> Double {
    guard let box = try? GesturesBox.from(handle) else { return -1 }
    return box.session.nextDeadline ?? -1
}

@_cdecl("quill_gestures_next_outcome")
public func quill_gestures_next_outcome(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<quill_gesture_outcome>?) -> Int32 {
    guarded {
        let box = try GesturesBox.from(handle)
        let target = try CStatus.checkOutput(out, "quill_gesture_outcome")
        // A 0.4.0 caller (a struct of QUILL_GESTURE_OUTCOME_SIZE_V1) gets 0.4.0's kinds only.
        let takesEveryKind = target.count >= Int(QUILL_GESTURE_OUTCOME_SIZE_V2)
        while let outcome = box.outcomes.popFirst() {
            guard takesEveryKind || GesturesBox.isOf040(outcome) else { continue }
            target.write(outcome)
            return 1
        }
        return 0
    }
}

@_cdecl("quill_gestures_set_drawing_policy")
public func quill_gestures_set_drawing_policy(_ handle: OpaquePointer?, _ policy: Int32) -> Int32 {
    guarded {
        let box = try GesturesBox.from(handle)
        let policies: [DrawingPolicy] = [.default, .anyInput, .pencilOnly]
        guard policy >= 0, Int(policy) < policies.count else { throw CFailure.invalid("policy is \(policy); expected 0…2 (enum quill_drawing_policy)") }
        box.session.drawingPolicy = policies[Int(policy)]
        return CStatus.ok
    }
}

@_cdecl("quill_gestures_add_touch")
public func quill_gestures_add_touch(_ handle: OpaquePointer?, _ touch: UnsafePointer<quill_touch>?) -> Int32 {
    guarded {
        let box = try GesturesBox.from(handle)
        let (input, endsFrame) = try CTouch.read(touch)
        box.handle(.touch(input))
        if endsFrame { box.handle(.touchFrame(device: input.deviceIndex, time: input.time)) }
        return CStatus.ok
    }
}

@_cdecl("quill_gestures_next_finger_gesture")
public func quill_gestures_next_finger_gesture(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<quill_finger_gesture>?) -> Int32 {
    guarded {
        let box = try GesturesBox.from(handle)
        let target = try CStatus.checkOutput(out, "quill_finger_gesture")
        guard var gesture = box.fingerGestures.popFirst() else { return 0 }
        // The embedded sample is the last field: it holds as much as the caller's struct has room for.
        let inkOffset = MemoryLayout<quill_finger_gesture>.offset(of: \quill_finger_gesture.ink)!
        gesture.ink.size = UInt32(min(MemoryLayout<quill_sample>.size, target.count - inkOffset))
        target.write(gesture)
        return 1
    }
}

@_cdecl("quill_gestures_free")
public func quill_gestures_free(_ handle: OpaquePointer?) {
    CHandle.release(handle, as: GesturesBox.self)
}

/// struct quill_pad_event → PadEvent (the fields as quill_source_next_pad_event fills them).
enum CPadEvent {
    static func read(_ pointer: UnsafePointer<quill_pad_event>?) throws -> PadEvent {
        let value = try CStatus.check(pointer, "quill_pad_event")
        guard value.device >= 0 else { throw CFailure.invalid("quill_pad_event.device is \(value.device); expected a device of the source, 0 or more") }
        guard value.time.isFinite else { throw CFailure.invalid("quill_pad_event.time is \(value.time); expected a finite number of seconds") }
        guard value.number >= 0 else { throw CFailure.invalid("quill_pad_event.number is \(value.number); expected a button, ring or strip number, 0 or more") }
        guard value.mode_group >= 0, value.mode >= 0 else {
            throw CFailure.invalid("quill_pad_event.mode_group is \(value.mode_group) and .mode \(value.mode); expected 0 or more")
        }
        let number = Int(value.number)
        let kind: PadEvent.Kind
        switch value.kind {
        case Int32(QUILL_PAD_BUTTON.rawValue):
            guard value.pressed == 0 || value.pressed == 1 else { throw CFailure.invalid("quill_pad_event.pressed is \(value.pressed); expected 1 (pressed) or 0 (released)") }
            kind = .button(number: number, isPressed: value.pressed == 1)
        case Int32(QUILL_PAD_RING.rawValue):
            guard value.value == -1 || (value.value >= 0 && value.value < 360) else {
                throw CFailure.invalid("quill_pad_event.value is \(value.value) for a ring; expected degrees 0 … <360, or −1 when the finger leaves")
            }
            kind = .ring(number: number, degrees: value.value)
        case Int32(QUILL_PAD_STRIP.rawValue):
            guard value.value == -1 || (value.value >= 0 && value.value <= 1) else {
                throw CFailure.invalid("quill_pad_event.value is \(value.value) for a strip; expected 0 … 1, or −1 when the finger leaves")
            }
            kind = .strip(number: number, position: value.value)
        default:
            throw CFailure.invalid("quill_pad_event.kind is \(value.kind); expected 0…2 (enum quill_pad_kind)")
        }
        return PadEvent(time: value.time, deviceIndex: Int(value.device), kind: kind, modeGroup: Int(value.mode_group), mode: Int(value.mode))
    }
}
