import DequeModule
import QuillCore
import QuillYAML

/// Reads `libinput record` YAML (version 1) as a stream.
///
/// The YAML is parsed by libyaml (``QuillYAML``), a piece at a time: the top-level keys, then each device's
/// description, then its `events:` list in batches of entries, so memory stays flat for any file
/// size. Unknown keys are ignored; `- libinput:` entries (libinput's own decoded events) are skipped.
/// Several devices in one file are read in order, each device's events after its description.
public final class LibinputRecordReader: RecordingReader {
    public let path: String
    public var format: RecordingFormat { .libinputRecord }
    /// Event times in `libinput record` are already relative to the recording's start.
    public let timeOrigin: Int64? = 0
    public private(set) var warnings: [RecordingWarning] = []

    private enum Section { case top, devices, deviceHeader, events, done }
    private let lines: LineReader
    private var section = Section.top
    private var chunk: [Substring] = []
    private var chunkFirstLine = 1
    private var chunkEntries = 0
    private var entryStartLines: [Int] = []
    private var pushedBack: (Substring, Int)?
    private var ready = Deque<RecordingItem>()
    private var deviceCount = 0
    private var versionChecked = false
    private var warnedUnterminated = false
    /// An error found after some items of the same batch: thrown once those items are handed out.
    private var pendingError: RecordingError?
    /// Event entries parsed per composer call.
    static let batchSize = 256
    /// The `- evdev:` entry being read by the fast scanner: its first line (nil: none), and its
    /// events with their lines (a buffer reused entry after entry).
    private var fastStart: Int?
    private var fastEvents: [(InputEvent, Int)] = []
    /// Entries the scanner hands out at once (memory stays flat).
    static let scannedBatch = 256

    /// Reads the events of `- evdev:` entries with the fast scanner (true, the default) or every
    /// entry with the YAML composer (false: the reference the scanner is tested against).
    public let scansEvents: Bool

    public init(path: String, scansEvents: Bool = true) throws {
        self.path = path
        self.scansEvents = scansEvents
        lines = try LineReader(path: path)
    }

    public func next() throws -> RecordingItem? {
        while ready.isEmpty {
            if let error = pendingError { throw error }
            guard try advance() else {
                // A broken entry that was the first of its batch leaves nothing to hand out first.
                if let error = pendingError { throw error }
                // libinput record ends every line with a newline: a file without one was cut (its
                // YAML may still parse, a comment or an entry short).
                if lines.lastLineWasUnterminated, !warnedUnterminated {
                    warnedUnterminated = true
                    warnings.append(RecordingWarning(file: path, line: lines.lineNumber, message: "last line has no newline: the file may be truncated"))
                }
                return nil
            }
        }
        return ready.popFirst()
    }

    // MARK: - Line classification

    private func nextLine() throws -> (Substring, Int)? {
        if let line = pushedBack {
            pushedBack = nil
            return line
        }
        guard let line = try lines.nextLine() else { return nil }
        return (line, lines.lineNumber)
    }

    private static func indent(_ line: Substring) -> Int {
        line.prefix(while: { $0 == " " }).count
    }

    /// Reads lines until at least one item is ready or the file ends. Returns false at the end.
    private func advance() throws -> Bool {
        while true {
            if section == .events && scansEvents && chunk.isEmpty && pushedBack == nil {
                switch try scanEvents() {
                case .itemsReady: return true
                case .handedBack: break
                case .endOfFile:
                    section = .done
                    if deviceCount == 0 { throw RecordingError(file: path, line: nil, message: "the 'devices:' list is empty") }
                    return !ready.isEmpty
                }
            }
            guard let (line, number) = try nextLine() else { break }
            let trimmed = line.trimmingWhitespace()
            let indent = LibinputRecordReader.indent(line)
            let isComment = trimmed.hasPrefix("#")
            switch section {
            case .top:
                if indent == 0 && trimmed.hasPrefix("devices:") {
                    try checkTopLevel()
                    section = .devices
                } else {
                    append(line, number)
                }
            case .devices:
                if trimmed.isEmpty || isComment { continue }
                if indent == 0 && trimmed.hasPrefix("-") {
                    startChunk(line, number)
                    section = .deviceHeader
                } else if indent == 0 {
                    section = .done
                }
            case .deviceHeader:
                if indent == 2 && trimmed == "events:" {
                    try emitDevice()
                    section = .events
                    return true
                } else if indent == 0 && !trimmed.isEmpty && !isComment {
                    try emitDevice()
                    pushedBack = (line, number)
                    section = .devices
                    return true
                } else {
                    append(line, number)
                }
            case .events:
                if scansEvents && indent == 2 && trimmed == "- evdev:" {
                    // Back to the scanner (this entry is its), once what the composer holds is handed out.
                    if !chunk.isEmpty { try flushEvents() }
                    fastStart = number
                    if !ready.isEmpty { return true }
                    continue
                }
                if trimmed.isEmpty || (isComment && indent <= 2) {
                    // Kept as an empty line so that the composer's line numbers stay the file's.
                    if !chunk.isEmpty { chunk.append("") }
                    continue
                }
                if indent < 2 || (indent == 2 && !trimmed.hasPrefix("-")) {
                    // The events list ended: the next device, or another key.
                    try flushEvents()
                    pushedBack = (line, number)
                    section = .devices
                    if !ready.isEmpty { return true }
                    continue
                }
                if indent == 2 {
                    if chunkEntries >= LibinputRecordReader.batchSize {
                        try flushEvents()
                        if !ready.isEmpty {
                            pushedBack = (line, number)
                            return true
                        }
                    }
                    if chunk.isEmpty { chunkFirstLine = number }
                    chunkEntries += 1
                    entryStartLines.append(number)
                }
                if chunk.isEmpty { chunkFirstLine = number }
                chunk.append(line)
            case .done:
                continue
            }
        }
        switch section {
        case .top:
            try checkTopLevel()
            throw RecordingError(file: path, line: nil, message: "expected a 'devices:' list: no device in this libinput record file")
        case .deviceHeader:
            try emitDevice()
        case .events:
            try flushEvents()
        case .devices, .done:
            if deviceCount == 0 {
                throw RecordingError(file: path, line: nil, message: "the 'devices:' list is empty")
            }
        }
        section = .done
        return !ready.isEmpty
    }

    private enum ScanOutcome { case itemsReady, handedBack, endOfFile }

    /// Reads `events:` lines as bytes while they are what libinput record writes — `- evdev:`
    /// entries of `- [sec, usec, type, code, value]` lines, blank lines and comments — with no
    /// allocation per line. Anything else goes back to the line-by-line path: a line at the
    /// entries' level is pushed back; inside an entry, the entry so far is rebuilt (one line per
    /// event, blank lines kept, so the composer's line numbers stay the file's) for the composer with that line.
    private func scanEvents() throws -> ScanOutcome {
        while let bytes = try lines.nextLineBytes() {
            let number = lines.lineNumber
            var index = bytes.startIndex
            while index < bytes.endIndex, bytes[index] == 0x20 { index += 1 }
            let indent = index - bytes.startIndex
            let isBlank = index == bytes.endIndex || bytes[index] == 0x23 /* # */ || bytes[index] == 0x0D
            if let start = fastStart {
                if isBlank || indent > 2 {
                    if isBlank { continue }
                    if let event = LibinputRecordReader.scanEvent(bytes) {
                        fastEvents.append((event, number))
                        continue
                    }
                    // Unusual inside the entry: the composer reads the whole entry.
                    let line = Substring(decoding: bytes, as: UTF8.self)
                    rebuildForComposer(from: start, upTo: number)
                    chunk.append(line)
                    return .handedBack
                }
                commitFast()
            } else if isBlank && indent <= 2 {
                continue  // a comment between entries ("# Current time is …")
            }
            if indent == 2, LibinputRecordReader.isEvdevEntry(bytes[index...]) {
                if ready.count >= LibinputRecordReader.scannedBatch {
                    pushedBack = (Substring(decoding: bytes, as: UTF8.self), number)
                    return .itemsReady
                }
                fastStart = number
                continue
            }
            pushedBack = (Substring(decoding: bytes, as: UTF8.self), number)
            return ready.isEmpty ? .handedBack : .itemsReady
        }
        commitFast()
        return .endOfFile
    }

    /// `- evdev:` (trailing spaces allowed).
    private static func isEvdevEntry(_ rest: ArraySlice<UInt8>) -> Bool {
        let entry: [UInt8] = Array("- evdev:".utf8)
        guard rest.count >= entry.count, rest.prefix(entry.count).elementsEqual(entry) else { return false }
        return rest.dropFirst(entry.count).allSatisfy { $0 == 0x20 || $0 == 0x0D }
    }

    /// The scanned entry's events, in order, as items.
    private func commitFast() {
        guard fastStart != nil else { return }
        fastStart = nil
        for (event, number) in fastEvents { ready.append(.event(deviceIndex: deviceCount - 1, event, line: number)) }
        fastEvents.removeAll(keepingCapacity: true)
    }

    /// The entry begun at line `start` as YAML for the composer, lines `start ..< end`: its events as
    /// libinput record writes them, "" for the blank and comment lines between.
    private func rebuildForComposer(from start: Int, upTo end: Int) {
        chunk.removeAll(keepingCapacity: true)
        chunkFirstLine = start
        chunkEntries = 1
        entryStartLines = [start]
        chunk.append("  - evdev:")
        var next = 0
        for line in (start + 1)..<end {
            if next < fastEvents.count, fastEvents[next].1 == line {
                let e = fastEvents[next].0
                chunk.append("    - [\(e.microseconds / 1_000_000), \(e.microseconds % 1_000_000), \(e.type), \(e.code), \(e.value)]")
                next += 1
            } else {
                chunk.append("")
            }
        }
        fastStart = nil
        fastEvents.removeAll(keepingCapacity: true)
    }

    /// `    - [  1, 500000,   3,   0,   20000] # comment`: the event, or nil for anything else
    /// (other spacing of the brackets is fine; numbers must be plain decimal 32-bit integers, the
    /// time and codes in their ranges — otherwise the composer reads the entry and says what is wrong).
    static func scanEvent(_ bytes: ArraySlice<UInt8>) -> InputEvent? {
        var i = bytes.startIndex
        let end = bytes.endIndex
        func skipSpaces() { while i < end, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 } }
        func expect(_ byte: UInt8) -> Bool {
            guard i < end, bytes[i] == byte else { return false }
            i += 1
            return true
        }
        skipSpaces()
        guard expect(0x2D /* - */), i < end, bytes[i] == 0x20 else { return nil }
        skipSpaces()
        guard expect(0x5B /* [ */) else { return nil }
        var values: [Int64] = [0, 0, 0, 0, 0]
        for k in 0..<5 {
            skipSpaces()
            let negative = expect(0x2D)
            var value: Int64 = 0
            var digits = 0
            while i < end, bytes[i] >= 0x30, bytes[i] <= 0x39 {
                value = value * 10 + Int64(bytes[i] - 0x30)
                digits += 1
                guard digits <= 10 else { return nil }
                i += 1
            }
            guard digits > 0 else { return nil }
            values[k] = negative ? -value : value
            guard values[k] >= Int64(Int32.min), values[k] <= Int64(Int32.max) else { return nil }
            skipSpaces()
            guard expect(k < 4 ? 0x2C /* , */ : 0x5D /* ] */) else { return nil }
        }
        skipSpaces()
        guard i == end || bytes[i] == 0x23 /* # */ else { return nil }
        guard values[0] >= 0, (0..<1_000_000).contains(values[1]), (0...65_535).contains(values[2]), (0...65_535).contains(values[3]) else {
            return nil
        }
        return InputEvent(microseconds: values[0] * 1_000_000 + values[1], type: UInt16(values[2]), code: UInt16(values[3]), value: Int32(values[4]))
    }

    private func append(_ line: Substring, _ number: Int) {
        if chunk.isEmpty { chunkFirstLine = number }
        chunk.append(line)
    }

    private func startChunk(_ line: Substring, _ number: Int) {
        chunk = [line]
        chunkFirstLine = number
    }

    private func takeChunk() -> (text: String, firstLine: Int) {
        let text = chunk.joined(separator: "\n")
        let first = chunkFirstLine
        chunk.removeAll(keepingCapacity: true)
        return (text, first)
    }

    // MARK: - Parsing with libyaml

    private func compose(_ text: String, firstLine: Int) throws -> YAMLNode? {
        try checkNesting(text, firstLine: firstLine)
        do {
            return try YAML.compose(text)
        } catch let error as YAMLError {
            throw yamlError(error, firstLine: firstLine)
        }
    }

    /// Deepest nesting handed to the composer: a libinput record file nests 6 levels or so;
    /// thousands (`[[[[…`, found by the fuzzer) overflowed the stack of the recursive composer
    /// Quill used before (QuillYAML's keeps its own stack; the limit stays, as a statement of what
    /// such a file is).
    static let maximumNesting = 256

    /// Refuses YAML nested deeper than ``maximumNesting``: flow brackets and braces outside quotes
    /// and comments, plus each line's indentation and leading `- ` / `? ` indicators.
    private func checkNesting(_ text: String, firstLine: Int) throws {
        var flow = 0, line = 0
        var atLineStart = true, lineDepth = 0
        var quote: UInt8? = nil, inComment = false, previous: UInt8 = 0x0A
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            defer { previous = byte; index += 1 }
            if byte == 0x0A {
                line += 1
                atLineStart = true
                lineDepth = 0
                inComment = false  // a quoted scalar may span lines: its quote stays open
                continue
            }
            if inComment { continue }
            if let open = quote {
                if open == 0x22, byte == 0x5C { index += 1; continue }  // \x in double quotes
                if byte == open { quote = nil }
                continue
            }
            if atLineStart {
                // Indentation and sequence or key indicators: each a level of nesting.
                if byte == 0x20 || ((byte == 0x2D || byte == 0x3F) && index + 1 < bytes.count && (bytes[index + 1] == 0x20 || bytes[index + 1] == 0x0A)) {
                    lineDepth += 1
                    if flow + lineDepth > Self.maximumNesting { throw nestingError(firstLine + line) }
                    continue
                }
                atLineStart = false
            }
            switch byte {
            case 0x22, 0x27: quote = byte
            case 0x23 where previous == 0x20 || previous == 0x09 || previous == 0x0A: inComment = true
            case 0x5B, 0x7B:
                flow += 1
                if flow + lineDepth > Self.maximumNesting { throw nestingError(firstLine + line) }
            case 0x5D, 0x7D: flow = max(0, flow - 1)
            default: break
            }
        }
    }

    private func nestingError(_ line: Int) -> RecordingError {
        RecordingError(file: path, line: line, message: "YAML nested deeper than \(Self.maximumNesting) levels: not a libinput record file (it nests a few)")
    }

    private func yamlError(_ error: YAMLError, firstLine: Int) -> RecordingError {
        RecordingError(
            file: path, line: firstLine + error.line - 1,
            message: "malformed YAML (\(error.problem)) at column \(error.column): the file may be truncated or edited")
    }

    private func checkTopLevel() throws {
        guard !versionChecked else { return }
        versionChecked = true
        let (text, first) = takeChunk()
        let node = try compose(text, firstLine: first)
        guard let version = node?["version"] else {
            throw RecordingError(file: path, line: nil, message: "expected 'version: 1' at the top of a libinput record file")
        }
        // The scalar's text, not a YAML 1.1 integer: a resolver that reads sexagesimal numbers
        // ("1:0:…:0") with unchecked arithmetic trapped on a long one (found by Tools/testing/fuzz).
        guard version.scalar.map({ Substring($0).trimmingWhitespace() }) == "1" else {
            throw RecordingError(
                file: path, line: line(of: version, firstLine: first),
                message: "unsupported libinput record version '\(version.scalar ?? "?")': expected 1")
        }
    }

    func line(of node: YAMLNode, firstLine: Int) -> Int? {
        firstLine + node.line - 1
    }

    private func emitDevice() throws {
        let (text, first) = takeChunk()
        guard let device = try compose(text, firstLine: first)?.sequence?.first, device.mapping != nil else {
            throw RecordingError(file: path, line: first, message: "expected a device entry ('- node: …' with an 'evdev:' mapping)")
        }
        guard let evdev = device["evdev"], evdev.mapping != nil else {
            throw RecordingError(file: path, line: first, message: "device entry has no 'evdev:' mapping")
        }
        var model = DeviceModel()
        model.name = evdev["name"]?.scalar ?? ""
        if let id = evdev["id"] {
            let values = try integers(id, count: 4, firstLine: first, what: "id: [bus, vendor, product, version]")
            model.setIdentity(
                bus: UInt16(truncatingIfNeeded: values[0]), vendor: UInt16(truncatingIfNeeded: values[1]),
                product: UInt16(truncatingIfNeeded: values[2]), version: UInt16(truncatingIfNeeded: values[3]))
        }
        var absinfo: [UInt16: AxisInfo] = [:]
        for (key, value) in evdev["absinfo"]?.mapping ?? [] {
            let code = try integer(key, firstLine: first, what: "an axis code")
            let values = try integers(value, count: 5, firstLine: first, what: "absinfo [min, max, fuzz, flat, resolution]")
            absinfo[UInt16(truncatingIfNeeded: code)] = AxisInfo(
                minimum: values[0], maximum: values[1], fuzz: values[2], flat: values[3], resolution: values[4])
        }
        for (key, value) in evdev["codes"]?.mapping ?? [] {
            let type = UInt16(truncatingIfNeeded: try integer(key, firstLine: first, what: "an event type"))
            guard let list = value.sequence else {
                throw RecordingError(file: path, line: line(of: value, firstLine: first), message: "expected a list of codes for type \(type)")
            }
            for codeNode in list {
                let code = UInt16(truncatingIfNeeded: try integer(codeNode, firstLine: first, what: "an event code"))
                if type == EvdevCode.EventType.abs {
                    guard let info = absinfo[code] else {
                        throw RecordingError(
                            file: path, line: line(of: codeNode, firstLine: first),
                            message: "axis \(EvdevNames.describe(type: type, code: code)) has no absinfo entry")
                    }
                    try adopt(line(of: codeNode, firstLine: first)) { try model.enableAxis(code: code, info: info) }
                } else if let maximum = EvdevNames.maximumCode(type: type), code <= maximum {
                    try adopt(line(of: codeNode, firstLine: first)) { try model.enable(type: type, code: code) }
                }
            }
        }
        for property in evdev["properties"]?.sequence ?? [] {
            let value = UInt16(truncatingIfNeeded: try integer(property, firstLine: first, what: "a property"))
            try adopt(line(of: property, firstLine: first)) { try model.enableProperty(value) }
        }
        ready.append(.device(index: deviceCount, model.snapshot))
        deviceCount += 1
    }

    private func flushEvents() throws {
        guard !chunk.isEmpty else { return }
        let starts = entryStartLines
        entryStartLines.removeAll(keepingCapacity: true)
        chunkEntries = 0
        let (text, first) = takeChunk()
        let node: YAMLNode?
        do {
            node = try compose(text, firstLine: first)
        } catch let error as RecordingError {
            // Keep every entry before the broken one: parse entry by entry up to the error.
            try salvageEntries(text: text, firstLine: first, entryStarts: starts, error: error)
            return
        }
        for entry in node?.sequence ?? [] {
            try appendEvents(of: entry, firstLine: first)
        }
    }

    private func salvageEntries(text: String, firstLine: Int, entryStarts: [Int], error: RecordingError) throws {
        let allLines = text.split(separator: "\n", omittingEmptySubsequences: false)
        pendingError = error
        section = .done
        for (index, start) in entryStarts.enumerated() {
            let end = index + 1 < entryStarts.count ? entryStarts[index + 1] : firstLine + allLines.count
            let entryText = allLines[(start - firstLine)..<(end - firstLine)].joined(separator: "\n")
            guard let entries = try? compose(entryText, firstLine: start) else { break }  // the broken entry
            for entry in entries.sequence ?? [] {
                try appendEvents(of: entry, firstLine: start)
            }
        }
    }

    private func appendEvents(of entry: YAMLNode, firstLine: Int) throws {
        guard let frame = entry["evdev"] else { return }  // `- libinput:` and unknown entries
        guard let events = frame.sequence else {
            throw RecordingError(file: path, line: line(of: frame, firstLine: firstLine), message: "expected a list of events under 'evdev:'")
        }
        for eventNode in events {
            let number = line(of: eventNode, firstLine: firstLine) ?? firstLine
            let values = try integers(eventNode, count: 5, firstLine: firstLine, what: "an event [sec, usec, type, code, value]")
            guard values[0] >= 0, values[1] >= 0, values[1] < 1_000_000 else {
                throw RecordingError(file: path, line: number, message: "expected sec ≥ 0 and 0 ≤ usec < 1000000, found [\(values[0]), \(values[1])]")
            }
            guard (0...Int32(UInt16.max)).contains(values[2]), (0...Int32(UInt16.max)).contains(values[3]) else {
                throw RecordingError(file: path, line: number, message: "expected an event type and code 0…65535, found \(values[2]), \(values[3])")
            }
            let event = InputEvent(
                microseconds: Int64(values[0]) * 1_000_000 + Int64(values[1]), type: UInt16(values[2]), code: UInt16(values[3]),
                value: values[4])
            ready.append(.event(deviceIndex: deviceCount - 1, event, line: number))
        }
    }

    private func integer(_ node: YAMLNode, firstLine: Int, what: String) throws -> Int32 {
        guard let text = node.scalar, let value = Int32(text) else {
            let found = node.scalar ?? "a \(node.sequence != nil ? "list" : "mapping")"
            throw RecordingError(
                file: path, line: line(of: node, firstLine: firstLine), message: "expected \(what) as a 32-bit integer, found '\(found)'")
        }
        return value
    }

    private func integers(_ node: YAMLNode, count: Int, firstLine: Int, what: String) throws -> [Int32] {
        guard let list = node.sequence, list.count == count else {
            throw RecordingError(
                file: path, line: line(of: node, firstLine: firstLine),
                message: "expected \(what) (\(count) integers), found \(node.sequence.map { "\($0.count) values" } ?? "'\(node.scalar ?? "?")'")")
        }
        return try list.map { try integer($0, firstLine: firstLine, what: what) }
    }
}

extension LibinputRecordReader {
    /// A code or property libevdev's rules refuse, as a RecordingError naming the line.
    func adopt(_ line: Int?, _ body: () throws -> Void) throws {
        do { try body() } catch let error as DeviceModelError { throw RecordingError(file: path, line: line, message: error.message) }
    }
}
