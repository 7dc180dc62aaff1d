import QuillCore
import RealModule

/// Least-squares fits of circles and ellipses to points, in coordinates centred on the points' mean
/// and scaled to unit spread so that the normal equations stay well conditioned.
enum ConicFit {
    /// The circle x² + y² + D·x + E·y + F = 0 nearest in the algebraic sense (Kåsa): its centre and radius.
    static func circle(_ points: [Point]) -> (centre: Point, radius: Double)? {
        guard points.count >= 3, let frame = Frame(points) else { return nil }
        var a = [[Double]](repeating: [0, 0, 0], count: 3), b = [0.0, 0, 0]
        for p in points {
            let (x, y) = frame.local(p)
            let row = [x, y, 1.0], rhs = -(x * x + y * y)
            for r in 0..<3 {
                for c in 0..<3 { a[r][c] += row[r] * row[c] }
                b[r] += row[r] * rhs
            }
        }
        guard let s = solve(a, b) else { return nil }
        let cx = -s[0] / 2, cy = -s[1] / 2
        let squared = cx * cx + cy * cy - s[2]
        guard squared > 0 else { return nil }
        return (frame.global(cx, cy), squared.squareRoot() * frame.scale)
    }

    /// The ellipse A·x² + B·x·y + C·y² + D·x + E·y = 1 nearest in the algebraic sense: its centre,
    /// half-axes (along ≥ across) and the angle of its long axis. Nil when the best conic is not an ellipse.
    static func ellipse(_ points: [Point]) -> (centre: Point, radii: ShapeRadii, angle: Double)? {
        guard points.count >= 5, let frame = Frame(points) else { return nil }
        var a = [[Double]](repeating: [Double](repeating: 0, count: 5), count: 5), b = [Double](repeating: 0, count: 5)
        for p in points {
            let (x, y) = frame.local(p)
            let row = [x * x, x * y, y * y, x, y]
            for r in 0..<5 {
                for c in 0..<5 { a[r][c] += row[r] * row[c] }
                b[r] += row[r]
            }
        }
        guard let s = solve(a, b) else { return nil }
        let (A, B, C, D, E) = (s[0], s[1], s[2], s[3], s[4])
        let determinant = 4 * A * C - B * B
        guard determinant > 0 else { return nil }
        // The centre: where the gradient vanishes.
        let x0 = (B * E - 2 * C * D) / determinant, y0 = (B * D - 2 * A * E) / determinant
        let value = A * x0 * x0 + B * x0 * y0 + C * y0 * y0 + D * x0 + E * y0 - 1
        // Around the centre: A·u² + B·u·v + C·v² = −value; the eigenvalues of [[A, B/2], [B/2, C]].
        let half = (A + C) / 2, root = (((A - C) / 2) * ((A - C) / 2) + B * B / 4).squareRoot()
        let small = half - root, large = half + root
        guard small > 0, -value > 0 else { return nil }
        let along = (-value / small).squareRoot(), across = (-value / large).squareRoot()
        // The long axis is the eigenvector of the smaller eigenvalue.
        let angle = Double.atan2(y: small - A, x: B / 2)
        let direction = abs(B) < 1e-12 ? (A <= C ? 0.0 : Double.pi / 2) : angle
        return (frame.global(x0, y0), ShapeRadii(along: along * frame.scale, across: across * frame.scale), PlaneGeometry.wrapped(direction))
    }

    /// Gaussian elimination with partial pivoting; nil for a singular system.
    static func solve(_ matrix: [[Double]], _ rhs: [Double]) -> [Double]? {
        var a = matrix, b = rhs
        let n = b.count
        for column in 0..<n {
            var pivot = column
            for row in column..<n where abs(a[row][column]) > abs(a[pivot][column]) { pivot = row }
            guard abs(a[pivot][column]) > 1e-12 else { return nil }
            a.swapAt(column, pivot)
            b.swapAt(column, pivot)
            for row in (column + 1)..<n {
                let factor = a[row][column] / a[column][column]
                for c in column..<n { a[row][c] -= factor * a[column][c] }
                b[row] -= factor * b[column]
            }
        }
        var x = [Double](repeating: 0, count: n)
        for row in stride(from: n - 1, through: 0, by: -1) {
            var sum = b[row]
            for c in (row + 1)..<n { sum -= a[row][c] * x[c] }
            x[row] = sum / a[row][row]
        }
        return x.allSatisfy(\.isFinite) ? x : nil
    }

    /// Coordinates centred on the points' mean and divided by their RMS spread.
    struct Frame {
        let mean: Point
        let scale: Double
        init?(_ points: [Point]) {
            var x = 0.0, y = 0.0
            for p in points { x += p.x; y += p.y }
            mean = Point(x: x / Double(points.count), y: y / Double(points.count))
            var spread = 0.0
            for p in points { spread += (p.x - mean.x) * (p.x - mean.x) + (p.y - mean.y) * (p.y - mean.y) }
            scale = (spread / Double(points.count)).squareRoot()
            guard scale > 0, scale.isFinite else { return nil }
        }
        func local(_ p: Point) -> (Double, Double) { ((p.x - mean.x) / scale, (p.y - mean.y) / scale) }
        func global(_ x: Double, _ y: Double) -> Point { Point(x: mean.x + x * scale, y: mean.y + y * scale) }
    }
}
