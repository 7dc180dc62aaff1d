import ArgumentParser
import QuillCore
import QuillInput

/// `quill convert IN OUT.yml`: any recording to `libinput record` YAML.
struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Convert a recording (evemu or libinput record) to libinput record YAML, version 1.",
        discussion: "Events are copied as they are, grouped into frames at SYN_REPORT, with times relative to the first event. Replaying the output gives the same samples as the input.")

    @Argument(help: "The recording to convert.")
    var input: String

    @Argument(help: "The YAML file to write.")
    var output: String

    @Option(name: .customLong("device"), help: "The device description (evemu .desc) for an event file without a header.")
    var deviceFile: String?

    func run() throws {
        do {
            // First pass: how many devices (the header says so before any device).
            let counter = try Recording.open(path: input, deviceFile: deviceFile)
            var deviceCount = 0
            while let item = try counter.next() {
                if case .device = item { deviceCount += 1 }
            }
            let reader = try Recording.open(path: input, deviceFile: deviceFile)
            let writer = try LibinputRecordWriter(path: output, deviceCount: deviceCount)
            var frame: [InputEvent] = []
            var events = 0
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
                    events += 1
                    if event.isFrameEnd {
                        try writer.write(frame: frame[...])
                        frame.removeAll(keepingCapacity: true)
                    }
                }
            }
            if !frame.isEmpty { try writer.write(frame: frame[...]) }
            try writer.close()
            print("wrote \(output): \(deviceCount) device(s), \(events) events")
        } catch let error as RecordingError {
            Console.error(error)
            throw ExitCode.failure
        }
    }
}
