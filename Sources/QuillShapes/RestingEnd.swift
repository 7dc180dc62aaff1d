import QuillCore

/// How a stroke came to rest before it lifted: the tip's last stretch within a radius of where it
/// lifted. Hold to snap needs ``ShapeParameters/holdDuration`` of it.
public struct RestingEnd: Hashable, Sendable {
    /// How long the tip stayed within the radius before lifting, seconds (0 for a pen lifted on the move).
    public var duration: Double
    /// The first point of the rest: the stroke as drawn is `points[0...index]`, the rest follows.
    public var index: Int

    public init(duration: Double, index: Int) {
        self.duration = duration
        self.index = index
    }

    /// The rest at the end of a stroke of `points` taken at `times` (seconds, in order), within
    /// `radius` (the points' unit) of the last point. Nil for no points or mismatched arrays.
    /// Points or times that are not finite end the rest.
    public static func find(points: [Point], times: [Double], radius: Double) -> RestingEnd? {
        guard let last = points.last, points.count == times.count, let end = times.last, end.isFinite else { return nil }
        var index = points.count - 1
        let limit = radius * radius
        while index > 0 {
            let p = points[index - 1], t = times[index - 1]
            let dx = p.x - last.x, dy = p.y - last.y
            guard t.isFinite, dx * dx + dy * dy <= limit else { break }
            index -= 1
        }
        return RestingEnd(duration: Swift.max(0, end - times[index]), index: index)
    }

    /// Whether the rest is long enough to snap.
    public func isHeld(_ parameters: ShapeParameters) -> Bool { duration >= parameters.holdDuration }
}
