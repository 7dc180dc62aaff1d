import QuillCore
import QuillGestures

/// What the relay gives for a frame or a deadline: the virtual tablet's events (whole frames,
/// each ending with `SYN_REPORT`), the virtual keyboard's (key chords) and the session's outcomes
/// (what a double tap, a squeeze or a press did), in order.
public struct RelayOutput: Sendable {
    /// Events for the virtual tablet.
    public var pen: [InputEvent] = []
    /// Events for the virtual pad (``PadRelay``).
    public var pad: [InputEvent] = []
    /// Events for the virtual keyboard.
    public var keyboard: [InputEvent] = []
    /// Events for the virtual pointer (``VirtualTablet/pointer``): the wheel a barrel button
    /// bound to `scroll` turns.
    public var pointer: [InputEvent] = []
    /// What the person's gestures did (`PencilSession`'s outcomes).
    public var outcomes: [PencilInteraction.Outcome] = []

    public init() {
        pen.reserveCapacity(64)
        keyboard.reserveCapacity(32)
        outcomes.reserveCapacity(4)
    }

    /// Empties the three lists, keeping their storage.
    public mutating func removeAll() {
        pen.removeAll(keepingCapacity: true)
        pad.removeAll(keepingCapacity: true)
        keyboard.removeAll(keepingCapacity: true)
        pointer.removeAll(keepingCapacity: true)
        outcomes.removeAll(keepingCapacity: true)
    }
}
