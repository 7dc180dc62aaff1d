/// The hand that holds the pencil. The palette goes on the other side, where that hand does not
/// cover it (reference placement rule 7).
public enum DrawingHand: String, CaseIterable, Hashable, Sendable {
    /// Left-handed: the palette floats on the right.
    case left
    /// Right-handed (the default): the palette floats on the left.
    case right
}
