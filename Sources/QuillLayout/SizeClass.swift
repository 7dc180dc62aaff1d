/// The two size classes of the Human Interface Guidelines, assigned separately to a content
/// area's width and height: `regular` (expansive space) and `compact` (constrained space).
public enum SizeClass: String, CaseIterable, Hashable, Sendable {
    /// Constrained space (an iPhone's portrait width, a 1/3 split, Slide Over).
    case compact
    /// Expansive space (a full-screen iPad in either orientation).
    case regular
}
