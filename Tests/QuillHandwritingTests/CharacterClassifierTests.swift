import Foundation
import QuillCore
import Testing
@testable import QuillHandwriting

/// Which ``CharacterClassifier`` reads: ``HandwritingRecognizer`` chooses Quill's Japanese network
/// for Debian's Japanese model when the network's file is installed, and Zinnia when it is not (and
/// for Chinese whatever is installed); the characters are then read by the one chosen. Real
/// characters of Tegaki's training writers (Tests/Fixtures/handwriting/tegaki-train-sample.json).
@Suite struct CharacterClassifierTests {
    static func recognizer(_ language: HandwritingLanguage, japaneseNetworkPaths: [String]) throws -> HandwritingRecognizer {
        try HandwritingRecognizer(
            language: language, modelPath: nil, wordListPath: nil, alsoSearching: [], segmentation: .defaults, japaneseNetworkPaths: japaneseNetworkPaths)
    }

    @Test func japaneseChoosesTheNetworkWhenItsFileIsInstalledAndZinniaWhenNot() throws {
        // One folder with the network installed (a link to the built one), one without it.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("quill-classifier-choice-\(getpid())")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("with"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let installed = directory.appendingPathComponent("with/" + JapaneseNetwork.fileName).path
        let absent = directory.appendingPathComponent("without/" + JapaneseNetwork.fileName).path
        try FileManager.default.createSymbolicLink(atPath: installed, withDestinationPath: JapaneseNetworkTests.networkPath())

        let withNetwork = try Self.recognizer(.japanese, japaneseNetworkPaths: [absent, installed])
        let withoutNetwork = try Self.recognizer(.japanese, japaneseNetworkPaths: [absent])
        #expect(withNetwork.characterClassifier is JapaneseNetwork)
        #expect(withoutNetwork.characterClassifier is ZinniaModel)
        // The network's 6 556 classes (with katakana and punctuation), Debian's model's 6 420.
        #expect(withNetwork.classCount == 6_556)
        #expect(withoutNetwork.classCount == 6_420)
        // Chinese is read by its own Zinnia model, the network installed or not.
        let chinese = try Self.recognizer(.simplifiedChinese, japaneseNetworkPaths: [installed])
        #expect((chinese.characterClassifier as? ZinniaModel)?.path == HandwritingRecognizer.modelPaths(for: .simplifiedChinese)[0])

        // Each recognizer's readings are its classifier's own, and the two classifiers read apart.
        let network = try JapaneseNetwork(path: installed)
        let zinnia = try ZinniaModel(path: JapaneseNetworkTests.debianModel)
        var apart = 0
        for sample in CharacterLatticeTests.samples.prefix(8) {
            let (strokes, _) = CharacterLatticeTests.written(sample, x: 20, y: 20)
            let canvas = try #require(CharacterCanvas(strokes.map(\.points), fill: CharacterCanvas.tegakiFill))
            let byNetwork = network.classify(canvas, count: 5)
            let byZinnia = zinnia.classify(canvas, count: 5)
            #expect(withNetwork.classifyCharacter(strokes, count: 5) == byNetwork, "\(sample.character)")
            #expect(withoutNetwork.classifyCharacter(strokes, count: 5) == byZinnia, "\(sample.character)")
            if byNetwork != byZinnia { apart += 1 }
        }
        #expect(apart == 8, "the network and Zinnia score every character differently")
    }
}
