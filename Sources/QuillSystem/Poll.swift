#if canImport(Glibc)
import Glibc
#endif

/// poll(2) for the live loops: the given descriptors plus the caller's wake-up fds (a command's
/// Ctrl-C pipe, an app's own), so a stop request wakes every sleep. The libraries own no signals.
public enum Poll {
    /// Sleeps until one of `fds` is readable (or gone), one of `wakingOn` is readable, or
    /// `timeout` seconds pass (nil: no limit). Returns poll's result and each of `fds`' `revents`, in order.
    public static func wait(_ fds: [Int32], timeout: Double?, wakingOn extra: [Int32] = []) -> (ready: Int32, errno: Int32, revents: [Int16]) {
        var descriptors = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        for fd in extra where fd >= 0 { descriptors.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0)) }
        let milliseconds = timeout.map { Int32(Swift.max(0, Swift.min($0 * 1000, 86_400_000)).rounded(.up)) } ?? -1
        let ready = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
        return (ready, ready < 0 ? errno : 0, descriptors.prefix(fds.count).map(\.revents))
    }
}
