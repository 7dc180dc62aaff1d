import QuillCore
import RealModule

/// A Scribble editing gesture drawn with the pen, as Apple's and Android's handwriting models have
/// them. Shape alone is ambiguous (a scratch-out looks like a zig-zag, a lasso like an o): a
/// gesture is one only over existing ink or text, which the caller judges with ``covers(_:)``.
public struct EditingGesture: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// One stroke going back and forth over content (at least ``EditingGesture/minimumPasses``
        /// passes, each across at least 40 % of the scribble, on average within 20° of its long
        /// axis, each pass's farthest point from the chord between its ends on average at most 10 %
        /// of the scribble's length; the scribble at most 0.8 times as wide across its passes as
        /// along them, and 65 % of its length gone over by three passes or more): deletes what it
        /// covers. Real handwriting written over ink is
        /// taken for one in about 1 stroke in 1 000 (UNIPEN: `Tools/research/quill_research/gestures`).
        case scratchOut = "scratch-out"
        /// A closed loop around content (its ends within a quarter of its size, going round at
        /// least 306°): selects what it encloses.
        case lasso
    }

    public var kind: Kind
    /// The region it acts on: for a scratch-out, its box along its passes (grown by 10 % of their
    /// length); for a lasso, the loop itself.
    public var region: [Point]
    /// How many passes a scratch-out made (0 for a lasso).
    public var passes: Int

    /// Passes (three back-and-forth reversals) that make a scratch-out.
    public static let minimumPasses = 4

    /// The editing gesture a stroke drawn through `points` (any unit) is shaped as, or nil.
    public static func shaped(_ points: [Point]) -> EditingGesture? {
        var clean: [Point] = []
        for p in points where p.x.isFinite && p.y.isFinite && abs(p.x) < 1e12 && abs(p.y) < 1e12 && p != clean.last { clean.append(p) }
        guard clean.count >= 3, PlaneGeometry.length(clean) > 0 else { return nil }
        let stroke = PlaneGeometry.resampled(clean, count: 128)
        if let scratch = scratchOut(stroke) { return scratch }
        return lasso(stroke)
    }

    /// Whether `p` lies in the gesture's region.
    public func covers(_ p: Point) -> Bool {
        // Ray casting (the region is a polygon either way).
        var inside = false
        var j = region.count - 1
        for i in region.indices {
            let a = region[i], b = region[j]
            if (a.y > p.y) != (b.y > p.y), p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x { inside.toggle() }
            j = i
        }
        return inside
    }

    /// The fraction of `points` in the region, 0 … 1 (0 for none).
    public func coverage(of points: [Point]) -> Double {
        guard !points.isEmpty else { return 0 }
        return Double(points.filter(covers).count) / Double(points.count)
    }

    private static func scratchOut(_ stroke: [Point]) -> EditingGesture? {
        let fit = PiecewiseLineFit(points: stroke, maximumPieces: 1)
        let axis = fit.line(0, stroke.count - 1)
        let (c, s) = (axis.direction.x, axis.direction.y)
        let along = stroke.map { ($0.x - axis.point.x) * c + ($0.y - axis.point.y) * s }
        let across = stroke.map { -($0.x - axis.point.x) * s + ($0.y - axis.point.y) * c }
        guard let low = along.min(), let high = along.max(), high > low, let bottom = across.min(), let top = across.max() else { return nil }
        let extent = high - low
        // Passes: reversals of the motion along the axis by more than 40 % of the extent.
        let hysteresis = 0.4 * extent
        var turns = [0]  // where each pass starts: the extremes the motion turned back at
        var direction = 0.0, extreme = along[0], extremeIndex = 0
        for (index, u) in along.enumerated().dropFirst() {
            if direction == 0 {
                if abs(u - extreme) > hysteresis { direction = u > extreme ? 1 : -1; extreme = u; extremeIndex = index }
            } else if (u - extreme) * direction > 0 {
                extreme = u
                extremeIndex = index
            } else if abs(u - extreme) > hysteresis {
                turns.append(extremeIndex)
                direction = -direction
                extreme = u
                extremeIndex = index
            }
        }
        turns.append(stroke.count - 1)
        let passes = turns.count - 1
        // A scratch is longer along its passes than across them (a star or a round scribble is not).
        guard passes >= minimumPasses, PlaneGeometry.length(stroke) >= 3 * extent, top - bottom <= 0.8 * extent else { return nil }
        // The passes lie along the axis (a scratch is a tight zig-zag): on average within 20° of
        // it. A five-pointed star also goes back and forth, at 36°–72°.
        var slant = 0.0
        for (start, end) in zip(turns, turns.dropFirst()) {
            slant += Double.atan(abs(across[end] - across[start]) / Swift.max(abs(along[end] - along[start]), 1e-12))
        }
        guard slant / Double(passes) <= 0.35 else { return nil }
        // A scratch goes over the same ground again and again; writing moves on. Each pass covers
        // the stretch of the axis between its ends: at least 65 % of the extent must lie under three
        // passes or more (cursive such as 'after' or 'essay' zig-zags sideways, each loop a pass).
        guard retracedShare(along: along, turns: turns) >= minimumRetracedShare else { return nil }
        // A scratch's passes are near-straight strokes; letters' are loops and arcs: each pass's
        // farthest point from the chord joining its ends, on average over the passes, at most 10 %
        // of the extent.
        var bulge = 0.0
        for (start, end) in zip(turns, turns.dropFirst()) {
            let a = Point(x: along[start], y: across[start]), b = Point(x: along[end], y: across[end])
            var farthest = 0.0
            for index in start...end {
                farthest = Swift.max(farthest, PlaneGeometry.squaredDistance(Point(x: along[index], y: across[index]), toSegment: a, b))
            }
            bulge += farthest.squareRoot()
        }
        guard bulge / Double(passes) <= maximumBulge * extent else { return nil }
        let margin = 0.1 * extent
        let corners = [(low - margin, bottom - margin), (high + margin, bottom - margin), (high + margin, top + margin), (low - margin, top + margin)]
        let region = corners.map { u, v in Point(x: axis.point.x + u * c - v * s, y: axis.point.y + u * s + v * c) }
        return EditingGesture(kind: .scratchOut, region: region, passes: passes)
    }

    /// The share of a scratch's extent that three passes or more go over (0 … 1): a scratch-out
    /// needs at least this much.
    static let minimumRetracedShare = 0.65
    /// The farthest a pass may bow from the chord of its ends, on average, as a share of the extent.
    static let maximumBulge = 0.10

    /// The share of the extent (the span of `along`) covered by three or more passes, each pass
    /// covering the interval between the positions of its two ends (`turns`).
    static func retracedShare(along: [Double], turns: [Int]) -> Double {
        guard let low = along.min(), let high = along.max(), high > low else { return 0 }
        var ends: [(position: Double, step: Int)] = []
        for (start, end) in zip(turns, turns.dropFirst()) {
            ends.append((Swift.min(along[start], along[end]), 1))
            ends.append((Swift.max(along[start], along[end]), -1))
        }
        // Starts before ends at the same position.
        ends.sort { $0.position < $1.position || ($0.position == $1.position && $0.step > $1.step) }
        var covered = 0.0, depth = 0, previous = ends.first?.position ?? 0
        for (position, step) in ends {
            if depth >= 3 { covered += position - previous }
            depth += step
            previous = position
        }
        return covered / (high - low)
    }

    private static func lasso(_ stroke: [Point]) -> EditingGesture? {
        let size = PlaneGeometry.diagonal(stroke)
        guard size > 0, PlaneGeometry.distance(stroke[0], stroke[stroke.count - 1]) <= 0.25 * size else { return nil }
        let centroid = PlaneGeometry.centroid(stroke)
        guard abs(ShapeRecognizer.sweep(stroke, around: centroid)) >= 1.7 * .pi else { return nil }
        return EditingGesture(kind: .lasso, region: stroke, passes: 0)
    }
}
