import QuillCore

/// A live run's times made non-decreasing per device: a device's time never steps back.
///
/// libinput stamps the tip-up it makes when a tablet is unplugged up to 300 ms before the last
/// sample read from it; a stream whose times must not step back (`quill live`, an app drawing
/// live) raises such a time to the device's last one. Devices are kept apart by their number, so
/// keep one value for pens and another for pads when their numbers may overlap.
public struct MonotonicDeviceTimes: Sendable {
    /// Each device's last time (seconds, the samples' clock), by device number.
    public private(set) var lastTimes: [Int: Double] = [:]

    public init() {}

    /// `time` (seconds) of `device`, raised to that device's last time when it is earlier; it
    /// becomes the device's last time.
    public mutating func ordered(_ time: Double, device: Int) -> Double {
        var time = time
        if let last = lastTimes[device], time < last { time = last }
        lastTimes[device] = time
        return time
    }

    /// `sample` with its ``PenSample/time`` raised as ``ordered(_:device:)`` does.
    public mutating func ordered(_ sample: PenSample) -> PenSample {
        var sample = sample
        sample.time = ordered(sample.time, device: sample.deviceIndex)
        return sample
    }

    /// `event` with its ``PadEvent/time`` raised as ``ordered(_:device:)`` does.
    public mutating func ordered(_ event: PadEvent) -> PadEvent {
        var event = event
        event.time = ordered(event.time, device: event.deviceIndex)
        return event
    }
}
