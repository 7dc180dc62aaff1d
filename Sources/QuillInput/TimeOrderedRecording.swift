import QuillCore

/// A `libinput record` file of several devices (a tablet's pen, pad and touch nodes) read in the
/// order things happened: the file holds each device's events after its description, one device
/// after the other; this reader gives every device's description first, then the events of all
/// devices merged by time (ties in device order), as a live session reads them. Palm rejection
/// needs it: a pen's proximity must come between the touches it arbitrates.
///
/// One reader per device streams its own section of the file (each parses the file up to its
/// section and skips the other devices' events), so memory stays flat; the cost is one parse of
/// the file per device. A file of one device is read by a single ``LibinputRecordReader``.
public final class TimeOrderedRecording: RecordingReader {
    public let path: String
    public var format: RecordingFormat { .libinputRecord }
    public let timeOrigin: Int64? = 0
    /// Every reader parses the whole file: their warnings, each once.
    public var warnings: [RecordingWarning] {
        var seen: Set<RecordingWarning> = []
        return readers.flatMap(\.warnings).filter { seen.insert($0).inserted }
    }

    private let readers: [LibinputRecordReader]
    /// Each reader's next event of its device (nil once it is exhausted).
    private var heads: [(InputEvent, Int)?]
    private var descriptions: [(Int, DeviceDescription)] = []
    private var described = 0

    /// The most devices read in time order (one reader each): a tablet's pen, pad and touch nodes
    /// and a few tablets more. A file with more is read device after device.
    public static let maximumDevices = 16

    /// Opens `path` (`devices` device sections, see ``deviceSections(path:)``).
    init(path: String, devices: Int) throws {
        self.path = path
        readers = try (0..<devices).map { _ in try LibinputRecordReader(path: path) }
        heads = Array(repeating: nil, count: devices)
        for index in 0..<devices {
            // Reader `index` goes to its device's description.
            while let item = try readers[index].next() {
                if case let .device(found, description) = item, found == index {
                    descriptions.append((index, description))
                    break
                }
            }
            heads[index] = try nextEvent(of: index)
        }
    }

    /// How many devices the file has: its header's `ndevices` (what `libinput record` writes: the
    /// file is not read further), else the `- ` entries of the top-level `devices:` list (a line
    /// scan, no YAML parse).
    static func deviceSections(path: String) throws -> Int {
        let lines = try LineReader(path: path)
        var inDevices = false, count = 0
        let declared = Array("ndevices:".utf8), devices = Array("devices:".utf8)
        while let line = try lines.nextLineBytes() {
            guard let first = line.first else { continue }
            if !inDevices {
                if line.starts(with: declared) {
                    let digits = line.dropFirst(declared.count).filter { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.prefix(6)
                    if let value = Int(String(decoding: digits, as: UTF8.self)) { return value }
                }
                if line.starts(with: devices) { inDevices = true }
                continue
            }
            if first == UInt8(ascii: "-") {
                count += 1
            } else if first != UInt8(ascii: " ") && first != UInt8(ascii: "#") && first != UInt8(ascii: "\t") {
                break  // the next top-level key
            }
        }
        return count
    }

    private func nextEvent(of index: Int) throws -> (InputEvent, Int)? {
        while let item = try readers[index].next() {
            if case let .event(device, event, line) = item, device == index { return (event, line) }
        }
        return nil
    }

    public func next() throws -> RecordingItem? {
        if described < descriptions.count {
            defer { described += 1 }
            let (index, description) = descriptions[described]
            return .device(index: index, description)
        }
        var earliest: Int?
        for index in heads.indices {
            guard let (event, _) = heads[index] else { continue }
            if let best = earliest, let (bestEvent, _) = heads[best], bestEvent.microseconds <= event.microseconds { continue }
            earliest = index
        }
        guard let index = earliest, let (event, line) = heads[index] else { return nil }
        // A device's frame is never split: the next events of the same time stay with it.
        heads[index] = try nextEvent(of: index)
        return .event(deviceIndex: index, event, line: line)
    }
}

