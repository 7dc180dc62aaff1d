import Foundation
import QuillCore
import QuillGestures
import QuillInput
import QuillStroke
import QuillSystem

/// What `quill live` streams, whichever backend read the tablets: samples (as `quill samples`),
/// smoothed strokes (as `quill strokes --emit smoothed`) or gestures (as `quill gestures`), each
/// tablet (``PenSample/deviceIndex``) with its own stroke recorder and gesture recognizer. Times
/// are seconds from the start of the run, one clock for every tablet and both backends, and a
/// tablet's times never step back (libinput stamps the tip-up it makes at an unplug up to 300 ms
/// before the last sample read: such a time is raised to the last one).
struct LiveEmitter {
    let emit: Live.Emit
    /// Whether ``latencies`` are kept (`--stats`).
    let measuresLatency: Bool
    private let output = TextOutput()
    private(set) var summary = SampleSummary()
    /// Seconds from the events being readable to their lines being written, one per read that wrote.
    private(set) var latencies: [Double] = []
    private var recorders: [Int: DrawingRecorder] = [:]
    private var recognizers: [Int: GestureRecognizer] = [:]
    private var interaction: PencilInteraction
    private var gestureEvents: [GestureEvent] = []
    private var wroteSince = false
    private var lastTimes: [Int: Double] = [:]
    private var padLastTimes: [Int: Double] = [:]

    init(emit: Live.Emit, measuresLatency: Bool) {
        self.emit = emit
        self.measuresLatency = measuresLatency
        interaction = PencilInteraction(preferences: (try? PreferencesFile.read(PreferencesFile.systemPath)) ?? PencilPreferences())
    }

    /// Streams one sample of the tablet whose area `mapping` maps onto the canvas.
    mutating func add(_ original: PenSample, mapping: TabletMapping) {
        var sample = original
        if let last = lastTimes[sample.deviceIndex], sample.time < last { sample.time = last }
        lastTimes[sample.deviceIndex] = sample.time
        summary.add(sample)
        wroteSince = true
        let device = sample.deviceIndex
        switch emit {
        case .samples:
            output.line(SampleEncoding.jsonl.line(for: sample))
        case .strokes:
            if recorders[device] == nil, let ink = try? Ink(type: .pen) { recorders[device] = DrawingRecorder(ink: ink, mapping: mapping, keepsDrawing: false) }
            if let update = recorders[device]?.add(sample) { output.line(Strokes.smoothedLine(update, pressure: sample.pressure)) }
        case .gestures:
            recognizers[device, default: GestureRecognizer()].add(sample, into: &gestureEvents)
            write(interaction.handlePuckButtons(of: sample, pose: HoverPose(sample)))
        case .pad:
            break  // pens are read (so a pen and its pad run together) but only pad events are streamed
        }
    }

    /// Streams one pad event (`--emit pad`, as `quill pad`); with `--emit gestures` it acts through
    /// the person's pad bindings (as `quill gestures`).
    mutating func add(_ original: PadEvent) {
        // A pad's times never step back either (its own device number).
        var event = original
        if let last = padLastTimes[event.deviceIndex], event.time < last { event.time = last }
        padLastTimes[event.deviceIndex] = event.time
        switch emit {
        case .pad:
            output.line(PadEventEncoding.jsonLine(for: event))
            wroteSince = true
        case .gestures:
            guard let outcome = interaction.handle(event, pose: nil) else { return }
            for line in GestureOutput.lines(for: outcome) { output.line(line) }
            wroteSince = true
        case .samples, .strokes:
            break
        }
    }

    /// The tablet's pen left proximity at `time` (a squeeze in progress is cancelled).
    mutating func proximityOut(device: Int, at time: Double) {
        guard emit == .gestures else { return }
        recognizers[device, default: GestureRecognizer()].proximityOut(at: time, into: &gestureEvents)
        write(interaction.releasePuckButtons(device: device, at: time))
    }

    /// Writes the outcomes of puck buttons after what the recognizers had; the loop's next flush
    /// sends them.
    private mutating func write(_ outcomes: [PencilInteraction.Outcome]) {
        guard !outcomes.isEmpty else { return }
        flush(readable: nil)
        for outcome in outcomes { for line in GestureOutput.lines(for: outcome) { output.line(line) } }
        wroteSince = true
    }

    /// When the tablet's gesture recognizer next needs the time to pass (a pending single press,
    /// a squeeze hold), in that tablet's clock; nil when nothing waits.
    func nextDeadline(device: Int) -> Double? {
        emit == .gestures ? recognizers[device]?.nextDeadline : nil
    }

    /// Lets time pass for the tablet's gesture recognizer up to `now` (its clock), if a deadline passed.
    mutating func advance(device: Int, to now: Double) {
        guard let deadline = nextDeadline(device: device), now >= deadline else { return }
        recognizers[device]?.advance(to: now, into: &gestureEvents)
    }

    /// Writes what is pending; `readable` (monotonic seconds) is when the events that led to it
    /// could be read, for the latency statistics (nil: not a read, nothing to measure).
    mutating func flush(readable: Double?) {
        for event in gestureEvents {
            guard let outcome = interaction.handle(event) else { continue }
            for line in GestureOutput.lines(for: outcome) { output.line(line) }
            wroteSince = true
        }
        gestureEvents.removeAll(keepingCapacity: true)
        guard wroteSince else { return }
        output.flush()
        if measuresLatency, let readable { latencies.append(MonotonicClock.now() - readable) }
        wroteSince = false
    }

    /// The tablet's run ended at `time`: its open stroke and pending gestures are closed.
    mutating func finish(device: Int, at time: Double) {
        recognizers[device]?.finish(at: time, into: &gestureEvents)
        recorders[device]?.finish()
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
