import QuillCore
import QuillSystem

/// A node a live tablet is read from: an evdev node (``EvdevNode``), or any other source of the
/// kernel's events — a test's scripted node, a node an app opened itself.
public protocol TabletNode: AnyObject {
    /// Where it is (`/dev/input/event13`), for messages.
    var path: String { get }
    /// What the kernel declares: name, ids, axes, keys.
    var description: DeviceDescription { get }
    /// The fd to poll for input (POLLIN); −1 for a node that has none (a scripted one).
    var fileDescriptor: Int32 { get }
    /// The current value of an axis or key (libevdev's state), nil when the node lacks it.
    func value(type: UInt16, code: UInt16) -> Int32?
    /// Appends every event that can be read now, without blocking, and returns how many. Throws
    /// an error whose `isGone` is true (``EvdevNodeError``) when the node went away.
    func readAvailable(into events: inout [InputEvent]) throws -> Int
    /// The class libinput gives the node (pen, pad, touchscreen, …).
    var deviceClass: DeviceClass { get }
}

extension EvdevNode: TabletNode {
    public func readAvailable(into events: inout [InputEvent]) throws -> Int {
        // Only what the node has ready (a zero-timeout poll): a call for a timer alone reads nothing.
        let readiness = try EvdevNode.wait(for: [self], timeout: 0)
        if readiness[0] == .gone { throw EvdevNodeError(path: path, operation: "poll", errno: ENODEV) }
        guard readiness[0] == .readable else { return 0 }
        return try readEvents(into: &events)
    }

    public var deviceClass: DeviceClass { TabletFinder.deviceClass(of: self) }
}

/// The clock a live session reads: CLOCK_MONOTONIC microseconds, or a test's own.
public struct SessionClock: Sendable {
    /// Now, in microseconds on the clock of the nodes' event times (CLOCK_MONOTONIC for evdev).
    public var microseconds: @Sendable () -> Int64

    public init(microseconds: @escaping @Sendable () -> Int64) { self.microseconds = microseconds }

    /// The system's CLOCK_MONOTONIC, the clock of evdev event times.
    public static let monotonic = SessionClock { MonotonicClock.microseconds() }
}

#if canImport(Glibc)
import Glibc
#endif
