import FoundationEssentials
import Glibc
import QuillService

/// The focused app of a sway session — and of the other compositors that speak sway's IPC (i3's
/// protocol, sway-ipc(7)) — as the compositor says it on `$SWAYSOCK`: the focused window's Wayland
/// `app_id` (`org.inkscape.Inkscape`), or for an X11 app under Xwayland its `WM_CLASS` class
/// (`krita`). Subscribed to window events, so a focus change is seen as soon as sway makes it.
public final class SwayFocus: FocusSource {
    private let socket: Int32
    private let path: String
    private var received: [UInt8] = []
    private var focused: String?

    /// Connects to the IPC socket at `path`, subscribes to window events and asks for the tree
    /// (the window focused now). Throws ``SwayFocusError`` when nothing answers there within
    /// `timeout` seconds, or answers otherwise than sway does.
    public init(socketPath path: String, timeout: Double = 2) throws {
        self.path = path
        socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { throw SwayFocusError(message: "\(path): no socket: \(String(cString: strerror(errno)))") }
        do {
            try connect(timeout: timeout)
        } catch {
            close(socket)
            throw error
        }
    }

    deinit { close(socket) }

    /// The session's sway (`$SWAYSOCK`, which sway gives the programs it starts and its user
    /// services), or nil when there is none or it cannot be reached.
    public static func fromEnvironment() -> SwayFocus? {
        guard let path = getenv("SWAYSOCK").map({ String(cString: $0) }), !path.isEmpty else { return nil }
        return try? SwayFocus(socketPath: path)
    }

    public var fileDescriptor: Int32 { socket }

    public func drain() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count > 0 {
                received.append(contentsOf: chunk[0..<count])
                continue
            }
            if count == 0 { throw SwayFocusError(message: "\(path): sway closed the connection") }
            if errno == EINTR { continue }
            if errno == EAGAIN || errno == EWOULDBLOCK { break }
            throw SwayFocusError(message: "\(path): \(String(cString: strerror(errno)))")
        }
        var changed = false
        while let message = try SwayMessage.take(from: &received, path: path) {
            guard message.type == SwayMessage.windowEvent,
                let event = try? JSONDecoder().decode(WindowEvent.self, from: Data(message.payload)),
                event.change == "focus"
            else { continue }
            focused = event.container.app
            changed = true
        }
        return changed
    }

    public func focusedApp() -> String? { focused }

    // MARK: - Connecting

    private func connect(timeout: Double) throws {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { throw SwayFocusError(message: "\(path): the path is too long for a socket") }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard result == 0 else { throw SwayFocusError(message: "\(path): cannot connect to sway: \(String(cString: strerror(errno)))") }
        let deadline = Self.now() + timeout
        try send(SwayMessage(type: SwayMessage.subscribe, payload: Array(#"["window"]"#.utf8)))
        let subscribed = try reply(SwayMessage.subscribe, before: deadline)
        guard (try? JSONDecoder().decode(Success.self, from: Data(subscribed.payload)))?.success == true else {
            throw SwayFocusError(message: "\(path): sway refused the subscription to window events")
        }
        try send(SwayMessage(type: SwayMessage.getTree, payload: []))
        let tree = try reply(SwayMessage.getTree, before: deadline)
        guard let root = try? JSONDecoder().decode(Container.self, from: Data(tree.payload)) else {
            throw SwayFocusError(message: "\(path): sway's tree could not be read")
        }
        focused = root.focusedWindow?.app
    }

    private func send(_ message: SwayMessage) throws {
        let bytes = message.encoded
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw SwayFocusError(message: "\(path): cannot write to sway: \(String(cString: strerror(errno)))") }
            sent += count
        }
    }

    /// The reply of type `type`, events that come before it kept for ``drain()``.
    private func reply(_ type: UInt32, before deadline: Double) throws -> SwayMessage {
        var pending: [UInt8] = []
        while true {
            if let message = try SwayMessage.take(from: &received, path: path) {
                if message.type == type {
                    received = pending + received
                    return message
                }
                pending += message.encoded
                continue
            }
            let left = deadline - Self.now()
            var ready = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard left > 0, poll(&ready, 1, Int32(left * 1000) + 1) > 0 else {
                throw SwayFocusError(message: "\(path): sway did not answer within its deadline")
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw SwayFocusError(message: "\(path): sway closed the connection") }
            received.append(contentsOf: chunk[0..<count])
        }
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    // MARK: - What sway says

    private struct Success: Decodable { var success: Bool }

    private struct WindowEvent: Decodable {
        var change: String
        var container: Container
    }

    /// A node of sway's tree (a window, a workspace, an output…), as much of it as the focus needs.
    struct Container: Decodable {
        var focused: Bool?
        var app_id: String?
        var window_properties: WindowProperties?
        var nodes: [Container]?
        var floating_nodes: [Container]?

        struct WindowProperties: Decodable {
            var `class`: String?
        }

        /// The app of this window: its Wayland app_id, or an Xwayland window's WM_CLASS class.
        var app: String? {
            if let app_id, !app_id.isEmpty { return app_id }
            return window_properties?.class.flatMap { $0.isEmpty ? nil : $0 }
        }

        /// The focused node under this one (itself included), when it is a window.
        var focusedWindow: Container? {
            var stack = [self]
            while let node = stack.popLast() {
                if node.focused == true { return node.app_id != nil || node.window_properties != nil ? node : nil }
                stack += (node.nodes ?? []) + (node.floating_nodes ?? [])
            }
            return nil
        }
    }
}

/// One message of sway's IPC: `i3-ipc`, the payload's length and the type (native byte order),
/// then the payload (JSON).
struct SwayMessage: Equatable {
    static let magic = Array("i3-ipc".utf8)
    /// The types Quill sends (`SUBSCRIBE`, `GET_TREE`) and the window event (high bit set).
    static let subscribe: UInt32 = 2, getTree: UInt32 = 4, windowEvent: UInt32 = 0x8000_0003
    /// The longest payload read: sway's tree of a large session is a few hundred kB.
    static let maximumPayload = 64 << 20

    var type: UInt32
    var payload: [UInt8]

    var encoded: [UInt8] {
        var bytes = Self.magic
        withUnsafeBytes(of: UInt32(payload.count)) { bytes += $0 }
        withUnsafeBytes(of: type) { bytes += $0 }
        return bytes + payload
    }

    /// The first whole message of `buffer`, removed from it; nil when it holds none yet. Throws
    /// when the bytes are not sway's (no magic, a payload longer than ``maximumPayload``).
    static func take(from buffer: inout [UInt8], path: String) throws -> SwayMessage? {
        let header = magic.count + 8
        guard buffer.count >= header else { return nil }
        guard buffer.starts(with: magic) else { throw SwayFocusError(message: "\(path): not sway's IPC (no i3-ipc header)") }
        let length = buffer.withUnsafeBytes { Int($0.loadUnaligned(fromByteOffset: magic.count, as: UInt32.self)) }
        let type = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: magic.count + 4, as: UInt32.self) }
        guard length <= maximumPayload else { throw SwayFocusError(message: "\(path): a message of \(length) bytes, more than sway sends") }
        guard buffer.count >= header + length else { return nil }
        let message = SwayMessage(type: type, payload: Array(buffer[header..<(header + length)]))
        buffer.removeFirst(header + length)
        return message
    }
}

/// sway cannot be asked about the focus.
public struct SwayFocusError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(message: String) { self.message = message }
    public var description: String { message }
}
