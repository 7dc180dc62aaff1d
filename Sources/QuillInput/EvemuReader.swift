#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import QuillCore

/// Reads evemu recordings (`evemu-record` output, formats 1.0–1.3) as a stream.
///
/// Header lines `N:` (name), `I:` (bus vendor product version, hex), `P:` (property bytes),
/// `B:` (type, then code bitmask bytes; continues over lines), `A:` (code, min, max, fuzz, flat
/// and — since 1.2 — resolution), `L:`/`S:` (initial LED/switch state, ignored); events
/// `E: sec.usec TYPE CODE VALUE` with type and code in hex (or as libevdev names) and a decimal
/// value; `#` starts a comment anywhere. A file with no header takes its device from `deviceFile`.
public final class EvemuReader: RecordingReader {
    public let path: String
    public var format: RecordingFormat { .evemu }
    public private(set) var timeOrigin: Int64?
    public private(set) var warnings: [RecordingWarning] = []

    private let lines: LineReader
    private var model = DeviceModel()
    private var hasHeader = false
    private var bitmaskOffsets: [UInt16: Int] = [:]
    private var propertyOffset = 0
    private var deviceAnnounced = false
    private var externalDevice: DeviceDescription?
    private var bufferedEventLine: (text: Substring, number: Int)?

    /// Opens `path`; `deviceFile` describes the device of a header-less event file.
    public init(path: String, deviceFile: String? = nil) throws {
        self.path = path
        lines = try LineReader(path: path)
        if let deviceFile {
            let description = try EvemuReader.readDescription(path: deviceFile)
            externalDevice = description
        }
        try readHeader()
        if !hasHeader, externalDevice == nil, let companion = EvemuReader.companionDescription(of: path) {
            externalDevice = try EvemuReader.readDescription(path: companion)
            warnings.append(RecordingWarning(file: path, line: nil, message: "no device header: the device is described by \(companion), found beside it"))
        }
    }

    /// The description beside the header-less event file `X.events` (any extension): `X.desc`
    /// when it exists, else the `D.desc` in the same folder with the longest name D of which X is
    /// a scenario — X is D, a `.` or a `-`, then more (the naming of evemu-devices' bundle:
    /// `Wacom-Intuos4-6x9.pad-buttons.events` beside `Wacom-Intuos4-6x9.desc`,
    /// `Wacom-Intuos5-touch-M-Finger-double-tap.events` beside `Wacom-Intuos5-touch-M-Finger.desc`).
    static func companionDescription(of path: String) -> String? {
        let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        guard let dot = path[slash...].lastIndex(of: "."), path[dot...] != ".desc" else { return nil }
        let candidate = String(path[..<dot]) + ".desc"
        if FileManager.default.isReadableFile(atPath: candidate) { return candidate }
        // The folder as written, its slash kept ("" for the working directory).
        let folder = String(path[..<slash])
        let name = path[slash..<dot]
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder) else { return nil }
        let device = entries.filter { entry in
            guard entry.hasSuffix(".desc") else { return false }
            let base = entry.dropLast(".desc".count)
            guard !base.isEmpty, name.count > base.count, name.hasPrefix(base) else { return false }
            let next = name[name.index(name.startIndex, offsetBy: base.count)]
            return next == "." || next == "-"
        }.max { $0.count < $1.count }
        return device.map { folder + $0 }.flatMap { FileManager.default.isReadableFile(atPath: $0) ? $0 : nil }
    }

    /// The `.desc` files beside `path` nearest its name, for the error when none fits: those that
    /// share the longest leading run of characters with it (at least 4; dashes, dots and case
    /// aside, so `Wacom-Intuos4.stylus-tap.events` names `Wacom-Intuos4-6x9.desc` and its `-Pad`
    /// and `-Pen` nodes), at most 3, shortest first, each as a path in the folder as written.
    static func nearestDescriptions(to path: String) -> [String] {
        let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        let folder = String(path[..<slash])
        let name = path[slash...]
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder) else { return [] }
        func letters(_ text: Substring) -> [Character] { text.lowercased().filter { $0.isLetter || $0.isNumber } }
        let target = letters(name)
        let scored = entries.filter { $0.hasSuffix(".desc") }.map { entry in
            let base = letters(entry.dropLast(".desc".count)[...])
            return (entry: entry, shared: zip(base, target).prefix { $0 == $1 }.count)
        }
        guard let best = scored.map(\.shared).max(), best >= 4 else { return [] }
        return scored.filter { $0.shared == best }.map(\.entry).sorted { ($0.count, $0) < ($1.count, $1) }.prefix(3).map { folder + $0 }
    }

    /// Reads only the device header of an evemu file (a `.desc` file or a recording).
    public static func readDescription(path: String) throws -> DeviceDescription {
        let reader = try EvemuReader(path: path, headerOnly: ())
        guard reader.hasHeader else {
            throw RecordingError(file: path, line: nil, message: "no device description: expected evemu header lines (N:, I:, B:, A:)")
        }
        return reader.model.snapshot
    }

    private init(path: String, headerOnly: Void) throws {
        self.path = path
        lines = try LineReader(path: path)
        try readHeader()
    }

    public func next() throws -> RecordingItem? {
        if !deviceAnnounced {
            deviceAnnounced = true
            if let externalDevice { return .device(index: 0, externalDevice) }
            guard hasHeader else {
                let nearest = EvemuReader.nearestDescriptions(to: path)
                let candidates = nearest.isEmpty ? "" : "; nearest: \(nearest.joined(separator: ", "))"
                throw RecordingError(
                    file: path, line: nil,
                    message: "no device header (N:, I:, B:, A: lines) and no .desc file beside it of its name or of the device it names (X.desc, or D.desc for D.scenario or D-scenario)\(candidates): give the device description with --device FILE.desc")
            }
            return .device(index: 0, model.snapshot)
        }
        while true {
            let text: Substring
            let number: Int
            if let buffered = bufferedEventLine {
                (text, number) = buffered
                bufferedEventLine = nil
            } else if let bytes = try lines.nextLineBytes() {
                number = lines.lineNumber
                if let event = EvemuReader.parseEventFast(bytes) {
                    if lines.lastLineWasUnterminated {
                        warnings.append(RecordingWarning(file: path, line: number, message: "last line has no newline: the file may be truncated"))
                    }
                    if timeOrigin == nil { timeOrigin = event.microseconds }
                    return .event(deviceIndex: 0, event, line: number)
                }
                text = Substring(decoding: bytes, as: UTF8.self)
            } else {
                return nil
            }
            let content = EvemuReader.stripComment(text)
            if content.isEmpty { continue }
            guard content.hasPrefix("E:") else {
                throw RecordingError(
                    file: path, line: number, message: "expected an event line 'E: sec.usec type code value', found '\(content.prefix(40))'")
            }
            let event = try parseEvent(content, line: number)
            if lines.lastLineWasUnterminated && bufferedEventLine == nil && number == lines.lineNumber {
                warnings.append(RecordingWarning(file: path, line: number, message: "last line has no newline: the file may be truncated"))
            }
            if timeOrigin == nil { timeOrigin = event.microseconds }
            return .event(deviceIndex: 0, event, line: number)
        }
    }

    // MARK: - Header

    private func readHeader() throws {
        while let line = try lines.nextLine() {
            let number = lines.lineNumber
            let content = EvemuReader.stripComment(line)
            if content.isEmpty { continue }
            if content.hasPrefix("E:") {
                bufferedEventLine = (line, number)
                return
            }
            guard content.count >= 2, content.dropFirst().first == ":" else {
                throw RecordingError(file: path, line: number, message: "expected an evemu line (N:, I:, P:, B:, A:, L:, S: or E:), found '\(content.prefix(40))'")
            }
            let fields = content.dropFirst(2).split(whereSeparator: { $0 == " " || $0 == "\t" })
            do {
            switch content.first {
            case "N":
                // The name is the rest of the line, comments included (evemu writes it verbatim).
                model.name = String(line.dropFirst(2).trimmingWhitespace())
            case "I":
                let ids = try fields.map { try hex($0, line: number, what: "a hex id") }
                guard ids.count == 4 else {
                    throw RecordingError(file: path, line: number, message: "expected 'I: bus vendor product version' (4 hex numbers), found \(ids.count)")
                }
                model.setIdentity(bus: ids[0], vendor: ids[1], product: ids[2], version: ids[3])
            case "P":
                for field in fields {
                    let byte = try hex(field, line: number, what: "a property byte")
                    for bit in 0..<8 where byte & (1 << bit) != 0 {
                        guard let property = UInt16(exactly: propertyOffset * 8 + bit) else {
                            throw RecordingError(file: path, line: number, message: "too many property bytes: expected at most 8192 (INPUT_PROP codes fit 16 bits)")
                        }
                        try model.enableProperty(property)
                    }
                    propertyOffset += 1
                }
            case "B":
                guard let typeField = fields.first else {
                    throw RecordingError(file: path, line: number, message: "expected 'B: type bytes…'")
                }
                let type = try hex(typeField, line: number, what: "an event type")
                var offset = bitmaskOffsets[type, default: 0]
                for field in fields.dropFirst() {
                    let byte = try hex(field, line: number, what: "a bitmask byte")
                    for bit in 0..<8 where byte & (1 << bit) != 0 {
                        guard let code = UInt16(exactly: offset * 8 + bit) else {
                            throw RecordingError(file: path, line: number, message: "too many bitmask bytes for type \(type): expected at most 8192 (event codes fit 16 bits)")
                        }
                        // EV_ABS codes are enabled by their A: line, which carries the range.
                        if type != EvdevCode.EventType.abs, let maximum = EvdevNames.maximumCode(type: type), code <= maximum {
                            try model.enable(type: type, code: code)
                        }
                    }
                    offset += 1
                }
                bitmaskOffsets[type] = offset
            case "A":
                guard fields.count == 5 || fields.count == 6 else {
                    throw RecordingError(
                        file: path, line: number,
                        message: "expected 'A: code min max fuzz flat [resolution]' (5 or 6 fields), found \(fields.count)")
                }
                let code = try hex(fields[0], line: number, what: "an axis code")
                let values = try fields.dropFirst().map { try decimal($0, line: number, what: "an axis value") }
                try model.enableAxis(
                    code: code,
                    info: AxisInfo(
                        minimum: values[0], maximum: values[1], fuzz: values[2], flat: values[3],
                        resolution: values.count > 4 ? values[4] : 0))
            case "L", "S":
                break
            default:
                throw RecordingError(file: path, line: number, message: "unknown evemu line type '\(content.prefix(2))'")
            }
            } catch let error as DeviceModelError {
                // libevdev's rules refused a code or property of the header.
                throw RecordingError(file: path, line: number, message: error.message)
            }
            hasHeader = true
        }
    }

    // MARK: - Fields

    private func parseEvent(_ content: Substring, line: Int) throws -> InputEvent {
        let fields = content.dropFirst(2).split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard fields.count == 4 else {
            throw RecordingError(
                file: path, line: line,
                message: "expected 'E: sec.usec type code value' (4 fields), found \(fields.count): the file may be truncated")
        }
        let time = try timestamp(fields[0], line: line)
        let type: UInt16
        if let number = UInt16(fields[1], radix: 16) {
            type = number
        } else if let byName = EvdevNames.type(named: String(fields[1])) {
            type = byName
        } else {
            throw RecordingError(file: path, line: line, message: "expected an event type (hex or EV_* name), found '\(fields[1])'")
        }
        let code: UInt16
        if let number = UInt16(fields[2], radix: 16) {
            code = number
        } else if let byName = EvdevNames.code(type: type, named: String(fields[2])) {
            code = byName
        } else {
            throw RecordingError(file: path, line: line, message: "expected an event code (hex or name), found '\(fields[2])'")
        }
        let value = try decimal(fields[3], line: line, what: "a decimal event value")
        return InputEvent(microseconds: time, type: type, code: code, value: value)
    }

    private func timestamp(_ field: Substring, line: Int) throws -> Int64 {
        let parts = field.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let seconds = Int64(parts[0]), seconds >= 0, seconds < Int64.max / 1_000_000,
            !parts[1].isEmpty, parts[1].count <= 6, parts[1].allSatisfy(\.isASCIIDigit), let fraction = Int64(parts[1])
        else {
            throw RecordingError(file: path, line: line, message: "expected a timestamp 'seconds.microseconds', found '\(field)'")
        }
        var micros = fraction
        for _ in parts[1].count..<6 { micros *= 10 }
        return seconds * 1_000_000 + micros
    }

    private func hex(_ field: Substring, line: Int, what: String) throws -> UInt16 {
        guard let value = UInt16(field, radix: 16) else {
            throw RecordingError(file: path, line: line, message: "expected \(what), found '\(field)'")
        }
        return value
    }

    private func decimal(_ field: Substring, line: Int, what: String) throws -> Int32 {
        guard let value = Int32(field) ?? EvemuReader.paddedNegative(field) else {
            throw RecordingError(file: path, line: line, message: "expected \(what) (a 32-bit integer), found '\(field)'")
        }
        return value
    }

    /// evemu writes negative values zero-padded ("-005"); Int32("-005") already parses, this catches "+5".
    private static func paddedNegative(_ field: Substring) -> Int32? {
        field.first == "+" ? Int32(field.dropFirst()) : nil
    }

    /// Parses the common form `E: <sec>.<usec> <hex type> <hex code> <decimal value> [# comment]`
    /// straight from bytes, without allocating. Anything else (names, odd spacing, errors) returns
    /// nil and goes through the general parser, which also produces the error messages.
    static func parseEventFast(_ bytes: ArraySlice<UInt8>) -> InputEvent? {
        var index = bytes.startIndex
        let end = bytes.endIndex
        guard end - index > 3, bytes[index] == UInt8(ascii: "E"), bytes[index + 1] == UInt8(ascii: ":") else { return nil }
        index += 2
        func skipSpaces() {
            while index < end, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        }
        func decimal(maxDigits: Int) -> (value: Int64, digits: Int)? {
            var value: Int64 = 0
            var digits = 0
            while index < end, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                value = value * 10 + Int64(bytes[index] - 0x30)
                digits += 1
                index += 1
                if digits > maxDigits { return nil }
            }
            return digits == 0 ? nil : (value, digits)
        }
        func hexadecimal() -> UInt16? {
            var value: UInt32 = 0
            var digits = 0
            while index < end {
                let byte = bytes[index]
                let digit: UInt32
                switch byte {
                case 0x30...0x39: digit = UInt32(byte - 0x30)
                case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
                case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
                default: return digits == 0 || value > 0xFFFF ? nil : UInt16(value)
                }
                // Anything past 0xFFFF is no event type or code: stop before the number can grow
                // (an untrusted file's long hex field trapped here with an arithmetic overflow).
                value = value * 16 + digit
                digits += 1
                index += 1
                if value > 0xFFFF { return nil }
            }
            return digits == 0 || value > 0xFFFF ? nil : UInt16(value)
        }
        skipSpaces()
        guard let seconds = decimal(maxDigits: 12), index < end, bytes[index] == UInt8(ascii: ".") else { return nil }
        index += 1
        guard let fraction = decimal(maxDigits: 6) else { return nil }
        var micros = fraction.value
        for _ in fraction.digits..<6 { micros *= 10 }
        guard index < end, bytes[index] == 0x20 || bytes[index] == 0x09 else { return nil }
        skipSpaces()
        guard let type = hexadecimal(), index < end, bytes[index] == 0x20 || bytes[index] == 0x09 else { return nil }
        skipSpaces()
        guard let code = hexadecimal(), index < end, bytes[index] == 0x20 || bytes[index] == 0x09 else { return nil }
        skipSpaces()
        var isNegative = false
        if index < end, bytes[index] == UInt8(ascii: "-") {
            isNegative = true
            index += 1
        }
        guard let magnitude = decimal(maxDigits: 10) else { return nil }
        let value = isNegative ? -magnitude.value : magnitude.value
        guard value >= Int64(Int32.min), value <= Int64(Int32.max) else { return nil }
        skipSpaces()
        guard index == end || bytes[index] == UInt8(ascii: "#") || bytes[index] == 0x0D else { return nil }
        return InputEvent(microseconds: seconds.value * 1_000_000 + micros, type: type, code: code, value: Int32(value))
    }

    static func stripComment(_ line: Substring) -> Substring {
        let uncommented = line.firstIndex(of: "#").map { line[..<$0] } ?? line
        return uncommented.trimmingWhitespace()
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
