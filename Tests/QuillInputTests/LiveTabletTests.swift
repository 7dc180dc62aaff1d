import Foundation
import QuillTestSupport
import Testing
import QuillCore
@testable import QuillInput

/// The live path on mocked tablets (umockdev plays a real recording into /dev/input/event13):
/// `quill live` and `quill record` must give exactly what replaying the same events gives.
// Serialized: umockdev plays events in real time, and a reader that falls behind by more than
// ~4 KiB makes libevdev fail; parallel tests on 2 cores would starve it.
@Suite(.serialized, .liveTier("umockdev plays mocked tablets in real time"), .enabled(if: MockedTablet.isAvailable, "umockdev-run is not installed (Tools/test installs Debian's umockdev): live-device tests skipped"))
struct LiveTabletTests {
    let cli = CommandLineTests()

    static let recordings: [(String, String?)] = [
        (Fixtures.intuosProRecord, nil), (Fixtures.cintiq13HD, nil), (Fixtures.cintiq12WX, nil),
    ]

    @Test(arguments: recordings.map(\.0))
    func liveSamplesAreTheSamplesOfTheReplay(recording: String) throws {
        let mock = try MockedTablet(recording: recording)
        let expected = try cli.quill("samples", mock.expectedRecording)
        #expect(expected.status == 0)
        let live = try mock.run([CommandLineTests.executable.path, "live", "--node", MockedTablet.node, "--duration", "\(mock.playedDuration + 2)", "--stats"], endsWithStream: true)
        #expect(live.status == 0, "\(live.error)")
        #expect(Fixtures.firstDifference(live.output, expected.output) == nil, "live and replay differ for \(recording): \(Fixtures.firstDifference(live.output, expected.output) ?? "")\n\(live.error)")
        #expect(live.error.contains("quill live: \(mock.played.count) events"))
    }

    @Test func liveStrokesAndGesturesAreThoseOfTheReplay() throws {
        // DTH2242: 7 strokes and barrel-button presses (BTN_STYLUS ×3, BTN_STYLUS2 ×1).
        let mock = try MockedTablet(recording: Fixtures.dth2242)
        // No preferences file: the defaults. The variable goes to the live process only.
        let config = ["XDG_CONFIG_HOME": mock.directory.appendingPathComponent("config").path]
        let strokes = try mock.run([CommandLineTests.executable.path, "live", "--node", MockedTablet.node, "--emit", "strokes", "--duration", "\(mock.playedDuration + 2)"], environment: config, endsWithStream: true)
        #expect(strokes.status == 0, "\(strokes.error)")
        // The smoother works on time differences: on the run's clock they round differently in
        // the last bits than on the file's, so positions agree to 1e-9 rather than to the bit.
        let replayedStrokes = try cli.quill("strokes", mock.expectedRecording, "--emit", "smoothed").output
        #expect(!replayedStrokes.isEmpty)
        let difference = LiveClock.difference(strokes.output, replayedStrokes, tolerance: 1e-9)
        #expect(difference == nil, "\(difference ?? "")")
        let gestures = try mock.run([CommandLineTests.executable.path, "live", "--node", MockedTablet.node, "--emit", "gestures", "--duration", "\(mock.playedDuration + 2)"], environment: config, endsWithStream: true)
        #expect(gestures.status == 0, "\(gestures.error)")
        let replayed = try Fixtures.runProcess(
            URL(fileURLWithPath: "/usr/bin/env"), ["XDG_CONFIG_HOME=\(config["XDG_CONFIG_HOME"]!)", CommandLineTests.executable.path, "gestures", mock.expectedRecording])
        #expect(!replayed.output.isEmpty)
        #expect(gestures.output == replayed.output)
    }

    @Test func recordCapturesAFileThatReplaysToTheSameSamples() throws {
        let mock = try MockedTablet(recording: Fixtures.cintiq13HD)
        let output = mock.directory.appendingPathComponent("captured.yml").path
        let record = try mock.run([CommandLineTests.executable.path, "record", "--node", MockedTablet.node, "-o", output, "--duration", "\(mock.playedDuration + 2)"], endsWithStream: true, startsWhenRead: false)
        #expect(record.status == 0, "\(record.error)")
        #expect(record.error.contains("\(mock.played.count) events"))
        let replayed = try cli.quill("samples", output)
        #expect(replayed.output == (try cli.quill("samples", mock.expectedRecording)).output)
        #expect(try String(contentsOfFile: output, encoding: .utf8).hasPrefix("# libinput record\nversion: 1\n"))
    }

    /// Ctrl-C ends a capture cleanly; a crash (SIGKILL) mid-stream keeps every frame flushed so far.
    @Test func recordKeepsWhatWasCapturedOnCtrlCAndOnACrash() throws {
        let mock = try MockedTablet(recording: Fixtures.cintiq13HD)
        let expected = try LiveSample.parse(try cli.quill("samples", mock.expectedRecording).output)
        for (signal, after) in [("INT", mock.playedDuration + 1), ("KILL", MockedTablet.lead + mock.duration / 2)] {
            let output = mock.directory.appendingPathComponent("captured-\(signal).yml").path
            let record = try mock.run(["/usr/bin/timeout", "-s", signal, "\(after)", CommandLineTests.executable.path, "record", "--node", mock.node, "-o", output], startsWhenRead: false)
            #expect(record.status == (signal == "INT" ? 124 : 9), "\(signal): \(record.error)")
            let replayed = try cli.quill("samples", output)
            #expect(replayed.status == 0, "\(signal): \(replayed.error)")
            let samples = try LiveSample.parse(replayed.output)
            if signal == "INT" {
                #expect(samples == expected)
            } else {
                // Everything up to the crash: a prefix of the replay (its last sample may be the
                // closing one replay adds where the file ends), and not nothing.
                #expect(samples.count > 10 && samples.count < expected.count, "\(samples.count) of \(expected.count)")
                #expect(Array(samples.dropLast()) == Array(expected.prefix(samples.count - 1)))
            }
        }
    }

    @Test func devicesListsTheMockedTablet() throws {
        let mock = try MockedTablet(recording: Fixtures.intuosProRecord)
        let run = try mock.run([CommandLineTests.executable.path, "devices"], withEvents: false)
        #expect(run.status == 0)
        #expect(run.output.contains("/dev/input/event13: \"Wacom Intuos Pro M Pen\" usb 056a:0357"))
        #expect(run.output.contains("size: 224.0 × 148.0 mm"))
    }

    @Test func realLibinputAcceptsTheMockedTabletWithOurPreloadHelper() throws {
        // Tools/testing/mock/quillmock.c closes umockdev 0.17's two gaps for libinput (device number on
        // stat/fstat, udev database entry).
        let mock = try MockedTablet(recording: Fixtures.intuosProRecord)
        let run = try mock.run(
            [CommandLineTests.executable.path, "live", "--backend", "libinput", "--node", MockedTablet.node, "--duration", "1"],
            withEvents: false)
        #expect(run.status == 0, "\(run.error)")
        // libinput 1.22 took it as a tablet and gave its size from the resolution: 44800/200 × 29600/200 mm.
        #expect(run.error.contains("tablet added: event13 \"Wacom Intuos Pro M Pen\" 224.0 × 148.0 mm"), "\(run.error)")
    }
}
