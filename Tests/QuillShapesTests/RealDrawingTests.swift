import Foundation
import QuillCore
import QuillShapes
import Testing

/// Real people's one-stroke drawings from Quick, Draw! (CC BY 4.0; Tests/Fixtures/shapes/README.md),
/// none of them looked at while the recognizer was tuned: each fitted into 22 mm, as drawn on a
/// tablet, and recognized.
@Suite struct RealDrawingTests {
    struct Drawing: Decodable {
        var word: String
        var key_id: String
        var drawing: [[[Double]]]
        /// The stroke in millimetres, its longer side 22 mm.
        var points: [Point] {
            let stroke = drawing[0]
            let xs = stroke[0], ys = stroke[1]
            let scale = 22 / Swift.max(xs.max()! - xs.min()!, ys.max()! - ys.min()!, 1e-9)
            return zip(xs, ys).map { Point(x: ($0 - xs.min()!) * scale, y: ($1 - ys.min()!) * scale) }
        }
    }

    static let drawings: [Drawing] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/shapes/quickdraw-one-stroke.ndjson")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { try? JSONDecoder().decode(Drawing.self, from: Data($0.utf8)) }
    }()

    /// What each word may snap to: a square is also a rectangle, a person's circle an ellipse.
    static let meant: [String: Set<ShapeKind>] = [
        "circle": [.circle, .ellipse], "square": [.square, .rectangle], "triangle": [.triangle], "line": [.line], "star": [.star],
    ]

    /// Circles, squares, triangles and lines: at least 85 % of each word read as what the player
    /// drew, 90 % of them all (measured: 24/24, 17/20, 15/16, 21/22; 77 of 82). Stars drawn as a
    /// pentagram are read; outlined stars (ten corners) are not yet, so no figure is asserted for them.
    @Test func peoplesDrawingsSnapToWhatTheyDrew() throws {
        try #require(Self.drawings.count == 111, "the fixture holds 111 drawings, read \(Self.drawings.count)")
        let recognizer = ShapeRecognizer()
        var right = 0, total = 0
        for word in ["circle", "square", "triangle", "line"] {
            let drawings = Self.drawings.filter { $0.word == word }
            var misses: [String] = []
            for drawing in drawings {
                let kind = recognizer.recognize(drawing.points)?.shape.kind
                if let kind, Self.meant[word]!.contains(kind) { right += 1 } else { misses.append("\(drawing.key_id): \(kind?.rawValue ?? "none")") }
            }
            total += drawings.count
            #expect(Double(drawings.count - misses.count) >= 0.85 * Double(drawings.count), "\(word): \(misses)")
        }
        #expect(Double(right) >= 0.9 * Double(total), "\(right) of \(total)")
    }

    /// A moon is none of the shapes: at most 3 of the 13 snap (measured 3: two circles, a triangle,
    /// drawings of a full moon or a sharp crescent), and every miss is explained.
    @Test func aMoonStaysInkMostly() {
        let recognizer = ShapeRecognizer()
        let moons = Self.drawings.filter { $0.word == "moon" }
        #expect(moons.count == 13)
        let snapped = moons.filter { recognizer.recognize($0.points) != nil }
        #expect(snapped.count <= 3, "\(snapped.map { "\($0.key_id): \(recognizer.explain($0.points).summary)" })")
        for moon in snapped { #expect(!recognizer.explain(moon.points).summary.isEmpty) }
    }

    /// `explain` agrees with `recognize` on every real drawing, and its fits are sorted by rank.
    @Test func theExplanationIsWhatWasRecognized() {
        let recognizer = ShapeRecognizer()
        for drawing in Self.drawings {
            let explanation = recognizer.explain(drawing.points)
            #expect(explanation.winner == recognizer.recognize(drawing.points))
            #expect(zip(explanation.fits, explanation.fits.dropFirst()).allSatisfy { $0.rank <= $1.rank })
            #expect(explanation.summary.hasPrefix(explanation.winner.map { $0.shape.kind.rawValue + ":" } ?? "no shape"))
        }
    }
}
