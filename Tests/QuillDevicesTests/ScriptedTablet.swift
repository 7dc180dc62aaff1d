import Foundation
import QuillCore
import QuillDevices
import QuillInput
import QuillSystem

/// A clock a test moves by hand (microseconds).
final class FakeClock: @unchecked Sendable {
    var now: Int64
    init(_ now: Int64 = 0) { self.now = now }
    var clock: SessionClock { SessionClock { [self] in now } }
}

/// A node that gives a real recording's events as the test's clock reaches their times: the
/// kernel's events, without a kernel. `unplug()` makes the next read fail as an unplugged node's
/// does (ENODEV).
final class ScriptedNode: TabletNode {
    let path: String
    let description: DeviceDescription
    var fileDescriptor: Int32 { -1 }
    var deviceClass: DeviceClass { description.deviceClass }
    private var events: [InputEvent]
    private var next = 0
    private let clock: FakeClock
    private(set) var isGone = false

    /// `events` with their times already on the test's clock (µs).
    init(path: String, description: DeviceDescription, events: [InputEvent], clock: FakeClock) {
        self.path = path
        self.description = description
        self.events = events
        self.clock = clock
    }

    func value(type: UInt16, code: UInt16) -> Int32? { nil }

    func readAvailable(into output: inout [InputEvent]) throws -> Int {
        if isGone { throw EvdevNodeError(path: path, operation: "read", errno: ENODEV) }
        var count = 0
        while next < events.count, events[next].microseconds <= clock.now {
            output.append(events[next])
            next += 1
            count += 1
        }
        return count
    }

    func unplug() { isGone = true }

    /// The events not read yet.
    var remaining: [InputEvent] { Array(events[next...]) }
}

/// A bundled recording's first device and its events, times moved so the first is at `start` µs.
struct RecordedTablet {
    var description: DeviceDescription
    var events: [InputEvent]

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func path(_ name: String) -> String { root.appendingPathComponent("Recordings/evemu-devices/\(name)").path }

    init(_ name: String, start: Int64) throws {
        let reader = try Recording.open(path: Self.path(name))
        var description: DeviceDescription?
        var events: [InputEvent] = []
        while let item = try reader.next() {
            switch item {
            case let .device(0, found): description = found
            case let .event(0, event, _): events.append(event)
            default: break
            }
        }
        guard let description, let first = events.first?.microseconds else { throw CocoaError(.fileReadCorruptFile) }
        self.description = description
        self.events = events.map { var moved = $0; moved.microseconds = moved.microseconds - first + start; return moved }
    }

    func node(_ path: String, clock: FakeClock, events: [InputEvent]? = nil) -> ScriptedNode {
        ScriptedNode(path: path, description: description, events: events ?? self.events, clock: clock)
    }
}
