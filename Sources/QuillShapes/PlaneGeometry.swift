import QuillCore
import RealModule

/// Small plane geometry the recognizer shares: arc length, resampling, distances to a polyline.
enum PlaneGeometry {
    static func distance(_ a: Point, _ b: Point) -> Double {
        let dx = a.x - b.x, dy = a.y - b.y
        return (dx * dx + dy * dy).squareRoot()
    }

    /// The length of a polyline.
    static func length(_ points: [Point]) -> Double {
        var total = 0.0
        for index in points.indices.dropFirst() { total += distance(points[index - 1], points[index]) }
        return total
    }

    /// `count` points evenly spaced along the polyline by arc length, its ends included. Needs a
    /// polyline of positive length and `count` ≥ 2.
    static func resampled(_ points: [Point], count: Int) -> [Point] {
        let total = length(points)
        guard points.count >= 2, total > 0, count >= 2 else { return points }
        var result: [Point] = []
        result.reserveCapacity(count)
        result.append(points[0])
        let step = total / Double(count - 1)
        var target = step
        var travelled = 0.0
        for index in points.indices.dropFirst() {
            let a = points[index - 1], b = points[index]
            let piece = distance(a, b)
            while piece > 0, travelled + piece >= target, result.count < count - 1 {
                let fraction = (target - travelled) / piece
                result.append(Point(x: a.x + (b.x - a.x) * fraction, y: a.y + (b.y - a.y) * fraction))
                target += step
            }
            travelled += piece
        }
        result.append(points[points.count - 1])
        return result
    }

    /// The squared distance from `p` to the segment a–b.
    static func squaredDistance(_ p: Point, toSegment a: Point, _ b: Point) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let lengthSquared = dx * dx + dy * dy
        var t = lengthSquared > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSquared : 0
        t = Swift.min(1, Swift.max(0, t))
        let x = a.x + t * dx - p.x, y = a.y + t * dy - p.y
        return x * x + y * y
    }

    /// The RMS distance from each of `points` to the nearest point of the polyline `path`.
    static func rmsDistance(from points: [Point], to path: [Point]) -> Double {
        guard !points.isEmpty, let first = path.first else { return .infinity }
        var sum = 0.0
        for p in points {
            var best = path.count == 1 ? squaredDistance(p, toSegment: first, first) : Double.infinity
            for index in path.indices.dropFirst() {
                best = Swift.min(best, squaredDistance(p, toSegment: path[index - 1], path[index]))
            }
            sum += best
        }
        return (sum / Double(points.count)).squareRoot()
    }

    /// The bounding box's diagonal.
    static func diagonal(_ points: [Point]) -> Double {
        guard let first = points.first else { return 0 }
        var (minX, minY, maxX, maxY) = (first.x, first.y, first.x, first.y)
        for p in points {
            minX = Swift.min(minX, p.x)
            minY = Swift.min(minY, p.y)
            maxX = Swift.max(maxX, p.x)
            maxY = Swift.max(maxY, p.y)
        }
        return Double.hypot(maxX - minX, maxY - minY)
    }

    /// Where the lines through a–b and c–d cross; nil when they are nearly parallel.
    static func intersection(_ a: Point, _ b: Point, _ c: Point, _ d: Point) -> Point? {
        let r = (x: b.x - a.x, y: b.y - a.y), s = (x: d.x - c.x, y: d.y - c.y)
        let cross = r.x * s.y - r.y * s.x
        let scale = Double.hypot(r.x, r.y) * Double.hypot(s.x, s.y)
        guard scale > 0, abs(cross) > 0.05 * scale else { return nil }  // < 3° apart
        let t = ((c.x - a.x) * s.y - (c.y - a.y) * s.x) / cross
        return Point(x: a.x + t * r.x, y: a.y + t * r.y)
    }

    /// The angle of the direction a → b, radians.
    static func direction(_ a: Point, _ b: Point) -> Double { Double.atan2(y: b.y - a.y, x: b.x - a.x) }

    /// `angle` brought into −π … π.
    static func wrapped(_ angle: Double) -> Double {
        var a = angle.truncatingRemainder(dividingBy: 2 * .pi)
        if a > .pi { a -= 2 * .pi } else if a < -.pi { a += 2 * .pi }
        return a
    }

    /// The point rotated by `angle` about `centre`.
    /// The signed turn at `b` of the path a → b → c, radians in −π … π (positive: counter-clockwise
    /// in the y-up sense of ``direction(_:_:)``).
    static func turn(_ a: Point, _ b: Point, _ c: Point) -> Double { wrapped(direction(b, c) - direction(a, b)) }

    /// The mean of `points` (nil-free: an empty list gives the origin).
    static func centroid(_ points: [Point]) -> Point {
        guard !points.isEmpty else { return Point(x: 0, y: 0) }
        var x = 0.0, y = 0.0
        for p in points {
            x += p.x
            y += p.y
        }
        return Point(x: x / Double(points.count), y: y / Double(points.count))
    }

    static func rotated(_ p: Point, by angle: Double, about centre: Point) -> Point {
        let c = Double.cos(angle), s = Double.sin(angle)
        let x = p.x - centre.x, y = p.y - centre.y
        return Point(x: centre.x + c * x - s * y, y: centre.y + s * x + c * y)
    }
}
