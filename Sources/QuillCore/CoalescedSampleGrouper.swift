/// Samples delivered together at one display refresh, as UIKit hands a pencil's coalesced touches
/// to an app: every sample measured since the previous refresh, in order; the last is the main one.
public struct CoalescedEvent: Hashable, Sendable {
    /// The display refresh that delivers the samples, in seconds (same clock as the samples).
    public var frameTime: Double
    /// The samples, oldest first; never empty.
    public var samples: [PenSample]
    /// The event's main sample: the newest.
    public var main: PenSample { samples[samples.count - 1] }
}

/// Groups samples by display frame. A sample at time t belongs to the refresh at
/// ⌊t × rate⌋ + 1 frames; a group is emitted when a sample of a later frame arrives.
public struct CoalescedSampleGrouper: Sendable {
    /// Display refresh rate in hertz (60 or 120 on iPad; any rate in 1 … 1000 is accepted).
    public let displayRate: Double
    private var pending: [PenSample] = []
    private var pendingFrame: Int64?

    /// Throws ``ParameterError`` unless 1 ≤ displayRate ≤ 1000.
    public init(displayRate: Double = 120) throws {
        guard displayRate.isFinite, displayRate >= 1, displayRate <= 1000 else {
            throw ParameterError(field: "CoalescedSampleGrouper.displayRate", value: "\(displayRate)", expected: "a refresh rate in hertz, 1 … 1000 (60 or 120 on iPad)")
        }
        self.displayRate = displayRate
    }

    /// Adds a sample; appends the previous frame's event to `events` when this sample starts a new frame.
    public mutating func add(_ sample: PenSample, into events: inout [CoalescedEvent]) {
        let frame = Int64((sample.time * displayRate).rounded(.down))
        if let current = pendingFrame, frame != current { emit(into: &events) }
        pendingFrame = frame
        pending.append(sample)
    }

    /// Emits the last, partly filled frame.
    public mutating func finish(into events: inout [CoalescedEvent]) {
        emit(into: &events)
    }

    private mutating func emit(into events: inout [CoalescedEvent]) {
        guard let frame = pendingFrame, !pending.isEmpty else { return }
        events.append(CoalescedEvent(frameTime: Double(frame + 1) / displayRate, samples: pending))
        pending.removeAll(keepingCapacity: true)
        pendingFrame = nil
    }
}
