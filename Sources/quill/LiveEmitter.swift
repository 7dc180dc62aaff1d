import Foundation
import QuillCore
import QuillDevices
import QuillDrawing
import QuillGestures
import QuillInput
import QuillStroke
import QuillSystem

/// What `quill live` streams, whichever backend read the tablets: samples (as `quill samples`),
/// smoothed strokes (as `quill strokes --emit smoothed`: ``TabletDrawings``, a drawing session per
/// tablet) or gestures (as `quill gestures`). Times are seconds from the start of the run, one
/// clock for every tablet and both backends, and a tablet's times never step back
/// (``MonotonicDeviceTimes``).
struct LiveEmitter {
    let emit: Live.Emit
    /// Whether ``latencies`` are kept (`--stats`).
    let measuresLatency: Bool
    private let output = TextOutput()
    private(set) var summary = SampleSummary()
    /// Seconds from the events being readable to their lines being written, one per read that wrote.
    private(set) var latencies: [Double] = []
    /// `--emit strokes`: each tablet's drawing, as `quill strokes` draws it.
    private var drawings: TabletDrawings?
    private var session: PencilSession
    private var outcomes: [PencilInteraction.Outcome] = []
    private var fingerGestures: [FingerGesture] = []
    private var wroteSince = false
    private var sampleTimes = MonotonicDeviceTimes()
    private var padTimes = MonotonicDeviceTimes()

    init(emit: Live.Emit, measuresLatency: Bool) {
        self.emit = emit
        self.measuresLatency = measuresLatency
        let preferences = (try? PreferencesFile.read(PreferencesFile.systemPath)) ?? PencilPreferences()
        session = PencilSession(preferences: preferences)
        if emit == .strokes, let ink = try? Ink(type: .pen) { drawings = TabletDrawings(ink: ink, preferences: preferences) }
    }

    /// Streams one sample of the tablet whose area `mapping` maps onto the canvas.
    private mutating func add(_ original: PenSample, mapping: TabletMapping) {
        let sample = sampleTimes.ordered(original)
        summary.add(sample)
        wroteSince = true
        switch emit {
        case .samples:
            output.line(SampleEncoding.jsonl.line(for: sample))
        case .strokes:
            // The drawing's own gestures are not streamed (--emit gestures streams them).
            if let update = drawings?.add(sample, mapping: mapping) { output.line(Strokes.smoothedLine(update, pressure: sample.pressure)) }
        case .gestures:
            session.handle(.sample(sample), into: &outcomes)
        case .pad, .touches:
            break  // pens are read (so a pen and its pad run together, and a pen arbitrates its touches) but not streamed
        }
    }

    /// Streams one pad event (`--emit pad`, as `quill pad`); with `--emit gestures` it acts through
    /// the person's pad bindings (as `quill gestures`).
    private mutating func add(_ original: PadEvent) {
        let event = padTimes.ordered(original)  // a pad's times never step back either (its own numbers)
        switch emit {
        case .pad:
            output.line(PadEventEncoding.jsonLine(for: event))
            wroteSince = true
        case .gestures:
            session.handle(.pad(event), into: &outcomes)
        case .samples, .strokes, .touches:
            break
        }
    }

    /// Any event of a source, whichever backend: a sample (drawn on `mapping`, the device's), a pad
    /// event, a removal (its stroke closed), a proximity change (with `--emit gestures` a
    /// proximity-out ends a squeeze and releases a puck's bound buttons).
    mutating func take(_ event: TabletEvent, mapping: TabletMapping?) {
        switch event {
        case .sample(let sample):
            if let mapping { add(sample, mapping: mapping) }
        case .pad(let pad):
            add(pad)
        case let .deviceRemoved(device, time):
            remove(device: device, at: time)
        case .touch(let touch):
            if emit == .touches {
                output.line(JSONLineEncoder().line(TouchRecord(touch)))
                wroteSince = true
            } else if emit == .gestures {
                session.handle(event, into: &outcomes, fingers: &fingerGestures)
            }
        case .touchFrame:
            if emit == .gestures { session.handle(event, into: &outcomes, fingers: &fingerGestures) }
        case .proximityIn, .proximityOut, .deviceAdded, .deviceBack:
            if emit == .gestures { session.handle(event, into: &outcomes) }
        }
    }

    /// When the gesture session next needs time to pass (a pending single press, a squeeze hold),
    /// in the run's clock; nil when nothing waits.
    var nextDeadline: Double? { emit == .gestures ? session.nextDeadline : nil }

    /// Lets time pass for the gesture session up to `now` (the run's clock).
    mutating func advance(to now: Double) {
        guard let deadline = nextDeadline, now >= deadline else { return }
        session.advance(to: now, into: &outcomes)
    }

    /// Writes what is pending; `readable` (monotonic seconds) is when the events that led to it
    /// could be read, for the latency statistics (nil: not a read, nothing to measure).
    mutating func flush(readable: Double?) {
        for outcome in outcomes {
            for line in GestureOutput.lines(for: outcome) { output.line(line) }
            wroteSince = true
        }
        outcomes.removeAll(keepingCapacity: true)
        for gesture in fingerGestures {
            guard let record = FingerGestureRecord(gesture) else { continue }
            output.line(JSONLineEncoder().line(record))
            wroteSince = true
        }
        fingerGestures.removeAll(keepingCapacity: true)
        guard wroteSince else { return }
        output.flush()
        if measuresLatency, let readable { latencies.append(MonotonicClock.now() - readable) }
        wroteSince = false
    }

    /// The tablet went away at `time` (libinput removed it): its open stroke is closed, its
    /// squeeze ends, a puck's bound buttons are released.
    private mutating func remove(device: Int, at time: Double) {
        drawings?.finish(device: device, at: time)
        if emit == .gestures { session.handle(.deviceRemoved(device: device, time: time), into: &outcomes) }
        flush(readable: nil)
    }

    /// The run ended at `time`: open strokes and pending gestures are closed.
    mutating func finish(at time: Double) {
        drawings?.finish(at: time)
        if emit == .gestures { session.finish(at: time, into: &outcomes) }
        flush(readable: nil)
    }

    /// The `--stats` part of the summary line, or "" without reads.
    var latencyText: String {
        guard !latencies.isEmpty else { return "" }
        let sorted = latencies.sorted()
        let p50 = sorted[sorted.count / 2], p99 = sorted[min(sorted.count - 1, sorted.count * 99 / 100)]
        return String(format: "; latency readable→written p50 %.1f µs, p99 %.1f µs over %d reads", p50 * 1e6, p99 * 1e6, sorted.count)
    }
}
