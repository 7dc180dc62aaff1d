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
