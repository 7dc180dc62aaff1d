import Foundation
import QuillCore
import QuillTestSupport
import Testing

@testable import QuillInput

/// `quill service` on a mocked tablet (umockdev) with Tools/testing/mock/uinputshim.c standing in for
/// /dev/uinput: the grab, the virtual tablet it creates and what it writes, the release on every
/// way out, and libinput reading the captured virtual tablet.
@Suite(.serialized, .liveTier("umockdev plays a mocked tablet in real time; a shim stands in for /dev/uinput"), .enabled(if: MockedTablet.isAvailable, "umockdev-run is not installed (Tools/test installs Debian's umockdev): service tests skipped"))
struct ServiceLiveTests {
    let cli = CommandLineTests()

    /// Tools/testing/mock/uinputshim.c built once per run.
    static let uinputShim = MockedTablet.preload("Tools/testing/mock/uinputshim.c")

    /// The Cintiq 22HDT pen with the resolution its kernel driver declares today (libinput refuses
    /// a tablet without one; libwacom's 19.1 × 10.8 in give 199 units/mm), and its presses at
    /// 9.06/9.55 s a double tap within its first 651 frames: the airbrush's 61 ms touch between
    /// them (9.415–9.476 s), which settles the first press as a press (issue 39), is lifted here
    /// (pressure 0, BTN_TOUCH 0); every other event is the recording's.
    static let cintiq: Result<String, Error> = Result {
        let text = try String(contentsOfFile: Fixtures.cintiq22HDT, encoding: .utf8)
        var patched = text.replacingOccurrences(of: "A: 00 0 95840 4 0\n", with: "A: 00 0 95840 4 0 199\n").replacingOccurrences(of: "A: 01 0 54260 4 0\n", with: "A: 01 0 54260 4 0 199\n")
        guard patched.components(separatedBy: " 4 0 199\n").count == 3 else { throw RecordingError(file: Fixtures.cintiq22HDT, line: nil, message: "its X and Y axes changed") }
        let touch = ["1369413645.820600 0003 0018 0146", "1369413645.820600 0001 014a 0001", "1369413645.835602 0003 0018 0134",
                     "1369413645.851603 0003 0018 0136", "1369413645.866604 0003 0018 0011"]
        for event in touch {
            guard patched.components(separatedBy: "E: \(event)").count == 2 else { throw RecordingError(file: Fixtures.cintiq22HDT, line: nil, message: "its touch at 9.415 s changed") }
            patched = patched.replacingOccurrences(of: "E: \(event)", with: "E: \(event.dropLast(4))0000")
        }
        let path = Fixtures.temporaryPath("-22hdt.events")
        try patched.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Runs `quill service --node NODE` on `mock` until `signal` comes `after` seconds past the
    /// stream's end; the captured virtual devices' files, in creation order.
    func serve(_ mock: MockedTablet, signal: String = "TERM", environment: [String: String] = [:], after: Double = 1.5) throws -> (run: (status: Int32, output: String, error: String), captures: [String]) {
        try serve([mock], arguments: ["--node", mock.node], signal: signal, environment: environment, after: after)
    }

    /// Runs `quill service ARGUMENTS` on `mocks` with `preferences` (the file's JSON) until `signal`
    /// comes `after` seconds past the longest stream's end.
    func serve(_ mocks: [MockedTablet], arguments: [String], preferences: String? = nil, signal: String = "TERM", environment: [String: String] = [:], after: Double = 1.5) throws -> (run: (status: Int32, output: String, error: String), captures: [String]) {
        let capture = TestScratch.directory.appendingPathComponent("uinput-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: capture, withIntermediateDirectories: true)
        let seconds = MockedTablet.lead + (mocks.map(\.duration).max() ?? 0) + after
        let config = TestScratch.directory.appendingPathComponent("config-\(UUID().uuidString)")
        if let preferences {
            try FileManager.default.createDirectory(at: config.appendingPathComponent("quill"), withIntermediateDirectories: true)
            try preferences.write(to: config.appendingPathComponent("quill/preferences.json"), atomically: true, encoding: .utf8)
        }
        let run = try MockedTablet.run(
            mocks, ["/usr/bin/timeout", "-s", signal, String(format: "%.1f", seconds), CommandLineTests.executable.path, "service"] + arguments,
            environment: environment.merging(["QUILL_UINPUT_CAPTURE": capture.path, "XDG_CONFIG_HOME": config.path]) { a, _ in a },
            timeout: Int(seconds) + 30, rebasesTimes: false, preload: [try Self.uinputShim.get()])
        // The files of this run only: a run cut by umockdev's pty is run again (MockedTablet.run),
        // and the shim names each file it writes on standard error.
        let files = run.error.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("quill-uinput: created"), let open = line.lastIndex(of: "("), line.hasSuffix(")") else { return nil }
            return String(line[line.index(after: open)..<line.index(before: line.endIndex)])
        }
        return (run, files)
    }

    /// The events of an evemu file as (type, code, value), times left out.
    static func events(_ path: String) throws -> [[Int64]] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").filter { $0.hasPrefix("E:") }.map { line in
            let fields = line.split(separator: " ")
            return [Int64(fields[2], radix: 16) ?? -1, Int64(fields[3], radix: 16) ?? -1, Int64(fields[4].split(separator: "\t")[0]) ?? -1]
        }
    }

    @Test func theServiceRelaysTheGrabbedTabletAndLetsItGoOnSIGTERM() throws {
        let mock = try MockedTablet(recording: try Self.cintiq.get(), maximumFrames: 651, maximumGap: 0.5)
        let (run, captures) = try serve(mock)
        #expect(run.status == 124, "timeout's status once its SIGTERM ended the service: \(run.error)")
        // Created before grabbing; the grab released and the device removed once stopped.
        let lines = run.error.split(separator: "\n").map(String.init)
        let created = try #require(lines.firstIndex { $0.contains("quill-uinput: created") }, "\(run.error)")
        let grabbed = try #require(lines.firstIndex { $0.contains("EVIOCGRAB 1") }, "\(run.error)")
        let released = try #require(lines.firstIndex { $0.contains("EVIOCGRAB 0") || $0.contains("released by close") }, "\(run.error)")
        let destroyed = try #require(lines.firstIndex { $0.contains("quill-uinput: destroyed") }, "\(run.error)")
        #expect(created < grabbed && grabbed < released && released <= destroyed + 1)
        #expect(run.error.contains("relaying \(mock.node)") && run.error.contains("double tap → switchEraser: pen → eraser"), "\(run.error)")
        let capture = try #require(captures.first)
        #expect(captures.count == 1)
        let text = try String(contentsOfFile: capture, encoding: .utf8)
        #expect(text.contains("N: Quill virtual: Wacom Cintiq 22HDT Pen") && text.hasSuffix("# quill-uinput: destroyed\n"))
        // What the service wrote is what the dry run of the same stream writes, event for event.
        let dry = Fixtures.temporaryPath("-dry.events")
        defer { try? FileManager.default.removeItem(atPath: dry) }
        let replay = try cli.quill("service", "--replay", mock.expectedRecording, "--output", dry, "--preferences", "/nonexistent/preferences.json")
        #expect(replay.status == 0, "\(replay.error)")
        let live = try Self.events(capture), expected = try Self.events(dry)
        #expect(live.count > 1000)
        #expect(live == expected, "first difference at event \(zip(live, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(live.count, expected.count)) of \(live.count) / \(expected.count)")

        // libinput, reading the captured virtual tablet, sees a pen that becomes an eraser after
        // the double tap, at the real stream's positions.
        let virtual = try MockedTablet(recording: capture)
        let libinput = try virtual.run([CommandLineTests.executable.path, "live", "--backend", "libinput", "--node", MockedTablet.node, "--duration", "\(MockedTablet.lead + 2 * virtual.duration + 2)"], endsWithStream: true)
        #expect(libinput.status == 0, "\(libinput.error)")
        let samples = try LiveSample.parse(libinput.output)
        func toolChanges(_ samples: [LiveSample]) -> [String] { samples.map(\.tool).reduce(into: [String]()) { if $0.last != $1 { $0.append($1) } } }
        // The person used the eraser end and an airbrush before the double tap (9.06/9.55 s);
        // after it the airbrush end is the eraser.
        let real = toolChanges(try LiveSample.parse(try cli.quill("samples", mock.expectedRecording).output))
        #expect(real == ["pen", "eraser", "airbrush", "eraser", "airbrush"])
        #expect(toolChanges(samples) == real + ["eraser"], "libinput's tools in order")
        let direct = try LiveSample.parse(try cli.quill("samples", virtual.expectedRecording).output)
        let disagreements = LiveSample.disagreements(libinput: samples, replay: direct, device: virtual.device, comparesPressure: true)
        #expect(disagreements.isEmpty, "\(disagreements.prefix(8).joined(separator: "\n"))")
    }

    @Test(arguments: ["INT", "unplug", "replug"])
    func theGrabIsReleasedOnCtrlCAndOnAnUnplug(way: String) throws {
        // An unplugged node's events stay unread in umockdev's pty, which holds 4 KiB: 200 frames
        // leave little enough behind. A replugged node drains them (quillmock), so it can be longer.
        let mock = try MockedTablet(recording: try Self.cintiq.get(), maximumFrames: way == "replug" ? 400 : 200)
        let environment = way == "INT" ? [:] : ["QUILL_MOCK_UNPLUG_AFTER": "600"].merging(way == "replug" ? ["QUILL_MOCK_REPLUG_AFTER": "0.5"] : [:]) { a, _ in a }
        let (run, captures) = try serve(mock, signal: way == "INT" ? "INT" : "TERM", environment: environment)
        #expect(run.status == 124, "\(run.error)")
        #expect(run.error.contains("EVIOCGRAB 1 on mocked node 1"), "\(run.error)")
        #expect(run.error.contains("EVIOCGRAB 0 on mocked node 1") || run.error.contains("released by close"), "\(run.error)")
        if way != "INT" { #expect(run.error.contains("let go"), "\(run.error)") }
        let capture = try #require(captures.first, "\(run.error)")
        for file in captures { #expect(try String(contentsOfFile: file, encoding: .utf8).hasSuffix("# quill-uinput: destroyed\n")) }
        if way == "unplug" {
            let relayed = try Self.events(capture).count
            #expect(captures.count == 1 && relayed < mock.events.count)
        }
        // Plugged back in: the next look relays it again, to a new virtual tablet.
        if way == "replug" {
            #expect(captures.count == 2 && run.error.components(separatedBy: "relaying \(mock.node)").count == 3, "\(run.error)")
            #expect(run.error.components(separatedBy: "EVIOCGRAB 1 on mocked node 1").count == 3, "\(run.error)")
        }
    }

    @Test func aBoundPadButtonSwitchesThePenInEveryAppAndNeverReachesThem() throws {
        // The Intuos4's pad (event13: its eight buttons pressed in turn) and pen (event14); the
        // person bound button 3 to switchEraser. No --device: the service finds both.
        let pad = try MockedTablet(recording: Fixtures.intuos4PadButtons, deviceFile: Fixtures.intuos4PadDescription, number: 13)
        let pen = try MockedTablet(recording: Fixtures.intuos4Move, deviceFile: Fixtures.intuos4Description, number: 14)
        let (run, captures) = try serve([pad, pen], arguments: [], preferences: #"{"padButtons": {"3": "switchEraser"}}"#)
        #expect(run.status == 124, "\(run.error)")
        #expect(run.error.contains("relaying \(pad.node) \"Wacom Intuos4 6x9 Pad\"") && run.error.contains("relaying \(pen.node) \"Wacom Intuos4 6x9 Pen\""), "\(run.error)")
        #expect(run.error.contains("pad button 3 → switchEraser: pen → eraser"), "\(run.error)")
        #expect(captures.count == 2, "\(run.error)")
        let texts = try captures.map { try String(contentsOfFile: $0, encoding: .utf8) }
        let padCapture = try #require(zip(captures, texts).first { $0.1.contains("N: Quill virtual: Wacom Intuos4 6x9 Pad") }?.0)
        let penCapture = try #require(zip(captures, texts).first { $0.1.contains("N: Quill virtual: Wacom Intuos4 6x9 Pen") }?.0)
        // Seven of the eight buttons reach apps; the pen is the eraser once button 3 was pressed.
        let presses = try Self.events(padCapture).filter { $0[0] == 1 && $0[2] == 1 }
        #expect(presses.count == 7, "\(presses)")
        let penKeys = try Self.events(penCapture).filter { $0[0] == 1 && ($0[1] == 0x140 || $0[1] == 0x141) }
        #expect(penKeys.contains([1, 0x141, 1]), "the pen end came in (or switched) as the eraser: \(penKeys)")
        for text in texts { #expect(text.hasSuffix("# quill-uinput: destroyed\n")) }
    }

    @Test func aBarrelButtonBoundToPanIsTheMiddleButtonInEveryApp() throws {
        // The 22HDT's first 1 800 frames: double taps on BTN_STYLUS, then a press of BTN_STYLUS2;
        // the person bound BTN_STYLUS2 to pan. The live service gives apps BTN_STYLUS (the middle
        // button) for it, pressed and released in turn, and never BTN_STYLUS2.
        let pen = try MockedTablet(recording: Fixtures.cintiq22HDT, maximumFrames: 1_800)
        let played = pen.events.filter { $0.type == 1 && $0.code == EvdevCode.Key.stylus2 }.map(\.value)
        try #require(played.contains(1) && played.contains(0), "the stream presses and releases BTN_STYLUS2: \(played)")
        let (run, captures) = try serve([pen], arguments: ["--node", pen.node], preferences: #"{"penButtons": {"BTN_STYLUS2": "pan"}}"#)
        #expect(run.status == 124, "\(run.error)")
        let capture = try #require(captures.first, "\(run.error)")
        let keys = try Self.events(capture).filter { $0[0] == 1 }
        #expect(!keys.contains { $0[1] == Int64(EvdevCode.Key.stylus2) }, "BTN_STYLUS2 never reaches apps")
        let middle = keys.filter { $0[1] == Int64(EvdevCode.Key.stylus) }.map { $0[2] }
        #expect(middle.count >= 2 && zip(middle, middle.dropFirst()).allSatisfy { $0 != $1 } && middle.first == 1, "pressed and released in turn: \(middle)")
        #expect(middle.filter { $0 == 1 }.count >= played.filter { $0 == 1 }.count, "each pan press reaches apps: \(middle)")
    }

    @Test func aVirtualTabletThatCannotBeMadeLeavesTheRealOneUngrabbed() throws {
        let mock = try MockedTablet(recording: try Self.cintiq.get(), maximumFrames: 20)
        let (run, captures) = try serve(mock, environment: ["QUILL_UINPUT_DENY": "1"], after: 0)
        #expect(run.status == 1, "\(run.error)")
        #expect(run.error.contains("/dev/uinput: Permission denied") && run.error.contains("--uinput-access"), "\(run.error)")
        #expect(!run.error.contains("EVIOCGRAB 1"), "\(run.error)")
        #expect(captures.isEmpty)
    }
}
