import Benchmark
import Foundation
import QuillCore
import QuillHandwriting
import QuillShapes

// Ink that understands (issue 22): a shape recognized per stroke, a character read per character
// (goal ≤ 10 ms a character), on real glyphs (KanjiVG, the tests' fixture) and a drawn circle.

let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

struct Glyph: Decodable {
    var character: String
    var strokes: [[[Double]]]
}

let glyphs: [[HandwritingStroke]] = {
    let url = repository.appendingPathComponent("Tests/Fixtures/handwriting/kanjivg-sample.json")
    let decoded = (try? JSONDecoder().decode([Glyph].self, from: Data(contentsOf: url))) ?? []
    return decoded.map { $0.strokes.map { HandwritingStroke(points: $0.map { HandwritingPoint(x: $0[0], y: $0[1]) }) } }
}()

/// A circle of 20 mm radius drawn at 240 Hz and 150 mm/s with a small wobble: 200 points.
let circle: [Point] = (0..<200).map { index in
    let a = Double(index) / 200 * 2 * .pi * 1.04
    let r = 20 * (1 + 0.02 * sin(3 * a))
    return Point(x: 100 + r * cos(a), y: 80 + r * sin(a))
}

let benchmarks: @Sendable () -> Void = {
    Benchmark("Shape recognized per stroke (a drawn circle, 200 points)", configuration: .init(metrics: [.wallClock, .throughput], maxDuration: .seconds(2))) { benchmark in
        let recognizer = ShapeRecognizer()
        for _ in benchmark.scaledIterations { blackHole(recognizer.recognize(circle)) }
    }
    for language in [HandwritingLanguage.japanese, .english] {
        Benchmark("Character read (\(language.rawValue) model, KanjiVG glyphs)", configuration: .init(metrics: [.wallClock, .throughput], maxDuration: .seconds(3))) { benchmark in
            let recognizer = try HandwritingRecognizer(language: language)
            var index = 0
            for _ in benchmark.scaledIterations {
                blackHole(recognizer.classifyCharacter(glyphs[index % glyphs.count], cell: (0, 0, 109), count: 10))
                index += 1
            }
        }
    }
}
