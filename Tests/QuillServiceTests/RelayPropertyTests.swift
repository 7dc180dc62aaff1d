import QuillCore
import QuillGestures
import QuillInput
import QuillTestSupport
import Testing

@testable import QuillService

/// The relay on seeded random pen streams: proximity, contact, barrel presses in any rhythm,
/// the eraser end, axes. What must hold whatever the person does.
struct RelayPropertyTests {
    static let device = DeviceDescription(
        name: "Random Pen", bus: 3, vendor: 0x056a, product: 0x0357,
        codes: [
            EvdevCode.EventType.key: [EvdevCode.Key.toolPen, EvdevCode.Key.toolRubber, EvdevCode.Key.touch, EvdevCode.Key.stylus, EvdevCode.Key.stylus2],
            EvdevCode.EventType.msc: [EvdevCode.Msc.serial],
        ],
        axes: [
            EvdevCode.Abs.x: AxisInfo(minimum: 0, maximum: 44800, fuzz: 0, flat: 0, resolution: 200),
            EvdevCode.Abs.y: AxisInfo(minimum: 0, maximum: 29600, fuzz: 0, flat: 0, resolution: 200),
            EvdevCode.Abs.pressure: AxisInfo(minimum: 0, maximum: 8191, fuzz: 0, flat: 0, resolution: 0),
            EvdevCode.Abs.misc: AxisInfo(minimum: 0, maximum: 0, fuzz: 0, flat: 0, resolution: 0),
        ])

    /// A random stream as real links give them: frames 5 ms apart, sometimes a stall up to 0.6 s,
    /// a repeated time, or a burst (5 to 30 frames within microseconds, as after a stall); the pen
    /// coming and going, touching, its two buttons pressed and released at random, now and then the
    /// eraser end.
    static func stream(seed: UInt64, frames: Int) -> [InputEvent] {
        var random = SeededRandom(seed: seed)
        var events: [InputEvent] = []
        var time: Int64 = 1_000_000
        var tool: UInt16?
        var touching = false
        var buttons: Set<UInt16> = []
        func add(_ type: UInt16, _ code: UInt16, _ value: Int32) { events.append(InputEvent(microseconds: time, type: type, code: code, value: value)) }
        var burst = 0
        for _ in 0..<frames {
            if burst > 0 {
                burst -= 1
                time += Int64.random(in: 0...50, using: &random)
            } else {
                switch Int.random(in: 0..<40, using: &random) {
                case 0..<4: time += Int64.random(in: 50_000...600_000, using: &random)  // a stall
                case 4..<6: break  // the same time again
                case 6: burst = Int.random(in: 5...30, using: &random)
                default: time += 5_000
                }
            }
            if let current = tool {
                if Int.random(in: 0..<80, using: &random) == 0 {
                    if touching { add(1, EvdevCode.Key.touch, 0); touching = false }
                    for button in buttons.sorted() { add(1, button, 0) }
                    buttons = []
                    add(1, current, 0)
                    add(3, EvdevCode.Abs.misc, 0)
                    tool = nil
                } else {
                    add(3, EvdevCode.Abs.x, Int32.random(in: 0...44800, using: &random))
                    add(3, EvdevCode.Abs.y, Int32.random(in: 0...29600, using: &random))
                    if Int.random(in: 0..<15, using: &random) == 0 { touching.toggle(); add(1, EvdevCode.Key.touch, touching ? 1 : 0) }
                    if touching { add(3, EvdevCode.Abs.pressure, Int32.random(in: 1...8191, using: &random)) }
                    for button in [EvdevCode.Key.stylus, EvdevCode.Key.stylus2] where Int.random(in: 0..<12, using: &random) == 0 {
                        if buttons.contains(button) { buttons.remove(button); add(1, button, 0) } else { buttons.insert(button); add(1, button, 1) }
                    }
                }
            } else if Int.random(in: 0..<5, using: &random) == 0 {
                let entering = Int.random(in: 0..<6, using: &random) == 0 ? EvdevCode.Key.toolRubber : EvdevCode.Key.toolPen
                add(3, EvdevCode.Abs.misc, entering == EvdevCode.Key.toolRubber ? 0x80a : 0x802)
                add(1, entering, 1)
                add(3, EvdevCode.Abs.x, Int32.random(in: 0...44800, using: &random))
                add(3, EvdevCode.Abs.y, Int32.random(in: 0...29600, using: &random))
                tool = entering
            }
            add(4, EvdevCode.Msc.serial, 0x1234)
            add(0, 0, 0)
        }
        return events
    }

    static func relay(_ events: [InputEvent], _ preferences: PencilPreferences) throws -> RelayOutput {
        var relay = try TabletRelay(device: device, preferences: preferences)
        var output = RelayOutput()
        var start = 0
        for (index, event) in events.enumerated() where event.isFrameEnd {
            if let deadline = relay.nextDeadline, deadline < event.microseconds { relay.advance(to: deadline, into: &output) }
            relay.relay(events[start...index], into: &output)
            start = index + 1
        }
        relay.finish(at: events.last?.microseconds ?? 0, into: &output)
        return output
    }

    /// One frame of `device` at `time` (µs).
    static func frame(_ time: Int64, _ events: [(UInt16, UInt16, Int32)]) -> [InputEvent] {
        events.map { InputEvent(microseconds: time, type: $0.0, code: $0.1, value: $0.2) } + [InputEvent(microseconds: time, type: 0, code: 0, value: 0)]
    }

    @Test func aSinglePressBeforeThePenLeavesReachesAppsBeforeItLeaves() throws {
        var relay = try TabletRelay(device: Self.device, preferences: PencilPreferences())
        var output = RelayOutput()
        let t: Int64 = 1_000_000_000  // a monotonic clock 1 000 s after boot
        let frames = [
            Self.frame(t, [(3, EvdevCode.Abs.misc, 0x802), (1, EvdevCode.Key.toolPen, 1), (3, 0, 1000), (3, 1, 1000)]),
            // A hovering pen moves a little in every frame (a frame without an axis gives no sample).
            Self.frame(t + 100_000, [(1, EvdevCode.Key.stylus, 1), (3, 0, 1001)]),
            Self.frame(t + 200_000, [(1, EvdevCode.Key.stylus, 0), (3, 0, 1002)]),
            Self.frame(t + 300_000, [(1, EvdevCode.Key.toolPen, 0), (3, EvdevCode.Abs.misc, 0)]),
        ]
        for frame in frames { relay.relay(frame[...], into: &output) }
        let keys = output.pen.filter { $0.type == 1 }.map { "\($0.code)=\($0.value)" }
        #expect(keys == ["\(EvdevCode.Key.toolPen)=1", "\(EvdevCode.Key.stylus)=1", "\(EvdevCode.Key.stylus)=0", "\(EvdevCode.Key.toolPen)=0"])
        #expect(relay.nextDeadline == nil)
    }

    @Test(arguments: [0, 123_456_789, 1_000_000_000, 3_600_000_001] as [Int64])
    func aSinglePressIsDecidedExactlyAtItsDeadline(start: Int64) throws {
        var relay = try TabletRelay(device: Self.device, preferences: PencilPreferences())
        var output = RelayOutput()
        for frame in [
            Self.frame(start, [(1, EvdevCode.Key.toolPen, 1), (3, 0, 1000), (3, 1, 1000)]),
            Self.frame(start + 100_000, [(1, EvdevCode.Key.stylus, 1), (3, 0, 1001)]),
            Self.frame(start + 200_000, [(1, EvdevCode.Key.stylus, 0), (3, 0, 1002)]),
        ] { relay.relay(frame[...], into: &output) }
        #expect(!output.pen.contains { $0.code == EvdevCode.Key.stylus && $0.type == 1 })
        // A live loop wakes at the deadline with no frame: the press is decided then, not later.
        let deadline = try #require(relay.nextDeadline)
        #expect(deadline > start + 200_000 + 300_000 && deadline <= start + 200_000 + 300_001)
        relay.advance(to: deadline, into: &output)
        #expect(output.pen.filter { $0.code == EvdevCode.Key.stylus && $0.type == 1 }.map(\.value) == [1, 0])
        #expect(relay.nextDeadline == nil)
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func whatMustHoldWhateverThePersonDoes(seed: UInt64) throws {
        let input = Self.stream(seed: seed, frames: 3_000)
        // Ignore: the stream as it was.
        var ignoring = PencilPreferences()
        ignoring.preferredTapAction = .ignore
        ignoring.preferredSqueezeAction = .ignore
        #expect(try Self.relay(input, ignoring).pen == input, "seed \(seed)")

        let output = try Self.relay(input, PencilPreferences()).pen
        // Whole frames; every time in order.
        #expect(output.last?.isFrameEnd == true, "seed \(seed)")
        #expect(zip(output, output.dropFirst()).allSatisfy { $0.microseconds <= $1.microseconds }, "seed \(seed)")
        // Positions and pressure untouched, in order.
        func axes(_ events: [InputEvent]) -> [InputEvent] { events.filter { $0.type == 3 && $0.code != EvdevCode.Abs.misc } }
        #expect(axes(output) == axes(input), "seed \(seed)")
        // Each key goes 1, 0, 1, 0 … on the virtual node: one tool in proximity at a time, no
        // button pressed twice, no release without its press.
        var down: Set<UInt16> = []
        for event in output where event.type == 1 {
            if event.value == 1 {
                #expect(!down.contains(event.code), "seed \(seed): \(EvdevNames.describe(type: 1, code: event.code)) pressed twice at \(event.microseconds)")
                if event.code == EvdevCode.Key.toolPen || event.code == EvdevCode.Key.toolRubber {
                    #expect(!down.contains(EvdevCode.Key.toolPen) && !down.contains(EvdevCode.Key.toolRubber), "seed \(seed): two tools at \(event.microseconds)")
                }
                down.insert(event.code)
            } else {
                #expect(down.contains(event.code), "seed \(seed): \(EvdevNames.describe(type: 1, code: event.code)) released unpressed at \(event.microseconds)")
                down.remove(event.code)
            }
        }
        // No press is invented: as many or fewer barrel presses reach apps (BTN_STYLUS2 all of them:
        // its squeeze action has no chord bound, so it is not held back).
        #expect(output.filter { $0.type == 1 && $0.code == EvdevCode.Key.stylus2 } == input.filter { $0.type == 1 && $0.code == EvdevCode.Key.stylus2 })
        for button in [EvdevCode.Key.stylus, EvdevCode.Key.stylus2] {
            #expect(output.filter { $0.type == 1 && $0.code == button && $0.value == 1 }.count <= input.filter { $0.type == 1 && $0.code == button && $0.value == 1 }.count)
        }
    }
}
