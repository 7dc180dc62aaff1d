import Foundation
import Testing
import QuillCore
import QuillSystem
@testable import QuillInput

/// Each node is what libinput says it is (udev's `input_id` rules, then libinput's choice):
/// pens give samples, pads give pad events, touchscreens give no pen samples.
@Suite struct DeviceClassTests {
    static func description(_ path: String) throws -> DeviceDescription { try EvemuReader.readDescription(path: path) }

    @Test(arguments: [
        (Fixtures.geniusDescription, DeviceClass.pen), (Fixtures.ucLogic, .pen), (Fixtures.cintiq12WX, .pen),
        (Fixtures.cintiq13HD, .pen), (Fixtures.cintiq22HDT, .pen), (Fixtures.dth2242, .pen), (Fixtures.intuos4Description, .pen),
        (Fixtures.dellCanvas, .pen),
        // The old single-node Intuos4 (pen and pad in one node, BTN_TOOL_PEN and BTN_0): a tablet, not a pad.
        (Fixtures.intuos4WholeDescription, .pen),
        // Pads: BTN_0…, BTN_STYLUS, X/Y 0…1, no BTN_TOOL_PEN.
        (Fixtures.intuos4PadDescription, .pad), (Fixtures.intuos3PadDescription, .pad), (Fixtures.intuos3Strip, .pad),
        // Multitouch X/Y, BTN_TOUCH, INPUT_PROP_DIRECT, no stylus.
        (Fixtures.cintiq22HDTFinger, .touchscreen),
    ])
    func realRecordingsAreClassifiedAsLibinputDoes(path: String, expected: DeviceClass) throws {
        #expect(try Self.description(path).deviceClass == expected)
    }

    @Test func theRulesOfUdevInputIDOnSyntheticDevices() {
        let xy: [UInt16: AxisInfo] = [0: AxisInfo(minimum: 0, maximum: 1000), 1: AxisInfo(minimum: 0, maximum: 1000)]
        func device(keys: [UInt16], axes: [UInt16: AxisInfo] = xy, properties: [UInt16] = []) -> DeviceDescription {
            DeviceDescription(name: "synthetic", codes: [1: keys.sorted()], axes: axes, properties: properties)
        }
        // A touchpad: finger, no pen, indirect. The same on a screen (direct) with BTN_TOUCH: a touchscreen.
        #expect(device(keys: [EvdevCode.Key.toolFinger, EvdevCode.Key.touch]).deviceClass == .touchpad)
        #expect(device(keys: [EvdevCode.Key.toolFinger, EvdevCode.Key.touch], properties: [EvdevCode.Property.direct]).deviceClass == .touchscreen)
        // A pen needs X/Y: BTN_TOOL_PEN alone is nothing.
        #expect(device(keys: [EvdevCode.Key.toolPen], axes: [:]).deviceClass == .other)
        #expect(device(keys: [EvdevCode.Key.stylus]).deviceClass == .pen)
        // Pad buttons need BTN_STYLUS (Wacom's marker) and no BTN_TOOL_PEN.
        #expect(device(keys: [EvdevCode.Key.btn0, EvdevCode.Key.stylus]).deviceClass == .pad)
        #expect(device(keys: [EvdevCode.Key.btn0]).deviceClass == .other)
        #expect(device(keys: [EvdevCode.Key.btn0, EvdevCode.Key.stylus, EvdevCode.Key.toolPen]).deviceClass == .pen)
        // An absolute mouse (a mouse button, no touch): not a tablet.
        #expect(device(keys: [EvdevCode.Key.btnLeft]).deviceClass == .other)
    }

    @Test func udevPropertiesDecideWhenPresent() {
        #expect(DeviceClass(udevProperties: ["ID_INPUT": "1", "ID_INPUT_TABLET": "1", "ID_INPUT_TABLET_PAD": "1"]) == .pad)
        #expect(DeviceClass(udevProperties: ["ID_INPUT": "1", "ID_INPUT_TABLET": "1"]) == .pen)
        #expect(DeviceClass(udevProperties: ["ID_INPUT": "1", "ID_INPUT_TABLET": "1", "ID_INPUT_TOUCHPAD": "1"]) == .touchpad)
        #expect(DeviceClass(udevProperties: ["ID_INPUT": "1", "ID_INPUT_TOUCHSCREEN": "1"]) == .touchscreen)
        #expect(DeviceClass(udevProperties: ["ID_INPUT": "1", "ID_INPUT_KEYBOARD": "1"]) == .other)
        #expect(DeviceClass(udevProperties: ["DEVNAME": "/dev/input/event3"]) == nil)
    }

    @Test func aPadNeverGivesPenSamples() throws {
        // Before: the pad's ABS_MISC/ABS_WHEEL frames brought a phantom pen into proximity at (0, 0).
        for events in [Fixtures.intuos4PadButtons, Fixtures.intuos4ModeToggle] {
            #expect(try Fixtures.samples(events, device: Fixtures.intuos4PadDescription).isEmpty)
        }
        #expect(try Fixtures.samples(Fixtures.intuos3Strip).isEmpty)
    }

    @Test func anOldKernelsSingleNodeKeepsThePadOutOfThePensSamples() throws {
        // Wacom-Intuos4-6x9.desc is the tablet as an old kernel gave it: one node for pen and pad.
        // The pad's frames carry its tool id (ABS_MISC 15, serial 0xffffffff); before, they
        // brought a phantom pen in at (0, 0) mm: 16 hover samples from the ExpressKeys.
        for events in [Fixtures.intuos4PadButtons, Fixtures.intuos4ModeToggle] {
            let samples = try Fixtures.samples(events, device: Fixtures.intuos4WholeDescription)
            #expect(samples.isEmpty, "\(events): \(samples.count) samples, first at \(String(describing: samples.first?.tabletLocation))")
        }
        // A Graphire4 or Bamboo pad says 0xf0 where an Intuos says 0xffffffff, and a Bamboo pad's
        // keys are BTN_LEFT/BTN_RIGHT: its frames, press and release, before the pen and while
        // it hovers, give no sample and never reach the pen's buttons.
        var text = try String(contentsOfFile: Fixtures.intuos4WholeDescription, encoding: .utf8)
        var time = 0.0
        func frame(_ events: [(Int, Int, Int)]) {
            time += 0.01
            for (type, code, value) in events { text += String(format: "E: %.6f %04x %04x %d\n", time, type, code, value) }
            text += String(format: "E: %.6f 0000 0000 0\n", time)
        }
        frame([(1, 0x100, 1), (3, 0x28, 15), (4, 0, 0xf0)])
        frame([(1, 0x100, 0), (3, 0x28, 0), (4, 0, 0xf0)])
        frame([(1, 0x140, 1), (3, 0x00, 20000), (3, 0x01, 12000), (3, 0x28, 0x802), (4, 0, 0x1234)])
        frame([(3, 0x00, 20010), (4, 0, 0x1234)])
        frame([(1, 0x110, 1), (3, 0x28, 15), (4, 0, 0xf0)])
        frame([(3, 0x00, 20020), (3, 0x28, 0x802), (4, 0, 0x1234)])
        frame([(1, 0x110, 0), (3, 0x28, 0), (4, 0, 0xf0)])
        frame([(3, 0x00, 20030), (3, 0x28, 0x802), (4, 0, 0x1234)])
        let mixed = try Fixtures.samples(try Fixtures.write(text))
        #expect(mixed.map(\.phase) == [.hover, .hover, .hover, .hover], "\(mixed.map(\.phase))")
        #expect(mixed.allSatisfy { $0.buttons.isEmpty && $0.toolSerial == 0x1234 && $0.toolID == 0x802 }, "\(mixed.map(\.buttons))")
        // The pen on that node is read as ever: the stylus recordings give their samples, none with the pad's id.
        let stylus = try Fixtures.samples(Fixtures.intuos4Move, device: Fixtures.intuos4WholeDescription)
        #expect(stylus.count == 443 && stylus.allSatisfy { $0.toolID != 15 })
    }

    /// The real 22HDT Finger node's description (its recording holds no events) with two touches
    /// of one finger: slot 0, tracking id 7 then −1 (release), BTN_TOUCH, single-touch X/Y too.
    static func touchRecording() throws -> String {
        let header = try String(contentsOfFile: Fixtures.cintiq22HDTFinger, encoding: .utf8)
        var text = header
        var time = 0.0
        func at(_ time: Double) -> String { String(format: "%.6f", time) }
        for touch in 0..<2 {
            text += "E: \(at(time)) 0003 002f 0\nE: \(at(time)) 0003 0039 \(7 + touch)\nE: \(at(time)) 0001 014a 1\n"
            text += "E: \(at(time)) 0003 0035 1000\nE: \(at(time)) 0003 0036 800\nE: \(at(time)) 0003 0000 1000\nE: \(at(time)) 0003 0001 800\nE: \(at(time)) 0000 0000 0\n"
            for step in 1...5 {
                time += 0.01
                text += "E: \(at(time)) 0003 0035 \(1000 + 40 * step)\nE: \(at(time)) 0003 0000 \(1000 + 40 * step)\nE: \(at(time)) 0000 0000 0\n"
            }
            time += 0.01
            text += "E: \(at(time)) 0003 0039 -1\nE: \(at(time)) 0001 014a 0\nE: \(at(time)) 0000 0000 0\n"
            time += 0.2
        }
        return try Fixtures.write(text)
    }

    @Test func aTouchscreenGivesTouchesNoPenStrokesAndNoFalseWarning() throws {
        let replay = try SampleReplay(path: try Self.touchRecording())
        let events = try replay.allEvents()
        #expect(events.compactMap(\.sample).isEmpty)  // such a node gave pen strokes at pressure 1.0
        #expect(replay.eventCount == 2 * (8 + 5 * 3 + 3))
        // Its fingers are touches: two, each began, moved 5 times (X only), ended.
        let touches = events.compactMap(\.touch)
        #expect(touches.map(\.phase) == Array(repeating: [.began] + Array(repeating: .moved, count: 5) + [.ended], count: 2).flatMap { $0 })
        #expect(touches.map(\.trackingID) == Array(repeating: 7, count: 7) + Array(repeating: 8, count: 7))
        #expect(replay.warnings.isEmpty, "\(replay.warnings)")
        // ABS_MT_TRACKING_ID −1 is a touch's normal release, not a value out of range.
        #expect(!replay.warnings.contains { $0.message.contains("ABS_MT_TRACKING_ID") })
    }

    @Test func infoPrintsTheClass() throws {
        let quill = CommandLineTests()
        let pad = try quill.quill("info", Fixtures.intuos4PadButtons, "--device", Fixtures.intuos4PadDescription)
        #expect(pad.status == 0)
        #expect(pad.output.contains("class: pad"))
        #expect(pad.output.contains("pad: 9 buttons (0=BTN_0, 1=BTN_1, 2=BTN_2, 3=BTN_3, 4=BTN_4, 5=BTN_5, 6=BTN_6, 7=BTN_7, 8=BTN_8), 1 ring(s), 0 strip(s)"))
        #expect(!pad.output.contains("tools:"))
        let touch = try quill.quill("info", Fixtures.cintiq22HDTFinger)
        #expect(touch.output.contains("class: touchscreen"))
        let pen = try quill.quill("info", Fixtures.cintiq12WX)
        #expect(pen.output.contains("class: pen"))
    }
}
