/// A 2D affine transform in points: x' = a·x + c·y + tx, y' = b·x + d·y + ty.
public struct AffineTransform: Hashable, Codable, Sendable {
    public var a, b, c, d, tx, ty: Double
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    public func apply(x: Double, y: Double) -> (x: Double, y: Double) { (a * x + c * y + tx, b * x + d * y + ty) }
}

/// A closed polygon in points (a region of a mask).
public struct Polygon: Hashable, Codable, Sendable {
    public var xs: [Double]
    public var ys: [Double]
    public init(xs: [Double], ys: [Double]) {
        self.xs = xs
        self.ys = ys
    }
}

/// A stroke as PencilKit's `PKStroke`: ink, path, transform, mask and random seed.
public struct Stroke: Hashable, Codable, Sendable {
    public var ink: Ink
    public var path: StrokePath
    /// Applied to the path's points when drawing.
    public var transform: AffineTransform
    /// Regions removed by a bitmap eraser (nil when nothing was erased).
    public var mask: [Polygon]?
    /// Seed for textured inks (crayon, watercolor): the same seed draws the same texture.
    public var randomSeed: UInt32

    public init(ink: Ink, path: StrokePath, transform: AffineTransform = .identity, mask: [Polygon]? = nil, randomSeed: UInt32 = 0) {
        self.ink = ink
        self.path = path
        self.transform = transform
        self.mask = mask
        self.randomSeed = randomSeed
    }

    /// Bounding box of the path's points grown by half the widest mark, in points.
    public var bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
        guard !path.points.isEmpty else { return nil }
        var box = (minX: Double.infinity, minY: Double.infinity, maxX: -Double.infinity, maxY: -Double.infinity)
        for point in path.points {
            let (x, y) = transform.apply(x: point.x, y: point.y)
            let r = Swift.max(point.width, point.height) / 2
            box = (Swift.min(box.minX, x - r), Swift.min(box.minY, y - r), Swift.max(box.maxX, x + r), Swift.max(box.maxY, y + r))
        }
        return box
    }
}

/// A drawing: strokes in painting order, on a canvas of the given size in points.
public struct Drawing: Hashable, Codable, Sendable {
    /// Format version of the drawing file (`DrawingFile`; see the QuillStroke article "Strokes").
    public var version: Int
    public var canvasWidth: Double
    public var canvasHeight: Double
    public var strokes: [Stroke]
    /// The drawing's text fields (Scribble), in the order they were made; absent from a file
    /// that has none (files without them read as version 1 always did).
    public var textBoxes: [TextBox]

    public init(canvasWidth: Double, canvasHeight: Double, strokes: [Stroke] = [], textBoxes: [TextBox] = []) {
        version = 1
        self.canvasWidth = canvasWidth
        self.canvasHeight = canvasHeight
        self.strokes = strokes
        self.textBoxes = textBoxes
    }

    private enum CodingKeys: String, CodingKey { case version, canvasWidth, canvasHeight, strokes, textBoxes }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decode(Int.self, forKey: .version)
        canvasWidth = try container.decode(Double.self, forKey: .canvasWidth)
        canvasHeight = try container.decode(Double.self, forKey: .canvasHeight)
        strokes = try container.decode([Stroke].self, forKey: .strokes)
        textBoxes = try container.decodeIfPresent([TextBox].self, forKey: .textBoxes) ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(version, forKey: .version)
        try container.encode(canvasWidth, forKey: .canvasWidth)
        try container.encode(canvasHeight, forKey: .canvasHeight)
        try container.encode(strokes, forKey: .strokes)
        if !textBoxes.isEmpty { try container.encode(textBoxes, forKey: .textBoxes) }
    }
}
