import Foundation
import Testing
import QuillCore
@testable import QuillInput

/// Every bad-input case of the issue: a clear error naming the file and line and what was
/// expected, never a crash, and nothing read before the break lost.
@Suite struct BadInputTests {
    /// An Intuos-like evemu file: header, then `events` after it (header lines counted for line numbers).
    func evemu(_ events: String) throws -> (path: String, firstEventLine: Int) {
        let header = Fixtures.intuosLikeHeader
        let headerLines = header.split(separator: "\n", omittingEmptySubsequences: false).count
        return (try Fixtures.write(header + events), headerLines)
    }

    func error(_ body: () throws -> Void) -> RecordingError? {
        do {
            try body()
            return nil
        } catch let error as RecordingError {
            return error
        } catch {
            Issue.record("not a RecordingError: \(error)")
            return nil
        }
    }

    let stroke = """
        E: 0.000000 0003 0000 2000
        E: 0.000000 0003 0001 3000
        E: 0.000000 0003 0018 3000
        E: 0.000000 0001 0140 1
        E: 0.000000 0000 0000 0
        E: 0.008000 0003 0000 2100
        E: 0.008000 0000 0000 0

        """

    @Test func aMissingFileIsNamed() {
        let failure = error { _ = try SampleReplay(path: "/nonexistent/pen.events") }
        #expect(failure?.file == "/nonexistent/pen.events")
        #expect(failure?.description == "/nonexistent/pen.events: no such file")
    }

    @Test func anUnknownFormatSaysWhatWasExpected() throws {
        let path = try Fixtures.write("hello, tablet\n", suffix: ".txt")
        let failure = error { _ = try SampleReplay(path: path) }
        #expect(failure?.line == 1)
        #expect(failure?.message.contains("unknown format") == true)
        #expect(failure?.message.contains("EVEMU") == true && failure?.message.contains("version: 1") == true)
    }

    @Test func aTruncatedEvemuFileReportsTheLineAndKeepsWhatCameBefore() throws {
        let (path, first) = try evemu(stroke + "E: 0.016000 0003")
        let replay = try SampleReplay(path: path)
        var samples: [PenSample] = []
        let failure = error { while try replay.nextSamples(into: &samples) {} }
        #expect(failure?.line == first + 7)
        #expect(failure?.message.contains("truncated") == true)
        // --keep-going: what was read stays, and the open stroke ends as cancelled.
        replay.cancel(into: &samples)
        #expect(samples.map(\.phase) == [.began, .moved, .cancelled])
    }

    @Test func aTruncatedYAMLFileReportsTheLineAndKeepsEarlierEntries() throws {
        let text = try String(contentsOfFile: Fixtures.intuosProRecord, encoding: .utf8)
        // Cut in the middle of an event array, 60 % into the file.
        let cut = text.index(text.startIndex, offsetBy: text.count * 6 / 10)
        let lineStart = text[..<cut].lastIndex(of: "\n").map { text.index(after: $0) } ?? cut
        let truncated = String(text[..<text.index(lineStart, offsetBy: 12)])
        let path = try Fixtures.write(truncated, suffix: ".yml")
        let replay = try SampleReplay(path: path)
        var samples: [PenSample] = []
        let failure = error { while try replay.nextSamples(into: &samples) {} }
        let brokenLine = truncated.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(failure?.file == path)
        #expect(failure?.line.map { abs($0 - brokenLine) <= 1 } == true, "reported \(String(describing: failure?.line)), cut at \(brokenLine)")
        let complete = try Fixtures.samples(Fixtures.intuosProRecord)
        #expect(samples.count > 0 && samples.count < complete.count)
        #expect(Array(complete.prefix(samples.count)) == samples)
    }

    @Test func aNonNumericValueIsNamed() throws {
        let (path, first) = try evemu("E: 0.000000 0003 0000 abc\n")
        let failure = error { _ = try SampleReplay(path: path).allSamples() }
        #expect(failure?.line == first)
        #expect(failure?.message == "expected a decimal event value (a 32-bit integer), found 'abc'")
    }

    @Test func aBadTimestampIsNamed() throws {
        let (path, first) = try evemu("E: 0,5 0003 0000 1\n")
        let failure = error { _ = try SampleReplay(path: path).allSamples() }
        #expect(failure?.line == first)
        #expect(failure?.message.contains("seconds.microseconds") == true)
    }

    @Test func unknownEventTypesAndCodesAreRejected() throws {
        let (path, first) = try evemu("E: 0.000000 0003 0050 5\n")  // ABS code 0x50 > ABS_MAX
        let failure = error { _ = try SampleReplay(path: path).allSamples() }
        #expect(failure?.line == first)
        #expect(failure?.message.contains("EV_ABS code 80 (0x50)") == true)
        let (otherPath, _) = try evemu("E: 0.000000 001e 0000 5\n")
        let other = error { _ = try SampleReplay(path: otherPath).allSamples() }
        #expect(other?.message.contains("type 30 (0x1e)") == true)
    }

    @Test func anEventForAnUndeclaredAxisIsRejected() throws {
        let (path, first) = try evemu(stroke + "E: 0.016000 0003 0002 450\n")  // ABS_Z: not declared
        let replay = try SampleReplay(path: path)
        var samples: [PenSample] = []
        let failure = error { while try replay.nextSamples(into: &samples) {} }
        #expect(failure?.line == first + 7)
        #expect(failure?.message == "event for EV_ABS / ABS_Z, an axis device \"Test Tablet Pen\" does not declare")
        #expect(samples.count == 2, "the frames before it were decoded")
    }

    @Test func notANumberInYAMLIsRejected() throws {
        let text = try String(contentsOfFile: Fixtures.intuosProRecord, encoding: .utf8)
        let nan = text.replacingOccurrences(of: "[  1, 516000,   3,   0,   20020]", with: "[  1, 516000,   3,   0,   .nan]")
        #expect(nan != text)
        let path = try Fixtures.write(nan, suffix: ".yml")
        let failure = error { _ = try SampleReplay(path: path).allSamples() }
        #expect(failure?.message.contains("found '.nan'") == true)
        let line = nan.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(".nan") }.map { $0 + 1 }
        #expect(failure?.line == line)
        let inf = text.replacingOccurrences(of: "24: [0, 8191, 0, 0, 0]", with: "24: [0, .inf, 0, 0, 0]")
        let infinity = error { _ = try SampleReplay(path: try Fixtures.write(inf, suffix: ".yml")).allSamples() }
        #expect(infinity?.message.contains("found '.inf'") == true)
    }

    @Test func anUnsupportedVersionIsRejected() throws {
        let text = try String(contentsOfFile: Fixtures.intuosProRecord, encoding: .utf8)
        let path = try Fixtures.write(text.replacingOccurrences(of: "version: 1\n", with: "version: 2\n"), suffix: ".yml")
        let failure = error { _ = try SampleReplay(path: path).allSamples() }
        #expect(failure?.message == "unsupported libinput record version '2': expected 1")
        #expect(failure?.line == 2)
    }

    @Test func timestampsGoingBackwardsAreClampedWithAWarning() throws {
        let (path, first) = try evemu(stroke + """
            E: 0.004000 0003 0000 2200
            E: 0.004000 0000 0000 0

            """)
        let replay = try SampleReplay(path: path)
        let samples = try replay.allSamples()
        #expect(samples.map(\.time) == [0, 0.008, 0.008, 0.008])
        #expect(samples.map(\.phase) == [.began, .moved, .moved, .ended])
        let warning = try #require(replay.warnings.first { $0.message.contains("backwards") })
        #expect(warning.line == first + 7)
        #expect(warning.message.contains("4.0 ms") && warning.message.contains("clamped"))
    }

    @Test func synDroppedDiscardsThePartialFrameAndResynchronizes() throws {
        let (path, first) = try evemu("""
            E: 0.000000 0003 0000 2000
            E: 0.000000 0003 0001 3000
            E: 0.000000 0001 0140 1
            E: 0.000000 0000 0000 0
            E: 0.008000 0003 0000 5000
            E: 0.008000 0000 0003 0
            E: 0.009000 0003 0001 6000
            E: 0.009000 0000 0000 0
            E: 0.016000 0003 0000 7000
            E: 0.016000 0000 0000 0

            """)
        let replay = try SampleReplay(path: path)
        let samples = try replay.allSamples()
        // X 5000 (before SYN_DROPPED) and Y 6000 (up to the next SYN_REPORT) are discarded.
        #expect(samples.map(\.tabletLocation) == [TabletPoint(x: 10, y: 15), TabletPoint(x: 35, y: 15)])
        #expect(replay.droppedFrameCount == 1)
        #expect(replay.warnings.contains { $0.line == first + 5 && $0.message.contains("SYN_DROPPED") })
    }

    @Test func anUnfinishedLastFrameIsDiscardedWithAWarning() throws {
        let (path, _) = try evemu(stroke + "E: 0.016000 0003 0000 2300\n")
        let replay = try SampleReplay(path: path)
        let samples = try replay.allSamples()
        #expect(samples.map(\.phase) == [.began, .moved, .ended])
        #expect(replay.warnings.contains { $0.message.contains("no SYN_REPORT") })
    }

    @Test func headerLinesThatAreNotEvemuAreNamed() throws {
        let path = try Fixtures.write("# EVEMU 1.3\nN: Pen\nA: 00 0 100\n")
        let failure = error { _ = try SampleReplay(path: path) }
        #expect(failure?.line == 3)
        #expect(failure?.message.contains("A: code min max fuzz flat [resolution]") == true)
    }
}
