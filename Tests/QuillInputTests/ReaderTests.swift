import Foundation
import QuillTestSupport
import Testing
import QuillCore
import QuillSystem
@testable import QuillInput

@Suite struct ReaderTests {
    @Test func readsAnEvemuHeaderIntoLibevdevsDeviceModel() throws {
        let device = try EvemuReader.readDescription(path: Fixtures.cintiq12WX)
        #expect(device.name == "Wacom Cintiq 12WX")
        #expect(device.bus == 3 && device.vendor == 0x056a && device.product == 0x00c6 && device.version == 0x0100)
        #expect(device.axes[EvdevCode.Abs.x] == AxisInfo(minimum: 0, maximum: 53020, fuzz: 4, flat: 0, resolution: 200))
        #expect(device.axes[EvdevCode.Abs.tiltX] == AxisInfo(minimum: -64, maximum: 63, resolution: 57))
        #expect(device.has(type: EvdevCode.EventType.key, code: EvdevCode.Key.toolRubber))
        #expect(device.properties == [1])  // P: 02 → INPUT_PROP_DIRECT
        #expect(EvdevNames.propertyName(1) == "INPUT_PROP_DIRECT")
    }

    @Test func readsEvemu11AxesWithoutResolution() throws {
        let device = try EvemuReader.readDescription(path: Fixtures.cintiq22HDT)
        #expect(device.axes[EvdevCode.Abs.tiltX] == AxisInfo(minimum: 0, maximum: 127))
    }

    @Test(arguments: [
        (Fixtures.genius, 2421, 1112), (Fixtures.ucLogic, 1458, 506), (Fixtures.cintiq12WX, 2260, 362),
        (Fixtures.cintiq13HD, 425, 79), (Fixtures.cintiq22HDT, 28518, 5647), (Fixtures.dth2242, 5292, 1200),
        (Fixtures.intuos4Drag, 1799, 361), (Fixtures.intuos4Move, 2181, 444), (Fixtures.intuos4Tap, 396, 88),
        (Fixtures.dellCanvas, 2839, 978), (Fixtures.intuosProRecord, 189, 37), (Fixtures.intuosProRecordWithLibinput, 188, 36),
    ])
    func readsEveryEventAndFrame(path: String, events: Int, frames: Int) throws {
        // Counts of `E:` lines / `evdev:` arrays and of SYN_REPORTs in each file.
        let device = Fixtures.all.first { $0.path == path }?.device
        let replay = try SampleReplay(path: path, deviceFile: device)
        _ = try replay.allSamples()
        #expect(replay.eventCount == events)
        #expect(replay.frameCount == frames)
    }

    @Test func readsEventTypesAndCodesByName() throws {
        let hex = try Fixtures.write(Fixtures.intuosLikeHeader + "E: 0.000000 0003 0000 2000\nE: 0.000000 0001 0140 1\nE: 0.000000 0000 0000 0\n")
        let named = try Fixtures.write(Fixtures.intuosLikeHeader + "E: 0.000000 EV_ABS ABS_X 2000\nE: 0.000000 EV_KEY BTN_TOOL_PEN 1\nE: 0.000000 EV_SYN SYN_REPORT 0\n")
        #expect(try Fixtures.samples(hex) == Fixtures.samples(named))
        #expect(EvdevNames.code(named: "BTN_TOUCH")! == (1, 330))
    }

    @Test func readsSeveralDevicesOfOneFile() throws {
        // A pen and a pad (keys only) in one libinput record file, as a tablet's two nodes.
        let pen = try Fixtures.intuosLikeDevice()
        let pad = DeviceDescription(name: "Test Tablet Pad", bus: 3, vendor: 0x056a, product: 0x0357, codes: [0: [0], 1: [0x100, 0x101]])
        let path = Fixtures.temporaryPath(".yml")
        let writer = try LibinputRecordWriter(path: path, deviceCount: 3)
        try writer.beginDevice(pen)
        try writer.write(frame: Fixtures.frame(0, [(ABS, 0, 2000), (ABS, 1, 3000), (KEY, EvdevCode.Key.toolPen, 1)])[...])
        try writer.beginDevice(pad, node: "/dev/input/event14")
        try writer.write(frame: Fixtures.frame(0.004, [(KEY, 0x100, 1)])[...])
        try writer.beginDevice(pen, node: "/dev/input/event15")
        try writer.write(frame: Fixtures.frame(0.006, [(ABS, 0, 4000), (ABS, 1, 3000), (KEY, EvdevCode.Key.toolRubber, 1)])[...])
        try writer.close()
        let replay = try SampleReplay(path: path)
        let samples = try replay.allSamples()
        #expect(replay.devices.map(\.name) == ["Test Tablet Pen", "Test Tablet Pad", "Test Tablet Pen"])
        #expect(samples.map(\.deviceIndex) == [0, 2])
        #expect(samples.map(\.tool) == [.pen, .eraser])
        // Keys only, no X/Y: udev's rules make it no tablet at all ("other"), and it gives nothing.
        #expect(replay.deviceClasses == [.pen, .other, .pen])
        #expect(replay.warnings.contains { $0.message.contains("\"Test Tablet Pad\" is not a tablet (class: other (not a tablet))") })
    }

    @Test func convertingToLibinputRecordAndBackGivesIdenticalSamples() throws {
        for (path, device) in Fixtures.all {
            let original = try Fixtures.samples(path, device: device)
            let converted = Fixtures.temporaryPath(".yml")
            let result = try RecordingConverter.convert(input: path, deviceFile: device, output: converted)
            #expect(result.deviceCount == 1)
            let replayed = try Fixtures.samples(converted)
            #expect(replayed == original, "\(path)")
            // And once more: YAML to YAML changes nothing.
            let again = Fixtures.temporaryPath(".yml")
            _ = try RecordingConverter.convert(input: converted, output: again)
            #expect(try String(contentsOfFile: again, encoding: .utf8) == String(contentsOfFile: converted, encoding: .utf8))
        }
    }

    @Test func readsLibinputRecordInBatchesTheSameAsWhole() throws {
        // 5647 frames: more than 20 batches of 256 entries.
        let converted = Fixtures.temporaryPath(".yml")
        _ = try RecordingConverter.convert(input: Fixtures.cintiq22HDT, output: converted)
        let replay = try SampleReplay(path: converted)
        _ = try replay.allSamples()
        #expect(replay.eventCount == 28518 && replay.frameCount == 5647)
        #expect(LibinputRecordReader.batchSize < 5647 / 20)
    }
}

@Suite struct EvemuEventLineTests {
    @Test func fastAndGeneralParsingAgreeOnManyRandomEvents() throws {
        // Standard lines take the byte-level fast path; lines with names, a '+' sign or odd
        // spacing take the general parser. Both must give the events that were written.
        var random = SeededRandom(seed: 0x5EED_0020)
        var expected: [InputEvent] = []
        var text = "# EVEMU 1.3\nN: Fuzz\nI: 0003 0001 0001 0001\n"
        for code in [0x00, 0x01, 0x18, 0x1a] { text += "A: \(String(format: "%02x", code)) -2147483648 2147483647 0 0 0\n" }
        text += "B: 01 00 00 00 00 00 00 00 00\nB: 01 00 00 00 00 00 00 00 00\nB: 01 00 00 00 00 00 00 00 00\nB: 01 00 00 00 00 00 00 00 00\nB: 01 00 00 00 00 00 00 00 00\nB: 01 00 00 00 00 00 00 00 00\nB: 01 00 00 00 00 00 00 00 00\nB: 01 00 00 00 00 00 00 00 00\nB: 01 01 00 00 00 00 00 00 00\n"
        var micros: Int64 = 0
        for index in 0..<3000 {
            micros += Int64.random(in: 0...20_000, using: &random)
            let codes: [UInt16] = [0x00, 0x01, 0x18, 0x1a]
            let names = ["ABS_X", "ABS_Y", "ABS_PRESSURE", "ABS_TILT_X"]
            let which = Int.random(in: 0..<4, using: &random)
            let code: UInt16 = codes[which]
            let value = Int32.random(in: Int32.min...Int32.max, using: &random)
            expected.append(InputEvent(microseconds: micros, type: 3, code: code, value: value))
            let time = String(format: "%d.%06d", micros / 1_000_000, micros % 1_000_000)
            switch index % 4 {
            case 0: text += "E: \(time) 0003 \(String(format: "%04x", Int(code))) \(value)\n"
            case 1: text += "E: \(time) EV_ABS \(names[which]) \(value)\n"
            case 2: text += "E:\t\(time)\t3\t\(String(code, radix: 16))\t\(value > 0 ? "+" : "")\(value)\t# comment\n"
            default: text += "E: \(time) 0003 \(String(format: "%04X", Int(code))) \(value) # EV_ABS\n"
            }
        }
        let reader = try EvemuReader(path: try Fixtures.write(text))
        var events: [InputEvent] = []
        while let item = try reader.next() {
            if case let .event(_, event, _) = item { events.append(event) }
        }
        #expect(events.count == expected.count)
        for (index, (got, want)) in zip(events, expected).enumerated() where got != want {
            Issue.record("event \(index) (seed 0x5EED0020): got \(got), want \(want)")
            break
        }
    }
}
