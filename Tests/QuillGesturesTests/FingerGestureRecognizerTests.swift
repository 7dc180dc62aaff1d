import QuillCore
import QuillTestSupport
import RealModule
import Testing
@testable import QuillGestures

/// Finger gestures on touches built here (the real recordings' cases are in
/// QuillInputTests/FingerGestureRecordingTests.swift).
@Suite struct FingerGestureRecognizerTests {
    /// A touch at canvas point (x, y); the tablet location in mm is the same numbers / 5.
    static func touch(_ time: Double, id: Int, _ phase: TouchPhase, _ x: Double, _ y: Double, rejected: Bool = false) -> TabletEvent {
        .touch(TouchSample(
            time: time, id: id, slot: id, trackingID: Int32(id), phase: phase, location: Point(x: x, y: y),
            tabletLocation: Point(x: x / 5, y: y / 5), rejection: rejected ? .palm : nil))
    }

    static func run(_ events: [TabletEvent], fingersDraw: Bool = false) -> [FingerGesture] {
        var recognizer = FingerGestureRecognizer(fingersDraw: fingersDraw)
        var gestures: [FingerGesture] = []
        for event in events { recognizer.handle(event, into: &gestures) }
        return gestures
    }

    static func inkPhases(_ gestures: [FingerGesture]) -> [PenPhase] {
        gestures.compactMap { gesture -> PenPhase? in
            guard case .ink(let sample) = gesture else { return nil }
            return sample.phase
        }
    }

    static func frame(_ time: Double) -> TabletEvent { .touchFrame(device: 0, time: time) }

    @Test func twoAndThreeFingerTapsAskForUndoAndRedo() {
        let two = Self.run([
            Self.touch(0, id: 0, .began, 100, 100), Self.touch(0.01, id: 1, .began, 200, 100), Self.frame(0.01),
            Self.touch(0.08, id: 0, .ended, 100, 100), Self.touch(0.09, id: 1, .ended, 200.5, 100), Self.frame(0.09),
        ])
        #expect(two == [.tap(fingers: 2, time: 0.09, centroid: Point(x: 150.25, y: 100))])
        #expect(two.first?.request == .undo)
        let three = Self.run([
            Self.touch(0, id: 0, .began, 100, 100), Self.touch(0.02, id: 1, .began, 200, 100), Self.touch(0.03, id: 2, .began, 300, 100),
            Self.touch(0.1, id: 0, .ended, 100, 100), Self.touch(0.1, id: 1, .ended, 200, 100), Self.touch(0.12, id: 2, .ended, 300, 100),
        ])
        #expect(three.map(\.request) == [.redo])
    }

    /// libinput's limits: 180 ms after the last finger down, 1.3 mm of movement.
    @Test func aSlowOrMovingTapIsNoTap() {
        let slow = Self.run([
            Self.touch(0, id: 0, .began, 100, 100), Self.touch(0.01, id: 1, .began, 200, 100),
            Self.touch(0.15, id: 0, .ended, 100, 100), Self.touch(0.20, id: 1, .ended, 200, 100),
        ])
        #expect(slow.isEmpty)
        // 10 points = 2 mm here: the transform begins and the tap fails.
        let moving = Self.run([
            Self.touch(0, id: 0, .began, 100, 100), Self.touch(0.01, id: 1, .began, 200, 100), Self.frame(0.01),
            Self.touch(0.05, id: 1, .moved, 210, 100), Self.frame(0.05),
            Self.touch(0.08, id: 0, .ended, 100, 100), Self.touch(0.09, id: 1, .ended, 210, 100),
        ])
        #expect(moving.compactMap(\.request).isEmpty)
        guard case .transform(let began) = moving.first, case .transform(let ended) = moving.last else {
            Issue.record("expected a transform, got \(moving)")
            return
        }
        #expect(began.phase == .began && ended.phase == .ended)
        #expect(abs(began.scale - 110.0 / 100) < 1e-9)
    }

    /// A rejected (palm) touch never taps and never moves the canvas.
    @Test func rejectedTouchesAreNotSeen() {
        let gestures = Self.run([
            Self.touch(0, id: 0, .began, 100, 100, rejected: true), Self.touch(0.01, id: 1, .began, 200, 100, rejected: true),
            Self.touch(0.05, id: 1, .moved, 260, 100, rejected: true), Self.frame(0.05),
            Self.touch(0.08, id: 0, .ended, 100, 100, rejected: true), Self.touch(0.09, id: 1, .ended, 260, 100, rejected: true),
        ])
        #expect(gestures.isEmpty)
    }

    /// Seeded random fingers moved by a random similarity transform, step by step: the gesture
    /// gives that transform, and `apply(to:)` takes every finger's start to where it is.
    @Test func theTransformIsThePapersMotion() {
        var random = SeededRandom(seed: 0xF1A6)
        for round in 0..<200 {
            let count = Int.random(in: 2...5, using: &random)
            let starts = (0..<count).map { _ in Point(x: Double.random(in: 0...1000, using: &random), y: Double.random(in: 0...800, using: &random)) }
            let scale = Double.random(in: 0.3...3, using: &random)
            let angle = Double.random(in: -2.5...2.5, using: &random)
            let shift = Point(x: Double.random(in: -300...300, using: &random), y: Double.random(in: -300...300, using: &random))
            let cx = starts.map(\.x).reduce(0, +) / Double(count), cy = starts.map(\.y).reduce(0, +) / Double(count)
            func moved(_ p: Point, _ f: Double) -> Point {
                let s = 1 + (scale - 1) * f, a = angle * f
                let dx = p.x - cx, dy = p.y - cy
                return Point(x: cx + shift.x * f + s * (Double.cos(a) * dx - Double.sin(a) * dy), y: cy + shift.y * f + s * (Double.sin(a) * dx + Double.cos(a) * dy))
            }
            var events: [TabletEvent] = []
            for (id, p) in starts.enumerated() { events.append(Self.touch(0, id: id, .began, p.x, p.y)) }
            events.append(Self.frame(0))
            let steps = 20
            for step in 1...steps {
                let t = Double(step) * 0.01
                for (id, p) in starts.enumerated() {
                    let q = moved(p, Double(step) / Double(steps))
                    events.append(Self.touch(t, id: id, .moved, q.x, q.y))
                }
                events.append(Self.frame(t))
            }
            let gestures = Self.run(events)
            guard case .transform(let last) = gestures.last else {
                Issue.record("round \(round): no transform")
                continue
            }
            #expect(abs(last.scale - scale) < 1e-9, "round \(round)")
            #expect(abs(last.rotation - angle) < 1e-9, "round \(round)")
            #expect(abs(last.translation.x - shift.x) < 1e-6 && abs(last.translation.y - shift.y) < 1e-6, "round \(round)")
            for p in starts {
                let q = moved(p, 1), image = last.apply(to: p)
                #expect(abs(q.x - image.x) < 1e-6 && abs(q.y - image.y) < 1e-6, "round \(round)")
            }
        }
    }

    /// A finger lifted or added mid-gesture continues the transform without a jump.
    @Test func aFingerLiftedMidGestureKeepsTheTransform() {
        var events: [TabletEvent] = [
            Self.touch(0, id: 0, .began, 100, 100), Self.touch(0, id: 1, .began, 300, 100), Self.touch(0, id: 2, .began, 200, 300), Self.frame(0),
            Self.touch(0.1, id: 0, .moved, 150, 100), Self.touch(0.1, id: 1, .moved, 350, 100), Self.touch(0.1, id: 2, .moved, 250, 300), Self.frame(0.1),
        ]
        events += [Self.touch(0.2, id: 2, .ended, 250, 300), Self.frame(0.2)]
        events += [Self.touch(0.3, id: 0, .moved, 170, 100), Self.touch(0.3, id: 1, .moved, 370, 100), Self.frame(0.3)]
        let transforms = Self.run(events).compactMap { gesture -> FingerTransform? in
            if case .transform(let transform) = gesture { return transform }
            return nil
        }
        #expect(transforms.map(\.phase) == [.began, .changed])
        let last = transforms.last!
        #expect(abs(last.translation.x - 70) < 1e-9 && abs(last.translation.y) < 1e-9)
        #expect(abs(last.scale - 1) < 1e-9 && abs(last.rotation) < 1e-9)
    }

    /// The drawing policy: a finger that may draw gives ink; one that may not pans.
    @Test func theDrawingPolicyDecidesWhatOneFingerDoes() throws {
        let stroke: [TabletEvent] = [
            Self.touch(0, id: 0, .began, 100, 100), Self.frame(0),
            Self.touch(0.05, id: 0, .moved, 140, 100), Self.frame(0.05),
            Self.touch(0.1, id: 0, .ended, 140, 100), Self.frame(0.1),
        ]
        let ink = Self.run(stroke, fingersDraw: true)
        #expect(Self.inkPhases(ink) == [.began, .moved, .ended])
        // Held back 0.1 s: nothing comes out before the finger has been down that long.
        #expect(Self.run(Array(stroke.prefix(4)), fingersDraw: true).isEmpty)
        if case .ink(let first) = ink.first { #expect(first.force == 1 && first.tool == .pen) }
        let pan = Self.run(stroke, fingersDraw: false)
        #expect(pan.map { gesture -> String in
            guard case .transform(let t) = gesture else { return "other" }
            return "\(t.phase) \(t.fingers)"
        } == ["began 1", "ended 1"])
        var preferences = PencilPreferences()
        #expect(DrawingPolicy.default.allowsFingerDrawing(preferences: preferences))
        preferences.prefersPencilOnlyDrawing = true
        #expect(!DrawingPolicy.default.allowsFingerDrawing(preferences: preferences))
        #expect(DrawingPolicy.anyInput.allowsFingerDrawing(preferences: preferences))
        #expect(!DrawingPolicy.pencilOnly.allowsFingerDrawing(preferences: PencilPreferences()))
        #expect(throws: ParameterError.self) { try DrawingPolicy(name: "fingersOnly") }
        let session = PencilSession(preferences: preferences, drawingPolicy: .default)
        #expect(!session.fingersDraw)
    }

    /// A second finger soon after a drawing finger began: the held-back stroke never appears, the
    /// two fingers tap.
    @Test func aSecondFingerSoonTurnsTheStrokeIntoAGesture() {
        let gestures = Self.run([
            Self.touch(0, id: 0, .began, 100, 100), Self.frame(0),
            Self.touch(0.05, id: 1, .began, 200, 100), Self.frame(0.05),
            Self.touch(0.1, id: 0, .ended, 100, 100), Self.touch(0.1, id: 1, .ended, 200, 100), Self.frame(0.1),
        ], fingersDraw: true)
        #expect(Self.inkPhases(gestures).isEmpty, "the held-back stroke never appears")
        #expect(gestures.last?.request == .undo)
        // Later than the holdback: the second finger is ignored, the stroke goes on.
        let late = Self.run([
            Self.touch(0, id: 0, .began, 100, 100), Self.touch(0.3, id: 1, .began, 200, 100),
            Self.touch(0.35, id: 1, .ended, 200, 100), Self.touch(0.4, id: 0, .ended, 100, 100),
        ], fingersDraw: true)
        #expect(Self.inkPhases(late) == [.began, .ended])
    }

    @Test func parametersAreValidated() {
        #expect(throws: ParameterError.self) { try FingerGestureParameters(tapDuration: 0) }
        #expect(throws: ParameterError.self) { try FingerGestureParameters(movementThreshold: .nan) }
        #expect(throws: ParameterError.self) { try FingerGestureParameters(inkHoldback: -1) }
    }
}
