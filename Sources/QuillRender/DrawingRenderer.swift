import Dispatch
import Glibc
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
    /// A PNG's strokes are drawn on `threads` threads at once, each in its own band of the
    /// image's rows (nil: ``defaultThreads``); the picture is the same for any number.
    public static func render(
        _ drawing: Drawing, to path: String, scale: Double = 1, background: InkColor? = .white, cropMargin: Double? = nil, touches: TouchOverlay? = nil,
        threads: Int? = nil
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
        } else if format == .png {
            drawStrokes(of: drawing, on: canvas, threads: threads ?? defaultThreads)
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
        for stroke in drawing.strokes { draw(stroke, using: &geometry, on: canvas) }
    }

    /// Builds `stroke`'s geometry into `geometry` (a buffer reused from stroke to stroke) and
    /// draws it in its ink's colour, through its grain.
    static func draw(_ stroke: Stroke, using geometry: inout BrushGeometry, on canvas: CairoCanvas) {
        build(stroke, into: &geometry)
        draw(geometry, color: stroke.ink.color, grain: Grain.of(stroke.ink.type, seed: stroke.randomSeed), on: canvas)
    }

    /// Threads a PNG's strokes are drawn on unless said: the processors online, at most 8.
    public static var defaultThreads: Int { Swift.max(1, Swift.min(8, sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// Fewest pixel rows of a band: thinner, a stroke is drawn by more bands than it saves.
    static let leastBandRows = 64

    /// Draws every stroke of `drawing` onto the PNG canvas `canvas` on up to `threads` threads.
    /// The image's rows are cut into bands holding about as many of the strokes' points each;
    /// each band draws, in order, every stroke that reaches into it
    /// (``rowsReached(by:pixelsPerPoint:rows:)``) into its own surface over the same pixels, and
    /// composites each stroke's layer only into its own rows. The layer is the same in every band
    /// (the stroke's whole box on whole pixels) and compositing it is the same arithmetic pixel by
    /// pixel, so the picture is the same as one thread's, byte for byte — except through a grain
    /// (crayon, watercolour), whose texture Cairo samples relative to where the compositing
    /// starts: no cut crosses a stroke with grain (a page with no other place to cut is drawn on
    /// one thread). An hour of writing spends nearly three quarters of its rendering in Cairo's
    /// scan conversion of 3.6 million nib hulls: this is what more cores can share.
    public static func drawStrokes(of drawing: Drawing, on canvas: CairoCanvas, threads: Int) {
        guard let rows = canvas.pixelRows else { return drawStrokes(of: drawing, on: canvas) }
        let count = Swift.min(threads, rows / leastBandRows, drawing.strokes.count)
        guard count > 1 else { return drawStrokes(of: drawing, on: canvas) }
        let reaches = drawing.strokes.map { rowsReached(by: $0, pixelsPerPoint: canvas.pixelsPerPoint, rows: rows) }
        let grained = zip(drawing.strokes, reaches).compactMap { Grain.of($0.ink.type, seed: 0) == nil ? nil : $1 }
        let ranges = bandRows(rows: rows, count: count, reaches: reaches, points: drawing.strokes.map(\.path.points.count), uncut: grained)
        guard ranges.count > 1 else { return drawStrokes(of: drawing, on: canvas) }
        let bands = Bands(canvases: ranges.compactMap { canvas.band(rows: $0) })
        guard bands.canvases.count == ranges.count else { return drawStrokes(of: drawing, on: canvas) }
        DispatchQueue.concurrentPerform(iterations: ranges.count) { index in
            var geometry = BrushGeometry()
            for (stroke, reach) in zip(drawing.strokes, reaches) where reach.overlaps(ranges[index]) {
                draw(stroke, using: &geometry, on: bands.canvases[index])
            }
        }
        canvas.finishBands()
    }

    /// Up to `count` bands of `rows` pixel rows, in order, covering them all, so that every band
    /// holds about as many points (each stroke's `points` counted at the middle of its reach)
    /// and no cut splits one of the `uncut` reaches (a reach a..<b spans the cuts a+1 … b−1):
    /// each cut is the allowed row nearest where the points' running count passes k / `count`
    /// of all. No band is thinner than ``leastBandRows``; one band when no cut is allowed.
    static func bandRows(rows: Int, count: Int, reaches: [Range<Int>], points: [Int], uncut: [Range<Int>] = []) -> [Range<Int>] {
        guard rows > 0, count > 1 else { return [0..<Swift.max(0, rows)] }
        var weight = [Int](repeating: 0, count: rows)
        for (reach, points) in zip(reaches, points) where !reach.isEmpty {
            weight[(reach.lowerBound + reach.upperBound - 1) / 2] += points
        }
        // The running sum of starts at r: how many uncut reaches hold both rows r − 1 and r.
        var starts = [Int](repeating: 0, count: rows + 1)
        for reach in uncut where reach.count > 1 {
            starts[reach.lowerBound + 1] += 1
            starts[reach.upperBound] -= 1
        }
        var allowed = [Bool](repeating: false, count: rows + 1)
        var open = 0
        for row in 1..<rows {
            open += starts[row]
            allowed[row] = open == 0
        }
        // passed[r]: the points of the rows above r.
        var passed = [0]
        passed.reserveCapacity(rows + 1)
        for row in 0..<rows { passed.append(passed[row] + weight[row]) }
        let total = passed[rows]
        var cuts = [0]
        for k in 1..<count {
            let low = cuts.last! + leastBandRows, high = rows - leastBandRows
            guard low <= high else { break }
            let wanted = passed.firstIndex { $0 * count >= total * k } ?? rows
            var best: Int?
            for distance in 0...Swift.max(0, Swift.max(wanted - low, high - wanted)) {
                if wanted - distance >= low, wanted - distance <= high, allowed[wanted - distance] { best = wanted - distance; break }
                if wanted + distance >= low, wanted + distance <= high, allowed[wanted + distance] { best = wanted + distance; break }
            }
            guard let cut = best else { break }
            cuts.append(cut)
        }
        cuts.append(rows)
        return (0..<(cuts.count - 1)).map { cuts[$0]..<cuts[$0 + 1] }
    }

    /// The bands of one canvas, each drawn by one thread only (its own Cairo surface and context:
    /// Cairo objects may be used from any thread, one thread at a time).
    private struct Bands: @unchecked Sendable {
        let canvases: [CairoCanvas]
    }

    /// The pixel rows (of `rows`) that `stroke`'s drawing can touch: its points' box (transform
    /// applied) grown by half its widest mark, by how far the interpolating curve can stray from
    /// its points (at most 1.2 × the longest gap between two: ``renderedPoints(of:)``'s tangents
    /// are at most 3 × a neighbouring segment; times the transform's stretch) and by 3 points (the 2 points around a stroke's
    /// layer box: ``draw(_:color:grain:on:)``), plus a pixel (the box out to whole pixels). All
    /// rows when a coordinate is not finite.
    static func rowsReached(by stroke: Stroke, pixelsPerPoint: Double, rows: Int) -> Range<Int> {
        var minY = Double.infinity, maxY = -Double.infinity, longestGap = 0.0, radius = 0.0
        var last: StrokePoint?
        for point in stroke.path.points {
            let y = stroke.transform.apply(x: point.x, y: point.y).y
            minY = Swift.min(minY, y)
            maxY = Swift.max(maxY, y)
            radius = Swift.max(radius, point.width / 2, point.height / 2)
            if let last { longestGap = Swift.max(longestGap, _hypot(point.x - last.x, point.y - last.y)) }
            last = point
        }
        guard last != nil else { return 0..<0 }
        // The curve is interpolated before the transform: its stray grows by at most the
        // transform's largest stretch (its matrix's largest singular value).
        let t = stroke.transform
        let sum = t.a * t.a + t.b * t.b + t.c * t.c + t.d * t.d, determinant = t.a * t.d - t.b * t.c
        let stretch = ((sum + Swift.max(0, sum * sum - 4 * determinant * determinant).squareRoot()) / 2).squareRoot()
        let margin = radius + 1.2 * longestGap * stretch + 3
        let top = ((minY - margin) * pixelsPerPoint).rounded(.down) - 1, bottom = ((maxY + margin) * pixelsPerPoint).rounded(.up) + 1
        guard top.isFinite, bottom.isFinite else { return 0..<rows }
        let first = Int(Swift.max(0, Swift.min(Double(rows), top))), end = Int(Swift.max(0, Swift.min(Double(rows), bottom)))
        return first..<Swift.max(first, end)
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
        // The layer covers the stroke's box (2 points around it, on whole pixels), not the page:
        // compositing a page-sized layer per stroke made an hour of writing take half a minute.
        let box = DirtyRect(geometry, from: 0)
        let clipped = box.map { $0.minX.isFinite && $0.minY.isFinite && $0.maxX.isFinite && $0.maxY.isFinite } ?? false
        if clipped, let box {
            canvas.save()
            canvas.clipToPixels(minX: box.minX - 2, minY: box.minY - 2, maxX: box.maxX + 2, maxY: box.maxY + 2)
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
