import Foundation
import QuillCore
import QuillGestures
import QuillInput
import QuillTestSupport
import Testing

@testable import QuillService

/// Pad buttons and strips bound in the preferences, on real Intuos recordings: held back from
/// apps, acting through the pen's relay.
struct PadRelayTests {
    static func recording(_ name: String) -> String { TabletRelayTests.root.appendingPathComponent("Recordings/evemu-devices/" + name).path }

    /// A recording's device and frames.
    static func frames(_ events: String, _ description: String) throws -> (DeviceDescription, [[InputEvent]]) {
        let reader = try Recording.open(path: recording(events), deviceFile: recording(description))
        var device: DeviceDescription?
        var frames: [[InputEvent]] = []
        var frame: [InputEvent] = []
        while let item = try reader.next() {
            switch item {
            case let .device(_, found): device = found
            case let .event(_, event, _):
                frame.append(event)
                if event.isFrameEnd { frames.append(frame); frame = [] }
            }
        }
        return (try #require(device), frames)
    }

    /// `frames` of a pad through `pad`, its events acting through `pen`; the pad events, in order.
    @discardableResult
    static func relay(_ frames: [[InputEvent]], _ pad: inout PadRelay, _ pen: inout TabletRelay, into output: inout RelayOutput) -> [PadEvent] {
        var all: [PadEvent] = []
        var events: [PadEvent] = []
        for frame in frames {
            events.removeAll()
            pad.relay(frame[...], into: &output, events: &events)
            for event in events { pen.handle(event, into: &output) }
            all += events
        }
        return all
    }

    static func keys(_ events: [InputEvent], pressed: Bool = true) -> [UInt16] {
        events.filter { $0.type == EvdevCode.EventType.key && ($0.value != 0) == pressed }.map(\.code)
    }

    @Test func boundButtonsActAndNeverReachApps() throws {
        var preferences = PencilPreferences()
        preferences.padButtons = [3: .action(.switchEraser), 5: .action(.showColorPalette)]
        preferences.keyChords["showColorPalette"] = try KeyChord(parsing: "ctrl+shift+c")
        let (padDevice, padFrames) = try Self.frames("Wacom-Intuos4-6x9.pad-buttons.events", "Wacom-Intuos4-6x9-Pad.desc")
        let (penDevice, penFrames) = try Self.frames("Wacom-Intuos4-6x9.stylus-move.events", "Wacom-Intuos4-6x9-Pen.desc")
        var pad = PadRelay(device: padDevice, preferences: preferences)
        var pen = try TabletRelay(device: penDevice, preferences: preferences)
        var output = RelayOutput()
        Self.relay(padFrames, &pad, &pen, into: &output)
        // Eight buttons pressed once each in the recording: six reach apps, in order.
        let real = Self.keys(padFrames.flatMap { $0 })
        #expect(real.count == 8)
        let codes = PadDecoder(device: padDevice).layout.buttonCodes
        #expect(Self.keys(output.pad) == real.filter { $0 != codes[3] && $0 != codes[5] })
        #expect(Self.keys(output.pad, pressed: false).count == 6)
        // Button 5 sent the chord; button 3 made the pen end the eraser: the pen comes in as one.
        #expect(Self.keys(output.keyboard) == [29, 42, 46])
        #expect(pen.isErasing)
        output.removeAll()
        for frame in penFrames { pen.relay(frame[...], into: &output) }
        #expect(output.pen.contains { $0.type == EvdevCode.EventType.key && $0.code == EvdevCode.Key.toolRubber && $0.value == 1 })
        #expect(!output.pen.contains { $0.type == EvdevCode.EventType.key && $0.code == EvdevCode.Key.toolPen })
    }

    @Test func aStripThatSetsTheWidthSendsAChordPerStep() throws {
        var preferences = PencilPreferences()
        preferences.padDialControlsWidth = true
        preferences.keyChords["widthUp"] = try KeyChord(parsing: "]")
        preferences.keyChords["widthDown"] = try KeyChord(parsing: "[")
        let (padDevice, padFrames) = try Self.frames("Wacom-Intuos3-4x6-Pad.strip.events", "Wacom-Intuos3-4x6-Pad.desc")
        let (penDevice, _) = try Self.frames("Wacom-Intuos4-6x9.stylus-move.events", "Wacom-Intuos4-6x9-Pen.desc")
        var pad = PadRelay(device: padDevice, preferences: preferences)
        var pen = try TabletRelay(device: penDevice, preferences: preferences)
        var output = RelayOutput()
        let widths = Self.relay(padFrames, &pad, &pen, into: &output).compactMap { PadWidthControl.width(for: $0.kind) }
        // The strip's axes never reach apps; each change of width is one chord, up or down.
        #expect(!output.pad.contains { $0.type == EvdevCode.EventType.abs && ($0.code == EvdevCode.Abs.rx || $0.code == EvdevCode.Abs.ry) })
        var expected: [UInt16] = []
        var width = DrawingTool.pen.width
        for next in widths where next != width {
            expected.append(next > width ? 27 : 26)
            width = next
        }
        #expect(expected.count > 5)
        #expect(Self.keys(output.keyboard) == expected)
    }

    @Test func withNothingBoundThePadPassesUnchanged() throws {
        let (padDevice, padFrames) = try Self.frames("Wacom-Intuos4-6x9.pad-buttons.events", "Wacom-Intuos4-6x9-Pad.desc")
        var pad = PadRelay(device: padDevice, preferences: PencilPreferences())
        var output = RelayOutput()
        var events: [PadEvent] = []
        for frame in padFrames { pad.relay(frame[...], into: &output, events: &events) }
        #expect(output.pad == padFrames.flatMap { $0 })
        #expect(events.count == 16)
    }
}

/// A recording with a pen and its pad (`libinput record`, several devices): the dry run relays both.
struct RecordingRelayPadTests {
    /// The Intuos4's pad presses its eight buttons, then its pen moves (the pen's frames moved
    /// after the pad's), as one libinput record file.
    static func penAndPad() throws -> String {
        let (padDevice, padFrames) = try PadRelayTests.frames("Wacom-Intuos4-6x9.pad-buttons.events", "Wacom-Intuos4-6x9-Pad.desc")
        let (penDevice, penFrames) = try PadRelayTests.frames("Wacom-Intuos4-6x9.stylus-move.events", "Wacom-Intuos4-6x9-Pen.desc")
        let padStart = padFrames[0][0].microseconds, penStart = penFrames[0][0].microseconds
        let padEnd = padFrames[padFrames.count - 1][0].microseconds - padStart
        let path = TestScratch.directory.appendingPathComponent("pen-and-pad-\(UUID().uuidString).yml").path
        let writer = try LibinputRecordWriter(path: path, deviceCount: 2)
        try writer.beginDevice(penDevice, node: "/dev/input/event5")
        for frame in penFrames {
            try writer.write(frame: frame.map { InputEvent(microseconds: $0.microseconds - penStart + padEnd + 1_000_000, type: $0.type, code: $0.code, value: $0.value) }[...])
        }
        try writer.beginDevice(padDevice, node: "/dev/input/event6")
        for frame in padFrames {
            try writer.write(frame: frame.map { InputEvent(microseconds: $0.microseconds - padStart, type: $0.type, code: $0.code, value: $0.value) }[...])
        }
        try writer.close()
        return path
    }

    @Test func theDryRunRelaysThePadAndItsBindingsActOnThePen() throws {
        let path = try Self.penAndPad()
        defer { try? FileManager.default.removeItem(atPath: path) }
        var preferences = PencilPreferences()
        preferences.padButtons = [3: .action(.switchEraser)]
        let replay = try RecordingRelay(path: path, preferences: preferences)
        #expect(replay.virtualPad?.name == VirtualTablet.namePrefix + "Wacom Intuos4 6x9 Pad")
        var output = RelayOutput()
        var pad: [InputEvent] = [], pen: [InputEvent] = []
        while try replay.next(into: &output) {
            pad += output.pad
            pen += output.pen
            output.removeAll()
        }
        #expect(PadRelayTests.keys(pad).count == 7, "button 3 held back")
        let times = pen.map(\.microseconds)
        #expect(!pen.isEmpty && zip(times, times.dropFirst()).allSatisfy { $0 <= $1 })
        // The pen comes in after the pad's button 3: as the eraser.
        #expect(PadRelayTests.keys(pen).first == EvdevCode.Key.toolRubber)
    }
}
