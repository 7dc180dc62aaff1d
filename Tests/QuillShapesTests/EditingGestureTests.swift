import QuillCore
import QuillShapes
import QuillStroke
import QuillTestSupport
import Testing

/// Scribble's editing gestures, judged in context (ink-recognition.md: shape alone is ambiguous).
@Suite struct EditingGestureTests {
    let mapping = try! TabletMapping(areaWidth: 224, areaHeight: 148, canvas: .iPadPro129Landscape)

    /// A zig-zag of `passes` passes `width` mm wide, `height` tall, starting at (x, y).
    func scratch(x: Double, y: Double, width: Double, height: Double, passes: Int) -> [Point] {
        (0...passes).map { index in Point(x: x + (index % 2 == 0 ? 0 : width), y: y + height * Double(index) / Double(passes)) }
    }

    @Test func aScratchOutIsFourPassesAlongItsAxisAndNoShapeIsOne() {
        var hand = HandDrawing(seed: 91)
        #expect(EditingGesture.shaped(hand.sampled(scratch(x: 10, y: 10, width: 30, height: 8, passes: 6), size: 30))?.kind == .scratchOut)
        #expect(EditingGesture.shaped(hand.sampled(scratch(x: 10, y: 10, width: 30, height: 8, passes: 4), size: 30))?.passes == 4)
        #expect(EditingGesture.shaped(hand.sampled(scratch(x: 10, y: 10, width: 30, height: 8, passes: 3), size: 30))?.kind != .scratchOut)
        // None of the shapes is a scratch-out: a star goes back and forth too, but slanted.
        for kind in HandDrawing.kinds {
            for _ in 0..<10 {
                #expect(EditingGesture.shaped(hand.draw(kind, size: hand.uniform(10...80)))?.kind != .scratchOut, "\(kind)")
            }
        }
    }

    func samples(_ path: [Point], start: Double) -> [PenSample] {
        path.enumerated().map { index, p in
            let phase: PenPhase = index == 0 ? .began : (index == path.count - 1 ? .ended : .moved)
            return PenSample(time: start + Double(index) / 240, location: mapping.canvasPoint(for: p), tabletLocation: p, phase: phase, tool: .pen,
                             force: 1.6, pressure: 0.4, altitude: 1.1, azimuth: 0.8)
        }
    }

    /// Three words of ink; a scratch-out over the first two erases them (two `erased` changes, the
    /// scratch not kept); the same scratch over empty paper is ink; a loop round the third selects
    /// it and stays ink.
    @Test func aScratchOutOverInkErasesItAndOverPaperIsInk() throws {
        var hand = HandDrawing(seed: 92)
        var recorder = DrawingRecorder(ink: try Ink(type: .pen), mapping: mapping)
        var t = 0.0
        for word in 0..<3 {
            let x = 20 + Double(word) * 40
            let path = hand.sampled([Point(x: x, y: 50), Point(x: x + 8, y: 42), Point(x: x + 16, y: 52), Point(x: x + 24, y: 44)], size: 24)
            for sample in samples(path, start: t) { recorder.add(sample) }
            t += 2
        }
        #expect(recorder.drawing.strokes.count == 3)
        for sample in samples(hand.sampled(scratch(x: 16, y: 40, width: 72, height: 14, passes: 7), size: 70), start: t) { recorder.add(sample) }
        t += 2
        #expect(recorder.takeChanges() == [.erased(id: 0), .erased(id: 1)])
        #expect(recorder.strokeIDs == [2])
        let outcomes = recorder.takeEditingOutcomes()
        #expect(outcomes.map(\.kind) == [.scratchOut] && outcomes.first?.strokeIDs == [0, 1])

        for sample in samples(hand.sampled(scratch(x: 20, y: 100, width: 60, height: 14, passes: 7), size: 60), start: t) { recorder.add(sample) }
        t += 2
        #expect(recorder.takeChanges().isEmpty)
        #expect(recorder.strokeIDs == [2, 4])

        let loop = (0...120).map { index -> Point in
            let a = Double(index) / 120 * 2 * .pi
            return Point(x: 112 + 22 * Double.cos(a), y: 47 + 14 * Double.sin(a))
        }
        for sample in samples(hand.sampled(loop, size: 40), start: t) { recorder.add(sample) }
        let selected = recorder.takeEditingOutcomes()
        #expect(selected.map(\.kind) == [.lasso] && selected.first?.strokeIDs == [2])
        #expect(recorder.strokeIDs == [2, 4, 5])
    }
}
