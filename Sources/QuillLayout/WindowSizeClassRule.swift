/// Size classes for an arbitrary window (a Linux window, say) from its size alone.
///
/// Apple publishes no threshold, and on iPhone the landscape width class is assigned per model.
/// This rule is fitted to every window in the reference and agrees with all of them (the tests
/// check every full-screen, Split View and Slide Over row):
///
/// * **Width is regular** when the window is at least `regularWidthMinimum` (678 pt) wide **and**
///   at least `regularWidthMinimumHeight` (400 pt) tall; otherwise compact.
///   - 678 pt is the narrowest width the reference calls regular (12.9" iPad Pro, 1/2 split in
///     landscape); the widest compact iPad window is 639 pt (12.9", 2/3 split in portrait). Widths
///     in between appear in no row; they are resolved to compact because a compact layout (docked
///     palette, 16 pt margins) still works in a wider window, while a regular one may crowd.
///   - The height condition is what makes iPhones in landscape come out per model: the models the
///     reference calls regular (8 Plus 736×414, 11 / 11 Pro Max 896×414, 12 Pro Max 926×428) are
///     at least 414 pt tall, the compact ones (8 667×375, X / 12 mini 812×375, 12 844×390,
///     SE 568×320) at most 390 pt. 400 pt lies between. A short, wide desktop window is
///     therefore treated like a phone on its side.
/// * **Height is regular** when the window is at least `regularHeightMinimum` (500 pt) tall: the
///   tallest compact height in the reference is 428 pt (12 Pro Max landscape), the shortest
///   regular one 568 pt (SE portrait); every iPad window, Slide Over included, is taller.
public enum WindowSizeClassRule {
    /// Narrowest window width, in points, with a regular width class: 678.
    public static let regularWidthMinimum: Double = 678
    /// Shortest window height, in points, at which a wide window gets a regular width class: 400.
    public static let regularWidthMinimumHeight: Double = 400
    /// Shortest window height, in points, with a regular height class: 500.
    public static let regularHeightMinimum: Double = 500

    /// The size classes of a window of `size` points.
    public static func sizeClasses(for size: Size) -> SizeClassPair {
        let isWide = size.width >= regularWidthMinimum && size.height >= regularWidthMinimumHeight
        return SizeClassPair(
            horizontal: isWide ? .regular : .compact,
            vertical: size.height >= regularHeightMinimum ? .regular : .compact
        )
    }
}
