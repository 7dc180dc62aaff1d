/// A time base the per-sample stages can trust: the device's stamps made into a steady clock.
///
/// Real streams are uneven (`Recordings/README.md`, and the reference's "Real timestamps"): a
/// toolkit stamps events in milliseconds (a 240 Hz pen gives 4 and 5 ms steps and, coalesced,
/// equal stamps), a wireless tablet or a busy reader delivers a burst of frames microseconds
/// apart after a stall, proximity is lost mid-stroke, a clock steps backwards. A stage that
/// divides by the interval (a velocity, a Kalman filter's step) turns such a stamp into ink thrown
/// metres away. This type is the one place that decides what time a sample is taken at:
///
/// - **The device's rate is learnt from its stream**: ``deviceInterval`` is the mean of the last
///   16 plausible intervals (0.3 ms … 100 ms) near their median (1/200 s until the first is seen).
/// - **Too soon** (less than half the device's interval after the previous sample: a repeated
///   stamp, a burst after a stall, 1 µs steps, a step backwards): the sample is **re-timed** one
///   device interval after the previous one (``Kind/retimed``). The clock may then lead the
///   stamps (``offset`` > 0); longer intervals give the lead back (a slower frame, a pause), so it
///   returns to them without ever compressing a normal interval. Past ``maximumLead`` (0.1 s of
///   invented time) further samples are **merged** into the previous instant (``Kind/merged``,
///   interval 0).
/// - **A stall** (a long interval after which the pen has moved no more than one device interval
///   explains: the caller says so, ``take(_:continuous:)``): the frames were sampled on time but
///   delivered late, so the sample is re-timed one device interval on and the clock lags the
///   stamps (``offset`` < 0) — the burst that follows is then spread at the device's rate up to
///   its last stamp, each of its frames re-timed one interval on until the clock is back.
/// - **A gap** (more than four device intervals and more than 20 ms since the previous sample,
///   and the pen moved: proximity lost and regained, frames dropped) is marked ``Kind/gap``:
///   stages start again from such a sample rather than extrapolating across it.
/// - **A clock set back** by more than ``maximumLead`` (a new session's origin, recordings joined
///   end to end) goes on one device interval after the newest stamp, as a gap: every later stamp
///   is taken as shifted by as much.
/// - Otherwise the sample keeps its own stamp (``Kind/steady``). Stamps on a millisecond grid (a
///   toolkit's: GTK, X11 and Qt stamp events in ms) carry up to a millisecond of rounding; once
///   eight stamps in a row of the device's own intervals lie on the grid, a steady sample's time
///   is taken a tenth of the way from where a phase-locked clock puts it toward its stamp, the
///   clock's period corrected by a two-hundredth of that error (the rounding's jitter shrinks to
///   about a quarter; a stamp farther than 1.5 ms from the clock, a dropped frame or a lead to give
///   back, takes the normal rule).
///
/// The raw stamps are never changed: a ``PenSample`` keeps its `time`; the steady time is what
/// the stages compute with. Constant memory and cost, no allocation: a value type of a few
/// numbers, kept from stroke to stroke (the rate is the device's, not the stroke's).
public struct SampleTimeBase: Hashable, Sendable {
    /// How a sample's steady time was decided.
    public enum Kind: UInt8, Hashable, Sendable {
        /// The stream's first sample: its stamp.
        case first
        /// Its own stamp: an interval the device's rate explains.
        case steady
        /// Its own stamp after a gap: stages start again here.
        case gap
        /// Too soon after the previous sample (a repeated stamp, a burst, a step backwards), or
        /// late after a stall: one device interval after the previous sample's steady time.
        case retimed
        /// Too soon, and the clock already leads the stamps by ``SampleTimeBase/maximumLead``:
        /// the previous sample's instant (interval 0).
        case merged
    }

    /// A sample's time as the stages take it.
    public struct Timing: Hashable, Sendable {
        /// Steady time, seconds (the stamps' origin): never before the previous steady time,
        /// within ``SampleTimeBase/maximumLead`` of the newest stamp.
        public var time: Double
        /// Seconds since the previous sample's steady time (0 for the first and a merged sample).
        public var interval: Double
        public var kind: Kind

        public init(time: Double, interval: Double, kind: Kind) {
            self.time = time
            self.interval = interval
            self.kind = kind
        }

        /// True when the interval is the device's own (a learner may take it): neither the first
        /// sample, nor after a gap, nor re-timed or merged.
        public var isTrusted: Bool { kind == .steady }
    }

    /// Intervals shorter than this are not the device's rate (a burst's microseconds), seconds.
    public static let shortestInterval = 0.0003
    /// Intervals longer than this are not the device's rate (a gap), seconds.
    public static let longestInterval = 0.1
    /// The device interval assumed until one is seen: 200 Hz, seconds.
    public static let defaultInterval = 0.005
    /// A gap is longer than this many device intervals…
    public static let gapIntervals = 4.0
    /// …and longer than this, seconds.
    public static let shortestGap = 0.02
    /// The most the clock may lead or lag the stamps, seconds.
    public static let maximumLead = 0.1
    /// How far a steady sample on a millisecond grid is taken toward its stamp (the clock's gain:
    /// 0.1 predicts 240 Hz cursive stamped in ms within 1.08–1.12 × the even stream's RMS error;
    /// 0.25 without a period of its own, 1.39 ×: `UnevenTimingTests`).
    static let gridGain = 0.1
    /// How much of a rounded stamp's error corrects the phase-locked clock's period.
    static let gridRateGain = 0.005
    /// Stamps in a row on the millisecond grid before the clock treats them as rounded.
    static let gridRun = 8
    /// The farthest a rounded stamp lies from where the rate puts it, seconds (a millisecond's
    /// rounding and half of one of jitter).
    static let gridReach = 0.0015
    /// Intervals kept for the median.
    static let window = 16

    /// The device's interval between samples, seconds: the mean of the last 16 plausible
    /// intervals that lie within half and one and a half times their median (a stall or a
    /// doubled frame does not count; a millisecond grid's 4 and 5 ms give 240 Hz's 4.17 ms);
    /// ``defaultInterval`` until one is seen.
    public private(set) var deviceInterval = defaultInterval
    /// Seconds the steady clock is ahead of the newest stamp (negative: behind it, after a stall),
    /// within ±``maximumLead``.
    public var offset: Double { lastTime - lastStamp }
    /// Stamps in a row that lie on a millisecond grid.
    public private(set) var gridStamps = 0
    /// The phase-locked clock's period on a millisecond grid, seconds (0 until it runs).
    private var gridPeriod = 0.0
    /// Samples taken as late after a stall, since ``init()``.
    public private(set) var stallCount = 0
    /// Samples re-timed, merged, and those whose stamp went backwards, since ``init()``.
    public private(set) var retimedCount = 0
    public private(set) var mergedCount = 0
    public private(set) var backwardCount = 0
    /// Gaps seen since ``init()``.
    public private(set) var gapCount = 0

    private var lastStamp = 0.0
    /// Added to every stamp after the clock was set back (see ``take(_:continuous:)``).
    private var shift = 0.0
    private var lastTime = 0.0
    private var hasState = false
    /// The last plausible intervals (a ring), how many were seen, and since the last median.
    private var intervals = SIMD16<Double>(repeating: 0)
    private var intervalCount = 0
    private var sinceMedian = 0

    public init() {}

    /// Whether a long interval ending at `stamp` would be a gap or a stall: true when it is
    /// longer than a gap (then the caller looks at how far the pen moved, see ``take(_:continuous:)``).
    public func wouldBeGap(_ stamp: Double) -> Bool {
        hasState && stamp + shift - lastStamp > gapLength
    }

    /// The shortest gap, seconds: four device intervals, at least 20 ms.
    public var gapLength: Double { Swift.max(Self.gapIntervals * deviceInterval, Self.shortestGap) }

    /// The steady time of a sample stamped `stamp` seconds (any origin). `continuous`: the pen
    /// moved no farther since the previous sample than one device interval explains, so a long
    /// interval is a stall (the frame was late), not a gap. A non-finite stamp is merged into the
    /// previous instant.
    public mutating func take(_ rawStamp: Double, continuous: Bool = false) -> Timing {
        var stamp = rawStamp + shift
        if hasState, stamp.isFinite, stamp < lastStamp - Self.maximumLead {
            // The clock was set back (a new session's origin, streams joined end to end): its
            // stamps go on one device interval after the newest, a gap for the stages.
            backwardCount += 1
            gapCount += 1
            let newest = lastStamp + deviceInterval
            shift += newest - stamp
            let time = Swift.max(lastTime + deviceInterval, newest)
            let interval = time - lastTime
            lastStamp = newest
            lastTime = time
            return Timing(time: time, interval: interval, kind: .gap)
        }
        guard hasState, stamp.isFinite else {
            guard stamp.isFinite else {
                mergedCount += 1
                return Timing(time: lastTime, interval: 0, kind: .merged)
            }
            hasState = true
            lastStamp = stamp
            lastTime = stamp
            gridStamps = Self.onGrid(stamp) ? 1 : 0
            return Timing(time: stamp, interval: 0, kind: .first)
        }
        let elapsed = stamp - lastStamp
        if elapsed < 0 { backwardCount += 1 }
        learn(elapsed)
        // The grid is judged on the stamps of the device's own intervals (a burst's or a
        // stall's stamps are the reader's, not the clock's rounding).
        if elapsed >= 0.5 * deviceInterval, elapsed <= gapLength {
            gridStamps = Self.onGrid(stamp) ? Swift.min(gridStamps + 1, Self.gridRun) : 0
        }
        let interval = deviceInterval
        var step: Double
        var kind: Kind
        // What the clock would lead the newest stamp by after a step of one interval.
        let newest = Swift.max(lastStamp, stamp)
        if elapsed < 0.5 * interval {
            if lastTime + interval - newest > Self.maximumLead {
                step = 0
                kind = .merged
                mergedCount += 1
            } else {
                step = interval
                kind = .retimed
                retimedCount += 1
            }
        } else if elapsed > gapLength {
            if continuous, newest - (lastTime + interval) <= Self.maximumLead {
                // A stall: sampled on time, delivered late.
                step = interval
                kind = .retimed
                stallCount += 1
            } else {
                // A gap gives back any lead (and forgets a lag: the pen moved meanwhile).
                step = Swift.max(stamp - lastTime, interval)
                kind = .gap
                gapCount += 1
            }
        } else if gridStamps >= Self.gridRun, intervalCount > 0, abs(stamp - (lastTime + lockedPeriod(near: interval))) <= Self.gridReach {
            // Rounded stamps: a phase-locked clock of its own period, a tenth of the way toward
            // the stamp, the period corrected by a two-hundredth of the error. (A stamp farther
            // than rounding explains, a dropped frame or a lead to give back, takes the rule below.)
            let error = stamp - (lastTime + gridPeriod)
            step = gridPeriod + Self.gridGain * error
            gridPeriod += Self.gridRateGain * error
            kind = .steady
        } else {
            // A normal interval keeps its length; a longer one gives back a lead.
            step = Swift.max(elapsed - Swift.max(offset, 0), Swift.min(elapsed, interval))
            kind = .steady
        }
        let time = lastTime + step
        // The stamp only moves forward: a backward stamp leaves the reference where it was.
        lastStamp = newest
        lastTime = time
        return Timing(time: time, interval: step, kind: kind)
    }

    /// The phase-locked clock's period, taken from the device's interval when it has none or has
    /// strayed from it by more than a quarter.
    private mutating func lockedPeriod(near interval: Double) -> Double {
        if gridPeriod == 0 || abs(gridPeriod - interval) > 0.25 * interval { gridPeriod = interval }
        return gridPeriod
    }

    /// True when `stamp` (seconds) is a whole number of milliseconds.
    @inline(__always)
    static func onGrid(_ stamp: Double) -> Bool {
        let ms = stamp * 1000
        return abs(ms - ms.rounded()) < 1e-6
    }

    /// Takes a plausible interval into the window; the rate is taken again at each of the first
    /// 16 and then every 16th (amortized: a 16-value sort on the stack every 16 samples).
    private mutating func learn(_ elapsed: Double) {
        guard elapsed >= Self.shortestInterval, elapsed <= Self.longestInterval else { return }
        intervals[intervalCount % Self.window] = elapsed
        intervalCount += 1
        sinceMedian += 1
        guard intervalCount <= Self.window || sinceMedian >= 16 else { return }
        sinceMedian = 0
        let count = Swift.min(intervalCount, Self.window)
        let window = intervals
        deviceInterval = withUnsafeTemporaryAllocation(of: Double.self, capacity: Self.window) { sorted in
            // Insertion sort of the first `count` values.
            for i in 0..<count {
                let value = window[i]
                var j = i
                while j > 0, sorted[j - 1] > value {
                    sorted[j] = sorted[j - 1]
                    j -= 1
                }
                sorted[j] = value
            }
            let median = sorted[(count - 1) / 2]
            var sum = 0.0, kept = 0.0
            for i in 0..<count where sorted[i] >= 0.5 * median && sorted[i] <= 1.5 * median {
                sum += sorted[i]
                kept += 1
            }
            // Until four intervals are seen one of them may be a stall: never slower than the default.
            return intervalCount < 4 ? Swift.min(sum / kept, Self.defaultInterval) : sum / kept
        }
    }
}
