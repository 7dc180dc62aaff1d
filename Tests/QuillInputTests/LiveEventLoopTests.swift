import Foundation
import QuillTestSupport
import Testing
import QuillCore
@testable import QuillInput

/// The live loop on both backends sleeps on the device (or libinput's) fd and wakes for the
/// gesture recognizer's next deadline; it does not wake periodically to look.
@Suite(.serialized, .liveTier("umockdev plays mocked tablets in real time"), .enabled(if: MockedTablet.isAvailable, "umockdev-run is not installed (Tools/test installs Debian's umockdev): live event-loop tests skipped"))
struct LiveEventLoopTests {
    /// An Intuos-like pen hovering for 0.3 s (a frame every 10 ms), then its upper barrel button
    /// (BTN_STYLUS2, the squeeze source) pressed and held with the pen still: nothing more comes.
    static func heldSqueezeRecording() throws -> (path: String, press: Double) {
        var frames = [["0001 0140 1", "0003 0000 20000", "0003 0001 15000", "0003 0019 30"]]
        for step in 1...30 { frames.append(["0003 0000 \(20000 + step * 20)", "0003 0019 \(30 - step / 3)"]) }
        let press = Double(frames.count) * 0.010
        frames.append(["0001 014c 1"])
        return (try Fixtures.intuosLikeRecording(frames), press)
    }

    struct GestureLine: Decodable {
        var t: Double
        var event: String
        var phase: String?
    }

    func live(_ backend: String, _ mock: MockedTablet, killedAfter seconds: Double? = nil, _ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
        let config = ["XDG_CONFIG_HOME": mock.directory.appendingPathComponent("config").path]
        let kill = seconds.map { ["/usr/bin/timeout", "-s", "KILL", "\($0)"] } ?? []
        return try mock.run(
            kill + [CommandLineTests.executable.path, "live", "--backend", backend, "--node", mock.node, "--emit", "gestures"] + arguments, environment: config, startsWhenRead: false)
    }

    @Test(arguments: ["evdev", "libinput"])
    func aHeldSqueezeBeginsAtItsDeadlineWhileThePenIsSilent(backend: String) throws {
        let (recording, press) = try Self.heldSqueezeRecording()
        let mock = try MockedTablet(recording: recording)
        // Killed (SIGKILL: no clean exit that could deliver it late) about 1 s after the squeeze's
        // deadline (press + 0.5 s, pencil-model.md's squeeze hold); nothing arrives after the press,
        // so only a loop that woke at the deadline has written the squeeze.
        let run = try live(backend, mock, killedAfter: mock.playedDuration + 1.5, ["--duration", "60"])
        #expect(run.status == 9, "killed by SIGKILL: \(run.error)")
        let lines = try run.output.split(separator: "\n").map { try JSONDecoder().decode(GestureLine.self, from: Data($0.utf8)) }
        // One clock for the run on both backends (moved to the stream's clock, whose first event is
        // the mock's lone SYN_REPORT, `lead` before the pen).
        let squeeze = MockedTablet.lead + press + 0.5
        let began = lines.first { $0.event == "squeeze" && $0.phase == "began" }
        #expect(began.map { abs($0.t - squeeze) < 1e-6 } == true, "\(backend): \(run.output)")
    }

    @Test(arguments: ["evdev", "libinput"])
    func theLoopSleepsThroughSilenceAndClosesTheSqueezeAtExit(backend: String) throws {
        let (recording, press) = try Self.heldSqueezeRecording()
        let mock = try MockedTablet(recording: recording)
        let run = try live(backend, mock, ["--stats", "--duration", "\(mock.playedDuration + 2)"])
        #expect(run.status == 0, "\(run.error)")
        let lines = try run.output.split(separator: "\n").map { try JSONDecoder().decode(GestureLine.self, from: Data($0.utf8)) }
        let squeeze = MockedTablet.lead + press + 0.5
        // At exit the held squeeze is cancelled, after it began.
        let cancelled = lines.first { $0.event == "squeeze" && $0.phase == "cancelled" }
        #expect(cancelled.map { $0.t > squeeze } == true, "\(backend): \(run.output)")
        // No spinning: about 2.5 s of silence at the end cost only the deadline's wake and the
        // end of the run's; every other wake had events to read.
        let pattern = try Regex(#"woke (\d+) times \((\d+) without events\)"#, as: (Substring, Substring, Substring).self)
        let wakes = try #require(run.error.firstMatch(of: pattern), "\(run.error)")
        let all = Int(wakes.output.1) ?? -1, idle = Int(wakes.output.2) ?? -1
        #expect(idle >= 1 && idle <= 3, "\(backend): \(run.error)")
        #expect(all <= mock.played.count + 3, "\(backend): \(run.error)")
    }

    /// The pen touches down and draws for 0.2 s, then stays on the surface sending nothing.
    static func silentStrokeRecording() throws -> String {
        var frames = [["0001 0140 1", "0003 0000 20000", "0003 0001 15000", "0003 0019 10"], ["0001 014a 1", "0003 0018 3000", "0003 0019 0"]]
        for step in 1...20 { frames.append(["0003 0000 \(20000 + step * 40)", "0003 0018 \(3000 + step * 10)"]) }
        return try Fixtures.intuosLikeRecording(frames)
    }

    @Test(arguments: ["evdev", "libinput"])
    func ctrlCMidStrokeEndsTheStrokeAndPrintsTheSummary(backend: String) throws {
        let mock = try MockedTablet(recording: try Self.silentStrokeRecording())
        let run = try mock.run(
            ["/usr/bin/timeout", "-s", "INT", "\(mock.playedDuration + 1)", CommandLineTests.executable.path, "live", "--backend", backend, "--node", mock.node], startsWhenRead: false)
        // timeout exits 124 when it had to signal; quill itself ended cleanly on SIGINT.
        #expect(run.status == 124, "\(run.error)")
        let samples = try LiveSample.parse(run.output)
        #expect(samples.first?.phase == "hover" && samples.contains { $0.phase == "began" })
        #expect(samples.last?.phase == "ended", "the open stroke is closed: \(samples.last.map { "\($0)" } ?? "none")")
        #expect(run.error.contains(backend == "evdev" ? "quill live: \(mock.played.count) events" : "quill live (libinput):"), "\(run.error)")
        #expect(run.error.contains("1 strokes"), "\(run.error)")
    }
}
