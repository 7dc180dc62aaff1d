import QuillTestSupport
import Testing
@testable import QuillStroke

@Suite struct StrokePathTests {
    func point(_ x: Double, _ y: Double, t: Double = 0, width: Double = 4) -> StrokePoint {
        StrokePoint(x: x, y: y, timeOffset: t, width: width, height: width, opacity: 1, force: 1, azimuth: 0, altitude: .pi / 2)
    }

    @Test func theSplineStartsAndEndsOnItsEndPoints() {
        var random = SeededRandom(seed: 0x5EED_0101)
        for _ in 0..<200 {
            let count = Int.random(in: 2...20, using: &random)
            let points = (0..<count).map { index in
                point(Double.random(in: 0...500, using: &random), Double.random(in: 0...500, using: &random), t: Double(index) * 0.005)
            }
            let path = StrokePath(points: points, creationTime: 0)
            let start = path.point(at: 0), end = path.point(at: Double(count - 1))
            #expect(abs((start?.x ?? .nan) - points[0].x) < 1e-9 && abs((start?.y ?? .nan) - points[0].y) < 1e-9)
            #expect(abs((end?.x ?? .nan) - points[count - 1].x) < 1e-9 && abs((end?.y ?? .nan) - points[count - 1].y) < 1e-9)
        }
    }

    /// The arc-length walk that measures positions only emits exactly the points of the walk
    /// that evaluated every attribute at every fine step (the reference below), over seeded random
    /// paths with varying widths, azimuths and times — bit for bit, so `--emit final` is unchanged.
    @Test(arguments: [UInt64(21), 22, 23])
    func resamplingByDistanceIsTheFullWalks(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        for _ in 0..<40 {
            let count = Int.random(in: 2...60, using: &random)
            var x = 100.0, y = 100.0
            let points = (0..<count).map { index -> StrokePoint in
                x += Double.random(in: -8...8, using: &random)
                y += Double.random(in: -8...8, using: &random)
                return StrokePoint(
                    x: x, y: y, timeOffset: Double(index) / 240, width: Double.random(in: 1...12, using: &random), height: 3,
                    opacity: Double.random(in: 0.2...1, using: &random), force: Double.random(in: 0...4, using: &random),
                    azimuth: Double.random(in: 0..<(2 * .pi), using: &random), altitude: Double.random(in: 0...(.pi / 2), using: &random))
            }
            let path = StrokePath(points: points, creationTime: 0)
            let spacing = Double.random(in: 0.3...6, using: &random)
            // The reference: whole points at every fine step, blended where a spacing is reached.
            var expected = [path.point(at: 0)!]
            var travelled = 0.0, previous = expected[0], target = spacing
            for index in 1...((count - 1) * 32) {
                let current = path.point(at: Double(index) / 32)!
                let dx = current.x - previous.x, dy = current.y - previous.y
                let length = (dx * dx + dy * dy).squareRoot()  // not hypot: no overflow at these scales, and 8 % of --emit final
                while length > 0, travelled + length >= target {
                    expected.append(previous.blended(with: current, (target - travelled) / length))
                    target += spacing
                }
                travelled += length
                previous = current
            }
            if let last = path.point(at: Double(count - 1)), expected.last != last { expected.append(last) }
            #expect(path.interpolatedPoints(by: .distance(spacing)) == expected, "seed \(seed), \(count) points, spacing \(spacing)")
        }
    }

    @Test func evenlySpacedCollinearPointsGiveTheStraightLine() {
        // A uniform B-spline reproduces linear functions: P(t) = P0 + t·(P1 − P0).
        let points = (0..<10).map { point(10 + 3 * Double($0), 20 - 2 * Double($0), t: 0.01 * Double($0)) }
        let path = StrokePath(points: points, creationTime: 0)
        for step in 0...90 {
            let t = Double(step) / 10
            let p = path.point(at: t)
            #expect(abs((p?.x ?? .nan) - (10 + 3 * t)) < 1e-9 && abs((p?.y ?? .nan) - (20 - 2 * t)) < 1e-9, "t = \(t)")
            #expect(abs((p?.timeOffset ?? .nan) - 0.01 * t) < 1e-12)
        }
    }

    @Test func resamplesByDistanceTimeAndParametricStep() {
        let points = (0..<11).map { point(Double($0) * 10, 0, t: Double($0) * 0.01) }  // 100 pt in 0.1 s
        let path = StrokePath(points: points, creationTime: 5)
        let byDistance = path.interpolatedPoints(by: .distance(2.5))
        #expect(byDistance.count == 41)  // 0, 2.5, …, 100
        for (a, b) in zip(byDistance, byDistance.dropFirst()) { #expect(abs((b.x - a.x) - 2.5) < 1e-6) }
        let byTime = path.interpolatedPoints(by: .time(0.02))
        #expect(byTime.count == 6)
        for (a, b) in zip(byTime, byTime.dropFirst()) { #expect(abs((b.timeOffset - a.timeOffset) - 0.02) < 1e-9) }
        let byStep = path.interpolatedPoints(by: .parametric(0.5))
        #expect(byStep.count == 21)
        #expect(abs((byStep.last?.x ?? 0) - 100) < 1e-9)
    }

    @Test func aOnePointPathIsThatPoint() {
        let only = point(3, 4)
        let path = StrokePath(points: [only], creationTime: 0)
        #expect(path.point(at: 0) == only && path.point(at: 7) == only)
        #expect(path.interpolatedPoints(by: .distance(1)) == [only])
        #expect(StrokePath(points: [], creationTime: 0).point(at: 0) == nil)
    }

    @Test func azimuthsAverageTheShortWayRound() {
        var a = point(0, 0), b = point(10, 0)
        a.azimuth = 2 * .pi - 0.1
        b.azimuth = 0.1
        let middle = StrokePath(points: [a, b], creationTime: 0).point(at: 0.5)
        let azimuth = middle?.azimuth ?? 1
        #expect(min(azimuth, 2 * .pi - azimuth) < 0.1)
    }
}
