import QuillCore

/// What a recording yields, in file order: each device's description before its events.
public enum RecordingItem: Sendable {
    /// A device described by the recording; `index` counts devices from 0.
    case device(index: Int, DeviceDescription)
    /// One event of device `deviceIndex`, read at `line` of the file.
    case event(deviceIndex: Int, InputEvent, line: Int)
}

/// A recording opened for streaming: items come one at a time, so memory stays flat.
public protocol RecordingReader: AnyObject {
    /// The file being read.
    var path: String { get }
    /// The file's format.
    var format: RecordingFormat { get }
    /// Microseconds subtracted from event times so that sample times start at the recording's start.
    var timeOrigin: Int64? { get }
    /// The next item, or nil at the end. Throws ``RecordingError`` naming the line for malformed input.
    func next() throws -> RecordingItem?
    /// Non-fatal findings so far.
    var warnings: [RecordingWarning] { get }
}

/// The recording formats Quill reads.
public enum RecordingFormat: String, CaseIterable, Sendable {
    /// evemu-record output (`# EVEMU 1.x` header, `E:` event lines), or a header-less event file.
    case evemu
    /// `libinput record` YAML, version 1.
    case libinputRecord = "libinput-record"

    /// Guesses the format from the first meaningful lines of `path`.
    public static func detect(path: String) throws -> RecordingFormat {
        let reader = try LineReader(path: path)
        var linesSeen = 0
        while let line = try reader.nextLine(), linesSeen < 50 {
            let text = line.trimmingWhitespace()
            if text.isEmpty { continue }
            linesSeen += 1
            if text.hasPrefix("# EVEMU") || text.hasPrefix("E:") || text.hasPrefix("N:") || text.hasPrefix("I:") {
                return .evemu
            }
            if text.hasPrefix("# libinput record") || text.hasPrefix("version:") || text.hasPrefix("devices:") {
                return .libinputRecord
            }
            if text.hasPrefix("#") { continue }
            break
        }
        throw RecordingError(
            file: path, line: reader.lineNumber == 0 ? nil : reader.lineNumber,
            message: "unknown format: expected an evemu recording ('# EVEMU' header or 'E: sec.usec type code value' lines) or libinput record YAML ('version: 1' and 'devices:')")
    }
}

/// Opens recordings, choosing the reader by format.
public enum Recording {
    /// Opens `path` for streaming. `deviceFile` gives the device of a header-less evemu event file
    /// (an evemu `.desc` file); it is ignored for files that describe their device.
    /// `-` reads standard input; a pipe, FIFO or `/dev/stdin` is read completely first (the format
    /// found from the content, messages naming the stream).
    public static func open(path: String, deviceFile: String? = nil) throws -> RecordingReader {
        if SpooledRecording.isStream(path) { return try SpooledRecording(path: path, deviceFile: deviceFile) }
        switch try RecordingFormat.detect(path: path) {
        case .evemu: return try EvemuReader(path: path, deviceFile: deviceFile)
        case .libinputRecord:
            // Several devices: read in the order things happened (each device's section streamed).
            // A file whose earlier sections cannot be read to the later descriptions is read device
            // after device, so its error comes at its line, after what comes before it.
            let devices = try TimeOrderedRecording.deviceSections(path: path)
            if devices > 1, devices <= TimeOrderedRecording.maximumDevices, let merged = try? TimeOrderedRecording(path: path, devices: devices) {
                return merged
            }
            return try LibinputRecordReader(path: path)
        }
    }
}

extension Substring {
    func trimmingWhitespace() -> Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" || first == "\r" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" || last == "\r" { text.removeLast() }
        return text
    }
}
