import Foundation
import QuillTestSupport
import Testing
import QuillCore
@testable import QuillStroke

/// The drawing file as library API: version checked, every value validated, written atomically.
@Suite struct DrawingFileTests {
    let mapping = try! TabletMapping(areaWidth: 224, areaHeight: 148, canvas: .iPadPro129Landscape)

    func drawing() throws -> Drawing {
        var recorder = DrawingRecorder(ink: try Ink(type: .pencil, color: InkColor(hex: "#204060"), width: 5), mapping: mapping)
        for index in 0...30 {
            let phase: PenPhase = index == 0 ? .began : (index == 30 ? .ended : .moved)
            let mm = TabletPoint(x: 20 + Double(index), y: 40 + sin(Double(index) / 5) * 5)
            recorder.add(PenSample(time: Double(index) / 200, location: mapping.canvasPoint(for: mm), tabletLocation: mm, phase: phase, tool: .pen,
                                   force: 1.5, pressure: 0.36, altitude: 1.1, azimuth: 0.4))
        }
        recorder.finish()
        return recorder.drawing
    }

    func temporary() -> String { TestScratch.directory.appendingPathComponent("quill-drawing-\(UUID().uuidString).json").path }

    @Test func aDrawingReadsBackAsWritten() throws {
        let path = temporary()
        let original = try drawing()
        try DrawingFile.write(original, to: path)
        #expect(try DrawingFile.read(path) == original)
        // Written again over itself: still whole, no temporary file left beside it.
        try DrawingFile.write(original, to: path)
        let siblings = try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent)
        #expect(!siblings.contains { $0.hasPrefix(".\((path as NSString).lastPathComponent)") })
    }

    /// Each value a drawing cannot hold is refused, naming where it is and what was expected.
    @Test(arguments: [
        ("\"version\":1", "\"version\":99", "version 99: this Quill reads version 1"),
        ("\"canvasWidth\":1366", "\"canvasWidth\":1000000", "canvasWidth is 1000000.0: expected points 1 … 100000"),
        ("\"width\":5", "\"width\":1000000", "strokes[0].ink.width is 1000000.0: expected points 2.4 … 16.0 for pencil"),
        ("\"red\":", "\"red\":7,\"x_red\":", "strokes[0].ink.color.red is 7.0: expected 0 … 1"),
    ])
    func aBadValueIsRefusedNamingIt(find: String, replace: String, message: String) throws {
        let path = temporary()
        try DrawingFile.write(try drawing(), to: path)
        var text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(find), "the file has \(find)")
        text = text.replacingOccurrences(of: find, with: replace, options: [], range: text.range(of: find))
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        #expect {
            _ = try DrawingFile.read(path)
        } throws: { error in
            (error as? DrawingFileError)?.description.contains(message) == true
        }
    }

    @Test func aPointFarOffIsRefused() throws {
        var bad = try drawing()
        bad.strokes[0].path.points[3].x = 1e300
        #expect(throws: DrawingFileError.self) { try DrawingFile.validate(bad, file: "x") }
        bad.strokes[0].path.points[3].x = 10
        bad.strokes[0].path.points[3].opacity = 2
        #expect(throws: DrawingFileError.self) { try DrawingFile.validate(bad, file: "x") }
    }

    /// A write that fails keeps the previous file whole (here: a drawing that cannot be encoded).
    @Test func aFailedWriteKeepsThePreviousFile() throws {
        let path = temporary()
        let good = try drawing()
        try DrawingFile.write(good, to: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        var bad = good
        bad.strokes[0].path.points[0].x = .nan  // JSON cannot hold NaN
        #expect(throws: DrawingFileError.self) { try DrawingFile.write(bad, to: path) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        // A directory that does not exist: refused, nothing created.
        #expect(throws: DrawingFileError.self) { try DrawingFile.write(good, to: "/nonexistent-dir/quill.json") }
    }
}
