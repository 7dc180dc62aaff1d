import Foundation
import QuillCanvas
import QuillCore
import QuillHandwriting
import QuillStroke
import Testing

/// Scribble in the canvas without its window: a stroke that begins in a text box writes in it and
/// never inks the page; the box reads the writing when the pen rests or leaves; the text is saved
/// with the drawing. On "cat water" printed by UNIPEN writers the model never saw
/// (Recordings/scribble/README.md).
struct CanvasScribbleTests {
    static let recording = CanvasModelTests.root.appendingPathComponent("Recordings/scribble/cat-water.events").path
    /// Where the recording's writing lands on the page (60, 40 mm on the 224 × 148 mm tablet).
    static let box = TextBox(x: 340, y: 300, width: 900, height: 80, placeholder: "Write here", fontSize: 40)

    /// Plays the recording into `model`; `during` sees the model after each sample.
    func play(into model: CanvasModel, tool: PenTool? = nil, during: (CanvasModel, PenSample) -> Void = { _, _ in }) throws {
        for item in try CanvasModelTests.timeline(Self.recording).items {
            switch item {
            case .sample(var sample):
                if let tool { sample.tool = tool }
                model.add(sample, now: sample.time)
                during(model, sample)
            case .proximityOut(let time): model.proximityOut(at: time, now: time)
            }
        }
        model.finish()
    }

    @Test func writingInATextBoxBecomesItsTextAndNeverInk() throws {
        let mapping = try CanvasModelTests.timeline(Self.recording).mapping
        let plain = try CanvasModelTests.model(mapping)
        try play(into: plain)
        #expect(plain.recorder.drawing.strokes.count == 10, "without a text box the writing is ink")

        let model = try CanvasModelTests.model(mapping)
        try model.addTextBox(Self.box)
        var sawWriting = false
        try play(into: model) { model, sample in
            let field = model.textFields[0]
            if field.isWriting {
                sawWriting = true
                // Apple's rules while people write: still, no placeholder, no autocompletion.
                #expect(!field.showsPlaceholder && !field.showsAutocompletion && field.frame == Rect(x: 340, y: 300, width: 900, height: 80))
            }
        }
        #expect(sawWriting)
        #expect(model.recorder.drawing.strokes.isEmpty)
        // The oracle: the recognizer on the strokes as the pen wrote them (page points), as
        // `quill recognize` reads them.
        var written: [HandwritingStroke] = []
        for case .sample(let sample) in try CanvasModelTests.timeline(Self.recording).items {
            let at = mapping.canvasPoint(for: sample.tabletLocation)
            if sample.phase == .began { written.append(HandwritingStroke(points: [])) }
            if sample.phase == .began || sample.phase == .moved { written[written.count - 1].points.append(HandwritingPoint(x: at.x, y: at.y)) }
        }
        let ink = HandwritingInk(strokes: written)
        let oracle = try HandwritingRecognizer(language: .english).recognize(ink, candidates: 1).map(\.text).joined(separator: " ")
        #expect(model.textFields[0].text == oracle && oracle.lowercased() == "cat water")
        #expect(model.scribbleEdits == [.inserted(text: oracle, at: 0)])
        #expect(model.visibleFeedback(at: model.feedback?.shownAt ?? 0)?.text == "scribble → wrote “\(oracle)”")

        // Saved and opened again: the box and its text come back.
        let saved = model.drawingToSave
        #expect(saved.textBoxes == [TextBox(x: 340, y: 300, width: 900, height: 80, text: oracle, placeholder: "Write here", fontSize: 40)])
        let data = try JSONEncoder().encode(saved)
        let reopened = try CanvasModelTests.model(mapping)
        try reopened.open(DrawingFile.decode(data, file: "saved.json"))
        #expect(reopened.textFields.map(\.text) == [oracle])
    }

    @Test func aBoxElsewhereOrTheEraserLeavesTheWritingAsItWas() throws {
        let mapping = try CanvasModelTests.timeline(Self.recording).mapping
        let elsewhere = try CanvasModelTests.model(mapping)
        try elsewhere.addTextBox(TextBox(x: 340, y: 700, width: 900, height: 80))
        try play(into: elsewhere)
        #expect(elsewhere.recorder.drawing.strokes.count == 10 && elsewhere.textFields[0].text.isEmpty)

        let erasing = try CanvasModelTests.model(mapping)
        try erasing.addTextBox(Self.box)
        try play(into: erasing, tool: .eraser)
        #expect(erasing.textFields[0].text.isEmpty && erasing.scribbleEdits.isEmpty)
    }

    @Test func aDrawingFileWithABadTextBoxIsRefusedByName() throws {
        let drawing = Drawing(canvasWidth: 800, canvasHeight: 600, textBoxes: [TextBox(x: 10, y: 10, width: 0, height: 40)])
        let data = try JSONEncoder().encode(drawing)
        #expect(throws: DrawingFileError(file: "bad.json", message: "textBoxes[0].width is 0.0: expected points 1 … 100000")) {
            try DrawingFile.decode(data, file: "bad.json")
        }
        // A drawing without text boxes is written as before (no `textBoxes` key).
        let plain = String(decoding: try JSONEncoder().encode(Drawing(canvasWidth: 800, canvasHeight: 600)), as: UTF8.self)
        #expect(!plain.contains("textBoxes"))
    }
}
