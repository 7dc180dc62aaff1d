import CEvdev
import QuillCore

/// A device description held in libevdev's own device model (`struct libevdev` made with
/// `libevdev_new`), so that codes and axis ranges are checked the way libevdev checks a real device.
///
/// Readers fill it from a recording's header, then take a ``DeviceDescription`` snapshot;
/// no libevdev type leaves this file.
public final class EvdevDeviceModel {
    let handle: OpaquePointer

    /// A new, empty device. Throws when libevdev cannot allocate one.
    public init() throws {
        guard let device = libevdev_new() else {
            throw EvdevError(operation: "libevdev_new", message: "libevdev could not allocate a device")
        }
        handle = device
    }

    deinit { libevdev_free(handle) }

    /// The device name.
    public var name: String {
        get { libevdev_get_name(handle).map { String(cString: $0) } ?? "" }
        set { libevdev_set_name(handle, newValue) }
    }

    /// Sets bus, vendor, product and version.
    public func setIdentity(bus: UInt16, vendor: UInt16, product: UInt16, version: UInt16) {
        libevdev_set_id_bustype(handle, Int32(bus))
        libevdev_set_id_vendor(handle, Int32(vendor))
        libevdev_set_id_product(handle, Int32(product))
        libevdev_set_id_version(handle, Int32(version))
    }

    /// Enables a non-absolute code (keys, MSC, SYN, …). Throws for codes libevdev rejects.
    public func enable(type: UInt16, code: UInt16) throws {
        precondition(type != EvdevCode.EventType.abs, "use enableAxis(code:info:) for EV_ABS")
        if type == 0x14 { return }  // EV_REP needs a delay/period payload; a recording's repeat bits carry none.
        guard libevdev_enable_event_code(handle, UInt32(type), UInt32(code), nil) == 0 else {
            throw EvdevError(operation: "libevdev_enable_event_code", message: "cannot enable \(EvdevNames.describe(type: type, code: code))")
        }
    }

    /// Enables an absolute axis with its range.
    public func enableAxis(code: UInt16, info: AxisInfo) throws {
        var absinfo = input_absinfo(
            value: info.minimum, minimum: info.minimum, maximum: info.maximum,
            fuzz: info.fuzz, flat: info.flat, resolution: info.resolution)
        guard libevdev_enable_event_code(handle, UInt32(EvdevCode.EventType.abs), UInt32(code), &absinfo) == 0 else {
            throw EvdevError(
                operation: "libevdev_enable_event_code",
                message: "cannot enable \(EvdevNames.describe(type: EvdevCode.EventType.abs, code: code))")
        }
    }

    /// Enables an input property (`INPUT_PROP_*`).
    public func enableProperty(_ property: UInt16) throws {
        guard libevdev_enable_property(handle, UInt32(property)) == 0 else {
            throw EvdevError(operation: "libevdev_enable_property", message: "cannot enable property \(property)")
        }
    }

    /// True when the device has this code enabled.
    public func has(type: UInt16, code: UInt16) -> Bool {
        libevdev_has_event_code(handle, UInt32(type), UInt32(code)) != 0
    }

    /// The range of an absolute axis, or nil when it is not enabled.
    public func axisInfo(code: UInt16) -> AxisInfo? {
        guard let info = libevdev_get_abs_info(handle, UInt32(code))?.pointee else { return nil }
        return AxisInfo(minimum: info.minimum, maximum: info.maximum, fuzz: info.fuzz, flat: info.flat, resolution: info.resolution)
    }

    /// A value snapshot of everything the model holds.
    public var snapshot: DeviceDescription { EvdevDeviceModel.describe(handle) }

    /// A value description of any libevdev device (a model or an open node).
    static func describe(_ handle: OpaquePointer) -> DeviceDescription {
        func has(type: UInt16, code: UInt16) -> Bool { libevdev_has_event_code(handle, UInt32(type), UInt32(code)) != 0 }
        func axisInfo(code: UInt16) -> AxisInfo? {
            guard let info = libevdev_get_abs_info(handle, UInt32(code))?.pointee else { return nil }
            return AxisInfo(minimum: info.minimum, maximum: info.maximum, fuzz: info.fuzz, flat: info.flat, resolution: info.resolution)
        }
        let name = libevdev_get_name(handle).map { String(cString: $0) } ?? ""
        var codes: [UInt16: [UInt16]] = [:]
        var axes: [UInt16: AxisInfo] = [:]
        for type in UInt16(0)...EvdevCode.EventType.max where libevdev_has_event_type(handle, UInt32(type)) != 0 {
            guard let maximum = EvdevNames.maximumCode(type: type) else { continue }
            let enabled = (UInt16(0)...maximum).filter { has(type: type, code: $0) }
            if type == EvdevCode.EventType.abs {
                for code in enabled { axes[code] = axisInfo(code: code) }
            } else if !enabled.isEmpty {
                codes[type] = enabled
            }
        }
        let properties = (UInt16(0)...0x1f).filter { libevdev_has_property(handle, UInt32($0)) != 0 }
        return DeviceDescription(
            name: name, bus: UInt16(truncatingIfNeeded: libevdev_get_id_bustype(handle)),
            vendor: UInt16(truncatingIfNeeded: libevdev_get_id_vendor(handle)),
            product: UInt16(truncatingIfNeeded: libevdev_get_id_product(handle)),
            version: UInt16(truncatingIfNeeded: libevdev_get_id_version(handle)),
            codes: codes, axes: axes, properties: properties)
    }

    /// Loads a value description into a new model (used to check a description the way libevdev would).
    public convenience init(_ description: DeviceDescription) throws {
        try self.init()
        name = description.name
        setIdentity(bus: description.bus, vendor: description.vendor, product: description.product, version: description.version)
        for (type, list) in description.codes where type != EvdevCode.EventType.abs {
            for code in list { try enable(type: type, code: code) }
        }
        for (code, info) in description.axes { try enableAxis(code: code, info: info) }
        for property in description.properties { try enableProperty(property) }
    }
}

/// A libevdev call failed.
public struct EvdevError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The libevdev function that failed.
    public var operation: String
    public var message: String
    public var description: String { "\(operation): \(message)" }
}

extension EvdevDeviceModel {
    /// libevdev's own name for a code, asked of the linked library (QuillCore's ``EvdevNames``
    /// is generated from it; tests compare the two).
    public static func libevdevCodeName(type: UInt16, code: UInt16) -> String? {
        libevdev_event_code_get_name(UInt32(type), UInt32(code)).map { String(cString: $0) }
    }

    /// libevdev's largest code of a type, or nil.
    public static func libevdevMaximumCode(type: UInt16) -> Int? {
        let value = libevdev_event_type_get_max(UInt32(type))
        return value < 0 ? nil : Int(value)
    }
}
