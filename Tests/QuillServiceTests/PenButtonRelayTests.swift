import QuillCore
import QuillGestures
import QuillInput
import QuillTestSupport
import Testing

@testable import QuillService

/// A barrel button that scrolls or clicks only while the tip touches, in every app (issue 39):
/// the virtual pointer's wheels and the virtual tablet's frames.
struct PenButtonRelayTests {
    static let device = RelayPropertyTests.device
    /// The Intuos Pro M of `RelayPropertyTests`: 200 units a millimetre.
    static let unitsPerMillimetre: Int32 = 200

    static func preferences(_ bindings: [TapSource: PenButtonAction]) -> PencilPreferences {
        var preferences = PencilPreferences()
        preferences.penButtons = bindings
        return preferences
    }

    static func sum(_ events: [InputEvent], _ code: UInt16) -> Int32 {
        events.filter { $0.type == EvdevCode.EventType.rel && $0.code == code }.reduce(0) { $0 + $1.value }
    }

    /// A pen hovering at (100, 50) mm presses `button`, moves `down` mm down then `right` mm right
    /// in 0.5 mm steps 5 ms apart, releases, and moves 1 mm more.
    static func sweep(button: UInt16, down: Int32, right: Int32, touching: Bool = false) -> [InputEvent] {
        var frames: [[InputEvent]] = []
        var time: Int64 = 1_000_000
        var x = 100 * unitsPerMillimetre, y = 50 * unitsPerMillimetre
        func frame(_ events: [(UInt16, UInt16, Int32)]) {
            frames.append(RelayPropertyTests.frame(time, events))
            time += 5_000
        }
        frame([(3, EvdevCode.Abs.misc, 0x802), (1, EvdevCode.Key.toolPen, 1), (3, 0, x), (3, 1, y)])
        if touching { frame([(1, EvdevCode.Key.touch, 1), (3, EvdevCode.Abs.pressure, 3000)]) }
        frame([(1, button, 1), (3, 0, x)])
        for _ in 0..<(down * 2) {
            y += unitsPerMillimetre / 2
            frame([(3, 1, y)])
        }
        for _ in 0..<(right * 2) {
            x += unitsPerMillimetre / 2
            frame([(3, 0, x)])
        }
        frame([(1, button, 0), (3, 0, x)])
        if touching { frame([(1, EvdevCode.Key.touch, 0), (3, EvdevCode.Abs.pressure, 0)]) }
        x += unitsPerMillimetre
        frame([(3, 0, x)])
        frame([(1, EvdevCode.Key.toolPen, 0), (3, EvdevCode.Abs.misc, 0)])
        return frames.flatMap { $0 }
    }

    @Test func holdingTheButtonAndMovingScrollsByItsTravel() throws {
        // 20 mm down and 8 mm right at 4 mm a click: five clicks towards the person, two right;
        // held 0.28 s, longer than a squeeze would need were the button still the squeeze's.
        let input = Self.sweep(button: EvdevCode.Key.stylus2, down: 20, right: 8)
        let output = try RelayPropertyTests.relay(input, Self.preferences([.stylus2: .scroll]))
        #expect(Self.sum(output.pointer, EvdevCode.Rel.wheelHighResolution) == -600)
        #expect(Self.sum(output.pointer, EvdevCode.Rel.wheel) == -5)
        #expect(Self.sum(output.pointer, EvdevCode.Rel.hWheelHighResolution) == 240)
        #expect(Self.sum(output.pointer, EvdevCode.Rel.hWheel) == 2)
        #expect(output.pointer.last?.isFrameEnd == true)
        // A click each time the high-resolution units pass another 120, never before.
        var units: Int32 = 0
        var clicks: Int32 = 0
        for event in output.pointer where event.type == EvdevCode.EventType.rel {
            if event.code == EvdevCode.Rel.wheelHighResolution { units += event.value }
            if event.code == EvdevCode.Rel.wheel {
                clicks += event.value
                #expect(clicks * 120 >= units && clicks * 120 > units - 120)
            }
        }
        // The button never reaches apps; the pen stays where the scroll began, then is where it is.
        #expect(!output.pen.contains { $0.type == 1 && $0.code == EvdevCode.Key.stylus2 })
        let xs = output.pen.filter { $0.type == 3 && $0.code == 0 }.map(\.value)
        let ys = output.pen.filter { $0.type == 3 && $0.code == 1 }.map(\.value)
        // (The press's own frame is held already: the scroll begins with it.)
        #expect(xs == [20_000, 21_600, 21_800] && ys == [10_000, 14_000], "x \(xs), y \(ys)")
        #expect(output.outcomes.allSatisfy { $0.gesture != .squeeze(.began) })
    }

    @Test func theTipTouchingDoesNotScroll() throws {
        // Pressed while touching: a drag, not a scroll; the button is not sent either (it scrolls
        // or is nothing), and the pen's positions pass.
        let input = Self.sweep(button: EvdevCode.Key.stylus, down: 10, right: 0, touching: true)
        let output = try RelayPropertyTests.relay(input, Self.preferences([.stylus: .scroll]))
        #expect(output.pointer.isEmpty)
        #expect(output.pen.filter { $0.type == 3 && $0.code == 1 }.count == 21)
        #expect(!output.pen.contains { $0.type == 1 && $0.code == EvdevCode.Key.stylus })
    }

    @Test func theDoubleTapsButtonBoundToScrollIsNoDoubleTap() throws {
        // The Cintiq 22HDT's person double-taps BTN_STYLUS: unbound, the pen becomes the eraser;
        // bound to scroll, the taps are no gesture and nothing switches.
        let path = TabletRelayTests.cintiq22HDT
        let unbound = try TabletRelayTests.relayed(path, PencilPreferences())
        let bound = try TabletRelayTests.relayed(path, Self.preferences([.stylus: .scroll]))
        func switches(_ output: RelayOutput) -> Int { output.outcomes.filter { $0.gesture == .doubleTap && $0.action == .switchEraser }.count }
        #expect(switches(unbound.output) == 3 && switches(bound.output) == 0)
        let rubber = { (events: [InputEvent]) in events.filter { $0.type == 1 && $0.code == EvdevCode.Key.toolRubber && $0.value == 1 }.count }
        #expect(rubber(bound.output.pen) == rubber(bound.input) && rubber(unbound.output.pen) > rubber(unbound.input))
        #expect(!bound.output.pen.contains { $0.type == 1 && $0.code == EvdevCode.Key.stylus })
    }

    @Test func clickWhileTouchingDropsPressesWhileHovering() throws {
        let preferences = Self.preferences([.stylus2: .clickWhileTouching])
        let hovering = try RelayPropertyTests.relay(Self.sweep(button: EvdevCode.Key.stylus2, down: 2, right: 0), preferences)
        #expect(!hovering.pen.contains { $0.type == 1 && $0.code == EvdevCode.Key.stylus2 })
        #expect(hovering.pen.filter { $0.type == 3 && $0.code == 1 }.count == 5, "positions pass")
        let touching = try RelayPropertyTests.relay(Self.sweep(button: EvdevCode.Key.stylus2, down: 2, right: 0, touching: true), preferences)
        #expect(touching.pen.filter { $0.type == 1 && $0.code == EvdevCode.Key.stylus2 }.map(\.value) == [1, 0])
    }

    @Test(arguments: [11, 12, 13, 14, 15, 16] as [UInt64])
    func whatHoldsWhateverThePersonDoes(seed: UInt64) throws {
        let input = RelayPropertyTests.stream(seed: seed, frames: 3_000)
        let output = try RelayPropertyTests.relay(input, Self.preferences([.stylus: .scroll, .stylus2: .clickWhileTouching]))
        // The scrolling button never reaches apps; the wheels come in whole frames, a click for
        // each 120 high-resolution units.
        #expect(!output.pen.contains { $0.type == 1 && $0.code == EvdevCode.Key.stylus }, "seed \(seed)")
        #expect(output.pointer.isEmpty || output.pointer.last?.isFrameEnd == true, "seed \(seed)")
        for (wheel, clicks) in [(EvdevCode.Rel.wheelHighResolution, EvdevCode.Rel.wheel), (EvdevCode.Rel.hWheelHighResolution, EvdevCode.Rel.hWheel)] {
            #expect(abs(Self.sum(output.pointer, wheel) - 120 * Self.sum(output.pointer, clicks)) < 120, "seed \(seed)")
        }
        #expect(output.pointer.contains { $0.code == EvdevCode.Rel.wheelHighResolution }, "seed \(seed): no scroll tests nothing")
        // BTN_STYLUS2 on the virtual node: only while it touches, pressed and released in turn.
        var touching = false
        var pressed = false
        for event in output.pen where event.type == 1 {
            if event.code == EvdevCode.Key.touch { touching = event.value != 0 }
            if event.code == EvdevCode.Key.stylus2 {
                if event.value != 0 { #expect(touching && !pressed, "seed \(seed)") } else { #expect(pressed, "seed \(seed)") }
                pressed = event.value != 0
            }
            if Self.isTool(event.code), event.value == 0 { pressed = false }
        }
        // Frames stay in time order, whole.
        #expect(output.pen.last?.isFrameEnd == true && zip(output.pen, output.pen.dropFirst()).allSatisfy { $0.microseconds <= $1.microseconds }, "seed \(seed)")
    }

    @Test func panGivesAppsTheMiddleButtonWhicheverButtonIsHeld() throws {
        // BTN_STYLUS2 bound to pan: apps get BTN_STYLUS (the desktops' middle button) pressed and
        // released where BTN_STYLUS2 was, and every position between, as the pen moved.
        let input = Self.sweep(button: EvdevCode.Key.stylus2, down: 6, right: 2)
        let output = try RelayPropertyTests.relay(input, Self.preferences([.stylus2: .pan]))
        #expect(output.pen.filter { $0.type == 1 && $0.code == EvdevCode.Key.stylus }.map(\.value) == [1, 0])
        #expect(!output.pen.contains { $0.type == 1 && $0.code == EvdevCode.Key.stylus2 })
        for axis in [EvdevCode.Abs.x, EvdevCode.Abs.y] {
            #expect(output.pen.filter { $0.type == 3 && $0.code == axis }.map(\.value) == input.filter { $0.type == 3 && $0.code == axis }.map(\.value))
        }
        #expect(output.pointer.isEmpty)
        #expect(!output.outcomes.contains { $0.gesture == .doubleTap || $0.gesture == .squeeze(.began) }, "no double tap, no squeeze: \(output.outcomes)")
        // The press and release come in the frames (times) the person made them.
        let times = { (events: [InputEvent], code: UInt16) in events.filter { $0.type == 1 && $0.code == code }.map(\.microseconds) }
        #expect(times(output.pen, EvdevCode.Key.stylus) == times(input, EvdevCode.Key.stylus2))
    }

    @Test(arguments: [21, 22, 23, 24, 25, 26] as [UInt64])
    func panningPressesAndReleasesOnceWhateverThePersonHolds(seed: UInt64) throws {
        // Both buttons pressed and released at random, the pen in and out, repeated and stalled
        // times: BTN_STYLUS on the virtual node is pressed and released in turn, held exactly while
        // one of the two is, and never left pressed when the pen leaves.
        let input = RelayPropertyTests.stream(seed: seed, frames: 3_000)
        let output = try RelayPropertyTests.relay(input, Self.preferences([.stylus2: .pan]))
        #expect(!output.pen.contains { $0.type == 1 && $0.code == EvdevCode.Key.stylus2 }, "seed \(seed)")
        var pressed = false
        var presses = 0
        for event in output.pen where event.type == 1 {
            if event.code == EvdevCode.Key.stylus {
                #expect(pressed != (event.value != 0), "seed \(seed): a repeated value at \(event.microseconds) µs")
                pressed = event.value != 0
                presses += event.value != 0 ? 1 : 0
            }
            if Self.isTool(event.code), event.value == 0 {
                // The release comes in the tool's last frame, after its tool-out.
                #expect(!pressed || output.pen.contains { $0.microseconds == event.microseconds && $0.code == EvdevCode.Key.stylus && $0.value == 0 }, "seed \(seed)")
            }
        }
        let inputPresses = input.filter { $0.type == 1 && ($0.code == EvdevCode.Key.stylus || $0.code == EvdevCode.Key.stylus2) && $0.value != 0 }.count
        #expect(presses > 0 && presses <= inputPresses, "seed \(seed): \(presses) presses of \(inputPresses)")
        #expect(output.pen.last?.isFrameEnd == true && zip(output.pen, output.pen.dropFirst()).allSatisfy { $0.microseconds <= $1.microseconds }, "seed \(seed)")
    }

    static func isTool(_ code: UInt16) -> Bool { code >= EvdevCode.Key.toolPen && code <= EvdevCode.Key.toolLens }
}
