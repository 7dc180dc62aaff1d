import Foundation
import QuillCanvas
import QuillCore
import QuillTestSupport
import Testing

/// The page's zoom, rotation and pan: a gesture moves it like a sheet of paper under the fingers.
struct PageTransformTests {
    static func close(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9) -> Bool {
        abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
    }

    static func point(_ random: inout SeededRandom, within: Double = 1500) -> Point {
        Point(x: Double.random(in: -within...within, using: &random), y: Double.random(in: -within...within, using: &random))
    }

    /// A transform anywhere in the allowed range (zoom spread evenly in log scale).
    static func transform(_ random: inout SeededRandom) throws -> PageTransform {
        try PageTransform(scale: pow(2, Double.random(in: -3...3, using: &random)), rotation: Double.random(in: -4 * .pi...4 * .pi, using: &random),
                          translation: point(&random))
    }

    /// The gesture that undoes (scale, rotation, translation, centroid): it starts where the first
    /// ended and brings the fingers back.
    static func inverse(scale: Double, rotation: Double, translation: Point, centroid: Point) -> (Double, Double, Point, Point) {
        (1 / scale, -rotation, Point(x: -translation.x, y: -translation.y), Point(x: centroid.x - translation.x, y: centroid.y - translation.y))
    }

    @Test func invalidParametersAreRejectedNotClamped() throws {
        for scale in [0.1, 8.5, 0, -1, .nan, .infinity] {
            #expect(throws: ParameterError.self) { try PageTransform(scale: scale) }
        }
        #expect(throws: ParameterError.self) { try PageTransform(rotation: .nan) }
        #expect(throws: ParameterError.self) { try PageTransform(translation: Point(x: .infinity, y: 0)) }
        #expect(try PageTransform(scale: 0.125).scale == 0.125 && PageTransform(scale: 8).scale == 8)
        let page = PageTransform.identity
        for scale in [0, -2, .nan, .infinity] {
            #expect(throws: ParameterError.self) { try page.applying(scale: scale, rotation: 0, translation: .zero, centroid: .zero) }
        }
        #expect(throws: ParameterError.self) { try page.applying(scale: 1, rotation: .infinity, translation: .zero, centroid: .zero) }
        #expect(throws: ParameterError.self) { try page.applying(scale: 1, rotation: 0, translation: Point(x: .nan, y: 0), centroid: .zero) }
        #expect(throws: ParameterError.self) { try page.applying(scale: 1, rotation: 0, translation: .zero, centroid: Point(x: 0, y: -.infinity)) }
        do {
            _ = try PageTransform(scale: 9)
        } catch let error as ParameterError {
            #expect(error.description.contains("0.125 … 8"))
        }
    }

    @Test func windowPointThenFittedPointIsTheIdentity() throws {
        var random = SeededRandom(seed: 0x9A6E_0001)
        for _ in 0..<2000 {
            let page = try Self.transform(&random)
            let p = Self.point(&random)
            #expect(Self.close(page.fittedPoint(for: page.windowPoint(for: p)), p), "\(page), \(p)")
            #expect(Self.close(page.windowPoint(for: page.fittedPoint(for: p)), p), "\(page), \(p)")
        }
        #expect(PageTransform.identity.windowPoint(for: Point(x: 3, y: 4)) == Point(x: 3, y: 4))
    }

    @Test func aGestureThenItsInverseComesBack() throws {
        var random = SeededRandom(seed: 0x9A6E_0002)
        var checked = 0
        for _ in 0..<2000 {
            let page = try Self.transform(&random)
            let scale = pow(2, Double.random(in: -2...2, using: &random))
            guard PageTransform.scaleRange.contains(page.scale * scale) else { continue }  // unclamped only
            let rotation = Double.random(in: -2 * .pi...2 * .pi, using: &random)
            let translation = Self.point(&random, within: 400), centroid = Self.point(&random, within: 1000)
            let moved = try page.applying(scale: scale, rotation: rotation, translation: translation, centroid: centroid)
            let (s, r, t, c) = Self.inverse(scale: scale, rotation: rotation, translation: translation, centroid: centroid)
            let back = try moved.applying(scale: s, rotation: r, translation: t, centroid: c)
            #expect(abs(back.scale - page.scale) <= 1e-9 * page.scale, "\(page) → \(back)")
            let p = Self.point(&random)
            #expect(Self.close(back.windowPoint(for: p), page.windowPoint(for: p)), "\(page) → \(back)")
            // And the moved transform inverts its own mapping.
            #expect(Self.close(moved.fittedPoint(for: moved.windowPoint(for: p)), p))
            checked += 1
        }
        #expect(checked > 1000)
    }

    @Test func thePointUnderTheFingersStaysUnderThem() throws {
        // The page point under the centroid when the gesture began is under the centroid now,
        // whatever the scale (clamped or not) and rotation.
        var random = SeededRandom(seed: 0x9A6E_0003)
        for _ in 0..<2000 {
            let page = try Self.transform(&random)
            let scale = pow(2, Double.random(in: -5...5, using: &random))
            let rotation = Double.random(in: -2 * .pi...2 * .pi, using: &random)
            let translation = Self.point(&random, within: 400), centroid = Self.point(&random, within: 1000)
            let start = Point(x: centroid.x - translation.x, y: centroid.y - translation.y)
            let underFingers = page.fittedPoint(for: start)
            let moved = try page.applying(scale: scale, rotation: rotation, translation: translation, centroid: centroid)
            #expect(Self.close(moved.windowPoint(for: underFingers), centroid), "\(page) by \(scale), \(rotation), \(translation) about \(centroid)")
            #expect(PageTransform.scaleRange.contains(moved.scale))
            let expected = min(max(page.scale * scale, 0.125), 8)
            #expect(abs(moved.scale - expected) <= 1e-12 * expected)
        }
    }

    @Test func aRotationByThetaThenMinusThetaReturns() throws {
        var random = SeededRandom(seed: 0x9A6E_0004)
        for _ in 0..<2000 {
            let page = try Self.transform(&random)
            let theta = Double.random(in: -10...10, using: &random)
            let centroid = Self.point(&random, within: 1000)
            let turned = try page.applying(scale: 1, rotation: theta, translation: .zero, centroid: centroid)
            #expect(Self.close(turned.windowPoint(for: page.fittedPoint(for: centroid)), centroid))
            let back = try turned.applying(scale: 1, rotation: -theta, translation: .zero, centroid: centroid)
            #expect(abs(back.rotation - page.rotation) <= 1e-9 || abs(abs(back.rotation - page.rotation) - 2 * .pi) <= 1e-9)
            let p = Self.point(&random)
            #expect(Self.close(back.windowPoint(for: p), page.windowPoint(for: p)))
            #expect((-Double.pi...Double.pi).contains(turned.rotation))
        }
    }

    @Test func theZoomStopsAtItsLimits() throws {
        // Pinching on past 8× or 1/8×: the zoom stays at the limit, the centroid's point in place.
        let centroid = Point(x: 400, y: 300)
        let big = try PageTransform.identity.applying(scale: 100, rotation: 0, translation: .zero, centroid: centroid)
        #expect(big.scale == 8 && Self.close(big.windowPoint(for: centroid), centroid))
        let small = try big.applying(scale: 1e-6, rotation: 0, translation: .zero, centroid: centroid)
        #expect(small.scale == 0.125 && Self.close(small.windowPoint(for: centroid), centroid))
        // Steps compose like the whole gesture: two halves of a zoom are the zoom.
        // The fingers go from (400, 300) to (410, 295), then on to (420, 290).
        let half = try PageTransform.identity.applying(scale: 2, rotation: 0.3, translation: Point(x: 10, y: -5), centroid: Point(x: 410, y: 295))
        let twice = try half.applying(scale: 2, rotation: 0.3, translation: Point(x: 10, y: -5), centroid: Point(x: 420, y: 290))
        let whole = try PageTransform.identity.applying(scale: 4, rotation: 0.6, translation: Point(x: 20, y: -10), centroid: Point(x: 420, y: 290))
        #expect(Self.close(twice.windowPoint(for: .zero), whole.windowPoint(for: .zero)) && abs(twice.scale - whole.scale) < 1e-12)
    }
}
