/// A character as Zinnia sees it: its strokes fitted into a square canvas of ``size`` units and
/// cleaned so that no input can make Zinnia run away.
///
/// Zinnia splits each stroke recursively at its farthest point from the chord and stores the
/// pieces at heap indexes 2·id + 1, 2·id + 2: a stroke of n vertices can reach depth n and
/// allocate ≈ 2ⁿ entries (a real retracing stroke grew a process to 24 GB; ink-recognition.md).
/// The cleaning, the same in training (`Tools/research/quill_research/handwriting`) and recognition:
/// 1. the character's box is scaled to ``fill`` of the canvas on its longer side (aspect kept;
///    ``tegakiFill`` for Debian's Japanese Tegaki model) and centred — or, when the cell it was written in is known (Japanese and Chinese are
///    written in square cells, and their models know a character's place in it: 口 is small,
///    囗 fills the cell), that square cell is the whole canvas; coordinates are rounded to whole
///    units;
/// 2. a point equal to an earlier point of its stroke is dropped (a retrace adds nothing);
/// 3. each stroke is simplified (Douglas–Peucker, ``tolerance`` units, doubled until it has at
///    most ``maximumVertices``): the recursion depth is then bounded by 16 whatever came in;
/// 4. a character keeps at most ``maximumStrokes`` strokes (the rest are not a character).
struct CharacterCanvas: Hashable, Sendable {
    static let size = 1_000
    static let fill = 800.0
    /// The fill that Debian's Japanese Tegaki model reads real pens best at: on Tegaki's training
    /// writers japanese-native1 / -learner1, 84.5 / 86.0 % top-1 at 700 against 81.5 / 83.0 % at
    /// 800 (a plateau from 650 to 750; 74.5 / 78.0 % at 1 000), although Tomoe's characters, which
    /// the model was trained on, span a median 820 of their 1 000 units. (The Chinese model keeps
    /// ``fill``: no real Chinese pens to choose on.)
    static let tegakiFill = 700.0
    static let tolerance = 6.0
    static let maximumVertices = 16
    static let maximumStrokes = 40

    /// The cleaned strokes in canvas units.
    var strokes: [[(x: Int, y: Int)]]

    static func == (a: Self, b: Self) -> Bool {
        a.strokes.count == b.strokes.count && zip(a.strokes, b.strokes).allSatisfy { $0.count == $1.count && zip($0, $1).allSatisfy { $0 == $1 } }
    }
    func hash(into hasher: inout Hasher) {
        for stroke in strokes { for p in stroke { hasher.combine(p.x); hasher.combine(p.y) } }
    }

    /// The character drawn by `strokes` (any unit, y down) in `cell` (a square: x, y of its
    /// top-left corner, side), or fitted to `fill` units of the canvas (its longer side) when nil;
    /// nil when nothing finite is left.
    init?(_ strokes: [[HandwritingPoint]], cell: (x: Double, y: Double, side: Double)? = nil, fill: Double = CharacterCanvas.fill) {
        let finite = strokes.prefix(Self.maximumStrokes).map { $0.filter { $0.x.isFinite && $0.y.isFinite && abs($0.x) < 1e9 && abs($0.y) < 1e9 } }.filter { !$0.isEmpty }
        guard let first = finite.first?.first else { return nil }
        var (minX, minY, maxX, maxY) = (first.x, first.y, first.x, first.y)
        for stroke in finite {
            for p in stroke {
                minX = Swift.min(minX, p.x)
                maxX = Swift.max(maxX, p.x)
                minY = Swift.min(minY, p.y)
                maxY = Swift.max(maxY, p.y)
            }
        }
        let extent = Swift.max(maxX - minX, maxY - minY)
        var scale = extent > 0 ? fill / extent : 1
        let half = Double(Self.size) / 2
        var (centreX, centreY) = ((minX + maxX) / 2, (minY + maxY) / 2)
        if let cell, cell.side > 0, cell.side.isFinite, cell.x.isFinite, cell.y.isFinite {
            scale = Double(Self.size) / cell.side
            (centreX, centreY) = (cell.x + cell.side / 2, cell.y + cell.side / 2)
        }
        self.strokes = finite.map { stroke in
            var seen = Set<Int>()
            var points: [(x: Int, y: Int)] = []
            for p in stroke {
                // Within ±4 canvases of the canvas (a stroke reaching out of its cell stays finite).
                let x = Int(Swift.min(Swift.max((p.x - centreX) * scale + half, -4_000), 5_000).rounded())
                let y = Int(Swift.min(Swift.max((p.y - centreY) * scale + half, -4_000), 5_000).rounded())
                let key = x &* 16_384 &+ y
                guard seen.insert(key).inserted else { continue }
                points.append((x, y))
            }
            var tolerance = Self.tolerance
            var simplified = Self.simplified(points, tolerance: tolerance)
            while simplified.count > Self.maximumVertices {
                tolerance *= 2
                simplified = Self.simplified(points, tolerance: tolerance)
            }
            return simplified
        }
    }

    /// Douglas–Peucker: the points whose removal would move the polyline more than `tolerance`.
    static func simplified(_ points: [(x: Int, y: Int)], tolerance: Double) -> [(x: Int, y: Int)] {
        guard points.count > 2 else { return points }
        var keep = [Bool](repeating: false, count: points.count)
        keep[0] = true
        keep[points.count - 1] = true
        var pending = [(0, points.count - 1)]
        while let (first, last) = pending.popLast() {
            guard last > first + 1 else { continue }
            let a = points[first], b = points[last]
            let dx = Double(b.x - a.x), dy = Double(b.y - a.y)
            let length = (dx * dx + dy * dy).squareRoot()
            var farthest = first, distance = -1.0
            for index in (first + 1)..<last {
                let px = Double(points[index].x - a.x), py = Double(points[index].y - a.y)
                let d = length > 0 ? abs(px * dy - py * dx) / length : (px * px + py * py).squareRoot()
                if d > distance { distance = d; farthest = index }
            }
            if distance > tolerance {
                keep[farthest] = true
                pending.append((first, farthest))
                pending.append((farthest, last))
            }
        }
        return points.indices.filter { keep[$0] }.map { points[$0] }
    }
}
