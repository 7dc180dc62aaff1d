import QuillCore

/// Writes an evemu recording (`# EVEMU 1.3`): a device's description (`N:`, `I:`, `P:`, `B:`,
/// `A:` lines, as `evemu-describe` writes them) and its events (`E: sec.usec type code value`), the
/// text ``EvemuReader`` and umockdev read back. `quill service --replay --output` writes the
/// virtual tablet this way.
public enum EvemuWriter {
    /// The description's lines, ending with a newline.
    public static func header(of device: DeviceDescription) -> String {
        var text = "# EVEMU 1.3\n# Input device name: \"\(device.name)\"\nN: \(device.name)\n"
        text += "I: \(hex4(device.bus)) \(hex4(device.vendor)) \(hex4(device.product)) \(hex4(device.version))\n"
        text += "P: " + bytes(device.properties, count: 8) + "\n"
        // evemu writes every type's mask, in type order: EV_KEY's in 96 bytes, the others in 8
        // (more for types with more codes), EV_ABS's from the axes.
        var types = device.codes
        if !device.axes.isEmpty { types[EvdevCode.EventType.abs] = device.axes.keys.sorted() }
        for (type, codes) in types.sorted(by: { $0.key < $1.key }) where type != EvdevCode.EventType.syn {
            let count = max(8, ((Int(EvdevNames.maximumCode(type: type) ?? 63) + 1) + 7) / 8)
            text += "B: \(String(hex2(type))) " + bytes(codes, count: count) + "\n"
        }
        for (code, axis) in device.axes.sorted(by: { $0.key < $1.key }) {
            text += "A: \(hex2(code)) \(axis.minimum) \(axis.maximum) \(axis.fuzz) \(axis.flat) \(axis.resolution)\n"
        }
        return text
    }

    /// One event's line, ending with a newline (negative times are written as 0).
    public static func line(_ event: InputEvent) -> String {
        let time = max(0, event.microseconds)
        let micro = String(time % 1_000_000)
        return "E: \(time / 1_000_000).\(String(repeating: "0", count: 6 - micro.count))\(micro) \(hex4(event.type)) \(hex4(event.code)) \(event.value)\n"
    }

    private static func hex2(_ value: UInt16) -> String {
        let text = String(value, radix: 16)
        return text.count < 2 ? "0" + text : text
    }

    private static func hex4(_ value: UInt16) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 4 - text.count)) + text
    }

    /// A bitmask of `codes` as `count` hex bytes (more when a code lies beyond them).
    private static func bytes(_ codes: [UInt16], count: Int) -> String {
        var mask = [UInt8](repeating: 0, count: max(count, codes.map { Int($0) / 8 + 1 }.max() ?? 0))
        for code in codes { mask[Int(code) / 8] |= 1 << (code % 8) }
        return mask.map(hex2Byte).joined(separator: " ")
    }

    private static func hex2Byte(_ byte: UInt8) -> String { hex2(UInt16(byte)) }
}
