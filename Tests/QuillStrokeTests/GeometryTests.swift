import QuillTestSupport
import Testing
import QuillCore
@testable import QuillStroke

@Suite struct GeometryTests {
    func point(_ x: Double, _ y: Double, width: Double = 6, azimuth: Double = 0) -> StrokePoint {
        StrokePoint(x: x, y: y, timeOffset: 0, width: width, height: width, opacity: 1, force: 1, azimuth: azimuth, altitude: .pi / 2)
    }

    func randomPath(_ random: inout SeededRandom, count: Int) -> [StrokePoint] {
        var x = 200.0, y = 200.0, heading = 0.0
        return (0..<count).map { _ in
            // Sharp turns, dense turns and doubling back all happen.
            heading += Double.random(in: -2.5...2.5, using: &random)
            if Double.random(in: 0...1, using: &random) < 0.1 { heading += .pi }
            let step = Double.random(in: 0...8, using: &random)
            x += step * _cos(heading)
            y += step * _sin(heading)
            return point(x, y, width: Double.random(in: 1...20, using: &random))
        }
    }

    func contains(_ geometry: BrushGeometry, _ x: Double, _ y: Double) -> Bool {
        for triangle in 0..<geometry.triangleCount {
            let a = geometry.vertices[Int(geometry.triangles[3 * triangle])]
            let b = geometry.vertices[Int(geometry.triangles[3 * triangle + 1])]
            let c = geometry.vertices[Int(geometry.triangles[3 * triangle + 2])]
            let d1 = (x - b.x) * (a.y - b.y) - (a.x - b.x) * (y - b.y)
            let d2 = (x - c.x) * (b.y - c.y) - (b.x - c.x) * (y - c.y)
            let d3 = (x - a.x) * (c.y - a.y) - (c.x - a.x) * (y - a.y)
            let hasNegative = d1 < 0 || d2 < 0 || d3 < 0, hasPositive = d1 > 0 || d2 > 0 || d3 > 0
            if !(hasNegative && hasPositive) { return true }
        }
        return false
    }

    @Test func coversTheIdealStrokeOfDiscsSweptAlongThePath() {
        // The ideal stroke: every point within the (linearly varying) radius of a path segment.
        var random = SeededRandom(seed: 0x5EED_0301)
        for trial in 0..<20 {
            let points = randomPath(&random, count: 40)
            var builder = BrushGeometryBuilder(inkType: .pen)
            var geometry = BrushGeometry()
            for p in points { builder.add(p, into: &geometry) }
            for _ in 0..<300 {
                let index = Int.random(in: 0..<(points.count - 1), using: &random)
                let a = points[index], b = points[index + 1]
                let f = Double.random(in: 0...1, using: &random)
                let r = (a.width + (b.width - a.width) * f) / 2 * 0.999
                let angle = Double.random(in: 0...(2 * .pi), using: &random)
                let distance = Double.random(in: 0...r, using: &random)
                let x = a.x + (b.x - a.x) * f + distance * _cos(angle), y = a.y + (b.y - a.y) * f + distance * _sin(angle)
                #expect(contains(geometry, x, y), "trial \(trial) (seed 0x5EED0301): (\(x), \(y)) near segment \(index) not covered")
            }
        }
    }

    @Test func hasNoSpikesEveryVertexStaysNearThePath() {
        var random = SeededRandom(seed: 0x5EED_0302)
        for _ in 0..<20 {
            let points = randomPath(&random, count: 60)
            var builder = BrushGeometryBuilder(inkType: .pen)
            var geometry = BrushGeometry()
            for p in points { builder.add(p, into: &geometry) }
            for vertex in geometry.vertices {
                // Circumscribed polygons reach at most r / cos(π/8) from their centre.
                let near = points.contains { _hypot(vertex.x - $0.x, vertex.y - $0.y) <= $0.width / 2 / _cos(.pi / 8) + 1e-9 }
                #expect(near, "vertex (\(vertex.x), \(vertex.y)) is a spike")
                #expect(vertex.x.isFinite && vertex.y.isFinite)
            }
        }
    }

    @Test func allTrianglesWindTheSameWaySoAnyFillRuleWorks() {
        var random = SeededRandom(seed: 0x5EED_0303)
        let points = randomPath(&random, count: 200)
        for ink in InkType.allCases {
            var builder = BrushGeometryBuilder(inkType: ink)
            var geometry = BrushGeometry()
            for p in points { builder.add(p, into: &geometry) }
            for triangle in 0..<geometry.triangleCount {
                let a = geometry.vertices[Int(geometry.triangles[3 * triangle])]
                let b = geometry.vertices[Int(geometry.triangles[3 * triangle + 1])]
                let c = geometry.vertices[Int(geometry.triangles[3 * triangle + 2])]
                let area = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
                #expect(area >= 0, "\(ink): triangle \(triangle) winds the other way (area \(area))")
            }
        }
    }

    @Test func committedGeometryNeverChangesAsPointsArrive() {
        var random = SeededRandom(seed: 0x5EED_0304)
        let points = randomPath(&random, count: 100)
        var builder = BrushGeometryBuilder(inkType: .marker)
        var incremental = BrushGeometry()
        var snapshots: [BrushGeometry] = []
        var tail = BrushGeometry()
        for p in points {
            builder.add(p, into: &incremental)
            builder.tail(to: point(p.x + 5, p.y + 5), into: &tail)  // a prediction, replaced each time
            snapshots.append(incremental)
        }
        for snapshot in snapshots {
            #expect(Array(incremental.vertices.prefix(snapshot.vertices.count)) == snapshot.vertices)
            #expect(Array(incremental.triangles.prefix(snapshot.triangles.count)) == snapshot.triangles)
        }
        #expect(tail.triangleCount > 0)
    }

    /// The convex hull's area of a point set by brute force (an edge is on the hull when every
    /// point lies on its left), independent of the builder's algorithms.
    func hullArea(_ points: [GeometryVertex]) -> Double {
        var edges: [(GeometryVertex, GeometryVertex)] = []
        for a in points {
            for b in points where a.x != b.x || a.y != b.y {
                let scale = 1e-9 * (1 + abs(a.x) + abs(a.y) + abs(b.x) + abs(b.y))
                if points.allSatisfy({ (b.x - a.x) * ($0.y - a.y) - (b.y - a.y) * ($0.x - a.x) >= -scale }) { edges.append((a, b)) }
            }
        }
        // Sum of the hull edges' signed areas (collinear points give edges that overlap: take
        // the longest edge leaving each start only when it is not covered by a longer one).
        var area = 0.0
        for (a, b) in edges {
            let covered = edges.contains { c, d in
                (c.x != a.x || c.y != a.y || d.x != b.x || d.y != b.y)
                    && abs((d.x - c.x) * (a.y - c.y) - (d.y - c.y) * (a.x - c.x)) < 1e-9 * (1 + abs(c.x) + abs(c.y))
                    && abs((d.x - c.x) * (b.y - c.y) - (d.y - c.y) * (b.x - c.x)) < 1e-9 * (1 + abs(c.x) + abs(c.y))
                    && _hypot(d.x - c.x, d.y - c.y) > _hypot(b.x - a.x, b.y - a.y)
            }
            if !covered { area += (a.x * b.y - b.x * a.y) / 2 }
        }
        return area
    }

    func polygonArea(_ polygon: ArraySlice<GeometryVertex>) -> Double {
        let points = Array(polygon)
        return (0..<points.count).reduce(0.0) { sum, i in
            let a = points[i], b = points[(i + 1) % points.count]
            return sum + (a.x * b.y - b.x * a.y) / 2
        }
    }

    @Test func eachPieceIsTheConvexHullOfItsTwoNibs() {
        // Round nibs of equal size take the builder's linear path for parallel edges, other pairs
        // the sorted one: both must give the hull of the two nibs (checked by brute force).
        var random = SeededRandom(seed: 0x5EED_0306)
        for trial in 0..<1400 {
            let ink = InkType.allCases[trial % InkType.allCases.count]
            let width = Double.random(in: 0.5...40, using: &random)
            let sameShape = trial % 2 == 0
            let azimuth = Double.random(in: 0..<(2 * .pi), using: &random)
            func nibPoint(_ x: Double, _ y: Double, _ w: Double, _ a: Double) -> StrokePoint {
                StrokePoint(x: x, y: y, timeOffset: 0, width: w, height: ink == .marker ? w * 0.3 : w, opacity: 1, force: 1, azimuth: a, altitude: 1)
            }
            let first = nibPoint(100, 100, width, azimuth)
            let step = trial % 5 == 0 ? 0.01 : 10.0
            let second = nibPoint(
                100 + Double.random(in: -step...step, using: &random), 100 + Double.random(in: -step...step, using: &random),
                sameShape && trial % 4 == 0 ? width : Double.random(in: 0.5...40, using: &random),
                sameShape ? azimuth : Double.random(in: 0..<(2 * .pi), using: &random))
            var nibs = BrushGeometry(), pair = BrushGeometry()
            for p in [first, second] {
                var alone = BrushGeometryBuilder(inkType: ink)
                alone.add(p, into: &nibs)
            }
            var builder = BrushGeometryBuilder(inkType: ink)
            builder.add(first, into: &pair)
            builder.add(second, into: &pair)
            #expect(pair.pieceStarts.count == 2)
            let hullStart = Int(pair.triangles[3 * Int(pair.pieceStarts[1])])
            let piece = pair.vertices[hullStart...]
            let expected = hullArea(nibs.vertices)
            #expect(abs(polygonArea(piece) - expected) <= 1e-9 * expected, "trial \(trial) (\(ink)): area \(polygonArea(piece)) vs hull \(expected)")
            #expect(piece.allSatisfy { v in nibs.vertices.contains { $0.x == v.x && $0.y == v.y } }, "trial \(trial): a hull vertex that is no nib's")
        }
    }

    @Test func aNonFiniteAzimuthOrOpacityIsSkippedNotDrawn() {
        // The marker's nib turns with the azimuth: a NaN or infinite one made every vertex NaN,
        // and the hull of NaN points has no end (it wrote past its scratch space).
        for ink in [InkType.marker, .pen] {
            var builder = BrushGeometryBuilder(inkType: ink)
            var geometry = BrushGeometry()
            func mark(_ x: Double, azimuth: Double, opacity: Double = 1) -> StrokePoint {
                StrokePoint(x: x, y: 50, timeOffset: 0, width: 40, height: ink == .marker ? 12 : 40, opacity: opacity, force: 1, azimuth: azimuth, altitude: 1)
            }
            builder.add(mark(10, azimuth: 0.5), into: &geometry)
            let before = geometry
            builder.add(mark(12, azimuth: .nan), into: &geometry)
            builder.add(mark(14, azimuth: .infinity), into: &geometry)
            builder.add(mark(16, azimuth: 0.5, opacity: .nan), into: &geometry)
            if ink == .marker { #expect(geometry == before, "\(ink): a non-finite point drew") }
            builder.add(mark(18, azimuth: 0.5), into: &geometry)
            #expect(geometry.vertices.allSatisfy { $0.x.isFinite && $0.y.isFinite && $0.opacity.isFinite })
            #expect(geometry.pieceStarts.count == (ink == .marker ? 2 : 4))
        }
    }

    @Test func costPerPointIsBounded() {
        // Each point adds at most one convex piece of ≤ 2 × 32 vertices, whatever the stroke length.
        var random = SeededRandom(seed: 0x5EED_0305)
        var builder = BrushGeometryBuilder(inkType: .watercolor)
        var geometry = BrushGeometry()
        for p in randomPath(&random, count: 5000) {
            geometry.removeAll()
            builder.add(p, into: &geometry)
            #expect(geometry.vertices.count <= 2 * BrushGeometryBuilder.maximumNibVertices)
        }
    }

    @Test func aOnePointStrokeIsADotAndRepeatedPointsAreHarmless() {
        var builder = BrushGeometryBuilder(inkType: .pen)
        var geometry = BrushGeometry()
        builder.add(point(10, 10), into: &geometry)
        #expect(contains(geometry, 10, 10) && contains(geometry, 12.9, 10) && !contains(geometry, 14, 10))
        builder.add(point(10, 10), into: &geometry)
        builder.add(point(10, 10), into: &geometry)
        #expect(geometry.vertices.allSatisfy { $0.x.isFinite && $0.y.isFinite })
        var bad = point(.nan, 3)
        builder.add(bad, into: &geometry)
        bad = point(.infinity, 3)
        builder.add(bad, into: &geometry)
        #expect(geometry.vertices.allSatisfy { $0.x.isFinite && $0.y.isFinite && _hypot($0.x - 10, $0.y - 10) < 5 })
    }

    @Test func markerAndFountainPenMarksDependOnDirection() {
        // Fountain pen: flat nib at 45°: travel across the nib (along −45°) is wide, along it thin.
        func area(_ ink: InkType, _ dx: Double, _ dy: Double, azimuth: Double = 0) -> Double {
            var builder = BrushGeometryBuilder(inkType: ink)
            var geometry = BrushGeometry()
            for step in 0...20 {
                var nib = point(100 + Double(step) * dx, 100 + Double(step) * dy, width: 10, azimuth: azimuth)
                nib.height = 1.2  // a flat nib, as InkModel gives the fountain pen and the marker
                builder.add(nib, into: &geometry)
            }
            var sum = 0.0
            for t in 0..<geometry.triangleCount {
                let a = geometry.vertices[Int(geometry.triangles[3 * t])], b = geometry.vertices[Int(geometry.triangles[3 * t + 1])], c = geometry.vertices[Int(geometry.triangles[3 * t + 2])]
                sum += abs((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)) / 2
            }
            return sum
        }
        let across = area(.fountainPen, 2, -2), along = area(.fountainPen, 2, 2)
        #expect(across > 2 * along, "across \(across) along \(along)")
        // The marker's chisel turns with the azimuth: travel along x is wide when the nib's wide side
        // (azimuth + 90°) crosses it, thin when it lies along it.
        let markerAcross = area(.marker, 2, 0, azimuth: 0), markerAlong = area(.marker, 2, 0, azimuth: .pi / 2)
        #expect(markerAcross > 2 * markerAlong, "across \(markerAcross) along \(markerAlong)")
    }

    @Test func everyInkKeepsItsWidthRangeForAnyPressureAndTilt() throws {
        var random = SeededRandom(seed: 0x5EED_0306)
        for type in InkType.allCases {
            for width in [type.widthRange.lowerBound, type.defaultWidth, type.widthRange.upperBound] {
                let ink = try Ink(type: type, width: width)
                for _ in 0..<500 {
                    let mark = InkModel.mark(
                        ink: ink, pressure: Double.random(in: 0...1, using: &random), altitude: Double.random(in: 0...(.pi / 2), using: &random),
                        azimuth: Double.random(in: 0..<(2 * .pi), using: &random), direction: nil)
                    #expect(type.widthRange.contains(mark.width), "\(type) width \(mark.width)")
                    #expect((0...1).contains(mark.opacity))
                }
            }
            #expect(throws: ParameterError.self) { try Ink(type: type, width: type.widthRange.upperBound + 1) }
        }
    }

    @Test func pencilTiltWidensAndLightens() throws {
        let ink = try Ink(type: .pencil, width: 4)
        let upright = InkModel.mark(ink: ink, pressure: 0.3, altitude: .pi / 2, azimuth: 0, direction: nil)
        let tilted = InkModel.mark(ink: ink, pressure: 0.3, altitude: .pi / 8, azimuth: 0, direction: nil)
        #expect(tilted.width > 1.5 * upright.width && tilted.opacity < upright.opacity)
    }

    @Test func pressureDrivesWidthMonotonically() throws {
        let ink = try Ink(type: .pen, width: 4)
        var previous = 0.0
        for step in 0...100 {
            let width = InkModel.mark(ink: ink, pressure: Double(step) / 100, altitude: .pi / 2, azimuth: 0, direction: nil).width
            #expect(width >= previous)
            previous = width
        }
        #expect(abs(InkModel.pressureFactor(1) - 1.5) < 1e-12 && abs(InkModel.pressureFactor(0) - 0.3) < 1e-12)
    }
}
