import Benchmark
import Foundation
import QuillCore
import QuillInput
import QuillStroke

// The stroke engine's per-sample path (smoothing + prediction + stroke point + brush geometry),
// measured at stroke lengths of 1k, 10k and 100k samples: the cost per sample must not grow.

let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
let largest = repository.appendingPathComponent("Recordings/evemu-devices/Wacom-Cintiq-22HDT-Pen.events").path

/// A long synthetic handwriting-like stroke at 200 Hz (loops of 10 mm drifting across the tablet).
func syntheticStroke(count: Int, mapping: TabletMapping) -> [PenSample] {
    (0..<count).map { index in
        let t = Double(index) / 200
        let mm = TabletPoint(x: 20 + 0.01 * Double(index % 18000) + 5 * cos(7 * t), y: 70 + 5 * sin(11 * t))
        return PenSample(
            time: t, location: mapping.canvasPoint(for: mm), tabletLocation: mm, phase: index == 0 ? .began : .moved, tool: .pen,
            force: 1.5, pressure: 0.35 + 0.2 * sin(3 * t), altitude: 1.0, azimuth: 2.0)
    }
}

let benchmarks: @Sendable () -> Void = {
    let mapping = try! TabletMapping(areaWidth: 224, areaHeight: 148, canvas: .iPadPro129Landscape)
    for length in [1_000, 10_000, 100_000] {
        Benchmark(
            "StrokeEngine per sample, stroke already \(length) samples long",
            configuration: .init(metrics: [.wallClock, .throughput, .mallocCountTotal, .instructions], scalingFactor: .kilo, maxDuration: .seconds(2))
        ) { benchmark, samples in
            var engine = StrokeEngine(ink: try Ink(type: .pen), mapping: mapping)
            var geometry = BrushGeometry()
            var tail = BrushGeometry()
            geometry.vertices.reserveCapacity(256)
            geometry.triangles.reserveCapacity(512)
            geometry.pieceStarts.reserveCapacity(8)
            tail.vertices.reserveCapacity(256)
            tail.triangles.reserveCapacity(512)
            tail.pieceStarts.reserveCapacity(8)
            for sample in samples.prefix(length) {
                geometry.removeAll()
                _ = engine.add(sample, geometry: &geometry)
            }
            benchmark.startMeasurement()
            var index = length
            for _ in benchmark.scaledIterations {
                geometry.removeAll()
                let update = engine.add(samples[index], geometry: &geometry)
                engine.tail(toward: update, into: &tail)
                index += 1
            }
            blackHole(geometry)
        } setup: {
            syntheticStroke(count: length + 200_000, mapping: mapping)
        }
    }

    // One 10-minute stroke at 240 Hz (144 000 samples), each sample measured on its own: the
    // worst case along the stroke (issue 13's goal: max ≤ 50 µs, p99 ≤ 10 µs). With the path
    // recorded (a drawing being saved) the point array doubles now and then; without it (an app
    // that draws from the geometry, libquill's engines) nothing grows with the stroke.
    for records in [true, false] {
        Benchmark(
            "StrokeEngine, one 10-minute 240 Hz stroke, each sample (recordsPath \(records))",
            configuration: .init(
                metrics: [.wallClock, .throughput, .mallocCountTotal], scalingFactor: .one,
                maxDuration: .seconds(120), maxIterations: 144_000, thresholds: nil)
        ) { _, stroke in
            stroke.addNext()
        } setup: {
            LongStroke(records: records, mapping: mapping)
        }
        // The whole stroke at once, for the memory it leaves behind (resident peak).
        Benchmark(
            "StrokeEngine, one 10-minute 240 Hz stroke, whole (recordsPath \(records))",
            configuration: .init(metrics: [.wallClock, .peakMemoryResident, .mallocCountTotal], maxDuration: .seconds(60), maxIterations: 3, thresholds: nil)
        ) { _, stroke in
            for _ in 0..<144_000 { stroke.addNext() }
        } setup: {
            LongStroke(records: records, mapping: mapping)
        }
    }

    // The same whole stroke for each ink (issue 24's goals: ≤ 0.3 µs a sample for the pen,
    // ≤ 0.4 µs for the marker and watercolour, whose nibs have up to 32 vertices).
    for type in [InkType.pen, .pencil, .marker, .watercolor] {
        Benchmark(
            "StrokeEngine, one 10-minute 240 Hz stroke, whole, \(type.rawValue) (recordsPath false)",
            configuration: .init(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(60), maxIterations: 5, thresholds: nil)
        ) { _, stroke in
            for _ in 0..<144_000 { stroke.addNext() }
        } setup: {
            LongStroke(records: false, mapping: mapping, ink: type)
        }
    }

    // What measuring one sample at a time costs by itself (package-benchmark's own per-iteration
    // work, its mallocs included): subtract it from the per-sample figures above.
    Benchmark(
        "Harness: an empty iteration (the overhead inside each 10-minute-stroke figure)",
        configuration: .init(metrics: [.wallClock, .mallocCountTotal], scalingFactor: .one, maxDuration: .seconds(30), maxIterations: 144_000, thresholds: nil)
    ) { _ in
        blackHole(0)
    }

    Benchmark(
        "Recording to geometry: 22HDT replay + smoothing + prediction + geometry",
        configuration: .init(metrics: [.wallClock, .throughput, .mallocCountTotal], maxDuration: .seconds(3))
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            let replay = try SampleReplay(path: largest)
            var samples: [PenSample] = []
            var recorder: DrawingRecorder?
            while try replay.nextSamples(into: &samples) {
                for sample in samples {
                    if recorder == nil, let deviceMapping = replay.mapping(forDevice: 0) {
                        recorder = DrawingRecorder(ink: try Ink(type: .pen), mapping: deviceMapping)
                    }
                    recorder?.add(sample)
                }
                samples.removeAll(keepingCapacity: true)
            }
            recorder?.finish()
            blackHole(recorder?.drawing.strokes.count)
        }
    }
}

/// The state of one long stroke fed a sample per benchmark iteration.
final class LongStroke: @unchecked Sendable {
    var engine: StrokeEngine
    var geometry = BrushGeometry()
    let samples: [PenSample]
    var index = 0

    init(records: Bool, mapping: TabletMapping, ink: InkType = .pen) {
        engine = StrokeEngine(ink: try! Ink(type: ink), mapping: mapping, recordsPath: records)
        samples = (0..<144_001).map { index in
            let t = Double(index) / 240
            let mm = TabletPoint(x: 20 + 0.001 * Double(index % 150_000) + 5 * cos(7 * t), y: 70 + 5 * sin(11 * t))
            return PenSample(
                time: t, location: mapping.canvasPoint(for: mm), tabletLocation: mm, phase: index == 0 ? .began : .moved, tool: .pen,
                force: 1.5, pressure: 0.35 + 0.2 * sin(3 * t), altitude: 1.0, azimuth: 2.0)
        }
        geometry.vertices.reserveCapacity(256)
        geometry.triangles.reserveCapacity(768)
        geometry.pieceStarts.reserveCapacity(8)
    }

    func addNext() {
        geometry.removeAll()
        _ = engine.add(samples[index % samples.count], geometry: &geometry)
        index += 1
    }
}
