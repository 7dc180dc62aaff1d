import QuillCore
import QuillHandwriting
import QuillRender
import QuillStroke

/// Scribble in the canvas: text boxes on the page that the pen writes in. A pen stroke that begins
/// in a text box (within its reach) writes in it instead of inking the page; the box reads it
/// (``ScribbleField``) once the pen has rested ``ScribbleParameters/commitDelay``, left proximity,
/// begun a stroke elsewhere, or the input ended. The eraser end and fingers never write (a finger
/// that may draw inks the page under the box: Scribble is the pen's).
extension CanvasModel {
    /// Adds a text box to the page (document points). The first opens the handwriting model of
    /// ``CanvasOptions/handwritingLanguage``: throws ``HandwritingError`` when it cannot, or
    /// `ParameterError` for a box out of range.
    public func addTextBox(_ box: TextBox) throws {
        let recognizer = try handwriting ?? HandwritingRecognizer(language: options.handwritingLanguage)
        handwriting = recognizer
        let field = try ScribbleField(
            frame: Rect(x: box.x, y: box.y, width: box.width, height: box.height), text: box.text, placeholder: box.placeholder,
            fontSize: box.fontSize, recognizer: recognizer, measure: { TextMetrics.width(of: $0, size: $1) })
        textFields.append(field)
        // A new box is not an undo step: the steps before it leave it as it is.
        committed.texts.append(field.text)
        hasUnsavedChanges = true
        changes.append(.redrawAll)
    }

    /// Adds an empty text box in the middle of what the window shows (the T key): 60 % of the visible
    /// canvas wide (at most the page's width), 64 points tall, type 32 points, saying "Write here".
    /// Returns it (document points). Throws as ``addTextBox(_:)``.
    @discardableResult
    public func addTextBoxInView() throws -> TextBox {
        let canvas = layout.canvas
        let centre = documentPoint(x: canvas.midX, y: canvas.midY)
        let width = Swift.min(document.width, 0.6 * canvas.width / pageScale)
        let box = TextBox(x: centre.x - width / 2, y: centre.y - 32, width: width, height: 64, placeholder: "Write here", fontSize: 32)
        try addTextBox(box)
        return box
    }

    /// The text boxes as the drawing file keeps them (text read so far).
    public var textBoxes: [TextBox] {
        textFields.map { field in
            TextBox(x: field.frame.x, y: field.frame.y, width: field.frame.width, height: field.frame.height, text: field.text, placeholder: field.placeholder, fontSize: field.fontSize)
        }
    }

    /// The drawing with its text boxes, as Ctrl+S writes it.
    public var drawingToSave: Drawing {
        var drawing = recorder.drawing
        drawing.textBoxes = textBoxes
        return drawing
    }

    /// Takes a pen sample (document point `page`) for a text box when its stroke writes in one:
    /// true when the sample was the box's (the page does not ink it). A finger's sample (`fromFinger`)
    /// only lets time pass.
    func scribble(_ sample: PenSample, at page: Point, now: Double, fromFinger: Bool) -> Bool {
        lastSampleClock = (sample.time, now)
        advanceTextFields(to: sample.time, now: now)
        guard sample.tool != .eraser, !fromFinger else { return false }
        if let index = scribbling {
            switch sample.phase {
            case .moved: textFields[index].move(to: page, time: sample.time)
            case .ended:
                textFields[index].end(time: sample.time)
                scribbling = nil
                showEdits(of: index, now: now)
            case .cancelled:
                textFields[index].cancel()
                scribbling = nil
            case .began, .hover:
                break
            }
            return true
        }
        guard sample.phase == .began else { return false }
        let index = textFields.firstIndex { $0.accepts(page) }
        // Writing elsewhere: what the other boxes hold is read first.
        for other in textFields.indices where other != index && textFields[other].isWriting {
            textFields[other].commit()
            showEdits(of: other, now: now)
        }
        guard let index else { return false }
        scribbling = index
        textFields[index].begin(at: page, time: sample.time)
        return true
    }

    /// True while a text box holds writing not yet read (the window keeps polling).
    public var isWritingInTextBox: Bool { textFields.contains(where: \.isWriting) }

    /// Reads the ink of text boxes whose pen has rested ``ScribbleParameters/commitDelay``, judged
    /// at monotonic second `now` from the last sample (the samples' clock run on since it came): a
    /// pen held still above the tablet, or a pointer, sends nothing. The window calls it each frame
    /// while ``isWritingInTextBox``, for live input (a replay's own samples say when time passes).
    public func pollTextFields(now: Double) {
        guard scribbling == nil, let last = lastSampleClock else { return }
        advanceTextFields(to: last.sampleTime + Swift.max(0, now - last.at), now: now)
    }

    /// Reads the ink of every text box whose pen has rested long enough by `time` (sample seconds).
    func advanceTextFields(to time: Double, now: Double) {
        for index in textFields.indices where scribbling != index && textFields[index].isWriting {
            if textFields[index].advance(to: time) || !textFields[index].isWriting { showEdits(of: index, now: now) }
        }
    }

    /// Reads the ink of every text box now (the pen left, the input ended).
    func commitTextFields(now: Double?) {
        if let scribbling {
            textFields[scribbling].cancel()
            self.scribbling = nil
        }
        for index in textFields.indices where textFields[index].isWriting {
            textFields[index].commit()
            showEdits(of: index, now: now)
        }
    }

    /// The box's edits flash as feedback ("scribble → wrote “cat”") and mark the drawing changed.
    private func showEdits(of index: Int, now: Double?) {
        let edits = textFields[index].takeEdits()
        guard let last = edits.last else { return }
        scribbleEdits.append(contentsOf: edits)
        // A selection changes no text: noteChange keeps only what changed the page.
        noteChange()
        if let now { feedback = Feedback(text: "scribble → \(last)", shownAt: now) }
    }
}
