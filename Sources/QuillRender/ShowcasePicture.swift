import CCairo
import QuillCore
import QuillStroke

/// A picture of ink and what was made of it, laid out with Cairo: rows of cells, each cell its
/// strokes (in their own inks, with their pressure) and a line of text under them — the words
/// read from a line of handwriting, the shape a drawing snapped to.
///
/// ```
///  Title                                        (bold)
///  subtitle                                     (grey)
///  ROW LABEL                                    (small, grey)
///  [ink of cell 1]   [ink of cell 2] …          (the strokes, scaled by `scale`)
///  caption 1         caption 2                  (what was read)
///  …
///  footer                                       (small, grey: credits)
/// ```
/// A cell's ``Cell/underlay`` is drawn first, faintly: a drawing as the hand drew it under the
/// shape it became. Text uses Cairo's toy text API in DejaVu Sans (captions in DejaVu Serif italic).
public struct ShowcasePicture: Sendable {
    /// One piece of ink and its caption.
    public struct Cell: Sendable {
        /// The strokes, in the drawing's points (each stroke's transform applied); drawn as inked.
        public var strokes: [Stroke]
        /// Strokes drawn beneath `strokes` in ``Parameters/underlayColor``, whatever their ink's colour.
        public var underlay: [Stroke]
        /// The text under the ink ("" for none).
        public var caption: String
        public init(strokes: [Stroke], underlay: [Stroke] = [], caption: String) {
            self.strokes = strokes
            self.underlay = underlay
            self.caption = caption
        }
    }

    /// Cells side by side, under a small label.
    public struct Row: Sendable {
        /// Printed above the row ("" for none).
        public var label: String
        public var cells: [Cell]
        public init(label: String, cells: [Cell]) {
            self.label = label
            self.cells = cells
        }
    }

    /// Sizes and colours of the layout; every length in picture points.
    public struct Parameters: Sendable, Equatable {
        /// Picture points per drawing point (0.05 … 20; 1 draws the ink at its size on the page).
        public var scale: Double
        /// Around everything, points (0 … 500; start at 36).
        public var margin: Double
        /// Between the cells of a row, points (0 … 500; start at 48).
        public var cellGap: Double
        /// Between a row's captions and the next row's label, points (0 … 500; start at 26).
        public var rowGap: Double
        /// Caption text size, points (4 … 200; start at 17).
        public var captionSize: Double
        /// The colour of captions (start: a dark teal).
        public var captionColor: InkColor
        /// The colour of underlays (start: a grey-blue).
        public var underlayColor: InkColor
        /// The page's colour (start: warm white).
        public var background: InkColor

        public static let defaults = Parameters(
            checkedScale: 1, margin: 36, cellGap: 48, rowGap: 26, captionSize: 17,
            captionColor: InkColor(checkedRed: 0.05, 0.39, 0.36), underlayColor: InkColor(checkedRed: 0.6, 0.65, 0.74),
            background: InkColor(checkedRed: 0.995, 0.99, 0.975))

        /// Throws ``ParameterError`` naming the first value out of its range.
        public init(
            scale: Double = defaults.scale, margin: Double = defaults.margin, cellGap: Double = defaults.cellGap, rowGap: Double = defaults.rowGap,
            captionSize: Double = defaults.captionSize, captionColor: InkColor = defaults.captionColor,
            underlayColor: InkColor = defaults.underlayColor, background: InkColor = defaults.background
        ) throws {
            func check(_ name: String, _ value: Double, _ range: ClosedRange<Double>, _ unit: String) throws {
                guard value.isFinite, range.contains(value) else {
                    throw ParameterError(field: "ShowcasePicture.Parameters.\(name)", value: "\(value)", expected: "\(unit) in \(range.lowerBound) … \(range.upperBound)")
                }
            }
            try check("scale", scale, 0.05...20, "picture points per drawing point")
            try check("margin", margin, 0...500, "points")
            try check("cellGap", cellGap, 0...500, "points")
            try check("rowGap", rowGap, 0...500, "points")
            try check("captionSize", captionSize, 4...200, "points")
            self.init(checkedScale: scale, margin: margin, cellGap: cellGap, rowGap: rowGap, captionSize: captionSize,
                      captionColor: captionColor, underlayColor: underlayColor, background: background)
        }

        private init(checkedScale scale: Double, margin: Double, cellGap: Double, rowGap: Double, captionSize: Double,
                     captionColor: InkColor, underlayColor: InkColor, background: InkColor) {
            self.scale = scale
            self.margin = margin
            self.cellGap = cellGap
            self.rowGap = rowGap
            self.captionSize = captionSize
            self.captionColor = captionColor
            self.underlayColor = underlayColor
            self.background = background
        }
    }

    /// Bold, at the top ("" for none).
    public var title: String
    /// Under the title, grey ("" for none).
    public var subtitle: String
    public var rows: [Row]
    /// Small and grey at the bottom, one line per element: credits, licences.
    public var footer: [String]
    public var parameters: Parameters

    public init(title: String, subtitle: String = "", rows: [Row], footer: [String] = [], parameters: Parameters = .defaults) {
        self.title = title
        self.subtitle = subtitle
        self.rows = rows
        self.footer = footer
        self.parameters = parameters
    }

    /// Where everything goes, in picture points.
    public struct Layout: Sendable, Equatable {
        /// A cell's ink box (its strokes' and underlay's bounds, scaled) and its caption's baseline.
        public struct PlacedCell: Sendable, Equatable {
            public var row: Int
            public var cell: Int
            public var ink: Rect
            public var captionBaseline: Point
        }
        public var width: Double
        public var height: Double
        public var cells: [PlacedCell]
        /// Each row label's baseline.
        public var labels: [Point]
        public var titleBaseline: Point
        public var subtitleBaseline: Point
        public var footerBaselines: [Point]
    }

    static let titleSize = 26.0, subtitleSize = 15.0, labelSize = 12.0, footerSize = 11.0

    /// The layout: rows top to bottom, cells left to right; a cell is as wide as the wider of its
    /// ink and its caption. A cell without ink takes only its caption's room.
    public func layout() -> Layout {
        let p = parameters
        var y = p.margin
        var width = 0.0
        func line(_ size: Double) -> Double { size * 1.35 }
        var titleBaseline = Point(x: p.margin, y: y), subtitleBaseline = Point(x: p.margin, y: y)
        if !title.isEmpty {
            y += Self.titleSize
            titleBaseline = Point(x: p.margin, y: y)
            width = Swift.max(width, TextMetrics.width(of: title, size: Self.titleSize, bold: true))
            y += line(Self.titleSize) - Self.titleSize
        }
        if !subtitle.isEmpty {
            y += Self.subtitleSize
            subtitleBaseline = Point(x: p.margin, y: y)
            width = Swift.max(width, TextMetrics.width(of: subtitle, size: Self.subtitleSize))
            y += line(Self.subtitleSize) - Self.subtitleSize
        }
        if !title.isEmpty || !subtitle.isEmpty { y += p.rowGap }
        var cells: [Layout.PlacedCell] = []
        var labels: [Point] = []
        for (rowIndex, row) in rows.enumerated() {
            y += Self.labelSize
            labels.append(Point(x: p.margin, y: y))
            if !row.label.isEmpty { width = Swift.max(width, TextMetrics.width(of: row.label.uppercased(), size: Self.labelSize, bold: true)) }
            y += Self.labelSize * 0.8
            let boxes = row.cells.map { Self.bounds(of: $0.strokes + $0.underlay) }
            let inkHeight = boxes.compactMap { $0.map { ($0.maxY - $0.minY) * p.scale } }.max() ?? 0
            var x = p.margin
            for (cellIndex, cell) in row.cells.enumerated() {
                let box = boxes[cellIndex]
                let inkWidth = box.map { ($0.maxX - $0.minX) * p.scale } ?? 0
                let boxHeight = box.map { ($0.maxY - $0.minY) * p.scale } ?? 0
                // Ink sits on the row's bottom line (writing on its baseline region, shapes level).
                let ink = Rect(x: x, y: y + inkHeight - boxHeight, width: inkWidth, height: boxHeight)
                let captionWidth = TextMetrics.width(of: cell.caption, size: p.captionSize)
                cells.append(.init(row: rowIndex, cell: cellIndex, ink: ink, captionBaseline: Point(x: x, y: y + inkHeight + 10 + p.captionSize)))
                x += Swift.max(inkWidth, captionWidth) + p.cellGap
            }
            width = Swift.max(width, x - p.cellGap - p.margin)
            y += inkHeight + 10 + line(p.captionSize) + p.rowGap
        }
        var footerBaselines: [Point] = []
        for text in footer {
            y += Self.footerSize
            footerBaselines.append(Point(x: p.margin, y: y))
            width = Swift.max(width, TextMetrics.width(of: text, size: Self.footerSize))
            y += line(Self.footerSize) - Self.footerSize
        }
        return Layout(width: width + 2 * p.margin, height: y + p.margin - (footer.isEmpty ? p.rowGap : 0), cells: cells, labels: labels,
                      titleBaseline: titleBaseline, subtitleBaseline: subtitleBaseline, footerBaselines: footerBaselines)
    }

    /// Writes the picture to `path` (.png, .svg or .pdf); a PNG has `pixelsPerPoint` pixels per
    /// point (0.25 … 8). Returns the layout drawn.
    @discardableResult
    public func render(to path: String, pixelsPerPoint: Double = 2) throws -> Layout {
        guard let format = CairoCanvas.Format(path: path) else {
            throw ParameterError(field: "output", value: "\"\(path)\"", expected: "a file ending in .png, .svg or .pdf")
        }
        guard pixelsPerPoint.isFinite, (0.25...8).contains(pixelsPerPoint) else {
            throw ParameterError(field: "ShowcasePicture.pixelsPerPoint", value: "\(pixelsPerPoint)", expected: "pixels per point in 0.25 … 8")
        }
        let layout = layout()
        let p = parameters
        let canvas = try CairoCanvas(path: path, format: format, width: layout.width, height: layout.height, scale: pixelsPerPoint)
        canvas.setColor(red: p.background.red, green: p.background.green, blue: p.background.blue, alpha: p.background.alpha)
        canvas.paint()
        if !title.isEmpty {
            canvas.setColor(red: 0.09, green: 0.1, blue: 0.13)
            canvas.text(title, x: layout.titleBaseline.x, y: layout.titleBaseline.y, size: Self.titleSize, bold: true)
        }
        if !subtitle.isEmpty {
            canvas.setColor(red: 0.38, green: 0.4, blue: 0.45)
            canvas.text(subtitle, x: layout.subtitleBaseline.x, y: layout.subtitleBaseline.y, size: Self.subtitleSize)
        }
        for (row, baseline) in zip(rows, layout.labels) where !row.label.isEmpty {
            canvas.setColor(red: 0.5, green: 0.52, blue: 0.57)
            canvas.text(row.label.uppercased(), x: baseline.x, y: baseline.y, size: Self.labelSize, bold: true)
        }
        var geometry = BrushGeometry()
        for placed in layout.cells {
            let cell = rows[placed.row].cells[placed.cell]
            if let box = Self.bounds(of: cell.strokes + cell.underlay) {
                canvas.save()
                canvas.translate(x: placed.ink.x - box.minX * p.scale, y: placed.ink.y - box.minY * p.scale)
                canvas.scale(p.scale)
                for var stroke in cell.underlay {
                    stroke.ink.color = p.underlayColor
                    DrawingRenderer.draw(stroke, using: &geometry, on: canvas)
                }
                for stroke in cell.strokes { DrawingRenderer.draw(stroke, using: &geometry, on: canvas) }
                canvas.restore()
            }
            if !cell.caption.isEmpty {
                canvas.setColor(red: p.captionColor.red, green: p.captionColor.green, blue: p.captionColor.blue, alpha: p.captionColor.alpha)
                Self.caption(cell.caption, at: placed.captionBaseline, size: p.captionSize, on: canvas)
            }
        }
        for (text, baseline) in zip(footer, layout.footerBaselines) {
            canvas.setColor(red: 0.5, green: 0.52, blue: 0.57)
            canvas.text(text, x: baseline.x, y: baseline.y, size: Self.footerSize)
        }
        try canvas.finish()
        return layout
    }

    /// A caption: the text as read, in a face unlike the handwriting's ink and the labels'.
    static func caption(_ text: String, at baseline: Point, size: Double, on canvas: CairoCanvas) {
        cairo_select_font_face(canvas.context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(canvas.context, size)
        cairo_move_to(canvas.context, baseline.x, baseline.y)
        cairo_show_text(canvas.context, text)
    }

    /// The union of the strokes' bounds in drawing points, or nil for no ink.
    static func bounds(of strokes: [Stroke]) -> (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
        DrawingRenderer.bounds(of: Drawing(canvasWidth: 1, canvasHeight: 1, strokes: strokes))
    }
}

extension InkColor {
    /// A colour whose components are known to be in 0 … 1.
    fileprivate init(checkedRed red: Double, _ green: Double, _ blue: Double) {
        // The components are literals in range: the throwing initializer cannot fail.
        self = (try? InkColor(red: red, green: green, blue: blue)) ?? .black
    }
}
