import Foundation
import QuillTestSupport
import Testing
@testable import QuillInput

/// A recording cut short or with nothing in it is said, never read as if whole (issue 38).
@Suite struct CutRecordingTests {
    let cli = CommandLineTests()

    /// libinput record ends every line with a newline: the bundled recording cut at every tenth of
    /// its bytes (mid-line) warns that it may be truncated, naming its last line; read whole, it
    /// does not.
    @Test func aCutLibinputRecordFileWarnsAndNamesItsLastLine() throws {
        let path = Fixtures.recording("libinput-record/intuos-pro-m-synthetic-stroke.yml")
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        let complete = try SampleReplay(path: path)
        _ = try complete.allEvents()
        #expect(!complete.warnings.contains { $0.message.contains("truncated") })
        var warned = 0
        for tenth in 3..<10 {
            var cut = whole.prefix(whole.count * tenth / 10)
            while cut.last == 0x0A { cut = cut.dropLast() }  // cut inside a line, never at its end
            let cutPath = Fixtures.temporaryPath(".yml")
            try cut.write(to: URL(fileURLWithPath: cutPath))
            let lines = cut.split(separator: 0x0A, omittingEmptySubsequences: false).count
            do {
                let replay = try SampleReplay(path: cutPath)
                _ = try replay.allEvents()
                let warning = replay.warnings.first { $0.message.contains("may be truncated") }
                #expect(warning?.line == lines, "cut at \(tenth)/10: \(replay.warnings)")
                if warning != nil { warned += 1 }
            } catch let error as RecordingError {
                // Cut inside an entry: an error naming the file (and its line), not a silent read.
                #expect(error.file == cutPath)
                warned += 1
            }
        }
        #expect(warned == 7)
    }

    @Test func aRecordingWithNoEventsSaysNothingWasRecorded() throws {
        let path = Fixtures.recording("evemu-devices/Wacom-Cintiq-12WX.events")
        let header = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("E:") }.joined(separator: "\n") + "\n"
        let headerOnly = Fixtures.temporaryPath(".events")
        try header.write(toFile: headerOnly, atomically: true, encoding: .utf8)
        let run = try cli.quill("summary", headerOnly)
        #expect(run.status == 0)
        #expect(run.error.contains("\(headerOnly): no events after the device description: nothing was recorded"), "\(run.error)")
        #expect(run.output.contains("samples:    0\n"), "\(run.output)")
        let whole = try cli.quill("summary", path)
        #expect(!whole.error.contains("nothing was recorded"))
    }
}
