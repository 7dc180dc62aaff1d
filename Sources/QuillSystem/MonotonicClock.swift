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

    /// Microseconds since the same start (the unit of evdev and libinput event times).
    public static func microseconds() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Int64(spec.tv_sec) * 1_000_000 + Int64(spec.tv_nsec) / 1_000
    }
}
