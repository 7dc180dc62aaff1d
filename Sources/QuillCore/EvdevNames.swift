/// libevdev's names for event types, codes and properties (`EV_ABS`, `ABS_X`,
/// `INPUT_PROP_DIRECT`…), without linking libevdev: the tables are generated from the installed
/// libevdev by Tools/generate/evdev-names/generate (`EvdevNameTable`), so the names are libevdev's own.
public enum EvdevNames {
    private static func key(_ type: UInt16, _ code: UInt16) -> UInt32 { UInt32(type) << 16 | UInt32(code) }

    /// The name of an event type, e.g. 3 → "EV_ABS"; nil when libevdev knows none.
    public static func typeName(_ type: UInt16) -> String? {
        Int(type) < EvdevNameTable.typeNames.count ? EvdevNameTable.typeNames[Int(type)] : nil
    }

    /// The name of an event code, e.g. (3, 0) → "ABS_X"; nil when libevdev knows none.
    public static func codeName(type: UInt16, code: UInt16) -> String? {
        EvdevNameTable.codeNames[key(type, code)]
    }

    /// "TYPE / CODE" for messages, falling back to numbers for codes libevdev does not name.
    public static func describe(type: UInt16, code: UInt16) -> String {
        let typeText = typeName(type) ?? "type \(type)"
        let codeText = codeName(type: type, code: code) ?? "code \(code) (0x\(String(code, radix: 16)))"
        return "\(typeText) / \(codeText)"
    }

    /// The event type for a name, e.g. "EV_KEY" → 1.
    public static func type(named name: String) -> UInt16? {
        EvdevNameTable.typeNames.firstIndex { $0 == name }.map { UInt16($0) }
    }

    /// The type and code for a code name alone, e.g. "BTN_TOUCH" → (1, 330).
    public static func code(named name: String) -> (type: UInt16, code: UInt16)? {
        guard let value = EvdevNameTable.codesByName[name] else { return nil }
        return (UInt16(value >> 16), UInt16(value & 0xffff))
    }

    /// The code for a name within a type, e.g. (EV_ABS, "ABS_PRESSURE") → 24.
    public static func code(type: UInt16, named name: String) -> UInt16? {
        guard let found = code(named: name), found.type == type else { return nil }
        return found.code
    }

    /// The name of an input property, e.g. 1 → "INPUT_PROP_DIRECT".
    public static func propertyName(_ property: UInt16) -> String? {
        Int(property) < EvdevNameTable.propertyNames.count ? EvdevNameTable.propertyNames[Int(property)] : nil
    }

    /// The largest code of an event type (e.g. `ABS_MAX` for `EV_ABS`), or nil for an invalid type.
    public static func maximumCode(type: UInt16) -> UInt16? {
        guard Int(type) < EvdevNameTable.maximumCodes.count, EvdevNameTable.maximumCodes[Int(type)] >= 0 else { return nil }
        return UInt16(EvdevNameTable.maximumCodes[Int(type)])
    }

    /// True when libevdev knows a name for this code: the code exists in its tables.
    public static func isKnown(type: UInt16, code: UInt16) -> Bool {
        guard let maximum = maximumCode(type: type), code <= maximum else { return false }
        return codeName(type: type, code: code) != nil
    }
}
