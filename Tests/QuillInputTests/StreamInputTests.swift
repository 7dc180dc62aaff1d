import Foundation
import Testing
@testable import QuillInput

/// A recording through standard input, a pipe or a FIFO reads as the same file does.
@Suite struct StreamInputTests {
    let cli = CommandLineTests()

    func shell(_ command: String) throws -> (status: Int32, output: String, error: String) {
        try Fixtures.runProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", command], deadline: 120)
    }

    func quote(_ path: String) -> String { "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    /// `-`, `/dev/stdin` and a pipe: the samples of the file itself, for an evemu file, a
    /// libinput record YAML and a header-less event file with its description.
    @Test(arguments: [
        (Fixtures.dth2242, nil as String?), (Fixtures.intuosProRecord, nil), (Fixtures.intuos4Tap, Fixtures.intuos4Description),
    ])
    func standardInputGivesTheSamplesOfTheFile(recording: String, device: String?) throws {
        let extra = device.map { ["--device", $0] } ?? []
        let expected = try cli.quill(["samples", recording] + extra)
        #expect(expected.status == 0 && !expected.output.isEmpty)
        let quill = quote(CommandLineTests.executable.path)
        let deviceOption = device.map { " --device \(quote($0))" } ?? ""
        for source in ["-", "/dev/stdin"] {
            let piped = try shell("cat \(quote(recording)) | \(quill) samples \(source)\(deviceOption)")
            #expect(piped.status == 0, "\(source): \(piped.error.prefix(500))")
            #expect(Fixtures.firstDifference(piped.output, expected.output) == nil, "\(source): \(Fixtures.firstDifference(piped.output, expected.output) ?? "")")
        }
    }

    @Test func aFIFOIsReadCompletely() throws {
        let fifo = Fixtures.temporaryPath(".fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { try? FileManager.default.removeItem(atPath: fifo) }
        let quill = quote(CommandLineTests.executable.path)
        let run = try shell("cat \(quote(Fixtures.cintiq12WX)) > \(quote(fifo)) & \(quill) summary \(quote(fifo))")
        let direct = try cli.quill("summary", Fixtures.cintiq12WX)
        #expect(run.status == 0, "\(run.error)")
        // The same summary but for the name of the file in the first line.
        #expect(Array(run.output.split(separator: "\n").dropFirst()) == Array(direct.output.split(separator: "\n").dropFirst()))
    }

    /// A bad recording through a pipe: the message names standard input and the line.
    @Test func aBadStreamNamesStandardInputAndTheLine() throws {
        let quill = quote(CommandLineTests.executable.path)
        let run = try shell("printf '# EVEMU 1.3\\nN: x\\nE: 0.000000 0003 0000 12\\nE: oops\\n' | \(quill) samples -")
        #expect(run.status == 1)
        // Line 3: its event is for an axis the header does not declare.
        #expect(run.error.contains("standard input:3:"), "\(run.error)")
        #expect(!run.error.contains("quill-stdin-"), "the temporary copy is never named: \(run.error)")
        let empty = try shell("\(quill) samples - < /dev/null")
        #expect(empty.status == 1 && empty.error.contains("standard input"), "\(empty.error)")
    }
}
