import QuillCore

/// Predicts the tip `horizon` seconds ahead by combining the last eight sample intervals'
/// velocities with ``TipPredictor``'s (Kalman) prediction, the weights learnt by least squares
/// from the pen's own samples as it writes ("ALSK-8G": `Tools/research/quill_research/prediction/SPEC.md`).
///
/// Each sample gives 12 features per axis, in millimetres: h·v₀ … h·v₇ (the newest interval's
/// velocity first; an interval not yet seen repeats the oldest one), the Kalman prediction's
/// displacement from the sample, and — weighed by φ = 1 / (1 + |v̄| / 30 mm/s), v̄ the mean of the
/// two newest velocities — φ·h·v₀, φ·h·v₁ and φ times the Kalman displacement. The prediction is
/// the sample plus the features weighed by `c`. Once a later sample passes t + h, the position
/// there (interpolated in time) is the answer that sample's features should have given: its row
/// joins the normal equations A c = b, which start at N₀ h² Ā (Ā: the features' mean outer
/// product on UNIPEN's tuning writers, ``priors``) times c₀ = the Kalman prediction alone, so a
/// new pen predicts as the Kalman filter does and moves from it as evidence comes. `c` is solved
/// again (Cholesky) every 16 samples and at each stroke's end; what is learnt is kept from stroke
/// to stroke. Causal, constant memory, no allocation after `init`.
///
/// **Only rows it can trust**: the times are the steady clock's (``SampleTimeBase``); a sample
/// that was not on the device's own rate (re-timed, merged, after a stall:
/// ``SampleTimeBase/Timing/isTrusted``) drops the rows awaiting an answer (their answer would be
/// interpolated across it) and makes no row itself; a row is made only at a trusted sample that
/// follows a trusted one (its newest velocity is the device's own). After a gap the stroke starts
/// again: nothing is extrapolated across it. (Requiring all eight velocities trusted learnt too
/// little on streams irregular every 20–50 frames: 240 Hz cursive with every irregularity at once
/// predicted 1.7 × the even stream's RMS error, 1.3–1.4 × as it is.)
///
/// **Earns its place**: for every row answered it also scores what the Kalman prediction alone
/// would have said (both squared errors, decaying over about 500 rows); while the learnt weights do
/// worse than the Kalman filter on this pen, ``add(x:y:timing:kalman:)`` returns the Kalman
/// prediction (``usesLearnedWeights``).
///
/// Measured (`Tools/research/quill_research/prediction`): on the held-out UNIPEN writers lav and sie (58 k predictions),
/// RMS error 0.816 × constant velocity's at 10 ms and 0.778 × at 16.7 ms (the Kalman filter alone
/// 1.11 × and 1.15 ×); on every synthetic profile of `Tools/research/quill_research/compare` no worse than the Kalman filter.
public struct AdaptivePredictor: Sendable {
    /// Velocity lags.
    static let lags = 8
    /// Features per axis: the lags, the Kalman displacement, three gated ones.
    static let featureCount = lags + 4  // 12: three vectors of four (``learn``)
    /// The prior's weight: as many learning rows as it counts for. 10 (200 until issue 24's third
    /// pass): on UNIPEN's tuning writers 10 and 200 predict alike (0.318 / 0.319 mm RMS at 10 ms,
    /// 0.554 / 0.556 at 16.7 ms; held out, lav + sie, 0.288 / 0.290 and 0.473 / 0.477), but one
    /// 1.3–2.5 s synthetic stroke teaches a light prior enough to average a noisy sensor
    /// (`Tools/research/quill_research/compare`'s 120 Hz noisy circle 0.89 → 0.79 × constant velocity's error at 8.3 ms).
    static let priorRows = 10.0
    /// The speed (mm/s) at which the gated features count half.
    static let gateSpeed = 30.0
    /// Samples between solves.
    static let solveEvery = 16
    /// Rows awaiting their answer: h ≤ 34 ms at ≥ 1 ms intervals needs ≤ 36.
    static let pendingCapacity = 64
    /// Values a pending row holds: time, x, y, the learnt prediction's displacement (x, y), then
    /// the features of x and of y.
    static let rowWidth = 5 + 2 * featureCount
    /// The decay of the learnt and the Kalman prediction's scores per answered row (≈ 500 rows).
    static let scoreDecay = 0.998

    /// How far ahead, seconds.
    public let horizon: Double
    /// Normal equations A (n × n, each row as n / 4 vectors of four; only the vectors on and above
    /// the diagonal are kept current) and b, the weights c, Cholesky scratch.
    private var normal: [SIMD4<Double>]
    private var moment: [Double]
    public private(set) var weights: [Double]
    private var factor: [Double]
    private var scratch: [Double]
    private var samples = 0
    // The stroke being drawn.
    private var strokeSamples = 0
    private var previous = (t: 0.0, x: 0.0, y: 0.0)
    /// The last `lags` interval velocities (x, y interleaved), the newest at (velocityCount − 1) % lags.
    private var velocities: [Double]
    private var velocityCount = 0
    /// Rows awaiting their answer: a ring of `pendingCapacity` rows of `rowWidth` values.
    private var pending: [Double]
    private var pendingStart = 0
    private var pendingCount = 0
    /// Trusted samples in a row (a row is kept from the second on).
    private var trustedRun = 0
    /// Decaying sums of squared errors (mm²) of the learnt weights' and the Kalman filter's
    /// predictions, on the same answered rows.
    public private(set) var learnedScore = 0.0
    public private(set) var kalmanScore = 0.0
    /// True while the learnt weights predict at least as well as the Kalman filter alone (on the
    /// rows answered so far): then they give the prediction, else the Kalman filter does.
    public var usesLearnedWeights: Bool { learnedScore <= kalmanScore }

    /// - Parameter horizon: seconds ahead (0.008 … 0.034; ``PredictionParameters`` validates it).
    public init(horizon: Double) {
        self.horizon = horizon
        let n = Self.featureCount
        // The prior of the fitted horizon nearest to this one (in ratio).
        func ratio(_ fitted: Double) -> Double { Swift.max(fitted / horizon, horizon / fitted) }
        let prior = Self.priors.min { ratio($0.horizon) < ratio($1.horizon) }!.matrix
        let start = prior.map { Self.priorRows * horizon * horizon * $0 }
        normal = (0..<(n * n / 4)).map { SIMD4(start[4 * $0], start[4 * $0 + 1], start[4 * $0 + 2], start[4 * $0 + 3]) }
        weights = [Double](repeating: 0, count: n)
        weights[Self.lags] = 1  // the Kalman prediction alone
        moment = (0..<n).map { row in start[row * n + Self.lags] }  // A · c₀
        factor = [Double](repeating: 0, count: n * n)
        scratch = [Double](repeating: 0, count: n)
        velocities = [Double](repeating: 0, count: 2 * Self.lags)
        pending = [Double](repeating: 0, count: Self.pendingCapacity * Self.rowWidth)
    }

    /// Starts a stroke (ending one still open): its first sample is the next one.
    public mutating func beginStroke() {
        endStroke()
        velocityCount = 0
        trustedRun = 0
    }

    /// Ends the stroke: solves for the weights with what it taught; rows whose t + h lies past its
    /// last sample are dropped.
    public mutating func endStroke() {
        if strokeSamples > 1 { solve() }
        pendingCount = 0
        pendingStart = 0
        strokeSamples = 0
    }

    /// Adds the pen's raw position (mm) at a sample's steady time (s, ``SampleTimeBase``: the
    /// smoother's ``StrokeSmoother/lastTiming``), with the Kalman prediction for `horizon`
    /// (``TipPredictor/predict(horizon:)``, after it was given this sample), and returns the
    /// predicted position (mm). A stroke's first sample, and the first after a gap, is its own
    /// prediction.
    public mutating func add(x: Double, y: Double, timing: SampleTimeBase.Timing, kalman: (x: Double, y: Double)) -> (x: Double, y: Double) {
        if timing.kind == .gap, strokeSamples > 0 {
            // Nothing carries across a gap: the rows waiting for an answer, the velocities.
            pendingCount = 0
            pendingStart = 0
            strokeSamples = 0
            velocityCount = 0
        }
        if !timing.isTrusted {
            pendingCount = 0
            pendingStart = 0
            trustedRun = 0
        } else {
            trustedRun += 1
        }
        let time = timing.time
        let n = Self.featureCount, lags = Self.lags, h = horizon
        let first = strokeSamples == 0
        if !first, time > previous.t {  // a merged sample (no time passed) gives no velocity
            let dt = time - previous.t
            let slot = velocityCount & (lags - 1)  // lags is a power of two
            velocities[2 * slot] = (x - previous.x) / dt
            velocities[2 * slot + 1] = (y - previous.y) / dt
            velocityCount += 1
            learn(x: x, y: y, time: time)
        }
        samples += 1
        if samples % Self.solveEvery == 0 { solve() }
        previous = (time, x, y)
        strokeSamples += 1
        guard velocityCount > 0, x.isFinite, y.isFinite, kalman.x.isFinite, kalman.y.isFinite else { return (x, y) }
        // The row is written where it will wait for its answer: t, x, y, then x's features, then
        // y's. When the ring is full (never at tablet rates: stalled or backward times) the oldest
        // row gives way first, even to a row the check below then turns away.
        if pendingCount == Self.pendingCapacity {
            pendingStart = (pendingStart + 1) % Self.pendingCapacity
            pendingCount -= 1
        }
        let base = ((pendingStart + pendingCount) % Self.pendingCapacity) * Self.rowWidth
        let available = Swift.min(velocityCount, lags)
        var px = x, py = y
        let gateSpeed = Self.gateSpeed
        let newest = velocityCount - 1
        var size = 0.0  // the features' absolute sum (NaN if one is)
        pending.withUnsafeMutableBufferPointer { row in
            row[base] = time
            row[base + 1] = x
            row[base + 2] = y
            let f = row.baseAddress! + base + 5
            velocities.withUnsafeBufferPointer { v in
                for k in 0..<lags {
                    let slot = (newest - Swift.min(k, available - 1)) & (lags - 1)  // lags is a power of two
                    f[k] = h * v[2 * slot]
                    f[n + k] = h * v[2 * slot + 1]
                }
            }
            f[lags] = kalman.x - x
            f[n + lags] = kalman.y - y
            let meanX = (f[0] + f[1]) / (2 * h), meanY = (f[n] + f[n + 1]) / (2 * h)
            let gate = 1 / (1 + (meanX * meanX + meanY * meanY).squareRoot() / gateSpeed)
            f[lags + 1] = gate * f[0]
            f[n + lags + 1] = gate * f[n]
            f[lags + 2] = gate * f[1]
            f[n + lags + 2] = gate * f[n + 1]
            f[lags + 3] = gate * f[lags]
            f[n + lags + 3] = gate * f[n + lags]
            weights.withUnsafeBufferPointer { c in
                for index in 0..<n {
                    px += c[index] * f[index]
                    py += c[index] * f[n + index]
                    size += abs(f[index]) + abs(f[n + index])
                }
            }
        }
        pending[base + 3] = px - x
        pending[base + 4] = py - y
        // Only a row of sane features may teach (a NaN or a jump of metres would stay in A for
        // good): all of them together within 10 m; and only at a trusted sample after a trusted one.
        if size <= 10_000, trustedRun >= 2 { pendingCount += 1 }
        guard px.isFinite, py.isFinite, usesLearnedWeights else { return kalman }
        return (px, py)
    }

    /// Folds into A and b every pending row whose t + h this sample reached: the answer is the
    /// position at t + h, interpolated in time between the previous sample and this one.
    private mutating func learn(x: Double, y: Double, time: Double) {
        let n = Self.featureCount
        while pendingCount > 0 {
            let base = pendingStart * Self.rowWidth
            let target = pending[base] + horizon
            guard time >= target - 1e-9 else { break }
            pendingStart = (pendingStart + 1) % Self.pendingCapacity
            pendingCount -= 1
            let span = time - previous.t
            guard span >= 1e-4 || target >= time else { continue }  // a duplicate time teaches nothing
            let u = target >= time ? 1 : (target - previous.t) / span
            let dx = previous.x + (x - previous.x) * u - pending[base + 1]
            let dy = previous.y + (y - previous.y) * u - pending[base + 2]
            guard abs(dx) <= 10_000, abs(dy) <= 10_000 else { continue }  // finite, within 10 m
            let learned = (x: pending[base + 3], y: pending[base + 4])
            pending.withUnsafeBufferPointer { row in
                let fx = row.baseAddress! + base + 5, fy = fx + n
                // The two predictions' scores on this row: the learnt weights' (as they were when
                // it was made) and the Kalman filter's alone.
                let (lx, ly) = (dx - learned.x, dy - learned.y), (kx, ky) = (dx - fx[Self.lags], dy - fy[Self.lags])
                learnedScore = Self.scoreDecay * learnedScore + lx * lx + ly * ly
                kalmanScore = Self.scoreDecay * kalmanScore + kx * kx + ky * ky
                // A += fx fxᵀ + fy fyᵀ a row at a time, four columns to a vector: only the vectors
                // that reach the diagonal or beyond (the upper triangle, all that `solve` reads).
                let vx = (SIMD4(fx[0], fx[1], fx[2], fx[3]), SIMD4(fx[4], fx[5], fx[6], fx[7]), SIMD4(fx[8], fx[9], fx[10], fx[11]))
                let vy = (SIMD4(fy[0], fy[1], fy[2], fy[3]), SIMD4(fy[4], fy[5], fy[6], fy[7]), SIMD4(fy[8], fy[9], fy[10], fy[11]))
                normal.withUnsafeMutableBufferPointer { a in
                    moment.withUnsafeMutableBufferPointer { b in
                        for i in 0..<n {
                            let gx = fx[i], gy = fy[i]
                            b[i] += gx * dx + gy * dy
                        }
                        for i in 0..<4 {
                            let gx = fx[i], gy = fy[i]
                            a[3 * i] += gx * vx.0 + gy * vy.0
                            a[3 * i + 1] += gx * vx.1 + gy * vy.1
                            a[3 * i + 2] += gx * vx.2 + gy * vy.2
                        }
                        for i in 4..<8 {
                            let gx = fx[i], gy = fy[i]
                            a[3 * i + 1] += gx * vx.1 + gy * vy.1
                            a[3 * i + 2] += gx * vx.2 + gy * vy.2
                        }
                        for i in 8..<12 { a[3 * i + 2] += fx[i] * vx.2 + fy[i] * vy.2 }
                    }
                }
            }
        }
    }

    /// c = A⁻¹ b by Cholesky (A is positive definite through its prior); a factor that fails
    /// (a non-finite row got in) keeps the weights as they were. L's diagonal is kept as its
    /// reciprocals: one division per row instead of one per entry.
    private mutating func solve() {
        let n = Self.featureCount
        var solved = true
        normal.withUnsafeBufferPointer { a in
            factor.withUnsafeMutableBufferPointer { l in
                scratch.withUnsafeMutableBufferPointer { z in
                    for i in 0..<n {
                        for j in 0...i {
                            var sum = a[(j * n + i) >> 2][(j * n + i) & 3]  // the upper triangle: A[j][i] = A[i][j]
                            for k in 0..<j { sum -= l[i * n + k] * l[j * n + k] }
                            if i == j {
                                guard sum > 0, sum.isFinite else { solved = false; return }
                                l[i * n + i] = 1 / sum.squareRoot()
                            } else {
                                l[i * n + j] = sum * l[j * n + j]
                            }
                        }
                    }
                    moment.withUnsafeBufferPointer { b in
                        for i in 0..<n {
                            var sum = b[i]
                            for k in 0..<i { sum -= l[i * n + k] * z[k] }
                            z[i] = sum * l[i * n + i]
                        }
                    }
                }
            }
        }
        guard solved else { return }
        factor.withUnsafeBufferPointer { l in
            scratch.withUnsafeBufferPointer { z in
                weights.withUnsafeMutableBufferPointer { c in
                    for i in stride(from: n - 1, through: 0, by: -1) {
                        var sum = z[i]
                        for k in (i + 1)..<n { sum -= l[k * n + i] * c[k] }
                        c[i] = sum * l[i * n + i]
                    }
                }
            }
        }
    }
}
