/// One thing a tablet source reports, in the order it happened: every source (a recording's
/// replay, Quill's evdev reader, libinput) gives these, and every client (the commands, the canvas,
/// libquill, the gesture session) takes them, so the order of samples, proximity changes and pad
/// events is the same everywhere.
///
/// Within one device the events are in time order: a frame's samples, then its proximity-out
/// (a proximity-out gives no sample of its own), then the next frame's. A pad event comes after
/// the samples of frames read before it.
public enum TabletEvent: Hashable, Sendable {
    /// A pen sample (hover or contact) of a pen device.
    case sample(PenSample)
    /// A pad's button, ring or strip.
    case pad(PadEvent)
    /// A tool came into proximity of device `device` at `time` (seconds, the samples' clock); its
    /// first sample follows.
    case proximityIn(device: Int, tool: PenTool, time: Double)
    /// The tool of device `device` left proximity at `time`. `isForced` when no event said so and
    /// a silent hovering pen was taken out after libinput's 50 ms timeout.
    case proximityOut(device: Int, tool: PenTool, time: Double, isForced: Bool)
    /// Device `device` appeared (a recording's description, a node opened, a hot-plugged tablet).
    case deviceAdded(device: Int, deviceClass: DeviceClass, name: String)
    /// Device `device` went away at `time` (unplugged): a tip still down was cancelled before it.
    case deviceRemoved(device: Int, time: Double)
    /// Device `device` came back at `time` on the same clock (a replugged node opened again).
    case deviceBack(device: Int, time: Double)
    /// A finger of a touchscreen or touchpad: began, moved, ended or cancelled.
    case touch(TouchSample)
    /// The touches of device `device` that changed together at `time` are all out (libinput's
    /// `TOUCH_FRAME`): a client that tracks several fingers acts on the frame, not on each touch.
    case touchFrame(device: Int, time: Double)

    /// The device the event belongs to.
    public var device: Int {
        switch self {
        case .sample(let sample): return sample.deviceIndex
        case .pad(let pad): return pad.deviceIndex
        case .touch(let touch): return touch.deviceIndex
        case let .proximityIn(device, _, _), let .proximityOut(device, _, _, _), let .deviceAdded(device, _, _),
            let .deviceRemoved(device, _), let .deviceBack(device, _), let .touchFrame(device, _):
            return device
        }
    }

    /// Seconds on the samples' clock; nil for ``deviceAdded(device:deviceClass:name:)``, which has none.
    public var time: Double? {
        switch self {
        case .sample(let sample): return sample.time
        case .pad(let pad): return pad.time
        case .touch(let touch): return touch.time
        case let .proximityIn(_, _, time), let .proximityOut(_, _, time, _), let .deviceRemoved(_, time), let .deviceBack(_, time),
            let .touchFrame(_, time):
            return time
        case .deviceAdded: return nil
        }
    }

    /// The sample, when the event is one.
    public var sample: PenSample? {
        if case .sample(let sample) = self { return sample }
        return nil
    }

    /// True for a touch or a touch frame.
    public var isTouchEvent: Bool {
        switch self {
        case .touch, .touchFrame: return true
        default: return false
        }
    }

    /// The touch, when the event is one.
    public var touch: TouchSample? {
        if case .touch(let touch) = self { return touch }
        return nil
    }

    /// The pad event, when the event is one.
    public var padEvent: PadEvent? {
        if case .pad(let pad) = self { return pad }
        return nil
    }
}

extension Array where Element == TabletEvent {
    /// Appends the samples among `events` to `samples` (for clients that want samples only).
    @inlinable
    public func appendSamples(to samples: inout [PenSample]) {
        for event in self { if case .sample(let sample) = event { samples.append(sample) } }
    }
}
