import QuillCore

/// Removes sensor jitter from the tip position without the lag such filters usually add.
///
/// At rest an adaptive low-pass (the 1€ filter's rule: cutoff = minimum + coefficient × speed) on
/// the 2D position jointly keeps a resting pen still. In motion the display follows a Kalman
/// estimate of the tip (``tracker``: position, velocity, acceleration), which has no lag on curves
/// and less noise than the samples. The weight between them is the speed fade s²/(s² + s₀²), or 1
/// as soon as the pen is seen to move: a quickly following average of the input has left a
/// slowly following anchor by more than `motionThreshold` times that average's own noise (from the
/// sensor's, estimated as it goes from second differences). The rest filter starts as the running
/// mean of the stroke's samples and goes on from what is shown. Never ahead of the newest measurement along the direction of travel; causal: a
/// displayed point never moves later. Constant memory and cost per sample.
///
/// Time comes from the samples' stamps through ``timeBase`` (``SampleTimeBase``), the front of
/// the per-sample path for every client (the stroke engine, the service's smoothing): repeated,
/// bursty and backward stamps are re-timed at the device's learnt rate, and after a gap the
/// filters start again from the sample (the pen may have moved anywhere meanwhile).
public struct StrokeSmoother: Sendable {
    public let parameters: SmoothingParameters
    private var filtered: (x: Double, y: Double) = (0, 0)
    private var lastInput: (x: Double, y: Double) = (0, 0)
    private var velocity: (x: Double, y: Double) = (0, 0)
    private var lastTime = 0.0
    private var hasState = false
    /// Motion detection: the raw input two samples back, a slowly following anchor, the sensor's
    /// noise variance per axis (mm²) and how much of the compensation motion asks for (0 … 1).
    private var beforeLastInput: (x: Double, y: Double)?
    private var anchor: (x: Double, y: Double) = (0, 0)
    private var fast: (x: Double, y: Double) = (0, 0)
    /// Samples of the stroke so far.
    private var sampleCount = 0
    private var noiseVariance = 0.02 * 0.02
    private var motion = 0.0
    /// A Kalman filter over position, velocity and acceleration: in motion the display follows
    /// its estimate, which has no lag on curves and less noise than the samples.
    /// (The stroke engine predicts the tip from it too: one filter, not two.)
    public private(set) var tracker: TipPredictor
    /// The steady clock the filters run on (kept from stroke to stroke).
    public private(set) var timeBase = SampleTimeBase()
    /// How the last sample's time was taken (``SampleTimeBase/Timing``).
    public private(set) var lastTiming = SampleTimeBase.Timing(time: 0, interval: 0, kind: .first)

    /// `tracking` sets the Kalman filter followed in motion (and predicted from by the engine).
    public init(parameters: SmoothingParameters = .defaults, tracking: PredictionParameters = .defaults) {
        self.parameters = parameters
        tracker = TipPredictor(parameters: tracking)
    }

    /// Forgets the stroke (call at each new stroke).
    public mutating func reset() { hasState = false }

    /// The filtered velocity, mm/s (valid after the first sample).
    public var currentVelocity: (x: Double, y: Double) { velocity }

    /// Takes the stamp of a sample that is not smoothed (the pen hovering) into ``timeBase``, so
    /// that the device's rate is learnt from its whole stream.
    public mutating func observe(stamp: Double) {
        lastTiming = timeBase.take(stamp)
    }

    /// Adds a position (mm) measured at `time` (the sample's stamp, seconds) and returns the
    /// position to display (mm). The stamp goes through ``timeBase`` first (``lastTiming`` says
    /// how it was taken): a re-timed sample is one device interval on, a merged one a second
    /// measurement of the same instant, and a sample after a gap starts the filters again.
    public mutating func add(x: Double, y: Double, time stamp: Double) -> (x: Double, y: Double) {
        // A long interval after which the pen moved no more than one device interval explains (at
        // the filter's speed, twice over, plus 0.1 mm of noise) is a stall: the frame was late.
        var continuous = false
        if hasState, timeBase.wouldBeGap(stamp) {
            let (dx, dy) = (x - lastInput.x, y - lastInput.y)
            let v = tracker.velocity
            let speed = (v.x * v.x + v.y * v.y).squareRoot()
            continuous = (dx * dx + dy * dy).squareRoot() <= 2 * speed * timeBase.deviceInterval + 0.1
        }
        let timing = timeBase.take(stamp, continuous: continuous)
        lastTiming = timing
        let time = timing.time
        guard hasState, timing.kind != .gap else {
            hasState = true
            filtered = (x, y)
            lastInput = (x, y)
            velocity = (0, 0)
            lastTime = time
            anchor = (x, y)
            fast = (x, y)
            sampleCount = 1
            beforeLastInput = nil
            motion = 0
            tracker.reset()
            tracker.add(x: x, y: y, time: time)
            return (x, y)
        }
        // The steady clock never goes back; 0 for a merged sample (the same instant again).
        let dt = Swift.max(time - lastTime, 0)
        lastTime = Swift.max(time, lastTime)
        // Velocity of the raw input, low-passed at the velocity cutoff (a merged sample has none:
        // the previous velocity stands).
        let rawVelocity = dt > 0 ? ((x - lastInput.x) / dt, (y - lastInput.y) / dt) : velocity
        updateMotion(x: x, y: y, dt: dt)
        tracker.add(x: x, y: y, time: time)
        beforeLastInput = lastInput
        lastInput = (x, y)
        // The velocity estimate (for the fade and the no-overshoot bound) speeds up with the pen
        // too; at rest it stays slow, keeping sensor noise out of it.
        let previousSpeed = (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot()
        let velocityAlpha = StrokeSmoother.alpha(cutoff: parameters.velocityCutoff + parameters.speedCoefficient * previousSpeed, dt: dt)
        velocity.x += velocityAlpha * (rawVelocity.0 - velocity.x)
        velocity.y += velocityAlpha * (rawVelocity.1 - velocity.y)
        let speed = (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot()
        let cutoff = parameters.minimumCutoff + parameters.speedCoefficient * speed
        // From the stroke's start the filter is the running mean of the samples so far until its own
        // window is longer: a pen set down at rest is not left wandering from its first, noisy sample.
        sampleCount += 1
        let alpha = Swift.max(StrokeSmoother.alpha(cutoff: cutoff, dt: dt), 1 / Double(sampleCount))
        filtered.x += alpha * (x - filtered.x)
        filtered.y += alpha * (y - filtered.y)
        // How much of the tracker to show: faded in with speed, or all of it once the pen moves.
        let s0 = parameters.compensationSpeed
        let fade = s0 == 0 ? 1 : speed * speed / (speed * speed + s0 * s0)
        let weight = Swift.max(fade, motion)
        // At rest the filtered point; in motion the tracker's estimate (no lag, less noise).
        let tracked = tracker.position
        var displayed = (x: filtered.x + weight * (tracked.x - filtered.x), y: filtered.y + weight * (tracked.y - filtered.y))
        // Never beyond the newest measurement along the direction of travel (no overshoot).
        let ahead = (displayed.x - x) * velocity.x + (displayed.y - y) * velocity.y
        if ahead > 0, speed > 0 {
            let back = ahead / (speed * speed)
            displayed.x -= back * velocity.x
            displayed.y -= back * velocity.y
        }
        // The rest filter goes on from what is shown: when the pen stops it settles from there
        // (never jumping back to a filter left behind in motion).
        filtered = displayed
        return displayed
    }

    /// Tells motion from rest (see the type's description) over a longer stretch of the path than
    /// a few samples: a quickly following average of the input (``fastCutoff``) is compared with a
    /// slowly following anchor (``anchorCutoff``). A pen moving at v holds them v·(τ_slow − τ_fast)
    /// apart (0.14 s × v: 0.7 mm at 5 mm/s), while at rest their distance is only the fast
    /// average's noise (≈ 0.3–0.4 σ), so even a slow pen on a noisy sensor is told from a resting
    /// one. The anchor is kept on a leash (twice the threshold) so that it catches up within about
    /// 0.1 s once the pen stops. `motion` moves toward 1 while the distance exceeds the threshold,
    /// toward 0 otherwise, within about 15 ms.
    private mutating func updateMotion(x: Double, y: Double, dt: Double) {
        guard dt > 0 else { return }  // a merged sample: no time passed
        if let before = beforeLastInput {
            // Second differences hold the noise (6σ² per axis) and not a steady motion.
            let ddx = x - 2 * lastInput.x + before.x, ddy = y - 2 * lastInput.y + before.y
            let sample = (ddx * ddx + ddy * ddy) / 12
            if sample.isFinite { noiseVariance += StrokeSmoother.alpha(cutoff: 0.5, dt: dt) * (sample - noiseVariance) }
        }
        let sigma = Swift.max(noiseVariance.squareRoot(), SmoothingParameters.noiseFloor)
        let fastAlpha = StrokeSmoother.alpha(cutoff: StrokeSmoother.fastCutoff, dt: dt)
        fast.x += fastAlpha * (x - fast.x)
        fast.y += fastAlpha * (y - fast.y)
        let anchorAlpha = StrokeSmoother.alpha(cutoff: StrokeSmoother.anchorCutoff, dt: dt)
        anchor.x += anchorAlpha * (fast.x - anchor.x)
        anchor.y += anchorAlpha * (fast.y - anchor.y)
        // The fast average's noise per axis: σ·√(α / (2 − α)) for white noise; 2D distance ≈ √2 of it.
        let threshold = parameters.motionThreshold * sigma * (2 * fastAlpha / (2 - fastAlpha)).squareRoot()
        var distance = ((fast.x - anchor.x) * (fast.x - anchor.x) + (fast.y - anchor.y) * (fast.y - anchor.y)).squareRoot()
        if distance > 2 * threshold, distance.isFinite {
            let pull = (distance - 2 * threshold) / distance
            anchor.x += pull * (fast.x - anchor.x)
            anchor.y += pull * (fast.y - anchor.y)
            distance = 2 * threshold
        }
        let target = distance > threshold ? 1.0 : 0.0
        motion += StrokeSmoother.alpha(cutoff: 10, dt: dt) * (target - motion)
    }

    /// Cutoffs (Hz) of the quickly following average and the slowly following anchor that tell motion from rest.
    static let fastCutoff = 8.0, anchorCutoff = 1.0

    /// Exponential smoothing factor for a first-order low-pass at `cutoff` Hz over `dt` seconds.
    @inline(__always)
    static func alpha(cutoff: Double, dt: Double) -> Double {
        // dt / (dt + τ) with τ = 1 / (2π·cutoff), in one division.
        let k = 2 * .pi * cutoff * dt
        return k / (k + 1)
    }
}
