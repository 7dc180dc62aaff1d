import CCairo

/// A drawing surface backed by Cairo: a PNG image, an SVG or a PDF file. Coordinates in points
/// (PNG: 1 point = `scale` pixels). No Cairo type leaves this file.
public final class CairoCanvas {
    /// Output file formats.
    public enum Format: String, CaseIterable, Sendable {
        case png, svg, pdf

        /// The format for a file name's extension, or nil.
        public init?(path: String) {
            let lower = path.lowercased()
            guard let format = Format.allCases.first(where: { lower.hasSuffix("." + $0.rawValue) }) else { return nil }
            self = format
        }
    }

    public let path: String
    public let format: Format
    public let width: Double
    public let height: Double
    private let surface: OpaquePointer
    let context: OpaquePointer
    private var isFinished = false
    /// False for a canvas borrowing someone else's context (``init(borrowing:width:height:)``).
    private let ownsContext: Bool
    /// Pixels per point of a PNG canvas (1 for SVG, PDF and borrowed contexts).
    public let pixelsPerPoint: Double
    /// The rows a band of another canvas's pixels (``band(rows:)``) composites its layers into:
    /// nothing to write; nil for a whole canvas.
    private var bandRows: Range<Int>?

    /// Creates a canvas of `width` × `height` points that will be written to `path`.
    public init(path: String, format: Format, width: Double, height: Double, scale: Double = 1) throws {
        guard width > 0, height > 0, width.isFinite, height.isFinite, scale > 0 else {
            throw CairoError(operation: "create", message: "canvas size \(width) × \(height) must be positive")
        }
        self.path = path
        self.format = format
        self.width = width
        self.height = height
        let created: OpaquePointer?
        switch format {
        case .png:
            created = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32((width * scale).rounded(.up)), Int32((height * scale).rounded(.up)))
        case .svg:
            created = cairo_svg_surface_create(path, width, height)
        case .pdf:
            created = cairo_pdf_surface_create(path, width, height)
        }
        guard let surface = created, cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw CairoError(operation: "surface_create", message: "cannot create a \(format.rawValue) surface for \(path)")
        }
        self.surface = surface
        guard let context = cairo_create(surface) else {
            throw CairoError(operation: "cairo_create", message: "cannot create a drawing context")
        }
        self.context = context
        ownsContext = true
        pixelsPerPoint = format == .png ? scale : 1
        if format == .png { cairo_scale(context, scale, scale) }
    }

    /// A band of a PNG canvas's pixels (`rows`, whole pixel rows from the top) to draw on from
    /// another thread: its own Cairo surface over the same memory — the whole image at the same
    /// place, so every pixel is computed as on the canvas itself — and its own context. What a
    /// layer composites (``endLayer(opacity:)``) is clipped to the band's rows, so bands write
    /// disjoint pixels: draw on a band with layers only. Call ``finishBands()`` on this canvas
    /// when every band is drawn and dropped. Nil for SVG, PDF, a borrowed context, or rows
    /// outside the image.
    public func band(rows: Range<Int>) -> CairoCanvas? {
        guard ownsContext, format == .png, bandRows == nil, !rows.isEmpty, rows.lowerBound >= 0 else { return nil }
        let pixelHeight = cairo_image_surface_get_height(surface)
        guard rows.upperBound <= Int(pixelHeight) else { return nil }
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface),
              let band = cairo_image_surface_create_for_data(data, CAIRO_FORMAT_ARGB32, cairo_image_surface_get_width(surface), pixelHeight, cairo_image_surface_get_stride(surface)),
              cairo_surface_status(band) == CAIRO_STATUS_SUCCESS,
              let context = cairo_create(band) else { return nil }
        cairo_scale(context, pixelsPerPoint, pixelsPerPoint)
        return CairoCanvas(band: band, rows: rows, context: context, of: self)
    }

    private init(band: OpaquePointer, rows: Range<Int>, context: OpaquePointer, of canvas: CairoCanvas) {
        surface = band
        self.context = context
        path = ""
        format = .png
        width = canvas.width
        height = canvas.height
        pixelsPerPoint = canvas.pixelsPerPoint
        ownsContext = true
        bandRows = rows
    }

    /// Clips what follows (until the caller's `cairo_restore`) to the band's rows.
    private func clipToBand() {
        guard let rows = bandRows else { return }
        clipToDevice(x: 0, y: Double(rows.lowerBound), width: Double(cairo_image_surface_get_width(surface)), height: Double(rows.count))
    }

    /// Clips what follows to a rectangle in device pixels, whatever the user space.
    private func clipToDevice(x: Double, y: Double, width: Double, height: Double) {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(context, &matrix)
        cairo_identity_matrix(context)
        cairo_new_path(context)
        cairo_rectangle(context, x, y, width, height)
        cairo_set_matrix(context, &matrix)
        cairo_clip(context)
    }

    /// Pixel rows of a PNG canvas's image (nil for SVG, PDF and borrowed contexts).
    public var pixelRows: Int? { ownsContext && format == .png && bandRows == nil ? Int(cairo_image_surface_get_height(surface)) : nil }

    /// Tells Cairo that bands (``band(rows:)``) changed this canvas's pixels.
    public func finishBands() { cairo_surface_mark_dirty(surface) }

    /// Draws into a Cairo context someone else owns and frees — a GTK draw function's `cairo_t`,
    /// a ``CairoLayer``'s — `width` × `height` points. Nothing is written by ``finish()``.
    public init(borrowing context: OpaquePointer, width: Double, height: Double) {
        self.context = context
        surface = cairo_get_target(context)
        path = ""
        format = .png
        self.width = width
        self.height = height
        pixelsPerPoint = 1
        ownsContext = false
    }

    deinit {
        guard ownsContext else { return }
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    // MARK: - State

    public func setColor(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        cairo_set_source_rgba(context, red, green, blue, alpha)
    }

    public func setLineWidth(_ width: Double) { cairo_set_line_width(context, width) }

    /// Dashes in points; empty for a solid line.
    public func setDash(_ lengths: [Double]) { cairo_set_dash(context, lengths, Int32(lengths.count), 0) }

    /// Compositing: `replace` paints over what is there within the shape (Cairo's SOURCE);
    /// `over` blends (the default).
    public enum Blend { case over, replace }
    public func setBlend(_ blend: Blend) {
        cairo_set_operator(context, blend == .over ? CAIRO_OPERATOR_OVER : CAIRO_OPERATOR_SOURCE)
    }

    public func save() { cairo_save(context) }
    public func restore() { cairo_restore(context) }
    public func translate(x: Double, y: Double) { cairo_translate(context, x, y) }
    /// Scales what follows (until ``restore()``) by `factor` on both axes.
    public func scale(_ factor: Double) { cairo_scale(context, factor, factor) }
    /// Turns the user space `radians` clockwise on the screen (y down), about its origin.
    public func rotate(_ radians: Double) { cairo_rotate(context, radians) }

    // MARK: - Paths

    public func moveTo(x: Double, y: Double) { cairo_move_to(context, x, y) }
    public func lineTo(x: Double, y: Double) { cairo_line_to(context, x, y) }
    public func closePath() { cairo_close_path(context) }
    public func rectangle(x: Double, y: Double, width: Double, height: Double) { cairo_rectangle(context, x, y, width, height) }
    public func circle(x: Double, y: Double, radius: Double) {
        cairo_new_sub_path(context)
        cairo_arc(context, x, y, radius, 0, 2 * .pi)
    }

    /// A rectangle with rounded corners.
    public func roundedRectangle(x: Double, y: Double, width: Double, height: Double, radius: Double) {
        let r = min(radius, width / 2, height / 2)
        cairo_new_sub_path(context)
        cairo_arc(context, x + width - r, y + r, r, -.pi / 2, 0)
        cairo_arc(context, x + width - r, y + height - r, r, 0, .pi / 2)
        cairo_arc(context, x + r, y + height - r, r, .pi / 2, .pi)
        cairo_arc(context, x + r, y + r, r, .pi, 3 * .pi / 2)
        cairo_close_path(context)
    }

    /// Fills the current path with the non-zero rule and clears it.
    public func fill() { cairo_fill(context) }
    /// Restricts drawing to the current path (until ``restore()``) and clears it.
    public func clip() { cairo_clip(context) }

    /// Clips what follows (until ``restore()``) to the whole device pixels around the box
    /// `minX` … `maxX`, `minY` … `maxY` (points): a clip on pixel edges is a plain region to
    /// Cairo, so what is composited inside it does not depend on where else a clip cuts.
    public func clipToPixels(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        var xs = [minX, maxX, minX, maxX], ys = [minY, minY, maxY, maxY]
        for index in 0..<4 { cairo_user_to_device(context, &xs[index], &ys[index]) }
        let left = xs.min()!.rounded(.down), top = ys.min()!.rounded(.down)
        clipToDevice(x: left, y: top, width: xs.max()!.rounded(.up) - left, height: ys.max()!.rounded(.up) - top)
    }
    /// Strokes the current path and clears it.
    public func stroke() { cairo_stroke(context) }
    /// Paints the whole surface with the current colour.
    public func paint() { cairo_paint(context) }

    /// Fills the current path (non-zero rule) with a Gouraud-shaded triangle mesh as its colour:
    /// triangle `i`'s corners `corner(i, 0…2)` in (`red`, `green`, `blue`) with their own alpha,
    /// blended across the triangle; where triangles overlap the later one shows (a cairo mesh
    /// pattern: vector shading in PDF). Clears the path.
    public func fill(triangles count: Int, red: Double, green: Double, blue: Double, corner: (Int, Int) -> (x: Double, y: Double, alpha: Double)) {
        guard count > 0, let mesh = cairo_pattern_create_mesh() else { return }
        defer { cairo_pattern_destroy(mesh) }
        for triangle in 0..<count {
            cairo_mesh_pattern_begin_patch(mesh)
            for index in 0..<3 {
                let point = corner(triangle, index)
                if index == 0 { cairo_mesh_pattern_move_to(mesh, point.x, point.y) } else { cairo_mesh_pattern_line_to(mesh, point.x, point.y) }
                cairo_mesh_pattern_set_corner_color_rgba(mesh, UInt32(index), red, green, blue, point.alpha)
            }
            cairo_mesh_pattern_end_patch(mesh)
        }
        cairo_set_source(context, mesh)
        cairo_fill(context)
    }

    /// Starts drawing into a temporary layer.
    public func beginLayer() { cairo_push_group(context) }
    /// Composites the layer drawn since ``beginLayer()`` at `opacity`.
    public func endLayer(opacity: Double) {
        cairo_pop_group_to_source(context)
        if bandRows != nil { cairo_save(context); clipToBand() }
        cairo_paint_with_alpha(context, opacity)
        if bandRows != nil { cairo_restore(context) }
    }

    /// Composites the layer drawn since ``beginLayer()`` at `opacity` through `grain`: a tile of
    /// seeded noise (the paper's tooth under a crayon, pigment pooling in watercolour) repeated
    /// over the page, so the same seed gives the same texture every time.
    public func endLayer(opacity: Double, grain: Grain) {
        cairo_pop_group_to_source(context)
        if bandRows != nil { cairo_save(context); clipToBand() }
        defer { if bandRows != nil { cairo_restore(context) } }
        guard let tile = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(Grain.tileSize), Int32(Grain.tileSize)) else {
            cairo_paint_with_alpha(context, opacity)
            return
        }
        defer { cairo_surface_destroy(tile) }
        cairo_surface_flush(tile)
        let stride = Int(cairo_image_surface_get_stride(tile))
        if let data = cairo_image_surface_get_data(tile) {
            var state = UInt64(grain.seed) &+ 0x9E37_79B9_7F4A_7C15
            for y in 0..<Grain.tileSize {
                for x in 0..<Grain.tileSize {
                    // SplitMix64: a uniform value 0 … 1 per texel.
                    state &+= 0x9E37_79B9_7F4A_7C15
                    var z = state
                    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                    z ^= z >> 31
                    let noise = Double(z >> 11) / Double(1 << 53)
                    let alpha = opacity * (1 - grain.strength * noise)
                    data[y * stride + x] = UInt8(Swift.max(0, Swift.min(255, (alpha * 255).rounded())))
                }
            }
        }
        cairo_surface_mark_dirty(tile)
        guard let pattern = cairo_pattern_create_for_surface(tile) else { return }
        defer { cairo_pattern_destroy(pattern) }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_REPEAT)
        cairo_pattern_set_filter(pattern, grain.scale > 1 ? CAIRO_FILTER_BILINEAR : CAIRO_FILTER_NEAREST)
        // Texels of `scale` points, the tile shifted by the seed (strokes do not line up).
        var matrix = cairo_matrix_t()
        cairo_matrix_init_scale(&matrix, 1 / grain.scale, 1 / grain.scale)
        cairo_matrix_translate(&matrix, Double(grain.seed % 61), Double((grain.seed / 61) % 59))
        cairo_pattern_set_matrix(pattern, &matrix)
        cairo_mask(context, pattern)
    }

    // MARK: - Text

    /// Draws `text` with its baseline starting at (x, y), in a sans-serif face of `size` points.
    public func text(_ text: String, x: Double, y: Double, size: Double, bold: Bool = false) {
        cairo_select_font_face(context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(context, size)
        cairo_move_to(context, x, y)
        cairo_show_text(context, text)
    }

    /// Width of `text` in points at `size`, in the face ``text(_:x:y:size:bold:)`` draws it with.
    public func textWidth(_ text: String, size: Double, bold: Bool = false) -> Double {
        cairo_select_font_face(context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(context, size)
        var extents = cairo_text_extents_t()
        cairo_text_extents(context, text, &extents)
        return extents.x_advance
    }

    // MARK: - Output

    /// Writes the file (PNG) or completes it (SVG, PDF).
    public func finish() throws {
        guard !isFinished, ownsContext, bandRows == nil else { return }
        isFinished = true
        if format == .png {
            let status = cairo_surface_write_to_png(surface, path)
            guard status == CAIRO_STATUS_SUCCESS else {
                throw CairoError(operation: "write_to_png", message: "\(path): \(String(cString: cairo_status_to_string(status)))")
            }
        } else {
            cairo_surface_finish(surface)
            let status = cairo_surface_status(surface)
            guard status == CAIRO_STATUS_SUCCESS else {
                throw CairoError(operation: "surface_finish", message: "\(path): \(String(cString: cairo_status_to_string(status)))")
            }
        }
    }
}

/// An offscreen ARGB image in pixels to draw into and paint onto a canvas later: the committed
/// ink of a live canvas, a stroke being drawn. Cleared transparent when made.
public final class CairoLayer {
    public let pixelWidth: Int
    public let pixelHeight: Int
    private let surface: OpaquePointer
    private let context: OpaquePointer
    /// Draws into the layer; one point is one pixel.
    public let canvas: CairoCanvas

    /// Throws ``CairoError`` when a side is not 1 … 16384 pixels or Cairo cannot make the image.
    public init(pixelWidth: Int, pixelHeight: Int) throws {
        guard (1...16384).contains(pixelWidth), (1...16384).contains(pixelHeight) else {
            throw CairoError(operation: "image_surface_create", message: "layer size \(pixelWidth) × \(pixelHeight) px must be 1 … 16384 px a side")
        }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixelWidth), Int32(pixelHeight)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let context = cairo_create(surface) else {
            throw CairoError(operation: "image_surface_create", message: "cannot make a \(pixelWidth) × \(pixelHeight) px layer")
        }
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.surface = surface
        self.context = context
        canvas = CairoCanvas(borrowing: context, width: Double(pixelWidth), height: Double(pixelHeight))
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// Makes every pixel transparent.
    public func clear() {
        cairo_save(context)
        cairo_set_operator(context, CAIRO_OPERATOR_CLEAR)
        cairo_paint(context)
        cairo_restore(context)
    }

    /// Paints the layer onto `target` with its top-left at (x, y) points, at `alpha` (0 … 1).
    public func paint(on target: CairoCanvas, x: Double = 0, y: Double = 0, alpha: Double = 1) {
        cairo_surface_flush(surface)
        cairo_save(target.context)
        cairo_set_source_surface(target.context, surface, x, y)
        cairo_paint_with_alpha(target.context, alpha)
        cairo_restore(target.context)
    }
}

/// A Cairo call failed.
public struct CairoError: Error, Hashable, Sendable, CustomStringConvertible {
    public var operation: String
    public var message: String
    public var description: String { "cairo \(operation): \(message)" }
}

/// A PNG file's pixels, read with Cairo: to check a picture (a canvas screenshot, a render).
public struct CairoImage: Sendable {
    public let width: Int
    public let height: Int
    /// Rows of straight-alpha RGBA bytes.
    private let pixels: [UInt8]

    /// Throws ``CairoError`` when the file is missing or not a PNG.
    public init(png path: String) throws {
        guard let surface = cairo_image_surface_create_from_png(path) else {
            throw CairoError(operation: "image_surface_create_from_png", message: "\(path): cannot be read")
        }
        defer { cairo_surface_destroy(surface) }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw CairoError(operation: "image_surface_create_from_png", message: "\(path): \(String(cString: cairo_status_to_string(status)))")
        }
        // Whatever the PNG's own format, painted onto ARGB32 to read one layout.
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        guard let argb = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)), let context = cairo_create(argb) else {
            throw CairoError(operation: "image_surface_create", message: "\(path): \(width) × \(height) px")
        }
        cairo_set_source_surface(context, surface, 0, 0)
        cairo_paint(context)
        cairo_destroy(context)
        cairo_surface_flush(argb)
        defer { cairo_surface_destroy(argb) }
        let stride = Int(cairo_image_surface_get_stride(argb))
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        if let data = cairo_image_surface_get_data(argb) {
            for y in 0..<height {
                for x in 0..<width {
                    let word = data.advanced(by: y * stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
                    let alpha = UInt8(word >> 24)
                    func straight(_ shift: UInt32) -> UInt8 {
                        let value = UInt32((word >> shift) & 0xFF)
                        return alpha == 0 ? 0 : UInt8(min(255, value * 255 / UInt32(alpha)))
                    }
                    let index = (y * width + x) * 4
                    pixels[index] = straight(16)
                    pixels[index + 1] = straight(8)
                    pixels[index + 2] = straight(0)
                    pixels[index + 3] = alpha
                }
            }
        }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The pixel at (x, y), or nil outside the image.
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)? {
        guard (0..<width).contains(x), (0..<height).contains(y) else { return nil }
        let index = (y * width + x) * 4
        return (pixels[index], pixels[index + 1], pixels[index + 2], pixels[index + 3])
    }
}

/// Text measured without a canvas to draw on, in the face ``CairoCanvas/text(_:x:y:size:bold:)``
/// draws with (a text box's layout, before any window exists).
public enum TextMetrics {
    /// The advance of `text` at `size` points, in points.
    public static func width(of text: String, size: Double, bold: Bool = false) -> Double {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1) else { return 0 }
        defer { cairo_surface_destroy(surface) }
        guard let context = cairo_create(surface) else { return 0 }
        defer { cairo_destroy(context) }
        cairo_select_font_face(context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(context, size)
        var extents = cairo_text_extents_t()
        cairo_text_extents(context, text, &extents)
        return extents.x_advance
    }
}
