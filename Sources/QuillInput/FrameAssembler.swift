import QuillCore

/// Groups events into frames at `SYN_REPORT`, as the kernel delivers them.
///
/// On `SYN_DROPPED` the frame in progress is incomplete: it is discarded together with every
/// event up to and including the next `SYN_REPORT` (the kernel's rule, followed by libevdev);
/// the decoder's persisted state then carries on from the next complete frame.
/// The buffer is reused: no allocation once it has grown to the largest frame.
public struct FrameAssembler: Sendable {
    /// Events of the frame in progress.
    public private(set) var pending: [InputEvent] = []
    /// True between `SYN_DROPPED` and the next `SYN_REPORT`.
    public private(set) var isDropping = false
    /// How many frames were discarded after `SYN_DROPPED`.
    public private(set) var droppedFrames = 0

    public init() { pending.reserveCapacity(64) }

    /// What happened to an event.
    public enum Outcome: Equatable, Sendable {
        /// The event was buffered; the frame is not complete yet.
        case buffered
        /// The frame is complete: ``pending`` holds it, `SYN_REPORT` last. Call ``clear()`` once it is used.
        case frameComplete
        /// The event was discarded (after `SYN_DROPPED`).
        case discarded
        /// `SYN_DROPPED` arrived: the partial frame was thrown away.
        case droppedFrame
    }

    /// Adds one event.
    public mutating func add(_ event: InputEvent) -> Outcome {
        if event.type == EvdevCode.EventType.syn && event.code == EvdevCode.Syn.dropped {
            pending.removeAll(keepingCapacity: true)
            isDropping = true
            droppedFrames += 1
            return .droppedFrame
        }
        if isDropping {
            if event.isFrameEnd { isDropping = false }
            return .discarded
        }
        pending.append(event)
        return event.isFrameEnd ? .frameComplete : .buffered
    }

    /// Forgets the completed frame.
    public mutating func clear() { pending.removeAll(keepingCapacity: true) }
}
