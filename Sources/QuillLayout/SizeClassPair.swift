/// The size classes of one content area: one for its width, one for its height.
///
/// Any of the four combinations occurs (reference, "Size classes").
public struct SizeClassPair: Hashable, Sendable, CustomStringConvertible {
    /// Size class of the width.
    public var horizontal: SizeClass
    /// Size class of the height.
    public var vertical: SizeClass

    public init(horizontal: SizeClass, vertical: SizeClass) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    public var description: String { "\(horizontal.rawValue), \(vertical.rawValue)" }
}
