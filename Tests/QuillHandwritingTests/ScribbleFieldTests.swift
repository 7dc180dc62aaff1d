import QuillCore
import Foundation
import QuillHandwriting
import QuillTestSupport
import Testing

/// A text field written in with the pen (Scribble): Apple's rules for a field being written in,
/// and the editing gestures judged in context (ink-recognition.md, "Scribble editing gestures"),
/// on handwriting of UNIPEN writers the model never saw. The recognizer reading the same ink is the
/// oracle for what the field inserts.
@Suite struct ScribbleFieldTests {
    static let frame = Rect(x: 100, y: 200, width: 600, height: 60)

    /// A field with the English model and a 24-point font (the default layout: 0.55 × 24 a character).
    func field(text: String = "", frame: Rect = ScribbleFieldTests.frame, placeholder: String = "Name") throws -> ScribbleField {
        try ScribbleField(frame: frame, text: text, placeholder: placeholder, fontSize: 24, recognizer: HandwritingRecognizer(language: .english))
    }

    /// Feeds `strokes` into the field from second `start`: each stroke over 0.15 s, 0.1 s between
    /// strokes. Returns the second the last one lifted.
    @discardableResult
    func write(_ strokes: [HandwritingStroke], into field: inout ScribbleField, from start: Double) -> Double {
        var t = start
        for stroke in strokes {
            let step = 0.15 / Double(max(1, stroke.points.count - 1))
            for (index, point) in stroke.points.enumerated() {
                let at = Point(x: point.x, y: point.y)
                if index == 0 { field.begin(at: at, time: t) } else { field.move(to: at, time: t) }
                t += step
            }
            field.end(time: t)
            t += 0.1
        }
        return t - 0.1
    }

    /// A word written inside the field, 30 points tall, starting `x` points right of its left edge.
    func handwritten(_ word: String, at x: Double, in frame: Rect = ScribbleFieldTests.frame) -> [HandwritingStroke] {
        HeldOutWriting.placed(HeldOutWriting.word(word), x: frame.x + x, y: frame.midY - 15, height: 30)
    }

    /// One stroke through `points` (field points).
    func stroke(_ points: [(Double, Double)]) -> [HandwritingStroke] {
        [HandwritingStroke(points: points.map { HandwritingPoint(x: $0.0, y: $0.1) })]
    }

    /// A zig-zag of six passes across `left … right` on the text's line.
    func scratch(from left: Double, to right: Double, y: Double) -> [HandwritingStroke] {
        var points: [(Double, Double)] = []
        for i in 0...6 {
            let x: Double = i % 2 == 0 ? left : right
            points.append((x, y - 6 + 2 * Double(i)))
        }
        return stroke(points)
    }

    @Test func handwritingBecomesTheTextTheRecognizerReadsOnceThePenRests() throws {
        var field = try field()
        let ink = handwritten("cat", at: 20)
        #expect(field.showsPlaceholder)
        let lifted = write(ink, into: &field, from: 10)
        // While people write: still, no placeholder, no autocompletion; the ink waits.
        #expect(field.isWriting && !field.showsPlaceholder && !field.showsAutocompletion)
        #expect(field.pendingInk.map { $0.points.map(\.x) } == ink.map { $0.points.map(\.x) } && field.text.isEmpty)
        let early = field.advance(to: lifted + 0.59)
        #expect(!early && field.isWriting)
        let read = field.advance(to: lifted + 0.601)
        #expect(read)
        let oracle = try HandwritingRecognizer(language: .english).recognize(HandwritingInk(strokes: ink), candidates: 1).map(\.text).joined(separator: " ")
        #expect(field.text == oracle)
        #expect(field.text.lowercased() == "cat")
        #expect(!field.isWriting && field.showsAutocompletion && field.pendingInk.isEmpty)
        #expect(field.takeEdits() == [.inserted(text: oracle, at: 0)])

        // A second word after the first's end is appended, with a space between.
        let end = field.caretX(field.text.count) - field.frame.x
        write(handwritten("water", at: end + 30), into: &field, from: 20)
        field.commit()
        #expect(field.text.lowercased() == "cat water")
    }

    @Test func aFieldBeingWrittenInStaysStillAndASmallOneGrowsWhileWritten() throws {
        let small = Rect(x: 100, y: 200, width: 600, height: 20)
        var field = try field(text: String(repeating: "long text ", count: 8), frame: small)
        let scroll = field.scrollOffset
        #expect(scroll > 0, "the text is wider than the field: it scrolls to show its end")
        #expect(field.writingFrame == small)
        field.begin(at: Point(x: 650, y: 205), time: 1)
        #expect(field.writingFrame.height == 48 && field.writingFrame.midY == small.midY)
        field.move(to: Point(x: 660, y: 215), time: 1.1)
        field.move(to: Point(x: 120, y: 100))  // an app moves the field: it waits
        #expect(field.frame == small && field.scrollOffset == scroll)
        field.end(time: 1.2)
        #expect(field.frame == small && field.writingFrame.height == 48)
        field.advance(to: 5)
        #expect(!field.isWriting)
        #expect(field.frame.origin == Point(x: 120, y: 100) && field.writingFrame.height == 20)
    }

    @Test func aScratchOutDeletesTheCharactersItCoversAndOverPaperItIsInk() throws {
        var field = try field(text: "cat water")
        let y = Self.frame.midY
        // Over "water" (characters 4 … 8): the word and the space before it go.
        write(scratch(from: field.caretX(4) + 2, to: field.caretX(9) - 2, y: y), into: &field, from: 1)
        #expect(field.text == "cat")
        #expect(field.takeEdits() == [.deleted(text: " water", at: 3)])
        #expect(!field.isWriting)
        // The same zig-zag where there is no text is handwriting, waiting to be read.
        let blank = field.caretX(3) + 60
        write(scratch(from: blank, to: blank + 80, y: y), into: &field, from: 3)
        #expect(field.text == "cat" && field.pendingInk.count == 1)
        // A scratch-out over ink not yet read takes it back.
        write(scratch(from: blank - 5, to: blank + 85, y: y), into: &field, from: 5)
        #expect(field.pendingInk.isEmpty && field.takeEdits() == [.erasedInk(count: 1)])
    }

    @Test func aVerticalLineJoinsOverASpaceAndSplitsInsideAWord() throws {
        var field = try field(text: "cat water")
        let (top, bottom) = (Self.frame.midY - 16, Self.frame.midY + 16)
        let space = (field.caretX(3) + field.caretX(4)) / 2
        write(stroke([(space, top), (space + 1, bottom)]), into: &field, from: 1)
        #expect(field.text == "catwater" && field.takeEdits() == [.joined(at: 3)])
        let inside = field.caretX(5)  // catwa|ter
        write(stroke([(inside, top), (inside, bottom)]), into: &field, from: 2)
        #expect(field.text == "catwa ter" && field.takeEdits() == [.split(at: 5)])
        // After the text's end it is writing (an l, a 1), not a gesture.
        let after = field.caretX(9) + 40
        write(stroke([(after, top), (after, bottom)]), into: &field, from: 3)
        #expect(field.text == "catwa ter" && field.pendingInk.count == 1 && field.takeEdits().isEmpty)
    }

    @Test func touchAndHoldOpensASpaceWhereTheNextInkGoes() throws {
        var field = try field(text: "cat water")
        let at = Point(x: field.caretX(4) + 1, y: Self.frame.midY)
        field.begin(at: at, time: 1)
        field.move(to: Point(x: at.x + 1, y: at.y + 1), time: 1.3)
        field.move(to: Point(x: at.x + 0.5, y: at.y), time: 1.55)
        field.end(time: 1.55)
        #expect(field.text == "cat  water" && field.insertionPoint == 5 && field.takeEdits() == [.openedSpace(at: 4)])
        // The next word goes there, whatever its place.
        write(handwritten("cat", at: 400), into: &field, from: 3)
        field.commit()
        #expect(field.text.lowercased() == "cat cat water")
        // A touch shorter than the hold is a dot: ink.
        field.begin(at: at, time: 10)
        field.end(time: 10.2)
        #expect(field.pendingInk.count == 1)
    }

    @Test func aCircleRoundCharactersSelectsThem() throws {
        var field = try field(text: "cat water")
        let (left, right) = (field.caretX(0) - 4, field.caretX(3) + 4)
        let (cx, cy, rx, ry) = ((left + right) / 2, Self.frame.midY, (right - left) / 2, 20.0)
        write(stroke((0...40).map { i in
            let a = Double(i) / 40 * 2 * .pi
            return (cx + rx * cos(a), cy + ry * sin(a))
        }), into: &field, from: 1)
        #expect(field.selection == 0..<3 && field.text == "cat water")
    }

    @Test func parametersAndFieldsOutOfRangeAreRefusedByName() throws {
        #expect(throws: ParameterError.self) { try ScribbleParameters(commitDelay: 0) }
        do {
            _ = try ScribbleParameters(holdRadius: .nan)
            Issue.record("a NaN hold radius was accepted")
        } catch let error as ParameterError {
            #expect(error.field == "ScribbleParameters.holdRadius")
        }
        do {
            _ = try field(frame: Rect(x: 0, y: 0, width: 0, height: 40))
            Issue.record("a field 0 points wide was accepted")
        } catch let error as ParameterError {
            #expect(error.field == "ScribbleField.frame.width")
        }
    }

    /// Untrusted strokes (seeded): random scribbles, non-finite and huge coordinates, single
    /// points. Nothing crashes, the text only changes through reported edits, and every stroke is
    /// either read, a gesture, or waiting.
    @Test func randomStrokesNeverCrashAndEveryChangeIsReported() throws {
        var random = SeededRandom(seed: 22)
        var field = try field(text: "cat water")
        var t = 0.0
        for round in 0..<60 {
            let count = Int(random.next() % 40) + 1
            var points: [(Double, Double)] = []
            for _ in 0..<count {
                switch random.next() % 10 {
                case 0: points.append((.nan, 1e300))
                case 1: points.append((1e12, -1e12))
                default:
                    points.append((Self.frame.x + Double.random(in: -50...650, using: &random), Self.frame.y + Double.random(in: -20...80, using: &random)))
                }
            }
            let before = field.text
            write(stroke(points), into: &field, from: t)
            t += 2
            if round % 5 == 4 { field.advance(to: t) }
            let edits = field.takeEdits()
            #expect(field.text == before || !edits.isEmpty, "round \(round): the text changed without an edit")
            #expect(field.text.count < 10_000)
        }
        field.commit()
    }
}
