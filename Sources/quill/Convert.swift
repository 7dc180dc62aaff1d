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
            let result = try RecordingConverter.convert(input: input, deviceFile: deviceFile, output: output)
            print("wrote \(output): \(result.deviceCount) device(s), \(result.eventCount) events")
        } catch let error as RecordingError {
            Console.error(error)
            throw ExitCode.failure
        }
    }
}
