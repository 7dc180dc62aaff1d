import Foundation
import QuillCore
import QuillDevices
import QuillInput
import QuillSystem
import Testing

/// Touch nodes in a live session, in process on a clock the test moves: a pen and its
/// touchscreen (a palm fixture's two real streams) give the replay's touches, palm rejection
/// included; two touch nodes share the seat's numbers.
@Suite struct TabletSessionTouchTests {
    static let root = RecordedTablet.root

    /// Device `index` of a recording and its events (times in µs from the recording's start).
    static func device(_ path: String, _ index: Int) throws -> (DeviceDescription, [InputEvent]) {
        let reader = try Recording.open(path: path)
        var description: DeviceDescription?
        var events: [InputEvent] = []
        while let item = try reader.next() {
            switch item {
            case let .device(found, value) where found == index: description = value
            case let .event(found, event, _) where found == index: events.append(event)
            default: break
            }
        }
        return (try #require(description), events)
    }

    @Test func aPenAndItsTouchscreenGiveTheReplaysTouches() throws {
        let fixture = Self.root.appendingPathComponent("Recordings/libinput-record/palm/cintiq-13hd-rect-right.yml").path
        let clock = FakeClock(1_000_000)
        let origin: Int64 = 1_000_000
        let (penDevice, penEvents) = try Self.device(fixture, 0)
        let (touchDevice, touchEvents) = try Self.device(fixture, 1)
        func onClock(_ events: [InputEvent]) -> [InputEvent] { events.map { var e = $0; e.microseconds += origin; return e } }
        let pen = ScriptedNode(path: "/dev/input/pen", description: penDevice, events: onClock(penEvents), clock: clock)
        let touch = ScriptedNode(path: "/dev/input/touch", description: touchDevice, events: onClock(touchEvents), clock: clock)
        let session = try TabletSession(nodes: [pen, touch], origin: origin, clock: clock.clock)
        #expect(session.palmPairs.map { "\($0.pen)-\($0.touch)" } == ["0-1"])
        let live = try TabletSessionTests.drive(session, clock, to: origin + 2_000_000, step: 1_000).compactMap(\.touch)
        let replay = try SampleReplay(path: fixture).allEvents().compactMap(\.touch)
        #expect(live.count == replay.count && !replay.isEmpty)
        for (a, b) in zip(live, replay) {
            #expect(a.phase == b.phase && a.rejection == b.rejection && a.slot == b.slot && a.trackingID == b.trackingID && a.id == b.id, "\(a) vs \(b)")
            #expect(a.tabletLocation == b.tabletLocation && abs(a.time - b.time) < 1e-9)
        }
    }

    @Test func twoTouchNodesShareTheSeatsNumbers() throws {
        let dell = try Self.device(Self.root.appendingPathComponent("Recordings/evemu-devices/dell_canvas_touch.evemu").path, 0)
        let cintiq = try Self.device(Self.root.appendingPathComponent("Recordings/evemu-devices/Wacom-Cintiq-13HD-touch-Finger.events").path, 0)
        let clock = FakeClock(0)
        // Both recordings from t = 0: the Cintiq's one touch comes while the Dell's first two are down.
        func fromZero(_ events: [InputEvent]) -> [InputEvent] {
            let first = events.first?.microseconds ?? 0
            return events.map { var e = $0; e.microseconds -= first; return e }
        }
        let nodes = [
            ScriptedNode(path: "/dev/input/a", description: dell.0, events: fromZero(dell.1), clock: clock),
            ScriptedNode(path: "/dev/input/b", description: cintiq.0, events: fromZero(cintiq.1), clock: clock),
        ]
        let session = try TabletSession(nodes: nodes, origin: 0, clock: clock.clock)
        let touches = try TabletSessionTests.drive(session, clock, to: 20_000_000, step: 2_000).compactMap(\.touch)
        var down: [Int: Int] = [:]  // seat number → device
        for touch in touches {
            switch touch.phase {
            case .began:
                #expect(down[touch.id] == nil, "seat number \(touch.id) taken twice")
                down[touch.id] = touch.deviceIndex
            case .ended, .cancelled: down[touch.id] = nil
            case .moved: #expect(down[touch.id] == touch.deviceIndex)
            }
        }
        #expect(Set(touches.map(\.deviceIndex)) == [0, 1])
        #expect(touches.contains { $0.deviceIndex == 1 && $0.id >= 1 }, "the Cintiq's touch took a number the Dell's fingers left free")
    }
}
