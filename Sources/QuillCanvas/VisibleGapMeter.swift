import QuillCore

/// The gap a person sees: for each frame that shows the ink of a stroke in contact, the distance
/// between the ink's end as drawn and where the pen is at the moment the frame is painted.
///
/// A frame is noted when it is presented (``presented(at:drawnEnd:committedEnd:)``: its paint-end
/// time on the monotonic clock, the end of the ink it shows — the prediction tail's tip when one is
/// drawn — and the last committed point, the end it would show without prediction). Where the
/// pen is at that moment is known only later: the frame waits in a ring until pen samples
/// (``addPen(at:time:)``, times on the same clock) reach ``speedWindow``/2 past it, then the pen's
/// position is interpolated between the two samples that bracket the frame's time, and the pen's
/// speed is taken over the ``speedWindow`` centred on it. One run gives both gaps.
///
/// Positions are tablet millimetres. Per sample and per frame the work is constant (a binary
/// search of the pen's ring), and nothing is allocated but the growing list of measured
/// ``frames`` (amortized; ``init(penCapacity:frameCapacity:measuredCapacity:)`` reserves it).
/// Times that repeat, stall or step back never give a non-finite number: a step back is taken as
/// the previous time, and an interpolation only ever divides by a span longer than zero.
public struct VisibleGapMeter: Sendable {
    /// One measured frame.
    public struct Frame: Hashable, Sendable {
        /// Monotonic seconds: when the frame was painted (the end of its paint).
        public var time: Double
        /// Millimetres from the ink's end as drawn (the prediction tail's tip when one was drawn)
        /// to the pen at ``time``.
        public var gap: Double
        /// Millimetres from the last committed point (the ink's end without prediction) to the
        /// pen at ``time``.
        public var gapWithoutPrediction: Double
        /// The pen's speed around ``time``, millimetres per second: its displacement over
        /// ``VisibleGapMeter/speedWindow`` centred on the frame, nil when the pen's samples cover
        /// less than half of that window (the pen just came, or left).
        public var penSpeed: Double?
        /// How far the ink's end as drawn is ahead of the pen along the pen's way (millimetres:
        /// positive ahead — the prediction overshoots —, negative behind), nil without a speed or
        /// for a pen at rest. The gap's part along the motion; the rest is across it.
        public var lead: Double?
        /// The same for the last committed point.
        public var leadWithoutPrediction: Double?

        public init(time: Double, gap: Double, gapWithoutPrediction: Double, penSpeed: Double?, lead: Double? = nil, leadWithoutPrediction: Double? = nil) {
            self.time = time
            self.gap = gap
            self.gapWithoutPrediction = gapWithoutPrediction
            self.penSpeed = penSpeed
            self.lead = lead
            self.leadWithoutPrediction = leadWithoutPrediction
        }
    }

    /// Seconds over which the pen's speed is taken, centred on the frame: 1/60 s, one frame of a
    /// 60 Hz display (long enough that a sample's noise or a repeated stamp does not make a speed).
    public static let speedWindow = 1.0 / 60

    /// The frames measured so far, in order.
    public private(set) var frames: [Frame] = []
    /// Frames whose pen position could not be known: the frame came before the pen's first
    /// sample, after its last one before it left, or waited longer than the rings hold.
    public private(set) var unresolvedFrames = 0

    private struct Fix {
        var time: Double
        var x: Double
        var y: Double
    }

    private struct Waiting {
        var time: Double
        var drawn: TabletPoint
        var committed: TabletPoint
    }

    /// The pen's last samples (a ring).
    private var fixes: [Fix]
    private var fixStart = 0
    private var fixCount = 0
    /// Frames awaiting the pen's position (a ring).
    private var waiting: [Waiting]
    private var waitingStart = 0
    private var waitingCount = 0

    /// `penCapacity` pen samples kept (1024: a second of a 1 kHz pen), `frameCapacity` frames
    /// waiting at most (64: a second at 60 Hz), room for `measuredCapacity` measured frames.
    public init(penCapacity: Int = 1024, frameCapacity: Int = 64, measuredCapacity: Int = 4096) {
        fixes = Array(repeating: Fix(time: 0, x: 0, y: 0), count: Swift.max(2, penCapacity))
        waiting = Array(repeating: Waiting(time: 0, drawn: TabletPoint(x: 0, y: 0), committed: TabletPoint(x: 0, y: 0)), count: Swift.max(1, frameCapacity))
        frames.reserveCapacity(Swift.max(0, measuredCapacity))
    }

    /// The pen was at `location` (tablet millimetres) at monotonic second `time`: frames it
    /// answers are measured. A sample with a non-finite value is skipped; a time before the last
    /// one (a clock stepping back) is taken as the last one.
    public mutating func addPen(at location: TabletPoint, time: Double) {
        guard time.isFinite, location.x.isFinite, location.y.isFinite else { return }
        let at = fixCount > 0 ? Swift.max(time, fix(fixCount - 1).time) : time
        if fixCount == fixes.count {
            fixStart = (fixStart + 1) % fixes.count
            fixCount -= 1
        }
        fixes[(fixStart + fixCount) % fixes.count] = Fix(time: at, x: location.x, y: location.y)
        fixCount += 1
        resolve(upTo: at, leaving: false)
    }

    /// A frame was presented at monotonic second `time` showing the ink of a stroke in contact
    /// ending at `drawnEnd` (the prediction tail's tip when one was drawn), its last committed
    /// point at `committedEnd` (tablet millimetres). It is measured once the pen's samples reach
    /// past it. A frame with a non-finite value is not noted.
    public mutating func presented(at time: Double, drawnEnd: TabletPoint, committedEnd: TabletPoint) {
        guard time.isFinite, drawnEnd.x.isFinite, drawnEnd.y.isFinite, committedEnd.x.isFinite, committedEnd.y.isFinite else { return }
        if waitingCount == waiting.count {
            // The oldest waited a whole ring: the pen's samples stopped coming.
            waitingStart = (waitingStart + 1) % waiting.count
            waitingCount -= 1
            unresolvedFrames += 1
        }
        waiting[(waitingStart + waitingCount) % waiting.count] = Waiting(time: time, drawn: drawnEnd, committed: committedEnd)
        waitingCount += 1
        if fixCount > 0 { resolve(upTo: fix(fixCount - 1).time, leaving: false) }
    }

    /// The pen left (proximity out, the input ended): the frames its samples reach are measured
    /// with the samples there are, the others are not, and the pen's track starts again.
    public mutating func penLeft() {
        if fixCount > 0 { resolve(upTo: fix(fixCount - 1).time, leaving: true) }
        unresolvedFrames += waitingCount
        waitingStart = 0
        waitingCount = 0
        fixStart = 0
        fixCount = 0
    }

    /// Frames still waiting for the pen.
    public var waitingFrames: Int { waitingCount }

    // MARK: - Measuring

    private func fix(_ index: Int) -> Fix { fixes[(fixStart + index) % fixes.count] }

    /// Measures the waiting frames the pen's samples up to `latest` answer: those at least half the
    /// speed window before it (all up to it when the pen is `leaving`).
    private mutating func resolve(upTo latest: Double, leaving: Bool) {
        let half = Self.speedWindow / 2
        while waitingCount > 0 {
            let frame = waiting[waitingStart]
            guard leaving ? frame.time <= latest : frame.time + half <= latest else { return }
            waitingStart = (waitingStart + 1) % waiting.count
            waitingCount -= 1
            measure(frame)
        }
    }

    private mutating func measure(_ frame: Waiting) {
        guard fixCount > 0 else {
            unresolvedFrames += 1
            return
        }
        let oldest = fix(0).time, newest = fix(fixCount - 1).time
        guard frame.time >= oldest, frame.time <= newest else {
            unresolvedFrames += 1
            return
        }
        let pen = position(at: frame.time)
        let half = Self.speedWindow / 2
        let from = Swift.max(frame.time - half, oldest), to = Swift.min(frame.time + half, newest)
        var speed: Double?
        var lead: Double?, leadWithoutPrediction: Double?
        // At least half the window (a frame at the pen's last sample has just that; doubles may
        // round it a hair short).
        if to - from >= half * (1 - 1e-9) {
            let a = position(at: from), b = position(at: to)
            let moved = distance(a, b)
            speed = moved / (to - from)
            if moved > 0 {
                let ux = (b.x - a.x) / moved, uy = (b.y - a.y) / moved
                lead = (frame.drawn.x - pen.x) * ux + (frame.drawn.y - pen.y) * uy
                leadWithoutPrediction = (frame.committed.x - pen.x) * ux + (frame.committed.y - pen.y) * uy
            }
        }
        frames.append(Frame(
            time: frame.time, gap: distance(frame.drawn, pen), gapWithoutPrediction: distance(frame.committed, pen), penSpeed: speed,
            lead: lead, leadWithoutPrediction: leadWithoutPrediction))
    }

    /// The pen's position at `time` (within the ring's times): linear between the two samples
    /// that bracket it (the last one at or before it, and the next, strictly after it).
    private func position(at time: Double) -> TabletPoint {
        // The last sample at or before `time` (the first one is: the caller checked).
        var low = 0, high = fixCount - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if fix(middle).time <= time { low = middle } else { high = middle - 1 }
        }
        let before = fix(low)
        guard low + 1 < fixCount else { return TabletPoint(x: before.x, y: before.y) }
        let after = fix(low + 1)
        // after.time > time >= before.time: the span is longer than zero.
        let f = (time - before.time) / (after.time - before.time)
        return TabletPoint(x: before.x + (after.x - before.x) * f, y: before.y + (after.y - before.y) * f)
    }

    private func distance(_ a: TabletPoint, _ b: TabletPoint) -> Double {
        let dx = a.x - b.x, dy = a.y - b.y
        return (dx * dx + dy * dy).squareRoot()
    }
}
