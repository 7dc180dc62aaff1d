import QuillCore
import QuillDrawing
import QuillRender
import QuillStroke
import Testing

/// The showcase's rows built from ``SortedInk`` (``ShowcasePicture/Row/writing(_:ink:pressureVaries:text:)``,
/// ``ShowcasePicture/Row/snapped(drawn:snapped:shapes:)``): labels and captions as `quill showcase` prints them.
@Suite struct ShowcaseRowsTests {
    @Test func aLineOfWritingIsLabelledWithItsInkAndPressure() throws {
        let (samples, mapping) = try SortedInkTests.samples()
        let inks = [try Ink(type: .fountainPen), try Ink(type: .pen)]
        let sorted = try SortedInk(samples: samples, mapping: mapping, lineInks: inks, shapeInk: SortedInkTests.shapeInk)
        // dar's line (strokes 133–152) in the second ink: its strokes as inked there, in order.
        let dar = Array(133...152)
        let strokes = sorted.inked(writing: dar, ink: 1)
        #expect(strokes == Array(sorted.inked[1][133...152]))
        let row = ShowcasePicture.Row.writing(strokes, ink: .pen, pressureVaries: sorted.pressureVaries(dar), text: "In my")
        #expect(row.label == "pen, the pen's pressure")
        #expect(row.cells.map(\.caption) == ["→ In my"] && row.cells[0].strokes == strokes)
        let cea = ShowcasePicture.Row.writing([], ink: .fountainPen, pressureVaries: sorted.pressureVaries(Array(0...132)), text: "")
        #expect(cea.label == "fountain pen, even pressure (none recorded)")
        let shapes = ShowcasePicture.Row.snapped(
            drawn: sorted.drawings.map(\.drawn), snapped: sorted.drawings.map(\.snapped), shapes: sorted.drawings.map(\.shape.rawValue))
        #expect(shapes.label == "drawn, held still, snapped")
        #expect(shapes.cells.map(\.caption) == ["→ circle", "→ triangle", "→ square", "→ star"])
        #expect(shapes.cells.map(\.underlay) == sorted.drawings.map { [$0.drawn] })
        #expect(shapes.cells.map(\.strokes) == sorted.drawings.map { [$0.snapped] })
    }
}
