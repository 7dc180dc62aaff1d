/// How the device is held. Both landscape directions give the same layout (the reference's insets
/// are symmetric), so one `landscape` case covers them.
public enum Orientation: String, CaseIterable, Hashable, Sendable {
    /// Long side vertical.
    case portrait
    /// Long side horizontal.
    case landscape

    /// The orientation of a window of this size: landscape when wider than tall.
    public init(windowSize: Size) {
        self = windowSize.width > windowSize.height ? .landscape : .portrait
    }
}
