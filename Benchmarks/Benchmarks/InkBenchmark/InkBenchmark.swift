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

struct Letter: Decodable {
    var label: String
    var strokes: [[[Double]]]
}

/// "water" printed with held-out UNIPEN writers' letters (the tests' fixture), each a fifth of its
/// height after the one before: a word read with the word list.
let word: HandwritingInk = {
    let url = repository.appendingPathComponent("Tests/Fixtures/handwriting/unipen-heldout-sample.json")
    let letters = (try? JSONDecoder().decode([Letter].self, from: Data(contentsOf: url))) ?? []
    var strokes: [HandwritingStroke] = []
    var x = 0.0
    for character in "water" {
        guard let letter = letters.first(where: { $0.label == String(character) }) else { continue }
        let xs = letter.strokes.flatMap { $0.map { $0[0] } }, ys = letter.strokes.flatMap { $0.map { $0[1] } }
        let (left, bottom, height) = (xs.min()!, ys.max()!, ys.max()! - ys.min()!)
        for stroke in letter.strokes { strokes.append(HandwritingStroke(points: stroke.map { HandwritingPoint(x: $0[0] - left + x, y: $0[1] - bottom) })) }
        x += xs.max()! - left + 0.2 * height
    }
    return HandwritingInk(strokes: strokes)
}()

/// A circle of 20 mm radius drawn at 240 Hz and 150 mm/s with a small wobble: 200 points.
let circle: [Point] = (0..<200).map { index in
    let a = Double(index) / 200 * 2 * .pi * 1.04
    let r = 20 * (1 + 0.02 * sin(3 * a))
    return Point(x: 100 + r * cos(a), y: 80 + r * sin(a))
}

/// Real people's one-stroke drawings (Quick, Draw!, CC BY 4.0: the tests' fixture), each fitted
/// into 22 mm: a shape recognized per stroke, one after another (p99 per stroke: goal ≤ 1 ms).
let drawings: [[Point]] = {
    struct Drawing: Decodable { var drawing: [[[Double]]] }
    let url = repository.appendingPathComponent("Tests/Fixtures/shapes/quickdraw-one-stroke.ndjson")
    let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").compactMap { line in
        guard let stroke = (try? JSONDecoder().decode(Drawing.self, from: Data(line.utf8)))?.drawing.first, stroke.count >= 2 else { return nil }
        let xs = stroke[0], ys = stroke[1]
        let scale = 22 / Swift.max(xs.max()! - xs.min()!, ys.max()! - ys.min()!, 1e-9)
        return zip(xs, ys).map { Point(x: ($0 - xs.min()!) * scale, y: ($1 - ys.min()!) * scale) }
    }
}()

/// The recognizers, opened once (opening reads the model and, for English, the 100 000-word list:
/// ≈ 60 ms, not part of reading a character). Run with QUILL_HANDWRITING_MODELS set to
/// Sources/QuillHandwritingModel/Resources (the benchmark links no resource bundle).
let recognizers: [HandwritingLanguage: HandwritingRecognizer] = {
    var opened: [HandwritingLanguage: HandwritingRecognizer] = [:]
    for language in [HandwritingLanguage.japanese, .english] { opened[language] = try? HandwritingRecognizer(language: language) }
    return opened
}()

let benchmarks: @Sendable () -> Void = {
    Benchmark("Shape recognized per stroke (a drawn circle, 200 points)", configuration: .init(metrics: [.wallClock, .throughput], maxDuration: .seconds(2))) { benchmark in
        let recognizer = ShapeRecognizer()
        for _ in benchmark.scaledIterations { blackHole(recognizer.recognize(circle)) }
    }
    Benchmark("Shape recognized per stroke (111 real Quick, Draw! drawings in turn)", configuration: .init(metrics: [.wallClock, .throughput], maxDuration: .seconds(2))) { benchmark in
        guard !drawings.isEmpty else { fatalError("Tests/Fixtures/shapes/quickdraw-one-stroke.ndjson not read") }
        let recognizer = ShapeRecognizer()
        var index = 0
        for _ in benchmark.scaledIterations {
            blackHole(recognizer.recognize(drawings[index % drawings.count]))
            index += 1
        }
    }
    for language in [HandwritingLanguage.japanese, .english] {
        Benchmark("Character read (\(language.rawValue) model, KanjiVG glyphs)", configuration: .init(metrics: [.wallClock, .throughput], maxDuration: .seconds(3))) { benchmark in
            guard let recognizer = recognizers[language] else { fatalError("no \(language.rawValue) model: set QUILL_HANDWRITING_MODELS") }
            var index = 0
            for _ in benchmark.scaledIterations {
                blackHole(recognizer.classifyCharacter(glyphs[index % glyphs.count], cell: (0, 0, 109), count: 10))
                index += 1
            }
        }
    }
    Benchmark("Word read (en, five held-out letters, word list)", configuration: .init(metrics: [.wallClock, .throughput], maxDuration: .seconds(3))) { benchmark in
        guard let recognizer = recognizers[.english] else { fatalError("no en model: set QUILL_HANDWRITING_MODELS") }
        for _ in benchmark.scaledIterations { blackHole(recognizer.recognize(word, candidates: 5)) }
    }
}
