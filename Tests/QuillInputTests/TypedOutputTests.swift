import Foundation
import QuillCore
import Testing
@testable import QuillInput

/// Every command's JSON is valid JSON, whatever a recording holds (issue 19: a device named
/// `Evil "Pen" \ …` made `quill map` print invalid JSON).
@Suite struct TypedOutputTests {
    static let evilName = "Evil \"Pen\" \\ \t Zeichenstift ✎ é \"quoted\\\""

    /// The Cintiq 12WX recording with the hostile name, as a temporary file.
    static func evilRecording() throws -> String {
        let text = try String(contentsOfFile: Fixtures.cintiq12WX, encoding: .utf8)
        let renamed = text.replacingOccurrences(of: "N: Wacom Cintiq 12WX", with: "N: " + evilName)
        #expect(renamed != text)
        let path = Fixtures.temporaryPath("-evil.events")
        try renamed.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func everyCommandPrintsValidJSONForAHostileDeviceName() throws {
        let path = try Self.evilRecording()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let summary = Fixtures.temporaryPath("-summary.jsonl")
        defer { try? FileManager.default.removeItem(atPath: summary) }
        let runs: [[String]] = [
            ["samples", path], ["samples", path, "--display-rate", "60"], ["pad", path], ["gestures", path],
            ["strokes", path, "--emit", "smoothed"], ["strokes", path, "--emit", "predicted"], ["strokes", path, "--emit", "final"],
            ["strokes", path, "--emit", "geometry"], ["map", path, "--model", "ipad-pro-12.9-gen3plus"],
            ["summary", path, "-o", summary],
        ]
        for arguments in runs {
            let run = try Fixtures.runProcess(CommandLineTests.executable, arguments)
            #expect(run.status == 0, "\(arguments): \(run.error)")
            let text = arguments[0] == "summary" ? try String(contentsOfFile: summary, encoding: .utf8) : run.output
            let lines = text.split(separator: "\n")
            #expect(!lines.isEmpty || arguments[0] == "pad", "\(arguments) printed nothing")
            for line in lines {
                #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "\(arguments): not JSON: \(line.prefix(200))")
                #expect(!line.contains("nan") && !line.contains("inf"), "\(arguments): \(line.prefix(200))")
            }
            if arguments[0] == "map" {
                let object = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
                #expect((object["tablet"] as? [String: Any])?["name"] as? String == Self.evilName)
            }
        }
    }
}
