import Foundation
import QuillCore
import QuillDrawing
import QuillGestures
import QuillInput
import QuillStroke
import QuillTestSupport
import Testing

/// ``TabletDrawings``, the drawing session per tablet of `quill live --emit strokes`: on a
/// recording it draws what `quill strokes --emit smoothed` prints, and two tablets drawing at once
/// draw as each would alone.
@Suite struct TabletDrawingsTests {
    /// Each contact sample's smoothed point as `quill strokes --emit smoothed` prints it, drawn by
    /// ``TabletDrawings`` from the pen samples of `samples` (each on its tablet's `mappings`).
    static func smoothedLines(_ samples: [PenSample], mappings: [Int: TabletMapping]) throws -> (lines: [String], devices: [Int]) {
        var drawings = TabletDrawings(ink: try Ink(type: .pen), preferences: PencilPreferences())
        var lines: [String] = [], devices: [Int] = []
        for sample in samples {
            let mapping = try #require(mappings[sample.deviceIndex])
            if let update = drawings.add(sample, mapping: mapping) {
                lines.append(JSONLineEncoder().line(SmoothedPointRecord(update, pressure: sample.pressure)))
                devices.append(sample.deviceIndex)
            }
        }
        drawings.finish(at: samples.last?.time ?? 0)
        return (lines, devices)
    }

    /// A recording's pen samples and its first pen's mapping.
    static func pen(_ path: String) throws -> (samples: [PenSample], mapping: TabletMapping) {
        let replay = try SampleReplay(path: path)
        let samples = try replay.allSamples()
        let first = try #require(samples.first)
        let mapping = try #require(replay.mapping(forDevice: first.deviceIndex))
        return (samples, mapping)
    }

    @Test func drawsWhatQuillStrokesPrintsOfARecording() throws {
        // The Cintiq 12WX: one pen, no double taps to the eraser.
        let (samples, mapping) = try Self.pen(Fixtures.cintiq12WX)
        let library = try Self.smoothedLines(samples, mappings: [samples[0].deviceIndex: mapping]).lines
        let config = TestScratch.directory.appendingPathComponent("tablet-drawings-\(UUID().uuidString)").path
        let run = try Fixtures.runProcess(URL(fileURLWithPath: "/usr/bin/env"),
            ["XDG_CONFIG_HOME=\(config)", CommandLineTests.executable.path, "strokes", Fixtures.cintiq12WX, "--emit", "smoothed"])
        #expect(run.status == 0, "\(run.error)")
        let command = run.output.split(separator: "\n").map(String.init)
        #expect(!library.isEmpty)
        #expect(library.count == command.count)
        #expect(library == command, "first difference at line \((0..<min(library.count, command.count)).first { library[$0] != command[$0] } ?? -1)")
    }

    @Test func twoTabletsDrawingAtOnceDrawAsEachAlone() throws {
        // Two real recordings played at once as tablets 0 and 1, their samples interleaved in time.
        let first = try Self.pen(Fixtures.cintiq12WX), second = try Self.pen(Fixtures.cintiq13HD)
        func on(_ device: Int, _ samples: [PenSample]) -> [PenSample] {
            samples.map { sample in
                var sample = sample
                sample.deviceIndex = device
                return sample
            }
        }
        let a = on(0, first.samples), b = on(1, second.samples)
        let together = (a + b).enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        let mappings = [0: first.mapping, 1: second.mapping]
        let both = try Self.smoothedLines(together, mappings: mappings)
        let alone0 = try Self.smoothedLines(a, mappings: mappings).lines, alone1 = try Self.smoothedLines(b, mappings: mappings).lines
        #expect(!alone0.isEmpty && !alone1.isEmpty)
        // Interleaved for real: tablet 1 drew before tablet 0 had finished.
        let firstOf1 = try #require(both.devices.firstIndex(of: 1))
        #expect(both.devices[firstOf1...].contains(0))
        #expect(zip(both.lines, both.devices).filter { $0.1 == 0 }.map(\.0) == alone0)
        #expect(zip(both.lines, both.devices).filter { $0.1 == 1 }.map(\.0) == alone1)
    }

    @Test func aTabletsSessionStartsAtItsFirstSampleAndFinishingClosesItsStroke() throws {
        let (samples, mapping) = try Self.pen(Fixtures.cintiq12WX)
        var drawings = TabletDrawings(ink: try Ink(type: .pen), preferences: PencilPreferences(), options: .init(keepsDrawing: true))
        #expect(drawings.sessions.isEmpty)
        // Cut in the middle of the first stroke: its tip-down and a few samples after it.
        let began = try #require(samples.firstIndex { $0.phase == .began })
        for sample in samples[...(began + 5)] { _ = drawings.add(sample, mapping: mapping) }
        #expect(Array(drawings.sessions.keys) == [samples[0].deviceIndex])
        #expect(drawings.sessions[samples[0].deviceIndex]?.drawing?.strokes.isEmpty == true)
        drawings.finish(device: samples[0].deviceIndex, at: samples[began + 5].time)
        #expect(drawings.sessions[samples[0].deviceIndex]?.drawing?.strokes.count == 1)
    }
}
