import Foundation
import QuillCore
import QuillGestures
import Testing
@testable import QuillInput

/// Finger gestures on the real touch recordings (and on tracks derived from them, labelled).
@Suite struct FingerGestureRecordingTests {
    static let isdv4 = "Wacom-ISDv4-E6-Finger.desc"

    static func gestures(_ events: [TabletEvent], policy: DrawingPolicy = .pencilOnly) -> [FingerGesture] {
        var session = PencilSession(drawingPolicy: policy)
        var outcomes: [PencilInteraction.Outcome] = [], fingers: [FingerGesture] = []
        for event in events { session.handle(event, into: &outcomes, fingers: &fingers) }
        return fingers
    }

    static func events(_ file: String, _ desc: String?) throws -> [TabletEvent] {
        try SampleReplay(path: TouchDecoderTests.path(file), deviceFile: desc.map(TouchDecoderTests.path)).allEvents()
    }

    static func transforms(_ gestures: [FingerGesture]) -> [FingerTransform] {
        gestures.compactMap { gesture -> FingerTransform? in
            guard case .transform(let transform) = gesture else { return nil }
            return transform
        }
    }

    /// The real two-finger taps (ISDv4 E6 screen, Intuos5 touchpad) ask for undo, once each; the
    /// single taps and one-finger swipes ask for nothing.
    @Test func realTwoFingerTapsAskForUndo() throws {
        for (file, desc) in [("Wacom-ISDv4-E6-Finger.2fg-tap.events", Self.isdv4), ("Wacom-Intuos5-touch-M-Finger-double-tap.events", "Wacom-Intuos5-touch-M-Finger.desc")] {
            let requests = Self.gestures(try Self.events(file, desc)).compactMap(\.request)
            #expect(requests == [.undo], "\(file)")
        }
        for file in ["Wacom-ISDv4-E6-Finger.single-tap-center.events", "Wacom-ISDv4-E6-Finger.double-tap-center.events", "Wacom-ISDv4-E6-Finger.single-top-swipe.events"] {
            #expect(Self.gestures(try Self.events(file, Self.isdv4)).compactMap(\.request).isEmpty, "\(file)")
        }
    }

    /// A real two-finger scroll with a known rotation applied frame by frame (derived: the same
    /// timing and jitter, every point turned about a fixed point by an angle growing with time):
    /// the gesture's rotation grows by exactly that angle; its scale does not change.
    @Test func aKnownRotationOfARealTwoFingerScrollIsFound() throws {
        let events = try Self.events("Wacom-ISDv4-E6-Finger.double-center-scroll.events", Self.isdv4)
        let original = Self.transforms(Self.gestures(events))
        // The turn starts once both fingers are down (the second comes 24 ms after the first), so
        // both start where they touched; it grows with time until the last touch.
        let touches = events.compactMap(\.touch)
        let start = try #require(touches.filter { $0.phase == .began }.map(\.time).max()), end = try #require(touches.last?.time)
        for total in [0.4, -0.9, 1.5] {
            func turned(_ point: Point, about centre: Point, _ angle: Double) -> Point {
                let dx = point.x - centre.x, dy = point.y - centre.y
                return Point(x: centre.x + cos(angle) * dx - sin(angle) * dy, y: centre.y + sin(angle) * dx + cos(angle) * dy)
            }
            // Every frame moves every finger down (the kernel sends only what changed: a finger
            // that stays still must turn too), each turned by the frame's angle.
            var derived: [TabletEvent] = [], frame: [TouchSample] = [], live: [Int: TouchSample] = [:]
            for event in events {
                switch event {
                case .touch(let touch):
                    frame.append(touch)
                    if touch.phase.isFinal { live[touch.id] = nil } else { live[touch.id] = touch }
                case .touchFrame(let device, let time):
                    let moved = Set(frame.map(\.id))
                    for (id, still) in live where !moved.contains(id) {
                        var repeated = still
                        repeated.time = time
                        repeated.phase = .moved
                        frame.append(repeated)
                    }
                    let angle = total * max(0, time - start) / (end - start)
                    for var touch in frame.sorted(by: { $0.id < $1.id }) {
                        touch.location = turned(touch.location, about: Point(x: 600, y: 400), angle)
                        touch.tabletLocation = turned(touch.tabletLocation, about: Point(x: 140, y: 80), angle)
                        derived.append(.touch(touch))
                    }
                    derived.append(.touchFrame(device: device, time: time))
                    frame.removeAll()
                default:
                    derived.append(event)
                }
            }
            let turnedTransforms = Self.transforms(Self.gestures(derived))
            // The last frame both fingers are down in (then one lifts: the rest is a pan).
            let last = try #require(turnedTransforms.last(where: { $0.phase == .changed && $0.fingers == 2 }))
            let reference = try #require(original.first(where: { $0.time == last.time && $0.fingers == 2 }))
            let angleAtLast = total * (last.time - start) / (end - start)
            var difference = last.rotation - reference.rotation - angleAtLast
            difference = atan2(sin(difference), cos(difference))
            #expect(abs(difference) < 1e-9, "applied \(angleAtLast) rad, found \(last.rotation - reference.rotation)")
            #expect(abs(last.scale - reference.scale) < 1e-9)
        }
    }

    /// The Dell Canvas's real 5-finger pinch: the transform's scale ends near the spread's ratio,
    /// 39 / 67 mm (SOURCES.md), and no tap is asked for.
    @Test func theDellPinchScalesByTheSpreadsRatio() throws {
        let events = try Self.events("dell_canvas_touch.evemu", nil)
        let gestures = Self.gestures(events)
        #expect(gestures.compactMap(\.request).isEmpty)
        let pinch = Self.transforms(gestures).filter { $0.fingers == 5 }
        let smallest = try #require(pinch.map(\.scale).min())
        #expect(abs(smallest - 39.0 / 67) < 0.1, "scale \(smallest)")
    }
}
