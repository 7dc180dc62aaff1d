import Foundation
import QuillCanvas
import QuillCore
import QuillGestures
import QuillInput
import QuillStroke
import Testing

/// Fingers on the canvas: the palm fixture (a real Cintiq 13HD pen and real touches on one clock,
/// Recordings/libinput-record/palm/) and the ISDv4 E6's real two-finger tap.
struct CanvasFingerTests {
    static let root = CanvasModelTests.root
    static let fixture = root.appendingPathComponent("Recordings/libinput-record/palm/cintiq-13hd-rect-right.yml").path

    static func events(_ path: String) throws -> (events: [TabletEvent], mapping: TabletMapping) {
        let replay = try SampleReplay(path: path)
        let events = try replay.allEvents()
        let pen = try #require(events.compactMap(\.sample).first)
        return (events, try #require(replay.mapping(forDevice: pen.deviceIndex)))
    }

    static func model(_ mapping: TabletMapping, policy: DrawingPolicy) throws -> CanvasModel {
        let model = try CanvasModel(options: CanvasOptions(windowWidth: 1024, windowHeight: 720, drawingPolicy: policy), mapping: mapping)
        model.penUsesPalette = false
        return model
    }

    static func play(_ events: [TabletEvent], on model: CanvasModel) {
        for event in events { model.handle(event, now: event.time ?? 0) }
        model.finish()
    }

    /// A palm under the pen never draws: the drawing is the same with the rejected touches taken
    /// out of the input; fingers that were not rejected draw under anyInput, and never under pencilOnly.
    @Test func aPalmUnderThePenNeverDraws() throws {
        let (events, mapping) = try Self.events(Self.fixture)
        let rejected = events.filter { $0.touch.map { !$0.isAccepted } ?? false }
        #expect(!rejected.isEmpty)
        // The input without what palm rejection took (a cancelled touch keeps its one cancel: its end).
        let withoutPalms = events.filter { $0.touch.map { $0.isAccepted || $0.phase == .cancelled } ?? true }
        let whole = try Self.model(mapping, policy: .anyInput), clean = try Self.model(mapping, policy: .anyInput)
        Self.play(events, on: whole)
        Self.play(withoutPalms, on: clean)
        #expect(whole.recorder.drawing.strokes == clean.recorder.drawing.strokes, "the rejected touches changed the drawing")
        let pencilOnly = try Self.model(mapping, policy: .pencilOnly)
        Self.play(events, on: pencilOnly)
        let penOnly = try Self.model(mapping, policy: .pencilOnly)
        Self.play(events.filter { $0.touch == nil }, on: penOnly)
        #expect(pencilOnly.recorder.drawing.strokes.count == penOnly.recorder.drawing.strokes.count, "pencilOnly: a finger never draws")
        #expect(pencilOnly.recorder.drawing.strokes.allSatisfy { $0.path.points.first?.altitude != .pi / 2 || $0.path.points.first?.force != 1 })
        #expect(whole.recorder.drawing.strokes.count > pencilOnly.recorder.drawing.strokes.count, "anyInput: the accepted fingers draw")
    }

    /// On this fixture the palms would not draw under anyInput even unrejected (A shares the glass
    /// with B, C with both: a several-finger gesture), but they would move the page: the same
    /// events with the rejection taken off (no cancel, nothing marked) pan it, arbitrated it stays
    /// put. What the live canvas test (CanvasTouchLiveTests) reads from the summary's page transform.
    @Test func unrejectedThePalmsWouldMoveThePage() throws {
        let (events, mapping) = try Self.events(Self.fixture)
        let unrejected: [TabletEvent] = events.compactMap { event in
            guard case .touch(var touch) = event else { return event }
            if touch.phase == .cancelled { return nil }
            touch.rejection = nil
            return .touch(touch)
        }
        let arbitrated = try Self.model(mapping, policy: .anyInput), palms = try Self.model(mapping, policy: .anyInput)
        Self.play(events, on: arbitrated)
        Self.play(unrejected, on: palms)
        #expect(arbitrated.pageTransform == PageTransform.identity, "\(arbitrated.pageTransform)")
        #expect(abs(palms.pageTransform.translation.x) + abs(palms.pageTransform.translation.y) > 10, "\(palms.pageTransform)")
        #expect(arbitrated.recorder.drawing.strokes.count == palms.recorder.drawing.strokes.count)
    }

    /// The real two-finger tap of the ISDv4 E6, after the pen's strokes: the last stroke is undone;
    /// its three-finger counterpart (a third real finger from the single tap, derived) redoes it.
    @Test func aTwoFingerTapUndoesAndAThreeFingerTapRedoes() throws {
        let (events, mapping) = try Self.events(Self.fixture)
        let penEvents = events.filter { $0.touch == nil && { if case .touchFrame = $0 { return false } else { return true } }($0) }
        let model = try Self.model(mapping, policy: .default)
        Self.play(penEvents, on: model)
        let strokes = model.recorder.drawing.strokes.count
        #expect(strokes >= 2)
        let finger = Self.root.appendingPathComponent("Recordings/evemu-devices/Wacom-ISDv4-E6-Finger.desc").path
        let tapFile = Self.root.appendingPathComponent("Recordings/evemu-devices/Wacom-ISDv4-E6-Finger.2fg-tap.events").path
        let single = Self.root.appendingPathComponent("Recordings/evemu-devices/Wacom-ISDv4-E6-Finger.single-tap-center.events").path
        let start = (events.last?.time ?? 0) + 1
        func shifted(_ events: [TabletEvent], by offset: Double, device: Int) -> [TabletEvent] {
            events.compactMap { event in
                switch event {
                case .touch(var touch):
                    touch.time += offset
                    touch.deviceIndex = device
                    return .touch(touch)
                case let .touchFrame(_, time): return .touchFrame(device: device, time: time + offset)
                default: return nil
                }
            }
        }
        let tap = shifted(try SampleReplay(path: tapFile, deviceFile: finger).allEvents(), by: start, device: 5)
        for event in tap { model.handle(event, now: event.time ?? 0) }
        #expect(model.fingerRequests == [.undo])
        #expect(model.recorder.drawing.strokes.count == strokes - 1)
        #expect(model.feedback?.text.contains("undo") == true)
        // Three fingers: the real two-finger tap with the real single tap's finger as the third
        // (its own slot and id, 10 ms after the first two): derived, real timing and jitter.
        var third = try SampleReplay(path: single, deviceFile: finger).allEvents().compactMap(\.touch)
        for index in third.indices {
            third[index].slot = 7
            third[index].id = 7
        }
        let firstTap = try SampleReplay(path: tapFile, deviceFile: finger).allEvents()
        let thirdTime = third.first?.time ?? 0
        let twoFingers: [TouchSample] = firstTap.compactMap { $0.touch }
        let thirdFinger: [TouchSample] = third.map { touch in
            var moved = touch
            moved.time = touch.time - thirdTime + 0.01
            return moved
        }
        let merged: [TabletEvent] = (twoFingers + thirdFinger).sorted { $0.time < $1.time }
            .flatMap { touch -> [TabletEvent] in [.touch(touch), .touchFrame(device: 0, time: touch.time)] }
        for event in shifted(merged, by: start + 1, device: 5) { model.handle(event, now: event.time ?? 0) }
        #expect(model.fingerRequests == [.undo, .redo])
        #expect(model.recorder.drawing.strokes.count == strokes)
    }
}
