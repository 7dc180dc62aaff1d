import Foundation
import QuillCore
import QuillTestSupport
import Testing
@testable import QuillHandwriting

/// Japanese characters decided with the classifier's help (``CharacterLattice``), on real people's
/// writing: 100 characters of Tegaki's training writers (Tests/Fixtures/handwriting/
/// tegaki-train-sample.json: japanese-native1 and japanese-learner1, set s1; TEGAKI-LICENSE.md),
/// written as a person writes them: each fitted into an 18 mm square, points at 100 Hz, the pen up
/// 0.25 s between a character's strokes and 1 s between characters (as ../shared/tools/real-ink.py).
@Suite struct CharacterLatticeTests {
    struct Sample: Decodable {
        var character: String
        var writer: String
        var file: String
        /// Tegaki's canvas units (1 000 × 1 000, y down): [x, y, x, y, …] per stroke.
        var strokes: [[Double]]
    }

    static let samples: [Sample] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/handwriting/tegaki-train-sample.json")
        return (try? JSONDecoder().decode([Sample].self, from: Data(contentsOf: url))) ?? []
    }()

    /// The sample's strokes fitted into a `side` mm square with its top-left corner at `(x, y)` mm,
    /// timed from `start` seconds (nil: no times); returns the strokes and the time after them.
    static func written(_ sample: Sample, x: Double, y: Double, side: Double = 18, start: Double? = 0) -> ([HandwritingStroke], Double) {
        let xs = sample.strokes.flatMap { s in stride(from: 0, to: s.count, by: 2).map { s[$0] } }
        let ys = sample.strokes.flatMap { s in stride(from: 1, to: s.count, by: 2).map { s[$0] } }
        let (minX, minY) = (xs.min() ?? 0, ys.min() ?? 0)
        let scale = side / Swift.max(xs.max()! - minX, ys.max()! - minY, 1e-9)
        var t = start ?? 0
        let strokes = sample.strokes.map { flat in
            let points = stride(from: 0, to: flat.count, by: 2).map { k -> HandwritingPoint in
                defer { t += 0.01 }
                return HandwritingPoint(x: x + (flat[k] - minX) * scale, y: y + (flat[k + 1] - minY) * scale, t: start == nil ? nil : t)
            }
            t += 0.25
            return HandwritingStroke(points: points)
        }
        return (strokes, t)
    }

    /// Rows of eight samples at `pitch` mm, 1 s between characters (or no times at all); each
    /// character `drift` mm lower than the one before and `growth` mm larger (from 18 mm).
    static func rows(pitch: Double, timed: Bool, drift: Double = 0, growth: Double = 0) -> [(ink: HandwritingInk, samples: [Sample])] {
        stride(from: 0, to: samples.count - 7, by: 8).map { first in
            var strokes: [HandwritingStroke] = []
            var t = 0.0
            let row = Array(samples[first..<first + 8])
            for (slot, sample) in row.enumerated() {
                let (written, end) = written(
                    sample, x: 10 + pitch * Double(slot), y: 20 + drift * Double(slot), side: 18 + growth * Double(slot), start: timed ? t : nil)
                strokes += written
                t = end + 0.75
            }
            return (HandwritingInk(strokes: strokes), row)
        }
    }

    /// Zinnia's reading of each sample alone (all its strokes, fitted): the figure segmentation
    /// should not fall below.
    static func isolatedRight(_ recognizer: HandwritingRecognizer, _ samples: [Sample]) -> Int {
        samples.filter { sample in
            recognizer.classifyCharacter(written(sample, x: 20, y: 20).0, count: 1).first?.text == sample.character
        }.count
    }

    @Test func theFixtureHoldsTegakisTrainingWriters() {
        #expect(Self.samples.count == 100)
        #expect(Self.samples.allSatisfy { $0.file.hasPrefix("tegaki-lab/data/train/japanese-") && !$0.file.contains("/eval/") })
    }

    /// One real character written alone is one character (≥ 98 of 100; the line segmenter before
    /// cut 74 of 100 at their radicals: 三 → 一 一 へ), read as well as Zinnia reads it alone —
    /// with the Japanese model, and with the simplified Chinese one (most of these kanji are hanzi
    /// too; the others are still one character each).
    @Test(arguments: [HandwritingLanguage.japanese, .simplifiedChinese]) func aRealCharacterWrittenAloneIsOneCharacter(language: HandwritingLanguage) throws {
        let recognizer = try HandwritingRecognizer(language: language)
        var whole = 0, right = 0
        var split: [String] = []
        var elapsed = Duration.zero
        for sample in Self.samples {
            let (strokes, _) = Self.written(sample, x: 20, y: 20)
            let clock = ContinuousClock(), started = clock.now
            let units = recognizer.recognize(HandwritingInk(strokes: strokes))
            elapsed += clock.now - started
            if units.count == 1, units[0].strokes == Array(strokes.indices) {
                whole += 1
            } else {
                split.append("\(sample.character)→\(units.map(\.text).joined(separator: " "))")
            }
            if units.map(\.text).joined() == sample.character { right += 1 }
        }
        let isolated = Self.isolatedRight(recognizer, Self.samples)
        print("\(language) alone: \(whole) of \(Self.samples.count) one character, \(right) right (Zinnia alone \(isolated))")
        print("  split: \(split); \(elapsed / Self.samples.count) a character")
        #expect(whole >= 98, "split: \(split)")
        #expect(right >= isolated - 1)
    }

    /// Rows of eight real characters at a 25 mm pitch read as eight (≥ 95 % of rows), each
    /// character its own strokes, and read within 3 points of the characters alone — with the
    /// pen's times and without them (space and the classifier alone).
    @Test(arguments: [true, false]) func rowsOfEightRealCharactersReadAsEight(timed: Bool) throws {
        let recognizer = try HandwritingRecognizer(language: .japanese)
        let rows = Self.rows(pitch: 25, timed: timed)
        #expect(rows.count == 12)
        var eight = 0, right = 0
        for (ink, samples) in rows {
            let units = recognizer.recognize(ink)
            var first = 0
            let expected = samples.map { sample in
                defer { first += sample.strokes.count }
                return Array(first..<first + sample.strokes.count)
            }
            if units.map(\.strokes) == expected {
                eight += 1
                right += zip(units, samples).filter { $0.text == $1.character }.count
            } else {
                print("row read as \(units.count): \(units.map(\.text).joined()) for \(samples.map(\.character).joined())")
            }
        }
        let characters = rows.count * 8
        let isolated = Self.isolatedRight(recognizer, rows.flatMap(\.samples))
        print("rows (timed \(timed)): \(eight) of \(rows.count) as eight; \(right) of \(characters) right (alone \(isolated))")
        #expect(Double(eight) >= 0.95 * Double(rows.count))
        #expect(Double(right) >= Double(isolated) - 0.03 * Double(characters))
    }

    /// A line that drifts down (3 mm a character) while its characters grow (from 18 to 25 mm, at a
    /// pitch of 30 mm), written without times: the row's ink is 46 mm tall, but the pitch is
    /// measured where each character is, and the rows still read as eight.
    @Test func aDriftingGrowingLineReadsCharacterByCharacter() throws {
        let recognizer = try HandwritingRecognizer(language: .japanese)
        let rows = Self.rows(pitch: 30, timed: false, drift: 3, growth: 1)
        var eight = 0
        for (ink, samples) in rows {
            let units = recognizer.recognize(ink)
            if units.count == 8 { eight += 1 } else { print("drifting row read as \(units.count): \(units.map(\.text).joined()) for \(samples.map(\.character).joined())") }
        }
        #expect(Double(eight) >= 0.95 * Double(rows.count), "\(eight) of \(rows.count) rows as eight")
    }

    /// With cells (a boxed field), each cell written in is one character, even when the characters
    /// touch (an 18 mm pitch, no gap) and a stroke reaches over a cell's edge.
    @Test func theCellsOfABoxedFieldDecideTheCharacters() throws {
        let recognizer = try HandwritingRecognizer(language: .japanese)
        let row = Array(Self.samples[8..<16])
        var strokes: [HandwritingStroke] = []
        var expected: [[Int]] = []
        for (slot, sample) in row.enumerated() {
            // Each written 1 mm larger than its 18 mm cell, 0.5 mm into its neighbours.
            let (written, _) = Self.written(sample, x: 10 + 18 * Double(slot) - 0.5, y: 19.5, side: 19, start: nil)
            expected.append(Array(strokes.count..<strokes.count + written.count))
            strokes += written
        }
        let cells = (0..<8).map { CharacterCell(x: 10 + 18 * Double($0), y: 19.5, width: 18, height: 19) }
        let units = recognizer.recognize(HandwritingInk(strokes: strokes), context: RecognitionContext(characterCells: cells))
        #expect(units.map(\.strokes) == expected)
        #expect(units.allSatisfy { !$0.candidates.isEmpty })
    }

    /// However many strokes, the work is bounded: at most `groupingsPerStroke` classifications per
    /// stroke, and every stroke in exactly one character, in writing order — on 2 000 strokes lying
    /// over each other, and on 2 000 dots in a row.
    @Test func theWorkIsBoundedOnAnyInk() {
        var random = SeededRandom(seed: 0x4A_50)
        let stacked = (0..<2_000).map { _ in
            HandwritingStroke(points: (0..<5).map { _ in HandwritingPoint(x: Double.random(in: 0...100, using: &random), y: Double.random(in: 0...100, using: &random)) })
        }
        let dots = (0..<2_000).map { HandwritingStroke(points: [HandwritingPoint(x: Double($0) * 3, y: 0)]) }
        let lattice = CharacterLattice(parameters: .defaults)
        for strokes in [stacked, dots] {
            var classified = 0
            let characters = lattice.characters(HandwritingInk(strokes: strokes)) { _ in
                classified += 1
                return [RecognitionCandidate(text: "x", score: 0.5), RecognitionCandidate(text: "y", score: 0.1)]
            }
            #expect(classified <= CharacterLatticeParameters.defaults.groupingsPerStroke * strokes.count)
            #expect(characters.flatMap(\.strokes) == Array(strokes.indices))
            #expect(characters.allSatisfy { $0.strokes.count <= CharacterLatticeParameters.defaults.maximumStrokes })
        }
    }

    /// An ink of 2 000 strokes is read: a line of 240 real characters (2 010 strokes), and 2 000
    /// random strokes lying over each other (a scribble: kept together, at most 30 strokes a
    /// character, not read stroke by stroke); every stroke in one character, in writing order.
    @Test func anInkOfTwoThousandStrokesIsRead() throws {
        let recognizer = try HandwritingRecognizer(language: .japanese)
        var line: [HandwritingStroke] = []
        for slot in 0..<240 {
            line += Self.written(Self.samples[slot % Self.samples.count], x: 10 + 25 * Double(slot), y: 20, start: nil).0
        }
        var random = SeededRandom(seed: 0x4A_51)
        let stacked = (0..<2_000).map { _ in
            HandwritingStroke(points: (0..<8).map { _ in HandwritingPoint(x: Double.random(in: 0...18, using: &random), y: Double.random(in: 0...18, using: &random)) })
        }
        for strokes in [line, stacked] {
            let clock = ContinuousClock(), started = clock.now
            let units = recognizer.recognize(HandwritingInk(strokes: strokes))
            print("\(strokes.count) strokes: \(units.count) characters in \(clock.now - started)")
            #expect(units.flatMap(\.strokes) == Array(strokes.indices))
            #expect(units.allSatisfy { $0.strokes.count <= CharacterLatticeParameters.defaults.maximumStrokes })
        }
    }

    /// Strokes with no finite point are in no character; an ink of them alone has none.
    @Test func strokesWithNoFinitePointAreInNoCharacter() {
        let lattice = CharacterLattice(parameters: .defaults)
        let bad = HandwritingStroke(points: [HandwritingPoint(x: .nan, y: 1), HandwritingPoint(x: 1e300, y: 2)])
        let good = HandwritingStroke(points: [HandwritingPoint(x: 0, y: 0), HandwritingPoint(x: 10, y: 0)])
        let classify: ([Int]) -> [RecognitionCandidate] = { _ in [RecognitionCandidate(text: "一", score: 1)] }
        #expect(lattice.characters(HandwritingInk(strokes: [bad]), classify: classify).isEmpty)
        #expect(lattice.characters(HandwritingInk(strokes: [bad, good, bad]), classify: classify).map(\.strokes) == [[1]])
    }

    @Test func parametersOutOfRangeAreRejectedNamingTheField() {
        #expect(throws: ParameterError.self) { try CharacterLatticeParameters(maximumStrokes: 0) }
        #expect(throws: ParameterError.self) { try CharacterLatticeParameters(maximumWidth: .nan) }
        #expect(throws: ParameterError.self) { try CharacterLatticeParameters(cutCost: 9) }
        do {
            _ = try CharacterLatticeParameters(maximumOverlap: 1.5)
            Issue.record("an overlap of 1.5 accepted")
        } catch {
            #expect("\(error)".contains("CharacterLatticeParameters.maximumOverlap"))
        }
        #expect(CharacterLatticeParameters.defaults.maximumStrokes == 30)
    }
}
