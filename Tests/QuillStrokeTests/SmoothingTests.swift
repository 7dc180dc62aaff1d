import QuillCore
import QuillTestSupport
import Testing
@testable import QuillStroke

/// Properties of the smoother and predictor on synthetic pen motion with seeded noise.
/// (Lag, jitter and error are compared against peers by Tools/research/quill_research/compare; here they are bounded.)
@Suite struct SmoothingTests {
    /// Gaussian noise (Box–Muller), mm.
    func noise(_ sigma: Double, _ random: inout SeededRandom) -> Double {
        let u1 = Double.random(in: Double.ulpOfOne...1, using: &random), u2 = Double.random(in: 0...1, using: &random)
        return sigma * (-2 * _log(u1)).squareRoot() * _cos(2 * .pi * u2)
    }

    /// RMS of the samples' and of the display's distance from a resting pen (σ mm of sensor
    /// noise, `rate` Hz, 10 s, the first second left out).
    func restJitter(sigma: Double, rate: Double, seed: UInt64) -> (input: Double, output: Double) {
        var random = SeededRandom(seed: seed)
        var smoother = StrokeSmoother()
        var inputSquares = 0.0, outputSquares = 0.0, count = 0.0
        for index in 0..<Int(10 * rate) {
            let x = 50 + noise(sigma, &random), y = 30 + noise(sigma, &random)
            let shown = smoother.add(x: x, y: y, time: Double(index) / rate)
            if index >= Int(rate) {
                inputSquares += (x - 50) * (x - 50) + (y - 30) * (y - 30)
                outputSquares += (shown.x - 50) * (shown.x - 50) + (shown.y - 30) * (shown.y - 30)
                count += 1
            }
        }
        return ((inputSquares / count).squareRoot(), (outputSquares / count).squareRoot())
    }

    @Test func aPenAtRestJittersFarLessThanItsSensor() {
        // Less than 10 % of the sensor's power, on a noisy sensor (σ 0.08 mm, 200 Hz) and on a
        // clean one (σ 0.005 mm, 240 Hz), where motion detection must not let the noise through.
        for (sigma, rate, seed) in [(0.08, 200.0, 0x5EED_0201 as UInt64), (0.005, 240, 0x5EED_0204)] {
            let jitter = restJitter(sigma: sigma, rate: rate, seed: seed)
            #expect(jitter.output * jitter.output < 0.1 * jitter.input * jitter.input, "σ \(sigma): output RMS \(jitter.output) vs input \(jitter.input)")
        }
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
        let uncompensated = try SmoothingParameters(compensationSpeed: 1e9, motionThreshold: .infinity)
        for speed in [100.0, 300.0] {
            let lag = steadyLag(speed: speed, rate: 200)
            let plain = steadyLag(speed: speed, rate: 200, parameters: uncompensated)
            #expect(plain > 0.005, "plain filter lag \(plain) s at \(speed) mm/s")
            #expect(abs(lag) < 0.15 * plain, "compensated lag \(lag) s against \(plain) s at \(speed) mm/s")
        }
    }

    /// Steady lag (s) of a pen at `speed` mm/s with sensor noise σ (mm), sampled at `rate` Hz,
    /// measured over the second half of two seconds along a line: the mean distance behind / speed.
    func noisyLag(speed: Double, rate: Double, sigma: Double, seed: UInt64) -> Double {
        var random = SeededRandom(seed: seed)
        var smoother = StrokeSmoother()
        var behind = 0.0, count = 0.0
        for index in 0..<Int(2 * rate) {
            let t = Double(index) / rate
            let shown = smoother.add(x: speed * t + noise(sigma, &random), y: noise(sigma, &random), time: t)
            if index >= Int(rate) {
                behind += speed * t - shown.x
                count += 1
            }
        }
        return behind / count / speed
    }

    @Test func aSlowPenIsNotLeftBehind() throws {
        // Issue 15's goals: ≤ 5 ms at 5 mm/s and ≤ 3 ms at 20 mm/s (it was 80 and 31 ms: the
        // compensation faded in with speed). On a clean input and on a 240 Hz sensor with 0.005 mm
        // of noise; without motion detection the old lag is back.
        #expect(abs(steadyLag(speed: 5, rate: 200)) <= 0.005, "\(steadyLag(speed: 5, rate: 200)) s at 5 mm/s")
        #expect(abs(steadyLag(speed: 20, rate: 200)) <= 0.003, "\(steadyLag(speed: 20, rate: 200)) s at 20 mm/s")
        let fadeOnly = try SmoothingParameters(motionThreshold: .infinity)
        #expect(steadyLag(speed: 5, rate: 200, parameters: fadeOnly) > 0.05)
        for seed in 1...4 as ClosedRange<UInt64> {
            let slow = noisyLag(speed: 5, rate: 240, sigma: 0.005, seed: seed), walk = noisyLag(speed: 20, rate: 240, sigma: 0.005, seed: seed)
            #expect(abs(slow) <= 0.005 && abs(walk) <= 0.003, "seed \(seed): \(slow * 1000) ms at 5 mm/s, \(walk * 1000) ms at 20 mm/s")
        }
    }

    /// RMS distance (mm) of the display from its mean while a pen rests for 1.5 s (the first 0.3 s
    /// left out), on a sensor of noise σ and `step` mm quantization: `Tools/research/quill_research/compare`'s rest measure.
    func restJitter(rate: Double, sigma: Double, step: Double, seed: UInt64) -> Double {
        var random = SeededRandom(seed: seed)
        var smoother = StrokeSmoother()
        var shown: [(x: Double, y: Double)] = []
        for index in 0...Int(1.5 * rate) {
            let x = ((100 + noise(sigma, &random)) / step).rounded() * step, y = ((70 + noise(sigma, &random)) / step).rounded() * step
            shown.append(smoother.add(x: x, y: y, time: Double(index) / rate))
        }
        let settled = shown[(shown.count / 5)...]
        let mean = (x: settled.map(\.x).reduce(0, +) / Double(settled.count), y: settled.map(\.y).reduce(0, +) / Double(settled.count))
        return (settled.map { ($0.x - mean.x) * ($0.x - mean.x) + ($0.y - mean.y) * ($0.y - mean.y) }.reduce(0, +) / Double(settled.count)).squareRoot()
    }

    /// Issue 24's goals, on the sensors of `Tools/research/quill_research/compare`: a resting pen on a realistic 240 Hz EMR
    /// sensor (σ 0.03 mm, 0.01 mm steps) jitters ≤ 0.005 mm RMS (it was 0.008; the 1€ filter
    /// 0.006); on the noisy 120 Hz sensor (σ 0.06 mm) a 5 mm/s pen lags ≤ 6 ms (streamline's; it
    /// was 53 ms) while a resting one jitters ≤ 0.013 mm (the 1€ filter's) — motion told from rest
    /// over a longer stretch of the path than a few samples. Seeded; the mean over seeds is bound,
    /// each seed within 1.5×.
    @Test func aRestingPenStaysStillAndASlowOneIsFollowedOnNoisySensors() {
        let seeds = 1...6 as ClosedRange<UInt64>
        let realistic = seeds.map { restJitter(rate: 240, sigma: 0.03, step: 0.01, seed: $0) }
        let noisy = seeds.map { restJitter(rate: 120, sigma: 0.06, step: 0.005, seed: $0) }
        let slow = seeds.map { noisyLag(speed: 5, rate: 120, sigma: 0.06, seed: $0) }
        func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(values.count) }
        #expect(mean(realistic) <= 0.005 && realistic.allSatisfy { $0 <= 0.0075 }, "realistic sensor at rest: \(realistic) mm")
        #expect(mean(noisy) <= 0.013 && noisy.allSatisfy { $0 <= 0.0195 }, "noisy sensor at rest: \(noisy) mm")
        #expect(abs(mean(slow)) <= 0.006 && slow.allSatisfy { abs($0) <= 0.009 }, "5 mm/s on the noisy sensor: \(slow.map { $0 * 1000 }) ms")
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

    /// Handwriting-like cursive (two loops of 3–5 Hz, 3–7 mm, drifting right) or a circle (r 20 mm
    /// at 150 mm/s) sampled as three tablets do — 240 Hz with 0.005 mm noise, 133 Hz EMR with
    /// 0.02 mm and 1 % dropped, 120 Hz with 0.06 mm and 2 % dropped, timing jitter, 0.005 mm
    /// quantization — and the prediction compared with the true tip at t + h.
    static func predictionRMSE(cursive: Bool, rate: Double, noise: Double, jitter: Double, drop: Double, horizon: Double, seeds: ClosedRange<UInt64> = 1...6) -> (predictor: Double, constantVelocity: Double) {
        var predictorSum = 0.0, constantSum = 0.0, count = 0.0
        for seed in seeds {
            var random = SeededRandom(seed: seed &* 7919)
            let loops = (0..<2).map { _ in (f: Double.random(in: 3...5, using: &random), a: Double.random(in: 3...7, using: &random), phase: Double.random(in: 0...6.28, using: &random)) }
            let drift = Double.random(in: 15...30, using: &random)
            func truth(_ t: Double) -> (x: Double, y: Double) {
                guard cursive else { return (110 + 20 * _cos(150 * t / 20), 70 + 20 * _sin(150 * t / 20)) }
                return (40 + drift * t + loops.reduce(0) { $0 + $1.a * _sin(2 * .pi * $1.f * t + $1.phase) },
                        70 + loops.reduce(0) { $0 + $1.a * _cos(2 * .pi * $1.f * t * 1.07 + $1.phase) })
            }
            func gauss() -> Double {
                let u = Double.random(in: Double.ulpOfOne...1, using: &random), v = Double.random(in: 0...1, using: &random)
                return (-2 * Double.log(u)).squareRoot() * _cos(2 * .pi * v)
            }
            var predictor = TipPredictor()
            var previous: (t: Double, x: Double, y: Double)?
            for index in 0..<Int(3 * rate) {
                if index > 0, Double.random(in: 0..<1, using: &random) < drop { continue }
                let t = Double(index) / rate + Double.random(in: -jitter...jitter, using: &random)
                let p = truth(t)
                let x = ((p.x + noise * gauss()) * 200).rounded() / 200, y = ((p.y + noise * gauss()) * 200).rounded() / 200
                predictor.add(x: x, y: y, time: t)
                defer { previous = (t, x, y) }
                guard index >= 10, let last = previous else { continue }
                let future = truth(t + horizon)
                let predicted = predictor.predict(horizon: horizon)
                let dt = max(t - last.t, 1e-4)
                let constant = (x: x + (x - last.x) / dt * horizon, y: y + (y - last.y) / dt * horizon)
                predictorSum += (predicted.x - future.x) * (predicted.x - future.x) + (predicted.y - future.y) * (predicted.y - future.y)
                constantSum += (constant.x - future.x) * (constant.x - future.x) + (constant.y - future.y) * (constant.y - future.y)
                count += 1
            }
        }
        return ((predictorSum / count).squareRoot(), (constantSum / count).squareRoot())
    }

    @Test(arguments: [(240.0, 0.005, 0.0003, 0.0, 0.8), (133.0, 0.02, 0.0008, 0.01, 0.8), (120.0, 0.06, 0.001, 0.02, 0.95)])
    func predictionBeatsConstantVelocity(rate: Double, noise: Double, jitter: Double, drop: Double, bound: Double) {
        // Issue 15's goals: below extrapolating the last two raw samples on every profile and
        // horizon (8.3, 16.7, 33.3 ms) — at most 0.8× of it on the 240 and 133 Hz pens; on the noisy
        // 120 Hz one the filter, which learns the noise from the samples, stays below 0.95×.
        for cursive in [true, false] {
            for horizon in [0.0083, 0.0167, 0.0333] {
                let error = Self.predictionRMSE(cursive: cursive, rate: rate, noise: noise, jitter: jitter, drop: drop, horizon: horizon)
                #expect(error.predictor <= bound * error.constantVelocity, "\(cursive ? "cursive" : "circle") \(rate) Hz, \(horizon * 1000) ms: \(error.predictor) mm vs constant velocity \(error.constantVelocity) mm")
            }
        }
    }

    @Test func duplicateAndShortIntervalsDoNotThrowThePredictionOff() {
        // 0.26 % of real intervals are duplicates or 1–3 ms: a line at 100 mm/s sampled at 133 Hz
        // with such intervals every 20 samples stays predicted within 0.5 mm of the truth.
        var predictor = TipPredictor()
        var t = 0.0
        var worst = 0.0
        for index in 0..<400 {
            t += index % 20 == 0 ? (index % 40 == 0 ? 0 : 0.002) : 1.0 / 133
            predictor.add(x: 100 * t, y: 20, time: t)
            guard index > 20 else { continue }
            let predicted = predictor.predict()
            worst = max(worst, _hypot(predicted.x - 100 * (t + PredictionParameters.defaults.horizon), predicted.y - 20))
        }
        #expect(worst < 0.5, "worst \(worst) mm")
    }

    @Test func rejectsParametersOutOfRange() {
        #expect(throws: (any Error).self) { try SmoothingParameters(minimumCutoff: 0) }
        #expect(throws: (any Error).self) { try SmoothingParameters(speedCoefficient: -1) }
        #expect(throws: ParameterError.self) { try SmoothingParameters(motionThreshold: 0) }
        #expect(throws: ParameterError.self) { try SmoothingParameters(motionThreshold: .nan) }
        #expect(throws: (any Error).self) { try PredictionParameters(horizon: 0.1) }
        #expect(throws: (any Error).self) { try PredictionParameters(horizon: 0.004) }
        #expect((try? PredictionParameters(horizon: 0.0083)) != nil && (try? PredictionParameters(horizon: 0.0333)) != nil)
        #expect(throws: ParameterError.self) { try PredictionParameters(jerkDensity: 0) }
        #expect(throws: ParameterError.self) { try PredictionParameters(jerkDensity: .infinity) }
        #expect(throws: ParameterError.self) { try PredictionParameters(measurementNoise: -0.1) }
        #expect(throws: ParameterError.self) { try PredictionParameters(measurementNoise: .nan) }
    }
}

import RealModule
func _log(_ x: Double) -> Double { Double.log(x) }
