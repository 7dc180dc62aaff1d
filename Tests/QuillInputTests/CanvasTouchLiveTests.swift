import Foundation
import QuillCore
import QuillTestSupport
import Testing
@testable import QuillInput

/// `quill canvas --backend evdev` with a pen and its touchscreen mocked on umockdev (one device
/// group, one clock), in a GTK window on Xvfb: the live session's palm rejection keeps the palm
/// off the page, the drawing policy decides whether fingers draw, and a real two-finger tap
/// undoes. What the window kept is what the same canvas keeps of the same events replayed
/// (`quill canvas --replay`). Two live runs.
@Suite(.serialized, .liveTier("umockdev plays a pen and its touchscreen in real time into a GTK window on Xvfb"), .enabled(if: MockedTablet.isAvailable && CanvasCommandLineTests.isAvailable, "umockdev-run or xvfb-run is not installed: canvas touch live tests skipped"))
struct CanvasTouchLiveTests {
    static let palm = "cintiq-13hd-rect-right"

    /// The palm fixture, then (440 ms after its last event, the pen 880 ms out of proximity) the
    /// ISDv4 E6's real two-finger tap re-encoded on the Cintiq 13HD touch node: 2776 × 1569 units
    /// (libwacom: 11 × 6 in) onto 2937 × 1652 (10 units/mm), about the same size in millimetres;
    /// its codes the Cintiq node lacks dropped (none the tap uses). A derived fixture.
    static func palmThenTwoFingerTap() throws -> String {
        var palm = try TouchLiveFixture.read(PalmFixtureLabels.fixturePath(palm))
        let finger = try TouchLiveFixture.read(
            Fixtures.recording("evemu-devices/Wacom-ISDv4-E6-Finger.2fg-tap.events"), deviceFile: Fixtures.recording("evemu-devices/Wacom-ISDv4-E6-Finger.desc"))
        let last = palm.frames.compactMap { $0.last?.last?.microseconds }.max() ?? 0
        let tap = TouchLiveFixture.reencoded(finger.frames[0], from: finger.devices[0], on: palm.devices[1], start: last + 440_000)
        #expect(tap.joined().count == finger.frames[0].joined().count + 1, "every event of the tap kept, slot 0 selected first")
        palm.frames[1] += tap
        return try TouchLiveFixture.write(palm)
    }

    struct Result {
        var status: Int32
        var summary: [String: Any]
        var error: String
        /// The saved drawing's strokes, each its points (x, y) and whether it is a finger's.
        var strokes: [(points: [(Double, Double)], isFinger: Bool)]
    }

    /// Reads a saved drawing: every stroke's points; a finger's stroke begins upright at full
    /// force (altitude π/2, force 1: a touch has neither tilt nor pressure), a pen's never does here.
    static func strokes(_ path: String) throws -> [(points: [(Double, Double)], isFinger: Bool)] {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        return (json["strokes"] as? [[String: Any]] ?? []).map { stroke in
            let points = (stroke["path"] as? [String: Any])?["points"] as? [[String: Any]] ?? []
            let first = points.first ?? [:]
            let isFinger = abs((first["altitude"] as? Double ?? 0) - .pi / 2) < 1e-9 && first["force"] as? Double == 1
            return (points.map { ($0["x"] as? Double ?? .nan, $0["y"] as? Double ?? .nan) }, isFinger)
        }
    }

    /// `quill canvas` on `fixture`: live (`group` given: its nodes through the evdev backend, for
    /// the whole stream) or replayed; the summary row and the drawing saved at the end.
    static func canvas(_ fixture: String, policy: String, live group: MockedDeviceGroup?) throws -> Result {
        let directory = TestScratch.directory.appendingPathComponent("quill-canvas-touch-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let saved = directory + "/drawing.json"
        let environment = ["XDG_CONFIG_HOME=\(directory)/config", "XDG_STATE_HOME=\(directory)/state", "GSK_RENDERER=cairo", "NO_AT_BRIDGE=1"]
        var command = ["/usr/bin/env"] + environment + ["/usr/bin/xvfb-run", "-a", "-s", "-screen 0 1280x1024x24", CommandLineTests.executable.path, "canvas"]
        command += ["--drawing-policy", policy, "--save", saved, "--screenshot", directory + "/window.png"]
        let run: (status: Int32, output: String, error: String)
        if let group {
            let seconds = group.listeningTime(tail: 2)
            command += ["--backend", "evdev"] + group.nodes.flatMap { ["--node", $0.path] } + ["--duration", String(format: "%.3f", seconds)]
            let result = try group.run(command, timeout: Int(seconds) + 60)
            run = (result.status, result.output, result.error)
        } else {
            run = try Fixtures.runProcess(URL(fileURLWithPath: command[0]), Array(command.dropFirst()) + ["--replay", fixture], deadline: 120)
        }
        let line = run.output.split(separator: "\n").last.map(String.init) ?? ""
        let summary = (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]) ?? [:]
        let strokes = FileManager.default.fileExists(atPath: saved) ? try Self.strokes(saved) : []
        return Result(status: run.status, summary: summary, error: run.error, strokes: strokes)
    }

    /// The same strokes, point for point (1e-6 pt: the smoother works on time differences, which
    /// round differently on the run's clock than on the file's).
    static func sameDrawing(_ a: Result, _ b: Result) -> Bool {
        a.strokes.count == b.strokes.count && zip(a.strokes, b.strokes).allSatisfy { s, t in
            s.isFinger == t.isFinger && s.points.count == t.points.count && zip(s.points, t.points).allSatisfy { abs($0.0 - $1.0) < 1e-6 && abs($0.1 - $1.1) < 1e-6 }
        }
    }

    static func describe(_ result: Result) -> String {
        "strokes \(result.summary["strokes"] ?? "none") (\(result.strokes.map { "\($0.isFinger ? "finger" : "pen") \($0.points.count)" })), finger requests \(result.summary["finger_requests"] ?? "none"), feedback \(result.summary["last_feedback"] ?? "none")"
    }

    /// anyInput on the palm fixture: the pen's two strokes, and of the fingers only what the
    /// replay draws (E, alone on the glass; B and D share it with another finger: a two-finger
    /// gesture) — never the palm: A (down before the pen, cancelled when it came) and C (down in
    /// the pen's rectangle, ignored) draw nothing and move nothing. The replay's drawing is that of
    /// the input without the rejected touches (CanvasFingerTests); unrejected, the palms would not
    /// draw here either (A shares the glass with B, C with both) but would pan the page
    /// (CanvasFingerTests.unrejectedThePalmsWouldMoveThePage): the page stays where it was, and
    /// C's spot (shared by no accepted touch) stays blank.
    @Test func aPalmUnderThePenNeverDrawsInTheLiveCanvas() throws {
        let fixture = PalmFixtureLabels.fixturePath(Self.palm)
        let group = try MockedDeviceGroup(recording: fixture)
        let live = try Self.canvas(fixture, policy: "anyInput", live: group)
        #expect(live.status == 0, "\(live.error)")
        #expect(live.error.contains("canvas input: evdev: Wacom Cintiq 13HD touch Pen + Wacom Cintiq 13HD touch Finger"), "\(live.error)")
        let replay = try Self.canvas(fixture, policy: "anyInput", live: nil)
        #expect(replay.status == 0, "\(replay.error)")
        #expect(live.summary["strokes"] as? Int == replay.summary["strokes"] as? Int && Self.sameDrawing(live, replay), "live: \(Self.describe(live)); replay: \(Self.describe(replay))")
        #expect(live.strokes.filter { !$0.isFinger }.count == 2 && live.strokes.filter(\.isFinger).count == 1, "\(Self.describe(live))")
        #expect(live.summary["finger_requests"] as? [String] == [], "\(Self.describe(live))")
        #expect(live.summary["page_transform"] as? [Double] == [1, 0, 0, 0] && replay.summary["page_transform"] as? [Double] == [1, 0, 0, 0], "live \(live.summary["page_transform"] ?? "none"), replay \(replay.summary["page_transform"] ?? "none")")
        // Where C touched down, in the page's points (the replay's touch row: the touch surface
        // mapped as the pen's, 293.7 × 165.2 mm against 293.76 × 165.24).
        let labels = try PalmFixtureLabels.load(Self.palm)
        let c = try #require(labels.touches.first { $0.name == "C" })
        let touches = try TouchRow.parse(try CommandLineTests().quill("touches", fixture).output)
        let down = try #require(touches.first { $0.tracking_id == c.tracking_id && $0.phase == "began" })
        #expect(down.rejected == "palm")
        #expect(!live.strokes.contains { $0.points.contains { abs($0.0 - down.x) < 10 && abs($0.1 - down.y) < 10 } }, "a stroke at palm C's spot (\(down.x), \(down.y))")
        print("palm fixture, anyInput: live \(Self.describe(live)); replay \(Self.describe(replay))")
    }

    /// pencilOnly on the palm fixture followed by the real two-finger tap: the fingers draw
    /// nothing (one finger pans), the tap undoes the pen's last stroke: one stroke left, one
    /// "undo" carried out, as the replay of the same file.
    @Test func aRealTwoFingerTapUndoesInTheLiveCanvas() throws {
        let fixture = try Self.palmThenTwoFingerTap()
        defer { try? FileManager.default.removeItem(atPath: fixture) }
        let group = try MockedDeviceGroup(recording: fixture)
        let live = try Self.canvas(fixture, policy: "pencilOnly", live: group)
        #expect(live.status == 0, "\(live.error)")
        let replay = try Self.canvas(fixture, policy: "pencilOnly", live: nil)
        #expect(replay.status == 0, "\(replay.error)")
        #expect(replay.summary["strokes"] as? Int == 1 && replay.summary["finger_requests"] as? [String] == ["undo"], "replay: \(Self.describe(replay))")
        #expect(live.summary["strokes"] as? Int == 1 && Self.sameDrawing(live, replay), "live: \(Self.describe(live)); replay: \(Self.describe(replay))")
        #expect(live.strokes.allSatisfy { !$0.isFinger })
        // One finger pans under pencilOnly: B, E and D moved the page, as in the replay.
        #expect(live.summary["page_transform"] as? [Double] == replay.summary["page_transform"] as? [Double], "live \(live.summary["page_transform"] ?? "none"), replay \(replay.summary["page_transform"] ?? "none")")
        #expect(live.summary["finger_requests"] as? [String] == ["undo"], "\(Self.describe(live))")
        #expect(live.summary["last_feedback"] as? String == "two-finger tap → undo", "\(Self.describe(live))")
        print("palm fixture + two-finger tap, pencilOnly: live \(Self.describe(live)); replay \(Self.describe(replay))")
    }
}
