import Foundation
import Testing
import QuillCore
import QuillTestSupport
@testable import QuillInput

/// A recording is untrusted input: mutated copies of a real one are read to the end or refused
/// with a RecordingError — never a trap (a crash would take the whole test process down).
@Suite struct HostileRecordingTests {
    /// Reads `text` as an evemu file; nil when it was read to the end, else the error's text.
    static func replay(_ text: String) -> String? {
        do {
            let path = try Fixtures.write(text)
            defer { try? FileManager.default.removeItem(atPath: path) }
            let replay = try SampleReplay(path: path)
            var samples: [PenSample] = []
            while try replay.nextSamples(into: &samples) { samples.removeAll(keepingCapacity: true) }
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func overflowingNumbersAreRefusedNotTrapped() throws {
        let header = try String(contentsOfFile: Fixtures.dth2242, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            .prefix { !$0.hasPrefix("E:") }.joined(separator: "\n") + "\n"
        // A hex type or code of 9+ digits overflowed UInt32 in the fast path (the fuzzing crash).
        for line in ["E: 0.000001 123456789 0000 0", "E: 0.000001 0003 fffffffff 5", "E: 0.000001 0003 0000 5 ",
                     "E: 99999999999999999.000001 0003 0000 5", "E: 9223372036854775807.000001 0003 0000 5"] {
            let error = Self.replay(header + line + "\nE: 0.000002 0000 0000 0\n")
            #expect(error?.contains(":\(header.split(separator: "\n", omittingEmptySubsequences: false).count)") == true || line.hasSuffix(" "), "\(line): \(error ?? "read")")
        }
        // 9000 bitmask bytes: more codes than 16 bits hold.
        let bytes = Array(repeating: "ff", count: 9000).joined(separator: " ")
        #expect(Self.replay("# EVEMU 1.3\nN: X\nI: 0003 056a 0001 0001\nB: 01 \(bytes)\nA: 00 0 100 0 0 10\nA: 01 0 100 0 0 10\n")?.contains("too many bitmask bytes") == true)
        // Property bytes: libevdev refuses a property past INPUT_PROP_MAX long before 16 bits run out.
        #expect(Self.replay("# EVEMU 1.3\nN: X\nI: 0003 056a 0001 0001\nP: \(bytes)\n")?.contains("property") == true)
    }

    @Test func deeplyNestedYAMLIsRefusedBeforeYamsRecursesIntoIt() throws {
        // Found by Tools/testing/fuzz (481 876 inputs in): 4 000 nested '[' overflowed the stack in Yams'
        // composer. Flow brackets, "- - - …" and indentation all count; quoted brackets do not.
        let real = try String(contentsOfFile: Fixtures.intuosProRecord, encoding: .utf8)
        let lines = real.split(separator: "\n", omittingEmptySubsequences: false)
        for (nesting, line) in [(String(repeating: "[", count: 5000), 2), ("\n" + String(repeating: "- ", count: 3000) + "x", 3), (String(repeating: "{a: ", count: 300), 2)] {
            let text = lines[0] + "\nweird: " + nesting + "\n" + lines.dropFirst().joined(separator: "\n")
            let path = try Fixtures.write(text, suffix: ".yml")
            defer { try? FileManager.default.removeItem(atPath: path) }
            do {
                _ = try SampleReplay(reader: LibinputRecordReader(path: path)).allSamples()
                Issue.record("nesting \(nesting.prefix(8))… was read")
            } catch let error as RecordingError {
                #expect(error.file == path && error.line == line && error.message.contains("nested deeper than 256"), "\(error)")
            }
        }
        // 200 levels inside quotes is a plain string: the real file still reads.
        let quoted = lines[0] + "\nnote: \"" + String(repeating: "[", count: 300) + "\"\n" + lines.dropFirst().joined(separator: "\n")
        let path = try Fixtures.write(quoted, suffix: ".yml")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try SampleReplay(reader: LibinputRecordReader(path: path)).allSamples().count == (try SampleReplay(reader: LibinputRecordReader(path: Fixtures.intuosProRecord)).allSamples().count))
    }

    @Test func mutatedCopiesOfARealRecordingNeverTrap() throws {
        // Seeded mutations of the DTH2242 recording's first 400 lines: characters replaced by
        // digits, hex letters, signs or separators, runs of digits inserted, lines duplicated or cut.
        let lines = try String(contentsOfFile: Fixtures.dth2242, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).prefix(400).map(String.init)
        var random = SeededRandom(seed: 0x5EED_F022)
        let alphabet = Array("0123456789abcdefABCDEF-+. :#\tE")
        var refused = 0
        for _ in 0..<400 {
            var copy = lines
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let index = Int.random(in: 0..<copy.count, using: &random)
                var line = Array(copy[index])
                switch Int.random(in: 0..<4, using: &random) {
                case 0 where !line.isEmpty: line[Int.random(in: 0..<line.count, using: &random)] = alphabet.randomElement(using: &random)!
                case 1: line.insert(contentsOf: Array(repeating: Character("9"), count: Int.random(in: 5...30, using: &random)), at: Int.random(in: 0...line.count, using: &random))
                case 2: copy.insert(copy[index], at: index)
                default: line = Array(line.prefix(Int.random(in: 0...line.count, using: &random)))
                }
                copy[index] = String(line)
            }
            if Self.replay(copy.joined(separator: "\n")) != nil { refused += 1 }
        }
        // Reaching this line is the test (a trap ends the process); most mutations are refused.
        #expect(refused > 100, "\(refused) of 400 refused")
    }
}

/// Output that cannot be written is never lost silently.
@Suite struct WriteFailureTests {
    func shell(_ command: String) throws -> (status: Int32, output: String, error: String) {
        try Fixtures.runProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", command])
    }

    @Test func aFullDiskIsAnErrorNotASilentSuccess() throws {
        let quill = CommandLineTests.executable.path
        // Before: exit 0, nothing written, no message.
        let samples = try shell("'\(quill)' samples '\(Fixtures.dth2242)' > /dev/full")
        #expect(samples.status == 1)
        #expect(samples.error.contains("quill: error: cannot write standard output: No space left on device"), "\(samples.error)")
        let summary = try shell("'\(quill)' summary '\(Fixtures.dth2242)' -o /dev/full > /dev/null")
        #expect(summary.status == 1 && summary.error.contains("cannot write /dev/full: No space left on device"), "\(summary.error)")
        // The device is written to, never replaced by a regular file (root could replace it: it did).
        let type = try FileManager.default.attributesOfItem(atPath: "/dev/full")[.type] as? FileAttributeType
        #expect(type == .typeCharacterSpecial)
        // A closed pipe (| head) ends it quietly: SIGPIPE, nothing on standard error.
        let piped = try shell("'\(quill)' samples '\(Fixtures.dth2242)' 2>&1 >/dev/null | head -c 0; '\(quill)' samples '\(Fixtures.dth2242)' | head -n 1")
        #expect(piped.status == 0 && piped.output.split(separator: "\n").count == 1 && piped.error.isEmpty, "\(piped.error)")
    }
}
