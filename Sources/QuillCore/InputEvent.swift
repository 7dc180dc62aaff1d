/// One kernel input event (`struct input_event`), as read from a device or a recording.
public struct InputEvent: Hashable, Sendable {
    /// Time of the event in microseconds, on the recording's or the device's clock.
    public var microseconds: Int64
    /// Event type (`EV_*`, see ``EvdevCode/EventType``).
    public var type: UInt16
    /// Event code within the type (`ABS_X`, `BTN_TOUCH`, …).
    public var code: UInt16
    /// Event value: an axis value, 1/0 for a key press/release, a serial number, …
    public var value: Int32

    public init(microseconds: Int64, type: UInt16, code: UInt16, value: Int32) {
        self.microseconds = microseconds
        self.type = type
        self.code = code
        self.value = value
    }

    /// Time of the event in seconds.
    public var seconds: Double { Double(microseconds) / 1_000_000 }

    /// True for `SYN_REPORT`, the end of a frame.
    public var isFrameEnd: Bool { type == EvdevCode.EventType.syn && code == EvdevCode.Syn.report }
}
