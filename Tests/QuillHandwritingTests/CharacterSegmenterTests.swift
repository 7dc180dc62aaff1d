import Testing
@testable import QuillHandwriting

/// Latin characters by space: a stroke joins the character it overlaps a third of; a dot joins the
/// character nearest it across, however late it was written (ink-recognition.md: segmentation
/// by time and space).
struct CharacterSegmenterTests {
    func stroke(_ points: [(Double, Double)]) -> HandwritingStroke {
        HandwritingStroke(points: points.map { HandwritingPoint(x: $0.0, y: $0.1) })
    }

    /// "in" with the i's dot written last, a single point right of its stem (overlapping nothing):
    /// two characters, the dot with the i; the n's two strokes together. Before, the dot was a
    /// character of its own, and the word list read a longer word.
    @Test func anIsDotWrittenLastJoinsTheI() {
        let stem = stroke([(0.2, 10), (0, 20)])  // y down, x-height 10; stems lean a little, as a hand's do
        let nFirst = stroke([(4.2, 10), (4, 20)]), nSecond = stroke([(4, 12), (7, 10), (10, 12), (10, 20)])
        let dot = stroke([(0.6, 6)])
        let characters = CharacterSegmenter.latinCharacters(HandwritingInk(strokes: [stem, nFirst, nSecond, dot]))
        #expect(characters.map(\.strokes) == [[0, 3], [1, 2]])
    }

    /// A dot far from every letter (more than 0.6 × their median height across) stays its own
    /// character, and so does a small letter's worth of ink that is not a dot.
    @Test func aDotFarFromEveryLetterStaysItsOwn() {
        let a = stroke([(0.2, 10), (0, 20)]), b = stroke([(4.2, 10), (4, 20)])
        let far = stroke([(20, 15)])
        #expect(CharacterSegmenter.latinCharacters(HandwritingInk(strokes: [a, b, far])).map(\.strokes) == [[0], [1], [2]])
        let small = stroke([(8, 14), (11, 14), (11, 20)])  // 3 × 6: a letter, not a dot
        #expect(CharacterSegmenter.latinCharacters(HandwritingInk(strokes: [a, b, small])).map(\.strokes) == [[0], [1], [2]])
    }
}
