import QuillCore

/// Writes an evemu recording (`# EVEMU 1.3`): a device's description (`N:`, `I:`, `P:`, `B:`,
/// `A:` lines, laid out as `evemu-describe` writes them, which `evemu-device` reads back) and its events (`E: sec.usec type code value`), the
/// text ``EvemuReader`` and umockdev read back. `quill service --replay --output` writes the
/// virtual tablet this way.
public enum EvemuWriter {
    /// The description's lines, ending with a newline.
    public static func header(of device: DeviceDescription) -> String {
        var text = "# EVEMU 1.3\n# Input device name: \"\(device.name)\"\nN: \(device.name)\n"
        text += "I: \(hex4(device.bus)) \(hex4(device.vendor)) \(hex4(device.product)) \(hex4(device.version))\n"
        text += "P: " + bytes(device.properties, count: 8).joined(separator: " ") + "\n"
        // As evemu-describe: every type's mask (EV_SYN, KEY, REL, ABS, MSC, SW, LED, SND, REP, FF),
        // 8 bytes a line (evemu reads 8 a line), EV_ABS's from the axes, EV_SYN's SYN_REPORT,
        // SYN_CONFIG and SYN_DROPPED when the description lists none.
        for type: UInt16 in [0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x11, 0x12, 0x14, 0x15] {
            let codes = type == EvdevCode.EventType.abs ? Array(device.axes.keys) : type == EvdevCode.EventType.syn ? device.codes[type] ?? [0, 1, 3] : device.codes[type] ?? []
            let count = ((Int(EvdevNames.maximumCode(type: type) ?? 63) + 1 + 63) / 64) * 8
            let mask = bytes(codes, count: count)
            for line in stride(from: 0, to: mask.count, by: 8) {
                text += "B: \(hex2(type)) " + mask[line..<min(mask.count, line + 8)].joined(separator: " ") + "\n"
            }
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

    /// A bitmask of `codes` as `count` hex bytes (more, in whole lines of 8, when a code lies beyond them).
    private static func bytes(_ codes: [UInt16], count: Int) -> [String] {
        let needed = codes.map { Int($0) / 8 + 1 }.max() ?? 0
        var mask = [UInt8](repeating: 0, count: max(count, (needed + 7) / 8 * 8))
        for code in codes { mask[Int(code) / 8] |= 1 << (code % 8) }
        return mask.map(hex2Byte)
    }

    private static func hex2Byte(_ byte: UInt8) -> String { hex2(UInt16(byte)) }
}
