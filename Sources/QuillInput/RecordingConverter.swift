import QuillCore

/// Normalizes any recording Quill reads into `libinput record` YAML.
public enum RecordingConverter {
    /// What a conversion wrote.
    public struct Result: Hashable, Sendable {
        public var deviceCount: Int
        public var eventCount: Int
    }

    /// Copies every event of `input` into `output` (created or replaced), grouped into frames at
    /// `SYN_REPORT`, times relative to the recording's start. Streams: memory stays flat.
    public static func convert(input: String, deviceFile: String? = nil, output: String) throws -> Result {
        // First pass: the device count goes into the header, before any device.
        let counter = try Recording.open(path: input, deviceFile: deviceFile)
        var deviceCount = 0
        while let item = try counter.next() {
            if case .device = item { deviceCount += 1 }
        }
        let reader = try Recording.open(path: input, deviceFile: deviceFile)
        let writer = try LibinputRecordWriter(path: output, deviceCount: deviceCount)
        var frame: [InputEvent] = []
        var eventCount = 0
        while let item = try reader.next() {
            switch item {
            case let .device(_, device):
                if !frame.isEmpty { try writer.write(frame: frame[...]) }
                frame.removeAll(keepingCapacity: true)
                try writer.beginDevice(device)
            case let .event(_, event, _):
                var relative = event
                relative.microseconds -= reader.timeOrigin ?? 0
                frame.append(relative)
                eventCount += 1
                if event.isFrameEnd {
                    try writer.write(frame: frame[...])
                    frame.removeAll(keepingCapacity: true)
                }
            }
        }
        if !frame.isEmpty { try writer.write(frame: frame[...]) }
        try writer.close()
        return Result(deviceCount: deviceCount, eventCount: eventCount)
    }
}
