import Benchmark
import Foundation
import QuillCore
import QuillInput

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
