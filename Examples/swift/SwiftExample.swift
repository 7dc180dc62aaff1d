// quill-swift-example RECORDING | /dev/input/eventN [--duration SECONDS]
//
// Examples/c/replay.c in Swift: a recording is replayed (SampleReplay), a live tablet read through
// QuillDevices' AsyncSequence (TabletSource.samples()); every sample goes to a StrokeEngine and
// its geometry. Prints "samples N" and "strokes M".
import Foundation
import QuillCore
import QuillDevices
import QuillInput
import QuillStroke

@main
struct SwiftExample {
    static func main() async {
        var arguments = Array(CommandLine.arguments.dropFirst())
        var duration: Double?
        if let flag = arguments.firstIndex(of: "--duration"), flag + 1 < arguments.count {
            duration = Double(arguments[flag + 1])
            arguments.removeSubrange(flag...(flag + 1))
        }
        guard arguments.count == 1 else {
            FileHandle.standardError.write(Data("usage: quill-swift-example RECORDING | /dev/input/eventN [--duration SECONDS]\n".utf8))
            exit(2)
        }
        do {
            let (samples, strokes) = arguments[0].hasPrefix("/dev/input/")
                ? try await live(arguments[0], duration: duration ?? 10) : try replay(arguments[0])
            print("samples \(samples)\nstrokes \(strokes)")
        } catch {
            FileHandle.standardError.write(Data("quill-swift-example: \(error)\n".utf8))
            exit(1)
        }
    }

    /// A recording, as fast as it can be read.
    static func replay(_ path: String) throws -> (Int, Int) {
        let replay = try SampleReplay(path: path, catalog: nil)
        var engine: StrokeEngine?
        var geometry = BrushGeometry()
        var batch: [PenSample] = []
        var count = 0, strokes = 0
        while try replay.nextSamples(into: &batch) {
            for sample in batch {
                count += 1
                if engine == nil, let mapping = replay.mapping(forDevice: sample.deviceIndex) {
                    engine = StrokeEngine(ink: try Ink(type: .pen), mapping: mapping, recordsPath: false)
                }
                geometry.removeAll()  // a renderer would draw it here
                if let update = engine?.add(sample, geometry: &geometry) { strokes = max(strokes, update.strokeIndex + 1) }
            }
            batch.removeAll(keepingCapacity: true)
        }
        return (count, strokes)
    }

    /// A live tablet through the AsyncSequence, for `duration` seconds.
    static func live(_ node: String, duration: Double) async throws -> (Int, Int) {
        let source = try TabletSource(path: node)
        let mapping = source.mapping
        let stream = source.samples()
        let reading = Task {
            var engine = StrokeEngine(ink: try Ink(type: .pen), mapping: mapping, recordsPath: false)
            var geometry = BrushGeometry()
            var count = 0, strokes = 0
            for try await sample in stream {
                count += 1
                geometry.removeAll()
                if let update = engine.add(sample, geometry: &geometry) { strokes = max(strokes, update.strokeIndex + 1) }
            }
            return (count, strokes)
        }
        try await Task.sleep(nanoseconds: UInt64(duration * 1e9))
        source.endSamples()  // the input ends: an open stroke gets its end, then the stream does
        return try await reading.value
    }
}
