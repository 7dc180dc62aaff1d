import Foundation
import Testing
import QuillCore
import QuillTestSupport
@testable import QuillInput

/// The fast scanner of `libinput record` events reads exactly what Yams reads: the same items
/// and, for anything unusual, the same errors (it hands such entries to Yams).
@Suite struct YAMLScannerTests {
    /// Every item of a reader, or the error it ended with.
    func items(_ path: String, scans: Bool) -> (items: [String], error: String?) {
        var out: [String] = []
        do {
            let reader = try LibinputRecordReader(path: path, scansEvents: scans)
            while let item = try reader.next() {
                switch item {
                case let .device(index, device): out.append("device \(index) \(device.name) \(device.axes.count)")
                case let .event(device, event, line): out.append("\(device) \(event.microseconds) \(event.type) \(event.code) \(event.value) @\(line)")
                }
            }
            return (out, nil)
        } catch {
            return (out, "\(error)")
        }
    }

    @Test(arguments: [Fixtures.intuosProRecord, Fixtures.intuosProRecordWithLibinput])
    func aBundledRecordingReadsTheSameWithAndWithoutTheScanner(recording: String) {
        let fast = items(recording, scans: true), reference = items(recording, scans: false)
        #expect(fast.error == nil && reference.error == nil)
        #expect(fast.items == reference.items)
        #expect(fast.items.count > 100)
    }

    /// Every evemu recording written as YAML by quill convert: the scanner reads it as Yams does.
    @Test func convertedRecordingsReadTheSame() throws {
        let cli = CommandLineTests()
        for (path, device) in Fixtures.all where path.hasSuffix(".events") || path.hasSuffix(".evemu") {
            let yaml = Fixtures.temporaryPath(".yml")
            let run = try cli.quill(["convert", path, yaml] + (device.map { ["--device", $0] } ?? []))
            #expect(run.status == 0, "\(run.error)")
            let fast = items(yaml, scans: true), reference = items(yaml, scans: false)
            #expect(fast.items == reference.items && fast.error == reference.error, "\(path)")
        }
    }

    /// Seeded random edits of event lines — spacing, signs, hex, floats, extra or missing
    /// fields, huge numbers, times out of range, cut lines, comments: valid YAML reads the same
    /// both ways; broken YAML is an error naming the file and line both ways, the scanner keeping
    /// at least every entry Yams keeps.
    @Test func randomEditsReadTheSameBothWays() throws {
        let text = try String(contentsOfFile: Fixtures.intuosProRecord, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let eventLines = lines.indices.filter { lines[$0].hasPrefix("    - [") }
        #expect(eventLines.count > 100)
        // (find, replace) on the line; an empty find replaces the whole line; "cut" keeps 16 characters.
        let edits: [(String, String)] = [
            ("[  ", "["), (", ", ","), ("   3,", "  +3,"), ("   3,", " 0x3,"), ("   0]", " 0.5]"), ("]", ", 7]"), ("cut", ""),
            ("    - [  1,", "    - [  -1,"), ("    - [  1,", "    - [  99999999999,"), ("#", ""), ("", "    - [1, 2, 3, 4, 5]   # x"),
            ("", "    - [1, 2, 3, 4, 5]   "), ("", "    - [1, 1000000, 3, 4, 5]"), ("", "    - [1, 2, 70000, 4, 5]"), ("", "    -[1, 2, 3, 4, 5]"),
            ("", "    - [1, 2, 3, 4, 2147483648]"), ("", "    - [1, 2, 3, 4, -2147483648]"), ("", "    - {a: 1}"), ("", ""),
        ]
        func apply(_ edit: (String, String), to line: String) -> String {
            if edit.0 == "cut" { return String(line.prefix(16)) }
            if edit.0.isEmpty { return edit.1 }
            return line.replacingOccurrences(of: edit.0, with: edit.1)
        }
        var random = SeededRandom(seed: 0x9a41)
        var compared = 0
        for round in 0..<60 {
            var edited = lines
            for _ in 0..<3 {
                let target = eventLines[Int(random.next() % UInt64(eventLines.count))]
                edited[target] = apply(edits[Int(random.next() % UInt64(edits.count))], to: edited[target])
            }
            let path = try Fixtures.write(edited.joined(separator: "\n"), suffix: ".yml")
            let fast = items(path, scans: true), reference = items(path, scans: false)
            if reference.error == nil {
                // Valid YAML (spacing, signs, comments): the same events.
                #expect(fast.error == nil && fast.items == reference.items, "round \(round): \(fast.error ?? "items differ")")
            } else {
                // Broken: an error too, naming the file and a line. Yams alone parses 256 entries at
                // once and salvages entry by entry; the scanner has every entry before the broken
                // one already: it keeps at least what Yams keeps.
                #expect(fast.error?.hasPrefix(path + ":") == true, "round \(round): \(fast.error ?? "no error") vs \(reference.error ?? "")")
                #expect(fast.items.count >= reference.items.count && Array(fast.items.prefix(reference.items.count)) == reference.items, "round \(round)")
            }
            compared += 1
        }
        #expect(compared == 60)
    }
}
