import Foundation
import QuillCore
import Testing
@testable import QuillHandwriting

/// Quill's Japanese network (``JapaneseNetwork``): Swift's port against its trainer's check vectors
/// (Tools/research/quill_research/handwriting/japanese/export.py; Tests/Fixtures/handwriting/japanese-check-vectors.json,
/// computed on Tegaki training-writer characters, GPL-2.0 as TEGAKI-LICENSE.md says), real Tegaki
/// characters read through `quill recognize`'s path, and model files it must refuse.
@Suite struct JapaneseNetworkTests {
    struct Checks: Decodable {
        struct Case: Decodable {
            var character: String
            var strokes: [[[Int]]]
            var features: [Double]
            var best: [String]
            var logProbabilities: [Double]
        }
        var classes: Int
        var cases: [Case]
    }

    static let debianModel = "/usr/share/tegaki/models/zinnia/handwriting-ja.model"

    static func networkPath() throws -> String {
        try #require(HandwritingRecognizer.japaneseNetworkPaths().first { FileManager.default.isReadableFile(atPath: $0) })
    }

    static func canvas(_ strokes: [[[Int]]]) throws -> CharacterCanvas {
        var canvas = try #require(CharacterCanvas([[HandwritingPoint(x: 0, y: 0)]]))
        canvas.strokes = strokes.map { $0.map { (x: $0[0], y: $0[1]) } }
        return canvas
    }

    @Test func theFeaturesAndLogProbabilitiesAreTheTrainersOwn() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/handwriting/japanese-check-vectors.json")
        let checks = try JSONDecoder().decode(Checks.self, from: Data(contentsOf: url))
        let network = try JapaneseNetwork(path: Self.networkPath())
        #expect(network.classes.count == checks.classes)
        #expect(checks.cases.count == 8)
        var scratch = network.makeScratch()
        for (index, check) in checks.cases.enumerated() {
            let canvas = try Self.canvas(check.strokes)
            JapaneseNetwork.features(canvas, into: &scratch.features, cells: &scratch.cells)
            #expect(check.features.count == JapaneseNetwork.featureCount)
            let worstFeature = zip(scratch.features, check.features).map { abs(Double($0) - $1) }.max() ?? .infinity
            #expect(worstFeature <= 1e-5, "case \(index): features differ by \(worstFeature)")
            let read = network.classify(canvas, count: 5, scratch: &scratch)
            #expect(read.map(\.text) == check.best, "case \(index)")
            for (candidate, expected) in zip(read, check.logProbabilities) {
                let logProbability = (candidate.score - JapaneseNetwork.scoreOffset) / JapaneseNetwork.scoreScale
                #expect(abs(logProbability - expected) <= 1e-3, "case \(index) \(candidate.text): \(logProbability) ≠ \(expected)")
            }
        }
    }

    /// Debian's Japanese model is read with the network when it is found, and with Zinnia alone
    /// when it is not (the fallback): the character classifier ``HandwritingRecognizer`` chooses.
    @Test func theNetworkReadsForDebiansModelAndZinniaIsTheFallback() throws {
        let withNetwork = try HandwritingRecognizer.characterClassifier(zinniaModel: Self.debianModel)
        #expect(withNetwork is JapaneseNetwork)
        #expect(withNetwork.classCount > 6_420)
        let alone = try HandwritingRecognizer.characterClassifier(zinniaModel: Self.debianModel, japaneseNetworkPaths: [])
        #expect((alone as? ZinniaModel)?.path == Self.debianModel)
        #expect(alone.classCount == 6_420)
        // Katakana and punctuation, which Debian's model lacks, are classes of the network.
        let network = try JapaneseNetwork(path: Self.networkPath())
        for character in ["ア", "カ", "ッ", "、", "。", "ー", "「", "」", "？"] { #expect(network.classes.contains(character), "\(character)") }
    }

    /// Real characters of Tegaki's training writers (Tests/Fixtures/handwriting/tegaki-train-sample.json,
    /// set s1 of japanese-native1 and japanese-learner1: writers the network never trained on),
    /// written as a person writes them, each read by `HandwritingRecognizer` as one character;
    /// and read right as often as measured on both writers' 400 characters (see the PROVENANCE).
    @Test func realTegakiCharactersReadAsOneCharacterEach() throws {
        let recognizer = try HandwritingRecognizer(language: .japanese)
        #expect(recognizer.classCount > 6_420, "the network reads (its classes), not Zinnia alone")
        var whole = 0, right = 0
        var misread: [String] = []
        for sample in CharacterLatticeTests.samples {
            let (strokes, _) = CharacterLatticeTests.written(sample, x: 20, y: 20)
            let units = recognizer.recognize(HandwritingInk(strokes: strokes))
            if units.count == 1, units[0].strokes == Array(strokes.indices) { whole += 1 }
            if units.map(\.text).joined() == sample.character { right += 1 } else { misread.append("\(sample.character)→\(units.map(\.text).joined(separator: " "))") }
        }
        print("network: \(whole) of 100 one character, \(right) right; misread \(misread)")
        #expect(CharacterLatticeTests.samples.count == 100)
        #expect(whole >= 98)
        #expect(right >= 94, "misread: \(misread)")
    }

    /// A file that is not a Japanese network is refused with its name: not one at all, one cut
    /// short, one whose layers do not fit together; and the recognizer's choice refuses it the same way.
    @Test func aBadNetworkFileIsRefusedWithItsName() throws {
        let good = try Data(contentsOf: URL(fileURLWithPath: Self.networkPath()))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("quill-japanese-network-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var mismatched = good
        // The first tensor's second dimension (its inputs) one more than the features.
        let headerEnd = 8 + 4 + (Int(good[8]) | Int(good[9]) << 8 | Int(good[10]) << 16 | Int(good[11]) << 24) + 4
        mismatched[headerEnd + 8] &+= 1
        let bad: [(String, Data)] = [
            ("text.network", Data("(character (value あ))".utf8)),
            ("short.network", good.prefix(good.count / 2)),
            ("mismatched.network", mismatched),
            ("empty.network", Data()),
        ]
        for (name, bytes) in bad {
            let path = directory.appendingPathComponent(name).path
            try bytes.write(to: URL(fileURLWithPath: path))
            let error = #expect(throws: HandwritingError.self) { _ = try JapaneseNetwork(path: path) }
            if case let .model(failed, reason)? = error {
                print("\(name): \(reason)")
                #expect(failed == path && "\(error.map(String.init(describing:)) ?? "")".contains(path))
            } else {
                Issue.record("\(name): \(String(describing: error))")
            }
            let refused = #expect(throws: HandwritingError.self) {
                _ = try HandwritingRecognizer.characterClassifier(zinniaModel: Self.debianModel, japaneseNetworkPaths: [path])
            }
            if case let .model(failed, _)? = refused { #expect(failed == path) } else { Issue.record("the recognizer took \(name)") }
        }
    }
}
