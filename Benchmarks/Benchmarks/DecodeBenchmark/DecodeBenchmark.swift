import Benchmark
import Foundation
import QuillCore
import QuillGestures
import QuillInput
import QuillService

// Decoding the largest real recording (Wacom Cintiq 22HDT: 28 518 events, 5 647 frames, 2.2 MB).
// Multiply the reported throughput by 28 518 for events/s (whole-file benchmarks) — the
// per-frame benchmark reports frames/s directly and its percentiles are per frame (per sample).

let recordings = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Recordings")
let largest = recordings.appendingPathComponent("evemu-devices/Wacom-Cintiq-22HDT-Pen.events").path

/// Frames of the largest recording, read once.
func loadFrames() throws -> (DeviceDescription, [[InputEvent]]) {
    let reader = try Recording.open(path: largest)
    var device: DeviceDescription?
    var frames: [[InputEvent]] = []
    var assembler = FrameAssembler()
    while let item = try reader.next() {
        switch item {
        case let .device(_, description): device = description
        case let .event(_, event, _):
            if assembler.add(event) == .frameComplete {
                frames.append(assembler.pending)
                assembler.clear()
            }
        }
    }
    guard let device else { throw RecordingError(file: largest, line: nil, message: "no device") }
    return (device, frames)
}

/// Replays a whole file, reusing one sample buffer; returns the sample count.
func replayAll(_ path: String) throws -> Int {
    let replay = try SampleReplay(path: path)
    var samples: [PenSample] = []
    var count = 0
    while try replay.nextSamples(into: &samples) {
        count += samples.count
        samples.removeAll(keepingCapacity: true)
    }
    return count
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal, .peakMemoryResident],
        maxDuration: .seconds(3), maxIterations: 10_000)

    Benchmark(
        "TabletDecoder per frame (22HDT frames in memory)",
        configuration: .init(
            metrics: [.wallClock, .throughput, .mallocCountTotal, .instructions],
            scalingFactor: .kilo, maxDuration: .seconds(3))
    ) { benchmark, setup in
        let (device, frames) = setup
        var decoder = try TabletDecoder(device: device)
        var samples: [PenSample] = []
        samples.reserveCapacity(8)
        // Warm up: one pass grows nothing afterwards.
        for frame in frames { decoder.decode(frame: frame[...], into: &samples); samples.removeAll(keepingCapacity: true) }
        benchmark.startMeasurement()
        var index = 0
        for _ in benchmark.scaledIterations {
            decoder.decode(frame: frames[index][...], into: &samples)
            samples.removeAll(keepingCapacity: true)
            index += 1
            if index == frames.count { index = 0 }
        }
        blackHole(samples)
    } setup: {
        try loadFrames()
    }

    // `quill service`'s per-frame work: decode, the one PencilSession, the rewritten frame (the
    // person's default preferences: double taps switch the pen end to the eraser). Each pass over
    // the frames is moved later in time, so the relay sees one long stream.
    Benchmark(
        "TabletRelay per frame (22HDT frames in memory, default preferences)",
        configuration: .init(
            metrics: [.wallClock, .throughput, .mallocCountTotal, .instructions],
            scalingFactor: .kilo, maxDuration: .seconds(3))
    ) { benchmark, setup in
        let (device, frames) = setup
        let relay = try TabletRelay(device: device, preferences: PencilPreferences())
        var feeder = RelayFeeder(relay: relay, frames: frames)
        func step() { feeder.step() }
        // Warm up: two passes grow every buffer.
        for _ in 0..<(2 * frames.count) { step() }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { step() }
        blackHole(feeder.output)
    } setup: {
        try loadFrames()
    }

    Benchmark(
        "TabletRelay per frame (22HDT frames in memory, every feature on)",
        configuration: .init(
            metrics: [.wallClock, .throughput, .mallocCountTotal, .instructions],
            scalingFactor: .kilo, maxDuration: .seconds(3))
    ) { benchmark, setup in
        let (device, frames) = setup
        // Issue 39's features at once: a tip threshold and curve, an area on half the screen with
        // kept proportions and a left hand, BTN_STYLUS2 scrolling, BTN_STYLUS3 clicking only while
        // touching, a key chord for the squeeze, smoothing.
        var preferences = PencilPreferences()
        preferences.penPressure[PenPressureScope(text: "*/*")!] = try PenPressure(curve: try PressureCurve([0, 50, 50, 100]), tipThreshold: 8)
        preferences.tabletAreas[ModelID?.none] = try TabletAreaSettings(
            area: try TabletAreaSettings.Region(x: 20, y: 10, width: 300, height: 200), screen: try TabletAreaSettings.Region(x: 0, y: 0, width: 0.5, height: 1),
            screenSize: [3840, 2160], keepsProportions: true, isLeftHanded: true)
        preferences.penButtons = [.stylus2: .scroll, .stylus3: .clickWhileTouching]
        preferences.keyChords["showContextualPalette"] = try KeyChord(parsing: "ctrl+shift+p")
        let relay = try TabletRelay(device: device, preferences: preferences, options: RelayOptions(smoothing: .defaults))
        var feeder = RelayFeeder(relay: relay, frames: frames)
        func step() { feeder.step() }
        for _ in 0..<(2 * frames.count) { step() }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { step() }
        blackHole(feeder.output)
    } setup: {
        try loadFrames()
    }

    Benchmark("Replay 22HDT evemu file (read + decode, 28518 events)") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try replayAll(largest)) }
    }

    Benchmark("Replay 22HDT as libinput record YAML (read + decode, 28518 events)") { benchmark, path in
        for _ in benchmark.scaledIterations { blackHole(try replayAll(path)) }
    } setup: {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("quill-bench-22hdt.yml").path
        _ = try RecordingConverter.convert(input: largest, output: path)
        return path
    }
}

/// The 22HDT's frames through a relay over and over, each pass shifted later in time so the clock
/// never runs back (deadlines decided as a live loop decides them).
struct RelayFeeder {
    var relay: TabletRelay
    let frames: [[InputEvent]]
    var output = RelayOutput()
    private var frame: [InputEvent] = []
    private var index = 0, shift: Int64 = 0
    private let span: Int64

    init(relay: TabletRelay, frames: [[InputEvent]]) {
        self.relay = relay
        self.frames = frames
        frame.reserveCapacity(64)
        span = (frames.last?.last?.microseconds ?? 0) - (frames.first?.first?.microseconds ?? 0) + 1_000_000
    }

    mutating func step() {
        frame.removeAll(keepingCapacity: true)
        for event in frames[index] { frame.append(InputEvent(microseconds: event.microseconds + shift, type: event.type, code: event.code, value: event.value)) }
        output.removeAll()
        if let deadline = relay.nextDeadline, deadline < frame[frame.count - 1].microseconds { relay.advance(to: deadline, into: &output) }
        relay.relay(frame[...], into: &output)
        index += 1
        if index == frames.count { index = 0; shift += span }
    }
}
