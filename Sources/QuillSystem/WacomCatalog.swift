import CWacom
import QuillCore

/// libwacom's database as a ``TabletCatalog``: the active area of tablets that declare no
/// resolution, and pad layouts with their mode groups and mode-toggle buttons.
///
/// libwacom gives a model's size in whole inches. Wacom tablets have the same resolution on X
/// and Y, so the resolution is taken from the side whose rounding error is smaller (the longer
/// one) and used for both: the active area keeps the device's own aspect ratio.
public final class WacomCatalog: TabletCatalog, @unchecked Sendable {
    /// The database itself (libwacom's model, styli, pad buttons), read-only after loading.
    public let database: WacomDatabase

    /// Loads the system database (throws ``WacomDatabaseError`` when it cannot).
    public init() throws { database = try WacomDatabase() }

    /// The catalog, or nil (with no message) when libwacom's data is missing: callers then use
    /// what the kernel declares.
    public static func loadIfAvailable() -> WacomCatalog? { try? WacomCatalog() }

    public func activeArea(of device: DeviceDescription) -> TabletArea? {
        guard let tablet = database.tablet(for: device), tablet.widthInches > 0, tablet.heightInches > 0,
            let x = device.axes[EvdevCode.Abs.x], let y = device.axes[EvdevCode.Abs.y], x.span > 0, y.span > 0
        else { return nil }
        let width = Double(tablet.widthInches) * 25.4, height = Double(tablet.heightInches) * 25.4
        let unitsPerMillimetre = width >= height ? x.span / width : y.span / height
        let source = "libwacom \"\(tablet.name)\" (\(tablet.widthInches) × \(tablet.heightInches) in, same resolution on both axes)"
        return try? TabletArea(width: x.span / unitsPerMillimetre, height: y.span / unitsPerMillimetre, source: source)
    }

    public func padLayout(of device: DeviceDescription) -> PadLayout? {
        guard let tablet = database.tablet(for: device), let pad = tablet.pad else { return nil }
        return pad.layout(for: device)
    }

    /// libwacom's `PairedID` of `device`'s model: the USB ids of its other node (a screen tablet's
    /// touch interface on its own product id, the Dell Canvas's Advanced Silicon touchscreen).
    public func pairedModel(of device: DeviceDescription) -> ModelID? {
        guard let paired = database.tablet(for: device)?.paired,
            let vendor = UInt16(exactly: paired.vendor), let product = UInt16(exactly: paired.product) else { return nil }
        return ModelID(vendor: vendor, product: product)
    }

    /// The underlying database entry of `device`, or nil.
    public func tablet(for device: DeviceDescription) -> WacomTablet? { database.tablet(for: device) }
}

/// A pad as libwacom describes it: its buttons with their evdev codes, positions and the
/// feature each toggles the mode of; rings and strips with their mode counts; status LEDs.
public struct WacomPad: Hashable, Sendable {
    /// What a mode-toggle button switches.
    public enum Feature: String, Hashable, Sendable { case ring, ring2, strip, strip2 }

    /// One pad button.
    public struct Button: Hashable, Sendable {
        /// libwacom's letter, "A", "B", …
        public var label: String
        /// The evdev key code it sends.
        public var code: UInt16
        /// Where it sits: "left", "right", "top", "bottom" (nil when the database does not say).
        public var position: String?
        /// The feature whose mode it toggles, if any.
        public var togglesModeOf: Feature?
    }

    public var buttons: [Button]
    public var rings: Int
    public var strips: Int
    /// Modes of the first ring, the second ring and the strips (libwacom's counts; 0 when none).
    public var ringModes: Int
    public var ring2Modes: Int
    public var stripModes: Int
    /// The features with a status LED, in libwacom's LED-group order.
    public var statusLEDs: [Feature]

    /// Quill's layout for this pad on `device`: buttons in libwacom's order when the device sends
    /// every button's code (otherwise the kernel's order), one mode group per feature with a
    /// mode-toggle button or a status LED, holding that feature and its toggles; every other
    /// button joins the first group. Without such features, libinput's single fallback group.
    public func layout(for device: DeviceDescription) -> PadLayout {
        let kernel = PadLayout(kernelCapabilitiesOf: device)
        let sendsAll = !buttons.isEmpty && buttons.allSatisfy { device.has(type: EvdevCode.EventType.key, code: $0.code) }
        let codes = sendsAll ? buttons.map(\.code) : kernel.buttonCodes
        var features = statusLEDs
        for button in buttons { if let feature = button.togglesModeOf, !features.contains(feature) { features.append(feature) } }
        features = features.filter { feature in
            switch feature {
            case .ring: return kernel.ringCount >= 1
            case .ring2: return kernel.ringCount >= 2
            case .strip: return kernel.stripCount >= 1
            case .strip2: return kernel.stripCount >= 2
            }
        }
        guard sendsAll, !features.isEmpty else { return kernel }
        var groups: [PadLayout.ModeGroup] = []
        for feature in features {
            let toggles = Set(buttons.indices.filter { buttons[$0].togglesModeOf == feature })
            let modes: Int
            switch feature {
            case .ring: modes = ringModes
            case .ring2: modes = ring2Modes
            case .strip, .strip2: modes = stripModes
            }
            guard let group = try? PadLayout.ModeGroup(
                buttons: toggles, rings: feature == .ring ? [0] : feature == .ring2 ? [1] : [],
                strips: feature == .strip ? [0] : feature == .strip2 ? [1] : [], toggleButtons: toggles, modeCount: max(1, modes))
            else { return kernel }
            groups.append(group)
        }
        let grouped = groups.reduce(into: Set<Int>()) { $0.formUnion($1.buttons) }
        groups[0].buttons.formUnion(Set(codes.indices).subtracting(grouped))
        // Rings and strips without a group of their own join the first group.
        for ring in 0..<kernel.ringCount where !groups.contains(where: { $0.rings.contains(ring) }) { groups[0].rings.insert(ring) }
        for strip in 0..<kernel.stripCount where !groups.contains(where: { $0.strips.contains(strip) }) { groups[0].strips.insert(strip) }
        return (try? PadLayout(buttonCodes: codes, ringCount: kernel.ringCount, stripCount: kernel.stripCount, modeGroups: groups)) ?? kernel
    }
}

extension WacomPad {
    /// Reads the pad part of a libwacom device (nil when it has no pad buttons, rings or strips).
    init?(_ wacom: OpaquePointer) {
        let count = Int(libwacom_get_num_buttons(wacom))
        var buttons: [Button] = []
        for index in 0..<min(count, 26) {
            let letter = CChar(UInt8(ascii: "A") + UInt8(index))
            let flags = libwacom_get_button_flag(wacom, letter).rawValue
            var position: String?
            if flags & WACOM_BUTTON_POSITION_LEFT.rawValue != 0 { position = "left" }
            if flags & WACOM_BUTTON_POSITION_RIGHT.rawValue != 0 { position = "right" }
            if flags & WACOM_BUTTON_POSITION_TOP.rawValue != 0 { position = "top" }
            if flags & WACOM_BUTTON_POSITION_BOTTOM.rawValue != 0 { position = "bottom" }
            var feature: Feature?
            if flags & WACOM_BUTTON_RING_MODESWITCH.rawValue != 0 { feature = .ring }
            if flags & WACOM_BUTTON_RING2_MODESWITCH.rawValue != 0 { feature = .ring2 }
            if flags & WACOM_BUTTON_TOUCHSTRIP_MODESWITCH.rawValue != 0 { feature = .strip }
            if flags & WACOM_BUTTON_TOUCHSTRIP2_MODESWITCH.rawValue != 0 { feature = .strip2 }
            let code = libwacom_get_button_evdev_code(wacom, letter)
            buttons.append(Button(
                label: String(UnicodeScalar(UInt8(ascii: "A") + UInt8(index))), code: UInt16(clamping: max(0, code)),
                position: position, togglesModeOf: feature))
        }
        let rings = (libwacom_has_ring(wacom) != 0 ? 1 : 0) + (libwacom_has_ring2(wacom) != 0 ? 1 : 0)
        let strips = Int(libwacom_get_num_strips(wacom))
        guard count > 0 || rings > 0 || strips > 0 else { return nil }
        var ledCount: Int32 = 0
        let leds = libwacom_get_status_leds(wacom, &ledCount)
        var statusLEDs: [Feature] = []
        for index in 0..<Int(ledCount) {
            switch leds?[index] {
            case WACOM_STATUS_LED_RING: statusLEDs.append(.ring)
            case WACOM_STATUS_LED_RING2: statusLEDs.append(.ring2)
            case WACOM_STATUS_LED_TOUCHSTRIP: statusLEDs.append(.strip)
            case WACOM_STATUS_LED_TOUCHSTRIP2: statusLEDs.append(.strip2)
            default: break
            }
        }
        self.init(
            buttons: buttons, rings: rings, strips: strips, ringModes: Int(libwacom_get_ring_num_modes(wacom)),
            ring2Modes: Int(libwacom_get_ring2_num_modes(wacom)), stripModes: Int(libwacom_get_strips_num_modes(wacom)),
            statusLEDs: statusLEDs)
    }
}
