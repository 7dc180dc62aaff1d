/// A cell a character is written in (a boxed text field's square, a form's box), in the ink's unit
/// with y growing downwards: its top-left corner and size. When a caller gives cells
/// (``RecognitionContext/characterCells``), each stroke belongs to the cell its centre lies in
/// (or the nearest one), and each cell written in is one character.
public struct CharacterCell: Hashable, Sendable {
    /// The left edge, in the ink's unit.
    public var x: Double
    /// The top edge, in the ink's unit (y grows downwards).
    public var y: Double
    /// The width, in the ink's unit (> 0 to hold anything).
    public var width: Double
    /// The height, in the ink's unit (> 0 to hold anything).
    public var height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// How far `(px, py)` lies outside the cell (0 inside), in the ink's unit.
    func distance(toX px: Double, y py: Double) -> Double {
        let dx = Swift.max(x - px, 0, px - (x + width))
        let dy = Swift.max(y - py, 0, py - (y + height))
        return (dx * dx + dy * dy).squareRoot()
    }
}
