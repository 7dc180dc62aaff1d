import CWacom
import QuillCore

/// What libwacom's tablet database says about one tablet model (no libwacom type leaves this file).
public struct WacomTablet: Hashable, Sendable {
    /// Marketing name, e.g. "Wacom Intuos4 6x9".
    public var name: String
    /// Model number, e.g. "PTK-640" (nil when the database has none).
    public var modelName: String?
    /// True when the tablet can be turned 180° for left-handed use (libwacom `Reversible`).
    public var isReversible: Bool
    /// True when the tablet is built into a display (a screen tablet such as a Cintiq).
    public var isDisplayIntegrated: Bool
    /// True when the tablet is built into the computer (a laptop or all-in-one).
    public var isSystemIntegrated: Bool
    /// Physical size of the active area as the database gives it, whole inches.
    public var widthInches: Int
    public var heightInches: Int
    /// Number of buttons on the tablet's pad (the ExpressKeys), not on a stylus.
    public var padButtons: Int
    /// The styli the tablet supports, in the database's order.
    public var styli: [WacomStylus]
    /// The pad: buttons with codes, positions and mode toggles; rings, strips, modes (nil when none).
    public var pad: WacomPad?
    /// The other USB device of the same physical tablet (libwacom `PairedID`: a screen tablet's
    /// touch interface on its own product id), nil when none.
    public var paired: WacomDeviceID? = nil
}

/// A device's USB vendor and product ids.
public struct WacomDeviceID: Hashable, Sendable {
    public var vendor: Int
    public var product: Int
    public init(vendor: Int, product: Int) {
        self.vendor = vendor
        self.product = product
    }
}

/// One stylus model from libwacom's database.
public struct WacomStylus: Hashable, Sendable {
    /// How the stylus erases.
    public enum EraserType: String, Hashable, Sendable {
        /// No eraser.
        case none
        /// A separate tool on the other end of the pen (reported as its own tool, same serial).
        case invert
        /// A button beside the other stylus buttons.
        case button
        /// The database does not say.
        case unknown
    }
    /// Tool id as the tablet reports it in `ABS_MISC` (e.g. 0x802 for the Grip Pen).
    public var id: Int
    /// Name, e.g. "Grip Pen".
    public var name: String
    /// Buttons on the barrel.
    public var buttons: Int
    /// True when this id is the eraser end of a pen.
    public var isEraser: Bool
    /// The eraser type the database gives (many entries give none and pair the pen with an
    /// eraser id instead: see ``pairedIds``).
    public var eraserType: EraserType
    /// The other ends of the same physical pen (a pen's eraser id, an eraser's pen id).
    public var pairedIds: [Int]
}

/// libwacom's tablet database (the data files under /usr/share/libwacom).
public final class WacomDatabase {
    private let handle: OpaquePointer

    /// Loads the system database.
    public init() throws {
        guard let database = libwacom_database_new() else {
            throw WacomDatabaseError()
        }
        handle = database
    }

    deinit { libwacom_database_destroy(handle) }

    /// The database entry for a device: by USB ids when the device is on USB, else by its kernel name.
    /// Nil when libwacom does not know the tablet (most non-Wacom tablets).
    public func tablet(for device: DeviceDescription) -> WacomTablet? {
        let usb: UInt16 = 0x03
        var found: OpaquePointer?
        if device.bus == usb || device.bus == 0 {
            found = libwacom_new_from_usbid(handle, Int32(device.vendor), Int32(device.product), nil)
        }
        if found == nil { found = libwacom_new_from_name(handle, device.name, nil) }
        guard let wacom = found else { return nil }
        defer { libwacom_destroy(wacom) }
        let integration = libwacom_get_integration_flags(wacom)
        var count: Int32 = 0
        let ids = libwacom_get_supported_styli(wacom, &count)
        var styli: [WacomStylus] = []
        for index in 0..<Int(count) {
            guard let id = ids?[index], let stylus = libwacom_stylus_get_for_id(handle, id) else { continue }
            let eraser: WacomStylus.EraserType
            switch libwacom_stylus_get_eraser_type(stylus) {
            case WACOM_ERASER_NONE: eraser = .none
            case WACOM_ERASER_INVERT: eraser = .invert
            case WACOM_ERASER_BUTTON: eraser = .button
            default: eraser = .unknown
            }
            var pairedCount: Int32 = 0
            let paired = libwacom_stylus_get_paired_ids(stylus, &pairedCount)
            styli.append(WacomStylus(
                id: Int(id), name: String(cString: libwacom_stylus_get_name(stylus)),
                buttons: Int(libwacom_stylus_get_num_buttons(stylus)),
                isEraser: libwacom_stylus_is_eraser(stylus) != 0, eraserType: eraser,
                pairedIds: (0..<Int(pairedCount)).compactMap { paired?[$0] }.map(Int.init)))
        }
        return WacomTablet(
            name: String(cString: libwacom_get_name(wacom)),
            modelName: libwacom_get_model_name(wacom).map { String(cString: $0) },
            isReversible: libwacom_is_reversible(wacom) != 0,
            isDisplayIntegrated: integration.rawValue & WACOM_DEVICE_INTEGRATED_DISPLAY.rawValue != 0,
            isSystemIntegrated: integration.rawValue & WACOM_DEVICE_INTEGRATED_SYSTEM.rawValue != 0,
            widthInches: Int(libwacom_get_width(wacom)), heightInches: Int(libwacom_get_height(wacom)),
            padButtons: Int(libwacom_get_num_buttons(wacom)), styli: styli, pad: WacomPad(wacom),
            paired: libwacom_get_paired_device(wacom).map {
                WacomDeviceID(vendor: Int(libwacom_match_get_vendor_id($0)), product: Int(libwacom_match_get_product_id($0)))
            })
    }
}

/// libwacom could not load its data files.
public struct WacomDatabaseError: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String { "libwacom could not load its tablet database from /usr/share/libwacom (install libwacom-common)" }
}
