import QuillCore
import QuillShapes
import QuillTestSupport
import Testing

@Suite struct ShapeRecognizerTests {
    /// Every class, 30 sloppy drawings each at sizes 10–80 mm (seeded): at least 95 % recognized as
    /// drawn — the issue's goal (ink-recognition.md: Xournal++ 60–93 %, $P 97 %).
    @Test func sloppyDrawingsOfEveryClassAreRecognized() {
        var hand = HandDrawing(seed: 22)
        let recognizer = ShapeRecognizer()
        var wrong: [String] = []
        var total = 0
        for kind in HandDrawing.kinds {
            var right = 0
            for _ in 0..<30 {
                let size = hand.uniform(10...80)
                let match = recognizer.recognize(hand.draw(kind, size: size))
                if match?.shape.kind.rawValue == kind { right += 1 } else { wrong.append("\(kind) → \(match?.shape.kind.rawValue ?? "none")") }
                total += 1
            }
            #expect(right >= 27, "\(kind): \(right) of 30")
        }
        #expect(Double(total - wrong.count) / Double(total) >= 0.95, "\(wrong)")
    }
}
