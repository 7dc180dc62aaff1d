import Foundation
import QuillTestSupport
import Testing
import QuillCore
@testable import QuillInput

/// An app's own main loop over libquill (Examples/c/host_loop.c): two mocked tablets and a
/// recording in one poll() loop, each source read through its fd and quill_source_dispatch.
@Suite(.serialized, .liveTier("umockdev plays mocked tablets in real time"), .enabled(if: MockedTablet.isAvailable, "umockdev-run is not installed (Tools/test installs Debian's umockdev): host-loop test skipped"))
struct HostLoopTests {
    let cli = CommandLineTests()

    func counts(_ recording: String) throws -> (samples: Int, strokes: String) {
        let samples = try cli.quill("samples", recording).output.split(separator: "\n").count
        let summary = try cli.quill("summary", recording).output
        let strokes = summary.split(separator: "\n").first { $0.hasPrefix("strokes:") }?.split(separator: " ").last.map(String.init) ?? "?"
        return (samples, strokes)
    }

    @Test func twoLiveTabletsAndARecordingInOneDispatchLoop() throws {
        let program = try EmbeddingTests.compile("Examples/c/host_loop.c")
        let first = try MockedTablet(recording: Fixtures.intuosProRecord, number: 13)
        let second = try MockedTablet(recording: Fixtures.cintiq12WX, maximumFrames: 300, number: 14)
        let seconds = max(first.playedDuration, second.playedDuration) + 2
        let run = try MockedTablet.run(
            [first, second], [program, "--duration", "\(seconds)", first.node, second.node, Fixtures.dth2242], rebasesTimes: false)
        #expect(run.status == 0, "\(run.error)")
        let lines = run.output.split(separator: "\n").map(String.init)
        let expected = try [first.expectedRecording, second.expectedRecording, Fixtures.dth2242].enumerated().map { index, path in
            let (samples, strokes) = try counts(path)
            return "source \(index): samples \(samples) strokes \(strokes)"
        }
        #expect(lines == expected, "\(run.error)")
    }

    /// The Swift example reads a mocked tablet through TabletSource's AsyncSequence and counts
    /// what the replay of the same events counts.
    @Test func aSwiftAppReadsALiveTabletAsAnAsyncSequence() throws {
        let program = CommandLineTests.executable.deletingLastPathComponent().appendingPathComponent("quill-swift-example").path
        let mock = try MockedTablet(recording: Fixtures.dth2242, maximumFrames: 600)
        let run = try mock.run([program, mock.node, "--duration", "\(mock.playedDuration + 1.5)"], rebasesTimes: false)
        #expect(run.status == 0, "\(run.error)")
        let (samples, strokes) = try counts(mock.expectedRecording)
        #expect(run.output == "samples \(samples)\nstrokes \(strokes)\n", "\(run.error)")
        #expect(samples > 100)
    }
}
