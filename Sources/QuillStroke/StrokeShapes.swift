import QuillCore
import QuillShapes

/// What hold to snap found at a stroke's end.
public struct HeldShape: Hashable, Sendable {
    /// The shape the drawn part was recognized as (nil when none fits), in canvas points.
    public var match: ShapeMatch?
    /// How the stroke came to rest before lifting.
    public var rest: RestingEnd
    /// Whether it rested long enough (``ShapeParameters/holdDuration``).
    public var isHeld: Bool
    /// Whether the stroke becomes the shape: held and recognized.
    public var snaps: Bool { isHeld && match != nil }
}

extension StrokePath {
    /// Hold to snap's look at a finished path (canvas points, `pointsPerMillimetre` of them to a
    /// millimetre): how it rested at its end and which shape its drawn part (without the rest) is.
    /// Recognition runs only when the stroke was held, unless `always` asks for it.
    public func heldShape(pointsPerMillimetre: Double, parameters: ShapeParameters, always: Bool = false) -> HeldShape? {
        guard !points.isEmpty, pointsPerMillimetre > 0, pointsPerMillimetre.isFinite else { return nil }
        let positions = points.map { Point(x: $0.x, y: $0.y) }
        guard let rest = RestingEnd.find(points: positions, times: points.map(\.timeOffset), radius: parameters.holdRadius * pointsPerMillimetre) else {
            return nil
        }
        let isHeld = rest.isHeld(parameters)
        let match = isHeld || always
            ? ShapeRecognizer(parameters: parameters).recognize(Array(positions[...rest.index]), unitsPerMillimetre: pointsPerMillimetre) : nil
        return HeldShape(match: match, rest: rest, isHeld: isHeld)
    }

    /// The path redrawn as `shape`, keeping what the drawing had along its way: each point of the
    /// shape takes the width, force, opacity, tilt and time of the drawn point at the same fraction
    /// of its length (the drawn part is `points[0...drawnEnd]`). Points are at most `spacing`
    /// apart (canvas points); the shape's corners are kept (``cornerKnots``).
    public func snapped(to shape: Shape, drawnEnd: Int, spacing: Double) -> StrokePath {
        let drawn = Array(points[...Swift.min(Swift.max(0, drawnEnd), points.count - 1)])
        // Cumulative length of the drawing, to look its attributes up by fraction.
        var lengths = [0.0]
        for index in drawn.indices.dropFirst() {
            let a = drawn[index - 1], b = drawn[index]
            lengths.append(lengths[index - 1] + ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot())
        }
        let total = lengths[lengths.count - 1]
        func attributes(at fraction: Double) -> StrokePoint {
            guard total > 0, drawn.count > 1 else { return drawn[0] }
            let target = fraction * total
            var low = 0, high = lengths.count - 1
            while high - low > 1 {
                let middle = (low + high) / 2
                if lengths[middle] <= target { low = middle } else { high = middle }
            }
            let piece = lengths[high] - lengths[low]
            return drawn[low].blended(with: drawn[high], piece > 0 ? Swift.min(1, Swift.max(0, (target - lengths[low]) / piece)) : 0)
        }
        // The outline, straight sides cut into pieces of at most `spacing`.
        let step = spacing > 0 && spacing.isFinite ? spacing : 1
        let outline = shape.outline(spacing: step)
        var positions: [(x: Double, y: Double, isCorner: Bool)] = []
        for (index, vertex) in outline.enumerated() {
            if index > 0 {
                let previous = outline[index - 1].point
                let length = ((vertex.point.x - previous.x) * (vertex.point.x - previous.x) + (vertex.point.y - previous.y) * (vertex.point.y - previous.y)).squareRoot()
                let pieces = Swift.min(10_000, Int((length / step).rounded(.up)))
                if pieces > 1 {
                    for piece in 1..<pieces {
                        let f = Double(piece) / Double(pieces)
                        positions.append((previous.x + (vertex.point.x - previous.x) * f, previous.y + (vertex.point.y - previous.y) * f, false))
                    }
                }
            }
            positions.append((vertex.point.x, vertex.point.y, vertex.isCorner))
        }
        var along = [0.0]
        for index in positions.indices.dropFirst() {
            let a = positions[index - 1], b = positions[index]
            along.append(along[index - 1] + ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot())
        }
        let outlineLength = along[along.count - 1]
        var result: [StrokePoint] = []
        result.reserveCapacity(positions.count + 2 * outline.count)
        for (index, position) in positions.enumerated() {
            var point = attributes(at: outlineLength > 0 ? along[index] / outlineLength : 0)
            point.x = position.x
            point.y = position.y
            // A corner is a control point three times over: the B-spline passes through it.
            let copies = position.isCorner && index > 0 && index < positions.count - 1 ? 3 : 1
            for _ in 0..<copies { result.append(point) }
        }
        return StrokePath(points: result, creationTime: creationTime)
    }
}
