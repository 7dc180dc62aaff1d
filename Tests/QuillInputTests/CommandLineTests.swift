import Foundation
import Testing
import QuillCore
@testable import QuillInput

/// The `quill` executable as a person runs it.
@Suite struct CommandLineTests {
    struct Run {
        var status: Int32
        var output: String
        var error: String
    }

    static var executable: URL {
        let products = Bundle.allBundles.map(\.bundleURL).first { $0.pathExtension == "xctest" }?.deletingLastPathComponent()
            ?? Fixtures.repositoryRoot.appendingPathComponent(".build/debug")
        return products.appendingPathComponent("quill")
    }

    func quill(_ arguments: String...) throws -> Run { try quill(arguments) }

    func quill(_ arguments: [String]) throws -> Run {
        let result = try Fixtures.runProcess(CommandLineTests.executable, arguments)
        return Run(status: result.status, output: result.output, error: result.error)
    }

    @Test func samplesPrintsOneJSONObjectPerSampleWithTheDocumentedFields() throws {
        let run = try quill("samples", Fixtures.cintiq12WX)
        #expect(run.status == 0)
        let lines = run.output.split(separator: "\n")
        #expect(lines.count == (try Fixtures.samples(Fixtures.cintiq12WX)).count)
        for line in lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(Set(object.keys) == Set(SampleEncoding.fieldNames))
        }
        let first = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(first["phase"] as? String == "hover" && first["tool"] as? String == "pen")
        #expect(first["buttons"] as? [String] == [])
    }

    @Test func samplesAsCSVHasTheSameColumns() throws {
        let run = try quill("samples", Fixtures.intuosProRecord, "--format", "csv")
        #expect(run.status == 0)
        let lines = run.output.split(separator: "\n")
        #expect(lines.first.map(String.init) == SampleEncoding.fieldNames.joined(separator: ","))
        #expect(lines.dropFirst().allSatisfy { $0.split(separator: ",", omittingEmptySubsequences: false).count == SampleEncoding.fieldNames.count })
        #expect(SampleEncoding.fieldNames.count == 18)
        // The recording's pen: MSC_SERIAL 0x1e8d9a5b, device 0, barrel button pressed in places, no
        // airbrush wheel, tool id ABS_MISC 0x100802 (1050626).
        #expect(lines.contains { $0.hasSuffix(",BTN_STYLUS,0,512596571,0.0,1050626") })
    }

    @Test func infoDescribesTheDevice() throws {
        let run = try quill("info", Fixtures.intuosProRecord)
        #expect(run.status == 0)
        #expect(run.output.contains("\"Wacom Intuos Pro M Pen\""))
        #expect(run.output.contains("vendor 0x056a product 0x0357"))
        #expect(run.output.contains("active area: 224.0 × 148.0 mm"))  // 44800/200 × 29600/200
        #expect(run.output.contains("tools: pen, eraser, brush, pencil, airbrush, mouse, lens"))
        #expect(run.output.contains("ABS_TILT_X") && run.output.contains("resolution 57 units/rad"))
    }

    @Test func infoSaysWhenTheResolutionIsUnknown() throws {
        let run = try quill("info", Fixtures.genius, "--device", Fixtures.geniusDescription)
        #expect(run.status == 0)
        // The Genius is not in libwacom: the assumption, said as such.
        #expect(run.output.contains("active area: unknown (no resolution, and libwacom does not know the model); 140.8 × 102.4 mm assuming 100 units/mm"))
    }

    @Test func convertRoundTripsThroughTheCommandLine() throws {
        let yaml = Fixtures.temporaryPath(".yml")
        let convert = try quill("convert", Fixtures.dellCanvas, yaml)
        #expect(convert.status == 0 && convert.output.contains("2839 events"))
        #expect(try quill("samples", yaml).output == quill("samples", Fixtures.dellCanvas).output)
    }

    @Test func badInputExitsNonZeroWithAClearMessage() throws {
        let missing = try quill("samples", "/nonexistent/pen.events")
        #expect(missing.status == 1)
        #expect(missing.error == "quill: error: /nonexistent/pen.events: no such file\n")
        let canvas = try quill("samples", Fixtures.cintiq12WX, "--canvas", "0x10")
        #expect(canvas.status != 0)
        #expect(canvas.error.contains("CanvasSize.width"))
    }

    @Test func keepGoingKeepsWhatWasReadBeforeABreak() throws {
        let text = try String(contentsOfFile: Fixtures.cintiq12WX, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let truncated = lines.prefix(lines.count / 2).joined(separator: "\n") + "\nE: 2.5 0003"
        let path = try Fixtures.write(truncated)
        let strict = try quill("samples", path)
        #expect(strict.status == 1 && strict.error.contains("\(path):\(lines.count / 2 + 1):"))
        let lenient = try quill("samples", path, "--keep-going")
        #expect(lenient.status == 0)
        #expect(lenient.error.contains("warning") && lenient.error.contains("--keep-going"))
        #expect(lenient.output.split(separator: "\n").count > 10)
    }

    @Test func summaryWritesTheSamplesAndReportsTheRecording() throws {
        let output = Fixtures.temporaryPath(".jsonl")
        let run = try quill("summary", Fixtures.cintiq12WX, "-o", output)
        #expect(run.status == 0)
        #expect(run.output.contains("strokes:    2"))
        #expect(run.output.contains("tools:      pen (1 strokes"))
        let written = try String(contentsOfFile: output, encoding: .utf8)
        #expect(written == (try quill("samples", Fixtures.cintiq12WX)).output)
    }

    @Test func displayRateGroupsCoalescedSamples() throws {
        let run = try quill("samples", Fixtures.cintiq12WX, "--display-rate", "60")
        #expect(run.status == 0)
        var total = 0
        for line in run.output.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let samples = try #require(object["samples"] as? [[String: Any]])
            #expect(samples.count == object["count"] as? Int)
            total += samples.count
        }
        #expect(total == (try Fixtures.samples(Fixtures.cintiq12WX)).count)
    }
}
