import Foundation
import QuillCore
import QuillDrawing
import QuillHandwriting
import QuillInput
import QuillShapes
import QuillStroke
import QuillSystem
import Testing

/// ``SortedInk``, the library entry of `quill showcase`: on the showcase recording it sorts the
/// strokes as the recording's facts say, and draws them through ``DrawingSession`` exactly as a
/// ``DrawingRecorder`` wired by hand (the command's wiring before issue 37) draws them.
@Suite struct SortedInkTests {
    static func samples() throws -> (samples: [PenSample], mapping: TabletMapping) {
        let replay = try SampleReplay(path: ShowcaseRecordingTests.recording, catalog: WacomCatalog.loadIfAvailable())
        let samples = try replay.allSamples()
        let first = try #require(samples.first)
        return (samples, try #require(replay.mapping(forDevice: first.deviceIndex)))
    }

    static let shapeInk = try! Ink(type: .monoline, color: InkColor(hex: "#C2410C"), width: 3)

    /// The strokes of `samples` as a recorder wired by hand draws them.
    static func recorded(_ samples: [PenSample], mapping: TabletMapping, ink: Ink, shapes: ShapeParameters?) -> [Stroke] {
        var recorder = DrawingRecorder(ink: ink, mapping: mapping, corners: shapes == nil ? nil : .defaults, shapes: shapes, editingGestures: false, predicts: false)
        for sample in samples { recorder.add(sample) }
        recorder.finish()
        return recorder.drawing.strokes
    }

    @Test func sortsTheShowcaseRecordingsWritingFromItsDrawings() throws {
        let (samples, mapping) = try Self.samples()
        let pen = try Ink(type: .pen), pencil = try Ink(type: .pencil)
        let sorted = try SortedInk(samples: samples, mapping: mapping, lineInks: [pen, pencil], shapeInk: Self.shapeInk)
        // Facts of the recording: 157 strokes, the last four the Quick, Draw! drawings.
        #expect(sorted.drawings.map(\.shape) == [.circle, .triangle, .square, .star])
        #expect(sorted.writingStrokes == Array(0..<153))
        #expect(sorted.writing.count == 153)
        #expect(sorted.inked.map(\.count) == [157, 157])
        // The same strokes a hand-wired recorder draws, in every ink.
        #expect(sorted.inked[0] == Self.recorded(samples, mapping: mapping, ink: pen, shapes: nil))
        #expect(sorted.inked[1] == Self.recorded(samples, mapping: mapping, ink: pencil, shapes: nil))
        let snapped = Self.recorded(samples, mapping: mapping, ink: Self.shapeInk, shapes: .defaults)
        #expect(sorted.drawings.map(\.snapped) == Array(snapped[153...]))
        let grey = try Ink(type: .pen, color: .black, width: 3)
        #expect(sorted.drawings.map(\.drawn) == Array(Self.recorded(samples, mapping: mapping, ink: grey, shapes: nil)[153...]))
        // The writing as the pen wrote it: what `quill recognize` reads.
        let written = try ShowcaseRecordingTests.ink().written
        #expect(sorted.writing.map { $0.map { HandwritingPoint(x: $0.location.x, y: $0.location.y, t: $0.time) } } == Array(written[..<153].map(\.points)))
    }

    @Test func leavesTheEraserEndsStrokesOut() throws {
        let (samples, mapping) = try Self.samples()
        // The first written stroke turned into the eraser end's, from its tip-down to its lift.
        let began = try #require(samples.firstIndex { $0.phase == .began })
        let ended = try #require(samples[began...].firstIndex { $0.phase == .ended })
        var erasing = samples
        for index in began...ended { erasing[index].tool = .eraser }
        let sorted = try SortedInk(samples: erasing, mapping: mapping, lineInks: [try Ink(type: .pen)], shapeInk: Self.shapeInk)
        #expect(sorted.writing.count == 152)
        #expect(sorted.inked[0].count == 156)
        #expect(sorted.drawings.map(\.shape) == [.circle, .triangle, .square, .star])
    }

    @Test func pressureVariesOnlyWhereThePenPressedUnevenly() throws {
        let (samples, mapping) = try Self.samples()
        var even = samples
        for index in even.indices { even[index].pressure = 0.5 }
        let pen = try Ink(type: .pen)
        let real = try SortedInk(samples: samples, mapping: mapping, lineInks: [pen], shapeInk: Self.shapeInk)
        let flat = try SortedInk(samples: even, mapping: mapping, lineInks: [pen], shapeInk: Self.shapeInk)
        // Facts of the recording (Recordings/showcase/README.md): strokes 0–132 are UNIPEN cea's,
        // recorded without pressure (the tip's ramp in, then a plain value); 133–152 are dar's,
        // with the writer's pressure.
        #expect(!real.pressureVaries(Array(0...132)))
        #expect(real.pressureVaries(Array(133...152)))
        #expect(!flat.pressureVaries(Array(133...152)))
        // Fewer than 10 samples say nothing.
        #expect(!real.pressureVaries([]))
    }

    @Test func explainsWhyStrokesCannotBeSetSideBySide() {
        let error = SortedInkError(writtenStrokes: 3, inkStrokes: 2)
        #expect(error.description == "the recording's 3 strokes became 2 strokes of ink: cannot show them side by side")
    }
}
