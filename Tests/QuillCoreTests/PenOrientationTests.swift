import QuillTestSupport
import Testing
@testable import QuillCore

/// Tilt conversion, checked against the W3C Pointer Events rules as `pencil-model.md` states them.
@Suite struct PenOrientationTests {
    /// Tolerance for angles computed through tan/atan (radians).
    let angleTolerance = 1e-12

    func orientation(_ x: Double, _ y: Double) -> PenOrientation {
        PenOrientation(tilt: PenTilt(xDegrees: x, yDegrees: y))
    }

    @Test func matchesTheReferenceCheckValues() {
        // pencil-model.md: (30°, 30°) → altitude 0.8860771237926136, azimuth π/4;
        // (−30°, 30°) → altitude 0.8860771237926136, azimuth 3π/4.
        let a = orientation(30, 30)
        #expect(abs(a.altitude - 0.8860771237926136) < angleTolerance)
        #expect(abs(a.azimuth - .pi / 4) < angleTolerance)
        let b = orientation(-30, 30)
        #expect(abs(b.altitude - 0.8860771237926136) < angleTolerance)
        #expect(abs(b.azimuth - 3 * .pi / 4) < angleTolerance)
    }

    @Test func uprightPenHasAltitudeHalfPiAndAzimuthZero() {
        #expect(orientation(0, 0) == PenOrientation(altitude: .pi / 2, azimuth: 0))
        #expect(PenOrientation.upright == orientation(0, 0))
    }

    @Test func zeroTiltXUsesTheTiltYRules() {
        // tiltX = 0: azimuth π/2 when tiltY > 0, 3π/2 when tiltY < 0; altitude π/2 − |ty|.
        #expect(orientation(0, 30).azimuth == .pi / 2)
        #expect(orientation(0, -30).azimuth == 3 * .pi / 2)
        #expect(abs(orientation(0, -30).altitude - (.pi / 2 - .pi / 6)) < angleTolerance)
    }

    @Test func zeroTiltYUsesTheTiltXRules() {
        // tiltY = 0: azimuth π when tiltX < 0, else 0; altitude π/2 − |tx|.
        #expect(orientation(-45, 0).azimuth == .pi)
        #expect(orientation(45, 0).azimuth == 0)
        #expect(abs(orientation(-45, 0).altitude - .pi / 4) < angleTolerance)
    }

    @Test func ninetyDegreesOnEitherAxisLiesFlat() {
        // |tilt| = 90 on an axis: altitude 0; azimuth 0 when both are non-zero, else the axis rules.
        for (x, y) in [(90.0, 10.0), (-90, 10), (10, 90), (10, -90), (90, 90), (-90, -90)] {
            let result = orientation(x, y)
            #expect(result.altitude == 0, "tilt (\(x), \(y))")
            #expect(result.azimuth == 0, "tilt (\(x), \(y))")
        }
        #expect(orientation(0, 90) == PenOrientation(altitude: 0, azimuth: .pi / 2))
        #expect(orientation(-90, 0) == PenOrientation(altitude: 0, azimuth: .pi))
    }

    @Test func tiltBeyondNinetyIsTakenAsNinety() {
        #expect(orientation(120, 10) == orientation(90, 10))
        #expect(orientation(-200, 0) == orientation(-90, 0))
    }

    @Test func roundTripsThroughTiltForManyRandomTilts() {
        var random = SeededRandom(seed: 0x5EED_0001)
        for index in 0..<5000 {
            let x = Double.random(in: -89.9...89.9, using: &random)
            let y = Double.random(in: -89.9...89.9, using: &random)
            let result = orientation(x, y)
            #expect((0...(Double.pi / 2)).contains(result.altitude), "case \(index): tilt (\(x), \(y)) seed 0x5EED0001")
            #expect(result.azimuth >= 0 && result.azimuth < 2 * .pi, "case \(index): tilt (\(x), \(y))")
            let back = result.tilt
            #expect(abs(back.xDegrees - x) < 1e-9 && abs(back.yDegrees - y) < 1e-9, "case \(index): tilt (\(x), \(y)) → \(back)")
        }
    }

    @Test func leaningFurtherLowersTheAltitude() {
        var random = SeededRandom(seed: 0x5EED_0002)
        for _ in 0..<1000 {
            let x = Double.random(in: -80...80, using: &random)
            let y = Double.random(in: -80...80, using: &random)
            let more = 1.05
            #expect(orientation(x * more, y * more).altitude <= orientation(x, y).altitude + 1e-12, "tilt (\(x), \(y))")
        }
    }
}
