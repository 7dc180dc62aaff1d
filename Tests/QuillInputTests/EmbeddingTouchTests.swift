import Foundation
import QuillCore
import QuillGestures
import Testing
@testable import QuillInput

/// Touches and finger gestures through libquill (Tests/CPrograms/touch_check.c), compared with the
/// Swift replay and session of the same recordings.
extension EmbeddingTests {
    static let touchCheck: Result<String, Error> = Result { try compile("Tests/CPrograms/touch_check.c") }

    func touchCounts(_ recording: String, policy: Int) throws -> [String: Int] {
        let result = try run(try EmbeddingTests.touchCheck.get(), [recording, "\(policy)"])
        #expect(result.status == 0, "\(result.error)")
        var counts: [String: Int] = [:]
        for line in result.output.split(separator: "\n") {
            let fields = line.split(separator: " ")
            if fields.count == 2, let value = Int(fields[1]) { counts[String(fields[0])] = value }
        }
        return counts
    }

    @Test func aTwoFingerTapAsksCForUndo() throws {
        let path = Fixtures.recording("evemu-devices/Wacom-ISDv4-E6-Finger.2fg-tap.events")
        // A header-less event file: its description put in front (libquill's device_file would do too).
        let text = try String(contentsOfFile: Fixtures.recording("evemu-devices/Wacom-ISDv4-E6-Finger.desc"), encoding: .utf8)
            + String(contentsOfFile: path, encoding: .utf8)
        let counts = try touchCounts(try Fixtures.write(text), policy: 0)
        #expect(counts["touches"] == 4 && counts["began"] == 2 && counts["rejected"] == 0, "\(counts)")
        #expect(counts["undo"] == 1 && counts["redo"] == 0 && counts["refused"] == 1, "\(counts)")
    }

    /// A palm fixture: libquill gives the rejected touches marked, as the replay does; the Dell
    /// Canvas's real 5-finger pinch moves the canvas (one finger may not draw: pencil only).
    @Test func palmRejectionAndTheTransformReachC() throws {
        let fixture = PalmFixtureLabels.fixturePath("cintiq-13hd-rect-right")
        let touches = try SampleReplay(path: fixture).allEvents().compactMap(\.touch)
        let counts = try touchCounts(fixture, policy: 0)
        #expect(counts["touches"] == touches.count && counts["rejected"] == touches.filter { !$0.isAccepted }.count, "\(counts)")
        let dell = Fixtures.recording("evemu-devices/dell_canvas_touch.evemu")
        let events = try SampleReplay(path: dell).allEvents()
        var session = PencilSession(drawingPolicy: .pencilOnly)
        var outcomes: [PencilInteraction.Outcome] = [], fingers: [FingerGesture] = []
        for event in events { session.handle(event, into: &outcomes, fingers: &fingers) }
        let transforms = fingers.filter { if case .transform = $0 { return true } else { return false } }.count
        let pencilOnly = try touchCounts(dell, policy: 2)
        #expect(pencilOnly["transforms"] == transforms && transforms > 0 && pencilOnly["ink"] == 0, "\(pencilOnly)")
        #expect(pencilOnly["frames"] == events.filter { if case .touchFrame = $0 { return true } else { return false } }.count)
        let anyInput = try touchCounts(dell, policy: 1)
        #expect((anyInput["ink"] ?? 0) > 0, "\(anyInput)")
    }
}

extension EmbeddingTests {
    /// Touches through Python: `quill touches`' JSON objects, key for key (Python adds frame_end);
    /// its finger gestures are `quill gestures`' finger rows.
    @Test func pythonGivesTheTouchesAndFingerGesturesOfTheCommands() throws {
        let fixture = PalmFixtureLabels.fixturePath("cintiq-13hd-rect-right")
        let script = "import json, sys, quill\nwith quill.Source.open_recording(sys.argv[1]) as s:\n    for t in s.touches():\n        d = t.to_dict(); d.pop('frame_end'); print(json.dumps(d))"
        let run = try python(script, [fixture])
        #expect(run.status == 0, "\(run.error)")
        let fromPython = run.output.split(separator: "\n").map { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? NSDictionary }
        let fromCommand = try cli.quill("touches", fixture).output.split(separator: "\n").map { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? NSDictionary }
        #expect(fromPython.count == fromCommand.count && fromPython.count > 10)
        let differing = zip(fromPython, fromCommand).enumerated().first { $0.element.0 == nil || $0.element.0 != $0.element.1 }
        #expect(differing == nil, "line \((differing?.offset ?? 0) + 1): \(String(describing: differing?.element.0)) vs \(String(describing: differing?.element.1))")

        let intuos = Fixtures.recording("evemu-devices/Wacom-Intuos5-touch-M-Finger-double-center-circle.events")
        let description = Fixtures.recording("evemu-devices/Wacom-Intuos5-touch-M-Finger.desc")
        let gestureScript = """
            import json, sys, quill
            g = quill.Gestures()
            g.set_drawing_policy(quill.DrawingPolicy.PENCIL_ONLY)
            with quill.Source.open_recording(sys.argv[1], device_file=sys.argv[2]) as s:
                for t in s.touches():
                    g.add_touch(t)
                    for f in g.finger_gestures(): print(json.dumps(f.to_dict()))
            """
        let gestures = try python(gestureScript, [intuos, description])
        #expect(gestures.status == 0, "\(gestures.error)")
        let rows = gestures.output.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let command = try cli.quill("gestures", intuos, "--device", description, "--drawing-policy", "pencilOnly", "--preferences", "/nonexistent")
            .output.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(rows.count == command.count && rows.count > 50, "\(rows.count) vs \(command.count)")
        // Row for row, key for key: Python's finger gestures are the command's.
        let differingRow = zip(rows, command).enumerated().first { NSDictionary(dictionary: $0.element.0) != NSDictionary(dictionary: $0.element.1) }
        #expect(differingRow == nil, "row \((differingRow?.offset ?? 0) + 1): \(String(describing: differingRow?.element.0)) vs \(String(describing: differingRow?.element.1))")
    }
}
