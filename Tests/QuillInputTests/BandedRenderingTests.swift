import Foundation
import QuillTestSupport
import Testing
import QuillCore
@testable import QuillRender
@testable import QuillStroke

/// Issue 24 ("the whole hour, fast"): a PNG's strokes drawn on several threads, each in its own
/// band of the image's rows, give the picture one thread gives, byte for byte.
@Suite struct BandedRenderingTests {
    /// `count` seeded strokes of every ink over a `width` × `height` page: random walks whose
    /// steps run from 0.2 to 9 points (so the interpolating curve strays from the points), widths
    /// across each ink's range, opacity and colour varying, some strokes long enough to cross
    /// several bands, some shifted by a transform.
    /// With `lines`, crayon and watercolour are laid in lines: each such stroke stays within a
    /// line 30 points tall, lines 90 points apart, at the narrow end of the ink's widths (bands
    /// are never cut across a stroke with grain, so the cuts fall between lines).
    static func drawing(seed: UInt64, count: Int, width: Double, height: Double, lines: Bool = false) throws -> Drawing {
        var random = SeededRandom(seed: seed)
        var strokes: [Stroke] = []
        for index in 0..<count {
            let type = InkType.allCases[index % InkType.allCases.count]
            let color = try InkColor(red: .random(in: 0...1, using: &random), green: .random(in: 0...1, using: &random),
                                     blue: .random(in: 0...1, using: &random), alpha: .random(in: 0.3...1, using: &random))
            let lines = lines && (type == .crayon || type == .watercolor)
            let narrow = type.widthRange.lowerBound...(type.widthRange.lowerBound * 1.2)
            let ink = try Ink(type: type, color: color, width: .random(in: lines ? narrow : type.widthRange, using: &random))
            let line = 30 + 90 * Double(Int.random(in: 0..<Swift.max(1, Int((height - 40) / 90)), using: &random))
            var x = Double.random(in: 0...width, using: &random), y = lines ? line + .random(in: 0...30, using: &random) : Double.random(in: 0...height, using: &random)
            var heading = Double.random(in: 0...(2 * .pi), using: &random)
            let length = Int.random(in: 2...(index % 5 == 0 ? 400 : 60), using: &random)
            var points: [StrokePoint] = []
            for step in 0..<length {
                heading += .random(in: -0.6...0.6, using: &random)
                let gap = Double.random(in: 0.2...(lines ? 6 : 9), using: &random)
                x += gap * cos(heading)
                y += gap * sin(heading)
                if lines { y = Swift.min(line + 30, Swift.max(line, y)) }
                let size = ink.width * .random(in: 0.3...1.2, using: &random)
                points.append(StrokePoint(x: x, y: y, timeOffset: Double(step) / 240, width: size, height: size * .random(in: 0.5...1, using: &random),
                                          opacity: .random(in: 0.2...1, using: &random), force: 1, azimuth: .random(in: 0...6, using: &random), altitude: 1))
            }
            let transform = index % 7 == 3 ? AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 13.25, ty: lines ? 0 : -21.5) : .identity
            strokes.append(Stroke(ink: ink, path: StrokePath(points: points, creationTime: 0), transform: transform, randomSeed: UInt32(index * 977)))
        }
        return Drawing(canvasWidth: width, canvasHeight: height, strokes: strokes)
    }

    /// Where two PNG files part: their sizes and first differing byte.
    static func difference(_ a: Data, _ b: Data) -> String {
        let first = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        return "\(a.count) and \(b.count) bytes, first differing byte \(first.map(String.init) ?? "none")"
    }

    func bytes(_ drawing: Drawing, scale: Double, background: InkColor?, threads: Int, name: String) throws -> Data {
        let path = TestScratch.path + "quill-bands-\(getpid())-\(name)-\(threads).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try DrawingRenderer.render(drawing, to: path, scale: scale, background: background, threads: threads)
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    @Test(arguments: [(seed: UInt64(1), scale: 1.0, white: true), (2, 1.5, false), (3, 2.0, true)])
    func bandsDrawThePictureOneThreadDraws(seed: UInt64, scale: Double, white: Bool) throws {
        let drawing = try Self.drawing(seed: seed, count: 70, width: 320, height: 560, lines: true)
        let background: InkColor? = white ? .white : nil
        let one = try bytes(drawing, scale: scale, background: background, threads: 1, name: "s\(seed)")
        let rows = Int((560 * scale).rounded(.up))
        let reaches = drawing.strokes.map { DrawingRenderer.rowsReached(by: $0, pixelsPerPoint: scale, rows: rows) }
        for threads in [2, 3, 5] {
            // The page is really cut: as many bands as threads, between lines.
            let grained = zip(drawing.strokes, reaches).compactMap { [.crayon, .watercolor].contains($0.ink.type) ? $1 : nil }
            let bands = DrawingRenderer.bandRows(rows: rows, count: threads, reaches: reaches, points: drawing.strokes.map(\.path.points.count), uncut: grained)
            #expect(zip(drawing.strokes, reaches).contains { stroke, reach in bands.filter { $0.overlaps(reach) }.count > 1 },
                    "\(threads) threads: no stroke is cut — the test would not see a stroke composited in two bands")
            #expect(bands.count == threads, "\(threads) threads: bands \(bands)")
            let banded = try bytes(drawing, scale: scale, background: background, threads: threads, name: "s\(seed)")
            // Compared as a Bool: Swift Testing would diff two PNGs' bytes element by element.
            let same = banded == one
            #expect(same, "seed \(seed), scale \(scale): \(threads) bands differ from one thread's picture (\(Self.difference(one, banded)))")
        }
        // Not a blank page: the strokes are there.
        let path = TestScratch.path + "quill-bands-\(getpid())-s\(seed)-check.png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try DrawingRenderer.render(drawing, to: path, scale: scale, background: nil, threads: 3)
        let image = try CairoImage(png: path)
        var inked = 0
        for y in stride(from: 0, to: image.height, by: 3) { for x in stride(from: 0, to: image.width, by: 3) where (image.pixel(x: x, y: y)?.alpha ?? 0) > 0 { inked += 1 } }
        #expect(inked > image.width * image.height / 9 / 20, "only \(inked) sampled pixels inked")
    }

    @Test func aStrokesGeometryStaysInsideTheRowsItIsSaidToReach() throws {
        // Every pixel a stroke's layer covers (its geometry, interpolated points and nibs,
        // transform applied, 2 points around, out to whole points) lies in rowsReached, at 1 and
        // 1.7 pixels per point: bands never write each other's pixels.
        let drawing = try Self.drawing(seed: 24, count: 300, width: 400, height: 500)
        var geometry = BrushGeometry()
        let sheared = AffineTransform(a: 1.3, b: 0.4, c: -0.7, d: 0.6, tx: 40, ty: 30)
        for scale in [1.0, 1.7] {
            let rows = Int((500 * scale).rounded(.up))
            for (index, original) in drawing.strokes.enumerated() {
                var stroke = original
                // Every other stroke stretched, turned and sheared: the curve is interpolated
                // before the transform.
                if index % 2 == 1 { stroke.transform = sheared }
                DrawingRenderer.build(stroke, into: &geometry)
                let reach = DrawingRenderer.rowsReached(by: stroke, pixelsPerPoint: scale, rows: rows)
                guard let box = DirtyRect(geometry, from: 0) else { continue }
                // The stroke's layer box: 2 points around its geometry, out to whole points.
                let top = Swift.max(0, Int(((box.minY - 2).rounded(.down) * scale).rounded(.down))), bottom = Swift.min(rows, Int(((box.maxY + 2).rounded(.up) * scale).rounded(.up)))
                guard top < bottom else { continue }
                #expect(reach.contains(top) && reach.upperBound >= bottom, "stroke \(index) (\(stroke.ink.type)) at \(scale) px/pt draws rows \(top)..<\(bottom), said to reach \(reach)")
            }
        }
    }

    @Test func rowsAreCutWhereThePointsAreShared() {
        // 600 points about row 50 and 200 about row 350 on 400 rows: two bands part where half the
        // points are passed (row 50), moved down to the thinnest band allowed (64 rows).
        let two = DrawingRenderer.bandRows(rows: 400, count: 2, reaches: [40..<61, 340..<361], points: [600, 200])
        #expect(two == [0..<64, 64..<400])
        // Points spread evenly over the rows: equal bands.
        let even = DrawingRenderer.bandRows(rows: 400, count: 4, reaches: (0..<400).map { $0..<($0 + 1) }, points: Array(repeating: 3, count: 400))
        #expect(even == [0..<100, 100..<200, 200..<300, 300..<400])
        // A stroke over the row where half the points are passed: the cut moves to its end.
        // A stroke that must stay whole over the row where half the points are passed: the cut
        // moves to its end; any other stroke may be cut.
        #expect(DrawingRenderer.bandRows(rows: 400, count: 2, reaches: [20..<220, 230..<390], points: [500, 500], uncut: [20..<220]) == [0..<220, 220..<400])
        #expect(DrawingRenderer.bandRows(rows: 400, count: 2, reaches: [20..<220, 230..<390], points: [500, 500]) == [0..<120, 120..<400])
        // A stroke that must stay whole over every row: no cut, one band (one thread).
        #expect(DrawingRenderer.bandRows(rows: 400, count: 4, reaches: [0..<400, 100..<110], points: [9, 9], uncut: [0..<400]) == [0..<400])
        // Too few rows for two bands of 64: one band.
        #expect(DrawingRenderer.bandRows(rows: 100, count: 2, reaches: [0..<100], points: [10]) == [0..<100])
        // No points at all: the cuts wait for nothing — still bands of at least 64 rows covering all.
        let empty = DrawingRenderer.bandRows(rows: 300, count: 3, reaches: [], points: [])
        #expect(empty.first?.lowerBound == 0 && empty.last?.upperBound == 300 && empty.allSatisfy { $0.count >= 64 })
    }
}
