#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Japanese and Chinese characters from an ink: which strokes make each character, decided with
/// the classifier's help, as online Japanese recognizers have done since Nakagawa's work (e.g.
/// Nakagawa, Zhu, Onuma, "A model of on-line handwritten Japanese text recognition free from line
/// direction and writing format constraints", IEICE Trans. Inf. & Syst. E88-D(8), 2005).
///
/// ```
///  strokes in writing order ──► groupings of consecutive strokes [i, j) (≤ maximumStrokes, no
///                               wider than maximumWidth × pitch, not ending where the next stroke
///                               goes back over them)  ──► each classified (best, second score)
///                          ──► path score = Σ characters (classifier + size/shape model)
///                                         + Σ boundaries (cut cost, overlap, gap, pen-up time)
///                          ──► best path by dynamic programming over the last grouping
/// ```
/// One line of horizontal writing; the line's pitch is estimated as the person writes, from the
/// strokes around each (``pitches(_:window:)``). With cells (a boxed field), each cell written in
/// is one character instead.
///
/// Complexity: at most ``CharacterLatticeParameters/groupingsPerStroke`` classifications per stroke
/// and `maximumStrokes`² transitions per stroke: linear in the ink's strokes, whatever they are.
struct CharacterLattice {
    /// A character found: the ink's stroke indexes (writing order) and, for a boxed field, its cell.
    struct Character: Equatable {
        var strokes: [Int]
        var cell: CharacterCell?
        /// The classifier's readings of these strokes when the lattice classified them (best first).
        var readings: [RecognitionCandidate]
    }

    /// A stroke's box (finite points only) and, when every point has one, its first and last time.
    struct Stroke {
        var index: Int
        var minX, minY, maxX, maxY: Double
        var start, end: Double?
        var box: InkBox { InkBox(minX: minX, minY: minY, maxX: maxX, maxY: maxY) }
    }

    /// A penalty that no plausible reading reaches: a boundary the writing cannot have (the next
    /// character begins left of the previous one, or lies over it), kept finite so that a path
    /// always exists.
    static let forbidden = 50.0
    /// The score of a grouping the classifier gives nothing for.
    static let unreadable = -2.0

    let parameters: CharacterLatticeParameters

    /// The strokes with a finite point (coordinates beyond ±10⁹ are not ink), in writing order.
    static func strokes(_ ink: HandwritingInk) -> [Stroke] {
        var result: [Stroke] = []
        var timed = true
        for (index, stroke) in ink.strokes.enumerated() {
            var s = Stroke(index: index, minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
            for p in stroke.points where p.x.isFinite && p.y.isFinite && abs(p.x) < 1e9 && abs(p.y) < 1e9 {
                s.minX = Swift.min(s.minX, p.x)
                s.maxX = Swift.max(s.maxX, p.x)
                s.minY = Swift.min(s.minY, p.y)
                s.maxY = Swift.max(s.maxY, p.y)
                if let t = p.t, t.isFinite {
                    s.start = Swift.min(s.start ?? t, t)
                    s.end = Swift.max(s.end ?? t, t)
                } else {
                    timed = false
                }
            }
            guard s.minX <= s.maxX else { continue }
            result.append(s)
        }
        if !timed {
            for k in result.indices { (result[k].start, result[k].end) = (nil, nil) }
        }
        return result
    }

    /// The characters of `ink`, in writing order. `classify` reads the ink's strokes (indexes) as
    /// one character, best first (at least two readings asked for: the margin between them).
    func characters(_ ink: HandwritingInk, cells: [CharacterCell]? = nil, classify: ([Int]) -> [RecognitionCandidate]) -> [Character] {
        let strokes = Self.strokes(ink)
        guard !strokes.isEmpty else { return [] }
        if let cells, !cells.isEmpty { return Self.boxed(strokes, cells: cells) }
        return segmented(strokes, classify: classify)
    }

    /// The boxed case: each stroke in the cell its box's centre lies in, or the nearest; each cell
    /// written in is a character, in the order of its first stroke.
    static func boxed(_ strokes: [Stroke], cells: [CharacterCell]) -> [Character] {
        var byCell: [Int: [Int]] = [:]
        var order: [Int] = []
        for stroke in strokes {
            let (cx, cy) = ((stroke.minX + stroke.maxX) / 2, (stroke.minY + stroke.maxY) / 2)
            var nearest = 0
            var distance = Double.infinity
            for (c, cell) in cells.enumerated() {
                let d = cell.distance(toX: cx, y: cy)
                if d < distance { (nearest, distance) = (c, d) }
            }
            if byCell[nearest] == nil { order.append(nearest) }
            byCell[nearest, default: []].append(stroke.index)
        }
        return order.map { Character(strokes: byCell[$0] ?? [], cell: cells[$0], readings: []) }
    }

    struct Grouping {
        var start, end: Int
        var box: InkBox
        /// The line's pitch here, in the ink's unit.
        var pitch: Double
        var score: Double
        var readings: [RecognitionCandidate]
        var best = -Double.infinity
        var previous: Int?
    }

    /// The line's characters by dynamic programming over groupings of consecutive strokes.
    func segmented(_ strokes: [Stroke], classify: ([Int]) -> [RecognitionCandidate]) -> [Character] {
        let p = parameters
        let n = strokes.count
        let pitches = Self.pitches(strokes, window: p.pitchWindow)

        // Pen-up times: each boundary's as a log ratio to the ink's median.
        var logPause = [Double](repeating: 0, count: n)
        let pauses: [Double] = (1..<Swift.max(n, 1)).compactMap { k in
            guard let end = strokes[k - 1].end, let start = strokes[k].start else { return nil }
            return start - end
        }
        if p.timeWeight > 0, pauses.count == n - 1, n > 1 {
            let median = Swift.max(pauses.sorted()[pauses.count / 2], 1e-3)
            for k in 1..<n { logPause[k] = Swift.min(2, Swift.max(-2, Double.log(Swift.max(pauses[k - 1], 1e-3) / median))) }
        }

        // The groupings ending at each stroke boundary j (strokes [start, j)).
        var groupings: [Grouping] = []
        var endingAt = [[Int]](repeating: [], count: n + 1)
        for end in 1...n {
            var union = strokes[end - 1].box
            var kept = 0
            var pitch = pitches[end - 1]
            var start = end - 1
            while start >= Swift.max(0, end - p.maximumStrokes), kept < p.groupingsPerStroke {
                if start < end - 1 { union = union.union(strokes[start].box) }
                // A grouping's pitch: the largest of its strokes'.
                pitch = Swift.max(pitch, pitches[start])
                let slack = 0.05 * pitch
                let count = end - start
                if count > 1, union.width > p.maximumWidth * pitch { break }
                // A character does not end where the next stroke goes back over it, nor begin
                // where the stroke before it lies over it. A single stroke is always a grouping (a
                // path always exists), but read only when it could be a character.
                let closed = (end == n || strokes[end].box.overlap(union, slack: slack) <= p.maximumOverlap)
                    && (start == 0 || strokes[start - 1].box.overlap(union, slack: slack) <= p.maximumOverlap)
                if count == 1 || closed {
                    let readings = closed ? classify(strokes[start..<end].map(\.index)) : []
                    groupings.append(
                        Grouping(start: start, end: end, box: union, pitch: pitch, score: score(readings, union, pitch: pitch), readings: readings))
                    endingAt[end].append(groupings.count - 1)
                    kept += 1
                }
                start -= 1
            }
        }

        // Best path over the last grouping.
        for g in groupings.indices {
            let grouping = groupings[g]
            let pitch = grouping.pitch
            let slack = 0.05 * pitch
            if grouping.start == 0 {
                groupings[g].best = grouping.score
                continue
            }
            for h in endingAt[grouping.start] where groupings[h].best > -.infinity {
                let before = groupings[h].box
                let overlap = before.overlap(grouping.box, slack: slack)
                var cut = -p.cutCost - p.overlapWeight * overlap
                if overlap > p.maximumOverlap || grouping.box.centreX < before.centreX { cut -= Self.forbidden }
                cut += p.gapWeight * Swift.min(0.6, Swift.max(-0.5, (grouping.box.minX - before.maxX) / pitch))
                cut += p.timeWeight * logPause[grouping.start]
                let total = groupings[h].best + cut + grouping.score
                if total > groupings[g].best {
                    groupings[g].best = total
                    groupings[g].previous = h
                }
            }
        }
        guard var last = endingAt[n].max(by: { groupings[$0].best < groupings[$1].best }), groupings[last].best > -.infinity else {
            // Unreached (single strokes and every boundary are always there); maximumStrokes a character.
            return stride(from: 0, to: n, by: p.maximumStrokes).map {
                Character(strokes: strokes[$0..<Swift.min(n, $0 + p.maximumStrokes)].map(\.index), cell: nil, readings: [])
            }
        }
        var path: [Character] = []
        while true {
            let g = groupings[last]
            path.append(Character(strokes: strokes[g.start..<g.end].map(\.index), cell: nil, readings: g.readings))
            guard let previous = g.previous else { break }
            last = previous
        }
        // Neighbouring strokes that no character could be closed around (each lies over the next:
        // a scribble) stay together, up to maximumStrokes a character, rather than being read one
        // stroke at a time.
        var characters: [Character] = []
        for character in path.reversed() {
            if character.readings.isEmpty, let previous = characters.last, previous.readings.isEmpty,
                previous.strokes.count + character.strokes.count <= p.maximumStrokes
            {
                characters[characters.count - 1].strokes += character.strokes
            } else {
                characters.append(character)
            }
        }
        return characters
    }

    /// The line's pitch at each stroke, as the person writes: among the strokes within `window`
    /// strokes of it (either side), the longest one's extent L (a stroke is rarely longer than its
    /// character: one flat character such as 三 is as wide as its pitch), and the vertical extent
    /// of those whose centre lies within L across of its own (a line that drifts up or down is
    /// measured where the stroke is); the taller of the two, 1 for an ink with no extent.
    static func pitches(_ strokes: [Stroke], window: Int) -> [Double] {
        strokes.indices.map { k in
            let near = strokes[Swift.max(0, k - window)...Swift.min(strokes.count - 1, k + window)]
            let longest = near.reduce(0.0) { Swift.max($0, $1.maxX - $1.minX, $1.maxY - $1.minY) }
            let centre = (strokes[k].minX + strokes[k].maxX) / 2
            var (top, bottom) = (Double.infinity, -Double.infinity)
            for s in near where abs((s.minX + s.maxX) / 2 - centre) <= longest {
                top = Swift.min(top, s.minY)
                bottom = Swift.max(bottom, s.maxY)
            }
            let pitch = Swift.max(bottom - top, longest)
            return pitch > 0 && pitch.isFinite ? pitch : 1
        }
    }

    /// A grouping's own score: its best reading (and margin over the second), and how much it looks
    /// like a character of this line by its size and shape.
    func score(_ readings: [RecognitionCandidate], _ box: InkBox, pitch: Double) -> Double {
        let p = parameters
        let best = readings.first?.score ?? Self.unreadable
        let second = readings.count > 1 ? readings[1].score : best - 1
        let width = box.width / pitch
        let extent = Swift.max(box.width, box.height) / pitch
        var score = p.classifierWeight * best + p.marginWeight * Swift.min(best - second, 1)
        score -= p.narrowWeight * Swift.max(0, p.narrowWidth - width)
        score -= p.wideWeight * Swift.max(0, extent - 1.15)
        score -= p.smallWeight * Swift.max(0, 0.35 - extent)
        return score.isFinite ? score : -Self.forbidden
    }
}
