import Foundation
import Testing
import QuillCore
import QuillGestures
import QuillStroke
@testable import QuillInput

/// Every input the fuzzers (Tools/testing/fuzz) have found troublesome, kept in Fuzz/regressions/TARGET/:
/// read as its target reads it, it ends with an error or with samples — never a crash.
struct FuzzRegressionTests {
    static let root = Fixtures.repositoryRoot.appendingPathComponent("Fuzz/regressions")

    static var inputs: [String] {
        let targets = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return targets.sorted().flatMap { target in
            ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(target).path)) ?? []).sorted().map { "\(target)/\($0)" }
        }
    }

    @Test func thereAreRegressionInputs() {
        #expect(Self.inputs.count >= 3)
    }

    @Test(arguments: inputs)
    func aFuzzInputEndsCleanly(input: String) throws {
        let path = Self.root.appendingPathComponent(input).path
        var outcome = "samples"
        do {
            switch input.split(separator: "/").first.map(String.init) ?? "" {
            case "FuzzEvemu":
                _ = try SampleReplay(reader: try EvemuReader(path: path)).allEvents()
            case "FuzzDescription":
                _ = try EvemuReader.readDescription(path: path)
            case "FuzzLibinputRecord":
                _ = try SampleReplay(reader: try Recording.open(path: path)).allEvents()
            case "FuzzDrawing":
                _ = try DrawingFile.read(path)
            case "FuzzPreferences":
                _ = try? PreferencesFile.readApp(path)
                _ = try PreferencesFile.read(path)
            default:
                Issue.record("unknown fuzz target directory for \(input)")
            }
        } catch let error as RecordingError {
            outcome = "\(error)"
            #expect(error.file == path, "the error names the file: \(error)")
        } catch let error as DrawingFileError {
            outcome = "\(error)"
        } catch let error as PreferencesFile.Failure {
            outcome = "\(error)"
            #expect(error.path == path, "the error names the file: \(error)")
        }
        #expect(!outcome.isEmpty)
    }
}
