/// Corners of a finished stroke, kept as corners.
///
/// Smoothing and a B-spline through the smoothed points round every corner a little, and a
/// tablet's samples seldom fall exactly on it. When a stroke is done its sharp turns are found —
/// a turn of at least ``CornerParameters/minimumTurn`` over ``CornerParameters/arm`` on each side
/// that is nearly all there already over one arm (a corner turns at a point, a curve all along) —
/// and each becomes one control point repeated three times, which a uniform cubic B-spline passes
/// through with a sharp turn, at the point where its two sides, fitted as lines, meet (not where
/// the samples happened to fall). A turn whose sides are not straight, or meet farther than
/// ``CornerParameters/maximumShift`` from its sharpest point, is a tight curve and is left alone.
/// The points that rounded a corner are dropped; its three copies carry the times the pen came to
/// and left it.
extension StrokePath {
    /// The path with its corners kept (see above); `pointsPerMillimetre` converts the parameters'
    /// millimetres to the path's points. A path without sharp turns comes back unchanged.
    public func keepingCorners(pointsPerMillimetre scale: Double, parameters: CornerParameters = .defaults) -> StrokePath {
        let count = points.count
        guard count >= 5, scale.isFinite, scale > 0 else { return self }
        var lengths = [Double](repeating: 0, count: count)
        for index in 1..<count {
            let a = points[index - 1], b = points[index]
            lengths[index] = lengths[index - 1] + _hypot(b.x - a.x, b.y - a.y)
        }
        let total = lengths[count - 1]
        let arm = parameters.arm * scale, longArm = 3 * arm
        guard total.isFinite, total > 2 * longArm else { return self }

        /// The point `s` along the polyline of the points (clamped to its ends).
        func location(_ s: Double) -> (x: Double, y: Double) {
            let s = Swift.min(Swift.max(s, 0), total)
            let low = Swift.min(Self.firstIndex(in: lengths, reaching: s), count - 1)
            guard low > 0 else { return (points[0].x, points[0].y) }
            let a = points[low - 1], b = points[low]
            let span = lengths[low] - lengths[low - 1]
            let fraction = span > 0 ? (s - lengths[low - 1]) / span : 0
            return (a.x + (b.x - a.x) * fraction, a.y + (b.y - a.y) * fraction)
        }
        /// The turn (radians, 0 … π) at point `index` between the path `arm` before and after it.
        func turn(at index: Int, arm: Double) -> Double {
            let p = points[index], a = location(lengths[index] - arm), b = location(lengths[index] + arm)
            let u = (x: p.x - a.x, y: p.y - a.y), v = (x: b.x - p.x, y: b.y - p.y)
            guard u.x != 0 || u.y != 0, v.x != 0 || v.y != 0 else { return 0 }
            return abs(_atan2(u.x * v.y - u.y * v.x, u.x * v.x + u.y * v.y))
        }

        // The sharpest point of each run of sharp points.
        var corners: [Int] = []
        var best: (index: Int, turn: Double)?
        for index in 1..<(count - 1) where lengths[index] >= longArm && total - lengths[index] >= longArm {
            let short = turn(at: index, arm: arm)
            let isSharp = short >= parameters.minimumTurn && short >= parameters.sharpness * turn(at: index, arm: longArm)
            if isSharp, let current = best, lengths[index] - lengths[current.index] <= 2 * arm {
                if short > current.turn { best = (index, short) }
            } else if isSharp {
                if let current = best { corners.append(current.index) }
                best = (index, short)
            }
        }
        if let current = best { corners.append(current.index) }
        guard !corners.isEmpty else { return self }

        var kept: [StrokePoint] = []
        kept.reserveCapacity(count + 2 * corners.count)
        var next = 0
        for (order, corner) in corners.enumerated() {
            let at = lengths[corner]
            // Drop the rounding: up to an arm either side, never past halfway to a neighbouring corner.
            let before = order > 0 ? Swift.min(arm, (at - lengths[corners[order - 1]]) / 2) : arm
            let after = order + 1 < corners.count ? Swift.min(arm, (lengths[corners[order + 1]] - at) / 2) : arm
            while next < count, lengths[next] <= at - before {
                kept.append(points[next])
                next += 1
            }
            // A corner has straight sides meeting near its sharpest point; a tight curve has not.
            var vertex = points[corner]
            guard let meeting = sidesMeeting(corner: corner, lengths: lengths, trim: arm, side: parameters.sideLength * scale, minimumTurn: parameters.minimumTurn),
                _hypot(meeting.x - vertex.x, meeting.y - vertex.y) <= parameters.maximumShift * scale
            else { continue }
            (vertex.x, vertex.y) = meeting
            // The three copies carry the times the pen came to and left the corner (a pen resting
            // there rests at the vertex), so the path's timing keeps its pauses.
            let firstDropped = next
            while next < count, lengths[next] < at + after { next += 1 }
            let resting = (firstDropped..<next).filter { _hypot(points[$0].x - vertex.x, points[$0].y - vertex.y) <= 0.25 * arm }
            // Where the pen rested at the corner (≥ 8 points over ≥ 60 ms), the middle half of that
            // rest in time is where it stopped: the vertex goes there, never past it.
            if resting.count >= 8, let first = resting.first, let last = resting.last, points[last].timeOffset - points[first].timeOffset >= 0.06 {
                let settled = resting[(resting.count / 4)..<(resting.count * 3 / 4)]
                vertex.x = settled.reduce(0) { $0 + points[$1].x } / Double(settled.count)
                vertex.y = settled.reduce(0) { $0 + points[$1].y } / Double(settled.count)
            }
            var arrival = vertex, departure = vertex
            if let first = resting.first, let last = resting.last {
                arrival.timeOffset = Swift.min(points[first].timeOffset, vertex.timeOffset)
                departure.timeOffset = Swift.max(points[last].timeOffset, vertex.timeOffset)
            }
            kept.append(arrival)
            kept.append(vertex)
            kept.append(departure)
        }
        kept.append(contentsOf: points[next...])
        return StrokePath(points: kept, creationTime: creationTime)
    }

    /// Where the straight sides before and after `corner` meet, or nil when either side is not
    /// straight (its points stray from their fitted line by more than a fortieth of its length, RMS)
    /// or the sides are nearly parallel.
    private func sidesMeeting(corner: Int, lengths: [Double], trim: Double, side: Double, minimumTurn: Double) -> (x: Double, y: Double)? {
        let at = lengths[corner]
        func fit(_ range: ClosedRange<Double>) -> (centre: (x: Double, y: Double), direction: (x: Double, y: Double))? {
            var n = 0.0, sx = 0.0, sy = 0.0, sxx = 0.0, syy = 0.0, sxy = 0.0
            // Only the points of the range: found by bisection, not by a look through the stroke.
            var index = Self.firstIndex(in: lengths, reaching: range.lowerBound)
            while index < lengths.count, lengths[index] <= range.upperBound {
                let point = points[index]
                index += 1
                n += 1
                sx += point.x; sy += point.y
                sxx += point.x * point.x; syy += point.y * point.y; sxy += point.x * point.y
            }
            guard n >= 2 else { return nil }
            let cx = sx / n, cy = sy / n
            let vxx = sxx / n - cx * cx, vyy = syy / n - cy * cy, vxy = sxy / n - cx * cy
            let angle = 0.5 * _atan2(2 * vxy, vxx - vyy)
            let direction = (x: _cos(angle), y: _sin(angle))
            // The spread across the line (the smaller eigenvalue of the covariance).
            let across = Swift.max(0, vxx + vyy - (vxx * direction.x * direction.x + 2 * vxy * direction.x * direction.y + vyy * direction.y * direction.y))
            guard across.squareRoot() <= (range.upperBound - range.lowerBound) / 40 else { return nil }
            return ((cx, cy), direction)
        }
        guard let incoming = fit((at - trim - side)...(at - trim)), let outgoing = fit((at + trim)...(at + trim + side)) else { return nil }
        let denominator = incoming.direction.x * outgoing.direction.y - incoming.direction.y * outgoing.direction.x
        guard abs(denominator) >= _sin(minimumTurn / 2) else { return nil }
        let offset = (x: outgoing.centre.x - incoming.centre.x, y: outgoing.centre.y - incoming.centre.y)
        let t = (offset.x * outgoing.direction.y - offset.y * outgoing.direction.x) / denominator
        let meeting = (x: incoming.centre.x + t * incoming.direction.x, y: incoming.centre.y + t * incoming.direction.y)
        return meeting.x.isFinite && meeting.y.isFinite ? meeting : nil
    }

    /// The first index whose cumulative length is at least `length` (`lengths.count` when none is).
    private static func firstIndex(in lengths: [Double], reaching length: Double) -> Int {
        var low = 0, high = lengths.count
        while low < high {
            let middle = (low + high) / 2
            if lengths[middle] < length { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The parametric values where the path has a kept corner: a control point repeated three
    /// times, which the curve passes through exactly (at the middle one's index).
    public var cornerKnots: [Double] {
        guard points.count >= 3 else { return [] }
        var knots: [Double] = []
        var index = 0
        while index + 2 < points.count {
            let a = points[index], b = points[index + 1], c = points[index + 2]
            if a.x == b.x, a.y == b.y, b.x == c.x, b.y == c.y {
                knots.append(Double(index + 1))
                index += 3
            } else {
                index += 1
            }
        }
        return knots
    }
}
