#if canImport(Glibc)
import Glibc
#endif

/// poll(2) for the live loops: the given descriptors plus Ctrl-C's (``StopSignal``), so a stop
/// request wakes every sleep.
enum Poll {
    /// Sleeps until one of `fds` is readable (or gone), a stop is requested, or `timeout` seconds
    /// pass (nil: no limit). Returns poll's result and each fd's `revents`, in order.
    static func wait(_ fds: [Int32], timeout: Double?, includingStopSignal: Bool = true) -> (ready: Int32, errno: Int32, revents: [Int16]) {
        var descriptors = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        if includingStopSignal, let stop = StopSignal.fileDescriptor { descriptors.append(pollfd(fd: stop, events: Int16(POLLIN), revents: 0)) }
        let milliseconds = timeout.map { Int32(Swift.max(0, Swift.min($0 * 1000, 86_400_000)).rounded(.up)) } ?? -1
        let ready = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
        return (ready, ready < 0 ? errno : 0, descriptors.prefix(fds.count).map(\.revents))
    }
}
