import Foundation
import QuillCore
import QuillTestSupport
import Testing
@testable import QuillInput

/// Quill's palm rejection on the palm fixtures (Recordings/libinput-record/palm/, a real pen and
/// real touches of one tablet on one clock): every touch as its labels say libinput treats it
/// (PalmOracleTests checks the labels against libinput itself, and Quill against libinput's events).
@Suite struct PalmReplayTests {
    /// The touches of a fixture's replay.
    static func touches(_ name: String) throws -> (touches: [TouchSample], replay: SampleReplay) {
        let replay = try SampleReplay(path: PalmFixtureLabels.fixturePath(name))
        let touches = try replay.allEvents().compactMap(\.touch)
        return (touches, replay)
    }

    /// Quill's events in libinput's words: a touch down, up or cancel that a client sees (rejected
    /// touches give none but their one cancel), with slot and time.
    static func libinputView(_ touches: [TouchSample]) -> [(kind: String, slot: Int, id: Int, time: Double)] {
        touches.compactMap { touch in
            switch (touch.phase, touch.isAccepted) {
            case (.began, true): return ("down", touch.slot, touch.id, touch.time)
            case (.ended, true): return ("up", touch.slot, touch.id, touch.time)
            case (.cancelled, _) where touch.id >= 0: return ("cancel", touch.slot, touch.id, touch.time)
            default: return nil
            }
        }
    }

    @Test(arguments: PalmFixtureLabels.names)
    func everyTouchIsTreatedAsLabelled(fixture name: String) throws {
        let labels = try PalmFixtureLabels.load(name)
        let (touches, replay) = try Self.touches(name)
        #expect(replay.palmPairs.map { "\($0.pen)-\($0.touch)" } == ["\(labels.pen.device)-\(labels.touch.device)"])
        for label in labels.touches {
            let mine = touches.filter { $0.trackingID == Int32(label.tracking_id) && $0.deviceIndex == labels.touch.device }
            let first = try #require(mine.first, "\(name) \(label.name): no touch with tracking id \(label.tracking_id)")
            #expect(abs(first.time - label.begins) < 1e-6, "\(name) \(label.name)")
            #expect(first.phase == .began)
            switch label.expect {
            case .normal:
                #expect(mine.allSatisfy { $0.isAccepted }, "\(name) \(label.name): \(label.why)")
                #expect(mine.last?.phase == .ended && abs((mine.last?.time ?? 0) - label.ends) < 1e-6, "\(name) \(label.name)")
            case .cancelled:
                #expect(first.isAccepted, "\(name) \(label.name): down before the pen")
                let cancels = mine.filter { $0.phase == .cancelled }
                #expect(cancels.count == 1 && cancels.first?.rejection == .palm, "\(name) \(label.name): cancelled once")
                let cancelIndex = mine.firstIndex { $0.phase == .cancelled } ?? 0
                #expect(mine[..<cancelIndex].allSatisfy { $0.isAccepted } && mine[cancelIndex...].allSatisfy { !$0.isAccepted }, "\(name) \(label.name)")
                #expect(abs((cancels.first?.time ?? 0) - labels.pen.proximity_in) < 1e-6, "\(name) \(label.name): cancelled as the pen comes in")
                #expect(mine[(cancelIndex + 1)...].allSatisfy { $0.id == -1 }, "\(name) \(label.name): its number is given back at the cancel")
            case .ignored:
                #expect(mine.allSatisfy { $0.rejection == .palm }, "\(name) \(label.name): \(label.why)")
                #expect(!mine.contains { $0.phase == .cancelled }, "\(name) \(label.name): never down, never cancelled")
                #expect(mine.allSatisfy { $0.id == -1 }, "\(name) \(label.name): no seat number (libinput gives it no seat slot)")
            }
        }
    }

    /// `quill touches` on a fixture: the rejected touches are there, marked.
    @Test func quillTouchesMarksTheRejected() throws {
        let result = try Fixtures.runProcess(CommandLineTests.executable, ["touches", PalmFixtureLabels.fixturePath("cintiq-13hd-rect-right")])
        #expect(result.status == 0, "\(result.error)")
        let rows = result.output.split(separator: "\n").map { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(rows.allSatisfy { $0 != nil })
        let rejected = rows.compactMap { $0 }.filter { $0["rejected"] as? String == "palm" }
        let labels = try PalmFixtureLabels.load("cintiq-13hd-rect-right")
        let expected = try Self.touches("cintiq-13hd-rect-right").touches.filter { !$0.isAccepted }.count
        #expect(rejected.count == expected && expected > 0)
        #expect(Set(rejected.compactMap { $0["tracking_id"] as? Int }) == Set(labels.touches.filter { $0.expect != .normal }.map(\.tracking_id)))
    }
}
