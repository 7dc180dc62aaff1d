import Foundation
import QuillCanvas
import QuillCore
import QuillDrawing
import QuillGestures
import QuillInput
import QuillStroke
import QuillSystem
import Testing

/// One drawing (issue 37): the canvas window is a client of ``DrawingSession`` as the commands are,
/// so a recording replayed into it leaves the strokes `quill strokes`, `render` and `shapes` leave.
@Suite struct CanvasOneDrawingTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every bundled pen recording (a pad or a touch node alone gives the canvas no pen to map).
    static let recordings: [String] = {
        let folder = root.appendingPathComponent("Recordings").path
        let files = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
        return files.filter { [".events", ".evemu", ".yml", ".yaml"].contains(where: $0.hasSuffix) }.sorted().map { folder + "/" + $0 }
    }()

    @Test func everyBundledRecordingDrawsTheSessionsStrokesInTheCanvas() throws {
        var compared = 0, withStrokes = 0
        for path in Self.recordings {
            let replay = try SampleReplay(path: path, catalog: WacomCatalog.loadIfAvailable())
            let events = try replay.allEvents()
            guard let mapping = events.lazy.compactMap({ event -> TabletMapping? in
                if case .sample(let sample) = event { return replay.mapping(forDevice: sample.deviceIndex) }
                return nil
            }).first else { continue }
            // The session as the commands run it.
            var session = DrawingSession(ink: try Ink(type: .pen), pencil: PencilSession())
            var outcomes: [PencilInteraction.Outcome] = [], fingers: [FingerGesture] = []
            // The canvas as `quill canvas --replay` runs it: the recording's canvas, no palette picks.
            let model = try CanvasModel(options: CanvasOptions(), mapping: mapping)
            model.penUsesPalette = false
            var last = 0.0
            for event in events {
                session.handle(event, from: replay, outcomes: &outcomes, fingers: &fingers)
                let time = event.time ?? last
                last = max(last, time)
                model.handle(event, now: time)
            }
            session.finish(at: last, outcomes: &outcomes)
            model.finish()
            let name = URL(fileURLWithPath: path).lastPathComponent
            let expected: [Int] = session.recorder?.strokeIDs ?? []
            #expect(model.recorder.strokeIDs == expected, "\(name): canvas \(model.recorder.strokeIDs.count) strokes, session \(expected.count)")
            let sessionPoints: [Int] = session.drawing?.strokes.map { $0.path.points.count } ?? []
            #expect(model.recorder.drawing.strokes.map { $0.path.points.count } == sessionPoints, "\(name)")
            compared += 1
            if !expected.isEmpty { withStrokes += 1 }
        }
        // The bundle's pen recordings: most draw something.
        #expect(compared >= 30 && withStrokes >= 20, "compared \(compared), with strokes \(withStrokes)")
    }
}
