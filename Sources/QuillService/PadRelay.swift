import QuillCore
import QuillGestures
import QuillInput

/// A real pad's frames (ExpressKeys, touch rings, strips) in, the virtual pad's out: what the
/// person bound in the preferences is held back and acts instead — through the pen's
/// ``TabletRelay`` (``TabletRelay/handle(_:into:)``), which owns the session — and the rest passes
/// unchanged.
///
/// Held back: a pad button bound in `PencilPreferences/padButtons` to something that acts here
/// (``VirtualTablet/acts(_:preferences:)``: its press and release; the button acts as the double
/// tap, the squeeze or its own action, and apps do not also see it), and, when
/// `PencilPreferences/padDialControlsWidth` is on and a width chord is bound, the rings' and
/// strips' axes (each step sends the `widthUp` / `widthDown` chord). Unbound buttons, the mode-switch LEDs' keys and
/// everything else pass.
public struct PadRelay: Sendable {
    /// The real pad.
    public let device: DeviceDescription
    /// The virtual pad apps see (the real one, renamed).
    public let virtualDevice: DeviceDescription
    private var decoder: PadDecoder
    private let heldBackKeys: Set<UInt16>
    private let heldBackAxes: Set<UInt16>

    /// A relay for the pad `device`; `layout` (libwacom's, from the device layer) numbers its buttons
    /// as libinput does (default: the kernel's order).
    public init(device: DeviceDescription, preferences: PencilPreferences, layout: PadLayout? = nil) {
        self.device = device
        virtualDevice = VirtualTablet.description(of: device)
        decoder = PadDecoder(device: device, layout: layout)
        decoder.startClock(at: 0)
        let codes = decoder.layout.buttonCodes
        // Held back only what acts here (a binding to an unbound palette would swallow the button).
        heldBackKeys = Set(preferences.padButtons.compactMap { number, binding in
            number < codes.count && VirtualTablet.acts(binding, preferences: preferences) ? codes[number] : nil
        })
        let setsWidth = preferences.padDialControlsWidth && (preferences.keyChords["widthUp"] != nil || preferences.keyChords["widthDown"] != nil)
        heldBackAxes = setsWidth ? [EvdevCode.Abs.wheel, EvdevCode.Abs.throttle, EvdevCode.Abs.rx, EvdevCode.Abs.ry] : []
    }

    /// Relays one frame of the real pad into `output.pad` and appends its pad events (times in
    /// seconds of the frames' clock) to `events`, for the pen's relay to act on.
    public mutating func relay(_ frame: ArraySlice<InputEvent>, into output: inout RelayOutput, events: inout [PadEvent]) {
        guard let last = frame.last else { return }
        decoder.decode(frame: frame, into: &events)
        let start = output.pad.count
        var dropped = false
        for event in frame where !event.isFrameEnd {
            if (event.type == EvdevCode.EventType.key && heldBackKeys.contains(event.code))
                || (event.type == EvdevCode.EventType.abs && heldBackAxes.contains(event.code))
                || (event.type == EvdevCode.EventType.syn && event.code == EvdevCode.Syn.dropped)
            {
                dropped = true
                continue
            }
            output.pad.append(event)
        }
        if dropped && output.pad.count == start { return }
        output.pad.append(InputEvent(microseconds: last.microseconds, type: EvdevCode.EventType.syn, code: EvdevCode.Syn.report, value: 0))
    }
}
