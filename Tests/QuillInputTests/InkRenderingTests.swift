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

    @Test func aTranslucentStrokeIsFilledOnceWithItsTrueEdge() throws {
        // A pencil line 12 pt wide at a constant 0.5 opacity, centred at y = 50.3 so that its
        // edges fall inside pixels. Filled once, the union of its pieces, the edge pixels carry
        // their true coverage: the column's alpha adds up to the 12 pt width. Filled piece by
        // piece with the replace operator, each piece's antialiased edge was laid over the last
        // ones' and the edge pixels darkened toward full (12.6 pt; beads where the edge curves).
        func point(_ x: Double) -> StrokePoint {
            StrokePoint(x: x, y: 50.3, timeOffset: 0, width: 12, height: 12, opacity: 0.5, force: 1, azimuth: 0, altitude: 1)
        }
        let stroke = Stroke(
            ink: try Ink(type: .pencil, color: try InkColor(red: 0, green: 0, blue: 0)),
            path: StrokePath(points: stride(from: 20.0, through: 220.0, by: 1.4).map(point), creationTime: 0))
        let image = try render([stroke], file: "edge")
        for x in [60, 120, 180] {
            let column = (30...70).compactMap { image.pixel(x: x, y: $0).map { Double($0.alpha) } }
            let centre = try #require(image.pixel(x: x, y: 50)).alpha
            let height = column.reduce(0, +) / Double(centre)
            #expect(abs(height - 12) < 0.15, "x = \(x): the line is \(height) pt thick by its alpha (12 pt wide)")
        }
    }

    @Test func aSparseTranslucentStrokesOpacityRampsWithoutSteps() throws {
        // A pencil line from x = 20 to 220 whose opacity rises from 0.2 to 0.9, its points 6 pt
        // apart (a fast pen at 100 Hz): drawn through the interpolated points and shaded between
        // them, the opacity ramps with no step above 2 levels between neighbouring pixels (drawn
        // as its bare pieces, each at one opacity, it stepped by 6 levels every 6 px).
        let points = stride(from: 20.0, through: 220.0, by: 6).map { point($0, 50, width: 12, opacity: 0.2 + 0.7 * ($0 - 20) / 200) }
        let stroke = Stroke(ink: try Ink(type: .pencil, color: try InkColor(red: 0, green: 0, blue: 0)), path: StrokePath(points: points, creationTime: 0))
        let image = try render([stroke], file: "ramp")
        let alphas = (40...200).compactMap { image.pixel(x: $0, y: 50).map { Int($0.alpha) } }
        #expect(alphas.count == 161)
        let steps = zip(alphas, alphas.dropFirst()).map { $1 - $0 }
        #expect(steps.allSatisfy { $0 >= -1 }, "the opacity goes back: \(alphas)")
        #expect((steps.max() ?? 99) <= 2, "a step of \(steps.max() ?? 0) levels between neighbouring pixels: \(alphas)")
        #expect(alphas.last! - alphas.first! > 120)
    }

    @Test func aSuddenStopIsNotOvershot() {
        // A fast stroke that stops short: (0, 0), (40, 0), (42, 0). Catmull-Rom's own tangent at
        // (40, 0) is 21 pt long and drew ink to x = 43.5, past the stroke's end; limited to 3 ×
        // the 2 pt segment it stays within it.
        let drawn = DrawingRenderer.renderedPoints(of: [point(0, 0, width: 4, opacity: 1), point(40, 0, width: 4, opacity: 1), point(42, 0, width: 4, opacity: 1)])
        #expect(drawn.count > 3)
        #expect(drawn.allSatisfy { $0.x >= 0 && $0.x <= 42 && $0.y == 0 }, "\(drawn.map(\.x))")
        #expect(zip(drawn, drawn.dropFirst()).allSatisfy { $1.x >= $0.x }, "the curve goes back: \(drawn.map(\.x))")
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
