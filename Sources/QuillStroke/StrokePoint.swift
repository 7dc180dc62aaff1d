import QuillCore

/// A control point of a stroke path, as PencilKit's `PKStrokePoint`.
public struct StrokePoint: Hashable, Codable, Sendable {
    /// Canvas location in points.
    public var x: Double
    public var y: Double
    /// Seconds since the path's creation.
    public var timeOffset: Double
    /// Mark size in points: width across the nib and height along it (equal for round nibs).
    public var width: Double
    public var height: Double
    /// Opacity multiplier, 0 … 2 (1 = the ink's own opacity).
    public var opacity: Double
    /// Force, 0 … 25/6 (1 = an average touch).
    public var force: Double
    /// Radians, 0 ..< 2π.
    public var azimuth: Double
    /// Radians, 0 … π/2.
    public var altitude: Double

    public init(
        x: Double, y: Double, timeOffset: Double, width: Double, height: Double, opacity: Double, force: Double,
        azimuth: Double, altitude: Double
    ) {
        self.x = x
        self.y = y
        self.timeOffset = timeOffset
        self.width = width
        self.height = height
        self.opacity = opacity
        self.force = force
        self.azimuth = azimuth
        self.altitude = altitude
    }

    /// Linear blend: self at 0, other at 1 (azimuth along the shorter way round).
    public func blended(with other: StrokePoint, _ fraction: Double) -> StrokePoint {
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * fraction }
        var turn = other.azimuth - azimuth
        if turn > .pi { turn -= 2 * .pi } else if turn < -.pi { turn += 2 * .pi }
        var azimuth = self.azimuth + turn * fraction
        if azimuth < 0 { azimuth += 2 * .pi } else if azimuth >= 2 * .pi { azimuth -= 2 * .pi }
        return StrokePoint(
            x: mix(x, other.x), y: mix(y, other.y), timeOffset: mix(timeOffset, other.timeOffset), width: mix(width, other.width),
            height: mix(height, other.height), opacity: mix(opacity, other.opacity), force: mix(force, other.force),
            azimuth: azimuth, altitude: mix(altitude, other.altitude))
    }
}
