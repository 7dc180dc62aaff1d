import QuillCore

/// How a source's sample times map onto the monotonic clock (CLOCK_MONOTONIC seconds,
/// `MonotonicClock`) the canvas times its frames on: monotonic = ``origin`` + time × ``scale``.
///
/// - A live tablet stamps its samples in seconds from its run's start (`LibinputSource.origin`,
///   `TabletSession.origin`, CLOCK_MONOTONIC microseconds): ``live(originMicroseconds:)``.
/// - GTK's pointer samples are stamped with the monotonic clock itself: ``monotonic``.
/// - A recording played at its own pace × `speed` from monotonic second `start` hands its sample
///   of recording second `t` over once `start + (t − first) / speed` has passed: that is the
///   moment the replayed pen is there (``replay(startingAt:firstEventTime:speed:)``).
public struct SampleClock: Hashable, Sendable {
    /// The monotonic second of sample time 0.
    public var origin: Double
    /// Monotonic seconds per sample second: 1, or 1 / speed for a replay.
    public var scale: Double

    public init(origin: Double, scale: Double = 1) {
        self.origin = origin
        self.scale = scale
    }

    /// Samples already stamped with the monotonic clock (GTK's pointer in the canvas window).
    public static let monotonic = SampleClock(origin: 0)

    /// A live source whose samples count seconds from `originMicroseconds` (CLOCK_MONOTONIC µs).
    public static func live(originMicroseconds: Int64) -> SampleClock {
        SampleClock(origin: Double(originMicroseconds) / 1_000_000)
    }

    /// A recording whose first event is at recording second `first`, played from monotonic second
    /// `start` at `speed` (> 0; 1 is as recorded).
    public static func replay(startingAt start: Double, firstEventTime first: Double, speed: Double) -> SampleClock {
        SampleClock(origin: start - first / speed, scale: 1 / speed)
    }

    /// The monotonic second of a sample's time.
    @inlinable
    public func monotonic(_ sampleTime: Double) -> Double { origin + sampleTime * scale }
}
