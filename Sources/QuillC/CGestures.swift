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
    var outcomes: [quill_gesture_outcome] = []
    var head = 0

    init(preferences: PencilPreferences) { session = PencilSession(preferences: preferences) }

    static func from(_ handle: OpaquePointer?) throws -> GesturesBox {
        try CHandle.object(handle, "gestures")
    }

    /// Keeps the session's new double taps and squeezes for the caller.
    func collect() {
        if head > 0, head == outcomes.count {
            outcomes.removeAll(keepingCapacity: true)
            head = 0
        }
        for outcome in fresh {
            let gesture: quill_gesture
            switch outcome.gesture {
            case .doubleTap: gesture = QUILL_GESTURE_DOUBLE_TAP
            case .squeeze(.began): gesture = QUILL_GESTURE_SQUEEZE_BEGAN
            case .squeeze(.changed): gesture = QUILL_GESTURE_SQUEEZE_CHANGED
            case .squeeze(.ended): gesture = QUILL_GESTURE_SQUEEZE_ENDED
            case .squeeze(.cancelled): gesture = QUILL_GESTURE_SQUEEZE_CANCELLED
            default: continue
            }
            var out = quill_gesture_outcome()
            out.size = UInt32(MemoryLayout<quill_gesture_outcome>.size)
            out.time = outcome.time
            out.gesture = Int32(gesture.rawValue)
            out.action = Int32(outcome.action?.rawValue ?? PreferredAction.ignore.rawValue)
            copy(outcome.toolBefore.ink, into: &out.tool_before)
            copy(outcome.toolAfter.ink, into: &out.tool_after)
            out.hover_x = outcome.pose?.x ?? .nan
            out.hover_y = outcome.pose?.y ?? .nan
            outcomes.append(out)
        }
        fresh.removeAll(keepingCapacity: true)
    }

    /// Copies `text` into a fixed C char array, NUL-terminated, cut to fit.
    private func copy<T>(_ text: String, into field: inout T) {
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

@_cdecl("quill_gestures_add_sample")
public func quill_gestures_add_sample(_ handle: OpaquePointer?, _ sample: UnsafePointer<quill_sample>?) -> Int32 {
    guarded {
        let box = try GesturesBox.from(handle)
        let input = try CSample.read(sample)
        guard input.time.isFinite else { throw CFailure.invalid("quill_sample.time is \(input.time); expected a finite number of seconds") }
        box.session.handle(.sample(input), into: &box.fresh)
        box.collect()
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
        guard box.head < box.outcomes.count else { return 0 }
        target.write(box.outcomes[box.head])
        box.head += 1
        return 1
    }
}

@_cdecl("quill_gestures_free")
public func quill_gestures_free(_ handle: OpaquePointer?) {
    CHandle.release(handle, as: GesturesBox.self)
}
