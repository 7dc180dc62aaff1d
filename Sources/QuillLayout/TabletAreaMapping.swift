/// Maps a graphics tablet's active area (millimetres) onto a canvas rectangle (points), and back.
///
/// Tablet coordinates are millimetres from the active area's top-left corner as the tablet
/// reports them, `x` to the right and `y` downwards, over `0…widthMillimetres` × `0…heightMillimetres`.
/// The area is first turned by `rotation` (as the person has turned the tablet), then placed on
/// the canvas by `mode`:
///
/// * `fit` (default): the whole area, undistorted, as large as fits, centred; the canvas parts it
///   does not reach are the letterbox (above and below) or pillarbox (left and right) bands.
///   Reference rule 5: fit without distorting.
/// * `fill`: undistorted and centred, covering the whole canvas; the parts of the area beyond the
///   canvas map outside it (cropped).
/// * `stretch`: the area's corners on the canvas corners; the aspect ratio changes.
public struct TabletAreaMapping: Hashable, Sendable {
    /// How the area is scaled onto the canvas.
    public enum Mode: String, CaseIterable, Hashable, Sendable {
        case fit
        case fill
        case stretch
    }

    /// How far the tablet is turned clockwise, as the person sees it, in degrees.
    public enum Rotation: Int, CaseIterable, Hashable, Sendable {
        /// As the tablet reports it.
        case degrees0 = 0
        /// Turned a quarter clockwise: the area's top edge is on the right.
        case degrees90 = 90
        /// Upside down: the left-handed setting (express keys on the right).
        case degrees180 = 180
        /// Turned a quarter anticlockwise: the area's top edge is on the left.
        case degrees270 = 270
    }

    /// Active area width as reported, in millimetres, greater than 0.
    public let widthMillimetres: Double
    /// Active area height as reported, in millimetres, greater than 0.
    public let heightMillimetres: Double
    /// The canvas the area maps onto, in points.
    public let canvas: Rect
    /// Fit, fill or stretch.
    public let mode: Mode
    /// The tablet's rotation.
    public let rotation: Rotation
    /// Where the whole (rotated) active area lands, in canvas points: inside the canvas for `fit`,
    /// covering it for `fill`, equal to it for `stretch`.
    public let mappedArea: Rect
    /// Canvas points per millimetre along the canvas's horizontal axis.
    public let horizontalPointsPerMillimetre: Double
    /// Canvas points per millimetre along the canvas's vertical axis (equal to the horizontal one
    /// except in `stretch`).
    public let verticalPointsPerMillimetre: Double

    /// A mapping, or an error naming a non-positive area side or an empty canvas.
    public init(
        widthMillimetres: Double, heightMillimetres: Double, canvas: Rect,
        mode: Mode = .fit, rotation: Rotation = .degrees0
    ) throws {
        guard widthMillimetres.isFinite, widthMillimetres > 0 else {
            throw LayoutError.outOfRange("widthMillimetres", widthMillimetres, allowed: "a number of millimetres greater than 0")
        }
        guard heightMillimetres.isFinite, heightMillimetres > 0 else {
            throw LayoutError.outOfRange("heightMillimetres", heightMillimetres, allowed: "a number of millimetres greater than 0")
        }
        guard canvas.width.isFinite, canvas.width > 0 else {
            throw LayoutError.outOfRange("canvas.width", canvas.width, allowed: "a number of points greater than 0")
        }
        guard canvas.height.isFinite, canvas.height > 0 else {
            throw LayoutError.outOfRange("canvas.height", canvas.height, allowed: "a number of points greater than 0")
        }
        self.widthMillimetres = widthMillimetres
        self.heightMillimetres = heightMillimetres
        self.canvas = canvas
        self.mode = mode
        self.rotation = rotation

        let turned = Self.turnedSize(width: widthMillimetres, height: heightMillimetres, rotation: rotation)
        let scaleX = canvas.width / turned.width
        let scaleY = canvas.height / turned.height
        switch mode {
        case .fit, .fill:
            let uniform = mode == .fit ? min(scaleX, scaleY) : max(scaleX, scaleY)
            let size = Size(width: turned.width * uniform, height: turned.height * uniform)
            mappedArea = Rect(
                x: canvas.midX - size.width / 2, y: canvas.midY - size.height / 2,
                width: size.width, height: size.height
            )
            horizontalPointsPerMillimetre = uniform
            verticalPointsPerMillimetre = uniform
        case .stretch:
            mappedArea = canvas
            horizontalPointsPerMillimetre = scaleX
            verticalPointsPerMillimetre = scaleY
        }
    }

    /// The canvas point, in points, for a tablet position in millimetres.
    public func canvasPoint(forTabletMillimetres tablet: Point) -> Point {
        let turned = turn(tablet)
        return Point(
            x: mappedArea.minX + turned.x * horizontalPointsPerMillimetre,
            y: mappedArea.minY + turned.y * verticalPointsPerMillimetre
        )
    }

    /// The tablet position, in millimetres, that maps to a canvas point; the inverse of
    /// `canvasPoint(forTabletMillimetres:)`. Points outside `mappedArea` give positions outside
    /// the active area (not clamped).
    public func tabletMillimetres(forCanvasPoint canvasPoint: Point) -> Point {
        let turned = Point(
            x: (canvasPoint.x - mappedArea.minX) / horizontalPointsPerMillimetre,
            y: (canvasPoint.y - mappedArea.minY) / verticalPointsPerMillimetre
        )
        return unturn(turned)
    }

    /// The active area's size after `rotation`, in millimetres.
    static func turnedSize(width: Double, height: Double, rotation: Rotation) -> Size {
        switch rotation {
        case .degrees0, .degrees180: return Size(width: width, height: height)
        case .degrees90, .degrees270: return Size(width: height, height: width)
        }
    }

    /// A reported position in the rotated area's frame (millimetres from its top-left corner).
    private func turn(_ p: Point) -> Point {
        let w = widthMillimetres, h = heightMillimetres
        switch rotation {
        case .degrees0: return p
        case .degrees90: return Point(x: h - p.y, y: p.x)
        case .degrees180: return Point(x: w - p.x, y: h - p.y)
        case .degrees270: return Point(x: p.y, y: w - p.x)
        }
    }

    /// The inverse of `turn`.
    private func unturn(_ q: Point) -> Point {
        let w = widthMillimetres, h = heightMillimetres
        switch rotation {
        case .degrees0: return q
        case .degrees90: return Point(x: q.y, y: h - q.x)
        case .degrees180: return Point(x: w - q.x, y: h - q.y)
        case .degrees270: return Point(x: w - q.y, y: q.x)
        }
    }
}
