/// Erasing strokes from a drawing, as PencilKit's erasers do.
public enum Eraser {
    /// A vector eraser removes every stroke it touches, whole. `path` is the eraser's centre line
    /// in canvas points and `radius` its half width.
    public static func eraseVector(_ drawing: inout Drawing, along path: [(x: Double, y: Double)], radius: Double) {
        drawing.strokes.removeAll { stroke in touches(stroke, path, radius) }
    }

    /// A bitmap eraser removes only what it touches: the stroke's points under the eraser go, and
    /// a stroke crossed in the middle splits into two strokes with the same ink and seed.
    public static func eraseBitmap(_ drawing: inout Drawing, along path: [(x: Double, y: Double)], radius: Double) {
        var result: [Stroke] = []
        for stroke in drawing.strokes {
            guard touches(stroke, path, radius) else {
                result.append(stroke)
                continue
            }
            var piece: [StrokePoint] = []
            for point in stroke.path.points {
                let (x, y) = stroke.transform.apply(x: point.x, y: point.y)
                if isErased(x, y, markRadius: point.width / 2, path, radius) {
                    if piece.count >= 1 { result.append(copy(stroke, with: piece)) }
                    piece.removeAll()
                } else {
                    piece.append(point)
                }
            }
            if piece.count >= 1 { result.append(copy(stroke, with: piece)) }
        }
        drawing.strokes = result
    }

    private static func copy(_ stroke: Stroke, with points: [StrokePoint]) -> Stroke {
        var piece = stroke
        piece.path = StrokePath(points: points, creationTime: stroke.path.creationTime)
        return piece
    }

    static func touches(_ stroke: Stroke, _ path: [(x: Double, y: Double)], _ radius: Double) -> Bool {
        stroke.path.points.contains { point in
            let (x, y) = stroke.transform.apply(x: point.x, y: point.y)
            return isErased(x, y, markRadius: point.width / 2, path, radius)
        }
    }

    /// True when a mark of `markRadius` at (x, y) overlaps the eraser swept along `path`.
    static func isErased(_ x: Double, _ y: Double, markRadius: Double, _ path: [(x: Double, y: Double)], _ radius: Double) -> Bool {
        let reach = radius + markRadius
        guard let first = path.first else { return false }
        if path.count == 1 { return _hypot(x - first.x, y - first.y) <= reach }
        for (a, b) in zip(path, path.dropFirst()) {
            let dx = b.x - a.x, dy = b.y - a.y
            let length2 = dx * dx + dy * dy
            let t = length2 > 0 ? Swift.min(Swift.max(((x - a.x) * dx + (y - a.y) * dy) / length2, 0), 1) : 0
            if _hypot(x - (a.x + t * dx), y - (a.y + t * dy)) <= reach { return true }
        }
        return false
    }
}
