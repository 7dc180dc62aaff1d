import QuillCore
import QuillTestSupport
import Testing
@testable import QuillGestures

/// Synthetic hovering pen at 200 Hz with barrel-button presses.
struct PenScript {
    var samples: [PenSample] = []
    var time = 0.0
    var x = 50.0

    /// Hovers for `duration` seconds holding `buttons`, moving `speed` mm/s along x, touching when `contact`.
    mutating func hover(_ duration: Double, buttons: PenButtons = [], speed: Double = 0, contact: Bool = false, tool: PenTool = .pen) {
        let steps = Int((duration * 200).rounded())
        for _ in 0..<steps {
            time += 0.005
            x += speed * 0.005
            let previousContact = samples.last?.phase.isInContact ?? false
            let phase: PenPhase = contact ? (previousContact ? .moved : .began) : (previousContact ? .ended : .hover)
            samples.append(PenSample(
                time: (time * 1000).rounded() / 1000, location: CanvasPoint(x: x * 6, y: 300), tabletLocation: TabletPoint(x: x, y: 50),
                phase: phase, tool: tool, force: contact ? 1 : 0, pressure: contact ? 0.24 : 0, altitude: 1.2, azimuth: 0.5, distance: contact ? 0 : 0.4,
                buttons: buttons))
        }
    }

    /// A press of `button` lasting `duration` s, then `after` s released.
    mutating func tap(_ duration: Double, then after: Double, button: PenButtons = .stylus, speed: Double = 0, contact: Bool = false) {
        hover(duration, buttons: button, speed: speed, contact: contact)
        hover(after, speed: speed, contact: contact)
    }

    func recognize(_ parameters: DoubleTapParameters = .defaults, proximityOutAt: Double? = nil) -> [GestureEvent] {
        var recognizer = GestureRecognizer(parameters: parameters)
        var events: [GestureEvent] = []
        for sample in samples { recognizer.add(sample, into: &events) }
        if let out = proximityOutAt { recognizer.proximityOut(at: out, into: &events) }
        recognizer.finish(at: time + 1, into: &events)
        return events
    }
}

extension [GestureEvent] {
    var doubleTaps: Int { filter { $0.kind == .doubleTap }.count }
    var buttonEvents: Int { filter { if case .button = $0.kind { return true } else { return false } }.count }
    var squeezePhases: [SqueezePhase] { compactMap { if case .squeeze(let phase) = $0.kind { return phase } else { return nil } } }
}

@Suite struct GestureRecognizerTests {
    // Defaults: press ≤ 0.35 s, gap ≤ 0.30 s, travel ≤ 15 mm; samples every 5 ms.

    @Test func aPressWhileDrawingDeliversAWaitingFirstTapFirst() {
        // A tap while hovering, then the tip touches and the button is pressed while drawing:
        // the first tap can no longer be a double tap's, and the presses stay in order (found by
        // the virtual tablet's random streams: the first tap came after the drawing press).
        var pen = PenScript()
        pen.hover(0.1)
        pen.tap(0.05, then: 0.02)
        pen.hover(0.02, contact: true)
        pen.hover(0.1, buttons: .stylus, contact: true)
        pen.hover(0.5, contact: true)
        let buttons = pen.recognize().compactMap { event -> (Double, Bool)? in
            if case let .button(_, isPressed) = event.kind { return (event.time, isPressed) } else { return nil }
        }
        #expect(buttons.map(\.1) == [true, false, true, false])
        #expect(zip(buttons, buttons.dropFirst()).allSatisfy { $0.0 <= $1.0 }, "delivered in the order they happened: \(buttons)")
    }

    @Test func twoQuickShortPressesAreADoubleTap() {
        var pen = PenScript()
        pen.hover(0.1)
        pen.tap(0.340, then: 0.295)  // just inside both limits
        pen.tap(0.2, then: 0.5)
        let events = pen.recognize()
        #expect(events.doubleTaps == 1)
        #expect(events.buttonEvents == 0, "taps of a double tap are not also buttons")
        let tap = events.first { $0.kind == .doubleTap }
        // The first sample without the button is the release: 5 ms after the last pressed sample.
        #expect(abs((tap?.time ?? 0) - (0.1 + 0.340 + 0.295 + 0.2 + 0.005)) < 1e-9, "recognized at the second release")
        #expect(tap?.pose != nil)
    }

    @Test func aPressJustTooLongIsNotATap() {
        var pen = PenScript()
        pen.hover(0.1)
        pen.tap(0.360, then: 0.2)
        pen.tap(0.2, then: 0.5)
        let events = pen.recognize()
        #expect(events.doubleTaps == 0)
        #expect(events.buttonEvents == 4, "both presses delivered as ordinary buttons")
    }

    @Test func aGapJustTooLongGivesTwoSinglePresses() {
        var pen = PenScript()
        pen.hover(0.1)
        pen.tap(0.2, then: 0.305)
        pen.tap(0.2, then: 0.5)
        let events = pen.recognize()
        #expect(events.doubleTaps == 0)
        #expect(events.buttonEvents == 4)
    }

    @Test func tapsTooFarApartAreNotADoubleTap() {
        // 20 mm/s × (0.2 + 0.2 + 0.2) s ≈ 12 mm: inside; 60 mm/s: ≈ 36 mm between the presses: outside.
        var near = PenScript()
        near.tap(0.2, then: 0.2, speed: 20)
        near.tap(0.2, then: 0.5, speed: 20)
        #expect(near.recognize().doubleTaps == 1)
        var far = PenScript()
        far.tap(0.2, then: 0.2, speed: 60)
        far.tap(0.2, then: 0.5, speed: 60)
        #expect(far.recognize().doubleTaps == 0)
    }

    @Test func aSinglePressIsDeliveredOnceItCanNoLongerBeADoubleTap() {
        var recognizer = GestureRecognizer()
        var pen = PenScript()
        pen.tap(0.2, then: 0.1)
        var events: [GestureEvent] = []
        for sample in pen.samples { recognizer.add(sample, into: &events) }
        #expect(events.isEmpty, "still waiting for a second tap")
        let deadline = try? #require(recognizer.nextDeadline)
        #expect(deadline.map { abs($0 - (0.205 + 0.30)) < 1e-9 } == true, "release (0.205 s) + maximum gap")
        recognizer.advance(to: 0.6, into: &events)
        #expect(events.map(\.kind) == [.button(.stylus, isPressed: true), .button(.stylus, isPressed: false)])
        #expect(events.first?.time == 0.005, "delivered with the press's own time")
    }

    @Test func pressesWhileDrawingAreButtonsUnlessConfigured() throws {
        var pen = PenScript()
        pen.tap(0.2, then: 0.2, contact: true)
        pen.tap(0.2, then: 0.2, contact: true)
        #expect(pen.recognize().doubleTaps == 0)
        #expect(pen.recognize().buttonEvents == 4)
        #expect(pen.recognize(try DoubleTapParameters(countsTapsWhileDrawing: true)).doubleTaps == 1)
    }

    @Test func aSqueezeBeginsChangesAndEnds() {
        var pen = PenScript()
        pen.hover(0.1)
        pen.hover(0.8, buttons: .stylus2, speed: 10)
        pen.hover(0.2)
        let phases = pen.recognize().squeezePhases
        #expect(phases.first == .began && phases.last == .ended)
        #expect(phases.dropFirst().dropLast().allSatisfy { $0 == .changed } && phases.count > 3)
    }

    @Test func aSqueezeIsCancelledByLeavingProximityOrTouchingDown() {
        var pen = PenScript()
        pen.hover(0.8, buttons: .stylus2)
        #expect(pen.recognize(proximityOutAt: pen.time + 0.005).squeezePhases.last == .cancelled)
        var touching = PenScript()
        touching.hover(0.7, buttons: .stylus2)
        touching.hover(0.1, buttons: .stylus2, contact: true)
        let phases = touching.recognize().squeezePhases
        #expect(phases.contains(.cancelled) && !phases.contains(.ended))
    }

    @Test func aShortSqueezeButtonPressIsAnOrdinaryButton() {
        var pen = PenScript()
        pen.tap(0.2, then: 0.2, button: .stylus2)
        let events = pen.recognize()
        #expect(events.squeezePhases.isEmpty)
        #expect(events.map(\.kind) == [.button(.stylus2, isPressed: true), .button(.stylus2, isPressed: false)])
    }

    @Test func theEraserEndIsTheEraserWhileInRangeAndNotADoubleTap() {
        var pen = PenScript()
        pen.hover(0.1)
        pen.hover(0.3, tool: .eraser)
        let events = pen.recognize(proximityOutAt: pen.time + 0.005)
        #expect(events.map(\.kind) == [.eraserEnd(isInProximity: true), .eraserEnd(isInProximity: false)])
        var interaction = PencilInteraction()
        for event in events { _ = interaction.handle(event) }
        #expect(interaction.state.current == .pen)
    }

    @Test func manySeededRandomPressSequencesNeverLoseAPress() {
        // Property: every press is either part of exactly one double tap or delivered as a button.
        var random = SeededRandom(seed: 0x5EED_0401)
        for trial in 0..<200 {
            var pen = PenScript()
            var presses = 0
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                pen.tap(Double.random(in: 0.01...0.6, using: &random), then: Double.random(in: 0.01...0.7, using: &random), speed: Double.random(in: 0...40, using: &random))
                presses += 1
            }
            let events = pen.recognize()
            let pressEvents = events.filter { $0.kind == .button(.stylus, isPressed: true) }.count
            #expect(pressEvents + 2 * events.doubleTaps == presses, "trial \(trial) (seed 0x5EED0401)")
            #expect(zip(events, events.dropFirst()).allSatisfy { $0.time <= $1.time || $1.kind == .button(.stylus, isPressed: true) || $1.kind == .button(.stylus, isPressed: false) })
        }
    }

    @Test func rejectsInvalidLimitsNamingTheField() {
        #expect(throws: ParameterError.self) { try DoubleTapParameters(maximumGap: 0) }
        #expect(throws: ParameterError.self) { try DoubleTapParameters(maximumPressDuration: 0.6, squeezeHold: 0.5) }
        #expect(throws: ParameterError.self) { try DoubleTapParameters(source: .stylus2, squeezeSource: .stylus2) }
    }
}
