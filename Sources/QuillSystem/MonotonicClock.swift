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
