import CEvdev

/// libevdev's name tables for event types, codes and properties (`EV_ABS`, `ABS_X`, `INPUT_PROP_DIRECT`…).
///
/// Every lookup goes to libevdev, so names are the ones its version knows.
public enum EvdevNames {
    /// The name of an event type, e.g. 3 → "EV_ABS"; nil when libevdev knows none.
    public static func typeName(_ type: UInt16) -> String? {
        libevdev_event_type_get_name(UInt32(type)).map { String(cString: $0) }
    }

    /// The name of an event code, e.g. (3, 0) → "ABS_X"; nil when libevdev knows none.
    public static func codeName(type: UInt16, code: UInt16) -> String? {
        libevdev_event_code_get_name(UInt32(type), UInt32(code)).map { String(cString: $0) }
    }

    /// "TYPE / CODE" for messages, falling back to numbers for codes libevdev does not name.
    public static func describe(type: UInt16, code: UInt16) -> String {
        let typeText = typeName(type) ?? "type \(type)"
        let codeText = codeName(type: type, code: code) ?? "code \(code) (0x\(String(code, radix: 16)))"
        return "\(typeText) / \(codeText)"
    }

    /// The event type for a name, e.g. "EV_KEY" → 1.
    public static func type(named name: String) -> UInt16? {
        let value = libevdev_event_type_from_name(name)
        return value < 0 ? nil : UInt16(value)
    }

    /// The type and code for a code name alone, e.g. "BTN_TOUCH" → (1, 330).
    public static func code(named name: String) -> (type: UInt16, code: UInt16)? {
        let type = libevdev_event_type_from_code_name(name)
        let code = libevdev_event_code_from_code_name(name)
        guard type >= 0, code >= 0 else { return nil }
        return (UInt16(type), UInt16(code))
    }

    /// The code for a name within a type, e.g. (EV_ABS, "ABS_PRESSURE") → 24.
    public static func code(type: UInt16, named name: String) -> UInt16? {
        let value = libevdev_event_code_from_name(UInt32(type), name)
        return value < 0 ? nil : UInt16(value)
    }

    /// The name of an input property, e.g. 1 → "INPUT_PROP_DIRECT".
    public static func propertyName(_ property: UInt16) -> String? {
        libevdev_property_get_name(UInt32(property)).map { String(cString: $0) }
    }

    /// The largest code of an event type (e.g. `ABS_MAX` for `EV_ABS`), or nil for an invalid type.
    public static func maximumCode(type: UInt16) -> UInt16? {
        let value = libevdev_event_type_get_max(UInt32(type))
        return value < 0 ? nil : UInt16(value)
    }

    /// True when libevdev knows a name for this code: the code exists in its tables.
    public static func isKnown(type: UInt16, code: UInt16) -> Bool {
        guard let maximum = maximumCode(type: type), code <= maximum else { return false }
        return codeName(type: type, code: code) != nil
    }
}
