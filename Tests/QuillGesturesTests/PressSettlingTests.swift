import QuillCore
import QuillTestSupport
import Testing
@testable import QuillGestures

/// A press the recognizer holds back (for a double tap or a squeeze) is settled the moment the tip
/// touches and when the tool leaves: never delivered inside the stroke that follows it, never after
/// the pen left, never lost (issue 39). Samples every 5 ms (`PenScript`); time passes only with them.
@Suite struct PressSettlingTests {
    /// Each sample's index with the recognizer's events it gave, fed one at a time.
    static func feed(_ script: PenScript, _ parameters: DoubleTapParameters = .defaults) -> (recognizer: GestureRecognizer, given: [(index: Int, event: GestureEvent)]) {
        var recognizer = GestureRecognizer(parameters: parameters)
        var given: [(Int, GestureEvent)] = []
        var events: [GestureEvent] = []
        for (index, sample) in script.samples.enumerated() {
            events.removeAll()
            recognizer.add(sample, into: &events)
            given += events.map { (index, $0) }
        }
        return (recognizer, given)
    }

    static func began(_ script: PenScript) -> Int? { script.samples.firstIndex { $0.phase == .began } }

    @Test func aWaitingFirstTapIsDeliveredAsTheTipTouches() throws {
        // Press 0.105 s, release 0.165 s (deadline 0.465 s); the tip touches at 0.41 s.
        var pen = PenScript()
        pen.hover(0.1)
        pen.tap(0.06, then: 0.245)
        pen.hover(0.3, contact: true)
        let touch = try #require(Self.began(pen))
        #expect(pen.samples[touch].time < 0.465, "the tip touches before the first tap's deadline")
        let (recognizer, given) = Self.feed(pen)
        #expect(given.map(\.event.kind) == [.button(.stylus, isPressed: true), .button(.stylus, isPressed: false)])
        #expect(given.allSatisfy { $0.index == touch }, "given with the touching sample, before any sample of the stroke: \(given.map(\.index))")
        #expect(given.first?.event.time == 0.105, "the press keeps its own time")
        #expect(recognizer.nextDeadline == nil, "nothing waits any more")
    }

    @Test func aPressHeldForTheDecisionIsAPlainPressOnceTheTipTouches() throws {
        // Pressed while hovering, the tip touches while it is held, released while drawing, then a
        // quick second press: no double tap (the first press is no tap any more).
        var pen = PenScript()
        pen.hover(0.1)
        pen.hover(0.1, buttons: .stylus)
        pen.hover(0.1, buttons: .stylus, contact: true)
        pen.hover(0.05, contact: true)
        pen.hover(0.05)
        pen.tap(0.1, then: 0.5)
        let touch = try #require(Self.began(pen))
        let (_, given) = Self.feed(pen)
        #expect(given.first?.event.kind == .button(.stylus, isPressed: true) && given.first?.index == touch)
        #expect(given.dropFirst().first?.event.kind == .button(.stylus, isPressed: false))
        #expect(given.dropFirst().first.map { pen.samples[$0.index].phase.isInContact } == true, "released where the person released it, in the stroke")
        #expect(!given.contains { $0.event.kind == .doubleTap })
    }

    @Test func aSecondPressHeldWhenTheTipTouchesDeliversBothTapsInOrder() throws {
        var pen = PenScript()
        pen.hover(0.1)
        pen.tap(0.06, then: 0.1)
        pen.hover(0.05, buttons: .stylus)
        pen.hover(0.05, buttons: .stylus, contact: true)
        pen.hover(0.1, contact: true)
        let touch = try #require(Self.began(pen))
        let (recognizer, given) = Self.feed(pen)
        #expect(given.map(\.event.kind) == [.button(.stylus, isPressed: true), .button(.stylus, isPressed: false), .button(.stylus, isPressed: true), .button(.stylus, isPressed: false)])
        #expect(given.prefix(3).allSatisfy { $0.index == touch })
        #expect(zip(given, given.dropFirst()).allSatisfy { $0.event.time <= $1.event.time }, "in the order they happened")
        #expect(recognizer.nextDeadline == nil)
    }

    @Test func aSqueezeButtonHeldWhenTheTipTouchesIsAPlainPressNeverASqueeze() throws {
        // Held 0.8 s in all (past the 0.5 s squeeze hold), the tip touching at 0.2 s.
        var pen = PenScript()
        pen.hover(0.2, buttons: .stylus2)
        pen.hover(0.6, buttons: .stylus2, contact: true)
        pen.hover(0.1, contact: true)
        let touch = try #require(Self.began(pen))
        let (recognizer, given) = Self.feed(pen)
        #expect(given.map(\.event.kind) == [.button(.stylus2, isPressed: true), .button(.stylus2, isPressed: false)])
        #expect(given.first?.index == touch)
        #expect(given.first?.event.time == 0.005, "the press keeps its own time")
        #expect(recognizer.nextDeadline == nil)
    }

    @Test func aSqueezeAlreadyBegunIsStillCancelledByTouching() {
        var pen = PenScript()
        pen.hover(0.7, buttons: .stylus2)
        pen.hover(0.1, buttons: .stylus2, contact: true)
        pen.hover(0.1, contact: true)
        let kinds = Self.feed(pen).given.map(\.event.kind)
        #expect(kinds.first == .squeeze(.began) && kinds.last == .squeeze(.cancelled), "\(kinds)")
        #expect(!kinds.contains(.squeeze(.ended)) && !kinds.contains { if case .button = $0 { return true } else { return false } }, "the squeeze consumed the press: \(kinds)")
    }

    @Test func theToolLeavingDeliversWhatWaitsAndNothingAfter() throws {
        // A first tap waiting, then the squeeze button held (0.1 s: no squeeze yet), then the pen
        // leaves with the button still down in its last sample.
        var pen = PenScript()
        pen.hover(0.1)
        pen.tap(0.06, then: 0.05)
        pen.hover(0.1, buttons: .stylus2)
        var (recognizer, given) = Self.feed(pen)
        #expect(given.isEmpty)
        let out = pen.time + 0.005
        var events: [GestureEvent] = []
        recognizer.proximityOut(at: out, into: &events)
        #expect(events.map(\.kind) == [.button(.stylus, isPressed: true), .button(.stylus, isPressed: false), .button(.stylus2, isPressed: true), .button(.stylus2, isPressed: false)])
        #expect(events.allSatisfy { $0.time <= out })
        #expect(recognizer.nextDeadline == nil)
        events.removeAll()
        recognizer.advance(to: out + 10, into: &events)
        recognizer.finish(at: out + 10, into: &events)
        #expect(events.isEmpty, "nothing after the pen left: \(events.map(\.kind))")
    }

    @Test func aSecondPressAtProximityOutComesAfterItsFirstTap() {
        var pen = PenScript()
        pen.hover(0.1)
        pen.tap(0.06, then: 0.05)
        pen.hover(0.05, buttons: .stylus)
        var (recognizer, _) = Self.feed(pen)
        var events: [GestureEvent] = []
        recognizer.proximityOut(at: pen.time + 0.005, into: &events)
        #expect(events.map(\.kind) == [.button(.stylus, isPressed: true), .button(.stylus, isPressed: false), .button(.stylus, isPressed: true), .button(.stylus, isPressed: false)])
        #expect(zip(events, events.dropFirst()).allSatisfy { $0.time <= $1.time }, "\(events.map(\.time))")
    }

    @Test func tapsWithinOneContactStillMakeADoubleTapWhenConfigured() throws {
        // Only the touching itself settles: taps while the tip stays down count when the
        // parameters say so.
        var pen = PenScript()
        pen.hover(0.05, contact: true)
        pen.tap(0.1, then: 0.1, contact: true)
        pen.tap(0.1, then: 0.2, contact: true)
        let (_, given) = Self.feed(pen, try DoubleTapParameters(countsTapsWhileDrawing: true))
        #expect(given.map(\.event.kind) == [.doubleTap])
    }

    @Test func theSessionSettlesForARelaysOwnTouch() {
        // A relay that sees BTN_TOUCH before the pressure crosses the contact threshold settles
        // through the session: the waiting tap becomes its press and release outcomes.
        var pen = PenScript()
        pen.hover(0.1)
        pen.tap(0.06, then: 0.05)
        var session = PencilSession()
        var outcomes: [PencilInteraction.Outcome] = []
        for sample in pen.samples { session.handle(.sample(sample), into: &outcomes) }
        #expect(outcomes.isEmpty && session.nextDeadline != nil)
        session.settleForContact(of: 0, into: &outcomes)
        #expect(outcomes.map(\.gesture) == [.button(.stylus, isPressed: true), .button(.stylus, isPressed: false)])
        #expect(session.nextDeadline == nil)
        session.settleForContact(of: 7, into: &outcomes)
        #expect(outcomes.count == 2, "a device the session never saw: nothing")
    }
}
