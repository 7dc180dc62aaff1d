import Foundation
import QuillCore
import QuillGestures
import QuillInput
import QuillSystem
import QuillTestSupport
import Testing

@testable import QuillService

/// The relay on real recordings: what apps would get from the virtual tablet.
struct TabletRelayTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// Five double taps of BTN_STYLUS, one 1.02 s hold of BTN_STYLUS2 and single presses
    /// (GestureCommandLineTests counts them from the raw events).
    static let cintiq22HDT = root.appendingPathComponent("Recordings/evemu-devices/Wacom-Cintiq-22HDT-Pen.events").path
    static let catalog = WacomCatalog.loadIfAvailable()

    /// The recording's pen events, and the relay's output for `preferences`.
    static func relayed(_ path: String, _ preferences: PencilPreferences) throws -> (input: [InputEvent], output: RelayOutput, virtual: DeviceDescription) {
        let replay = try RecordingRelay(path: path, preferences: preferences, catalog: catalog)
        var output = RelayOutput()
        while try replay.next(into: &output) {}
        var input: [InputEvent] = []
        let reader = try Recording.open(path: path)
        while let item = try reader.next() {
            if case let .event(index, event, _) = item, index == replay.deviceIndex { input.append(event) }
        }
        return (input, output, replay.virtualDevice)
    }

    static func presses(_ events: [InputEvent], _ code: UInt16) -> [Int64] {
        events.filter { $0.type == EvdevCode.EventType.key && $0.code == code && $0.value == 1 }.map(\.microseconds)
    }

    /// The samples a reader of `device` decodes from `events`.
    static func samples(_ device: DeviceDescription, _ events: [InputEvent]) throws -> [PenSample] {
        var decoder = try TabletDecoder(device: device, area: catalog?.activeArea(of: device))
        decoder.startClock(at: 0)
        var samples: [PenSample] = []
        var start = 0
        for (index, event) in events.enumerated() where event.isFrameEnd {
            decoder.decode(frame: events[start...index], into: &samples)
            start = index + 1
        }
        return samples
    }

    @Test func ignoreGivesAppsTheEventsUnchanged() throws {
        var preferences = PencilPreferences()
        preferences.preferredTapAction = .ignore
        preferences.preferredSqueezeAction = .ignore
        let (input, output, _) = try Self.relayed(Self.cintiq22HDT, preferences)
        #expect(input.count > 10_000)
        #expect(output.pen == input, "first difference at \(zip(output.pen, input).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset ?? min(output.pen.count, input.count))")
        #expect(output.keyboard.isEmpty)
        // The gestures were still recognized, and ignored.
        // Three: the two whose presses have the tip touching between them are presses (issue 39).
        #expect(output.outcomes.filter { $0.gesture == .doubleTap && $0.action == .ignore }.count == 3)
    }

    @Test func aDoubleTapMakesThePenEndTheEraserInEveryApp() throws {
        let (input, output, virtual) = try Self.relayed(Self.cintiq22HDT, PencilPreferences())
        let taps = output.outcomes.filter { $0.gesture == .doubleTap }.map(\.time)
        let start = try #require(input.first).seconds
        // The recording's presses at 9.06/9.55 s and 59.9/60.2 s have the tip touching between them
        // (9.415–9.476 s; 60.108–60.131 s, BTN_TOUCH below the pressure threshold): a touch settles
        // the first press (issue 39), so they are plain presses, not double taps.
        #expect(taps.map { (($0 - start) * 10).rounded() / 10 } == [38.2, 47.9, 80.9])
        try #require(taps.count == 3)
        // Positions, pressure, tilt, distance, rotation exactly as the real stream's, in order.
        let axes: Set<UInt16> = [EvdevCode.Abs.x, EvdevCode.Abs.y, EvdevCode.Abs.pressure, EvdevCode.Abs.tiltX, EvdevCode.Abs.tiltY, EvdevCode.Abs.distance, EvdevCode.Abs.z, EvdevCode.Abs.wheel]
        func axisEvents(_ events: [InputEvent]) -> [InputEvent] { events.filter { $0.type == EvdevCode.EventType.abs && axes.contains($0.code) } }
        #expect(axisEvents(output.pen) == axisEvents(input))
        // The tool: the eraser from the first double tap to the second, the third to the end;
        // otherwise the real tool at that time.
        let device = try #require(try Recording.open(path: Self.cintiq22HDT).firstDevice())
        let realTools = Dictionary(try Self.samples(device, input).map { ($0.time, $0.tool) }, uniquingKeysWith: { $1 })
        let seen = try Self.samples(virtual, output.pen)
        var erased = 0, decided = 0
        for sample in seen where !taps.contains(where: { abs($0 - sample.time) < 0.001 }) {
            let erasing = (sample.time > taps[0] && sample.time < taps[1]) || sample.time > taps[2]
            // A frame of its own for a press decided at its deadline has a time no real frame had.
            guard let real = realTools[sample.time] else {
                decided += 1
                continue
            }
            // Every end but a puck's or lens's erases (this pen is an airbrush at times).
            let expected: PenTool = erasing && real != .mouse && real != .lens ? .eraser : real
            if expected == .eraser { erased += 1 }
            #expect(sample.tool == expected, "t=\(sample.time): \(sample.tool), expected \(expected)")
            if sample.tool != expected { break }
        }
        #expect(erased > 100)
        #expect(decided <= 2 * (Self.presses(output.pen, EvdevCode.Key.stylus).count + Self.presses(output.pen, EvdevCode.Key.stylus2).count))
        // No trace of the six presses that made the taps; every single press kept, in order.
        let stylusIn = Self.presses(input, EvdevCode.Key.stylus), stylusOut = Self.presses(output.pen, EvdevCode.Key.stylus)
        #expect(stylusOut.count == stylusIn.count - 6)
        #expect(stylusOut.allSatisfy { press in !taps.contains { abs(Double(press) / 1e6 - $0) < 0.6 } })
        // The squeeze's action (showContextualPalette) has no chord bound: it would do nothing in
        // other apps, so BTN_STYLUS2 is not held back — every press reaches them as it was.
        #expect(Self.presses(output.pen, EvdevCode.Key.stylus2) == Self.presses(input, EvdevCode.Key.stylus2))
        // Each switch: out, then in as the eraser with the eraser's id (Wacom's: the pen's with
        // bit 3) and the same serial; more eraser entries than the eraser end made.
        func rubberFrames(_ events: [InputEvent]) -> [ArraySlice<InputEvent>] {
            var frames: [ArraySlice<InputEvent>] = []
            var start = 0
            for (index, event) in events.enumerated() where event.isFrameEnd {
                let frame = events[start...index]
                if frame.contains(where: { $0.type == EvdevCode.EventType.key && $0.code == EvdevCode.Key.toolRubber && $0.value == 1 }) { frames.append(frame) }
                start = index + 1
            }
            return frames
        }
        let switched = rubberFrames(output.pen), flipped = rubberFrames(input)
        #expect(switched.count > flipped.count)
        let ids = switched.compactMap { $0.first { $0.type == EvdevCode.EventType.abs && $0.code == EvdevCode.Abs.misc }?.value }
        #expect(ids.count == switched.count && ids.allSatisfy { $0 & 0x8 != 0 })
        #expect(switched.allSatisfy { $0.contains { $0.type == EvdevCode.EventType.msc && $0.code == EvdevCode.Msc.serial } })
        #expect(virtual.name == VirtualTablet.namePrefix + "Wacom Cintiq 22HD touch Pen" || virtual.name.hasPrefix(VirtualTablet.namePrefix))
        #expect(virtual.vendor == 0x056a && virtual.has(type: EvdevCode.EventType.key, code: EvdevCode.Key.toolRubber))
    }

}

extension RecordingReader {
    /// The first device the recording describes.
    func firstDevice() throws -> DeviceDescription? {
        while let item = try next() {
            if case let .device(_, description) = item { return description }
        }
        return nil
    }
}

/// The options and the key chords of the relay.
struct TabletRelayOptionTests {
    @Test func boundChordsAreSentForThePaletteActionsAndNothingUnbound() throws {
        var preferences = PencilPreferences()
        preferences.preferredTapAction = .showColorPalette
        preferences.preferredSqueezeAction = .runSystemShortcut
        let unbound = try TabletRelayTests.relayed(TabletRelayTests.cintiq22HDT, preferences)
        #expect(unbound.output.keyboard.isEmpty)
        preferences.keyChords["showColorPalette"] = try KeyChord(parsing: "ctrl+shift+c")
        preferences.keyChords["runSystemShortcut"] = try KeyChord(parsing: "super+space")
        let (input, output, _) = try TabletRelayTests.relayed(TabletRelayTests.cintiq22HDT, preferences)
        // Three double taps (each ctrl, shift, c down then up: 6 key events; the recording's two
        // others have the tip touching between their presses) and one squeeze (4).
        let keys = output.keyboard.filter { $0.type == EvdevCode.EventType.key }
        #expect(keys.count == 3 * 6 + 4)
        #expect(keys.prefix(6).map(\.code) == [29, 42, 46, 46, 42, 29] && keys.prefix(6).map(\.value) == [1, 1, 1, 0, 0, 0])
        // The squeeze (56.56 s) between the second and third taps: super, space, space, super.
        let codes = keys.map(\.code)
        #expect(codes.count == 22 && Array(codes[12..<16]) == [125, 57, 57, 125])
        #expect(output.keyboard.filter(\.isFrameEnd).count == keys.count, "each press and release a frame of its own")
        // The pen end never becomes the eraser; the taps' presses still never reach apps.
        #expect(!output.pen.contains { $0.type == EvdevCode.EventType.key && $0.code == EvdevCode.Key.toolRubber } || input.contains { $0.type == EvdevCode.EventType.key && $0.code == EvdevCode.Key.toolRubber })
        #expect(TabletRelayTests.presses(output.pen, EvdevCode.Key.stylus).count == TabletRelayTests.presses(input, EvdevCode.Key.stylus).count - 6)
        // The squeeze, bound to a chord now, is held back; BTN_STYLUS2's other presses pass.
        #expect(TabletRelayTests.presses(output.pen, EvdevCode.Key.stylus2).count == TabletRelayTests.presses(input, EvdevCode.Key.stylus2).count - 1)
        // Unbound, the palette actions held nothing back.
        #expect(TabletRelayTests.presses(unbound.output.pen, EvdevCode.Key.stylus) == TabletRelayTests.presses(input, EvdevCode.Key.stylus))
    }

    @Test func thePressureCurveReshapesOnlyThePressure() throws {
        let (input, plain, _) = try TabletRelayTests.relayed(TabletRelayTests.cintiq22HDT, PencilPreferences())
        let replay = try RecordingRelay(path: TabletRelayTests.cintiq22HDT, preferences: PencilPreferences(), options: RelayOptions(pressureCurve: try PressureCurve(parsing: "0,50,50,100")), catalog: TabletRelayTests.catalog)
        var soft = RelayOutput()
        while try replay.next(into: &soft) {}
        #expect(soft.pen.count == plain.pen.count && input.count > 0)
        var softer = 0
        for (a, b) in zip(plain.pen, soft.pen) {
            #expect(a.type == b.type && a.code == b.code && a.microseconds == b.microseconds)
            if a.type == EvdevCode.EventType.abs && a.code == EvdevCode.Abs.pressure {
                #expect(b.value >= a.value && b.value <= 2047)
                if b.value > a.value { softer += 1 }
            } else {
                #expect(a.value == b.value)
            }
        }
        #expect(softer > 400)
    }

    @Test func smoothingStillsTheJitterAndStaysOnThePath() throws {
        let replay = try RecordingRelay(path: TabletRelayTests.cintiq22HDT, preferences: PencilPreferences(), options: RelayOptions(smoothing: .defaults), catalog: TabletRelayTests.catalog)
        #expect(replay.virtualDevice.name.hasPrefix(VirtualTablet.smoothedNamePrefix))
        var output = RelayOutput()
        while try replay.next(into: &output) {}
        let (_, plain, virtual) = try TabletRelayTests.relayed(TabletRelayTests.cintiq22HDT, PencilPreferences())
        let raw = try TabletRelayTests.samples(virtual, plain.pen), smooth = try TabletRelayTests.samples(virtual, output.pen)
        // A frame whose smoothed position did not move gives no sample (as the kernel drops a
        // repeated value): a resting pen held still.
        #expect(smooth.count <= raw.count && smooth.count > raw.count * 95 / 100)
        // While the tip touches: close to the real position (median and 95th percentile; a
        // hovering pen leaving at 250 mm/s trails further, with no ink at stake), and less jitter.
        let smoothAt = Dictionary(smooth.map { ($0.time, $0) }, uniquingKeysWith: { $1 })
        let distances = raw.filter(\.phase.isInContact).compactMap { a in
            smoothAt[a.time].map { b in hypot(a.tabletLocation.x - b.tabletLocation.x, a.tabletLocation.y - b.tabletLocation.y) }
        }.sorted()
        // Measured: median 0.37 mm, 95th percentile 0.92 mm, largest 1.29 mm (484 contact samples).
        #expect(distances.count > 400 && distances[distances.count / 2] < 0.5 && distances[distances.count * 95 / 100] < 1.2 && (distances.last ?? 0) < 2)
        // In motion the smoother follows the pen (its Kalman estimate) rather than adding jitter:
        // the second differences — the pen's own curvature on this recording, and its noise — no
        // larger than the raw ones (within 1 %).
        func secondDifferences(_ samples: [PenSample]) -> Double {
            zip(zip(samples, samples.dropFirst()), samples.dropFirst(2)).reduce(0) { sum, triple in
                let ((a, b), c) = triple
                guard a.tool == b.tool, b.tool == c.tool else { return sum }
                return sum + pow(a.tabletLocation.x - 2 * b.tabletLocation.x + c.tabletLocation.x, 2) + pow(a.tabletLocation.y - 2 * b.tabletLocation.y + c.tabletLocation.y, 2)
            }
        }
        #expect(secondDifferences(smooth.filter(\.phase.isInContact)) < 1.01 * secondDifferences(raw.filter(\.phase.isInContact)))
    }

    /// Where the jitter is: a pen resting on the tablet. The 22HDT's own device, its pen held still
    /// for 1.5 s at 125 Hz with 0.03 mm of sensor noise (6 units at 200 units/mm, seeded): through
    /// the smoothing relay the position an app gets wanders under a quarter of the raw spread.
    @Test func smoothingHoldsARestingPenStill() throws {
        let header = try String(contentsOfFile: TabletRelayTests.cintiq22HDT, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("E:") }
        var random = SeededRandom(seed: 0x5E_0001)
        func gaussian() -> Double { random.gaussian() }
        var lines = header.map(String.init)
        func event(_ t: Double, _ type: Int, _ code: Int, _ value: Int) {
            lines.append(String(format: "E: %.6f %04x %04x %d", 1000 + t, type, code, value))
        }
        for frame in 0...188 {
            let t = Double(frame) * 0.008
            if frame == 188 {
                event(t, 3, 0x18, 0); event(t, 1, 0x14a, 0); event(t, 1, 0x140, 0); event(t, 0, 0, 0)
                break
            }
            event(t, 3, 0, 50_000 + Int((6 * gaussian()).rounded())); event(t, 3, 1, 30_000 + Int((6 * gaussian()).rounded()))
            if frame == 0 { event(t, 3, 0x19, 0); event(t, 1, 0x140, 1); event(t, 1, 0x14a, 1) }
            event(t, 3, 0x18, 500 + frame % 7)
            event(t, 4, 0, 12345)
            event(t, 0, 0, 0)
        }
        let path = TestScratch.path + "resting-22HDT-\(getpid()).events"
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let replay = try RecordingRelay(path: path, preferences: PencilPreferences(), options: RelayOptions(smoothing: .defaults), catalog: TabletRelayTests.catalog)
        var output = RelayOutput()
        while try replay.next(into: &output) {}
        let (_, plain, virtual) = try TabletRelayTests.relayed(path, PencilPreferences())
        func spread(_ samples: [PenSample]) -> Double {
            let settled = samples.filter(\.phase.isInContact).filter { $0.time >= (samples.first?.time ?? 0) + 0.3 }
            guard settled.count > 1 else { return .nan }
            let mean = (x: settled.map(\.tabletLocation.x).reduce(0, +) / Double(settled.count), y: settled.map(\.tabletLocation.y).reduce(0, +) / Double(settled.count))
            return (settled.map { pow($0.tabletLocation.x - mean.x, 2) + pow($0.tabletLocation.y - mean.y, 2) }.reduce(0, +) / Double(settled.count)).squareRoot()
        }
        let raw = spread(try TabletRelayTests.samples(virtual, plain.pen)), smooth = spread(try TabletRelayTests.samples(virtual, output.pen))
        #expect(raw > 0.03 && raw < 0.06, "the raw resting pen spreads \(raw) mm")
        #expect(smooth < 0.25 * raw, "smoothed \(smooth) mm against raw \(raw) mm")
    }

    @Test func keyChordsAreReadAndRefusedByName() throws {
        #expect(try KeyChord(parsing: "ctrl+shift+c").keys == [29, 42, 46])
        #expect(try KeyChord(parsing: "Super+Space").keys == [125, 57])
        #expect(try KeyChord(parsing: "]").keys == [27])
        #expect(try KeyChord(parsing: "KEY_F5").keys == [63])
        #expect(try KeyChord(parsing: " ctrl + c ").keys == [29, 46])
        for bad in ["", "ctrl+", "ctrl+shift", "ctrl+ctrl+z", "ctrl+banana", "BTN_LEFT", "a+b+c+d+e+f+g", "c+d", "KEY_RESERVED", "ctrl+c+shift"] {
            #expect(throws: ParameterError.self, "\(bad)") { try KeyChord(parsing: bad) }
        }
        let data = Data(#"{"keyChords": {"showColorPalette": "ctrl+shift+c", "widthUp": "]"}}"#.utf8)
        let read = try PreferencesFile.decode(data, path: "p.json")
        #expect(read.keyChords["widthUp"]?.keys == [27])
        #expect(try PreferencesFile.decode(PreferencesFile.encode(read), path: "p.json") == read)
        #expect(throws: PreferencesFile.Failure.self) { try PreferencesFile.decode(Data(#"{"keyChords": {"switchEraser": "e"}}"#.utf8), path: "p.json") }
        do {
            _ = try PreferencesFile.decode(Data(#"{"keyChords": {"showColorPalette": "ctrl+banana"}}"#.utf8), path: "p.json")
            Issue.record("a chord that is not one was read")
        } catch let failure as PreferencesFile.Failure {
            #expect(failure.key == "keyChords.showColorPalette" && failure.message.contains("'banana' is not one"), "\(failure)")
        }
        let set = try PreferencesFile.set("keyChord.showInkAttributes", to: "ctrl+i", in: PencilPreferences(), path: "p.json")
        #expect(set.keyChords["showInkAttributes"]?.text == "ctrl+i")
        #expect(try PreferencesFile.set("keyChord.showInkAttributes", to: "none", in: set, path: "p.json").keyChords.isEmpty)
    }

    @Test func theVirtualTabletKeepsTheRealIdsAndAddsTheEraser() throws {
        let pen = DeviceDescription(name: String(repeating: "x", count: 100), bus: 3, vendor: 0x056a, product: 0x357, codes: [1: [EvdevCode.Key.toolPen, EvdevCode.Key.touch]], axes: [0: AxisInfo(minimum: 0, maximum: 100, fuzz: 4, flat: 0, resolution: 10), 1: AxisInfo(minimum: 0, maximum: 100, fuzz: 4, flat: 0, resolution: 10)])
        let virtual = VirtualTablet.description(of: pen)
        #expect(virtual.name.utf8.count == VirtualTablet.maximumNameLength && VirtualTablet.isVirtual(virtual))
        #expect(virtual.codes[1] == [EvdevCode.Key.toolPen, EvdevCode.Key.toolRubber, EvdevCode.Key.touch])
        #expect(virtual.vendor == pen.vendor && virtual.product == pen.product)
        // The same ranges and resolution, no fuzz (the kernel would filter relayed values again).
        #expect(virtual.axes.mapValues { AxisInfo(minimum: $0.minimum, maximum: $0.maximum, fuzz: 4, flat: $0.flat, resolution: $0.resolution) } == pen.axes)
        #expect(virtual.axes.values.allSatisfy { $0.fuzz == 0 })
        #expect(VirtualTablet.keyboard(for: []) == nil)
        #expect(VirtualTablet.eraserID(ofPen: 0x100802) == 0x10080a)
    }

    @Test func theDryRunFileReadsBackAsTheVirtualTablet() throws {
        let replay = try RecordingRelay(path: TabletRelayTests.cintiq22HDT, preferences: PencilPreferences(), catalog: TabletRelayTests.catalog)
        var output = RelayOutput()
        while try replay.next(into: &output) {}
        let header = EvemuWriter.header(of: replay.virtualDevice)
        // Laid out as evemu-describe writes it (evemu reads 8 mask bytes a line): EV_KEY's in 12 lines.
        let masks = header.split(separator: "\n").filter { $0.hasPrefix("B: ") }
        #expect(masks.allSatisfy { $0.split(separator: " ").count == 10 })
        #expect(masks.filter { $0.hasPrefix("B: 01 ") }.count == 12 && masks.first?.hasPrefix("B: 00 ") == true)
        let text = header + output.pen.map(EvemuWriter.line).joined()
        let path = TestScratch.directory.appendingPathComponent("relay-\(UUID().uuidString).events").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let reader = try Recording.open(path: path)
        var device: DeviceDescription?
        var events: [InputEvent] = []
        while let item = try reader.next() {
            switch item {
            case let .device(_, description): device = description
            case let .event(_, event, _): events.append(event)
            }
        }
        #expect(device == replay.virtualDevice)
        #expect(events == output.pen)
    }
}
