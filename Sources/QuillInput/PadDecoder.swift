import RealModule
import QuillCore

//  InputEvent ──▶ FrameAssembler ──(one frame at SYN_REPORT)──▶ PadDecoder ──▶ PadEvent
//
//  Per frame, as libinput 1.22's pad dispatch flushes it: rings and strips first, then released
//  buttons, then pressed buttons, each in button order.

/// Turns the frames of one pad node into `PadEvent`s the way libinput 1.22 does: libinput's
/// button numbers, ring degrees (0 at the top, clockwise, −1 when the finger leaves), strip
/// positions (0 … 1 from the kernel's bit position, −1 on release) and the mode of each mode group.
///
/// Modes are kept here: a press of a group's mode-toggle button moves it to its next mode (the
/// press reports the new mode), so pads without LEDs have a mode too. Constant cost per frame.
public struct PadDecoder: Sendable {
    /// The pad node.
    public let device: DeviceDescription
    /// Which device of the recording this is; copied into every event.
    public let deviceIndex: Int
    /// Buttons, rings, strips and mode groups.
    public let layout: PadLayout
    /// Left-handed use (the tablet turned 180°): rings turn by 180°, strips run the other way.
    public let isLeftHanded: Bool
    /// The current mode of each mode group.
    public var modes: [Int] { padModes.modes }
    private var padModes: PadModes

    private var buttonNumberByCode: [UInt16: Int] = [:]
    private var pressed: Set<UInt16> = []
    private var axisValues: [UInt16: Int32] = [:]
    private var hasMiscTerminator = false
    private var timeOrigin: Int64?
    private static let ringCodes = [EvdevCode.Abs.wheel, EvdevCode.Abs.throttle]
    private static let stripCodes = [EvdevCode.Abs.rx, EvdevCode.Abs.ry]

    /// Creates a decoder for the pad `device`. `layout` defaults to libinput's without libwacom
    /// (`PadLayout/init(kernelCapabilitiesOf:)`).
    public init(device: DeviceDescription, deviceIndex: Int = 0, layout: PadLayout? = nil, isLeftHanded: Bool = false) {
        self.device = device
        self.deviceIndex = deviceIndex
        let layout = layout ?? PadLayout(kernelCapabilitiesOf: device)
        self.layout = layout
        self.isLeftHanded = isLeftHanded
        padModes = PadModes(layout: layout)
        for (number, code) in layout.buttonCodes.enumerated() { buttonNumberByCode[code] = number }
        for code in PadDecoder.ringCodes + PadDecoder.stripCodes + [EvdevCode.Abs.misc] {
            if let axis = device.axes[code] { axisValues[code] = axis.minimum }
        }
    }

    /// Starts the events' clock at `microseconds` (the frames' clock) instead of at the first frame.
    public mutating func startClock(at microseconds: Int64) { timeOrigin = microseconds }

    /// Decodes one frame (its events up to and including `SYN_REPORT`), appending its pad events.
    public mutating func decode(frame: ArraySlice<InputEvent>, into events: inout [PadEvent]) {
        guard let last = frame.last else { return }
        if timeOrigin == nil { timeOrigin = frame.first?.microseconds ?? last.microseconds }
        let time = Double(last.microseconds - (timeOrigin ?? last.microseconds)) / 1_000_000
        var changedAxes: [UInt16] = []
        let before = pressed
        for event in frame {
            switch event.type {
            case EvdevCode.EventType.key:
                // Kernel key repeat (value 2) is ignored; keys that are not pad buttons too.
                guard event.value != 2, buttonNumberByCode[event.code] != nil else { continue }
                if event.value != 0 { pressed.insert(event.code) } else { pressed.remove(event.code) }
            case EvdevCode.EventType.abs:
                if event.code == EvdevCode.Abs.misc {
                    // Wacom sends ABS_MISC 15 while a control is touched and 0 on release: the
                    // terminator tells a finger leaving a ring from the ring passing its zero.
                    hasMiscTerminator = true
                    axisValues[event.code] = event.value
                } else if axisValues[event.code] != nil {
                    axisValues[event.code] = event.value
                    if !changedAxes.contains(event.code) { changedAxes.append(event.code) }
                }
            default:
                break
            }
        }
        if !changedAxes.isEmpty {
            // libinput: the terminator counts when an ABS_MISC came since the last axis update.
            let fingerUp = hasMiscTerminator && axisValues[EvdevCode.Abs.misc] == 0
            hasMiscTerminator = false
            for (number, code) in PadDecoder.ringCodes.enumerated() where changedAxes.contains(code) {
                append(.ring(number: number, degrees: fingerUp ? -1 : ringDegrees(code)), time: time, into: &events)
            }
            for (number, code) in PadDecoder.stripCodes.enumerated() where changedAxes.contains(code) {
                append(.strip(number: number, position: fingerUp ? -1 : stripPosition(code)), time: time, into: &events)
            }
        }
        // As libinput, from the state before and after the frame: releases, then presses, each in
        // button order (a press and release within one frame gives nothing).
        for code in before.subtracting(pressed).sorted(by: { buttonNumberByCode[$0]! < buttonNumberByCode[$1]! }) {
            append(.button(number: buttonNumberByCode[code]!, isPressed: false), time: time, into: &events)
        }
        for code in pressed.subtracting(before).sorted(by: { buttonNumberByCode[$0]! < buttonNumberByCode[$1]! }) {
            append(.button(number: buttonNumberByCode[code]!, isPressed: true), time: time, into: &events)
        }
    }

    private mutating func append(_ kind: PadEvent.Kind, time: Double, into events: inout [PadEvent]) {
        let (group, mode) = padModes.apply(kind)
        events.append(PadEvent(time: time, deviceIndex: deviceIndex, kind: kind, modeGroup: group, mode: mode))
    }

    /// libinput: the ring's fraction of its range, turned so that 0 is at the top (Wacom's 0 is
    /// at the left), in degrees; +180° left-handed.
    func ringDegrees(_ code: UInt16) -> Double {
        guard let axis = device.axes[code], let value = axisValues[code] else { return -1 }
        let range = Double(axis.maximum) - Double(axis.minimum) + 1
        guard range > 0 else { return -1 }
        // A value outside the declared range (an untrusted recording) still reads as an angle.
        var fraction = ((Double(value) - Double(axis.minimum)) / range - 0.25).truncatingRemainder(dividingBy: 1)
        if fraction < 0 { fraction += 1 }
        var degrees = fraction * 360
        if isLeftHanded { degrees = (degrees + 180).truncatingRemainder(dividingBy: 360) }
        return degrees
    }

    /// libinput: Wacom strips report one bit per position (1, 2, 4, … max), so the position is
    /// log2(value) / log2(max); 0 (release) reads as 0; 1 − position left-handed.
    func stripPosition(_ code: UInt16) -> Double {
        guard let axis = device.axes[code], let value = axisValues[code] else { return -1 }
        guard value > 0, axis.maximum > 1 else { return 0 }
        var position = min(1, Double.log2(Double(value)) / Double.log2(Double(axis.maximum)))  // above the declared maximum: the end
        if isLeftHanded { position = 1 - position }
        return position
    }
}
