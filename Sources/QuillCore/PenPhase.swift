/// Where a sample stands in a contact sequence, as `UITouch.Phase` describes it for a pencil.
public enum PenPhase: String, CaseIterable, Hashable, Sendable {
    /// In proximity, not touching: location, tilt and distance are valid; force is 0.
    case hover
    /// The tip touched the surface in this sample.
    case began
    /// The tip is on the surface and something changed.
    case moved
    /// The tip left the surface in this sample (also when proximity ends or input ends with the tip down).
    case ended
    /// The sequence was cut off (truncated input, device removed); what came before stays valid.
    case cancelled

    /// True for the phases in which the tip touches the surface.
    public var isInContact: Bool { self == .began || self == .moved }
}
