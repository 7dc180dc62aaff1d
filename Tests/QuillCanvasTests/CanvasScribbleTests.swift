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

        // Undo takes the text back, redo brings it again; the page's strokes are untouched.
        model.undo()
        #expect(model.textFields[0].text.isEmpty && model.recorder.drawing.strokes.isEmpty)
        model.redo()
        #expect(model.textFields[0].text == oracle)

        // Saved and opened again: the box and its text come back.
        let saved = model.drawingToSave
        #expect(saved.textBoxes == [TextBox(x: 340, y: 300, width: 900, height: 80, text: oracle, placeholder: "Write here", fontSize: 40)])
        let data = try JSONEncoder().encode(saved)
        let reopened = try CanvasModelTests.model(mapping)
        try reopened.open(DrawingFile.decode(data, file: "saved.json"))
        #expect(reopened.textFields.map(\.text) == [oracle])
    }

    /// A live pen that holds still sends nothing: the window's frames poll, and the writing is read
    /// once the samples' clock, run on from the last sample, passes the commit delay — not before.
    @Test func writingIsReadWhenThePenRestsWithoutSamples() throws {
        let (items, mapping) = try CanvasModelTests.timeline(Self.recording)
        let model = try CanvasModelTests.model(mapping)
        try model.addTextBox(Self.box)
        // The samples up to the last pen lift, each arriving 1 s after the one before on the window's clock.
        var samples: [PenSample] = []
        for case .sample(let sample) in items { samples.append(sample) }
        let lift = try #require(samples.lastIndex { $0.phase == .ended })
        for (index, sample) in samples[...lift].enumerated() { model.add(sample, now: 1000 + Double(index)) }
        let arrived = 1000 + Double(lift)
        #expect(model.isWritingInTextBox)
        model.pollTextFields(now: arrived + 0.5)
        #expect(model.isWritingInTextBox && model.textFields[0].text.isEmpty)
        model.pollTextFields(now: arrived + 0.7)
        #expect(!model.isWritingInTextBox && model.textFields[0].text.lowercased() == "cat water")
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

    /// Scribble is the pen's: on the palm fixture (a real Cintiq 13HD pen and touches), a text box
    /// over the whole page takes every pen stroke, and the fingers that may draw (anyInput) still ink
    /// the page under it.
    @Test func aFingerInksThePageUnderATextBox() throws {
        let (events, mapping) = try CanvasFingerTests.events(CanvasFingerTests.fixture)
        let plain = try CanvasFingerTests.model(mapping, policy: .anyInput)
        CanvasFingerTests.play(events, on: plain)
        let penOnly = try CanvasFingerTests.model(mapping, policy: .anyInput)
        CanvasFingerTests.play(events.filter { $0.touch == nil }, on: penOnly)
        let boxed = try CanvasFingerTests.model(mapping, policy: .anyInput)
        try boxed.addTextBox(TextBox(x: 0, y: 0, width: boxed.document.width, height: boxed.document.height))
        CanvasFingerTests.play(events, on: boxed)
        let fingers = plain.recorder.drawing.strokes.count - penOnly.recorder.drawing.strokes.count
        #expect(fingers > 0 && penOnly.recorder.drawing.strokes.count > 0)
        #expect(boxed.recorder.drawing.strokes.count == fingers, "the page holds the fingers' strokes, the box took the pen's")
    }

    @Test func theTKeysTextBoxIsInTheMiddleOfWhatTheWindowShows() throws {
        let mapping = try CanvasModelTests.timeline(Self.recording).mapping
        let model = try CanvasModelTests.model(mapping)
        let fitted = try model.addTextBoxInView()
        // At the identity: centred on the page, 60 % of the canvas rectangle wide in page points.
        #expect(abs(fitted.x + fitted.width / 2 - model.document.width / 2) < 1e-9 && abs(fitted.y + 32 - model.document.height / 2) < 1e-9)
        #expect(abs(fitted.width - 0.6 * model.layout.canvas.width / model.pageScale) < 1e-9)
        // Zoomed 2× about a window point: the box is half as wide on the page, centred on what shows.
        try model.zoomPage(by: 2, about: Point(x: 100, y: 100))
        let zoomed = try model.addTextBoxInView()
        let centre = model.documentPoint(x: model.layout.canvas.midX, y: model.layout.canvas.midY)
        #expect(abs(zoomed.width - fitted.width / 2) < 1e-9 && abs(zoomed.x + zoomed.width / 2 - centre.x) < 1e-9)
        #expect(model.textFields.count == 2 && model.textBoxes.allSatisfy { $0.placeholder == "Write here" && $0.text.isEmpty })
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
