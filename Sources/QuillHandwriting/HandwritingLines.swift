/// A line of writing read back: its strokes and the units read from them.
public struct RecognizedLine: Hashable, Sendable {
    /// The indexes of the ink's strokes on this line, in writing order.
    public var strokes: [Int]
    /// The units read from the line, in writing order; their `strokes` index the whole ink.
    public var units: [RecognizedUnit]
    /// The units' best readings joined by spaces (English) or run together (Japanese, Chinese).
    public var text: String
    public init(strokes: [Int], units: [RecognizedUnit], text: String) {
        self.strokes = strokes
        self.units = units
        self.text = text
    }
}

extension HandwritingInk {
    /// The ink's lines of horizontal writing, top to bottom: each the indexes of its strokes in
    /// writing order. Strokes without a finite point are on no line.
    ///
    /// Each stroke stands for the middle three fifths of its height (so that a descender does not
    /// reach the line below, nor an ascender the line above); strokes whose bands overlap, directly
    /// or through others, are one line. A group less than half as tall as the median line (an
    /// i-dot or an accent standing clear of its line) joins the line nearest to it vertically.
    /// Lines are assumed to be written one below another, not side by side.
    public func lines() -> [[Int]] {
        struct Band {
            var top: Double
            var bottom: Double
            var strokes: [Int]
        }
        var bands: [Band] = []
        for (index, stroke) in strokes.enumerated() {
            let ys = stroke.points.lazy.filter { $0.x.isFinite && $0.y.isFinite }.map(\.y)
            guard let low = ys.min(), let high = ys.max() else { continue }
            let inset = (high - low) / 5
            bands.append(Band(top: low + inset, bottom: high - inset, strokes: [index]))
        }
        guard !bands.isEmpty else { return [] }
        bands.sort { ($0.top, $0.strokes[0]) < ($1.top, $1.strokes[0]) }
        var groups: [Band] = [bands[0]]
        for band in bands.dropFirst() {
            if band.top <= groups[groups.count - 1].bottom {
                groups[groups.count - 1].bottom = Swift.max(groups[groups.count - 1].bottom, band.bottom)
                groups[groups.count - 1].strokes += band.strokes
            } else {
                groups.append(band)
            }
        }
        // Small groups (dots, accents, a lone comma above the next line) join their nearest line.
        let heights = groups.map { $0.bottom - $0.top }.sorted()
        let typical = heights[heights.count / 2]
        var index = 0
        while groups.count > 1, index < groups.count {
            guard groups[index].bottom - groups[index].top < typical / 2 else {
                index += 1
                continue
            }
            let small = groups.remove(at: index)
            func gap(_ other: Band) -> Double { Swift.max(other.top - small.bottom, small.top - other.bottom, 0) }
            let nearest = groups.indices.min { gap(groups[$0]) < gap(groups[$1]) }!
            groups[nearest].top = Swift.min(groups[nearest].top, small.top)
            groups[nearest].bottom = Swift.max(groups[nearest].bottom, small.bottom)
            groups[nearest].strokes += small.strokes
            index = 0
        }
        return groups.sorted { $0.top < $1.top }.map { $0.strokes.sorted() }
    }
}

extension HandwritingRecognizer {
    /// Reads ink of several lines: ``HandwritingInk/lines()`` splits it, each line is read on its
    /// own (``recognize(_:context:candidates:)`` reads one line), top to bottom.
    public func recognizeLines(_ ink: HandwritingInk, context: RecognitionContext = RecognitionContext(), candidates: Int = 5) -> [RecognizedLine] {
        ink.lines().map { line in
            let units = recognize(HandwritingInk(strokes: line.map { ink.strokes[$0] }), context: context, candidates: candidates).map { unit in
                RecognizedUnit(candidates: unit.candidates, strokes: unit.strokes.map { line[$0] })
            }
            let separator = language == .english ? " " : ""
            return RecognizedLine(strokes: line, units: units, text: units.map(\.text).joined(separator: separator))
        }
    }
}
