/// Maps the tablet's active area (millimetres) onto the canvas (points): fitted, centred and
/// without distortion (letterboxed or pillarboxed).
public struct TabletMapping: Hashable, Sendable {
    /// Active area width in millimetres.
    public let areaWidth: Double
    /// Active area height in millimetres.
    public let areaHeight: Double
    /// The canvas.
    public let canvas: CanvasSize
    /// Points per millimetre (the same on both axes).
    public let pointsPerMillimetre: Double
    /// Canvas offset of the area's top-left corner, in points.
    public let originX: Double
    /// Canvas offset of the area's top-left corner, in points.
    public let originY: Double

    /// Throws ``ParameterError`` when the area is not positive and finite.
    public init(areaWidth: Double, areaHeight: Double, canvas: CanvasSize) throws {
        for (name, value) in [("areaWidth", areaWidth), ("areaHeight", areaHeight)] where !(value.isFinite && value > 0) {
            throw ParameterError(field: "TabletMapping.\(name)", value: "\(value)", expected: "a finite size in millimetres > 0")
        }
        self.areaWidth = areaWidth
        self.areaHeight = areaHeight
        self.canvas = canvas
        let scale = Swift.min(canvas.width / areaWidth, canvas.height / areaHeight)
        pointsPerMillimetre = scale
        originX = (canvas.width - areaWidth * scale) / 2
        originY = (canvas.height - areaHeight * scale) / 2
    }

    /// The canvas point for a tablet point.
    @inlinable
    public func canvasPoint(for point: TabletPoint) -> CanvasPoint {
        CanvasPoint(x: originX + point.x * pointsPerMillimetre, y: originY + point.y * pointsPerMillimetre)
    }

    /// The tablet point for a canvas point (the inverse of ``canvasPoint(for:)``).
    public func tabletPoint(for point: CanvasPoint) -> TabletPoint {
        TabletPoint(x: (point.x - originX) / pointsPerMillimetre, y: (point.y - originY) / pointsPerMillimetre)
    }
}
