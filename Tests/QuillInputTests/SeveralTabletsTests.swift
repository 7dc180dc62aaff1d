import Foundation
import QuillTestSupport
import Testing
import QuillCore
@testable import QuillInput

/// Several tablets in one `quill live`: each sample says which tablet (`device`), and each
/// tablet's samples are exactly the replay of its own events.
@Suite(.serialized, .liveTier("umockdev plays mocked tablets in real time"), .enabled(if: MockedTablet.isAvailable, "umockdev-run is not installed (Tools/test installs Debian's umockdev): several-tablet tests skipped"))
struct SeveralTabletsTests {
    let cli = CommandLineTests()

    /// The Intuos Pro record on event13 and the Cintiq 12WX (300 frames) on event14, both in one
    /// `quill live`; the first unplugged after that fraction of its events, when given.
    static func twoTablets(unplugFirstAfter fraction: Double? = nil) throws -> (MockedTablet, MockedTablet, (status: Int32, output: String, error: String)) {
        let first = try MockedTablet(recording: Fixtures.intuosProRecord, number: 13)
        let second = try MockedTablet(recording: Fixtures.cintiq12WX, maximumFrames: 300, number: 14)
        let seconds = max(first.playedDuration, second.playedDuration) + 2
        let unplug = fraction.map { ["QUILL_MOCK_UNPLUG_AFTER": "\(Int(Double(first.played.count) * $0))"] } ?? [:]
        let run = try MockedTablet.run(
            [first, second],
            [CommandLineTests.executable.path, "live", "--node", first.node, "--node", second.node, "--duration", "\(seconds)"], environment: unplug)
        return (first, second, run)
    }

    /// Where a live run's rows first part from the replay's, to say in a failure.
    static func difference(_ live: [String], _ replay: [String]) -> String {
        guard let index = (0..<min(live.count, replay.count)).first(where: { live[$0] != replay[$0] }) else {
            return "\(live.count) rows live, \(replay.count) in the replay (the shorter is the other's beginning)"
        }
        return "\(live.count) rows live, \(replay.count) in the replay; row \(index) live: \(live[index]) replay: \(replay[index])"
    }

    @Test func twoTabletsAtOnceEachGiveTheirOwnReplay() throws {
        let (first, second, run) = try Self.twoTablets()
        #expect(run.status == 0, "\(run.error)")
        #expect(run.error.contains("from 2 tablets"), "\(run.error)")
        let lines = run.output.split(separator: "\n").map(String.init)
        let zero = lines.filter { $0.contains("\"device\":0,") }, one = lines.filter { $0.contains("\"device\":1,") }
        #expect(zero.count + one.count == lines.count)
        let expectedZero = try cli.quill("samples", first.expectedRecording).output.split(separator: "\n").map(String.init)
        // The second tablet's replay is device 0 of its own file.
        let expectedOne = try cli.quill("samples", second.expectedRecording).output.split(separator: "\n")
            .map { $0.replacingOccurrences(of: "\"device\":0,", with: "\"device\":1,") }
        #expect(!zero.isEmpty && !one.isEmpty)
        #expect(zero == expectedZero, "tablet 0 differs from its replay: \(Self.difference(zero, expectedZero))\n\(run.error)")
        #expect(one == expectedOne, "tablet 1 differs from its replay: \(Self.difference(one, expectedOne))\n\(run.error)")
    }

    /// One tablet unplugged while the other draws: the other is read on, every sample its replay's.
    @Test func aTabletUnpluggedWhileAnotherDrawsDoesNotStopTheOther() throws {
        let (first, second, run) = try Self.twoTablets(unplugFirstAfter: 1 / 3)
        #expect(run.status == 0, "\(run.error)")
        #expect(run.error.contains("\(first.node): the device was removed; waiting for it to come back"), "\(run.error)")
        let lines = run.output.split(separator: "\n").map(String.init)
        let one = lines.filter { $0.contains("\"device\":1,") }
        let expectedOne = try cli.quill("samples", second.expectedRecording).output.split(separator: "\n")
            .map { $0.replacingOccurrences(of: "\"device\":0,", with: "\"device\":1,") }
        #expect(!one.isEmpty && one == expectedOne, "tablet 1 differs from its replay: \(Self.difference(one, expectedOne))\n\(run.error)")
        #expect(lines.filter { $0.contains("\"device\":0,") }.count < (try cli.quill("samples", first.expectedRecording).output.split(separator: "\n").count))
    }
}

/// A pen and its eraser end share a serial (Wacom tools report one serial per physical pen).
struct ToolSerialTests {
    @Test func everyEraserSharesItsSerialWithAnotherToolOfTheSamePen() throws {
        // Cintiq 12WX: one pen, serial 297797542 on both ends. Cintiq 22HDT: four erasers, each the
        // other end of a pen or airbrush of the same recording.
        for (path, erasers) in [(Fixtures.cintiq12WX, 1), (Fixtures.cintiq22HDT, 4)] {
            let samples = try Fixtures.samples(path)
            let eraserSerials = Set(samples.filter { $0.tool == .eraser }.map(\.toolSerial))
            let otherSerials = Set(samples.filter { $0.tool != .eraser }.map(\.toolSerial))
            #expect(eraserSerials.count == erasers, "\(path)")
            #expect(eraserSerials.isSubset(of: otherSerials), "\(path): eraser serials \(eraserSerials) not among \(otherSerials)")
            #expect(!eraserSerials.contains(0))
        }
        #expect(Set(try Fixtures.samples(Fixtures.cintiq12WX).map(\.toolSerial)) == [297_797_542])
    }
}
