import Foundation
@testable import QuillHandwriting
import Testing

/// Quill's English classifier against its trainer: the features and scores `Tools/research/quill_research/handwriting/latin`
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
            // The scores: the trainer's are the network's outputs, Quill's their log-softmax — the
            // same up to one constant, so their differences agree (Float here, Double there).
            let scores = check.top3.compactMap { pair -> Double? in if case .number(let value) = pair.last { return value } else { return nil } }
            #expect(scores.count == 3 && read.count == 3)
            for index in 1..<Swift.min(scores.count, read.count) {
                let got = read[0].score - read[index].score, want = scores[0] - scores[index]
                #expect(abs(got - want) <= 1e-3 * Swift.max(1, abs(want)), "\(check.label): score gap \(got) ≠ \(want)")
            }
        }
    }

    /// A model file written here: `magic`, its header words, then `floats` (little-endian).
    static func modelFile(_ magic: String, _ header: [UInt32], _ floats: [Float]) throws -> String {
        var bytes = Array(magic.utf8)
        for word in header { withUnsafeBytes(of: word.littleEndian) { bytes.append(contentsOf: $0) } }
        for value in floats { withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) } }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("quill-latin-\(UUID().uuidString).classifier").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Both formats are read (LAT2 with its hidden layer, the earlier LAT1 without), and a file
    /// that is neither, or whose size its header contradicts, is refused naming it.
    @Test func bothFormatsAreReadAndABadFileIsRefusedByName() throws {
        let d = LatinClassifier.gridValues + LatinClassifier.globalValues
        let classes = FileManager.default.temporaryDirectory.appendingPathComponent("quill-latin-\(UUID().uuidString).classes").path
        try "a\nb\n".write(toFile: classes, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: classes) }
        let stroke = [HandwritingPoint(x: 0, y: 0), HandwritingPoint(x: 10, y: 0)]  // one stroke to the right
        // A network whose one hidden unit is the first direction plane's first value: class "b"
        // scores it, "a" does not, so a stroke to the right reads "b".
        let mean = [Float](repeating: 0, count: d), spread = [Float](repeating: 1, count: d)
        var hidden = [Float](repeating: 0, count: d)
        for index in 0..<64 { hidden[index] = 1 }  // every cell of the rightward plane
        let lat2 = try Self.modelFile("LAT2", [UInt32(d), 1, 2, UInt32(LatinClassifier.gridValues), 8, 0], mean + spread + hidden + [0] + [0, 1] + [0, 0])
        defer { try? FileManager.default.removeItem(atPath: lat2) }
        let layered = try LatinClassifier(path: lat2, classesPath: classes)
        #expect(layered.hiddenWidths == [1])
        #expect(layered.classify([stroke], count: 2).map(\.text) == ["b", "a"])
        // LAT3: two hidden layers, the second passing the first's unit on.
        let lat3 = try Self.modelFile("LAT3", [UInt32(d), 2, UInt32(LatinClassifier.gridValues), 8, 0, 2, 1, 1], mean + spread + hidden + [0] + [1] + [0] + [0, 1] + [0, 0])
        defer { try? FileManager.default.removeItem(atPath: lat3) }
        let deep = try LatinClassifier(path: lat3, classesPath: classes)
        #expect(deep.hiddenWidths == [1, 1])
        #expect(deep.classify([stroke], count: 2).map(\.text) == ["b", "a"])
        // LAT1: the same rule as a linear classifier.
        let lat1 = try Self.modelFile("LAT1", [UInt32(d), 2, UInt32(LatinClassifier.gridValues)], mean + spread + [Float](repeating: 0, count: d) + hidden + [0, 0])
        defer { try? FileManager.default.removeItem(atPath: lat1) }
        let linear = try LatinClassifier(path: lat1, classesPath: classes)
        #expect(linear.hiddenWidths.isEmpty)
        #expect(linear.classify([stroke], count: 2).map(\.text) == ["b", "a"])
        // Cut short, a wrong magic, a NaN: refused, naming the file.
        let short = try Self.modelFile("LAT2", [UInt32(d), 1, 2, UInt32(LatinClassifier.gridValues), 8, 0], mean)
        let wrong = try Self.modelFile("LATX", [UInt32(d)], [])
        let notFinite = try Self.modelFile("LAT2", [UInt32(d), 1, 2, UInt32(LatinClassifier.gridValues), 8, 0], mean + spread + hidden + [.nan] + [0, 1] + [0, 0])
        defer { for path in [short, wrong, notFinite] { try? FileManager.default.removeItem(atPath: path) } }
        for (path, reason) in [(short, "bytes"), (wrong, "no LAT1, LAT2 or LAT3 header"), (notFinite, "not finite")] {
            do {
                _ = try LatinClassifier(path: path, classesPath: classes)
                Issue.record("\(path) was read")
            } catch {
                #expect("\(error)".contains(path) && "\(error)".contains(reason), "\(error)")
            }
        }
    }
}
