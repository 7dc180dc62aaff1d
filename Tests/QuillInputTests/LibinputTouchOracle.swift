import Foundation
import QuillTestSupport

/// One event libinput 1.22.1 gave for a fixture: a touch event of a touchscreen, or a proximity
/// or tip change of a pen (what its touch arbitration follows).
struct OracleTouchEvent: Equatable, CustomStringConvertible {
    enum Kind: String {
        case down, motion, up, cancel, frame, proximityIn, proximityOut, tipDown, tipUp
    }

    var kind: Kind
    /// Seconds on the fixture's clock (its first event at 0), exact to the microsecond: libinput's
    /// event time, which is the kernel time of the evdev event that caused it. One exception: the
    /// `cancel`s (and their `frame`) of "ignore all touches" mode (a pen in proximity with tilt x
    /// 0) carry `libinput_now()`, the moment libinput handled the pen's frame: under umockdev that
    /// is wall-clock time, not on the fixture's clock (it reads as before the pen's event). Their
    /// order in the list is still exact.
    var time: Double
    /// Index of the device in the fixture (0 for the first `- node:`).
    var device: Int
    /// Kernel slot (`libinput_event_touch_get_slot`); nil for frames and pen events.
    var slot: Int?
    /// libinput's seat slot; nil for frames and pen events.
    var seatSlot: Int?
    /// Position in mm from the device's top-left corner, for down, motion and pen events.
    var x_mm: Double?
    var y_mm: Double?
    /// The pen's tilt in x, degrees, for proximity events (libinput's arbitration reads its sign).
    var tiltX: Double?

    var isTouch: Bool { [.down, .motion, .up, .cancel].contains(kind) }

    var description: String {
        var text = String(format: "%@ %.6f dev %d", kind.rawValue, time, device)
        if let slot, let seatSlot { text += " slot \(slot) seat \(seatSlot)" }
        if let x_mm, let y_mm { text += String(format: " (%.2f, %.2f) mm", x_mm, y_mm) }
        if let tiltX { text += String(format: " tilt x %.2f°", tiltX) }
        return text
    }
}

/// libinput 1.22.1 itself as the oracle for palm rejection: plays a multi-device fixture
/// (`libinput record` YAML, e.g. Recordings/libinput-record/palm/) on umockdev, every device in one
/// device group so libinput pairs the pen with its touchscreen, and reports what libinput did.
///
/// The program reading the nodes is Tools/testing/mock/libinput-touch-events.c, a small client of the
/// system's libinput (one path context with every node, like `libinput debug-events --device`),
/// built with the system C compiler once per test run.
enum LibinputTouchOracle {
    /// Why the oracle could not answer: the message says what failed and what libinput said.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// What libinput gave for a fixture.
    struct Answer {
        /// libinput's touch, proximity and tip events, in the order libinput emitted them.
        var events: [OracleTouchEvent]
        /// How far ahead of their reading the mocked events stayed (``MockedDeviceGroup/Run/pacing``):
        /// for a failure's message, since libinput's timers run from event times.
        var pacing: String
    }

    /// libinput's touch, proximity and tip events for `fixture` (a path, or a name under
    /// Recordings/), in the order libinput emitted them.
    ///
    /// Throws ``Failure`` when libinput did not add every device, did not pair the pen with the
    /// touchscreen, or the run did not finish within its deadline.
    static func events(fixture: String) throws -> Answer {
        let path = fixture.hasPrefix("/") ? fixture : Fixtures.recording(fixture)
        let group = try MockedDeviceGroup(recording: path)
        let program = try client.get()
        let seconds = group.listeningTime()
        let run = try group.run([program, String(format: "%.3f", seconds)] + group.nodes.map(\.path), timeout: Int(seconds) + 30, endsWithStream: true)
        let log = run.error.split(separator: "\n").suffix(40).joined(separator: "\n")
        guard run.status == 0 else { throw Failure(description: "libinput-touch-events exited with \(run.status) on \(fixture):\n\(log)") }
        let nodes = Dictionary(uniqueKeysWithValues: group.nodes.enumerated().map { ("event\($0.element.number)", $0.offset) })
        var events: [OracleTouchEvent] = []
        var added: Set<Int> = []
        for line in run.output.split(separator: "\n") {
            let words = line.split(separator: " ").map(String.init)
            guard words.count >= 2, let device = nodes[words[1]] else { throw Failure(description: "unexpected line '\(line)' on \(fixture)") }
            if words[0] == "ADDED" {
                added.insert(device)
                continue
            }
            guard words.count >= 3, let microseconds = Int64(words[2]) else { throw Failure(description: "unexpected line '\(line)' on \(fixture)") }
            var event = OracleTouchEvent(kind: .frame, time: run.recordingTime(ofMicroseconds: microseconds), device: device)
            let numbers = words.dropFirst(3).map { Double($0) }
            switch words[0] {
            case "TOUCH_DOWN", "TOUCH_MOTION", "TOUCH_UP", "TOUCH_CANCEL":
                event.kind = ["TOUCH_DOWN": .down, "TOUCH_MOTION": .motion, "TOUCH_UP": .up, "TOUCH_CANCEL": .cancel][words[0]]!
                event.slot = numbers.first.flatMap { $0.map(Int.init) }
                event.seatSlot = numbers.dropFirst().first.flatMap { $0.map(Int.init) }
                if numbers.count >= 4 { (event.x_mm, event.y_mm) = (numbers[2], numbers[3]) }
            case "TOUCH_FRAME":
                event.kind = .frame
            case "PROXIMITY_IN", "PROXIMITY_OUT":
                event.kind = words[0] == "PROXIMITY_IN" ? .proximityIn : .proximityOut
                if numbers.count >= 3 { (event.x_mm, event.y_mm, event.tiltX) = (numbers[0], numbers[1], numbers[2]) }
            case "TIP_DOWN", "TIP_UP":
                event.kind = words[0] == "TIP_DOWN" ? .tipDown : .tipUp
                if numbers.count >= 2 { (event.x_mm, event.y_mm) = (numbers[0], numbers[1]) }
            default:
                throw Failure(description: "unexpected line '\(line)' on \(fixture)")
            }
            events.append(event)
        }
        guard added.count == group.nodes.count else {
            throw Failure(description: "libinput added \(added.count) of the \(group.nodes.count) devices of \(fixture):\n\(log)")
        }
        guard run.error.contains("touch-arbitration: activated") else {
            throw Failure(description: "libinput did not pair the pen with the touchscreen of \(fixture) (no 'touch-arbitration: activated' in its log):\n\(log)")
        }
        return Answer(events: events, pacing: run.pacing)
    }

    /// Tools/testing/mock/libinput-touch-events.c built against the system's libinput (once per run).
    static let client: Result<String, Error> = Result {
        let source = Fixtures.repositoryRoot.appendingPathComponent("Tools/testing/mock/libinput-touch-events.c").path
        let program = TestScratch.directory.appendingPathComponent("libinput-touch-events-\(UUID().uuidString)").path
        let build = try Fixtures.runProcess(URL(fileURLWithPath: "/usr/bin/cc"), ["-O2", "-o", program, source, "-linput"], deadline: 120)
        guard build.status == 0 else { throw Failure(description: "cc could not build \(source) (libinput-dev installed?): \(build.error)") }
        return program
    }
}
