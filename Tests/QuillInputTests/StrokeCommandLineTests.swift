import Foundation
import QuillTestSupport
import Testing
import QuillCore
@testable import QuillInput
import QuillRender
import QuillStroke

/// `quill strokes`, `render` and `plot` as a person runs them.
@Suite struct StrokeCommandLineTests {
    let cli = CommandLineTests()

    func objects(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    @Test func smoothedGivesOneObjectPerContactSampleWithTheDocumentedFields() throws {
        let run = try cli.quill("strokes", Fixtures.cintiq12WX, "--emit", "smoothed")
        #expect(run.status == 0)
        let lines = try objects(run.output)
        // 12WX: 2 strokes of 2 + 239 + 2 contact samples in all (began, moved, ended).
        let contact = try Fixtures.samples(Fixtures.cintiq12WX).filter { $0.phase != .hover }
        #expect(lines.count == contact.count)
        #expect(lines.allSatisfy { Set($0.keys) == ["t", "stroke", "x", "y", "x_mm", "y_mm", "pressure", "width"] })
        #expect(Set(lines.compactMap { $0["stroke"] as? Int }) == [0, 1])
        for (line, sample) in zip(lines, contact) {
            #expect(line["t"] as? Double == sample.time)
            // The display stays within a few millimetres of the pen (smoothing, not teleporting).
            let dx = (line["x_mm"] as? Double ?? .nan) - sample.tabletLocation.x, dy = (line["y_mm"] as? Double ?? .nan) - sample.tabletLocation.y
            #expect((dx * dx + dy * dy).squareRoot() < 5, "t=\(sample.time)")
        }
    }

    @Test func predictedIsAHorizonAhead() throws {
        let run = try cli.quill("strokes", Fixtures.cintiq12WX, "--emit", "predicted", "--horizon", "0.025")
        #expect(run.status == 0)
        for line in try objects(run.output) {
            let t = try #require(line["t"] as? Double), tPred = try #require(line["t_pred"] as? Double)
            #expect(abs(tPred - t - 0.025) < 1e-9)
        }
        let bad = try cli.quill("strokes", Fixtures.cintiq12WX, "--emit", "predicted", "--horizon", "0.5")
        #expect(bad.status != 0 && bad.error.contains("PredictionParameters.horizon"))
        // The predictor's jerk density reaches it (other predictions), and a bad one is refused by name.
        let stiffer = try cli.quill("strokes", Fixtures.cintiq12WX, "--emit", "predicted", "--horizon", "0.025", "--jerk-density", "3e9")
        #expect(stiffer.status == 0 && stiffer.output != run.output && stiffer.output.split(separator: "\n").count == run.output.split(separator: "\n").count)
        let badJerk = try cli.quill("strokes", Fixtures.cintiq12WX, "--emit", "predicted", "--jerk-density", "0")
        #expect(badJerk.status != 0 && badJerk.error.contains("PredictionParameters.jerkDensity"))
    }

    @Test func finalResamplesEveryHalfMillimetre() throws {
        let run = try cli.quill("strokes", Fixtures.cintiq12WX, "--emit", "final")
        let lines = try objects(run.output).filter { $0["event"] == nil }  // the points, not the eraser's lines
        #expect(!lines.isEmpty)
        for (a, b) in zip(lines, lines.dropFirst()) where a["stroke"] as? Int == b["stroke"] as? Int {
            let dx = (b["x_mm"] as? Double ?? 0) - (a["x_mm"] as? Double ?? 0), dy = (b["y_mm"] as? Double ?? 0) - (a["y_mm"] as? Double ?? 0)
            #expect((dx * dx + dy * dy).squareRoot() <= 0.5 + 1e-6)
        }
    }

    /// The eraser in the stream: every stroke printed once under its id; "erased" and "split"
    /// lines say what the eraser did; the strokes left standing are the saved drawing's (the
    /// Cintiq 12WX recording erases with the pen's other end).
    @Test(arguments: ["final", "geometry"])
    func theStreamSaysWhatTheEraserDidAndEndsAsTheDrawing(emit: String) throws {
        let saved = Fixtures.temporaryPath(".json")
        let render = try cli.quill("render", Fixtures.cintiq12WX, "-o", Fixtures.temporaryPath(".png"), "--save-drawing", saved)
        #expect(render.status == 0, "\(render.error)")
        let drawing = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: saved))) as? [String: Any]
        let savedCount = (drawing?["strokes"] as? [Any])?.count ?? -1
        let run = try cli.quill("strokes", Fixtures.cintiq12WX, "--emit", emit)
        #expect(run.status == 0, "\(run.error)")
        var printed: [Int] = []  // in order of first appearance
        var gone: Set<Int> = []
        var events = 0
        for line in try objects(run.output) {
            let id = try #require(line["stroke"] as? Int)
            switch line["event"] as? String {
            case "erased"?:
                events += 1
                gone.insert(id)
            case "split"?:
                events += 1
                gone.insert(id)
                #expect(!(line["into"] as? [Int] ?? []).isEmpty)
            default:
                if printed.last != id {
                    #expect(!printed.contains(id), "stroke \(id) printed twice")
                    printed.append(id)
                }
            }
        }
        #expect(events > 0, "the 12WX recording erases")
        #expect(gone.isSubset(of: Set(printed)))
        #expect(printed.count - gone.count == savedCount)
    }

    @Test func geometryCountsMatchItsArrays() throws {
        let run = try cli.quill("strokes", Fixtures.cintiq12WX, "--emit", "geometry", "--ink", "marker")
        for line in try objects(run.output) where line["event"] == nil {
            let vertices = try #require(line["vertices"] as? [[Double]]), triangles = try #require(line["triangles"] as? [[Int]])
            #expect(vertices.count == line["vertex_count"] as? Int && triangles.count == line["triangle_count"] as? Int)
            #expect(triangles.allSatisfy { $0.allSatisfy { $0 >= 0 && $0 < vertices.count } })
            #expect(line["ink"] as? String == "marker")
        }
    }

    @Test func renderWritesPNGSVGAndPDFAndReadsBackItsDrawingFile() throws {
        let directory = TestScratch.directory.appendingPathComponent("quill-render-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let drawing = directory + "/drawing.json"
        let png = try cli.quill("render", Fixtures.dellCanvas, "-o", directory + "/a.png", "--save-drawing", drawing)
        #expect(png.status == 0 && png.output.contains("2 strokes"))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: directory + "/a.png"))
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(try cli.quill("render", Fixtures.dellCanvas, "-o", directory + "/a.svg").status == 0)
        let svg = try String(contentsOfFile: directory + "/a.svg", encoding: .utf8)
        #expect(svg.contains("<svg"))
        // Vector: one path per stroke, no embedded picture (issue 15: it was a 5692×4267 PNG).
        #expect(!svg.contains("<image") && !svg.contains("data:image/png"), "the SVG embeds a picture")
        let vectorDrawing = directory + "/a.json"
        #expect(try cli.quill("render", Fixtures.dellCanvas, "-o", directory + "/b.png", "--save-drawing", vectorDrawing).status == 0)
        let strokes = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: vectorDrawing))) as? [String: Any])["strokes"] as? [Any]
        #expect(svg.components(separatedBy: "<path").count - 1 == strokes?.count, "one path per stroke")
        #expect(try cli.quill("render", Fixtures.dellCanvas, "-o", directory + "/a.pdf").status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory + "/a.pdf")).prefix(4) == Data("%PDF".utf8))
        let again = try cli.quill("render", drawing, "-o", directory + "/b.png")
        #expect(again.status == 0 && again.output.contains("2 strokes"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory + "/b.png")) == bytes)
        let wrong = try cli.quill("render", Fixtures.dellCanvas, "-o", directory + "/a.bmp")
        #expect(wrong.status != 0 && wrong.error.contains(".png, .svg or .pdf"))
    }

    /// `quill render` keeps the heap's top between Cairo's per-stroke layers (`RenderMemory`): its
    /// picture is byte for byte what `DrawingRenderer` draws in a process that never asked for it.
    @Test func renderKeepingFreedMemoryDrawsTheSamePicture() throws {
        let directory = TestScratch.directory.appendingPathComponent("quill-render-memory-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let run = try cli.quill("render", Fixtures.cintiq22HDT, "-o", directory + "/command.png", "--save-drawing", directory + "/drawing.json")
        #expect(run.status == 0, "\(run.error)")
        let drawing = try DrawingFile.read(directory + "/drawing.json")
        #expect(drawing.strokes.count >= 10)
        try DrawingRenderer.render(drawing, to: directory + "/library.png")
        let command = try Data(contentsOf: URL(fileURLWithPath: directory + "/command.png"))
        let library = try Data(contentsOf: URL(fileURLWithPath: directory + "/library.png"))
        #expect(command.count > 1000 && command == library)
    }

    @Test func theEraserEndErasesInTheRenderedDrawing() throws {
        // 12WX: one pen stroke, then one eraser stroke. Vector erasing removes the pen stroke if it touches it.
        let directory = TestScratch.directory.path
        let bitmap = try cli.quill("render", Fixtures.cintiq12WX, "-o", directory + "/quill-e1.png", "--eraser", "bitmap")
        let vector = try cli.quill("render", Fixtures.cintiq12WX, "-o", directory + "/quill-e2.png", "--eraser", "vector")
        #expect(bitmap.status == 0 && vector.status == 0)
        #expect(bitmap.output != vector.output || bitmap.output.contains("1 strokes"))
    }

    @Test func plotWritesAPicture() throws {
        let path = TestScratch.directory.appendingPathComponent("quill-plot-\(UUID().uuidString).png").path
        let run = try cli.quill("plot", Fixtures.cintiq12WX, "-o", path)
        #expect(run.status == 0 && run.output.contains("360 samples"))
        #expect(FileManager.default.fileExists(atPath: path))
    }
}
