import Foundation
@testable import QuillHandwriting
import Testing

/// Quill's English classifier against its trainer: the features and scores `Tools/train-handwriting/latin`
/// (numpy) computed for five held-out UNIPEN characters (Tests/Fixtures/handwriting/latin-check-vectors.json,
/// CC BY 4.0 as UNIPEN-LICENSE.md says), computed again here.
@Suite struct LatinClassifierTests {
    struct Check: Decodable {
        var label: String
        var strokes: [[[Double]]]
        var raw_features_first20: [Double]
        var raw_features_nonplane: [Double]
        var top3: [[Check.Value]]
        enum Value: Decodable {
            case text(String), number(Double)
            init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                if let text = try? container.decode(String.self) { self = .text(text) } else { self = .number(try container.decode(Double.self)) }
            }
        }
    }

    static let checks: [Check] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/handwriting/latin-check-vectors.json")
        return (try? JSONDecoder().decode([Check].self, from: Data(contentsOf: url))) ?? []
    }()

    @Test func theFeaturesAndScoresAreTheTrainersOwn() throws {
        #expect(Self.checks.count == 5)
        let recognizer = try HandwritingRecognizer(language: .english)
        for check in Self.checks {
            let strokes = check.strokes.map { $0.map { HandwritingPoint(x: $0[0], y: $0[1]) } }
            let features = try #require(LatinClassifier.features(strokes))
            #expect(features.count == LatinClassifier.gridValues + LatinClassifier.globalValues)
            for (index, expected) in check.raw_features_first20.enumerated() {
                #expect(abs(features[index] - expected) <= 1e-9 + 1e-6 * abs(expected), "\(check.label): feature \(index) \(features[index]) ≠ \(expected)")
            }
            // The ten values after the grids: stroke count, extent, first and last point.
            let tail = Array(features.suffix(LatinClassifier.globalValues))
            #expect(check.raw_features_nonplane.count == LatinClassifier.globalValues)
            for (got, expected) in zip(tail, check.raw_features_nonplane) {
                #expect(abs(got - expected) <= 1e-9 + 1e-6 * abs(expected), "\(check.label): \(tail) ≠ \(check.raw_features_nonplane)")
            }
            let read = recognizer.classifyCharacter(check.strokes.map { HandwritingStroke(points: $0.map { HandwritingPoint(x: $0[0], y: $0[1]) }) }, count: 3)
            let expected = check.top3.compactMap { pair -> String? in if case .text(let text) = pair.first { return text } else { return nil } }
            #expect(read.map(\.text) == expected, "\(check.label)")
        }
    }
}
