import Foundation
import QuillCore
import QuillInput
import QuillShapes
import QuillStroke
import Testing

/// Hold to snap on Recordings/shapes (Tools/research/quill_research/shapes/generate.py): drawings of every class by a
/// simulated hand, held or lifted, and real UNIPEN handwriting, as written and held 0.5 s.
@Suite struct ShapeRecordingTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Recordings/shapes")

    struct Label: Decodable {
        var file: String
        var stroke: Int
        var `class`: String
        var held: Bool
    }

    /// What hold to snap finds for each stroke of a recording, through the stroke engine as
    /// `quill shapes` runs it.
    static func held(_ file: String) throws -> [HeldShape] {
        let replay = try SampleReplay(path: directory.appendingPathComponent(file).path)
        var recorder: DrawingRecorder?
        var scale = 1.0
        for event in try replay.allEvents() {
            guard case .sample(let sample) = event else { continue }
            if recorder == nil, let mapping = replay.mapping(forDevice: sample.deviceIndex) {
                recorder = DrawingRecorder(ink: try Ink(type: .pen), mapping: mapping, corners: nil, shapes: nil, editingGestures: false)
                scale = mapping.pointsPerMillimetre
            }
            recorder?.add(sample)
        }
        recorder?.finish()
        return (recorder?.drawing.strokes ?? []).compactMap { $0.path.heldShape(pointsPerMillimetre: scale, parameters: .defaults, always: true) }
    }

    /// Every held drawing snaps to its class (36 of 36 measured; ≥ 95 % is the issue's goal), no
    /// stroke lifted normally snaps (drawings and handwriting alike: ≤ 1 % is the goal, 0 measured).
    @Test func heldDrawingsSnapToTheirClassAndNothingLiftedSnaps() throws {
        let labels = try String(contentsOf: Self.directory.appendingPathComponent("labels.jsonl"), encoding: .utf8)
            .split(separator: "\n").map { try JSONDecoder().decode(Label.self, from: Data($0.utf8)) }
        var found: [String: [HeldShape]] = [:]
        for file in Set(labels.map(\.file)) { found[file] = try Self.held(file) }
        var right = 0, heldDrawings = 0, falseSnaps = 0, lifted = 0
        var misses: [String] = []
        for label in labels {
            let rows = try #require(found[label.file])
            try #require(label.stroke < rows.count, "\(label.file) has \(rows.count) strokes")
            let row = rows[label.stroke]
            if label.class != "none", label.held {
                heldDrawings += 1
                if row.snaps, row.match?.shape.kind.rawValue == label.class { right += 1 } else {
                    misses.append("\(label.file)#\(label.stroke) → \(row.isHeld ? row.match?.shape.kind.rawValue ?? "none" : "not held")")
                }
            } else if !label.held {
                lifted += 1
                if row.snaps { falseSnaps += 1 }
            }
        }
        #expect(heldDrawings == 36 && lifted == 12 + 24)
        #expect(Double(right) >= 0.95 * Double(heldDrawings), "\(right) of \(heldDrawings): \(misses)")
        #expect(falseSnaps == 0, "\(falseSnaps) of \(lifted) strokes lifted normally would snap")
    }
}
