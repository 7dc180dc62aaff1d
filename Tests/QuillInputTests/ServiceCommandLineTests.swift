import Foundation
import QuillCore
import QuillTestSupport
import Testing

@testable import QuillInput

/// `quill service` as a person runs it without a tablet: the dry run, the check, the mistakes.
@Suite struct ServiceCommandLineTests {
    let gestures = GestureCommandLineTests()

    func config() -> String { TestScratch.directory.appendingPathComponent("quill-config-\(UUID().uuidString)").path }

    @Test func theDryRunWritesWhatAppsWouldGet() throws {
        let config = config()
        let out = Fixtures.temporaryPath("-virtual.events")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let run = try gestures.quill(["service", "--replay", Fixtures.cintiq22HDT, "--output", out], config: config)
        #expect(run.status == 0, "\(run.error)")
        // It says what it wrote (it printed nothing before issue 38), and refuses a YAML name for evemu text.
        let written = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n").filter { $0.hasPrefix("E:") }.count
        #expect(run.output.hasPrefix("wrote \(out): \(written) events of the virtual tablet \"Quill virtual: Wacom Cintiq 22HDT Pen\""), "\(run.output)")
        let yaml = try gestures.quill(["service", "--replay", Fixtures.cintiq22HDT, "--output", Fixtures.temporaryPath(".yml")], config: config)
        #expect(yaml.status == 64 && yaml.error.contains("--output writes evemu text"), "\(yaml.error)")
        // quill samples reads it: the real positions, the eraser after the first double tap (38.2 s
        // to 47.9 s, and from 80.9 s: the service's three, issue 39) besides the eraser end's own.
        let real = try LiveSample.parse(try gestures.quill(["samples", Fixtures.cintiq22HDT], config: config).output)
        let virtual = try LiveSample.parse(try gestures.quill(["samples", out], config: config).output)
        #expect(virtual.filter { $0.tool == "eraser" }.count > real.filter { $0.tool == "eraser" }.count * 2)
        let info = try gestures.quill(["info", out], config: config).output
        #expect(info.contains("Quill virtual: Wacom Cintiq 22HDT Pen") && info.contains("tools: pen, eraser"), "\(info)")
        // The real ids: libwacom knows it as the same model.
        #expect(info.contains("from libwacom \"Wacom Cintiq 22HD touch\""), "\(info)")

        // With ignore, the virtual tablet's events are the recording's, line for line.
        #expect(try gestures.quill(["preferences", "set", "preferredTapAction", "ignore"], config: config).status == 0)
        #expect(try gestures.quill(["preferences", "set", "preferredSqueezeAction", "ignore"], config: config).status == 0)
        #expect(try gestures.quill(["service", "--replay", Fixtures.cintiq22HDT, "--output", out], config: config).status == 0)
        func events(_ path: String) throws -> [String] {
            try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").filter { $0.hasPrefix("E:") }.map { line in
                line.split(separator: "\t")[0].split(separator: " ").enumerated().map { $0.offset == 4 ? String(Int($0.element) ?? -1) : String($0.element) }.joined(separator: " ")
            }
        }
        #expect(try events(out) == events(Fixtures.cintiq22HDT))
    }

    @Test func boundKeyChordsGoToTheVirtualKeyboardsFile() throws {
        let config = config()
        for (key, value) in [("preferredTapAction", "showColorPalette"), ("keyChord.showColorPalette", "ctrl+shift+c")] {
            let set = try gestures.quill(["preferences", "set", key, value], config: config)
            #expect(set.status == 0, "\(set.error)")
        }
        let out = Fixtures.temporaryPath("-virtual.events")
        let keyboard = (out as NSString).deletingPathExtension + "-keyboard.events"
        defer { for path in [out, keyboard] { try? FileManager.default.removeItem(atPath: path) } }
        let run = try gestures.quill(["service", "--replay", Fixtures.cintiq22HDT, "--output", out], config: config)
        #expect(run.status == 0, "\(run.error)")
        let text = try String(contentsOfFile: keyboard, encoding: .utf8)
        #expect(text.contains("N: Quill virtual keyboard"))
        // Three double taps (the recording's two others have the tip touching between their
        // presses): ctrl, shift, c pressed and released, each a frame.
        #expect(text.split(separator: "\n").filter { $0.hasPrefix("E:") && $0.contains(" 0001 002e 1") }.count == 3)
        let check = try gestures.quill(["service", "--check"], config: config)
        #expect(check.output.contains("double tap (two quick presses of stylus): showColorPalette → sends ctrl+shift+c through the virtual keyboard"), "\(check.output)")
    }

    @Test func theCheckSaysWhatIsMissingAndWhatEachBindingDoes() throws {
        let check = try gestures.quill(["service", "--check"], config: config())
        let hasUinput = FileManager.default.isWritableFile(atPath: "/dev/uinput")
        #expect(check.output.contains(hasUinput ? "ok      access to /dev/uinput" : "missing access to /dev/uinput"), "\(check.output)")
        #expect(check.status == (check.output.contains("missing") ? 1 : 0))
        #expect(check.output.contains("switchEraser → the pen end becomes the eraser in every app"))
        #expect(check.output.contains("showContextualPalette → nothing is sent"))
    }

    @Test func mistakesAreNamed() throws {
        let config = config()
        let noReplay = try gestures.quill(["service", "--output", "x.events"], config: config)
        #expect(noReplay.status != 0 && noReplay.error.contains("--output needs --replay"))
        let pad = try gestures.quill(["service", "--replay", Fixtures.intuos4PadButtons, "--node", "/dev/input/event13"], config: config)
        #expect(pad.status == 64 && pad.error.contains("--node is for live tablets"), "\(pad.error)")
        let out = Fixtures.temporaryPath("-pad.events")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let padDescription = try String(contentsOfFile: Fixtures.intuos4PadDescription, encoding: .utf8)
        let padRecording = Fixtures.temporaryPath("-pad-recording.events")
        defer { try? FileManager.default.removeItem(atPath: padRecording) }
        try (padDescription + (try String(contentsOfFile: Fixtures.intuos4PadButtons, encoding: .utf8))).write(toFile: padRecording, atomically: true, encoding: .utf8)
        let notPen = try gestures.quill(["service", "--replay", padRecording, "--output", out], config: config)
        #expect(notPen.status == 1 && notPen.error.contains(padRecording) && notPen.error.contains("no pen tablet to relay"), "\(notPen.error)")
        let badChord = try gestures.quill(["preferences", "set", "keyChord.showColorPalette", "ctrl+nope"], config: config)
        #expect(badChord.status != 0 && badChord.error.contains("keyChord.showColorPalette") && badChord.error.contains("'nope' is not one"), "\(badChord.error)")
        let missing = try gestures.quill(["service", "--replay", "/nonexistent.events", "--output", out], config: config)
        #expect(missing.status == 1 && missing.error.contains("/nonexistent.events"), "\(missing.error)")
    }
}
