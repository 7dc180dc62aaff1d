import QuillStroke

/// What a palette control says under its swatch: its ink's whole name ("fountain pen") or
/// "eraser", never cut — on one line at the largest size that fits the control, else on two lines
/// split at a space, else on one line made as small as it must be.
public struct PaletteLabel: Hashable, Sendable {
    /// One or two lines, together the whole name (joined with a space).
    public var lines: [String]
    /// The font size in points.
    public var fontSize: Double

    /// The largest font size a label takes, points (the palette's text size).
    public static let largestSize = 9.0
    /// The smallest size a label is shrunk to before it goes on two lines, points.
    public static let smallestSize = 7.0
    /// Points left clear on each side of a label inside its control (where the control's
    /// rounded corners begin at the label's baseline).
    public static let sideMargin = 1.0

    /// The width a label has inside a control `controlWidth` points wide, points.
    public static func width(inControl controlWidth: Double) -> Double { controlWidth - 2 * sideMargin }

    /// The name a palette control shows for `ink` (nil: the eraser): the ink's name with a space
    /// for its hyphen ("fountain pen"), or "eraser".
    public static func name(of ink: InkType?) -> String {
        guard let ink else { return "eraser" }
        return ink.rawValue.split(separator: "-").joined(separator: " ")
    }

    /// `name` laid out within `width` points at the largest size from ``largestSize`` down to
    /// ``smallestSize`` (by half points) where it fits on one line or, split at a space, on two
    /// (one line first at the same size); a single word that fits nowhere is made as small as it
    /// must be. `measure(text, size)` is the width in points of `text` at font size `size`
    /// (points) in the face the label is drawn with.
    public init(_ name: String, width: Double, measure: (String, Double) -> Double) {
        let words = name.split(separator: " ").map(String.init)
        let splits = words.count < 2 ? [] : (1..<words.count).map { [words[..<$0].joined(separator: " "), words[$0...].joined(separator: " ")] }
        for size in stride(from: Self.largestSize, through: Self.smallestSize, by: -0.5) {
            if measure(name, size) <= width {
                self.init(lines: [name], fontSize: size)
                return
            }
            // Two lines, split where the longer line is shortest.
            let longest = splits.map { lines in (lines, lines.map { measure($0, size) }.max() ?? 0) }
            if let best = longest.filter({ $0.1 <= width }).min(by: { $0.1 < $1.1 })?.0 {
                self.init(lines: best, fontSize: size)
                return
            }
        }
        // One word too long even at the smallest size: smaller still, whole.
        let natural = measure(name, Self.smallestSize)
        self.init(lines: [name], fontSize: natural > 0 ? Self.smallestSize * width / natural : Self.smallestSize)
    }

    /// A label as given.
    public init(lines: [String], fontSize: Double) {
        self.lines = lines
        self.fontSize = fontSize
    }

    /// The whole name, the lines joined with a space.
    public var text: String { lines.joined(separator: " ") }

    /// Points from one baseline to the next.
    public var lineHeight: Double { fontSize + 1 }
}
