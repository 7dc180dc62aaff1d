/// The box of some ink (a stroke, a character, a grouping of strokes) by its edges, in the ink's
/// unit with y growing downwards: what ``CharacterSegmenter`` and ``CharacterLattice`` measure
/// strokes and characters with. (Not QuillCore's `Rect`: that keeps a corner and a size, and its
/// right edge x + width would round where these edges are kept exactly.)
struct InkBox: Equatable {
    var minX, minY, maxX, maxY: Double

    var width: Double { maxX - minX }
    var height: Double { maxY - minY }
    var centreX: Double { (minX + maxX) / 2 }

    /// The smallest box holding both.
    func union(_ other: InkBox) -> InkBox {
        InkBox(minX: Swift.min(minX, other.minX), minY: Swift.min(minY, other.minY), maxX: Swift.max(maxX, other.maxX), maxY: Swift.max(maxY, other.maxY))
    }

    /// How much of the narrower one's width the two overlap across, 0 … 1 (a narrower width below
    /// 10⁻⁹ counts as 10⁻⁹).
    func horizontalOverlap(_ other: InkBox) -> Double {
        let overlap = Swift.min(maxX, other.maxX) - Swift.max(minX, other.minX)
        let narrower = Swift.max(Swift.min(width, other.width), 1e-9)
        return Swift.max(0, overlap) / narrower
    }

    /// How far the two overlap across, as a fraction of the narrower one's width, both widened by
    /// `slack` (in the ink's unit, > 0: so that a thin vertical stroke inside a character overlaps
    /// it wholly, and one beside it not at all).
    func overlap(_ other: InkBox, slack: Double) -> Double {
        let shared = Swift.min(maxX, other.maxX) - Swift.max(minX, other.minX) + slack
        return Swift.max(0, shared) / (Swift.min(width, other.width) + slack)
    }
}
