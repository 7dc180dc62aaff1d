import QuillTestSupport
import Testing
@testable import QuillStroke

/// Properties of the smoother and predictor on synthetic pen motion with seeded noise.
/// (Lag, jitter and error are compared against peers by Tools/compare; here they are bounded.)
@Suite struct SmoothingTests {
    /// Gaussian noise (Box–Muller), mm.
    func noise(_ sigma: Double, _ random: inout SeededRandom) -> Double {
        let u1 = Double.random(in: Double.ulpOfOne...1, using: &random), u2 = Double.random(in: 0...1, using: &random)
        return sigma * (-2 * _log(u1)).squareRoot() * _cos(2 * .pi * u2)
    }

    @Test func aPenAtRestJittersFarLessThanItsSensor() {
        var random = SeededRandom(seed: 0x5EED_0201)
        var smoother = StrokeSmoother()
        var inputSquares = 0.0, outputSquares = 0.0
        for index in 0..<2000 {
            let x = 50 + noise(0.08, &random), y = 30 + noise(0.08, &random)
            let shown = smoother.add(x: x, y: y, time: Double(index) / 200)
            if index >= 200 {
                inputSquares += (x - 50) * (x - 50) + (y - 30) * (y - 30)
                outputSquares += (shown.x - 50) * (shown.x - 50) + (shown.y - 30) * (shown.y - 30)
            }
        }
        #expect(outputSquares < 0.1 * inputSquares, "output RMS \((outputSquares / 1800).squareRoot()) vs input \((inputSquares / 1800).squareRoot())")
    }

    /// Lag of the display behind a pen moving at `speed` mm/s sampled at `rate` Hz: distance / speed, in seconds.
    func steadyLag(speed: Double, rate: Double, parameters: SmoothingParameters = .defaults) -> Double {
        var smoother = StrokeSmoother(parameters: parameters)
        var shown = (x: 0.0, y: 0.0)
        var truth = 0.0
        for index in 0..<Int(rate) {  // one second
            let t = Double(index) / rate
            truth = speed * t
            shown = smoother.add(x: truth, y: 0, time: t)
        }
        return (truth - shown.x) / speed
    }

    @Test func lagCompensationRemovesMostOfTheFiltersLag() throws {
        // Without compensation a first-order filter trails by its time constant τ = 1/(2π·fc).
        let uncompensated = try SmoothingParameters(compensationSpeed: 1e9)
        for speed in [100.0, 300.0] {
            let lag = steadyLag(speed: speed, rate: 200)
            let plain = steadyLag(speed: speed, rate: 200, parameters: uncompensated)
            #expect(plain > 0.005, "plain filter lag \(plain) s at \(speed) mm/s")
            #expect(abs(lag) < 0.15 * plain, "compensated lag \(lag) s against \(plain) s at \(speed) mm/s")
        }
    }

    @Test func behavesAlikeAt133And200And240Hz() {
        let lags = [133.0, 200, 240].map { steadyLag(speed: 100, rate: $0) }
        #expect((lags.max() ?? 1) - (lags.min() ?? 0) < 0.002, "\(lags)")
        // Jitter at rest is similar too.
        let jitters = [133.0, 200, 240].map { rate -> Double in
            var random = SeededRandom(seed: 0x5EED_0202)
            var smoother = StrokeSmoother()
            var sum = 0.0
            for index in 0..<Int(rate * 5) {
                let shown = smoother.add(x: noise(0.08, &random), y: 0, time: Double(index) / rate)
                if index > Int(rate) { sum += shown.x * shown.x }
            }
            return (sum / (rate * 4)).squareRoot()
        }
        #expect((jitters.max() ?? 1) < 2 * (jitters.min() ?? 0), "\(jitters)")
    }

    @Test func neverShowsThePenAheadOfItsNewestPosition() {
        var random = SeededRandom(seed: 0x5EED_0203)
        var smoother = StrokeSmoother()
        var x = 0.0, t = 0.0, v = 0.0
        for _ in 0..<5000 {
            t += 0.005
            v = max(0, min(400, v + Double.random(in: -60...60, using: &random)))  // speeds up, slows, stops
            x += v * 0.005
            let shown = smoother.add(x: x, y: 0, time: t)
            #expect(shown.x <= x + 1e-9)
        }
    }

    @Test func duplicateAndBackwardTimesGiveFiniteOutput() {
        var smoother = StrokeSmoother()
        for (x, t) in [(0.0, 1.0), (1, 1), (2, 1), (3, 0.5), (4, 1.01)] {
            let shown = smoother.add(x: x, y: x, time: t)
            #expect(shown.x.isFinite && shown.y.isFinite)
        }
    }

    @Test func predictionBeatsNoPredictionAndStopsWhereThePenStops() {
        var smoother = StrokeSmoother()
        var predictor = TipPredictor()
        let horizon = PredictionParameters.defaults.horizon
        var predictedError = 0.0, standingError = 0.0, count = 0.0
        var maxOvershoot = 0.0
        // A pen accelerating to 200 mm/s along a circle of radius 40 mm, then braking to a stop.
        func position(_ t: Double) -> (x: Double, y: Double) {
            let angle = t < 1 ? 5 * t * t / 2 : (t < 2 ? 2.5 + 5 * (t - 1) - 2.5 * (t - 1) * (t - 1) : 5.0)
            return (40 * _cos(angle), 40 * _sin(angle))
        }
        for index in 0..<600 {
            let t = Double(index) / 200
            let p = position(t)
            let shown = smoother.add(x: p.x, y: p.y, time: t)
            predictor.add(x: shown.x, y: shown.y, time: t)
            let predicted = predictor.predict()
            let future = position(t + horizon)
            if index > 40 {
                predictedError += _hypot(predicted.x - future.x, predicted.y - future.y)
                standingError += _hypot(shown.x - future.x, shown.y - future.y)
                count += 1
            }
            if t > 2.05 { maxOvershoot = max(maxOvershoot, _hypot(predicted.x - position(3).x, predicted.y - position(3).y)) }
        }
        #expect(predictedError / count < 0.5 * standingError / count, "mean error \(predictedError / count) vs \(standingError / count) mm")
        #expect(maxOvershoot < 0.3, "after the stop the prediction strays \(maxOvershoot) mm")
    }

    @Test func rejectsParametersOutOfRange() {
        #expect(throws: (any Error).self) { try SmoothingParameters(minimumCutoff: 0) }
        #expect(throws: (any Error).self) { try SmoothingParameters(speedCoefficient: -1) }
        #expect(throws: (any Error).self) { try PredictionParameters(horizon: 0.1) }
        #expect(throws: (any Error).self) { try PredictionParameters(horizon: 0.004) }
        #expect((try? PredictionParameters(horizon: 0.0083)) != nil && (try? PredictionParameters(horizon: 0.0333)) != nil)
    }
}

import RealModule
func _log(_ x: Double) -> Double { Double.log(x) }
