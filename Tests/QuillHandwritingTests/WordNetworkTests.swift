import Foundation
import QuillTestSupport
import Testing
@testable import QuillHandwriting

/// The English word network (``WordNetwork``) and its word-list decoding (``WordBeamSearch``):
/// Swift's port against its trainer's check vectors, real words of UNIPEN training writers
/// (Tests/Fixtures/handwriting, CC BY 4.0 as UNIPEN-LICENSE.md says), and random ink.
@Suite struct WordNetworkTests {
    struct Checks: Decodable {
        struct Case: Decodable {
            var strokes: [[[Double]]]
            var features: [[Double]]
            var logProbabilities: [[Double]]
        }
        var alphabet: String
        var cases: [Case]
    }

    struct Word: Decodable {
        var writer: String
        var label: String
        var strokes: [[[Double]]]
    }

    static func fixture<T: Decodable>(_ name: String, as type: T.Type) throws -> T {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/handwriting/" + name)
        return try JSONDecoder().decode(T.self, from: Data(contentsOf: url))
    }

    static func network() throws -> WordNetwork {
        let directory = try #require(HandwritingRecognizer.modelPaths(for: .english).first { FileManager.default.isReadableFile(atPath: $0) })
        return try WordNetwork(path: URL(fileURLWithPath: directory).deletingLastPathComponent().appendingPathComponent(HandwritingRecognizer.englishWordNetwork).path)
    }

    static func points(_ strokes: [[[Double]]]) -> [[HandwritingPoint]] {
        strokes.map { $0.map { HandwritingPoint(x: $0[0], y: $0[1]) } }
    }

    @Test func theFeaturesAndLogProbabilitiesAreTheTrainersOwn() throws {
        let checks = try Self.fixture("words-check-vectors.json", as: Checks.self)
        let network = try Self.network()
        #expect(String(network.alphabet) == checks.alphabet)
        #expect(checks.cases.count == 5)
        for (index, check) in checks.cases.enumerated() {
            let features = try #require(WordNetwork.features(Self.points(check.strokes)))
            #expect(features.count == check.features.count * WordNetwork.featureCount, "case \(index)")
            for (point, expected) in check.features.enumerated() where features.count == check.features.count * WordNetwork.featureCount {
                for k in 0..<WordNetwork.featureCount {
                    let got = Double(features[point * WordNetwork.featureCount + k])
                    #expect(abs(got - expected[k]) <= 2e-5, "case \(index) point \(point) value \(k): \(got) ≠ \(expected[k])")
                }
            }
            let output = network.logProbabilities(features)
            let classes = network.classCount
            #expect(output.count == check.logProbabilities.count * classes, "case \(index)")
            guard output.count == check.logProbabilities.count * classes else { continue }
            var worst = 0.0
            for (frame, row) in check.logProbabilities.enumerated() {
                for (k, expected) in row.enumerated() { worst = max(worst, abs(Double(output[frame * classes + k]) - expected)) }
            }
            #expect(worst <= 2e-3, "case \(index): largest difference \(worst)")
        }
    }

    /// A matrix of log-probabilities whose frames spell `path` (the alphabet's characters, "_" the
    /// blank), each frame's character at probability 0.9.
    static func frames(_ path: String, alphabet: [Character]) -> [Float] {
        let classes = alphabet.count + 1
        var out: [Float] = []
        for c in path {
            let hit = c == "_" ? 0 : alphabet.firstIndex(of: c)! + 1
            out += (0..<classes).map { $0 == hit ? Float.log(0.9) : Float.log(0.1 / Float(classes - 1)) }
        }
        return out
    }

    @Test func theBeamReadsListWordsAndFallsBackToTheRawPath() {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'-")
        let search = WordBeamSearch(words: ["cat", "cart", "coat", "dog", "book", "bok", "Zürich"].map { Array($0.utf8) })
        #expect(search.contains(Array("cart".utf8)) && !search.contains(Array("car".utf8)) && !search.contains(Array("zrich".utf8)))
        // Repeated frames are one letter; a doubled letter needs a blank between.
        #expect(search.decode(Self.frames("_cca_tt_", alphabet: alphabet), alphabet: alphabet, limit: 3).first?.text == "cat")
        #expect(search.decode(Self.frames("_b_oo_o_k_", alphabet: alphabet), alphabet: alphabet, limit: 3).first?.text == "book")
        #expect(search.decode(Self.frames("_b_ooo_k_", alphabet: alphabet), alphabet: alphabet, limit: 3).first?.text == "bok")
        // A capital first letter keeps its case.
        #expect(search.decode(Self.frames("_Dog_", alphabet: alphabet), alphabet: alphabet, limit: 3).first?.text == "Dog")
        // Clearly written, not in the list: the raw path first, the nearest words after it.
        let raw = search.decode(Self.frames("_x_q_z_k_", alphabet: alphabet), alphabet: alphabet, limit: 3)
        #expect(raw.first?.text == "xqzk")
        // A path close to a word ("coab"): the word wins over the raw reading by the margin.
        var near = Self.frames("_c_o_a_t_", alphabet: alphabet)
        let classes = alphabet.count + 1
        let t = alphabet.firstIndex(of: "t")! + 1, b = alphabet.firstIndex(of: "b")! + 1
        near[7 * classes + t] = Float.log(0.4)
        near[7 * classes + b] = Float.log(0.5)
        let read = search.decode(near, alphabet: alphabet, limit: 3)
        #expect(read.first?.text == "coat")
        #expect(read.contains { $0.text == "coab" })
        // The CTC score of a word: what the beam found for it, all alignments summed.
        let cat = Self.frames("_cca_tt_", alphabet: alphabet)
        let beamScore = search.decode(cat, alphabet: alphabet, limit: 1).first?.score ?? 0
        #expect(abs(Double(search.score("cat", cat, alphabet: alphabet)) - beamScore) < 1e-3)
        #expect(search.score("Cat", cat, alphabet: alphabet) == search.score("cat", cat, alphabet: alphabet))
        #expect(search.score("cot", cat, alphabet: alphabet) < search.score("cat", cat, alphabet: alphabet) - 5)
        #expect(search.score("catcatcat", cat, alphabet: alphabet) == -.infinity)
        #expect(search.score("c@t", cat, alphabet: alphabet) == -.infinity)
    }

    /// Letters 1 high at `lefts` (each 0.5 wide): evenly spaced letters stay one word however far
    /// apart; a wide gap among narrow ones splits.
    @Test func wordsAreSplitByTheLinesSpacing() {
        func letters(_ lefts: [Double]) -> [(strokes: [Int], box: InkBox)] {
            lefts.enumerated().map { ([$0.offset], InkBox(minX: $0.element, minY: 0, maxX: $0.element + 0.5, maxY: 1)) }
        }
        let spacing = WordSpacing()
        // "C a mp i mg": gaps of 0.7 – 0.9 heights, one word (the gap rule alone cut it at each).
        #expect(spacing.words(letters([0, 1.2, 2.5, 3.7, 5.0])) == [[0, 1, 2, 3, 4]])
        // Two words: letter gaps 0.2, a word gap of 1.
        #expect(spacing.words(letters([0, 0.7, 1.4, 2.9, 3.6])) == [[0, 1, 2], [3, 4]])
        // Two cursive words, one stroke each: the lone gap splits when wider than a height.
        #expect(spacing.words(letters([0, 1.7])) == [[0], [1]])
        #expect(spacing.words(letters([0, 1.2])) == [[0, 1]])
        #expect(spacing.words([]).isEmpty)
    }

    /// Real words of UNIPEN training writers (two of them cursive), read through `quill recognize`'s
    /// path: each a whole word of the recognizer's best candidate.
    @Test func realWordsOfTrainingWritersAreRead() throws {
        let words = try Self.fixture("unipen-training-words.json", as: [Word].self)
        #expect(words.count == 18)
        let recognizer = try HandwritingRecognizer(language: .english)
        var right = 0
        var misses: [String] = []
        for word in words {
            let ink = HandwritingInk(strokes: Self.points(word.strokes).map { HandwritingStroke(points: $0) })
            let text = recognizer.recognize(ink).map(\.text).joined(separator: " ")
            if text.lowercased() == word.label.lowercased() { right += 1 } else { misses.append("\(word.writer) \(word.label) → \(text)") }
        }
        #expect(right >= 15, "\(right) of \(words.count) read: \(misses)")
        // Cursive: anj and not join their letters.
        let cursive = words.filter { ["anj", "not"].contains($0.writer) }
        let cursiveRight = cursive.filter { word in
            let ink = HandwritingInk(strokes: Self.points(word.strokes).map { HandwritingStroke(points: $0) })
            return recognizer.recognize(ink).map(\.text).joined(separator: " ").lowercased() == word.label.lowercased()
        }.count
        #expect(cursiveRight >= 5, "\(cursiveRight) of \(cursive.count) cursive words read")
    }

    /// Seeded random inks (long strokes, many strokes, repeats, huge and non-finite values): the
    /// features stay within ``WordNetwork/maximumPoints``, nothing crashes, and every ink is read in
    /// bounded time.
    @Test func randomInkIsReadInBoundedTime() throws {
        let recognizer = try HandwritingRecognizer(language: .english)
        var random = SeededRandom(seed: 0x5EED)
        var slowest = 0.0
        for round in 0..<12 {
            var strokes: [HandwritingStroke] = []
            let count = round == 0 ? 400 : Int.random(in: 1...40, using: &random)
            for _ in 0..<count {
                var p = HandwritingPoint(x: Double.random(in: 0...300, using: &random), y: Double.random(in: 0...40, using: &random))
                var points: [HandwritingPoint] = []
                for _ in 0..<Int.random(in: 1...(round % 6 == 0 ? 20_000 : 300), using: &random) {
                    switch Int.random(in: 0..<60, using: &random) {
                    case 0: points.append(HandwritingPoint(x: .nan, y: 3))
                    case 1: points.append(HandwritingPoint(x: 1e300, y: -.infinity))
                    case 2: points.append(HandwritingPoint(x: 1e11, y: -1e11))
                    case 3, 4: points.append(points.randomElement(using: &random) ?? p)
                    default:
                        p.x += Double.random(in: -3...3, using: &random)
                        p.y += Double.random(in: -3...3, using: &random)
                        points.append(p)
                    }
                }
                strokes.append(HandwritingStroke(points: points))
            }
            if let features = WordNetwork.features(strokes.map(\.points)) {
                #expect(features.count <= WordNetwork.maximumPoints * WordNetwork.featureCount)
            }
            let start = ContinuousClock.now
            let units = recognizer.recognize(HandwritingInk(strokes: strokes))
            let elapsed = ContinuousClock.now - start
            slowest = max(slowest, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
            #expect(units.allSatisfy { !$0.candidates.isEmpty })
            #expect(Set(units.flatMap(\.strokes)).count == units.flatMap(\.strokes).count)
        }
        // A debug build; each ink's words together, every stroke at most 20 000 points.
        #expect(slowest < 20, "slowest ink \(slowest) s")
    }
}
