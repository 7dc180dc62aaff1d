/// How much of the screen the app has (iPad only, except `full`).
///
/// Split widths put a 10 pt divider between the two apps: 2/3 + 1/3 + 10 and 1/2 + 1/2 + 10 equal
/// the full width on every listed iPad. Portrait has no 1/2 split; iPhones have only `full`.
public enum MultitaskingMode: String, CaseIterable, Hashable, Sendable {
    /// The whole screen.
    case full = "full"
    /// The larger side of a Split View.
    case splitTwoThirds = "split-2/3"
    /// Half of a Split View (landscape only).
    case splitHalf = "split-1/2"
    /// The smaller side of a Split View.
    case splitOneThird = "split-1/3"
    /// A narrow window floating over another app; its height is the screen's less 20 pt above and
    /// 20 pt below, and it has no top or bottom safe-area inset.
    case slideOver = "slide-over"
}
