/// A stroke path as PencilKit's `PKStrokePath`: a uniform cubic B-spline whose control points are
/// stroke points. The ends are clamped (the first and last control points are repeated) so the
/// curve starts and ends on them.
public struct StrokePath: Hashable, Codable, Sendable {
    /// Control points, in order.
    public var points: [StrokePoint]
    /// When the path was created, seconds on the samples' clock.
    public var creationTime: Double

    public init(points: [StrokePoint], creationTime: Double) {
        self.points = points
        self.creationTime = creationTime
    }

    /// The largest parametric value: one unit per control point after the first.
    public var parameterRange: ClosedRange<Double> { 0...Double(Swift.max(0, points.count - 1)) }

    /// The point at parametric value `t` (0 … count − 1) on the B-spline. Every attribute is
    /// interpolated with the same basis.
    public func point(at t: Double) -> StrokePoint? {
        guard let first = points.first else { return nil }
        if points.count == 1 { return first }
        let (segment, b0, b1, b2, b3) = basis(at: t)
        let p0 = control(segment - 1), p1 = control(segment), p2 = control(segment + 1), p3 = control(segment + 2)
        func combine(_ value: (StrokePoint) -> Double) -> Double {
            b0 * value(p0) + b1 * value(p1) + b2 * value(p2) + b3 * value(p3)
        }
        // Azimuth: blend unit vectors so that 359° and 1° average to 0°, not 180°.
        let ax = combine { _cos($0.azimuth) }, ay = combine { _sin($0.azimuth) }
        var azimuth = _atan2(ay, ax)
        if azimuth < 0 { azimuth += 2 * .pi }
        return StrokePoint(
            x: combine(\.x), y: combine(\.y), timeOffset: combine(\.timeOffset), width: Swift.max(0, combine(\.width)),
            height: Swift.max(0, combine(\.height)), opacity: Swift.min(Swift.max(combine(\.opacity), 0), 2),
            force: Swift.max(0, combine(\.force)), azimuth: azimuth, altitude: Swift.min(Swift.max(combine(\.altitude), 0), .pi / 2))
    }

    /// The curve's position alone at `t`: exactly `point(at: t)`'s x and y, without the other
    /// attributes' work (the azimuth's trigonometry) — what an arc-length walk needs. Needs two
    /// points or more.
    @inline(__always)
    func position(at t: Double) -> (x: Double, y: Double) {
        let (segment, b0, b1, b2, b3) = basis(at: t)
        let p0 = control(segment - 1), p1 = control(segment), p2 = control(segment + 1), p3 = control(segment + 2)
        return (b0 * p0.x + b1 * p1.x + b2 * p2.x + b3 * p3.x, b0 * p0.y + b1 * p1.y + b2 * p2.y + b3 * p3.y)
    }

    /// The segment of `t` and the uniform cubic B-spline basis on P(i-1), P(i), P(i+1), P(i+2).
    @inline(__always)
    private func basis(at t: Double) -> (segment: Int, Double, Double, Double, Double) {
        let clamped = Swift.min(Swift.max(t, 0), Double(points.count - 1))
        let segment = Swift.min(Int(clamped), points.count - 2)
        let u = clamped - Double(segment)
        return (segment, (1 - u) * (1 - u) * (1 - u) / 6, (3 * u * u * u - 6 * u * u + 4) / 6, (-3 * u * u * u + 3 * u * u + 3 * u + 1) / 6, u * u * u / 6)
    }

    /// Control point `index`; phantom points reflected through the ends (2·P0 − P1, 2·Pn−1 − Pn−2)
    /// make the curve start and end exactly on the first and last control points and reproduce
    /// straight lines exactly.
    @inline(__always)
    private func control(_ index: Int) -> StrokePoint {
        if index < 0 { return points[0].blended(with: points[1], -1) }
        if index >= points.count { return points[points.count - 1].blended(with: points[points.count - 2], -1) }
        return points[index]
    }

    /// How to resample a path.
    public enum Step: Hashable, Sendable {
        /// Every `points` of arc length (> 0).
        case distance(Double)
        /// Every `seconds` of time offset (> 0).
        case time(Double)
        /// Every `step` of parametric value (> 0).
        case parametric(Double)
    }

    /// Points along the spline at the given step, first and last included.
    public func interpolatedPoints(by step: Step) -> [StrokePoint] {
        guard points.count > 1, let first = point(at: 0), let last = point(at: parameterRange.upperBound) else {
            return points
        }
        let end = parameterRange.upperBound
        var result = [first]
        switch step {
        case .parametric(let size):
            guard size > 0, size.isFinite else { return points }
            var t = size
            while t < end {
                if let p = point(at: t) { result.append(p) }
                t += size
            }
        case .distance(let spacing):
            guard spacing > 0, spacing.isFinite else { return points }
            // Walk the curve finely and emit a point every `spacing` of arc length. The walk needs
            // positions only; the whole points on either side are computed where a point is emitted.
            // Kept corners (``cornerKnots``) are emitted exactly, and the spacing starts again from them.
            let fine = 32
            var travelled = 0.0
            var previous = (x: first.x, y: first.y)
            var previousT = 0.0
            var target = spacing
            let knots = cornerKnots
            var nextKnot = 0
            result.reserveCapacity(points.count * 2)
            for index in 1...(Int(end) * fine) {
                let t = Double(index) / Double(fine)
                let current = position(at: t)
                let dx = current.x - previous.x, dy = current.y - previous.y
                let length = (dx * dx + dy * dy).squareRoot()  // not hypot: no overflow at these scales, and 8 % of --emit final
                if length > 0, travelled + length >= target, let before = point(at: previousT), let after = point(at: t) {
                    while travelled + length >= target {
                        let fraction = (target - travelled) / length
                        result.append(before.blended(with: after, fraction))
                        target += spacing
                    }
                }
                travelled += length
                previous = current
                previousT = t
                if nextKnot < knots.count, t >= knots[nextKnot] {
                    if t == knots[nextKnot], t < end, let corner = point(at: t), result.last.map({ $0.x != corner.x || $0.y != corner.y }) ?? true {
                        result.append(corner)
                        target = travelled + spacing
                    }
                    nextKnot += 1
                }
            }
        case .time(let interval):
            guard interval > 0, interval.isFinite else { return points }
            let fine = 32
            var previous = first
            var target = first.timeOffset + interval
            for index in 1...(Int(end) * fine) {
                guard let current = point(at: Double(index) / Double(fine)) else { continue }
                while current.timeOffset > previous.timeOffset, current.timeOffset >= target {
                    let fraction = (target - previous.timeOffset) / (current.timeOffset - previous.timeOffset)
                    result.append(previous.blended(with: current, fraction))
                    target += interval
                }
                previous = current
            }
        }
        if let tail = result.last, tail != last { result.append(last) }
        return result
    }
}
