/// Where the tool palette sits in a window, and where each of its controls is.
///
/// All rectangles are in points in the window's coordinate space. Two placements (reference
/// placement rules; the numbers are `PaletteMetrics.standard`):
///
/// * **Floating** (regular width, or when asked for): a panel of `controlSide` squares (44 pt) in
///   as few columns as fit, on the side away from the drawing hand — against the left layout
///   margin for a right hand, the right one for a left hand — centred vertically in the safe area
///   so it is reachable and away from the bottom edge. It stays inside the safe area and margins,
///   out of the `farCornerSide` (88 pt) square at each window corner, and so clear of the Home
///   indicator, which lies below the safe area.
/// * **Docked** (compact width, or when asked for): a bar across the window whose controls sit in
///   rows on the bottom of the safe area, centred between the margins (rule 4); the bar's
///   background continues down to the window edge behind the Home indicator (rule 2), and the
///   canvas ends at the top of the bar.
public struct PalettePlacement: Hashable, Sendable {
    /// The palette's area with its controls: inside the safe area vertically, never over the Home
    /// indicator. For a docked bar it spans the window's width.
    public let frame: Rect
    /// What the palette's background covers: `frame`, extended to the window's bottom edge when
    /// docked.
    public let background: Rect
    /// Whether the palette is a bar docked to the bottom (true) or floats over the canvas (false).
    public let isDocked: Bool
    /// One square per control, each `controlSide` points on a side, inside `frame`.
    public let controls: [Rect]

    public init(frame: Rect, background: Rect, isDocked: Bool, controls: [Rect]) {
        self.frame = frame
        self.background = background
        self.isDocked = isDocked
        self.controls = controls
    }

    /// A floating palette in a window of `window` size whose safe area is `safeArea` (a rect in the
    /// window) and whose layout margins are `margins`.
    static func floating(
        window: Size, safeArea: Rect, margins: LayoutMargins, hand: DrawingHand, metrics: PaletteMetrics
    ) -> PalettePlacement {
        let side = metrics.controlSide
        let step = side + metrics.controlSpacing
        let bandTop = max(safeArea.minY, metrics.farCornerSide)
        let bandBottom = min(safeArea.maxY, window.height - metrics.farCornerSide)
        let bandHeight = max(0, bandBottom - bandTop)
        let rowsThatFit = max(1, Int(((bandHeight - 2 * metrics.padding + metrics.controlSpacing) / step).rounded(.down)))
        let columns = (metrics.controlCount + rowsThatFit - 1) / rowsThatFit
        let rows = (metrics.controlCount + columns - 1) / columns
        let width = Double(columns) * step - metrics.controlSpacing + 2 * metrics.padding
        let height = Double(rows) * step - metrics.controlSpacing + 2 * metrics.padding
        let x: Double
        switch hand {
        case .right: x = safeArea.minX + margins.left
        case .left: x = safeArea.maxX - margins.right - width
        }
        let y = bandTop + (bandHeight - height) / 2
        let frame = Rect(x: x, y: y, width: width, height: height)
        let controls = grid(
            count: metrics.controlCount, columns: columns,
            origin: Point(x: x + metrics.padding, y: y + metrics.padding), metrics: metrics
        )
        return PalettePlacement(frame: frame, background: frame, isDocked: false, controls: controls)
    }

    /// A palette docked to the bottom of the safe area of a window of `window` size.
    static func docked(
        window: Size, safeArea: Rect, margins: LayoutMargins, metrics: PaletteMetrics
    ) -> PalettePlacement {
        let side = metrics.controlSide
        let step = side + metrics.controlSpacing
        let bandLeft = safeArea.minX + margins.left
        let bandWidth = max(0, safeArea.width - margins.left - margins.right)
        let perRow = max(1, Int(((bandWidth + metrics.controlSpacing) / step).rounded(.down)))
        let rows = (metrics.controlCount + perRow - 1) / perRow
        let columns = (metrics.controlCount + rows - 1) / rows
        let barHeight = Double(rows) * step - metrics.controlSpacing + 2 * metrics.padding
        let rowWidth = Double(columns) * step - metrics.controlSpacing
        let y = safeArea.maxY - barHeight
        let frame = Rect(x: 0, y: y, width: window.width, height: barHeight)
        let background = Rect(x: 0, y: y, width: window.width, height: window.height - y)
        let controls = grid(
            count: metrics.controlCount, columns: columns,
            origin: Point(x: bandLeft + (bandWidth - rowWidth) / 2, y: y + metrics.padding), metrics: metrics
        )
        return PalettePlacement(frame: frame, background: background, isDocked: true, controls: controls)
    }

    /// `count` squares laid out row by row, `columns` to a row, from `origin`.
    private static func grid(count: Int, columns: Int, origin: Point, metrics: PaletteMetrics) -> [Rect] {
        let step = metrics.controlSide + metrics.controlSpacing
        return (0..<count).map { index in
            Rect(
                x: origin.x + Double(index % columns) * step,
                y: origin.y + Double(index / columns) * step,
                width: metrics.controlSide,
                height: metrics.controlSide
            )
        }
    }
}
