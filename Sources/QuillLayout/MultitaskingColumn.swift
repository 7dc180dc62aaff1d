/// The app windows an iPad offers in one orientation: full screen, the Split View sizes and
/// Slide Over, each with its width and horizontal size class.
///
/// Heights are not stored: a split window is as tall as the screen, a Slide Over window 40 pt
/// shorter (see `MultitaskingMode.slideOver`). The vertical size class is always regular.
public struct MultitaskingColumn: Hashable, Sendable {
    /// One app window: its width and the width's size class.
    public struct Window: Hashable, Sendable {
        /// Window width in points (320…1366).
        public var width: Double
        /// Size class of that width.
        public var horizontalSizeClass: SizeClass

        public init(width: Double, horizontalSizeClass: SizeClass) {
            self.width = width
            self.horizontalSizeClass = horizontalSizeClass
        }
    }

    /// The whole screen.
    public var full: Window
    /// The larger side of a Split View.
    public var twoThirds: Window
    /// Half of a Split View; nil in portrait, where there is no such mode.
    public var half: Window?
    /// The smaller side of a Split View.
    public var oneThird: Window
    /// A Slide Over window (compact width, like the 1/3 split).
    public var slideOver: Window

    public init(full: Window, twoThirds: Window, half: Window?, oneThird: Window, slideOver: Window) {
        self.full = full
        self.twoThirds = twoThirds
        self.half = half
        self.oneThird = oneThird
        self.slideOver = slideOver
    }

    /// The window for `mode`, or nil when this orientation does not offer it.
    public subscript(_ mode: MultitaskingMode) -> Window? {
        switch mode {
        case .full: return full
        case .splitTwoThirds: return twoThirds
        case .splitHalf: return half
        case .splitOneThird: return oneThird
        case .slideOver: return slideOver
        }
    }
}
