import Foundation
import QuillCore
import QuillTestSupport
@testable import QuillInput

/// Paths and helpers shared by the input tests. Recordings are read from the repository's
/// `Recordings/` (see its README for where each came from).
enum Fixtures {
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func recording(_ name: String) -> String {
        repositoryRoot.appendingPathComponent("Recordings").appendingPathComponent(name).path
    }

    static let genius = recording("evemu-devices/Genius-EasyPen-i405X.events")
    static let geniusDescription = recording("evemu-devices/Genius-EasyPen-i405X.desc")
    static let ucLogic = recording("evemu-devices/UC-LOGIC-Tablet-WP5540U-Pen.events")
    static let cintiq12WX = recording("evemu-devices/Wacom-Cintiq-12WX.events")
    static let cintiq13HD = recording("evemu-devices/Wacom-Cintiq-13HD-touch-Pen.events")
    static let cintiq22HDT = recording("evemu-devices/Wacom-Cintiq-22HDT-Pen.events")
    /// "cat water" printed by held-out UNIPEN writers into a text box's place (Recordings/scribble/README.md).
    static let scribbleCatWater = recording("scribble/cat-water.events")
    static let dth2242 = recording("evemu-devices/Wacom-DTH2242-Pen.events")
    static let intuos4Description = recording("evemu-devices/Wacom-Intuos4-6x9-Pen.desc")
    static let intuos4Drag = recording("evemu-devices/Wacom-Intuos4-6x9.stylus-drag.events")
    static let intuos4Move = recording("evemu-devices/Wacom-Intuos4-6x9.stylus-move.events")
    static let intuos4Tap = recording("evemu-devices/Wacom-Intuos4-6x9.stylus-tap.events")
    static let dellCanvas = recording("evemu-devices/dell_canvas_pen.evemu")
    static let cintiq22HDTFinger = recording("evemu-devices/Wacom-Cintiq-22HDT-Finger.events")
    static let intuos4PadDescription = recording("evemu-devices/Wacom-Intuos4-6x9-Pad.desc")
    static let intuos4WholeDescription = recording("evemu-devices/Wacom-Intuos4-6x9.desc")
    static let intuos4PadButtons = recording("evemu-devices/Wacom-Intuos4-6x9.pad-buttons.events")
    static let intuos4ModeToggle = recording("evemu-devices/Wacom-Intuos4-6x9.mode-toggle-button.events")
    static let intuos3Strip = recording("evemu-devices/Wacom-Intuos3-4x6-Pad.strip.events")
    static let intuos3PadDescription = recording("evemu-devices/Wacom-Intuos3-4x6-Pad.desc")
    static let intuosProRecord = recording("libinput-record/intuos-pro-m-synthetic-stroke.yml")
    static let intuosProRecordWithLibinput = recording("libinput-record/intuos-pro-m-synthetic-stroke.with-libinput.yml")

    /// Every bundled recording with the description it needs.
    static let all: [(path: String, device: String?)] = [
        (genius, geniusDescription), (ucLogic, nil), (cintiq12WX, nil), (cintiq13HD, nil), (cintiq22HDT, nil), (dth2242, nil),
        (intuos4Drag, intuos4Description), (intuos4Move, intuos4Description), (intuos4Tap, intuos4Description),
        (dellCanvas, nil), (intuosProRecord, nil), (intuosProRecordWithLibinput, nil),
    ]

    static func samples(_ path: String, device: String? = nil) throws -> [PenSample] {
        try SampleReplay(path: path, deviceFile: device).allSamples()
    }

    /// A program that did not finish within its deadline: the test fails with this message
    /// (never a hang), naming the command and what it had written to standard error.
    struct ProcessTimeout: Error, CustomStringConvertible {
        var command: [String]
        var seconds: Double
        var error: String
        var description: String { "\(command.joined(separator: " ")) did not finish within \(seconds) s (killed); its standard error ended with: \(error.suffix(2_000))" }
    }

    /// Runs a program to completion and returns its exit status, standard output and error.
    ///
    /// Both streams go to files, not pipes: a child that fills one pipe while the test reads the
    /// other blocks forever (seen under load, when libinput logged more than a pipe holds). A
    /// program still running after `deadline` seconds is killed and ``ProcessTimeout`` thrown.
    static func runProcess(_ executable: URL, _ arguments: [String], deadline: Double = 180) throws -> (status: Int32, output: String, error: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let outPath = temporaryPath(".stdout"), errPath = temporaryPath(".stderr")
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        defer {
            try? FileManager.default.removeItem(atPath: outPath)
            try? FileManager.default.removeItem(atPath: errPath)
        }
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        let error = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        try? output.close()
        try? error.close()
        if finished.wait(timeout: .now() + deadline) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            finished.wait()
            let partial = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
            throw ProcessTimeout(command: [executable.path] + arguments, seconds: deadline, error: partial)
        }
        process.waitUntilExit()
        let outData = FileManager.default.contents(atPath: outPath) ?? Data()
        let errData = FileManager.default.contents(atPath: errPath) ?? Data()
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }

    /// A fresh temporary file path with the given extension.
    static func temporaryPath(_ suffix: String) -> String {
        TestScratch.directory.appendingPathComponent("quill-test-\(UUID().uuidString)\(suffix)").path
    }

    /// Writes `text` to a temporary file and returns its path.
    static func write(_ text: String, suffix: String = ".events") throws -> String {
        let path = temporaryPath(suffix)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// A minimal evemu header for a tablet like an Intuos Pro M: 200 units/mm, pressure 0…8191,
    /// distance 0…63, tilt −64…63 at 57 units/rad, pen and eraser, three barrel buttons.
    static let intuosLikeHeader = """
        # EVEMU 1.3
        N: Test Tablet Pen
        I: 0003 056a 0357 0110
        P: 01 00 00 00 00 00 00 00
        B: 00 0b 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 03 1e 00 00 00 00 00 00
        B: 03 03 00 00 03 00 00 00 00
        B: 04 01 00 00 00 00 00 00 00
        A: 00 0 44800 4 0 200
        A: 01 0 29600 4 0 200
        A: 18 0 8191 0 0 0
        A: 19 0 63 0 0 0
        A: 1a -64 63 0 0 57
        A: 1b -64 63 0 0 57

        """

    /// An evemu recording of the `intuosLikeHeader` tablet: each frame's events ("TYPE CODE VALUE",
    /// hex type and code) closed by SYN_REPORT, frames `gap` seconds apart from 0.
    static func intuosLikeRecording(_ frames: [[String]], gap: Double = 0.010) throws -> String {
        var text = intuosLikeHeader
        for (index, frame) in frames.enumerated() {
            for event in frame + ["0000 0000 0"] { text += String(format: "E: %.6f ", Double(index) * gap) + event + "\n" }
        }
        return try write(text)
    }

    /// The description `intuosLikeHeader` holds.
    static func intuosLikeDevice() throws -> DeviceDescription {
        try EvemuReader.readDescription(path: try write(intuosLikeHeader, suffix: ".desc"))
    }

    /// Frame builder for synthetic decoder tests: events at `time` seconds, closed by SYN_REPORT.
    static func frame(_ time: Double, _ events: [(UInt16, UInt16, Int32)]) -> [InputEvent] {
        let micros = Int64((time * 1_000_000).rounded())
        return events.map { InputEvent(microseconds: micros, type: $0.0, code: $0.1, value: $0.2) }
            + [InputEvent(microseconds: micros, type: 0, code: 0, value: 0)]
    }

    static func decode(_ frames: [[InputEvent]], device: DeviceDescription, finish: Bool = true) throws -> [PenSample] {
        var decoder = try TabletDecoder(device: device)
        var samples: [PenSample] = []
        for frame in frames { decoder.decode(frame: frame[...], into: &samples) }
        if finish { decoder.finish(into: &samples) }
        return samples
    }
}

// Short names for synthetic frames.
let KEY = EvdevCode.EventType.key
let ABS = EvdevCode.EventType.abs
let MSC = EvdevCode.EventType.msc

extension Fixtures {
    /// Where two outputs part, line by line: nil when equal, else the first differing line of
    /// each (with its number) and both line counts — what a failed comparison should say.
    static func firstDifference(_ actual: String, _ expected: String) -> String? {
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        guard a != e else { return nil }
        let line = (0..<min(a.count, e.count)).first { a[$0] != e[$0] } ?? min(a.count, e.count)
        return "line \(line + 1) differs (\(a.count) lines vs \(e.count) expected):\n  got      \(line < a.count ? String(a[line]) : "<end>")\n  expected \(line < e.count ? String(e[line]) : "<end>")"
    }
}
