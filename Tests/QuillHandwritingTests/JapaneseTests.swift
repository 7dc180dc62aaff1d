import Foundation
import QuillHandwriting
import QuillTestSupport
import Testing

/// Zinnia with Debian's Japanese and Chinese models, on characters written here stroke by stroke
/// (in their stroke order, in a 100-unit box, y down) with a seeded hand's wobble.
@Suite struct JapaneseTests {
    /// Simple kanji and kana by their strokes: [[x, y, x, y, …], …].
    static let characters: [(String, [[Double]])] = [
        ("一", [[10, 50, 90, 50]]),
        ("二", [[25, 30, 75, 30], [10, 75, 90, 75]]),
        ("三", [[20, 20, 80, 20], [28, 50, 72, 50], [10, 82, 90, 82]]),
        ("十", [[10, 45, 90, 45], [50, 10, 50, 90]]),
        ("口", [[20, 20, 20, 85], [20, 20, 80, 20, 80, 85], [20, 80, 80, 80]]),
        ("日", [[25, 10, 25, 92], [25, 10, 75, 10, 75, 92], [25, 50, 75, 50], [25, 88, 75, 88]]),
        ("人", [[50, 10, 45, 50, 12, 90], [48, 45, 70, 75, 90, 90]]),
        ("大", [[10, 38, 90, 38], [50, 10, 48, 50, 15, 90], [52, 45, 75, 75, 90, 90]]),
        ("川", [[25, 15, 25, 60, 15, 90], [50, 20, 50, 75], [78, 10, 78, 92]]),
        ("山", [[50, 10, 50, 85], [15, 35, 15, 85, 85, 85], [85, 35, 85, 90]]),
        ("上", [[45, 10, 45, 88], [45, 48, 80, 48], [10, 88, 90, 88]]),
        ("中", [[15, 30, 15, 70], [15, 30, 85, 30, 85, 70], [15, 68, 85, 68], [50, 5, 50, 95]]),
    ]

    func ink(_ strokes: [[Double]], random: inout SeededRandom) -> [HandwritingStroke] {
        strokes.map { flat in
            var points: [HandwritingPoint] = []
            let corners = stride(from: 0, to: flat.count, by: 2).map { (flat[$0] + Double.random(in: -3...3, using: &random), flat[$0 + 1] + Double.random(in: -3...3, using: &random)) }
            for (a, b) in zip(corners, corners.dropFirst()) {
                for step in 0..<12 {
                    let f = Double(step) / 12
                    points.append(HandwritingPoint(x: a.0 + (b.0 - a.0) * f, y: a.1 + (b.1 - a.1) * f))
                }
            }
            points.append(HandwritingPoint(x: corners.last!.0, y: corners.last!.1))
            return HandwritingStroke(points: points)
        }
    }

    struct Glyph: Decodable {
        var character: String
        var strokes: [[[Double]]]
    }

    /// 200 characters of KanjiVG (46 hiragana, the 80 first-grade kanji, 74 second-grade ones; CC
    /// BY-SA 3.0, Tests/Fixtures/handwriting/KANJIVG-LICENSE.md) in their 109-unit cells: top-1
    /// ≥ 85 % (the issue's goal; measured 87.0 % with Zinnia's own tool on the same cleaning, 87.5 %
    /// without simplifying, ink-recognition.md 86.7 % on all of KanjiVG), top-5 ≥ 94 %.
    @Test func kanjiVGCharactersAreReadByTheJapaneseModel() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/handwriting/kanjivg-sample.json")
        let glyphs = try JSONDecoder().decode([Glyph].self, from: Data(contentsOf: url))
        #expect(glyphs.count == 200)
        let recognizer = try HandwritingRecognizer(language: .japanese)
        var top1 = 0, top5 = 0
        var misread: [String] = []
        for glyph in glyphs {
            let strokes = glyph.strokes.map { HandwritingStroke(points: $0.map { HandwritingPoint(x: $0[0], y: $0[1]) }) }
            let candidates = recognizer.classifyCharacter(strokes, cell: (0, 0, 109), count: 5)
            if candidates.first?.text == glyph.character { top1 += 1 } else { misread.append("\(glyph.character)→\(candidates.first?.text ?? "-")") }
            if candidates.contains(where: { $0.text == glyph.character }) { top5 += 1 }
        }
        #expect(Double(top1) / Double(glyphs.count) >= 0.85, "\(top1) of \(glyphs.count): \(misread)")
        #expect(Double(top5) / Double(glyphs.count) >= 0.94, "\(top5) of \(glyphs.count) in the top 5")
        print("KanjiVG top-1 \(top1) / top-5 \(top5) of \(glyphs.count); misread \(misread)")
    }

    /// Characters written side by side in one ink are split by space and read in writing order.
    @Test func aLineOfCharactersIsSplitIntoCharacters() throws {
        let recognizer = try HandwritingRecognizer(language: .japanese)
        var random = SeededRandom(seed: 0x6B)
        var strokes: [HandwritingStroke] = []
        let line = ["山", "川", "中", "十"]
        for (slot, value) in line.enumerated() {
            let shape = try #require(Self.characters.first { $0.0 == value }?.1)
            let moved = shape.map { flat in flat.enumerated().map { $0.offset % 2 == 0 ? $0.element + Double(slot) * 110 : $0.element } }
            strokes += ink(moved, random: &random)
        }
        let units = recognizer.recognize(HandwritingInk(strokes: strokes), context: RecognitionContext(writingArea: (440, 100)))
        #expect(units.map(\.text) == line)
        // 山 and 川 have three strokes, 中 four, 十 two.
        #expect(units.map(\.strokes) == [[0, 1, 2], [3, 4, 5], [6, 7, 8, 9], [10, 11]])
    }

    @Test func aMissingModelNamesWhereItLookedAndWhatToInstall() {
        #expect(throws: HandwritingError.self) { try HandwritingRecognizer(language: .japanese, modelPath: "/nonexistent/ja.model") }
        do {
            _ = try HandwritingRecognizer(language: .japanese, modelPath: "/etc/hostname")
            Issue.record("a text file opened as a model")
        } catch {
            #expect("\(error)".contains("/etc/hostname"))
        }
    }
}
