/// A text field of a drawing (Scribble in the canvas): where it is on the page, its text, what it
/// says when empty and its type size. Saved in the drawing file (`textBoxes`).
public struct TextBox: Hashable, Codable, Sendable {
    /// The field's rectangle on the page, document points (each side 1 … 100 000).
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    /// The text written (recognized handwriting and its edits), at most 100 000 characters.
    public var text: String
    /// What the empty field says.
    public var placeholder: String
    /// The type size, points (4 … 200).
    public var fontSize: Double

    public init(x: Double, y: Double, width: Double, height: Double, text: String = "", placeholder: String = "", fontSize: Double = 24) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.text = text
        self.placeholder = placeholder
        self.fontSize = fontSize
    }
}
