import Foundation
import QuillTestSupport
import Testing
import QuillCore
@testable import QuillInput

/// Pads live, on both backends, under umockdev: the raw path (Quill's PadDecoder) and libinput's
/// own pad events give the replay's events; Quill keeps libwacom's modes on both (the mocked pad
/// has no LEDs, where libinput alone reports mode 0); a pen and a pad mocked together: `quill
/// live` without `--device` picks the pen.
@Suite(.serialized, .liveTier("umockdev plays mocked tablets in real time"), .enabled(if: MockedTablet.isAvailable, "umockdev-run is not installed (Tools/test installs Debian's umockdev): live pad tests skipped"))
struct PadLiveTests {
    let cli = CommandLineTests()

    static func objects(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
    }

    /// type, number and state or value: what both backends must agree on with the replay.
    static func content(_ object: [String: Any]) -> String {
        let type = object["type"] as? String ?? "?", number = object["number"] as? Int ?? -1
        if let state = object["state"] as? String { return "\(type) \(number) \(state)" }
        return "\(type) \(number) \(String(format: "%.4f", object["value"] as? Double ?? .nan))"
    }

    /// The three real pad recordings: the Intuos4's mode-toggle button and ring (20 events), its
    /// ExpressKeys (16), the Intuos3's touch strip (28).
    static let padStreams: [(recording: String, description: String, count: Int)] = [
        (Fixtures.intuos4ModeToggle, Fixtures.intuos4PadDescription, 20),
        (Fixtures.intuos4PadButtons, Fixtures.intuos4PadDescription, 16),
        (Fixtures.intuos3Strip, Fixtures.intuos3PadDescription, 28),
    ]

    @Test(arguments: ["evdev", "libinput"], 0..<3)
    func aPadLiveIsItsReplay(backend: String, stream: Int) throws {
        let (recording, description, count) = Self.padStreams[stream]
        let mock = try MockedTablet(recording: recording, deviceFile: description)
        let run = try mock.run([
            CommandLineTests.executable.path, "live", "--node", mock.node, "--backend", backend, "--emit", "pad",
            "--duration", "\(mock.playedDuration + 1.5)",
        ], endsWithStream: true)
        #expect(run.status == 0, "\(run.error)")
        let live = try Self.objects(run.output)
        let replay = try Self.objects(try cli.quill("pad", mock.expectedRecording).output)
        #expect(replay.count == count)
        #expect(live.map(Self.content) == replay.map(Self.content), "\(backend): \(run.output)\n\(run.error)")
        // Quill keeps libwacom's modes on both backends (libwacom's Intuos4: the ring's button
        // toggles 4 modes).
        #expect(live.map { $0["mode"] as? Int ?? -1 } == replay.map { $0["mode"] as? Int ?? -2 })
        if stream == 0 { #expect(Set(live.compactMap { $0["mode"] as? Int }) == [1, 2]) }
        // Times: one clock for the run on both backends (moved to the stream's clock by the
        // harness): every event at the replay's time, to the microsecond.
        let liveTimes = live.compactMap { $0["t"] as? Double }, replayTimes = replay.compactMap { $0["t"] as? Double }
        #expect(liveTimes == replayTimes, "\(backend)")
    }

    @Test func aPenPadAndTouchTabletIsOneGroupAndLivePicksThePen() throws {
        // The Intuos4's pad on event13 (found first), its pen on event14 and a finger node of the
        // same tablet on event15 (the 22HDT Finger's description under the Intuos4's name and ids:
        // the bundled Intuos4 has no touch node). Before, `live` took the first node: the pad.
        let pad = try MockedTablet(recording: Fixtures.intuos4PadButtons, deviceFile: Fixtures.intuos4PadDescription, number: 13)
        let pen = try MockedTablet(recording: Fixtures.intuos4Move, deviceFile: Fixtures.intuos4Description, maximumFrames: 200, number: 14)
        let finger = try String(contentsOfFile: Fixtures.cintiq22HDTFinger, encoding: .utf8)
            .replacingOccurrences(of: "N: Wacom Cintiq 22HDT Finger", with: "N: Wacom Intuos4 6x9 Finger")
            .replacingOccurrences(of: "I: 0003 056a 005e 0010", with: "I: 0003 056a 00b9 0100")
        let touch = try MockedTablet(recording: try Fixtures.write(finger), number: 15)
        let seconds = max(pad.playedDuration, pen.playedDuration) + 1.5
        let run = try MockedTablet.run([pad, pen, touch], [CommandLineTests.executable.path, "live", "--duration", "\(seconds)"])
        #expect(run.status == 0, "\(run.error)")
        let expected = try cli.quill("samples", pen.expectedRecording).output.split(separator: "\n").map(String.init)
        #expect(!expected.isEmpty && run.output.split(separator: "\n").map(String.init) == expected, "\(run.error)")
        // `quill devices`: one group, each node with its class.
        let devices = try MockedTablet.run([pad, pen, touch], [CommandLineTests.executable.path, "devices"], withEvents: false)
        let lines = devices.output.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("tablet group") } == ["tablet group 1: Wacom Intuos4 6x9 (usb 056a:00b9)"], "\(devices.output)")
        #expect(devices.output.contains("/dev/input/event13: \"Wacom Intuos4 6x9 Pad\" usb 056a:00b9 — pad"), "\(devices.output)")
        #expect(devices.output.contains("/dev/input/event14: \"Wacom Intuos4 6x9 Pen\" usb 056a:00b9 — pen"), "\(devices.output)")
        #expect(devices.output.contains("/dev/input/event15: \"Wacom Intuos4 6x9 Finger\" usb 056a:00b9 — touchscreen"), "\(devices.output)")
        // libwacom's Intuos4: button A on the left toggles the ring's modes.
        #expect(devices.output.contains("buttons (libwacom): A left (mode toggle: ring), B left"), "\(devices.output)")
        // The pad's presses arrive as pad events, beside the pen's node.
        let padRun = try MockedTablet.run(
            [pad, pen, touch],
            [CommandLineTests.executable.path, "live", "--node", pad.node, "--node", pen.node, "--emit", "pad", "--duration", "\(seconds)"])
        #expect(padRun.status == 0, "\(padRun.error)")
        let expectedPad = try Self.objects(try cli.quill("pad", pad.expectedRecording).output).map(Self.content)
        let livePad = try Self.objects(padRun.output).map(Self.content)
        #expect(expectedPad.count == 16 && livePad == expectedPad, "\(padRun.output)\n\(padRun.error)")
        // Asked for pen samples, a pad says what it gives instead.
        let samples = try MockedTablet.run([pad], [CommandLineTests.executable.path, "live", "--node", pad.node, "--duration", "0.5"], withEvents: false)
        #expect(samples.status == 0 && samples.output.isEmpty, "\(samples.error)")
        #expect(samples.error.contains("\(pad.node) is a pad: it gives pad events, not pen samples (--emit pad streams them)"), "\(samples.error)")
    }

    @Test func aScreenTabletsPenAndTouchOnTwoProductIDsAreOneGroup() throws {
        // The real Cintiq 22HDT: its pen is usb 056a:005b, its touch 056a:005e — libwacom pairs
        // them (PairedID), and libinput's device group takes the pairing, so one tablet.
        let pen = try MockedTablet(recording: Fixtures.cintiq22HDT, maximumFrames: 20, number: 13)
        let touch = try MockedTablet(recording: try DeviceClassTests.touchRecording(), number: 14)
        let devices = try MockedTablet.run([pen, touch], [CommandLineTests.executable.path, "devices"], withEvents: false)
        let lines = devices.output.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("tablet group") } == ["tablet group 1: Wacom Cintiq 22HDT (usb 056a:005b)"], "\(devices.output)")
        #expect(devices.output.contains("/dev/input/event13: \"Wacom Cintiq 22HDT Pen\" usb 056a:005b — pen"), "\(devices.output)")
        #expect(devices.output.contains("/dev/input/event14: \"Wacom Cintiq 22HDT Finger\" usb 056a:005e — touchscreen"), "\(devices.output)")
    }

    @Test func udevsTagsDecideTheClassOfALiveNode() throws {
        // A pen node whose udev record (a hwdb entry, say) calls it a touchscreen: libinput goes by
        // udev's tags, and so does Quill — `devices` says touchscreen, `live` reads it as one and
        // finds no multitouch axes to read.
        let pen = try MockedTablet(recording: Fixtures.cintiq12WX, maximumFrames: 20)
        try pen.retag(["ID_INPUT_TOUCHSCREEN"])
        let devices = try pen.run([CommandLineTests.executable.path, "devices"], withEvents: false)
        #expect(devices.output.contains("\(pen.node): \"Wacom Cintiq 12WX\" usb 056a:00c6 — touchscreen"), "\(devices.output)")
        let live = try pen.run([CommandLineTests.executable.path, "live", "--node", pen.node, "--duration", "1"], withEvents: false)
        #expect(live.status != 0 && live.error.contains("\"Wacom Cintiq 12WX\" is not a multitouch device"), "\(live.error)")
        // Tagged as udev's own rules tag it, the same node is a pen.
        try pen.retag(["ID_INPUT_TABLET"])
        let again = try pen.run([CommandLineTests.executable.path, "devices"], withEvents: false)
        #expect(again.output.contains("\(pen.node): \"Wacom Cintiq 12WX\" usb 056a:00c6 — pen"), "\(again.output)")
    }

    @Test func aTouchscreenNodeIsReadForItsTouchesOnBothBackends() throws {
        // Touch nodes give touches now (TouchLiveTests plays them): opened without a word on
        // evdev; on libinput added as a touch device, with Quill's own size of it — the 22HDT's
        // touch declares no resolution (libinput says no size) and libwacom knows its pen's
        // product id, not its own: 100 units/mm assumed, as `quill info` and the replay have it.
        let touch = try MockedTablet(recording: try DeviceClassTests.touchRecording())
        let run = try touch.run([CommandLineTests.executable.path, "live", "--node", touch.node, "--duration", "1"], withEvents: false)
        #expect(run.status == 0, "\(run.error)")
        #expect(!run.error.contains("warning") && !run.error.contains("error"), "\(run.error)")
        let libinput = try touch.run(
            [CommandLineTests.executable.path, "live", "--node", touch.node, "--backend", "libinput", "--duration", "1"], withEvents: false)
        #expect(libinput.status == 0, "\(libinput.error)")
        #expect(libinput.output.isEmpty)
        #expect(libinput.error.contains("touch device added: event13 \"Wacom Cintiq 22HDT Finger\" 47.52 × 26.73 mm (device 0)"), "\(libinput.error)")
    }
}
