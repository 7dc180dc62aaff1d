import QuillCore
import QuillShapes
import QuillStroke
import QuillTestSupport
import Testing

/// Hold to snap: a stroke becomes its shape only when the tip rested before lifting.
@Suite struct HoldToSnapTests {
    let mapping = try! TabletMapping(areaWidth: 224, areaHeight: 148, canvas: .iPadPro129Landscape)

    /// The drawing as 240 Hz samples at 120 mm/s, pressure rising from 0.2 to 0.8 along it, then
    /// `rest` seconds of the tip resting with 0.1 mm of tremor (σ), then the lift.
    func samples(_ drawn: [Point], rest: Double, hand: inout HandDrawing) -> [PenSample] {
        var result: [PenSample] = []
        var t = 0.0
        let step = 120.0 / 240  // mm between samples
        var travelled = 0.0, next = 0.0
        let total = zip(drawn, drawn.dropFirst()).reduce(0.0) { $0 + ((($1.1.x - $1.0.x) * ($1.1.x - $1.0.x) + ($1.1.y - $1.0.y) * ($1.1.y - $1.0.y)).squareRoot()) }
        func add(_ p: Point, pressure: Double, phase: PenPhase) {
            result.append(PenSample(time: t, location: mapping.canvasPoint(for: p), tabletLocation: p, phase: phase, tool: .pen,
                                    force: pressure * 25 / 6, pressure: pressure, altitude: 1.1, azimuth: 0.8))
            t += 1.0 / 240
        }
        for (a, b) in zip(drawn, drawn.dropFirst()) {
            let length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
            while next <= travelled + length {
                let f = length > 0 ? (next - travelled) / length : 0
                add(Point(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f), pressure: 0.2 + 0.6 * next / total, phase: result.isEmpty ? .began : .moved)
                next += step
            }
            travelled += length
        }
        let last = drawn[drawn.count - 1]
        for _ in 0..<Int(rest * 240) {
            add(Point(x: last.x + 0.1 * hand.gaussian(), y: last.y + 0.1 * hand.gaussian()), pressure: 0.8, phase: .moved)
        }
        add(last, pressure: 0.8, phase: .ended)
        return result
    }

    func finished(_ samples: [PenSample], shapes: ShapeParameters?) throws -> Stroke? {
        var engine = StrokeEngine(ink: try Ink(type: .pen), mapping: mapping, shapes: shapes)
        var geometry = BrushGeometry()
        var stroke: Stroke?
        for sample in samples { _ = engine.add(sample, geometry: &geometry) { stroke = $0 } }
        return stroke
    }

    /// A rectangle held 0.6 s snaps: the final path is the rectangle the recognizer found (its
    /// corners kept: three inner ones, the fourth where it starts and ends), every point of it on
    /// the rectangle's sides, and the drawing's pressure kept along the way (0.2 at the start, 0.8 at
    /// the end, rising). The same drawing rested 0.2 s (p99 of a natural end is ≤ 224 ms) stays ink.
    @Test func aHeldRectangleSnapsAndALiftedOneStaysInk() throws {
        var hand = HandDrawing(seed: 45)
        let drawn = hand.draw("rectangle", size: 50)
        let held = try #require(try finished(samples(drawn, rest: 0.6, hand: &hand), shapes: .defaults))
        let scale = mapping.pointsPerMillimetre
        let shape = try #require(ShapeRecognizer().recognize(drawn.map { mapping.canvasPoint(for: $0) }, unitsPerMillimetre: scale)?.shape)
        #expect(shape.kind == .rectangle)
        // The snapped path's corners: where it starts (and ends) and its three kept corners.
        let knots = held.path.cornerKnots
        #expect(knots.count == 3)
        let corners = [held.path.points[0]] + knots.map { held.path.points[Int($0)] }
        let vertices = corners.map { Point(x: $0.x, y: $0.y) }
        for index in 0..<4 {
            let a = vertices[index], b = vertices[(index + 1) % 4], c = vertices[(index + 2) % 4]
            let dot = (b.x - a.x) * (c.x - b.x) + (b.y - a.y) * (c.y - b.y)
            #expect(abs(dot) < 1e-6 * scale * scale, "corner \(index + 1) is not square")
            // Near the corners recognized from the raw drawing (the engine saw the smoothed one).
            #expect(zip(vertices, shape.vertices).allSatisfy { distance($0.0, $0.1, $0.1) < 1.0 * scale })
        }
        for point in held.path.points {
            let p = Point(x: point.x, y: point.y)
            let nearest = zip(vertices, vertices.dropFirst() + [vertices[0]]).map { distance(p, $0.0, $0.1) }.min()!
            #expect(nearest < 1e-6 * scale, "a point \(nearest) points off the rectangle")
        }
        let forces = held.path.points.map(\.force)
        #expect(abs(forces.first! - 0.2 * 25 / 6) < 0.1 && abs(forces.last! - 0.8 * 25 / 6) < 0.1, "\(forces.first!) … \(forces.last!)")
        #expect(zip(forces, forces.dropFirst()).allSatisfy { $1 >= $0 - 1e-9 })

        let lifted = samples(drawn, rest: 0.2, hand: &hand)
        let kept = try #require(try finished(lifted, shapes: .defaults))
        let unsnapped = try #require(try finished(lifted, shapes: nil))
        #expect(kept.path == unsnapped.path)
        #expect(kept.path.points.count > 4 * held.path.points.count / 10)
    }

    func distance(_ p: Point, _ a: Point, _ b: Point) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let u = Swift.max(0, Swift.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)))
        let x = a.x + u * dx - p.x, y = a.y + u * dy - p.y
        return (x * x + y * y).squareRoot()
    }
}
