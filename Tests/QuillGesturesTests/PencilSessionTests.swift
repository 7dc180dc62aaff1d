import QuillCore
import QuillTestSupport
import Testing
@testable import QuillGestures

/// The one gesture pipeline every client calls: events in, outcomes out, in the events' order.
@Suite struct PencilSessionTests {
    func run(_ events: [TabletEvent], preferences: PencilPreferences = PencilPreferences(), finishAt: Double? = nil) -> (PencilSession, [PencilInteraction.Outcome]) {
        var session = PencilSession(preferences: preferences)
        var outcomes: [PencilInteraction.Outcome] = []
        for event in events { session.handle(event, into: &outcomes) }
        if let finishAt { session.finish(at: finishAt, into: &outcomes) }
        return (session, outcomes)
    }

    func samples(_ script: PenScript, device: Int = 0) -> [TabletEvent] {
        script.samples.map { var sample = $0; sample.deviceIndex = device; return .sample(sample) }
    }

    @Test func aDoubleTapToTheEraserMakesThePenEndErase() {
        var script = PenScript()
        script.hover(0.1)
        script.tap(0.05, then: 0.1)
        script.tap(0.05, then: 0.1)
        let (session, outcomes) = run(samples(script))
        #expect(outcomes.map(\.gesture) == [.doubleTap])
        #expect(session.isErasing)
        let pen = script.samples[0]
        #expect(session.inking(pen).tool == .eraser, "the pen end erases: a mode")
        #expect(session.inking(pen).location == pen.location)
        // The same events with the tap ignored: the pen draws as the pen.
        var ignoring = PencilPreferences()
        ignoring.preferredTapAction = .ignore
        let (ignored, ignoredOutcomes) = run(samples(script), preferences: ignoring)
        #expect(ignoredOutcomes.first?.action == .ignore && ignoredOutcomes.first?.isRecognizedGesture == true)
        #expect(!ignored.isErasing && ignored.inking(pen).tool == .pen)
    }

    @Test func aProximityOutEndsTheSqueezeWhereTheStreamHasIt() {
        // Held past the squeeze hold (0.5 s), then the pen leaves while still squeezing.
        var script = PenScript()
        script.hover(0.1)
        script.hover(0.7, buttons: .stylus2)
        let out = script.time + 0.01
        let events = samples(script) + [.proximityOut(device: 0, tool: .pen, time: out, isForced: false)]
        let (_, outcomes) = run(events)
        let squeezes = outcomes.compactMap { outcome -> SqueezePhase? in
            if case .squeeze(let phase) = outcome.gesture { return phase } else { return nil }
        }
        #expect(squeezes.first == .began)
        #expect(squeezes.last == .cancelled)
        #expect(outcomes.last?.time == out, "cancelled at the proximity-out, not later")
        #expect(outcomes.map(\.time) == outcomes.map(\.time).sorted(), "outcomes in time order")
    }

    @Test func eachTabletHasItsOwnRecognizer() {
        // One press on device 0 and one on device 1, 0.15 s apart: two single presses, no double tap.
        var first = PenScript()
        first.hover(0.05)
        first.tap(0.05, then: 0.5)
        var second = PenScript()
        second.hover(0.2)
        second.tap(0.05, then: 0.4)
        let merged = (samples(first, device: 0) + samples(second, device: 1)).sorted { ($0.time ?? 0, $0.device) < ($1.time ?? 0, $1.device) }
        let (_, outcomes) = run(merged, finishAt: 2)
        #expect(!outcomes.contains { $0.gesture == .doubleTap })
        let presses = outcomes.filter { if case .button(_, true) = $0.gesture { return true } else { return false } }
        #expect(presses.count == 2)
        // The same presses on one tablet are a double tap.
        let (_, together) = run(merged.map { event in
            guard case .sample(var sample) = event else { return event }
            sample.deviceIndex = 0
            return .sample(sample)
        }, finishAt: 2)
        #expect(together.contains { $0.gesture == .doubleTap })
    }

    @Test func aPadButtonActsAtThePensLastHoverLocationUntilThePenLeaves() {
        var preferences = PencilPreferences()
        preferences.padButtons[2] = .action(.showContextualPalette)
        var script = PenScript()
        script.hover(0.1, speed: 20)
        let hover = script.samples.last!
        let press = PadEvent(time: script.time + 0.01, deviceIndex: 1, kind: .button(number: 2, isPressed: true))
        let (_, near) = run(samples(script) + [.pad(press)], preferences: preferences)
        #expect(near.count == 1)
        #expect(near.first?.pose == HoverPose(hover))
        #expect(near.first?.changes.contains(.paletteShown(.contextual)) == true)
        let (_, away) = run(samples(script) + [.proximityOut(device: 0, tool: .pen, time: script.time, isForced: true), .pad(press)], preferences: preferences)
        #expect(away.first?.pose == nil, "no hover location once the pen has left")
    }

    @Test func aPucksBoundButtonIsReleasedWithItsProximity() {
        var preferences = PencilPreferences()
        preferences.puckButtons["BTN_SIDE"] = .squeeze
        var script = PenScript()
        script.hover(0.1, buttons: .side, tool: .lens)
        let events = samples(script) + [.proximityOut(device: 0, tool: .lens, time: script.time + 0.005, isForced: false)]
        let (_, outcomes) = run(events, preferences: preferences)
        #expect(outcomes.map(\.gesture) == [.squeeze(.began), .squeeze(.ended)])
        #expect(outcomes.last?.time == script.time + 0.005)
    }

    @Test func seededEventStreamsGiveTheSameOutcomesTwiceNeverFromTheFuture() {
        var random = SeededRandom(seed: 19)
        for _ in 0..<40 {
            var script = PenScript()
            var events: [TabletEvent] = []
            for _ in 0..<Int.random(in: 3...12, using: &random) {
                let buttons: PenButtons = [[], .stylus, .stylus2, [.stylus, .stylus2]][Int.random(in: 0...3, using: &random)]
                let before = script.samples.count
                script.hover(Double.random(in: 0.01...0.6, using: &random), buttons: buttons, contact: Double.random(in: 0...1, using: &random) < 0.2)
                events += script.samples[before...].map { TabletEvent.sample($0) }
                if Double.random(in: 0...1, using: &random) < 0.2 {
                    events.append(.proximityOut(device: 0, tool: .pen, time: script.time, isForced: false))
                }
            }
            let (_, once) = run(events, finishAt: script.time + 1)
            let (_, twice) = run(events, finishAt: script.time + 1)
            #expect(once == twice)
            // Causal: an outcome given at an event is never later than that event.
            var session = PencilSession()
            var outcomes: [PencilInteraction.Outcome] = []
            for event in events {
                session.handle(event, into: &outcomes)
                for outcome in outcomes { #expect(outcome.time <= (event.time ?? 0) + 1e-9, "\(outcome.gesture) at \(outcome.time) given at \(event)") }
                outcomes.removeAll()
            }
        }
    }
}
