import QuillCore

/// Settings of ``TipPredictor``.
public struct PredictionParameters: Hashable, Sendable {
    /// How far ahead to predict, seconds: 0.008 … 0.034 (8–34 ms). Default ``defaultHorizon``.
    public let horizon: Double
    /// 1/60 s: one refresh of a 60 Hz display, from a sample's read to when its frame shows.
    public static let defaultHorizon = 1.0 / 60
    /// Spectral density of the pen's jerk, mm²/s⁵ (> 0): how quickly the filter lets the
    /// acceleration change. Default 3 × 10⁸ (cursive loops of 3–5 Hz; 10⁸ … 10⁹ all do well).
    public let jerkDensity: Double
    /// Standard deviation of a measured position, mm (> 0) — the sensor's noise and quantization —
    /// to start from: the predictor then estimates it from the samples themselves (their third
    /// differences), so a noisy pen is smoothed more and a clean one followed closely. Default 0.02 mm.
    public let measurementNoise: Double
    /// Learn from the pen how to weigh the Kalman prediction and the last velocities
    /// (``AdaptivePredictor``: true, the default); false predicts with ``TipPredictor`` alone.
    public let adapts: Bool

    /// Throws `ParameterError` naming the field.
    public init(horizon: Double = defaultHorizon, jerkDensity: Double = 3e8, measurementNoise: Double = 0.02, adapts: Bool = true) throws {
        guard horizon.isFinite, (0.008...0.034).contains(horizon) else {
            throw ParameterError(field: "PredictionParameters.horizon", value: "\(horizon)", expected: "seconds 0.008 … 0.034 (8–34 ms)")
        }
        guard jerkDensity.isFinite, jerkDensity > 0, jerkDensity <= 1e14 else {
            throw ParameterError(field: "PredictionParameters.jerkDensity", value: "\(jerkDensity)", expected: "mm²/s⁵ > 0 and ≤ 10¹⁴ (default 3 × 10⁸)")
        }
        guard measurementNoise.isFinite, measurementNoise > 0, measurementNoise <= 10 else {
            throw ParameterError(field: "PredictionParameters.measurementNoise", value: "\(measurementNoise)", expected: "millimetres > 0 and ≤ 10 (default 0.02)")
        }
        self.horizon = horizon
        self.jerkDensity = jerkDensity
        self.measurementNoise = measurementNoise
        self.adapts = adapts
    }

    /// The fastest a hand moves a pen tip, mm/s: no prediction reaches farther than this speed
    /// (or the filter's own, if lower) carries the tip in the horizon, plus what
    /// ``maximumAcceleration`` adds. Measured on real handwriting (UNIPEN train_r01_v07, the 37
    /// tuning writers with real timing, 20.9 M pen-down samples at 60–205 Hz, positions smoothed
    /// over three samples: `Tools/research/quill_research/compare/kinematics.py`): p99.99 0.89 m/s, the fastest sample
    /// but a digitizer's glitches 1.04 m/s. 1.5 m/s is above every one.
    public static let maximumSpeed = 1500.0
    /// The largest acceleration of a pen tip in handwriting, mm/s²: the same samples' p99.99 is
    /// 36 m/s² (43 m/s² at 200 Hz); 50 m/s² lies above 99.99 % of them at every rate.
    public static let maximumAcceleration = 50_000.0

    /// `predicted` (mm) moved toward `location`, the newest measured position (mm), until it is
    /// no farther than a hand can move the tip in `horizon` seconds from `velocity` (mm/s, the
    /// filter's): min(|v|, ``maximumSpeed``)·h + ½·``maximumAcceleration``·h². A non-finite
    /// prediction is the location itself.
    @inline(__always)
    public static func bounded(_ predicted: (x: Double, y: Double), from location: (x: Double, y: Double), velocity: (x: Double, y: Double), horizon h: Double) -> (x: Double, y: Double) {
        let dx = predicted.x - location.x, dy = predicted.y - location.y
        let distance = (dx * dx + dy * dy).squareRoot()
        guard distance.isFinite else { return location }
        let speed = (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot()
        let reach = (speed.isFinite ? Swift.min(speed, maximumSpeed) : maximumSpeed) * h + 0.5 * maximumAcceleration * h * h
        guard distance > reach else { return predicted }
        let scale = reach / distance
        return (location.x + dx * scale, location.y + dy * scale)
    }

    public static let defaults = PredictionParameters(unchecked: ())
    private init(unchecked: Void) {
        horizon = 1.0 / 60
        jerkDensity = 3e8
        measurementNoise = 0.02
        adapts = true
    }
}

/// Predicts where the tip will be a few milliseconds ahead, for drawing ahead of the pen.
///
/// A Kalman filter per axis over position, velocity and acceleration (white jerk), fed the pen's
/// **raw** positions — not the smoothed display, whose lag would make the prediction late on
/// curves. Along the direction of travel the tip moves |v|·h + ½·aₜ·h², but never past the point
/// where a decelerating pen stops (no overshoot at stroke ends); across it the curvature adds
/// ½·aₙ·h². The measurement noise is estimated as the pen goes, from the third differences of
/// evenly spaced samples (20 σ² per axis; a steady acceleration leaves none). Uneven or 1–3 ms
/// sample intervals are weighed by the filter as what they are; its times are the steady clock's
/// (``SampleTimeBase``, through ``StrokeSmoother``), so a repeated stamp is not a step of 0. Predicted points are never
/// stored in a stroke. Constant memory and cost, no allocation.
public struct TipPredictor: Sendable {
    public let parameters: PredictionParameters

    /// One axis: state (position mm, velocity mm/s, acceleration mm/s²) and its covariance.
    struct Axis: Sendable {
        var x = 0.0, v = 0.0, a = 0.0
        var p00 = 0.0, p01 = 0.0, p02 = 0.0, p11 = 0.0, p12 = 0.0, p22 = 0.0

        init() {}

        init(position: Double, variance: Double) {
            x = position
            p00 = variance
            p11 = 1e6
            p22 = 1e8
        }

        /// Moves the state `dt` seconds on (white jerk of density `q`), then takes the measured
        /// position `z` of variance `r`.
        mutating func update(_ z: Double, dt: Double, q: Double, r: Double) {
            // Predict: F = [[1, dt, dt²/2], [0, 1, dt], [0, 0, 1]]; P ← F P Fᵀ + Q.
            let h = dt * dt / 2
            let x1 = x + v * dt + a * h, v1 = v + a * dt
            let f00 = p00 + dt * p01 + h * p02, f01 = p01 + dt * p11 + h * p12, f02 = p02 + dt * p12 + h * p22
            let f11 = p11 + dt * p12, f12 = p12 + dt * p22
            let dt2 = dt * dt, dt3 = dt2 * dt
            var n00 = f00 + dt * f01 + h * f02 + q * dt3 * dt2 / 20
            var n01 = f01 + dt * f02 + q * dt2 * dt2 / 8
            var n02 = f02 + q * dt3 / 6
            var n11 = f11 + dt * f12 + q * dt3 / 3
            var n12 = f12 + q * dt2 / 2
            var n22 = p22 + q * dt
            // Update with z.
            let s = n00 + r
            let k0 = n00 / s, k1 = n01 / s, k2 = n02 / s
            let innovation = z - x1
            x = x1 + k0 * innovation
            v = v1 + k1 * innovation
            a = a + k2 * innovation
            n11 -= k1 * n01
            n12 -= k1 * n02
            n22 -= k2 * n02
            n01 -= k0 * n01
            n02 -= k0 * n02
            n00 -= k0 * n00
            (p00, p01, p02, p11, p12, p22) = (n00, n01, n02, n11, n12, n22)
        }
    }

    private var axisX = Axis()
    private var axisY = Axis()
    private var lastTime = 0.0
    private var hasState = false
    /// The last three measurements and the two intervals between them, for the noise estimate.
    private var history: (a: (x: Double, y: Double, dt: Double), b: (x: Double, y: Double, dt: Double), c: (x: Double, y: Double)) = ((0, 0, 0), (0, 0, 0), (0, 0))
    private var historyCount = 0
    /// The estimated variance of a measured position per axis, mm².
    public private(set) var noiseVariance = 0.0

    /// How much the filter trusts a measurement less than its estimated noise says: the white-jerk
    /// model is only approximately a pen, and a little more smoothing predicts better (measured).
    static let noiseWeight = 2.0

    /// The smallest noise the estimate may reach, mm (quantization of a fine tablet).
    public static let noiseFloor = 0.002

    public init(parameters: PredictionParameters = .defaults) { self.parameters = parameters }

    public mutating func reset() { hasState = false }

    /// Adds the pen's measured position (mm) at `time` (s).
    public mutating func add(x: Double, y: Double, time: Double) {
        guard hasState else {
            // The sensor's noise is learnt once and kept from stroke to stroke.
            if noiseVariance == 0 { noiseVariance = parameters.measurementNoise * parameters.measurementNoise }
            let r = Swift.max(noiseVariance, Self.noiseFloor * Self.noiseFloor)
            axisX = Axis(position: x, variance: r)
            axisY = Axis(position: y, variance: r)
            lastTime = time
            hasState = true
            historyCount = 1
            history.c = (x, y)
            return
        }
        // Times come from the steady clock (``SampleTimeBase``): a merged sample is a second
        // measurement of the same instant (dt 0: the filter's update alone, no step).
        let dt = Swift.max(time - lastTime, 0)
        estimateNoise(x: x, y: y, dt: dt)
        let r = Self.noiseWeight * Swift.max(noiseVariance, Self.noiseFloor * Self.noiseFloor)
        axisX.update(x, dt: dt, q: parameters.jerkDensity, r: r)
        axisY.update(y, dt: dt, q: parameters.jerkDensity, r: r)
        lastTime = Swift.max(time, lastTime)
    }

    /// Third differences of four evenly spaced measurements hold 20 σ² of noise per axis and no
    /// steady acceleration; uneven spacing (a dropped or doubled sample) is skipped.
    private mutating func estimateNoise(x: Double, y: Double, dt: Double) {
        defer {
            history.a = (history.b.x, history.b.y, history.b.dt)
            history.b = (history.c.x, history.c.y, dt)
            history.c = (x, y)
            historyCount = Swift.min(historyCount + 1, 4)
        }
        guard historyCount >= 3 else { return }
        let spacings = (history.a.dt, history.b.dt, dt)
        let low = Swift.min(spacings.0, spacings.1, spacings.2), high = Swift.max(spacings.0, spacings.1, spacings.2)
        guard low > 0, high <= 1.3 * low else { return }
        let d3x = x - 3 * history.c.x + 3 * history.b.x - history.a.x
        let d3y = y - 3 * history.c.y + 3 * history.b.y - history.a.y
        let sample = (d3x * d3x + d3y * d3y) / 40
        guard sample.isFinite else { return }
        noiseVariance += StrokeSmoother.alpha(cutoff: 0.43, dt: dt) * (sample - noiseVariance)
    }

    /// The filtered position, mm (the last measurement's, less its noise).
    public var position: (x: Double, y: Double) { hasState ? (axisX.x, axisY.x) : (0, 0) }

    /// The filtered velocity, mm/s.
    public var velocity: (x: Double, y: Double) { hasState ? (axisX.v, axisY.v) : (0, 0) }

    /// The predicted position (mm) `horizon` seconds after the last sample (default: the parameters').
    public func predict(horizon: Double? = nil) -> (x: Double, y: Double) {
        let h = horizon ?? parameters.horizon
        guard hasState else { return (0, 0) }
        let position = (x: axisX.x, y: axisY.x)
        let speed = (axisX.v * axisX.v + axisY.v * axisY.v).squareRoot()
        guard speed > 1e-6, speed.isFinite else { return position }
        let direction = (x: axisX.v / speed, y: axisY.v / speed)
        let tangential = axisX.a * direction.x + axisY.a * direction.y
        let normal = (x: axisX.a - tangential * direction.x, y: axisY.a - tangential * direction.y)
        var along = speed * h + 0.5 * tangential * h * h
        if tangential < 0 {
            // Decelerating: stop where the pen would stop, never beyond.
            let stopTime = speed / -tangential
            if stopTime < h { along = speed * speed / (2 * -tangential) }
        }
        along = Swift.max(0, along)
        return (
            position.x + direction.x * along + 0.5 * normal.x * h * h,
            position.y + direction.y * along + 0.5 * normal.y * h * h
        )
    }
}
