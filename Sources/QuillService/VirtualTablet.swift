import QuillCore
import QuillGestures

/// The virtual devices `quill service` creates in front of apps: a pen tablet that is the real
/// one with the person's preferences applied, and a keyboard for the key chords they bound.
public enum VirtualTablet {
    /// The start of every virtual tablet's name: `Quill virtual: <real name>` (libinput smooths it
    /// as it smooths the real tablet).
    public static let namePrefix = "Quill virtual: "
    /// The start of a virtual tablet's name when Quill smooths positions itself: `Quill smoothed:
    /// <real name>` — the libinput quirk Tools/ship/install installs (`Tools/ship/service/90-quill.quirks`)
    /// turns libinput's own tablet smoothing off for these names only.
    public static let smoothedNamePrefix = "Quill smoothed: "
    /// The virtual keyboard's name.
    public static let keyboardName = "Quill virtual keyboard"
    /// The virtual pointer's name (the wheel a barrel button bound to `scroll` turns).
    public static let pointerName = "Quill virtual pointer"
    /// Linux's `BUS_VIRTUAL`, the virtual keyboard's bus.
    public static let virtualBus: UInt16 = 0x06
    /// The longest device name the kernel keeps (`UINPUT_MAX_NAME_SIZE` 80, with its NUL).
    public static let maximumNameLength = 79

    /// The virtual tablet for `real`: the same ids (so libwacom knows it as the same model, with
    /// its styli and size), codes, axes and properties, the eraser tool added when the real pen
    /// has none (a double tap to the eraser needs it), and the name prefixed. `isSmoothed` names
    /// it for the quirk that turns libinput's smoothing off.
    public static func description(of real: DeviceDescription, isSmoothed: Bool = false) -> DeviceDescription {
        var device = real
        // No fuzz: the kernel would filter the relayed values a second time (against the virtual
        // node's own lagging value); the real node's fuzz was applied when they were read.
        for (code, axis) in device.axes { device.axes[code] = AxisInfo(minimum: axis.minimum, maximum: axis.maximum, fuzz: 0, flat: axis.flat, resolution: axis.resolution) }
        let prefix = isSmoothed ? smoothedNamePrefix : namePrefix
        device.name = String((prefix + real.name).utf8.prefix(maximumNameLength)) ?? prefix
        let key = EvdevCode.EventType.key
        var keys = device.codes[key] ?? []
        if keys.contains(EvdevCode.Key.toolPen), !keys.contains(EvdevCode.Key.toolRubber) {
            keys.append(EvdevCode.Key.toolRubber)
            device.codes[key] = keys.sorted()
        }
        return device
    }

    /// True for a node Quill made (a service never grabs its own output).
    public static func isVirtual(_ device: DeviceDescription) -> Bool {
        device.name.hasPrefix(namePrefix) || device.name.hasPrefix(smoothedNamePrefix) || device.name == keyboardName || device.name == pointerName
    }

    /// The virtual keyboard for `chords`: the keys they hold, nothing else; nil when none is bound
    /// (no keyboard is created until the person binds a chord).
    public static func keyboard(for chords: [KeyChord]) -> DeviceDescription? {
        let keys = Set(chords.flatMap(\.keys)).sorted()
        guard !keys.isEmpty else { return nil }
        return DeviceDescription(name: keyboardName, bus: virtualBus, vendor: 0, product: 0, version: 1, codes: [EvdevCode.EventType.key: keys])
    }

    /// The virtual pointer when a barrel button scrolls (``PencilPreferences/penButtons``), else
    /// nil: a mouse as udev and libinput classify one (relative x and y, three buttons — never
    /// sent) with the wheels and their high-resolution axes, which the scroll turns.
    public static func pointer(for preferences: PencilPreferences) -> DeviceDescription? {
        guard preferences.penButtons.values.contains(.scroll) else { return nil }
        return DeviceDescription(
            name: pointerName, bus: virtualBus, vendor: 0, product: 0, version: 1,
            codes: [
                EvdevCode.EventType.key: [EvdevCode.Key.btnLeft, EvdevCode.Key.btnRight, EvdevCode.Key.btnMiddle],
                EvdevCode.EventType.rel: [EvdevCode.Rel.x, EvdevCode.Rel.y, EvdevCode.Rel.hWheel, EvdevCode.Rel.wheel, EvdevCode.Rel.wheelHighResolution, EvdevCode.Rel.hWheelHighResolution],
            ])
    }

    /// Whether `action` does something through the virtual devices: a tool switch always, a
    /// palette action or `runSystemShortcut` only with a key chord bound to it, `ignore` never.
    /// A button whose action does nothing here is not held back: it reaches apps as it is.
    public static func acts(_ action: PreferredAction, chords: [String: KeyChord]) -> Bool {
        switch action {
        case .ignore: return false
        case .switchEraser, .switchPrevious: return true
        case .showColorPalette, .showInkAttributes, .showContextualPalette, .runSystemShortcut: return chords[action.name] != nil
        }
    }

    /// Whether a pad binding does something through the virtual devices (``acts(_:chords:)`` of
    /// the action it stands for).
    public static func acts(_ binding: PadBinding, preferences: PencilPreferences) -> Bool {
        switch binding {
        case .doubleTap: return acts(preferences.preferredTapAction, chords: preferences.keyChords)
        case .squeeze: return acts(preferences.preferredSqueezeAction, chords: preferences.keyChords)
        case .action(let action): return acts(action, chords: preferences.keyChords)
        }
    }

    /// The tool id (`ABS_MISC`) of the eraser end of the pen with id `penID`: Wacom numbers a
    /// stylus's ends in pairs, the eraser's id the pen's with bit 3 set (0x802 → 0x80a, 0x100802 →
    /// 0x10080a, as libwacom's database lists them); 0 (no id) stays 0.
    public static func eraserID(ofPen penID: Int32) -> Int32 { penID == 0 ? 0 : penID | 0x8 }
}
