/// The placement of a drawing canvas and its tool palette in one app window.
///
/// Every length is in points; every rectangle is in the window's coordinate space (origin at
/// the window's top-left corner, `y` downwards). Built for a catalog device from a
/// `LayoutEnvironment`, or for any window with `init(windowWidth:height:scale:)`.
///
/// What it guarantees (reference placement rules, checked by the property tests):
/// * the canvas background reaches the window's top, left and right edges, and the bottom edge
///   too unless the palette is docked, in which case the canvas ends where the palette begins;
/// * `drawableArea` and every palette control lie inside the safe area and the layout margins;
/// * the palette never overlaps `homeIndicatorArea`, never leaves the window, and every control
///   is at least 44 × 44 pt.
public struct Layout: Hashable, Sendable {
    /// The catalog device, or nil for a window-only layout.
    public let deviceID: String?
    /// Portrait or landscape (for a window-only layout: landscape when wider than tall).
    public let orientation: Orientation
    /// How much of the screen the app has (`full` for a window-only layout).
    public let mode: MultitaskingMode
    /// The person's text size.
    public let textSize: TextSize
    /// The hand that holds the pencil.
    public let hand: DrawingHand
    /// The palette placement that was asked for.
    public let palettePreference: PalettePreference
    /// The app window's size, in points.
    public let window: Size
    /// Pixels per point.
    public let scale: Double
    /// Size classes of the window.
    public let sizeClass: SizeClassPair
    /// Safe-area insets of the window, in points.
    public let safeArea: EdgeInsets
    /// Root-view margins inside the safe area: 20 pt (regular width) or 16 pt (compact).
    public let layoutMargins: LayoutMargins
    /// Width of the readable content guide, in points: `textSize.readableWidth` (672 at `large`),
    /// never wider than the space between the margins.
    public let readableWidth: Double
    /// The readable content guide: `readableWidth` wide, centred between the margins, as tall as
    /// the safe area.
    public let readableGuide: Rect
    /// The canvas view's frame; its background fills it.
    public let canvas: Rect
    /// Where drawing and essential content go: the canvas inside the safe area and margins.
    public let drawableArea: Rect
    /// The tool palette.
    public let palette: PalettePlacement
    /// The part of the canvas the palette covers, or nil when they do not overlap (docked).
    public let obscured: Rect?
    /// The strip at the bottom of the window that belongs to the Home indicator (the bottom
    /// safe-area inset across the whole window width), or nil when the window has none. The
    /// indicator stays centred on the screen and so moves relative to a split-view app; taking the
    /// whole width covers every position it can have.
    public let homeIndicatorArea: Rect?
    /// Radius of the screen's corners, in points, when the window's corners are the screen's
    /// (full screen on a device with rounded corners); otherwise 0.
    public let screenCornerRadius: Double

    /// The whole window, from (0, 0).
    public var windowRect: Rect { Rect(x: 0, y: 0, width: window.width, height: window.height) }
    /// The safe area as a rectangle in the window.
    public var safeAreaRect: Rect { windowRect.inset(by: safeArea) }
    /// The safe area less the layout margins on the left and right.
    public var marginRect: Rect {
        safeAreaRect.inset(by: EdgeInsets(top: 0, left: layoutMargins.left, bottom: 0, right: layoutMargins.right))
    }

    /// The layout of a catalog device in `environment`.
    ///
    /// Throws `LayoutError` for an unknown device id, any split or Slide Over on an iPhone, or a
    /// 1/2 split in portrait; and when `metrics` are out of range.
    public init(_ environment: LayoutEnvironment, metrics: PaletteMetrics = .standard) throws {
        let device = try environment.device()
        let orientation = environment.orientation
        let screen = device.screenSize(orientation)
        let window: Size
        let safeArea: EdgeInsets
        let sizeClass: SizeClassPair
        var hasHomeIndicator = device.hasHomeIndicator
        var cornerRadius = device.hasRoundedCorners ? device.cornerRadius : 0
        switch environment.mode {
        case .full:
            window = screen
            safeArea = device.safeArea[orientation]
            sizeClass = device.fullScreenSizeClasses[orientation]
        case .splitTwoThirds, .splitHalf, .splitOneThird, .slideOver:
            guard let slot = device.multitasking?[orientation][environment.mode] else {
                throw LayoutError.unavailableMode(environment.mode, device: device, orientation: orientation)
            }
            sizeClass = SizeClassPair(horizontal: slot.horizontalSizeClass, vertical: .regular)
            cornerRadius = 0
            if environment.mode == .slideOver {
                // A floating window: 20 pt below the top of the screen and 20 pt above the bottom,
                // with no top or bottom inset inside it (reference; HACK_IPAD).
                window = Size(width: slot.width, height: screen.height - 2 * Self.slideOverVerticalGap)
                safeArea = .zero
                hasHomeIndicator = false
            } else {
                window = Size(width: slot.width, height: screen.height)
                safeArea = device.safeArea[orientation]
            }
        }
        self.init(
            deviceID: device.id, orientation: orientation, mode: environment.mode,
            window: window, scale: device.scale, safeArea: safeArea, sizeClass: sizeClass,
            hasHomeIndicator: hasHomeIndicator, screenCornerRadius: cornerRadius,
            textSize: environment.textSize, hand: environment.hand, palette: environment.palette,
            metrics: try metrics.validated()
        )
    }

    /// The layout of any window, such as a Linux window measured in points.
    ///
    /// Size classes come from `WindowSizeClassRule`; the safe area is `safeArea` (none unless
    /// given) and there is no Home indicator. Throws when a side is under 320 pt (the smallest
    /// window in the reference) or `scale` is not a positive number.
    public init(
        windowWidth: Double,
        height: Double,
        scale: Double = 1,
        safeArea: EdgeInsets = .zero,
        textSize: TextSize = .default,
        hand: DrawingHand = .right,
        palette: PalettePreference = .auto,
        metrics: PaletteMetrics = .standard
    ) throws {
        guard windowWidth.isFinite, windowWidth >= Self.smallestWindowSide else {
            throw LayoutError.outOfRange("windowWidth", windowWidth, allowed: "320 pt or more (the narrowest window in the reference)")
        }
        guard height.isFinite, height >= Self.smallestWindowSide else {
            throw LayoutError.outOfRange("height", height, allowed: "320 pt or more (the shortest window in the reference)")
        }
        guard scale.isFinite, scale > 0 else {
            throw LayoutError.outOfRange("scale", scale, allowed: "a number greater than 0")
        }
        for (field, inset) in [("safeArea.top", safeArea.top), ("safeArea.left", safeArea.left), ("safeArea.bottom", safeArea.bottom), ("safeArea.right", safeArea.right)] {
            guard inset.isFinite, inset >= 0, inset <= 100 else {
                throw LayoutError.outOfRange(field, inset, allowed: "0…100 pt")
            }
        }
        let window = Size(width: windowWidth, height: height)
        self.init(
            deviceID: nil, orientation: Orientation(windowSize: window), mode: .full,
            window: window, scale: scale, safeArea: safeArea,
            sizeClass: WindowSizeClassRule.sizeClasses(for: window),
            hasHomeIndicator: false, screenCornerRadius: 0,
            textSize: textSize, hand: hand, palette: palette, metrics: try metrics.validated()
        )
    }

    /// Gap above and below a Slide Over window, in points: 20.
    public static let slideOverVerticalGap: Double = 20
    /// Shortest side of any window in the reference, in points: 320.
    public static let smallestWindowSide: Double = 320

    private init(
        deviceID: String?, orientation: Orientation, mode: MultitaskingMode,
        window: Size, scale: Double, safeArea: EdgeInsets, sizeClass: SizeClassPair,
        hasHomeIndicator: Bool, screenCornerRadius: Double,
        textSize: TextSize, hand: DrawingHand, palette: PalettePreference, metrics: PaletteMetrics
    ) {
        self.deviceID = deviceID
        self.orientation = orientation
        self.mode = mode
        self.textSize = textSize
        self.hand = hand
        self.palettePreference = palette
        self.window = window
        self.scale = scale
        self.sizeClass = sizeClass
        self.safeArea = safeArea
        self.screenCornerRadius = screenCornerRadius

        let windowRect = Rect(x: 0, y: 0, width: window.width, height: window.height)
        let safeRect = windowRect.inset(by: safeArea)
        let margins = LayoutMargins(horizontalSizeClass: sizeClass.horizontal)
        self.layoutMargins = margins
        let marginRect = safeRect.inset(by: EdgeInsets(top: 0, left: margins.left, bottom: 0, right: margins.right))

        let readable = min(textSize.readableWidth, marginRect.width)
        self.readableWidth = readable
        self.readableGuide = Rect(
            x: marginRect.minX + (marginRect.width - readable) / 2, y: marginRect.minY,
            width: readable, height: marginRect.height
        )

        let isDocked: Bool
        switch palette {
        case .docked: isDocked = true
        case .floating: isDocked = false
        case .auto: isDocked = sizeClass.horizontal == .compact
        }
        let placement = isDocked
            ? PalettePlacement.docked(window: window, safeArea: safeRect, margins: margins, metrics: metrics)
            : PalettePlacement.floating(window: window, safeArea: safeRect, margins: margins, hand: hand, metrics: metrics)
        self.palette = placement

        let canvas = isDocked
            ? Rect(x: 0, y: 0, width: window.width, height: placement.background.minY)
            : windowRect
        self.canvas = canvas
        self.drawableArea = marginRect.intersection(canvas) ?? Rect(x: marginRect.minX, y: canvas.minY, width: 0, height: 0)
        self.obscured = placement.background.intersection(canvas)
        self.homeIndicatorArea = hasHomeIndicator && safeArea.bottom > 0
            ? Rect(x: 0, y: window.height - safeArea.bottom, width: window.width, height: safeArea.bottom)
            : nil
    }
}
