import QuillCore

/// A cell a character is written in (a boxed text field's square, a form's box), in the ink's unit
/// with y growing downwards: its top-left corner and size (QuillCore's `Rect`). When a caller gives
/// cells (``RecognitionContext/characterCells``), each stroke belongs to the cell its centre lies in
/// (or the nearest one), and each cell written in is one character.
public typealias CharacterCell = Rect

extension Rect {
    /// How far `(px, py)` lies outside the cell (0 inside), in the ink's unit.
    func distance(toX px: Double, y py: Double) -> Double {
        let dx = Swift.max(x - px, 0, px - (x + width))
        let dy = Swift.max(y - py, 0, py - (y + height))
        return (dx * dx + dy * dy).squareRoot()
    }
}
