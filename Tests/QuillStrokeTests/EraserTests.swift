import Testing
import QuillCore
import QuillTestSupport
@testable import QuillStroke

/// The eraser's box test only skips work: over seeded random strokes and eraser paths, a stroke
/// the eraser touches (segment by segment) is never one the box test rules out, and whole erases
/// give what measuring every stroke gives.
@Suite struct EraserTests {
    /// A random wobbly stroke of `count` points starting within `span` × `span` points, widths 0.5 … 20 points.
    func stroke(_ random: inout SeededRandom, count: Int, span: Double = 1024) -> Stroke {
        var x = Double.random(in: 0...span, using: &random), y = Double.random(in: 0...span, using: &random)
        let points = (0..<count).map { index -> StrokePoint in
            x += Double.random(in: -15...15, using: &random)
            y += Double.random(in: -15...15, using: &random)
            let width = Double.random(in: 0.5...20, using: &random)
            return StrokePoint(x: x, y: y, timeOffset: Double(index) / 240, width: width, height: width, opacity: 1, force: 1, azimuth: 0, altitude: 1)
        }
        return Stroke(ink: try! Ink(type: .pen), path: StrokePath(points: points, creationTime: 0))
    }

    @Test(arguments: [UInt64(1), 2, 3, 4])
    func theBoxTestNeverSkipsAStrokeTheEraserTouches(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        var touched = 0, skipped = 0
        for _ in 0..<300 {
            let target = stroke(&random, count: Int.random(in: 1...40, using: &random), span: 500)
            let eraser = stroke(&random, count: Int.random(in: 1...30, using: &random), span: 500).path.points.map { (x: $0.x, y: $0.y) }
            let radius = Double.random(in: 1...40, using: &random)
            let box = Eraser.bounds(of: eraser)
            let touches = Eraser.touches(target, eraser, radius), may = Eraser.mayTouch(target, box, radius)
            #expect(!touches || may, "seed \(seed): a touched stroke ruled out by its box")
            if touches { touched += 1 }
            if !may { skipped += 1 }
        }
        // Both kinds occur: the property is not vacuous, and the box test does skip work.
        #expect(touched > 10 && skipped > 50, "seed \(seed): touched \(touched), skipped \(skipped)")
    }

    @Test(arguments: [UInt64(7), 8])
    func erasingGivesWhatMeasuringEveryStrokeGives(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        var drawing = Drawing(canvasWidth: 1366, canvasHeight: 1024, strokes: (0..<60).map { _ in stroke(&random, count: 30, span: 400) })
        let eraser = stroke(&random, count: 80, span: 400).path.points.map { (x: $0.x, y: $0.y) }
        // What a bitmap erase must give: every stroke measured against the eraser, none skipped.
        let expectedTouched = drawing.strokes.indices.filter { Eraser.touches(drawing.strokes[$0], eraser, 12) }
        var vector = drawing
        let vectorOutcomes = Eraser.eraseVector(&vector, along: eraser, radius: 12)
        #expect(expectedTouched.count >= 3 && expectedTouched.count < 60, "seed \(seed): \(expectedTouched.count) touched")
        #expect(vectorOutcomes.map(\.index) == expectedTouched)
        #expect(vector.strokes.count == drawing.strokes.count - expectedTouched.count)
        let bitmapOutcomes = Eraser.eraseBitmap(&drawing, along: eraser, radius: 12)
        #expect(bitmapOutcomes.map(\.index) == expectedTouched)
    }
}
