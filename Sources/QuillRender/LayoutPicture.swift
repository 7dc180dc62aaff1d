import QuillLayout

/// Draws one layout with Cairo: the window outline (rounded corners where the screen has them),
/// safe area, layout margins, readable guide, canvas, palette with its 44-pt controls, the part of
/// the canvas the palette covers, and the Home indicator.
public enum LayoutPicture {
    /// Writes the picture of `layout` to `path` (.png, .svg or .pdf) with a title line.
    public static func render(_ layout: Layout, title: String, to path: String) throws {
        guard let format = CairoCanvas.Format(path: path) else {
            throw LayoutError.outOfRange("output", 0, allowed: "a file ending in .png, .svg or .pdf")
        }
        let margin = 24.0, header = 44.0, legend = 28.0
        let scale = min(1.0, 900 / max(layout.window.width, layout.window.height))
        let width = layout.window.width * scale + 2 * margin
        let height = layout.window.height * scale + 2 * margin + header + 2 * legend
        let canvas = try CairoCanvas(path: path, format: format, width: max(width, 560), height: height, scale: 1.5)
        canvas.setColor(red: 1, green: 1, blue: 1)
        canvas.paint()
        canvas.setColor(red: 0.1, green: 0.1, blue: 0.12)
        canvas.text(title, x: margin, y: 26, size: 14, bold: true)
        let summary = "\(Int(layout.window.width)) × \(Int(layout.window.height)) pt @\(Int(layout.scale))x · size class \(layout.sizeClass.horizontal.rawValue) × \(layout.sizeClass.vertical.rawValue) · palette \(layout.palette.isDocked ? "docked" : "floating")"
        canvas.text(summary, x: margin, y: 42, size: 10.5)
        canvas.save()
        canvas.translate(x: margin, y: margin + header)
        func rect(_ r: Rect) -> (Double, Double, Double, Double) { (r.x * scale, r.y * scale, r.width * scale, r.height * scale) }
        func fill(_ r: Rect, _ color: (Double, Double, Double, Double), rounded: Double = 0) {
            let (x, y, w, h) = rect(r)
            canvas.setColor(red: color.0, green: color.1, blue: color.2, alpha: color.3)
            if rounded > 0 { canvas.roundedRectangle(x: x, y: y, width: w, height: h, radius: rounded) } else { canvas.rectangle(x: x, y: y, width: w, height: h) }
            canvas.fill()
        }
        func outline(_ r: Rect, _ color: (Double, Double, Double), dash: [Double] = [], width: Double = 1, rounded: Double = 0) {
            let (x, y, w, h) = rect(r)
            canvas.setColor(red: color.0, green: color.1, blue: color.2)
            canvas.setLineWidth(width)
            canvas.setDash(dash)
            if rounded > 0 { canvas.roundedRectangle(x: x, y: y, width: w, height: h, radius: rounded) } else { canvas.rectangle(x: x, y: y, width: w, height: h) }
            canvas.stroke()
            canvas.setDash([])
        }
        let corner = layout.screenCornerRadius * scale
        // Window and the canvas background that reaches its edges, clipped to the screen's corners.
        fill(layout.windowRect, (0.93, 0.94, 0.96, 1), rounded: corner)
        canvas.save()
        let (wx, wy, ww, wh) = rect(layout.windowRect)
        canvas.roundedRectangle(x: wx, y: wy, width: ww, height: wh, radius: max(corner, 0.01))
        canvas.clip()
        fill(layout.canvas, (1, 1, 1, 1))
        // Safe area, margins, readable guide, drawable area.
        outline(layout.safeAreaRect, (0.85, 0.45, 0.1), dash: [5, 3])
        outline(layout.marginRect, (0.2, 0.55, 0.3), dash: [2, 3])
        outline(layout.readableGuide, (0.55, 0.55, 0.6), dash: [1, 4])
        outline(layout.drawableArea, (0.05, 0.25, 0.75), width: 1.2)
        // The part of the canvas the palette covers.
        if let obscured = layout.obscured { fill(obscured, (0.9, 0.2, 0.2, 0.18)) }
        // Palette background and its controls.
        fill(layout.palette.background, (0.16, 0.17, 0.2, layout.palette.isDocked ? 0.92 : 0.85), rounded: layout.palette.isDocked ? 0 : 12 * scale)
        for control in layout.palette.controls { fill(control, (0.95, 0.95, 0.97, 1), rounded: 8 * scale) }
        // Home indicator: a bar centred on the screen in its area.
        if let home = layout.homeIndicatorArea {
            fill(home, (0.85, 0.2, 0.6, 0.15))
            let barWidth = min(134, home.width * 0.4)
            fill(Rect(x: home.midX - barWidth / 2, y: home.maxY - 13, width: barWidth, height: 5), (0.1, 0.1, 0.1, 1), rounded: 2.5 * scale)
        }
        canvas.restore()
        outline(layout.windowRect, (0.1, 0.1, 0.12), width: 2, rounded: corner)
        canvas.restore()
        // Legend, wrapping onto a second line when the picture is narrow.
        var y = height - legend - 8
        var x = margin
        for (label, color) in [
            ("safe area", (0.85, 0.45, 0.1)), ("margins", (0.2, 0.55, 0.3)), ("readable width", (0.55, 0.55, 0.6)),
            ("drawable area", (0.05, 0.25, 0.75)), ("palette", (0.16, 0.17, 0.2)), ("covered by palette", (0.9, 0.2, 0.2)),
            ("Home indicator", (0.85, 0.2, 0.6)),
        ] {
            if x + 24 + canvas.textWidth(label, size: 10) > max(width, 560) - margin {
                x = margin
                y += legend - 6
            }
            canvas.setColor(red: color.0, green: color.1, blue: color.2)
            canvas.rectangle(x: x, y: y - 8, width: 10, height: 10)
            canvas.fill()
            canvas.setColor(red: 0.2, green: 0.2, blue: 0.2)
            canvas.text(label, x: x + 14, y: y, size: 10)
            x += 20 + canvas.textWidth(label, size: 10)
        }
        try canvas.finish()
    }
}
