import ArgumentParser
import QuillShapes
import QuillStroke

extension InkType: ExpressibleByArgument {}
extension DrawingRecorder.EraserKind: ExpressibleByArgument {}

/// Ink options shared by `strokes` and `render`.
struct InkOptions: ParsableArguments {
    @Option(help: "Ink: \(InkType.allCases.map(\.rawValue).joined(separator: ", ")).")
    var ink: InkType = .pen

    @Option(help: "Ink colour, #RRGGBB or #RRGGBBAA.")
    var color: String = "#0D3FBF"

    @Option(help: "Nominal ink width in points (within the ink's range; default per ink).")
    var width: Double?

    @Flag(inversion: .prefixedNo, help: "Keep a finished stroke's sharp turns as corners (the final path passes through where its straight sides meet).")
    var keepCorners = true

    /// How finished strokes keep their corners: the defaults, or nil with --no-keep-corners.
    var corners: CornerParameters? { keepCorners ? .defaults : nil }

    @Flag(inversion: .prefixedNo, help: "Hold to snap: a stroke whose tip rested 0.45 s within 1 mm before lifting becomes the shape it was drawn as (see `quill shapes`).")
    var snapShapes = true

    /// Hold to snap's settings: the defaults, or nil with --no-snap-shapes.
    var shapes: ShapeParameters? { snapShapes ? .defaults : nil }

    func makeInk() throws -> Ink {
        try Ink(type: ink, color: InkColor(hex: color), width: width)
    }
}
