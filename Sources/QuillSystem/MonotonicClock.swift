#if canImport(Glibc)
import Glibc
#endif

/// CLOCK_MONOTONIC, the clock evdev timestamps events with by default.
public enum MonotonicClock {
    /// Seconds since an arbitrary start.
    public static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1_000_000_000
    }
}

/// Ctrl-C (SIGINT) and SIGTERM as a flag the live loops check: the loop ends cleanly, closing
/// open strokes and files.
public enum StopSignal {
    nonisolated(unsafe) private static var flag: sig_atomic_t = 0

    /// Installs the handlers.
    public static func install() {
        signal(SIGINT) { _ in StopSignal.flag = 1 }
        signal(SIGTERM) { _ in StopSignal.flag = 1 }
    }

    /// True once a stop was requested.
    public static var isRequested: Bool { flag != 0 }
}
