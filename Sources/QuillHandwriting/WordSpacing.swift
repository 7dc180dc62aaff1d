/// Splits a line of Latin writing into words by its spacing, for the word network (which reads a
/// whole word, so a word cut in two is two misread words, while a word not cut costs nothing).
///
/// The characters (``CharacterSegmenter/latinCharacters(_:)``, left to right) are split at a gap
/// wider than ``Parameters/minimumGap`` × their median height that is also either wider than
/// ``Parameters/gapRatio`` × the line's typical gap between letters (the lower median of its
/// positive gaps) or wider than ``Parameters/alwaysGap`` × that height; a line with one positive gap
/// has no typical gap: it splits there when wider than ``Parameters/loneGap`` × that height. A
/// printed word whose letters stand apart evenly stays one word; words written apart are split.
struct WordSpacing: Sendable, Equatable {
    struct Parameters: Sendable, Equatable {
        /// A word gap is at least this × the characters' median height (> 0).
        var minimumGap: Double
        /// … and at least this × the line's typical letter gap (≥ 1) …
        var gapRatio: Double
        /// … unless it is wider than this × the median height (≥ minimumGap).
        var alwaysGap: Double
        /// The only positive gap splits when wider than this × the median height (≥ minimumGap).
        var loneGap: Double

        static let standard = Parameters(minimumGap: 0.55, gapRatio: 1.5, alwaysGap: 1.5, loneGap: 1.0)

        init(minimumGap: Double, gapRatio: Double, alwaysGap: Double, loneGap: Double) {
            precondition(minimumGap > 0 && minimumGap.isFinite, "minimumGap \(minimumGap) is not > 0")
            precondition(gapRatio >= 1 && gapRatio.isFinite, "gapRatio \(gapRatio) is not ≥ 1")
            precondition(alwaysGap >= minimumGap && alwaysGap.isFinite, "alwaysGap \(alwaysGap) is not ≥ minimumGap")
            self.minimumGap = minimumGap
            self.gapRatio = gapRatio
            precondition(loneGap >= minimumGap && loneGap.isFinite, "loneGap \(loneGap) is not ≥ minimumGap")
            self.alwaysGap = alwaysGap
            self.loneGap = loneGap
        }
    }

    var parameters: Parameters = .standard

    /// The words: indexes of `characters` (left to right), each word's in order.
    func words(_ characters: [(strokes: [Int], box: InkBox)]) -> [[Int]] {
        guard !characters.isEmpty else { return [] }
        let heights = characters.map(\.box.height).sorted()
        let scale = Swift.max(heights[heights.count / 2], 1e-9)
        var gaps: [Double] = []
        var right = characters[0].box.maxX
        for character in characters.dropFirst() {
            gaps.append(character.box.minX - right)
            right = Swift.max(right, character.box.maxX)
        }
        let positive = gaps.filter { $0 > 0 }.sorted()
        let typical = positive.count < 2 ? nil : positive[(positive.count - 1) / 2]
        var words: [[Int]] = [[0]]
        for (index, gap) in gaps.enumerated() {
            let split = if let typical {
                gap > parameters.minimumGap * scale && (gap > parameters.gapRatio * typical || gap > parameters.alwaysGap * scale)
            } else {
                gap > parameters.loneGap * scale
            }
            if split { words.append([]) }
            words[words.count - 1].append(index + 1)
        }
        return words
    }
}
