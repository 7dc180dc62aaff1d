/// The person's preferred text size (Dynamic Type category), which sets the readable width.
///
/// The reference gives one number: the readable content guide is 672 pt wide at the default size,
/// `large`, and "grows and shrinks with the person's text size". It does not give the other
/// widths, so this module chooses them: the readable width keeps the same number of characters
/// per line as at the default, so it scales with the body font size of each category,
///
///     readableWidth = round(672 × bodyPointSize / 17)
///
/// where 17 pt is the body size at `large`. Body sizes are Apple's iOS Dynamic Type body sizes
/// (HIG "Typography"; they are not in the reference, so tests only check 672 and the ordering):
///
/// | category      | body pt | readable width pt |
/// |---------------|---------|-------------------|
/// | xSmall        | 14      | 553               |
/// | small         | 15      | 593               |
/// | medium        | 16      | 632               |
/// | large (default)| 17     | 672               |
/// | xLarge        | 19      | 751               |
/// | xxLarge       | 21      | 830               |
/// | xxxLarge      | 23      | 909               |
/// | accessibility1| 28      | 1107              |
/// | accessibility2| 33      | 1304              |
/// | accessibility3| 40      | 1581              |
/// | accessibility4| 47      | 1858              |
/// | accessibility5| 53      | 2095              |
///
/// A `Layout` never makes the guide wider than the space between the layout margins, so at the
/// larger sizes the guide simply fills that space (reference: "never wider than them").
/// Raw values follow SwiftUI's `DynamicTypeSize` names.
public enum TextSize: String, CaseIterable, Hashable, Sendable, Comparable {
    case xSmall
    case small
    case medium
    case large
    case xLarge
    case xxLarge
    case xxxLarge
    case accessibility1
    case accessibility2
    case accessibility3
    case accessibility4
    case accessibility5

    /// The system default text size.
    public static let `default` = TextSize.large

    /// Readable width at the default text size, in points (reference: 672 pt).
    public static let defaultReadableWidth: Double = 672

    /// Body text size at this category, in points (14…53).
    public var bodyPointSize: Double {
        switch self {
        case .xSmall: return 14
        case .small: return 15
        case .medium: return 16
        case .large: return 17
        case .xLarge: return 19
        case .xxLarge: return 21
        case .xxxLarge: return 23
        case .accessibility1: return 28
        case .accessibility2: return 33
        case .accessibility3: return 40
        case .accessibility4: return 47
        case .accessibility5: return 53
        }
    }

    /// Width of the readable content guide at this text size before it is limited to the space
    /// between the margins, in whole points (553…2095; 672 at `large`).
    public var readableWidth: Double {
        (Self.defaultReadableWidth * bodyPointSize / TextSize.large.bodyPointSize).rounded()
    }

    public static func < (lhs: TextSize, rhs: TextSize) -> Bool {
        lhs.bodyPointSize < rhs.bodyPointSize
    }
}
