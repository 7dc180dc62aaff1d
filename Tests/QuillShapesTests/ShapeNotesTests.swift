import Testing

@testable import QuillShapes

/// The numbers in a recognizer's notes: any error a stroke can give, including a fuzzed one's.
struct ShapeNotesTests {
    @Test(arguments: [
        (0.0, "0.000"), (1.2345, "1.235"), (-0.5, "-0.500"), (123_456.7, "123456.700"),
        // FuzzInk found an error of about 10¹⁶, whose thousandths overflowed Int and trapped.
        (1.6e16, "1.6e+16"), (-2e300, "-2e+300"), (.infinity, "inf"),
    ] as [(Double, String)])
    func aNoteShowsThreeDecimalsAndNeverTraps(value: Double, text: String) {
        #expect(ShapeRecognizer.decimal(value) == text)
    }
}
