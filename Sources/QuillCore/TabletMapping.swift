/// Maps the tablet's active area (millimetres) onto the canvas (points), and back: the one
/// tablet → canvas mapping of replay, live input, the stroke engine, the canvas, `quill map` and
/// libquill.
///
/// Tablet coordinates are millimetres from the active area's top-left corner as the tablet
/// reports them, `x` to the right and `y` downwards, over `0…areaWidth` × `0…areaHeight`.
/// The area is first turned by ``rotation`` (as the person has turned the tablet), then placed on
/// the canvas by ``mode``:
///
/// * ``Mode/fit`` (the default): the whole area, undistorted, as large as fits, centred; the
///   canvas parts it does not reach are the letterbox (above and below) or pillarbox (left and
///   right) bands. Reference rule 5: fit without distorting.
/// * ``Mode/fill``: undistorted and centred, covering the whole canvas; the parts of the area
///   beyond the canvas map outside it (cropped).
/// * ``Mode/stretch``: the area's corners on the canvas corners; the aspect ratio changes.
///
/// The default, fit and not turned, is the mapping of every recording and live tablet.
public struct TabletMapping: Hashable, Sendable {
    /// How the area is scaled onto the canvas.
    public enum Mode: String, CaseIterable, Hashable, Sendable {
        /// Undistorted, the whole area inside the canvas, centred (letterbox or pillarbox).
        case fit
        /// Undistorted, covering the whole canvas, centred (the area's excess is cropped).
        case fill
        /// The area's corners on the canvas's corners (the aspect ratio changes).
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

        /// The rotation of `degrees`; throws ``ParameterError`` for anything but 0, 90, 180 or 270.
        public init(degrees: Int) throws {
            guard let rotation = Rotation(rawValue: degrees) else {
                throw ParameterError(field: "TabletMapping.rotation", value: "\(degrees)", expected: "0, 90, 180 or 270 degrees")
            }
            self = rotation
        }

        /// Whether the area's width and height are exchanged on the canvas (90° and 270°).
        public var isQuarterTurn: Bool { self == .degrees90 || self == .degrees270 }
    }

    /// Active area width as the tablet reports it, in millimetres, finite and > 0.
    public let areaWidth: Double
    /// Active area height as the tablet reports it, in millimetres, finite and > 0.
    public let areaHeight: Double
    /// The canvas's size, in points.
    public let canvas: CanvasSize
    /// The canvas's top-left corner, in points: (0, 0) unless the canvas is a rectangle inside a
    /// larger space (a layout's drawable area in its window).
    public let canvasOrigin: Point
    /// Fit, fill or stretch.
    public let mode: Mode
    /// The tablet's rotation.
    public let rotation: Rotation
    /// Canvas points per millimetre along the canvas's horizontal axis.
    public let horizontalPointsPerMillimetre: Double
    /// Canvas points per millimetre along the canvas's vertical axis (equal to the horizontal one
    /// except in ``Mode/stretch``).
    public let verticalPointsPerMillimetre: Double
    /// Canvas points per millimetre: the same on both axes in ``Mode/fit`` and ``Mode/fill``; in
    /// ``Mode/stretch``, where they differ, their geometric mean (for lengths without a direction).
    public let pointsPerMillimetre: Double
    /// Where the whole (turned) active area lands, in canvas points: inside the canvas for
    /// ``Mode/fit``, covering it for ``Mode/fill``, equal to it for ``Mode/stretch``.
    public let mappedArea: Rect

    /// Canvas x of the (turned) area's top-left corner, in points.
    @inlinable public var originX: Double { mappedArea.x }
    /// Canvas y of the (turned) area's top-left corner, in points.
    @inlinable public var originY: Double { mappedArea.y }
    /// The canvas as a rectangle, in points: ``canvasOrigin`` and ``canvas``.
    public var canvasRect: Rect { Rect(x: canvasOrigin.x, y: canvasOrigin.y, width: canvas.width, height: canvas.height) }

    /// A mapping of an `areaWidth` × `areaHeight` mm active area onto `canvas` (points) whose
    /// top-left corner is `canvasOrigin`, placed by `mode` after turning it by `rotation`; by
    /// default fitted, centred, undistorted and not turned, onto a canvas at (0, 0).
    /// Throws ``ParameterError`` when a side of the area is not a finite number of millimetres > 0
    /// or the canvas origin is not finite; values are never clamped.
    public init(
        areaWidth: Double, areaHeight: Double, canvas: CanvasSize, canvasOrigin: Point = .zero,
        mode: Mode = .fit, rotation: Rotation = .degrees0
    ) throws {
        for (name, value) in [("areaWidth", areaWidth), ("areaHeight", areaHeight)] where !(value.isFinite && value > 0) {
            throw ParameterError(field: "TabletMapping.\(name)", value: "\(value)", expected: "a finite size in millimetres > 0")
        }
        for (name, value) in [("x", canvasOrigin.x), ("y", canvasOrigin.y)] where !value.isFinite {
            throw ParameterError(field: "TabletMapping.canvasOrigin.\(name)", value: "\(value)", expected: "a finite number of points")
        }
        self.areaWidth = areaWidth
        self.areaHeight = areaHeight
        self.canvas = canvas
        self.canvasOrigin = canvasOrigin
        self.mode = mode
        self.rotation = rotation
        let turnedWidth = rotation.isQuarterTurn ? areaHeight : areaWidth
        let turnedHeight = rotation.isQuarterTurn ? areaWidth : areaHeight
        let scaleX = canvas.width / turnedWidth
        let scaleY = canvas.height / turnedHeight
        switch mode {
        case .fit, .fill:
            let scale = mode == .fit ? Swift.min(scaleX, scaleY) : Swift.max(scaleX, scaleY)
            horizontalPointsPerMillimetre = scale
            verticalPointsPerMillimetre = scale
            pointsPerMillimetre = scale
            let width = turnedWidth * scale, height = turnedHeight * scale
            // Centred: (canvas − mapped) / 2 from the canvas's corner, computed from its centre
            // (the same value, bit for bit, when the canvas is at (0, 0)).
            mappedArea = Rect(
                x: (canvasOrigin.x + canvas.width / 2) - width / 2, y: (canvasOrigin.y + canvas.height / 2) - height / 2,
                width: width, height: height)
        case .stretch:
            horizontalPointsPerMillimetre = scaleX
            verticalPointsPerMillimetre = scaleY
            pointsPerMillimetre = (scaleX * scaleY).squareRoot()
            mappedArea = Rect(x: canvasOrigin.x, y: canvasOrigin.y, width: canvas.width, height: canvas.height)
        }
    }

    /// A mapping onto the canvas rectangle `canvasRect` (points; a layout's drawable area), as
    /// ``init(areaWidth:areaHeight:canvas:canvasOrigin:mode:rotation:)``. Throws
    /// ``ParameterError`` also when the rectangle is empty or not finite.
    public init(areaWidth: Double, areaHeight: Double, canvasRect: Rect, mode: Mode = .fit, rotation: Rotation = .degrees0) throws {
        try self.init(
            areaWidth: areaWidth, areaHeight: areaHeight, canvas: CanvasSize(width: canvasRect.width, height: canvasRect.height),
            canvasOrigin: canvasRect.origin, mode: mode, rotation: rotation)
    }

    /// The canvas point (points) for a tablet point (millimetres).
    @inlinable
    public func canvasPoint(for point: TabletPoint) -> CanvasPoint {
        let turned = turn(point)
        return CanvasPoint(x: originX + turned.x * horizontalPointsPerMillimetre, y: originY + turned.y * verticalPointsPerMillimetre)
    }

    /// The tablet point (millimetres) for a canvas point (points): the inverse of
    /// ``canvasPoint(for:)``. Points outside the mapped area give positions outside the active
    /// area (not clamped).
    public func tabletPoint(for point: CanvasPoint) -> TabletPoint {
        unturn(TabletPoint(x: (point.x - originX) / horizontalPointsPerMillimetre, y: (point.y - originY) / verticalPointsPerMillimetre))
    }

    /// A reported position in the turned area's frame (millimetres from its top-left corner).
    @usableFromInline
    func turn(_ p: TabletPoint) -> TabletPoint {
        switch rotation {
        case .degrees0: return p
        case .degrees90: return TabletPoint(x: areaHeight - p.y, y: p.x)
        case .degrees180: return TabletPoint(x: areaWidth - p.x, y: areaHeight - p.y)
        case .degrees270: return TabletPoint(x: p.y, y: areaWidth - p.x)
        }
    }

    /// The inverse of ``turn(_:)``.
    func unturn(_ q: TabletPoint) -> TabletPoint {
        switch rotation {
        case .degrees0: return q
        case .degrees90: return TabletPoint(x: q.y, y: areaHeight - q.x)
        case .degrees180: return TabletPoint(x: areaWidth - q.x, y: areaHeight - q.y)
        case .degrees270: return TabletPoint(x: areaWidth - q.y, y: q.x)
        }
    }
}
