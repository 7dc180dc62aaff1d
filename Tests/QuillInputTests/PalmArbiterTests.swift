import QuillCore
import Testing
@testable import QuillInput

/// Palm rejection against libinput 1.22.1's rules (fingers.md: `tablet_calculate_arbitration_rect`,
/// `fallback_interface_toggle_touch`, the 90 ms timer), on pen samples and touches built here.
@Suite struct PalmArbiterTests {
    static let pen = 0, touchDevice = 1

    static func pen(_ time: Double, x: Double, y: Double, tiltX: Double, tiltY: Double = 0, phase: PenPhase = .hover) -> TabletEvent {
        let orientation = PenOrientation(tilt: PenTilt(xDegrees: tiltX, yDegrees: tiltY))
        return .sample(PenSample(
            time: time, location: Point(x: x, y: y), tabletLocation: Point(x: x, y: y), phase: phase, tool: .pen, force: 0, pressure: 0,
            altitude: orientation.altitude, azimuth: orientation.azimuth, deviceIndex: pen))
    }

    static func touch(_ time: Double, slot: Int, _ phase: TouchPhase, x: Double, y: Double) -> TabletEvent {
        .touch(TouchSample(
            time: time, id: slot, slot: slot, trackingID: Int32(slot), phase: phase, location: Point(x: x, y: y), tabletLocation: Point(x: x, y: y),
            deviceIndex: touchDevice))
    }

    static func arbitrate(_ events: [TabletEvent]) -> [TabletEvent] {
        var arbiter = PalmArbiter()
        arbiter.pair(pen: pen, touch: touchDevice)
        var output: [TabletEvent] = []
        arbiter.arbitrate(events, into: &output)
        return output
    }

    /// (slot, phase, rejected) of every touch, in order.
    static func touches(_ events: [TabletEvent]) -> [String] {
        events.compactMap(\.touch).map { "\($0.slot) \($0.phase.rawValue)\($0.rejection == nil ? "" : " palm")" }
    }

    /// fingers.md: x = tip.x − 20 (tilt x > 0) or tip.x + 20 − 200, width 200; y = tip.y − 100,
    /// height 250; clipped at 0, the size growing by what was cut.
    @Test func theRectangleIsLibinputs() {
        let right = PalmArbiter.rejectionRectangle(tip: Point(x: 100, y: 150), tiltX: 30)
        #expect(right == Rect(x: 80, y: 50, width: 200, height: 250))
        let left = PalmArbiter.rejectionRectangle(tip: Point(x: 300, y: 150), tiltX: -30)
        #expect(left == Rect(x: 120, y: 50, width: 200, height: 250))
        let clippedLeft = PalmArbiter.rejectionRectangle(tip: Point(x: 100, y: 150), tiltX: -30)
        #expect(clippedLeft == Rect(x: 0, y: 50, width: 280, height: 250))
        let corner = PalmArbiter.rejectionRectangle(tip: Point(x: 10, y: 40), tiltX: 5)
        #expect(corner == Rect(x: 0, y: 0, width: 210, height: 310))
    }

    @Test func tiltXComesBackFromAltitudeAndAzimuth() {
        for (x, y) in [(30.0, 0.0), (-30, 10), (0, 40), (0, 0), (0.5, -60)] {
            guard case .sample(let sample) = Self.pen(0, x: 0, y: 0, tiltX: x, tiltY: y) else { return }
            let back = PalmArbiter.tiltX(of: sample)
            #expect(x == 0 ? back == 0 : abs(back - x) < 1e-9, "tilt \(x), \(y) → \(back)")
        }
    }

    /// A tilted pen: the touch inside the rectangle is cancelled once, the one outside lives on;
    /// a touch beginning inside while the pen stays is ignored until it lifts; after the pen
    /// leaves (no mute-all), a new touch inside is a normal touch.
    @Test func aTiltedPenCancelsTheTouchesInItsRectangle() {
        let events: [TabletEvent] = [
            Self.touch(0.00, slot: 0, .began, x: 150, y: 200),  // inside the rectangle to come
            Self.touch(0.00, slot: 1, .began, x: 30, y: 300),  // left of it
            .touchFrame(device: Self.touchDevice, time: 0),
            Self.pen(0.10, x: 100, y: 150, tiltX: 30),
            Self.touch(0.15, slot: 0, .moved, x: 151, y: 200),
            Self.touch(0.15, slot: 1, .moved, x: 31, y: 300),
            Self.pen(0.20, x: 110, y: 150, tiltX: 30, phase: .began),
            Self.touch(0.25, slot: 2, .began, x: 200, y: 250),  // inside: ignored
            Self.touch(0.30, slot: 2, .moved, x: 201, y: 250),
            Self.touch(0.35, slot: 2, .ended, x: 201, y: 250),
            Self.touch(0.40, slot: 0, .ended, x: 151, y: 200),
            .proximityOut(device: Self.pen, tool: .pen, time: 0.50, isForced: false),
            Self.touch(0.52, slot: 3, .began, x: 150, y: 200),  // the pen left, no mute-all: a touch
            Self.touch(0.60, slot: 3, .ended, x: 150, y: 200),
            Self.touch(0.60, slot: 1, .ended, x: 31, y: 300),
        ]
        let output = Self.arbitrate(events)
        #expect(Self.touches(output) == [
            "0 began", "1 began",
            "0 cancelled palm",  // once, as the pen enters rectangle mode
            "0 moved palm", "1 moved",
            "2 began palm", "2 moved palm", "2 ended palm",
            "0 ended palm",
            "3 began", "3 ended", "1 ended",
        ])
        // The cancellation comes right after the pen sample that caused it, with a frame.
        let cancelIndex = output.firstIndex { $0.touch?.phase == .cancelled }!
        #expect(output[cancelIndex - 1].sample != nil)
        #expect(output[cancelIndex + 1] == .touchFrame(device: Self.touchDevice, time: 0.10))
    }

    /// The rectangle follows the tip, but only new touches meet it (libinput: "if you want to
    /// paint over your finger, be my guest").
    @Test func theRectangleFollowsTheTipForNewTouchesOnly() {
        let output = Self.arbitrate([
            Self.pen(0.0, x: 100, y: 150, tiltX: 30),
            Self.touch(0.1, slot: 0, .began, x: 40, y: 150),  // left of x 80: a touch
            Self.pen(0.2, x: 50, y: 150, tiltX: 30),  // the rectangle now starts at 30
            Self.touch(0.3, slot: 0, .moved, x: 41, y: 150),  // stays accepted
            Self.touch(0.3, slot: 1, .began, x: 45, y: 160),  // new, inside the moved rectangle
        ])
        #expect(Self.touches(output) == ["0 began", "0 moved", "1 began palm"])
    }

    /// The left hand: tilt x < 0 mirrors the rectangle to the left of the tip.
    @Test func aLeftHandMirrorsTheRectangle() {
        let output = Self.arbitrate([
            Self.touch(0.0, slot: 0, .began, x: 330, y: 200),  // right of the tip + 20: outside for a left hand
            Self.touch(0.0, slot: 1, .began, x: 150, y: 200),  // left of the tip: inside (120 … 320)
            Self.pen(0.1, x: 300, y: 150, tiltX: -30),
        ])
        #expect(Self.touches(output) == ["0 began", "1 began", "1 cancelled palm"])
    }

    /// A pen with no tilt along x mutes every touch; after it leaves, touches stay muted 90 ms.
    @Test func anUprightPenMutesEveryTouchUntil90MillisecondsAfterItLeaves() {
        let output = Self.arbitrate([
            Self.touch(0.0, slot: 0, .began, x: 500, y: 500),
            Self.pen(0.1, x: 100, y: 100, tiltX: 0, tiltY: 20),
            Self.touch(0.2, slot: 1, .began, x: 900, y: 900),  // anywhere: muted
            .proximityOut(device: Self.pen, tool: .pen, time: 0.30, isForced: false),
            Self.touch(0.35, slot: 1, .ended, x: 900, y: 900),
            Self.touch(0.36, slot: 2, .began, x: 700, y: 700),  // 60 ms after: still muted
            Self.touch(0.37, slot: 2, .ended, x: 700, y: 700),
            Self.touch(0.40, slot: 3, .began, x: 700, y: 700),  // 100 ms after: a touch
            Self.touch(0.45, slot: 3, .ended, x: 700, y: 700),
            Self.touch(0.50, slot: 0, .ended, x: 500, y: 500),  // cancelled long ago: still rejected
        ])
        #expect(Self.touches(output) == [
            "0 began", "0 cancelled palm", "1 began palm", "1 ended palm", "2 began palm", "2 ended palm", "3 began", "3 ended",
            "0 ended palm",
        ])
    }

    /// libinput keeps a mute-all until 90 ms after the pen leaves even when the pen tilts in the
    /// meantime (`in_arbitration` is cleared only by the timer).
    @Test func aMuteAllOutlastsATiltUntilThePenLeaves() {
        let output = Self.arbitrate([
            Self.pen(0.0, x: 100, y: 100, tiltX: 0),
            Self.pen(0.1, x: 100, y: 100, tiltX: 30),  // rectangle mode, still muted
            Self.touch(0.2, slot: 0, .began, x: 600, y: 600),  // far outside the rectangle: muted anyway
            Self.touch(0.3, slot: 0, .ended, x: 600, y: 600),
            .proximityOut(device: Self.pen, tool: .pen, time: 0.4, isForced: true),
            Self.touch(0.6, slot: 0, .began, x: 600, y: 600),
        ])
        #expect(Self.touches(output) == ["0 began palm", "0 ended palm", "0 began"])
    }

    /// Unpaired devices pass untouched.
    @Test func unpairedTouchesPass() {
        var arbiter = PalmArbiter()
        arbiter.pair(pen: 5, touch: 6)
        var output: [TabletEvent] = []
        let events = [Self.pen(0, x: 100, y: 100, tiltX: 0), Self.touch(0.1, slot: 0, .began, x: 100, y: 100)]
        arbiter.arbitrate(events, into: &output)
        #expect(output == events)
    }
}

/// A touchpad paired with a pen (libinput's tp_interface_toggle_touch): a tilted pen mutes every
/// touch as an upright one does, and the pad stays muted 90 ms after the pen leaves.
@Suite struct TouchpadArbitrationTests {
    @Test func aTiltedPenMutesTheWholeTouchpad() {
        var arbiter = PalmArbiter()
        arbiter.pair(pen: PalmArbiterTests.pen, touch: PalmArbiterTests.touchDevice, isTouchpad: true)
        var output: [TabletEvent] = []
        arbiter.arbitrate([
            PalmArbiterTests.touch(0.0, slot: 0, .began, x: 900, y: 900),  // far from any rectangle
            PalmArbiterTests.pen(0.1, x: 100, y: 100, tiltX: 30),
            PalmArbiterTests.touch(0.2, slot: 1, .began, x: 900, y: 900),
            .proximityOut(device: PalmArbiterTests.pen, tool: .pen, time: 0.3, isForced: false),
            PalmArbiterTests.touch(0.35, slot: 2, .began, x: 900, y: 900),  // within 90 ms: muted
            PalmArbiterTests.touch(0.45, slot: 3, .began, x: 900, y: 900),  // after: a touch
        ], into: &output)
        #expect(PalmArbiterTests.touches(output) == ["0 began", "0 cancelled palm", "1 began palm", "2 began palm", "3 began"])
    }
}
