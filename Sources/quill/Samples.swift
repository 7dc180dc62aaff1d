import ArgumentParser
import QuillCore
import QuillInput

extension SampleEncoding: ExpressibleByArgument {}

/// `quill samples FILE`: every pen sample of a recording.
struct Samples: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print every pen sample of a recording as JSON Lines or CSV.",
        discussion: "Fields: \(SampleEncoding.fieldNames.joined(separator: ", ")). Times in seconds from the recording's start, x/y in canvas points, x_mm/y_mm on the tablet, angles in radians.")

    @OptionGroup var recording: RecordingOptions

    @Option(help: "Output format: jsonl or csv.")
    var format: SampleEncoding = .jsonl

    @Option(help: "Group samples by display frame at this rate (60 or 120 Hz): one JSON object per frame with its coalesced samples, the last being the main one.")
    var displayRate: Double?

    func run() throws {
        let output = TextOutput()
        defer { output.flush() }
        if let displayRate {
            var grouper = try CoalescedSampleGrouper(displayRate: displayRate)
            var events: [CoalescedEvent] = []
            let emit = {
                for event in events { output.record(DisplayFrameRecord(event)) }
                events.removeAll(keepingCapacity: true)
            }
            _ = try recording.replay { batch, _ in
                for sample in batch { grouper.add(sample, into: &events) }
                emit()
            }
            grouper.finish(into: &events)
            emit()
            return
        }
        if format == .csv { output.line(SampleEncoding.csvHeader) }
        _ = try recording.replay { batch, _ in
            for sample in batch { output.line(format.line(for: sample)) }
        }
    }
}
