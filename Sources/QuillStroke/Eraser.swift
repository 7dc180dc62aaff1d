/// What an eraser did to one stroke of a drawing: `index` in the drawing before it; the
/// `pieces` left of it (none: erased whole; one or more: what remains, in its place).
public struct EraseOutcome: Hashable, Sendable {
    public var index: Int
    public var pieces: [Stroke]
}

/// Erasing strokes from a drawing, as PencilKit's erasers do.
public enum Eraser {
    /// A vector eraser removes every stroke it touches, whole. `path` is the eraser's centre line
    /// in canvas points and `radius` its half width.
    @discardableResult
    public static func eraseVector(_ drawing: inout Drawing, along path: [(x: Double, y: Double)], radius: Double) -> [EraseOutcome] {
        let reach = bounds(of: path)
        let touched = drawing.strokes.indices.filter { mayTouch(drawing.strokes[$0], reach, radius) && touches(drawing.strokes[$0], path, radius) }
        for index in touched.reversed() { drawing.strokes.remove(at: index) }
        return touched.map { EraseOutcome(index: $0, pieces: []) }
    }

    /// A bitmap eraser removes only what it touches: the stroke's points under the eraser go, a
    /// segment the eraser crosses is cut, and a stroke crossed in the middle splits into two strokes
    /// with the same ink and seed.
    /// Returns what happened to each stroke it touched, in drawing order; the pieces stand where
    /// the stroke stood.
    @discardableResult
    public static func eraseBitmap(_ drawing: inout Drawing, along path: [(x: Double, y: Double)], radius: Double) -> [EraseOutcome] {
        var result: [Stroke] = []
        var outcomes: [EraseOutcome] = []
        let reach = bounds(of: path)
        for (index, stroke) in drawing.strokes.enumerated() {
            guard mayTouch(stroke, reach, radius), touches(stroke, path, radius) else {
                result.append(stroke)
                continue
            }
            let before = result.count
            defer { outcomes.append(EraseOutcome(index: index, pieces: Array(result[before...]))) }
            var piece: [StrokePoint] = []
            var previous: (point: StrokePoint, x: Double, y: Double)?
            for point in stroke.path.points {
                let (x, y) = stroke.transform.apply(x: point.x, y: point.y)
                let reach = radius + point.width / 2
                let isUnder = distance(from: (x, y), to: (x, y), path) <= reach
                let isCut = previous.map { distance(from: ($0.x, $0.y), to: (x, y), path) <= reach } ?? false
                if isUnder || isCut {
                    if !piece.isEmpty { result.append(copy(stroke, with: piece)) }
                    piece.removeAll()
                }
                if !isUnder { piece.append(point) }
                previous = (point, x, y)
            }
            if !piece.isEmpty { result.append(copy(stroke, with: piece)) }
        }
        drawing.strokes = result
        return outcomes
    }

    private static func copy(_ stroke: Stroke, with points: [StrokePoint]) -> Stroke {
        var piece = stroke
        piece.path = StrokePath(points: points, creationTime: stroke.path.creationTime)
        return piece
    }

    /// The eraser path's bounding box, nil for an empty path.
    static func bounds(of path: [(x: Double, y: Double)]) -> (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
        guard let first = path.first else { return nil }
        var box = (minX: first.x, minY: first.y, maxX: first.x, maxY: first.y)
        for point in path.dropFirst() {
            box = (Swift.min(box.minX, point.x), Swift.min(box.minY, point.y), Swift.max(box.maxX, point.x), Swift.max(box.maxY, point.y))
        }
        return box
    }

    /// False when the box of the stroke's points, grown by half its widest mark (``touches`` grows a
    /// whole segment by its end's mark), lies farther than `radius` from the eraser path's box: then
    /// no part of it can meet the eraser (``touches`` would say false, after measuring every segment
    /// against every eraser segment).
    static func mayTouch(_ stroke: Stroke, _ path: (minX: Double, minY: Double, maxX: Double, maxY: Double)?, _ radius: Double) -> Bool {
        guard let path, !stroke.path.points.isEmpty else { return false }
        var box = (minX: Double.infinity, minY: Double.infinity, maxX: -Double.infinity, maxY: -Double.infinity)
        var widest = 0.0
        for point in stroke.path.points {
            let (x, y) = stroke.transform.apply(x: point.x, y: point.y)
            box = (Swift.min(box.minX, x), Swift.min(box.minY, y), Swift.max(box.maxX, x), Swift.max(box.maxY, y))
            widest = Swift.max(widest, point.width)
        }
        let reach = radius + widest / 2
        // NaN anywhere: no box to trust; measure.
        guard box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite, reach.isFinite else { return true }
        return box.minX <= path.maxX + reach && box.maxX >= path.minX - reach && box.minY <= path.maxY + reach && box.maxY >= path.minY - reach
    }

    /// True when any part of the stroke's path (its segments, grown by the mark) meets the eraser.
    static func touches(_ stroke: Stroke, _ path: [(x: Double, y: Double)], _ radius: Double) -> Bool {
        var previous: (x: Double, y: Double)?
        for point in stroke.path.points {
            let (x, y) = stroke.transform.apply(x: point.x, y: point.y)
            if distance(from: previous ?? (x, y), to: (x, y), path) <= radius + point.width / 2 { return true }
            previous = (x, y)
        }
        return false
    }

    /// Shortest distance between the segment a–b and the eraser's polyline.
    static func distance(from a: (x: Double, y: Double), to b: (x: Double, y: Double), _ path: [(x: Double, y: Double)]) -> Double {
        guard let first = path.first else { return .infinity }
        if path.count == 1 { return pointToSegment(first, a, b) }
        var best = Double.infinity
        for (c, d) in zip(path, path.dropFirst()) { best = Swift.min(best, segmentToSegment(a, b, c, d)) }
        return best
    }

    static func pointToSegment(_ p: (x: Double, y: Double), _ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let length2 = dx * dx + dy * dy
        let t = length2 > 0 ? Swift.min(Swift.max(((p.x - a.x) * dx + (p.y - a.y) * dy) / length2, 0), 1) : 0
        return _hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy))
    }

    static func segmentToSegment(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double), _ c: (x: Double, y: Double), _ d: (x: Double, y: Double)) -> Double {
        func orientation(_ p: (x: Double, y: Double), _ q: (x: Double, y: Double), _ r: (x: Double, y: Double)) -> Double {
            (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x)
        }
        let o1 = orientation(a, b, c), o2 = orientation(a, b, d), o3 = orientation(c, d, a), o4 = orientation(c, d, b)
        if (o1 > 0) != (o2 > 0) && (o3 > 0) != (o4 > 0) && o1 != 0 && o2 != 0 && o3 != 0 && o4 != 0 { return 0 }  // they cross
        return Swift.min(pointToSegment(a, c, d), pointToSegment(b, c, d), pointToSegment(c, a, b), pointToSegment(d, a, b))
    }
}
