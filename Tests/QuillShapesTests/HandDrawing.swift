import QuillCore
import QuillTestSupport
import RealModule

/// Shapes as a sloppy hand draws them in one stroke (seeded): corners misplaced by a few percent,
/// sides bowed, closed shapes that stop short of or go past their start, sampled every ≈ 0.3 mm
/// with 0.03 mm of noise. Written here from the shapes' definitions, not from the recognizer's
/// outlines, so that a test cannot pass by agreeing with itself.
struct HandDrawing {
    var random: SeededRandom

    init(seed: UInt64) { random = SeededRandom(seed: seed) }

    mutating func uniform(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &random) }
    mutating func gaussian() -> Double {
        let u = Double.random(in: Double.ulpOfOne...1, using: &random), v = Double.random(in: 0...1, using: &random)
        return (-2 * Double.log(u)).squareRoot() * Double.cos(2 * .pi * v)
    }

    /// The class names the drawings are labelled with (ShapeKind's raw values).
    static let kinds = ["line", "polyline", "triangle", "rectangle", "square", "quadrilateral", "circle", "ellipse", "arc", "arrow", "star", "heart"]

    /// One drawing of `kind`, about `size` mm across, centred at (100, 80).
    mutating func draw(_ kind: String, size: Double = 40) -> [Point] {
        let centre = Point(x: 100, y: 80)
        let turn = uniform(-0.6...0.6)
        func at(_ x: Double, _ y: Double, _ angle: Double = turn) -> Point {
            Point(x: centre.x + Double.cos(angle) * x - Double.sin(angle) * y, y: centre.y + Double.sin(angle) * x + Double.cos(angle) * y)
        }
        let s = size / 2
        var path: [Point]
        switch kind {
        case "line": path = sides([at(-s, 0), at(s, 0)], closed: false)
        case "polyline": path = sides([at(-s, s / 2), at(-s / 3, -s / 2), at(s / 3, s / 2), at(s, -s / 2)], closed: false)
        case "triangle": path = sides([at(0, -s), at(s, s * 0.7), at(-s, s * 0.7)], closed: true)
        case "rectangle":
            let t = uniform(-0.08...0.08)
            path = sides([at(-s, -s * 0.55, t), at(s, -s * 0.55, t), at(s, s * 0.55, t), at(-s, s * 0.55, t)], closed: true)
        case "square":
            let t = uniform(-0.08...0.08)
            path = sides([at(-s, -s, t), at(s, -s, t), at(s, s, t), at(-s, s, t)], closed: true)
        case "quadrilateral": path = sides([at(-s, -s * 0.5), at(s * 0.5, -s * 0.6), at(s, s * 0.7), at(-s * 0.7, s * 0.4)], closed: true)
        case "circle": path = round(centre, s, s, turn, sweep: 2 * .pi * uniform(0.93...1.07))
        case "ellipse": path = round(centre, s, s * 0.5, turn, sweep: 2 * .pi * uniform(0.95...1.05))
        case "arc": path = round(centre, s, s, turn, sweep: uniform(1.2...4.2))
        case "arrow":
            let tip = at(s, 0), barb = s * 0.45, spread = uniform(0.4...0.7)
            let back = turn + .pi
            let one = Point(x: tip.x + barb * Double.cos(back + spread), y: tip.y + barb * Double.sin(back + spread))
            let other = Point(x: tip.x + barb * Double.cos(back - spread), y: tip.y + barb * Double.sin(back - spread))
            path = sides([at(-s, 0), tip, one, tip, other], closed: false)
        case "star":
            let points = (0..<5).map { index -> Point in
                let theta = -Double.pi / 2 + Double(index) * 4 * .pi / 5
                return at(s * Double.cos(theta), s * Double.sin(theta), turn / 3)
            }
            path = sides(points, closed: true)
        default:  // heart, from the cusp down the right lobe, round the point and back up
            let upright = turn / 3
            path = (0...200).map { index -> Point in
                let t = 2 * Double.pi * Double(index) / 200
                let x = 16 * Double.pow(Double.sin(t), 3), y = -(13 * Double.cos(t) - 5 * Double.cos(2 * t) - 2 * Double.cos(3 * t) - Double.cos(4 * t))
                return at(x * s / 16, (y - 2.5) * s / 14.5, upright)
            }
        }
        return sampled(path, size: size)
    }

    /// Straight sides through sloppy corners, each side bowed a little; a closed one ends near its start.
    mutating func sides(_ corners: [Point], closed: Bool) -> [Point] {
        let scale = PlaneGeometryForTests.diagonal(corners)
        var sloppy = corners.map { Point(x: $0.x + 0.025 * scale * gaussian(), y: $0.y + 0.025 * scale * gaussian()) }
        if closed { sloppy.append(sloppy[0]) }
        var path: [Point] = []
        for index in sloppy.indices.dropFirst() {
            let a = sloppy[index - 1], b = sloppy[index]
            let bow = 0.02 * gaussian()
            for step in 0..<40 {
                let f = Double(step) / 40
                let normal = Point(x: -(b.y - a.y), y: b.x - a.x)
                let lift = bow * 4 * f * (1 - f)
                path.append(Point(x: a.x + (b.x - a.x) * f + normal.x * lift, y: a.y + (b.y - a.y) * f + normal.y * lift))
            }
        }
        if closed {
            // Stop short of the start or run past it along the first side, up to 8 % of it.
            let a = sloppy[0], b = sloppy[1]
            let f = uniform(-0.08...0.08)
            path.append(Point(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f))
        } else {
            path.append(sloppy[sloppy.count - 1])
        }
        return path
    }

    mutating func round(_ centre: Point, _ a: Double, _ b: Double, _ angle: Double, sweep: Double) -> [Point] {
        let start = uniform(0...(2 * .pi)), wobble = uniform(0...(2 * .pi))
        let direction = uniform(0...1) < 0.5 ? 1.0 : -1.0
        return (0...200).map { index in
            let t = start + direction * sweep * Double(index) / 200
            let r = 1 + 0.03 * Double.sin(3 * t + wobble)
            let x = a * r * Double.cos(t), y = b * r * Double.sin(t)
            return Point(x: centre.x + Double.cos(angle) * x - Double.sin(angle) * y, y: centre.y + Double.sin(angle) * x + Double.cos(angle) * y)
        }
    }

    /// Points every ≈ 0.3 mm along the path with 0.03 mm of noise.
    mutating func sampled(_ path: [Point], size: Double) -> [Point] {
        var result: [Point] = []
        for index in path.indices.dropFirst() {
            let a = path[index - 1], b = path[index]
            let length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
            let steps = Swift.max(1, Int(length / 0.3))
            for step in 0..<steps {
                let f = Double(step) / Double(steps)
                result.append(Point(x: a.x + (b.x - a.x) * f + 0.03 * gaussian(), y: a.y + (b.y - a.y) * f + 0.03 * gaussian()))
            }
        }
        result.append(path[path.count - 1])
        return result
    }
}

enum PlaneGeometryForTests {
    static func diagonal(_ points: [Point]) -> Double {
        let xs = points.map(\.x), ys = points.map(\.y)
        return ((xs.max()! - xs.min()!) * (xs.max()! - xs.min()!) + (ys.max()! - ys.min()!) * (ys.max()! - ys.min()!)).squareRoot()
    }
}
