import RealModule

/// Pen orientation as Apple Pencil reports it: altitude and azimuth in radians.
public struct PenOrientation: Hashable, Sendable {
    /// Radians, 0 (lying flat) … π/2 (upright).
    public var altitude: Double
    /// Radians, 0 ..< 2π, clockwise on screen from +x (y-down); 0 when upright.
    public var azimuth: Double

    public init(altitude: Double, azimuth: Double) {
        self.altitude = altitude
        self.azimuth = azimuth
    }

    /// A pen standing straight up: altitude π/2, azimuth 0. Also what a device that never sends tilt reports.
    public static let upright = PenOrientation(altitude: .pi / 2, azimuth: 0)

    /// Converts W3C Pointer Events tilt (degrees, −90 … 90; positive tiltX leans the top of the pen
    /// toward +x, positive tiltY toward +y) to altitude and azimuth, following the spec's rules
    /// case by case. Values beyond ±90° are taken as ±90° (a pen cannot lean further than flat).
    public init(tilt: PenTilt) {
        let tiltX = Swift.min(90, Swift.max(-90, tilt.xDegrees))
        let tiltY = Swift.min(90, Swift.max(-90, tilt.yDegrees))
        let tx = tiltX * .pi / 180
        let ty = tiltY * .pi / 180
        let azimuth: Double
        if tiltX == 0 {
            azimuth = tiltY > 0 ? .pi / 2 : (tiltY < 0 ? 3 * .pi / 2 : 0)
        } else if tiltY == 0 {
            azimuth = tiltX < 0 ? .pi : 0
        } else if abs(tiltX) == 90 || abs(tiltY) == 90 {
            azimuth = 0
        } else {
            let angle = Double.atan2(y: Double.tan(ty), x: Double.tan(tx))
            azimuth = angle < 0 ? angle + 2 * .pi : angle
        }
        let altitude: Double
        if abs(tiltX) == 90 || abs(tiltY) == 90 {
            altitude = 0
        } else if tiltX == 0 {
            altitude = .pi / 2 - abs(ty)
        } else if tiltY == 0 {
            altitude = .pi / 2 - abs(tx)
        } else {
            let tanX = Double.tan(tx), tanY = Double.tan(ty)
            altitude = Double.atan(1 / (tanX * tanX + tanY * tanY).squareRoot())
        }
        self.init(altitude: altitude, azimuth: azimuth)
    }

    /// The W3C tilt of this orientation: tiltX = atan(cos az / tan alt), tiltY = atan(sin az / tan alt).
    /// A pen lying flat (altitude 0) gives ±90° along the azimuth's dominant axis.
    public var tilt: PenTilt {
        let tanAltitude = Double.tan(altitude)
        let cosAz = Double.cos(azimuth), sinAz = Double.sin(azimuth)
        if tanAltitude == 0 {
            return PenTilt(
                xDegrees: abs(cosAz) < 1e-12 ? 0 : (cosAz > 0 ? 90 : -90),
                yDegrees: abs(sinAz) < 1e-12 ? 0 : (sinAz > 0 ? 90 : -90))
        }
        return PenTilt(
            xDegrees: Double.atan(cosAz / tanAltitude) * 180 / .pi,
            yDegrees: Double.atan(sinAz / tanAltitude) * 180 / .pi)
    }
}

/// Pen tilt in W3C Pointer Events terms: degrees, −90 … 90 on each axis.
public struct PenTilt: Hashable, Sendable {
    /// Degrees; positive leans the top of the pen toward +x (right).
    public var xDegrees: Double
    /// Degrees; positive leans the top of the pen toward +y (the bottom edge).
    public var yDegrees: Double
    public init(xDegrees: Double, yDegrees: Double) {
        self.xDegrees = xDegrees
        self.yDegrees = yDegrees
    }
}
