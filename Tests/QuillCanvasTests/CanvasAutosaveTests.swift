import Foundation
import QuillCanvas
import QuillCore
import QuillInput
import QuillStroke
import QuillSystem
import QuillTestSupport
import Testing

/// ``CanvasAutosave``: where a window keeps an unsaved drawing, and that it keeps one only when
/// there is something unsaved; ``VisibleGapFrameRecord/jsonLines(of:)``, the `--gap-frames` file.
@Suite struct CanvasAutosaveTests {
    @Test func theFileIsUnderXDGStateHomeElseHomesLocalState() {
        #expect(CanvasAutosave.path(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]) == "/s/quill/canvas-autosave.json")
        // An empty XDG_STATE_HOME counts as unset (the XDG base directory specification).
        #expect(CanvasAutosave.path(environment: ["XDG_STATE_HOME": "", "HOME": "/h"]) == "/h/.local/state/quill/canvas-autosave.json")
        #expect(CanvasAutosave.path(environment: ["HOME": "/h"]) == "/h/.local/state/quill/canvas-autosave.json")
    }

    @Test func keepsADrawnDrawingAndNothingWhenNothingIsUnsaved() throws {
        let replay = try SampleReplay(path: CanvasModelTests.root.appendingPathComponent("Recordings/evemu-devices/Wacom-Cintiq-12WX.events").path,
                                      catalog: WacomCatalog.loadIfAvailable())
        let events = try replay.allEvents()
        let mapping = try #require(events.lazy.compactMap { event -> TabletMapping? in
            if case .sample(let sample) = event { return replay.mapping(forDevice: sample.deviceIndex) }
            return nil
        }.first)
        let model = try CanvasModel(options: CanvasOptions(), mapping: mapping)
        model.penUsesPalette = false
        let path = TestScratch.directory.appendingPathComponent("autosave-\(UUID().uuidString)/quill/canvas-autosave.json").path
        // A window that drew nothing keeps nothing.
        #expect(!CanvasAutosave.hasUnsavedDrawing(model))
        #expect(try !CanvasAutosave.keep(model, at: path))
        #expect(!FileManager.default.fileExists(atPath: path))
        var last = 0.0
        for event in events {
            last = max(last, event.time ?? last)
            model.handle(event, now: last)
        }
        model.finish()
        try #require(!model.recorder.drawing.strokes.isEmpty)
        #expect(CanvasAutosave.hasUnsavedDrawing(model))
        // Kept in full, its folder made; once saved there is nothing left to keep.
        #expect(try CanvasAutosave.keep(model, at: path))
        #expect(try DrawingFile.read(path).strokes == model.drawingToSave.strokes)
        model.markSaved()
        #expect(!CanvasAutosave.hasUnsavedDrawing(model))
    }

    @Test func gapFramesAreOneJSONLineEachTimedFromTheFirst() throws {
        // A pen moving at 100 mm/s, sampled at 240 Hz; frames at 60 Hz whose ink ends 8 ms behind.
        var meter = VisibleGapMeter()
        let samples = (0...240).map { 10 + Double($0) / 240 }
        let frames = (1...58).map { 10.0013 + Double($0) / 60 }
        VisibleGapTests.run(&meter, sampleTimes: samples, frameTimes: frames,
                            drawn: { VisibleGapTests.pen(at: $0 - 0.008) }, committed: { VisibleGapTests.pen(at: $0 - 0.020) })
        meter.penLeft()
        try #require(meter.frames.count > 10)
        let text = String(decoding: VisibleGapFrameRecord.jsonLines(of: meter), as: UTF8.self)
        #expect(text.hasSuffix("\n"))
        let lines = text.split(separator: "\n")
        #expect(lines.count == meter.frames.count)
        for (line, frame) in zip(lines, meter.frames) {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let t = try #require(object["t"] as? Double), gap = try #require(object["gap_mm"] as? Double)
            #expect(abs(t - (frame.time - meter.frames[0].time)) < 1e-9)
            #expect(abs(gap - frame.gap) < 1e-9)
        }
        #expect(VisibleGapFrameRecord.jsonLines(of: VisibleGapMeter()).isEmpty)
    }
}
