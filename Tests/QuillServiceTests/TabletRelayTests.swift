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
        #expect(output.outcomes.filter { $0.gesture == .doubleTap && $0.action == .ignore }.count == 5)
    }

    @Test func aDoubleTapMakesThePenEndTheEraserInEveryApp() throws {
        let (input, output, virtual) = try Self.relayed(Self.cintiq22HDT, PencilPreferences())
        let taps = output.outcomes.filter { $0.gesture == .doubleTap }.map(\.time)
        let start = try #require(input.first).seconds
        #expect(taps.map { (($0 - start) * 10).rounded() / 10 } == [9.7, 38.2, 47.5, 60.2, 80.9])
        // Positions, pressure, tilt, distance, rotation exactly as the real stream's, in order.
        let axes: Set<UInt16> = [EvdevCode.Abs.x, EvdevCode.Abs.y, EvdevCode.Abs.pressure, EvdevCode.Abs.tiltX, EvdevCode.Abs.tiltY, EvdevCode.Abs.distance, EvdevCode.Abs.z, EvdevCode.Abs.wheel]
        func axisEvents(_ events: [InputEvent]) -> [InputEvent] { events.filter { $0.type == EvdevCode.EventType.abs && axes.contains($0.code) } }
        #expect(axisEvents(output.pen) == axisEvents(input))
        // The tool: the eraser from the first double tap to the second, the third to the fourth,
        // the fifth to the end; otherwise the real tool at that time.
        let device = try #require(try Recording.open(path: Self.cintiq22HDT).firstDevice())
        let realTools = Dictionary(try Self.samples(device, input).map { ($0.time, $0.tool) }, uniquingKeysWith: { $1 })
        let seen = try Self.samples(virtual, output.pen)
        var erased = 0, decided = 0
        for sample in seen where !taps.contains(where: { abs($0 - sample.time) < 0.001 }) {
            let erasing = (sample.time > taps[0] && sample.time < taps[1]) || (sample.time > taps[2] && sample.time < taps[3]) || sample.time > taps[4]
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
        // No trace of the ten presses that made the taps; every single press kept, in order.
        let stylusIn = Self.presses(input, EvdevCode.Key.stylus), stylusOut = Self.presses(output.pen, EvdevCode.Key.stylus)
        #expect(stylusOut.count == stylusIn.count - 10)
        #expect(stylusOut.allSatisfy { press in !taps.contains { abs(Double(press) / 1e6 - $0) < 0.6 } })
        // The squeeze (held 1.02 s) is held back; BTN_STYLUS2's other presses pass.
        #expect(Self.presses(output.pen, EvdevCode.Key.stylus2).count == Self.presses(input, EvdevCode.Key.stylus2).count - 1)
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
