import QuillCore
import RealModule

/// The best fit of k straight pieces to a sequence of points, for every k up to a limit: dynamic
/// programming over the total-least-squares cost of each run of points, each cost O(1) from prefix
/// sums of the points' moments. Consecutive pieces share their breakpoint.
struct PiecewiseLineFit {
    let points: [Point]
    private let origin: Point
    private var sx: [Double] = [0], sy: [Double] = [0], sxx: [Double] = [0], syy: [Double] = [0], sxy: [Double] = [0]
    /// breaks[k][…]: the k + 1 breakpoints of the best k-piece fit (first 0, last count − 1).
    private(set) var breaks: [[Int]] = [[]]
    /// costs[k]: its sum of squared distances from the points to their piece's line.
    private(set) var costs: [Double] = [.infinity]

    /// A piece spans at least this many points.
    static let shortestPiece = 3

    init(points: [Point], maximumPieces: Int) {
        self.points = points
        var mean = Point.zero
        for p in points { mean.x += p.x; mean.y += p.y }
        origin = points.isEmpty ? .zero : Point(x: mean.x / Double(points.count), y: mean.y / Double(points.count))
        for p in points {
            let x = p.x - origin.x, y = p.y - origin.y
            sx.append(sx.last! + x)
            sy.append(sy.last! + y)
            sxx.append(sxx.last! + x * x)
            syy.append(syy.last! + y * y)
            sxy.append(sxy.last! + x * y)
        }
        let n = points.count
        let span = Self.shortestPiece - 1
        guard n >= Self.shortestPiece else { return }
        let limit = Swift.max(1, Swift.min(maximumPieces, (n - 1) / span))
        // best[k][j]: the least cost of k pieces over points 0 … j; from[k][j] its last piece's start.
        var best = [[Double]](repeating: [Double](repeating: .infinity, count: n), count: limit + 1)
        var from = [[Int]](repeating: [Int](repeating: -1, count: n), count: limit + 1)
        for j in span..<n { best[1][j] = cost(0, j); from[1][j] = 0 }
        if limit >= 2 {
            for k in 2...limit {
                for j in (k * span)..<n {
                    var value = Double.infinity, start = -1
                    for i in ((k - 1) * span)...(j - span) where best[k - 1][i] < .infinity {
                        let candidate = best[k - 1][i] + cost(i, j)
                        if candidate < value { value = candidate; start = i }
                    }
                    best[k][j] = value
                    from[k][j] = start
                }
            }
        }
        for k in 1...limit {
            var cuts = [n - 1]
            var j = n - 1
            for level in stride(from: k, through: 1, by: -1) {
                j = from[level][j]
                cuts.append(j)
            }
            breaks.append(cuts.reversed())
            costs.append(best[k][n - 1])
        }
    }

    /// The largest number of pieces fitted.
    var maximumPieces: Int { costs.count - 1 }

    /// The total-least-squares cost of the points i … j (inclusive): n × the smaller variance.
    func cost(_ i: Int, _ j: Int) -> Double {
        let m = moments(i, j)
        let half = (m.xx + m.yy) / 2
        let root = (((m.xx - m.yy) / 2) * ((m.xx - m.yy) / 2) + m.xy * m.xy).squareRoot()
        return Swift.max(0, half - root) * m.count
    }

    /// The line fitted to points i … j: a point on it and its direction (a unit vector pointing
    /// from point i towards point j).
    func line(_ i: Int, _ j: Int) -> (point: Point, direction: Point) {
        let m = moments(i, j)
        let theta = Double.atan2(y: 2 * m.xy, x: m.xx - m.yy) / 2
        var direction = Point(x: Double.cos(theta), y: Double.sin(theta))
        let run = Point(x: points[j].x - points[i].x, y: points[j].y - points[i].y)
        if run.x * direction.x + run.y * direction.y < 0 { direction = Point(x: -direction.x, y: -direction.y) }
        return (Point(x: origin.x + m.meanX, y: origin.y + m.meanY), direction)
    }

    /// The line fitted to two runs of points together (a side drawn at the start and again at the end).
    func line(joining first: ClosedRange<Int>, _ second: ClosedRange<Int>) -> (point: Point, direction: Point) {
        let a = moments(first.lowerBound, first.upperBound, central: false), b = moments(second.lowerBound, second.upperBound, central: false)
        let count = a.count + b.count
        let meanX = (a.meanX + b.meanX) / count, meanY = (a.meanY + b.meanY) / count  // sums here
        let xx = (a.xx + b.xx) / count - meanX * meanX, yy = (a.yy + b.yy) / count - meanY * meanY
        let xy = (a.xy + b.xy) / count - meanX * meanY
        let theta = Double.atan2(y: 2 * xy, x: xx - yy) / 2
        var direction = Point(x: Double.cos(theta), y: Double.sin(theta))
        let run = Point(x: points[first.upperBound].x - points[first.lowerBound].x, y: points[first.upperBound].y - points[first.lowerBound].y)
        if run.x * direction.x + run.y * direction.y < 0 { direction = Point(x: -direction.x, y: -direction.y) }
        return (Point(x: origin.x + meanX, y: origin.y + meanY), direction)
    }

    /// Count, means and (central, unless `central` is false: raw sums) second moments of points i … j.
    private func moments(_ i: Int, _ j: Int, central: Bool = true) -> (count: Double, meanX: Double, meanY: Double, xx: Double, yy: Double, xy: Double) {
        let count = Double(j - i + 1)
        let x = sx[j + 1] - sx[i], y = sy[j + 1] - sy[i]
        let xx = sxx[j + 1] - sxx[i], yy = syy[j + 1] - syy[i], xy = sxy[j + 1] - sxy[i]
        guard central else { return (count, x, y, xx, yy, xy) }
        let mx = x / count, my = y / count
        return (count, mx, my, xx / count - mx * mx, yy / count - my * my, xy / count - mx * my)
    }
}
