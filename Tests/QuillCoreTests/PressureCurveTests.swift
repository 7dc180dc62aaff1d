import Testing
import QuillTestSupport
@testable import QuillCore

/// The pressure curve (GNOME `pressure-curve` / Wacom driver `PressureCurve`: a cubic Bézier
/// from (0,0) to (100,100) with two control points in percent), over seeded random curves.
@Suite struct PressureCurveTests {
    static func randomCurve(_ random: inout SeededRandom) throws -> PressureCurve {
        try PressureCurve((0..<4).map { _ in Double(Int.random(in: 0...100, using: &random)) })
    }

    @Test func linearChangesNothing() throws {
        var random = SeededRandom(seed: 7)
        let linear = try PressureCurve(parsing: "0,0,100,100")
        #expect(linear.isLinear && linear == PressureCurve.linear)
        for _ in 0..<1000 {
            let p = Double.random(in: 0...1, using: &random)
            #expect(linear.apply(p) == p)
        }
    }

    @Test func controlPointsOnTheDiagonalGiveAStraightLine() throws {
        // A Bézier whose control points lie on y = x is the line y = x (only its speed changes).
        var random = SeededRandom(seed: 11)
        for _ in 0..<50 {
            let a = Double.random(in: 0...100, using: &random), b = Double.random(in: 0...100, using: &random)
            let curve = try PressureCurve([a, a, b, b])
            for step in 0...100 {
                let p = Double(step) / 100
                #expect(abs(curve.apply(p) - p) < 1e-4, "curve \(a),\(a),\(b),\(b) at \(p): \(curve.apply(p))")
            }
        }
    }

    @Test func everyCurveStartsAtZeroEndsAtOneAndNeverFalls() throws {
        var random = SeededRandom(seed: 23)
        for _ in 0..<200 {
            let curve = try Self.randomCurve(&random)
            #expect(abs(curve.apply(0)) < 1e-9 && abs(curve.apply(1) - 1) < 1e-9, "\(curve.controlPoints)")
            var previous = -1.0
            for step in 0...400 {
                let value = curve.apply(Double(step) / 400)
                #expect(value >= previous - 1e-12 && value >= 0 && value <= 1 + 1e-12, "\(curve.controlPoints)")
                previous = value
            }
        }
    }

    @Test func swappingXAndYGivesTheInverseCurve() throws {
        // Mirroring the control points in y = x mirrors the curve: g(f(p)) = p where both are steep-free.
        var random = SeededRandom(seed: 31)
        for _ in 0..<100 {
            let points = (0..<4).map { _ in Double.random(in: 20...80, using: &random) }
            let curve = try PressureCurve(points)
            let inverse = try PressureCurve([points[1], points[0], points[3], points[2]])
            for step in 1..<20 {
                let p = Double(step) / 20
                #expect(abs(inverse.apply(curve.apply(p)) - p) < 0.01, "\(points) at \(p)")
            }
        }
    }

    @Test func aSofterCurveGivesMoreForALightTouch() throws {
        let soft = try PressureCurve(parsing: "0, 50, 50, 100"), firm = try PressureCurve(parsing: "50,0,100,50")
        for step in 1..<100 {
            let p = Double(step) / 100
            #expect(soft.apply(p) > p && firm.apply(p) < p)
        }
    }

    @Test(arguments: ["0,0,100", "0,0,100,100,0", "0,0,100,150", "-1,0,100,100", "a,b,c,d", "0,,100,100", "0 0,100,100"])
    func aMalformedCurveIsRejectedWithWhatWasExpected(text: String) {
        #expect {
            _ = try PressureCurve(parsing: text)
        } throws: { error in
            let message = "\(error)"
            return message.contains("four") && message.contains("0 … 100") || message.contains("x1,y1,x2,y2 in percent")
        }
    }
}
