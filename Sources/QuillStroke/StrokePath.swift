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

    /// The segment of `t` and the uniform cubic B-spline basis on P(i-1), P(i), P(i+1), P(i+2).
    @inline(__always)
    private func basis(at t: Double) -> (segment: Int, Double, Double, Double, Double) {
        let clamped = Swift.min(Swift.max(t, 0), Double(points.count - 1))
        let segment = Swift.min(Int(clamped), points.count - 2)
        let u = clamped - Double(segment)
        let (b0, b1, b2, b3) = Self.basisWeights(u)
        return (segment, b0, b1, b2, b3)
    }

    /// The four basis weights at `u` (0 … 1) within a segment.
    @inline(__always)
    static func basisWeights(_ u: Double) -> (Double, Double, Double, Double) {
        ((1 - u) * (1 - u) * (1 - u) / 6, (3 * u * u * u - 6 * u * u + 4) / 6, (-3 * u * u * u + 3 * u * u + 3 * u + 1) / 6, u * u * u / 6)
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
            // positions only: each segment's four control positions are read once, and the basis
            // at each of the 32 fine steps is a table (the very weights `point(at:)` computes, so
            // the walk is `point(at:)`'s bit for bit). The whole points on either side are computed
            // where a point is emitted. Kept corners (``cornerKnots``) are emitted exactly, and the
            // spacing starts again from them.
            let fine = FineBasis.steps
            var travelled = 0.0
            var previous = (x: first.x, y: first.y)
            var previousT = 0.0
            var target = spacing
            let knots = cornerKnots
            var nextKnot = 0
            var segment = -1
            var controls = SegmentControls()
            let basis = FineBasis.shared
            result.reserveCapacity(points.count * 2)
            for index in 1...(Int(end) * fine) {
                let t = Double(index) / Double(fine)
                let here = Swift.min(index / fine, points.count - 2)
                if here != segment {
                    segment = here
                    controls = SegmentControls(control(here - 1), control(here), control(here + 1), control(here + 2))
                }
                let current = controls.position(basis.weights[index - here * fine])
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

/// The positions of one segment's four control points, for a walk that evaluates the segment
/// many times.
private struct SegmentControls {
    var x = (0.0, 0.0, 0.0, 0.0)
    var y = (0.0, 0.0, 0.0, 0.0)

    init() {}

    init(_ p0: StrokePoint, _ p1: StrokePoint, _ p2: StrokePoint, _ p3: StrokePoint) {
        x = (p0.x, p1.x, p2.x, p3.x)
        y = (p0.y, p1.y, p2.y, p3.y)
    }

    /// The position with basis `b`, summed in `point(at:)`'s order.
    @inline(__always)
    func position(_ b: (Double, Double, Double, Double)) -> (x: Double, y: Double) {
        (b.0 * x.0 + b.1 * x.1 + b.2 * x.2 + b.3 * x.3, b.0 * y.0 + b.1 * y.1 + b.2 * y.2 + b.3 * y.3)
    }
}

/// The uniform cubic B-spline's basis at u = k / 32, k = 0 … 32: the arc-length walk's fine
/// steps (each t = index / 32 leaves exactly u = k / 32 in its segment). Computed once.
final class FineBasis: Sendable {
    static let steps = 32
    static let shared = FineBasis()
    let weights: [(Double, Double, Double, Double)]

    private init() {
        weights = (0...Self.steps).map { StrokePath.basisWeights(Double($0) / Double(Self.steps)) }
    }
}
