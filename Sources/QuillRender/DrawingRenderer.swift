import QuillCore
import QuillStroke

/// Draws a drawing's strokes with Cairo into PNG, SVG or PDF.
///
/// Each stroke's geometry is rebuilt from its path with `BrushGeometryBuilder`, with points
/// interpolated where the path's points are far apart (a 100 Hz pen: a Catmull-Rom curve through
/// them, not a polygon). A stroke is filled once — the union of its triangles, so overlapping
/// pieces never darken it and no seam shows between them — with its opacity shaded from vertex
/// to vertex (a Gouraud mesh) where it varies; the stroke's layer is then composited over the page
/// with the ink's alpha, through the ink's grain (crayon, watercolour: ``Grain``).
public enum DrawingRenderer {
    /// Renders `drawing` to `path` (format from the extension). `background` nil leaves PNG transparent.
    /// With `cropMargin`, the page is cut to the strokes' bounds plus that margin (points).
    public static func render(
        _ drawing: Drawing, to path: String, scale: Double = 1, background: InkColor? = .white, cropMargin: Double? = nil, touches: TouchOverlay? = nil
    ) throws {
        var drawing = drawing
        var shift = (x: 0.0, y: 0.0)
        if let margin = cropMargin, let box = bounds(of: drawing) {
            shift = (margin - box.minX, margin - box.minY)
            let shift = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: margin - box.minX, ty: margin - box.minY)
            for index in drawing.strokes.indices {
                let t = drawing.strokes[index].transform
                drawing.strokes[index].transform = AffineTransform(a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx + shift.tx, ty: t.ty + shift.ty)
            }
            drawing.canvasWidth = box.maxX - box.minX + 2 * margin
            drawing.canvasHeight = box.maxY - box.minY + 2 * margin
        }
        guard let format = CairoCanvas.Format(path: path) else {
            throw ParameterError(field: "output", value: "\"\(path)\"", expected: "a file ending in .png, .svg or .pdf")
        }
        let canvas = try CairoCanvas(path: path, format: format, width: drawing.canvasWidth, height: drawing.canvasHeight, scale: scale)
        if let background {
            canvas.setColor(red: background.red, green: background.green, blue: background.blue, alpha: background.alpha)
            canvas.paint()
        }
        if format == .svg {
            drawVectorStrokes(of: drawing, on: canvas)
        } else {
            drawStrokes(of: drawing, on: canvas)
        }
        if let touches {
            canvas.save()
            canvas.translate(x: shift.x, y: shift.y)
            touches.draw(on: canvas)
            canvas.restore()
        }
        try canvas.finish()
    }

    /// The union of the strokes' bounds, or nil for an empty drawing.
    public static func bounds(of drawing: Drawing) -> (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
        drawing.strokes.compactMap(\.bounds).reduce(nil) { box, next in
            guard let box else { return next }
            return (Swift.min(box.minX, next.minX), Swift.min(box.minY, next.minY), Swift.max(box.maxX, next.maxX), Swift.max(box.maxY, next.maxY))
        }
    }

    /// Draws every stroke of `drawing` onto `canvas` in the drawing's own points (the caller's
    /// transform places them).
    public static func drawStrokes(of drawing: Drawing, on canvas: CairoCanvas) {
        var geometry = BrushGeometry()
        for stroke in drawing.strokes {
            build(stroke, into: &geometry)
            draw(geometry, color: stroke.ink.color, grain: Grain.of(stroke.ink.type, seed: stroke.randomSeed), on: canvas)
        }
    }

    /// Largest distance between drawn points, points: farther apart, points are interpolated.
    static let interpolationSpacing = 1.5

    /// `stroke`'s whole geometry, its transform applied, into `geometry` (emptied first).
    static func build(_ stroke: Stroke, into geometry: inout BrushGeometry) {
        geometry.removeAll()
        var builder = BrushGeometryBuilder(inkType: stroke.ink.type)
        for point in renderedPoints(of: stroke.path.points) {
            var moved = point
            (moved.x, moved.y) = stroke.transform.apply(x: point.x, y: point.y)
            builder.add(moved, into: &geometry)
        }
    }

    /// The points drawn for a path: its own points and, between two that are more than
    /// ``interpolationSpacing`` apart, points on a Catmull-Rom curve through them (at most 15 per
    /// gap; the other attributes blend linearly). The curve passes through every point of the
    /// path, so corners stay where the pen turned; its tangents are limited to 3 × the shorter
    /// neighbouring segment (Fritsch–Carlson), so it never overshoots where the pen stops short.
    static func renderedPoints(of points: [StrokePoint]) -> [StrokePoint] {
        guard points.count > 1 else { return points }
        var result: [StrokePoint] = []
        result.reserveCapacity(points.count)
        result.append(points[0])
        for index in 1..<points.count {
            let p1 = points[index - 1], p2 = points[index]
            let gap = _hypot(p2.x - p1.x, p2.y - p1.y)
            if gap.isFinite, gap > interpolationSpacing {
                let p0 = index >= 2 ? points[index - 2] : p1, p3 = index + 1 < points.count ? points[index + 1] : p2
                let steps = Swift.min(16, Int((gap / interpolationSpacing).rounded(.up)))
                let m1 = tangent(p0, p1, p2), m2 = tangent(p1, p2, p3)
                for step in 1..<steps {
                    let t = Double(step) / Double(steps)
                    // Cubic Hermite on p1 → p2 with the limited tangents.
                    let h00 = 2 * t * t * t - 3 * t * t + 1, h10 = t * t * t - 2 * t * t + t
                    let h01 = -2 * t * t * t + 3 * t * t, h11 = t * t * t - t * t
                    var point = p1.blended(with: p2, t)
                    point.x = h00 * p1.x + h10 * m1.x + h01 * p2.x + h11 * m2.x
                    point.y = h00 * p1.y + h10 * m1.y + h01 * p2.y + h11 * m2.y
                    result.append(point)
                }
            }
            result.append(p2)
        }
        return result
    }

    /// Catmull-Rom's tangent at `b`, (c − a) / 2, no longer than 3 × the shorter of the segments
    /// a→b and b→c that have a length.
    static func tangent(_ a: StrokePoint, _ b: StrokePoint, _ c: StrokePoint) -> (x: Double, y: Double) {
        let m = (x: (c.x - a.x) / 2, y: (c.y - a.y) / 2)
        let length = _hypot(m.x, m.y)
        let before = _hypot(b.x - a.x, b.y - a.y), after = _hypot(c.x - b.x, c.y - b.y)
        let shortest = before > 0 && after > 0 ? Swift.min(before, after) : Swift.max(before, after)
        guard shortest > 0, length > 3 * shortest else { return m }
        let scale = 3 * shortest / length
        return (m.x * scale, m.y * scale)
    }

    /// Draws every stroke as one vector path (SVG): Cairo's SVG surface can hold a path but not
    /// the replace operator, which it would turn into an embedded picture. Each stroke's triangles,
    /// all wound the same way, are filled together with the non-zero rule — their union, no seams —
    /// at the stroke's mean opacity × the ink's alpha (per-piece shading is the PNG/PDF's).
    static func drawVectorStrokes(of drawing: Drawing, on canvas: CairoCanvas) {
        var geometry = BrushGeometry()
        for stroke in drawing.strokes {
            build(stroke, into: &geometry)
            guard !geometry.triangles.isEmpty else { continue }
            var opacity = 0.0
            for triangle in 0..<geometry.triangleCount {
                var corners = (0..<3).map { geometry.vertices[Int(geometry.triangles[triangle * 3 + $0])] }
                // Counter-clockwise, all of them: overlapping triangles then never cancel out.
                let area = (corners[1].x - corners[0].x) * (corners[2].y - corners[0].y) - (corners[2].x - corners[0].x) * (corners[1].y - corners[0].y)
                if area < 0 { corners.swapAt(1, 2) }
                canvas.moveTo(x: corners[0].x, y: corners[0].y)
                canvas.lineTo(x: corners[1].x, y: corners[1].y)
                canvas.lineTo(x: corners[2].x, y: corners[2].y)
                canvas.closePath()
                opacity += corners.reduce(0) { $0 + $1.opacity } / 3
            }
            let color = stroke.ink.color
            canvas.setColor(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha * opacity / Double(geometry.triangleCount))
            canvas.fill()
        }
    }

    /// Draws one stroke's geometry in `color`: the union of its triangles filled once, at one
    /// opacity when its vertices share one, else shaded from vertex to vertex; composited with the
    /// ink's alpha, through `grain` when given.
    public static func draw(_ geometry: BrushGeometry, color: InkColor, grain: Grain? = nil, on canvas: CairoCanvas) {
        guard !geometry.triangles.isEmpty else { return }
        // The layer covers the stroke's box (2 points around it, on whole points), not the page:
        // compositing a page-sized layer per stroke made an hour of writing take half a minute.
        let box = DirtyRect(geometry, from: 0)
        let clipped = box.map { $0.minX.isFinite && $0.minY.isFinite && $0.maxX.isFinite && $0.maxY.isFinite } ?? false
        if clipped, let box {
            canvas.save()
            let left = (box.minX - 2).rounded(.down), top = (box.minY - 2).rounded(.down)
            canvas.rectangle(x: left, y: top, width: (box.maxX + 2).rounded(.up) - left, height: (box.maxY + 2).rounded(.up) - top)
            canvas.clip()
        }
        defer { if clipped { canvas.restore() } }
        canvas.beginLayer()
        addOutlines(of: geometry, to: canvas)
        let first = geometry.vertices[0].opacity
        if geometry.vertices.allSatisfy({ $0.opacity == first }) {
            canvas.setColor(red: color.red, green: color.green, blue: color.blue, alpha: first)
            canvas.fill()
        } else {
            canvas.fill(triangles: geometry.triangleCount, red: color.red, green: color.green, blue: color.blue) { triangle, corner in
                let vertex = geometry.vertices[Int(geometry.triangles[triangle * 3 + corner])]
                return (vertex.x, vertex.y, vertex.opacity)
            }
        }
        if let grain { canvas.endLayer(opacity: color.alpha, grain: grain) } else { canvas.endLayer(opacity: color.alpha) }
    }

    /// Adds each piece of `geometry` to the canvas's path as its convex polygon (a piece is a
    /// triangle fan round its first vertex): the same region and winding as its triangles with a
    /// third of the edges, and no edges inside it — Cairo's scan converter pays per edge and row
    /// (an hour of writing rendered in 25.7 s as triangles). A piece that is not a fan is added as
    /// its triangles.
    static func addOutlines(of geometry: BrushGeometry, to canvas: CairoCanvas) {
        let starts = geometry.pieceStarts.map(Int.init) + [geometry.triangleCount]
        func index(_ triangle: Int, _ corner: Int) -> Int { Int(geometry.triangles[triangle * 3 + corner]) }
        func addTriangles(_ range: Range<Int>) {
            for triangle in range {
                for corner in 0..<3 {
                    let vertex = geometry.vertices[index(triangle, corner)]
                    if corner == 0 { canvas.moveTo(x: vertex.x, y: vertex.y) } else { canvas.lineTo(x: vertex.x, y: vertex.y) }
                }
                canvas.closePath()
            }
        }
        // Triangles before the first piece (none from BrushGeometryBuilder) as they are.
        if let first = starts.first, first > 0 { addTriangles(0..<first) }
        for piece in 0..<(starts.count - 1) where starts[piece + 1] > starts[piece] {
            let range = starts[piece]..<starts[piece + 1]
            let hub = index(range.lowerBound, 0)
            let isFan = range.dropFirst().allSatisfy { index($0, 0) == hub && index($0, 1) == index($0 - 1, 2) }
            guard isFan else {
                addTriangles(range)
                continue
            }
            let centre = geometry.vertices[hub]
            canvas.moveTo(x: centre.x, y: centre.y)
            let second = geometry.vertices[index(range.lowerBound, 1)]
            canvas.lineTo(x: second.x, y: second.y)
            for triangle in range {
                let vertex = geometry.vertices[index(triangle, 2)]
                canvas.lineTo(x: vertex.x, y: vertex.y)
            }
            canvas.closePath()
        }
    }

    /// Draws the convex pieces of `geometry` from piece `first` on, each replacing what is under
    /// it at its vertices' mean opacity and at full colour: the inside of one stroke's layer, which
    /// is then composited with the ink's alpha. A live canvas draws each sample's new pieces so.
    public static func drawPieces(of geometry: BrushGeometry, from first: Int = 0, color: InkColor, on canvas: CairoCanvas) {
        guard !geometry.triangles.isEmpty, first < geometry.pieceStarts.count else { return }
        canvas.setBlend(.replace)
        let starts = geometry.pieceStarts.map(Int.init) + [geometry.triangleCount]
        for index in max(0, first)..<(starts.count - 1) where starts[index + 1] > starts[index] {
            var opacity = 0.0
            var count = 0.0
            for triangle in starts[index]..<starts[index + 1] {
                for corner in 0..<3 {
                    let vertex = geometry.vertices[Int(geometry.triangles[triangle * 3 + corner])]
                    if corner == 0 { canvas.moveTo(x: vertex.x, y: vertex.y) } else { canvas.lineTo(x: vertex.x, y: vertex.y) }
                    opacity += vertex.opacity
                    count += 1
                }
                canvas.closePath()
            }
            canvas.setColor(red: color.red, green: color.green, blue: color.blue, alpha: opacity / count)
            canvas.fill()
        }
        canvas.setBlend(.over)
    }
}
