import Foundation
import QuillCanvas
import QuillCore
import QuillGestures
import QuillRender
import QuillStroke
import QuillTestSupport
import Testing

/// The palette's labels: each ink's whole name, fitted to its control.
struct PaletteLabelTests {
    @Test func thePaletteShowsEachInksWholeName() throws {
        #expect(CanvasModel.paletteLabels == ["pen", "pencil", "marker", "monoline", "fountain pen", "watercolor", "crayon", "eraser"])
        #expect(CanvasModel.paletteLabels.count == CanvasModel.paletteInks.count)
        // Laid out in the palette's controls with Cairo's own measure: every name whole, every
        // line inside its control, at a readable size.
        let layer = try CairoLayer(pixelWidth: 64, pixelHeight: 64)
        let model = try CanvasModel(options: CanvasOptions())
        for control in model.layout.palette.controls.prefix(CanvasModel.paletteLabels.count) {
            for name in CanvasModel.paletteLabels {
                let label = PaletteLabel(name, width: PaletteLabel.width(inControl: control.width), measure: { layer.canvas.textWidth($0, size: $1) })
                #expect(label.text == name)
                #expect(label.fontSize >= PaletteLabel.smallestSize && label.fontSize <= PaletteLabel.largestSize, "\(name): \(label.fontSize) pt")
                #expect(label.lines.allSatisfy { layer.canvas.textWidth($0, size: label.fontSize) <= PaletteLabel.width(inControl: control.width) }, "\(name): \(label.lines)")
                #expect(label.lines.count <= 2)
            }
        }
        // A name too long even on two lines shrinks, whole.
        let long = PaletteLabel("extraordinarily", width: 40, measure: { Double($0.count) * $1 * 0.6 })
        #expect(long.lines == ["extraordinarily"] && abs(Double(15) * long.fontSize * 0.6 - 40) < 1e-9)
    }
}
