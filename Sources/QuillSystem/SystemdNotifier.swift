#if canImport(Glibc)
import Glibc
#endif

/// Tells systemd how a service is doing (`sd_notify`'s protocol, without libsystemd): a datagram
/// to the unix socket `NOTIFY_SOCKET` names (`@…`: an abstract socket). `READY=1` once started,
/// `WATCHDOG=1` at least every half of `WATCHDOG_USEC`, so that with `WatchdogSec=` systemd kills a
/// service that stopped answering — which frees whatever it held (a grabbed tablet).
public final class SystemdNotifier {
    /// The socket's path (`@` first for an abstract one).
    public let socketPath: String
    /// How often to say `WATCHDOG=1`, seconds: half of `WATCHDOG_USEC`, or nil without a watchdog.
    public let watchdogInterval: Double?
    private let fd: Int32

    /// The notifier of this process's environment, or nil when systemd did not ask for one
    /// (`NOTIFY_SOCKET` unset, or a socket that cannot be made).
    public static func fromEnvironment() -> SystemdNotifier? {
        guard let path = getenv("NOTIFY_SOCKET").map({ String(cString: $0) }), !path.isEmpty else { return nil }
        let microseconds = getenv("WATCHDOG_USEC").flatMap { Double(String(cString: $0)) }
        // WATCHDOG_PID, when set, names the process the watchdog is for.
        if let pid = getenv("WATCHDOG_PID").flatMap({ Int32(String(cString: $0)) }), pid != getpid() { return SystemdNotifier(socketPath: path, watchdogMicroseconds: nil) }
        return SystemdNotifier(socketPath: path, watchdogMicroseconds: microseconds)
    }

    /// A notifier for the socket at `socketPath`; `watchdogMicroseconds` as systemd's `WATCHDOG_USEC`.
    public init?(socketPath: String, watchdogMicroseconds: Double?) {
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0, socketPath.utf8.count < 108 else { return nil }
        self.fd = fd
        self.socketPath = socketPath
        watchdogInterval = watchdogMicroseconds.flatMap { $0 > 0 ? $0 / 2_000_000 : nil }
    }

    deinit { close(fd) }

    /// Sends `state` (e.g. `READY=1`, `WATCHDOG=1`, `STATUS=…`); false when it could not be sent.
    @discardableResult
    public func notify(_ state: String) -> Bool {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var bytes = Array(socketPath.utf8)
        let isAbstract = bytes.first == UInt8(ascii: "@")
        if isAbstract { bytes[0] = 0 }
        withUnsafeMutableBytes(of: &address.sun_path) { path in
            for (index, byte) in bytes.enumerated() { path[index] = byte }
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + (isAbstract ? 0 : 1))
        let message = Array(state.utf8)
        let sent = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { sendto(fd, message, message.count, Int32(MSG_NOSIGNAL), $0, length) }
        }
        return sent == message.count
    }
}
