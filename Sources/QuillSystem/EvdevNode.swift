import CEvdev
import QuillCore

#if canImport(Glibc)
import Glibc
#endif

/// A live evdev device node (`/dev/input/eventN`) read through libevdev: its description and its
/// events, without spinning (``wait(for:timeout:)`` sleeps in poll(2) on the nodes' fds).
///
/// After a kernel buffer overflow (`SYN_DROPPED`) libevdev re-synchronizes: the events it reports
/// then bring the state up to date, as libevdev does for every client.
public final class EvdevNode {
    /// The node's path.
    public let path: String
    /// What the device says about itself.
    public let description: DeviceDescription
    private let fd: Int32
    private let handle: OpaquePointer
    private var isSyncing = false

    /// Opens `path` read-only. Throws ``EvdevNodeError`` with the errno (permission denied names the fix).
    public convenience init(path: String) throws {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw EvdevNodeError(path: path, operation: "open", errno: errno) }
        try self.init(owning: fd, path: path)
    }

    /// Reads the node open on `fd`, which stays the caller's (libinput's `open_restricted`: a
    /// portal or logind opened it): the node reads a duplicate (F_DUPFD_CLOEXEC) and closes only
    /// that. The two share one open file, whose O_NONBLOCK is set if it was missing. `path` is
    /// where `/proc/self/fd` says the fd leads ("fd N" when it cannot say).
    public convenience init(duplicating fd: Int32) throws {
        let path = EvdevNode.name(of: fd)
        let copy = fcntl(fd, F_DUPFD_CLOEXEC, 0)
        guard copy >= 0 else { throw EvdevNodeError(path: path, operation: "dup", errno: errno) }
        let flags = fcntl(copy, F_GETFL)
        guard flags >= 0, flags & O_NONBLOCK != 0 || fcntl(copy, F_SETFL, flags | O_NONBLOCK) == 0 else {
            let error = errno
            close(copy)
            throw EvdevNodeError(path: path, operation: "fcntl(O_NONBLOCK)", errno: error)
        }
        try self.init(owning: copy, path: path)
    }

    /// The path an fd was opened with, from `/proc/self/fd` ("fd N" when unknown).
    public static func name(of fd: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/fd/\(fd)", &buffer, buffer.count - 1)
        guard count > 0 else { return "fd \(fd)" }
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Reads the node open on `fd` (non-blocking), which it closes: on failure here, or with the node.
    private init(owning fd: Int32, path: String) throws {
        self.path = path
        var device: OpaquePointer?
        let status = libevdev_new_from_fd(fd, &device)
        guard status == 0, let device else {
            close(fd)
            throw EvdevNodeError(path: path, operation: "libevdev_new_from_fd", errno: -status)
        }
        // Event times on CLOCK_MONOTONIC, as libinput asks for: comparable with the reader's own
        // clock (proximity timer, latency). A node that refuses keeps its clock.
        _ = libevdev_set_clock_id(device, CLOCK_MONOTONIC)
        self.fd = fd
        handle = device
        description = EvdevDeviceModel.describe(device)
    }

    deinit {
        if isGrabbed { _ = libevdev_grab(handle, LIBEVDEV_UNGRAB) }
        libevdev_free(handle)
        close(fd)
    }

    /// True while this reader holds the node to itself (``grab()``).
    public private(set) var isGrabbed = false

    /// Takes the node for this reader alone (`EVIOCGRAB` through `libevdev_grab`): no other
    /// reader — the compositor's libinput, an X driver — gets its events until ``ungrab()``, the
    /// node's release, or the process's end (the kernel drops a grab when its fd closes). Throws
    /// ``EvdevNodeError`` (EBUSY: another program holds it).
    public func grab() throws {
        let status = libevdev_grab(handle, LIBEVDEV_GRAB)
        guard status == 0 else { throw EvdevNodeError(path: path, operation: "EVIOCGRAB", errno: -status) }
        isGrabbed = true
    }

    /// Gives the node back to every reader.
    public func ungrab() {
        guard isGrabbed else { return }
        _ = libevdev_grab(handle, LIBEVDEV_UNGRAB)
        isGrabbed = false
    }

    /// The node's file descriptor (non-blocking), to poll in a host's main loop. It belongs to
    /// the node: never close it.
    public var fileDescriptor: Int32 { fd }

    /// The current value of an axis (libevdev's state, kept up to date by ``readEvents(into:)``).
    public func value(type: UInt16, code: UInt16) -> Int32? {
        var value: Int32 = 0
        return libevdev_fetch_event_value(handle, UInt32(type), UInt32(code), &value) != 0 ? value : nil
    }

    /// What ``wait(for:timeout:)`` found on one node.
    public enum Readiness: Sendable { case idle, readable, gone }

    /// Sleeps until one of `nodes` has events, one of `wakingOn` is readable or `timeout`
    /// seconds pass; one readiness per node, in order (`gone` for an unplugged node).
    public static func wait(for nodes: [EvdevNode], timeout: Double?, wakingOn extra: [Int32] = []) throws -> [Readiness] {
        let (ready, error, revents) = Poll.wait(nodes.map(\.fd), timeout: timeout, wakingOn: extra)
        if ready < 0 {
            if error == EINTR { return nodes.map { _ in .idle } }
            throw EvdevNodeError(path: nodes.first?.path ?? "", operation: "poll", errno: error)
        }
        return revents.map { revents in
            if revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 { return .gone }
            return revents & Int16(POLLIN) != 0 ? .readable : .idle
        }
    }

    /// Appends every event that can be read now (times in microseconds, CLOCK_MONOTONIC or the
    /// device's clock) and returns how many. Throws when the device is gone.
    @discardableResult
    public func readEvents(into events: inout [InputEvent]) throws -> Int {
        var count = 0
        var event = input_event()
        while true {
            let flags = isSyncing ? LIBEVDEV_READ_FLAG_SYNC.rawValue : LIBEVDEV_READ_FLAG_NORMAL.rawValue
            let status = libevdev_next_event(handle, UInt32(flags), &event)
            if status == Int32(LIBEVDEV_READ_STATUS_SYNC.rawValue) {
                // Normal mode: SYN_DROPPED arrived; sync mode: one resync event.
                if !isSyncing {
                    isSyncing = true
                    events.append(makeEvent(event))
                    count += 1
                    continue
                }
            } else if status == Int32(LIBEVDEV_READ_STATUS_SUCCESS.rawValue) {
                // fall through to append
            } else if status == -EAGAIN {
                if isSyncing {
                    isSyncing = false
                    continue
                }
                return count
            } else {
                throw EvdevNodeError(path: path, operation: "libevdev_next_event", errno: -status)
            }
            events.append(makeEvent(event))
            count += 1
        }
    }

    /// The event with its time in microseconds. A time no clock gives (bytes out of step: a
    /// broken or mocked node) saturates instead of trapping: the reader goes on.
    private func makeEvent(_ event: input_event) -> InputEvent {
        let (seconds, overflow) = Int64(event.time.tv_sec).multipliedReportingOverflow(by: 1_000_000)
        let (microseconds, carry) = seconds.addingReportingOverflow(Int64(event.time.tv_usec))
        let time = overflow || carry ? (event.time.tv_sec < 0 ? Int64.min : Int64.max) : microseconds
        return InputEvent(microseconds: time, type: event.type, code: event.code, value: event.value)
    }

    /// Candidate nodes: `/dev/input/event*`, sorted by number.
    public static func eventNodes(in directory: String = "/dev/input") -> [String] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name.hasPrefix("event") { names.append(name) }
        }
        return names.sorted { (Int($0.dropFirst(5)) ?? 0) < (Int($1.dropFirst(5)) ?? 0) }.map { "\(directory)/\($0)" }
    }
}

/// Opening or reading a device node failed.
public struct EvdevNodeError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var operation: String
    public var errno: Int32

    public init(path: String, operation: String, errno: Int32) {
        self.path = path
        self.operation = operation
        self.errno = errno
    }

    /// True for "permission denied" (EACCES/EPERM).
    public var isPermissionDenied: Bool { errno == EACCES || errno == EPERM }
    /// True when the device went away (unplugged).
    public var isGone: Bool { errno == ENODEV || errno == ENOENT || errno == EBADF }

    public var description: String {
        let reason = String(cString: strerror(errno))
        if isPermissionDenied {
            return "\(path): \(reason). Reading tablets needs access to /dev/input: add yourself to the 'input' group (sudo usermod -aG input $USER, then log in again) or install a udev rule giving your user access to the tablet's event node"
        }
        if errno == ENODEV { return "\(path): the device was removed" }
        if errno == EBUSY, operation == "EVIOCGRAB" { return "\(path): another program holds the tablet to itself (EVIOCGRAB): is another quill service, OpenTabletDriver or input-remapper running?" }
        return "\(path): \(operation) failed: \(reason)"
    }
}
