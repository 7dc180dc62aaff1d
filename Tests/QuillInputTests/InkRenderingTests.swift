import Foundation
import QuillTestSupport
import Testing
import QuillCore
@testable import QuillRender
@testable import QuillStroke

/// Issue 15, item 5: translucent inks shaded without seams, the grain of crayon and watercolour
/// (seeded), and a sparse path (a 100 Hz pen) drawn as a curve through its points, not a polygon.
@Suite struct InkRenderingTests {
    func point(_ x: Double, _ y: Double, width: Double, opacity: Double) -> StrokePoint {
        StrokePoint(x: x, y: y, timeOffset: 0, width: width, height: width, opacity: opacity, force: 1, azimuth: 0, altitude: 1)
    }

    /// Renders `strokes` on a transparent 240 × 100 page and returns the alpha of row `y`.
    func render(_ strokes: [Stroke], file: String) throws -> CairoImage {
        let path = TestScratch.path + "quill-ink-\(getpid())-\(file).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try DrawingRenderer.render(Drawing(canvasWidth: 240, canvasHeight: 100, strokes: strokes), to: path, background: nil)
        return try CairoImage(png: path)
    }

    @Test func aTranslucentStrokesOpacityIsShadedWithoutSteps() throws {
        // A pencil line from x = 20 to 220 whose opacity rises from 0.2 to 0.9, its points 6 pt
        // apart (a fast pen at 100 Hz). Filled piece by piece at flat opacities it was a staircase
        // (a step of ≈ 5 levels every 6 px); shaded from vertex to vertex it is a ramp.
        let points = stride(from: 20.0, through: 220.0, by: 6).map { point($0, 50, width: 12, opacity: 0.2 + 0.7 * ($0 - 20) / 200) }
        let stroke = Stroke(ink: try Ink(type: .pencil, color: try InkColor(red: 0, green: 0, blue: 0)), path: StrokePath(points: points, creationTime: 0))
        let image = try render([stroke], file: "ramp")
        let alphas = (40...200).compactMap { image.pixel(x: $0, y: 50).map { Int($0.alpha) } }
        #expect(alphas.count == 161)
        let steps = zip(alphas, alphas.dropFirst()).map { $1 - $0 }
        #expect(steps.allSatisfy { $0 >= -1 }, "the opacity goes back: \(alphas)")
        #expect((steps.max() ?? 99) <= 2, "a step of \(steps.max() ?? 0) levels between neighbouring pixels: \(alphas)")
        #expect(alphas.last! - alphas.first! > 120)
        // Constant opacity: overlapping pieces never darken the line (one fill, their union).
        let flat = stride(from: 20.0, through: 220.0, by: 0.7).map { point($0, 50, width: 12, opacity: 0.5) }
        let even = try render([Stroke(ink: try Ink(type: .pencil), path: StrokePath(points: flat, creationTime: 0))], file: "flat")
        let levels = Set((30...210).compactMap { even.pixel(x: $0, y: 50).map { Int($0.alpha) } })
        #expect(levels.count == 1, "\(levels.sorted())")
    }

    static func alphas(_ image: CairoImage) -> [UInt8] {
        (0..<image.height).flatMap { y in (0..<image.width).map { x in image.pixel(x: x, y: y)?.alpha ?? 0 } }
    }

    @Test func crayonAndWatercolourHaveTheirGrainTheSameForTheSameSeed() throws {
        func band(_ type: InkType, seed: UInt32) throws -> (image: CairoImage, spread: Double) {
            let points = stride(from: 30.0, through: 210.0, by: 1).map { point($0, 50, width: 40, opacity: 1) }
            let stroke = Stroke(ink: try Ink(type: type, width: type.widthRange.clamp(40)), path: StrokePath(points: points, creationTime: 0), randomSeed: seed)
            let image = try render([stroke], file: "\(type)-\(seed)")
            var values: [Double] = []
            for y in 40...60 { for x in 60...180 { if let alpha = image.pixel(x: x, y: y)?.alpha { values.append(Double(alpha)) } } }
            let mean = values.reduce(0, +) / Double(values.count)
            return (image, (values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(values.count)).squareRoot())
        }
        for type in [InkType.crayon, .watercolor] {
            let first = try band(type, seed: 7), again = try band(type, seed: 7), other = try band(type, seed: 8)
            #expect(first.spread > 8, "\(type): the grain's spread is \(first.spread) levels")
            #expect(Self.alphas(first.image) == Self.alphas(again.image), "\(type): the same seed drew another texture")
            #expect(Self.alphas(first.image) != Self.alphas(other.image), "\(type): another seed drew the same texture")
        }
        #expect(try band(.pen, seed: 7).spread < 0.5)
        #expect(throws: ParameterError.self) { try Grain(seed: 0, strength: 1.5, scale: 1) }
        #expect(throws: ParameterError.self) { try Grain(seed: 0, strength: 0.5, scale: 0) }
    }

    @Test func aSparsePathIsACurveThroughItsPointsNotAPolygon() {
        // A circle of radius 50 pt sampled every 20° (a 100 Hz pen moving fast): as a polygon its
        // chords are 0.76 pt inside the circle and every vertex turns 20°.
        let samples = (0...18).map { index -> StrokePoint in
            let angle = Double(index) * 20 * .pi / 180
            return point(100 + 50 * cos(angle), 100 + 50 * sin(angle), width: 4, opacity: 1)
        }
        let drawn = DrawingRenderer.renderedPoints(of: samples)
        // Every point of the path is drawn, in order: the curve passes through them.
        var next = 0
        for point in drawn where next < samples.count && point == samples[next] { next += 1 }
        #expect(next == samples.count)
        #expect(drawn.count > 8 * samples.count)
        // Between them the curve stays on the circle (the ends, with no neighbour beyond, excepted).
        for point in drawn[drawn.count / 10 ..< drawn.count * 9 / 10] {
            #expect(abs(hypot(point.x - 100, point.y - 100) - 50) < 0.1, "(\(point.x), \(point.y))")
        }
        // And turns gently: no turn of more than 5° between drawn segments.
        var largest = 0.0
        for index in 2..<drawn.count {
            let a = atan2(drawn[index - 1].y - drawn[index - 2].y, drawn[index - 1].x - drawn[index - 2].x)
            let b = atan2(drawn[index].y - drawn[index - 1].y, drawn[index].x - drawn[index - 1].x)
            var turn = abs(b - a)
            if turn > .pi { turn = 2 * .pi - turn }
            largest = max(largest, turn)
        }
        #expect(largest * 180 / .pi < 5, "largest turn \(largest * 180 / .pi)°")
        // Dense paths (a 240 Hz pen) are drawn as they are.
        let dense = (0..<100).map { point(Double($0) * 0.5, 10, width: 4, opacity: 1) }
        #expect(DrawingRenderer.renderedPoints(of: dense) == dense)
    }
}

extension ClosedRange where Bound == Double {
    func clamp(_ value: Double) -> Double { Swift.min(Swift.max(value, lowerBound), upperBound) }
}
