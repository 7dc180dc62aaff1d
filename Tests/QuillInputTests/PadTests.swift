import Foundation
import Testing
import QuillCore
import QuillSystem
import QuillTestSupport
@testable import QuillInput

/// Pads replayed as libinput 1.22 reports them: its button numbers, ring degrees, strip
/// positions, and mode groups (libwacom's, with the mode kept by Quill on pads without LEDs).
@Suite struct PadTests {
    static func padEvents(_ path: String, device: String? = nil, catalog: TabletCatalog? = nil) throws -> [PadEvent] {
        let replay = try SampleReplay(path: path, deviceFile: device, catalog: catalog)
        let all = try replay.allEvents()
        let samples = all.compactMap(\.sample)
        let events = all.compactMap(\.padEvent)
        #expect(samples.isEmpty)
        return events
    }

    @Test func intuos4ExpressKeysArePressedAndReleasedInOrder() throws {
        // The pad declares BTN_0 … BTN_8 (libinput's buttons 0 … 8); the recording presses BTN_1 …
        // BTN_8 (0x101 … 0x108) once each, in order.
        let events = try Self.padEvents(Fixtures.intuos4PadButtons, device: Fixtures.intuos4PadDescription)
        #expect(events.count == 16)
        var expected: [PadEvent.Kind] = []
        for number in 1...8 { expected += [.button(number: number, isPressed: true), .button(number: number, isPressed: false)] }
        #expect(events.map(\.kind) == expected)
        // Times on the recording's clock (first event 1337931263.406497): BTN_1 up at .554501, BTN_8 up at 1337931271.282451.
        #expect(abs(events[1].time - 0.148004) < 1e-9)
        #expect(abs(events[15].time - 7.875954) < 1e-9)
        #expect(events.allSatisfy { $0.modeGroup == 0 && $0.mode == 0 })  // no libwacom: one group, one mode
    }

    @Test func theModeToggleCyclesTheRingsModesWithLibwacomsLayout() throws {
        let catalog = try WacomCatalog()
        let pad = try EvemuReader.readDescription(path: Fixtures.intuos4PadDescription)
        // libwacom: Intuos4 6x9 (PTK-640), Ring=A, RingNumModes=4, StatusLEDs=Ring.
        let layout = try #require(catalog.padLayout(of: pad))
        #expect(layout.modeGroups.count == 1)
        #expect(layout.modeGroups[0].modeCount == 4 && layout.modeGroups[0].toggleButtons == [0] && layout.modeGroups[0].rings == [0])
        #expect(layout.modeGroups[0].buttons == Set(0...8))
        let events = try Self.padEvents(Fixtures.intuos4ModeToggle, device: Fixtures.intuos4PadDescription, catalog: catalog)
        let togglePresses = events.filter { $0.kind == .button(number: 0, isPressed: true) }
        #expect(togglePresses.map(\.mode) == [1, 2])  // each press reports the new mode
        // Every event between two toggles carries the mode the last toggle set.
        var mode = 0
        for event in events {
            if event.kind == .button(number: 0, isPressed: true) { mode += 1 }
            #expect(event.mode == mode)
        }
        // Without libwacom (libinput's fallback group) the toggle is an ordinary button.
        #expect(try Self.padEvents(Fixtures.intuos4ModeToggle, device: Fixtures.intuos4PadDescription).allSatisfy { $0.mode == 0 })
    }

    @Test func ringDegreesFollowLibinput() throws {
        // libinput: ((value − min) / (max − min + 1) − 0.25) mod 1 × 360, so Wacom's 0 (left) reads 270°.
        let pad = try EvemuReader.readDescription(path: Fixtures.intuos4PadDescription)
        for isLeftHanded in [false, true] {
            var decoder = PadDecoder(device: pad, isLeftHanded: isLeftHanded)
            var events: [PadEvent] = []
            for value in Int32(1)...71 {
                decoder.decode(frame: Fixtures.frame(Double(value) * 0.01, [(ABS, EvdevCode.Abs.wheel, value), (ABS, EvdevCode.Abs.misc, 15)])[...], into: &events)
            }
            decoder.decode(frame: Fixtures.frame(1, [(ABS, EvdevCode.Abs.wheel, 0), (ABS, EvdevCode.Abs.misc, 0)])[...], into: &events)
            #expect(events.count == 72)
            for (index, event) in events.dropLast().enumerated() {
                var fraction = Double(index + 1) / 72 - 0.25
                if fraction < 0 { fraction += 1 }
                var expected = fraction * 360
                if isLeftHanded { expected = (expected + 180).truncatingRemainder(dividingBy: 360) }
                guard case let .ring(number, degrees) = event.kind else { Issue.record("not a ring: \(event)"); continue }
                #expect(number == 0 && abs(degrees - expected) < 1e-9 && degrees >= 0 && degrees < 360)
            }
            #expect(events.last?.kind == .ring(number: 0, degrees: -1))  // the finger left (ABS_MISC 0)
        }
        // The real recording: ABS_WHEEL 11 → 325°, 12 → 330°, and −1 when ABS_MISC drops to 0.
        let rings = try Self.padEvents(Fixtures.intuos4ModeToggle, device: Fixtures.intuos4PadDescription).filter { $0.typeName == "ring" }
        #expect(rings.prefix(2).map(\.kind) == [.ring(number: 0, degrees: 325), .ring(number: 0, degrees: -1)])
        #expect(rings.dropFirst(2).first?.kind == .ring(number: 0, degrees: 330))
    }

    @Test func theIntuos3StripReportsItsBitPositions() throws {
        // The strip sends 1, 2, 4, … 4096 (one bit per position, max 4096 = 2¹²): libinput's position
        // is log2(value) / 12; ABS_RX 0 with ABS_MISC 0 is the finger leaving: −1.
        let events = try Self.padEvents(Fixtures.intuos3Strip)
        let values = events.map { event -> Double in
            guard case let .strip(number, position) = event.kind, number == 0 else { return .nan }
            return position
        }
        #expect(Array(values.prefix(14)) == (0...12).map { Double($0) / 12 } + [-1])
        #expect(values.allSatisfy { $0 == -1 || (0...1).contains($0) })
        #expect(values.filter { $0 == -1 }.count == 2)  // two swipes, each ending with a release
    }

    @Test func aPenAndAPadInOneRecordingGiveSamplesAndPadEventsApart() throws {
        // As a multi-device `libinput record` of a tablet's pen and pad nodes: the pad gave phantom samples before.
        let pen = try Fixtures.intuosLikeDevice()
        let pad = try EvemuReader.readDescription(path: Fixtures.intuos4PadDescription)
        let path = Fixtures.temporaryPath(".yml")
        let writer = try LibinputRecordWriter(path: path, deviceCount: 2)
        try writer.beginDevice(pen)
        try writer.write(frame: Fixtures.frame(0, [(ABS, 0, 2000), (ABS, 1, 3000), (KEY, EvdevCode.Key.toolPen, 1)])[...])
        try writer.write(frame: Fixtures.frame(0.01, [(ABS, 0, 2100)])[...])
        try writer.beginDevice(pad, node: "/dev/input/event14")
        try writer.write(frame: Fixtures.frame(0.004, [(KEY, 0x101, 1), (ABS, EvdevCode.Abs.misc, 15)])[...])
        try writer.write(frame: Fixtures.frame(0.008, [(KEY, 0x101, 0), (ABS, EvdevCode.Abs.misc, 0)])[...])
        try writer.close()
        let replay = try SampleReplay(path: path)
        let all = try replay.allEvents()
        let samples = all.compactMap(\.sample)
        let events = all.compactMap(\.padEvent)
        #expect(replay.deviceClasses == [.pen, .pad])
        #expect(samples.count == 2 && samples.allSatisfy { $0.deviceIndex == 0 })
        #expect(events.map(\.kind) == [.button(number: 1, isPressed: true), .button(number: 1, isPressed: false)])
        #expect(events.map(\.deviceIndex) == [1, 1] && events.map(\.time) == [0.004, 0.008])
    }

    @Test func anyValueGivesARingAngleOrStripPositionInRange() throws {
        // A recording is untrusted: values outside the declared ranges, over many seeded inputs.
        var random = SeededRandom(seed: 0x9AD)
        let intuos4 = try EvemuReader.readDescription(path: Fixtures.intuos4PadDescription)
        let intuos3 = try EvemuReader.readDescription(path: Fixtures.intuos3PadDescription)
        var ring = PadDecoder(device: intuos4), strip = PadDecoder(device: intuos3)
        var events: [PadEvent] = []
        for step in 0..<5_000 {
            let value = Int32.random(in: .min ... .max, using: &random)
            let misc: Int32 = step % 7 == 0 ? 0 : 15
            ring.decode(frame: Fixtures.frame(Double(step), [(ABS, EvdevCode.Abs.wheel, value), (ABS, EvdevCode.Abs.misc, misc)])[...], into: &events)
            strip.decode(frame: Fixtures.frame(Double(step), [(ABS, EvdevCode.Abs.rx, value), (ABS, EvdevCode.Abs.misc, misc)])[...], into: &events)
        }
        #expect(events.count >= 9_000)
        for event in events {
            switch event.kind {
            case let .ring(_, degrees): #expect(degrees == -1 || (0..<360).contains(degrees), "\(degrees)")
            case let .strip(_, position): #expect(position == -1 || (0...1).contains(position), "\(position)")
            case .button: Issue.record("no button was pressed")
            }
        }
    }

    @Test func framesAreReadAsLibinputFlushesThem() throws {
        let pad = try EvemuReader.readDescription(path: Fixtures.intuos4PadDescription)
        var decoder = PadDecoder(device: pad)
        var events: [PadEvent] = []
        // A press and release within one frame: libinput compares the states, so nothing.
        decoder.decode(frame: Fixtures.frame(0, [(KEY, 0x101, 1), (KEY, 0x101, 0)])[...], into: &events)
        #expect(events.isEmpty)
        // Releases before presses, whatever the order inside the frame.
        decoder.decode(frame: Fixtures.frame(0.1, [(KEY, 0x102, 1)])[...], into: &events)
        decoder.decode(frame: Fixtures.frame(0.2, [(KEY, 0x103, 1), (KEY, 0x102, 0)])[...], into: &events)
        #expect(events.map(\.kind) == [.button(number: 2, isPressed: true), .button(number: 2, isPressed: false), .button(number: 3, isPressed: true)])
        // Key repeat (value 2) is not a press.
        events.removeAll()
        decoder.decode(frame: Fixtures.frame(0.3, [(KEY, 0x103, 2)])[...], into: &events)
        #expect(events.isEmpty)
        // A lone ABS_MISC 0 gives nothing; the terminator then holds until the next ring update.
        decoder.decode(frame: Fixtures.frame(0.4, [(ABS, EvdevCode.Abs.misc, 0)])[...], into: &events)
        #expect(events.isEmpty)
        decoder.decode(frame: Fixtures.frame(0.5, [(ABS, EvdevCode.Abs.wheel, 5)])[...], into: &events)
        decoder.decode(frame: Fixtures.frame(0.6, [(ABS, EvdevCode.Abs.wheel, 6)])[...], into: &events)
        #expect(events.map(\.kind) == [.ring(number: 0, degrees: -1), .ring(number: 0, degrees: 300)])
    }

    @Test func summaryCountsThePadEvents() throws {
        let run = try CommandLineTests().quill("summary", Fixtures.intuos4ModeToggle, "--device", Fixtures.intuos4PadDescription)
        #expect(run.status == 0)
        #expect(run.output.contains("pad:        20 events (10 button, 10 ring); quill pad prints them"), "\(run.output)")
        #expect(run.output.contains("samples:    0"))
    }

    @Test func padLayoutsAreValidated() throws {
        #expect(throws: ParameterError.self) { try PadLayout.ModeGroup(buttons: [0], modeCount: 0) }
        #expect(throws: ParameterError.self) { try PadLayout.ModeGroup(buttons: [0], toggleButtons: [1]) }
        let group = try PadLayout.ModeGroup(buttons: [0], rings: [0])
        #expect(throws: ParameterError.self) { try PadLayout(buttonCodes: [0x100, 0x101], ringCount: 1, stripCount: 0, modeGroups: [group]) }
        #expect(throws: ParameterError.self) { try PadLayout(buttonCodes: [0x100], ringCount: 3, stripCount: 0, modeGroups: [group]) }
        #expect(try PadLayout(buttonCodes: [0x100], ringCount: 1, stripCount: 0, modeGroups: [group]).groupIndex(ofRing: 0) == 0)
    }

    @Test func askedForPenSamplesAPadRecordingSaysItIsAPad() throws {
        // Before, `quill samples` on a pad printed nothing and said nothing.
        let quill = CommandLineTests()
        for command in ["samples", "strokes", "render"] {
            var arguments = [command, Fixtures.intuos3Strip, "--device", Fixtures.intuos3PadDescription]
            if command == "render" { arguments += ["-o", TestScratch.path + "quill-pad-render-\(getpid()).png"] }
            let run = try quill.quill(arguments)
            #expect(run.output.isEmpty || command == "render", "\(command): \(run.output)")
            #expect(
                run.error.contains("device 0 \"Wacom Intuos3 4x6 Pad\" is a pad (class: pad): it gives pad events, not pen samples — `quill pad` prints them"),
                "\(command): \(run.error)")
        }
        // The pad's own command and the summary say nothing of the kind.
        for command in ["pad", "summary"] {
            let run = try quill.quill(command, Fixtures.intuos3Strip, "--device", Fixtures.intuos3PadDescription)
            #expect(run.status == 0 && !run.error.contains("is a pad"), "\(command): \(run.error)")
        }
    }

    @Test func padPrintsJSONLinesWithTheDocumentedFields() throws {
        let quill = CommandLineTests()
        let run = try quill.quill("pad", Fixtures.intuos4ModeToggle, "--device", Fixtures.intuos4PadDescription)
        #expect(run.status == 0)
        let lines = run.output.split(separator: "\n")
        let replayed = try Self.padEvents(Fixtures.intuos4ModeToggle, device: Fixtures.intuos4PadDescription, catalog: try WacomCatalog())
        #expect(lines.count == replayed.count && !lines.isEmpty)
        for (line, event) in zip(lines, replayed) {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object["type"] as? String == event.typeName && object["number"] as? Int == event.number)
            #expect(object["mode_group"] as? Int == event.modeGroup && object["mode"] as? Int == event.mode)
            #expect(object["device"] as? Int == 0 && object["t"] as? Double == event.time)
            switch event.kind {
            case let .button(_, isPressed):
                #expect(object["state"] as? String == (isPressed ? "pressed" : "released") && object["value"] == nil)
            case let .ring(_, value), let .strip(_, value):
                #expect(object["value"] as? Double == value && object["state"] == nil)
            }
        }
        let pen = try quill.quill("pad", Fixtures.cintiq12WX)
        #expect(pen.status == 0 && pen.output.isEmpty)
        #expect(pen.error.contains("has no pad device") && pen.error.contains("\"Wacom Cintiq 12WX\": pen"))
    }
}
