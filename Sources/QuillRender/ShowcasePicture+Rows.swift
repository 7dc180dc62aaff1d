import QuillStroke

extension ShowcasePicture.Row {
    /// A line of writing as `quill showcase` shows it: its `strokes` (drawing points, in their
    /// ink), the words read from it as the caption (after "→ "), and a label naming the `ink` and
    /// whether the pen's pressure varied ("fountain pen, the pen's pressure", "pen, even pressure
    /// (none recorded)").
    public static func writing(_ strokes: [Stroke], ink: InkType, pressureVaries: Bool, text: String) -> Self {
        let pressure = pressureVaries ? "the pen's pressure" : "even pressure (none recorded)"
        return Self(label: "\(ShowcasePicture.name(of: ink)), \(pressure)", cells: [.init(strokes: strokes, caption: "→ " + text)])
    }

    /// Drawings held still and snapped, side by side: each `snapped` stroke over the stroke as
    /// `drawn` (its underlay), the shape's name under it (`shapes`, one per drawing, e.g. "circle").
    /// The three lists are of the same length.
    public static func snapped(drawn: [Stroke], snapped: [Stroke], shapes: [String]) -> Self {
        precondition(drawn.count == snapped.count && snapped.count == shapes.count, "one drawn stroke and one shape per snapped stroke")
        return Self(label: "drawn, held still, snapped", cells: snapped.indices.map { index in
            .init(strokes: [snapped[index]], underlay: [drawn[index]], caption: "→ " + shapes[index])
        })
    }
}

extension ShowcasePicture {
    /// An ink's name for a person: its raw value, "fountain pen" for ``InkType/fountainPen``.
    public static func name(of ink: InkType) -> String {
        switch ink {
        case .fountainPen: return "fountain pen"
        default: return ink.rawValue
        }
    }
}
