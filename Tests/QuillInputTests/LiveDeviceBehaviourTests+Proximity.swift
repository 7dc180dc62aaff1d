import Foundation
import QuillTestSupport
import Testing
import QuillCore
@testable import QuillInput

/// libinput's forced proximity-out, live: a hovering pen that goes silent (here: the stream ends
/// with the pen hovering, no proximity-out ever comes) is taken out of proximity 50 ms after its
/// last event by a timer, on both backends; no next frame is needed.
@Suite(.serialized, .liveTier("umockdev plays mocked tablets in real time"), .enabled(if: MockedTablet.isAvailable, "umockdev-run is not installed (Tools/test installs Debian's umockdev): proximity-timer tests skipped"))
struct LiveProximityTimerTests {
    /// Cintiq 12WX, its first 20 frames: the pen comes in and hovers, then nothing more.
    func silentHover() throws -> (mock: MockedTablet, lastFrame: Double) {
        let mock = try MockedTablet(recording: Fixtures.cintiq12WX, maximumFrames: 20)
        let samples = try LiveSample.parse(try CommandLineTests().quill("samples", mock.expectedRecording).output)
        #expect(!samples.isEmpty && samples.allSatisfy { $0.phase == "hover" && $0.tool == "pen" })
        let times = mock.played.filter(\.isFrameEnd).map(\.microseconds)
        // Seconds from the first frame the node delivers (the lone wake-up SYN, `lead` before the stream).
        return (mock, Double(times[times.count - 1] - times[0]) / 1_000_000)
    }

    static func reportedTime(_ text: String, after marker: String) -> Double? {
        guard let range = text.range(of: marker) else { return nil }
        return Double(text[range.upperBound...].prefix { $0 != " " })
    }

    @Test func theRawPathForcesASilentHoveringPenOutWithItsOwnTimer() throws {
        let (mock, lastFrame) = try silentHover()
        let run = try mock.run([CommandLineTests.executable.path, "live", "--node", MockedTablet.node, "--duration", "\(mock.playedDuration + 1.5)"])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.error.contains("1 proximity-outs (1 forced)"), "\(run.error)")
        let forcedAt = try #require(Self.reportedTime(run.error, after: "pen forced out of proximity at t="), "\(run.error)")
        // At the last event + 50 ms, in the events' clock (what a replay with a later frame gives).
        #expect(abs(forcedAt - (lastFrame + 0.050)) < 0.0015, "forced out at \(forcedAt), last frame \(lastFrame)")
    }

    @Test func libinputForcesItOutTooAndQuillReportsIt() throws {
        let (mock, lastFrame) = try silentHover()
        let run = try mock.run(
            [CommandLineTests.executable.path, "live", "--backend", "libinput", "--node", MockedTablet.node, "--duration", "\(mock.playedDuration + 1.5)"])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.error.contains("1 proximity-outs"), "\(run.error)")
        let outAt = try #require(Self.reportedTime(run.error, after: "event13: pen out of proximity at t="), "\(run.error)")
        // libinput's timer fires 50 ms after the last event (it stamps the event with the time it
        // fired). One clock for the run: libinput's times are the raw path's (the stream's, rebased).
        let last = lastFrame
        #expect(outAt >= last + 0.049 && outAt < last + 0.5, "out at \(outAt), last frame \(last)")
    }
}
