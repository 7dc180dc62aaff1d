#if canImport(Glibc)
import Glibc
#endif

/// Ctrl-C (SIGINT) and SIGTERM as a flag the live loops check, and a file descriptor that turns
/// readable when one arrives (the self-pipe trick), so a loop sleeping in poll wakes at once
/// without waking periodically to look: the loop ends cleanly, closing open strokes and files.
///
/// The command-line tool's own: a library embedded in an app never installs signal handlers
/// (the app owns SIGINT); the libraries' waits take the fds to wake on (`wakingOn:`) instead.
enum StopSignal {
    nonisolated(unsafe) private static var flag: sig_atomic_t = 0
    nonisolated(unsafe) private static var pipeEnds: (read: Int32, write: Int32) = (-1, -1)

    /// Installs the handlers and opens the pipe (once).
    static func install() {
        if pipeEnds.read < 0 {
            var ends: [Int32] = [-1, -1]
            if pipe(&ends) == 0 {
                for end in ends {
                    _ = fcntl(end, F_SETFD, FD_CLOEXEC)
                    _ = fcntl(end, F_SETFL, O_NONBLOCK)
                }
                pipeEnds = (ends[0], ends[1])
            }
        }
        signal(SIGINT) { _ in StopSignal.requested() }
        signal(SIGTERM) { _ in StopSignal.requested() }
        // A parent may hand down a mask that blocks them (umockdev-run does): Ctrl-C must work.
        var stops = sigset_t()
        sigemptyset(&stops)
        sigaddset(&stops, SIGINT)
        sigaddset(&stops, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &stops, nil)
    }

    /// Async-signal-safe: sets the flag and writes one byte to the pipe.
    private static func requested() {
        flag = 1
        var byte: UInt8 = 1
        if pipeEnds.write >= 0 { _ = write(pipeEnds.write, &byte, 1) }
    }

    /// True once a stop was requested.
    static var isRequested: Bool { flag != 0 }

    /// Readable once a stop was requested (for poll); nil before ``install()``.
    static var fileDescriptor: Int32? { pipeEnds.read >= 0 ? pipeEnds.read : nil }

    /// The fds a library's wait also wakes on: the stop pipe once installed.
    static var wakeDescriptors: [Int32] { fileDescriptor.map { [$0] } ?? [] }
}
