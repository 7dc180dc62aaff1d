/// How a sample's pressure, tilt and direction become a mark: width, height and opacity per ink.
///
/// Pressure curve (documented in the QuillStroke article "Strokes"): f(p) = 0.3 + 1.2·p^0.7 for p in 0 … 1, so a light
/// touch (p ≈ 0.05) draws about 0.4× the nominal width, an average touch (p ≈ 0.24) 0.8× and a full
/// press 1.5×. Every width is kept inside the ink's range (`InkType.widthRange`).
public enum InkModel {
    /// The pressure curve f(p), 0.3 … 1.5.
    public static func pressureFactor(_ pressure: Double) -> Double {
        0.3 + 1.2 * _pow(Swift.min(Swift.max(pressure, 0), 1), 0.7)
    }

    /// The mark of `ink` for one point: width across, height along the nib (points), opacity 0 … 1
    /// and the nib's angle (radians). `direction` is the direction of travel (radians) or nil.
    public static func mark(
        ink: Ink, pressure: Double, altitude: Double, azimuth: Double, direction: Double?
    ) -> (width: Double, height: Double, opacity: Double, angle: Double) {
        let range = ink.type.widthRange
        func clamp(_ width: Double) -> Double { Swift.min(Swift.max(width, range.lowerBound), range.upperBound) }
        let lean = 1 - Swift.min(Swift.max(altitude / (.pi / 2), 0), 1)  // 0 upright … 1 flat
        let p = Swift.min(Swift.max(pressure, 0), 1)
        switch ink.type {
        case .pen:
            let w = clamp(ink.width * pressureFactor(p))
            return (w, w, 1, 0)
        case .pencil:
            // Tilting the pencil widens the mark (side of the lead) and lightens it.
            let w = clamp(ink.width * pressureFactor(p) * (1 + 2 * lean))
            return (w, w, (0.35 + 0.65 * p) * (1 - 0.6 * lean), 0)
        case .marker:
            // A flat chisel nib oriented by the azimuth: wide across, thin along.
            let w = clamp(ink.width * (0.8 + 0.4 * p))
            return (w, Swift.max(w * 0.3, range.lowerBound * 0.3), 0.7, azimuth + .pi / 2)
        case .monoline:
            return (ink.width, ink.width, 1, 0)
        case .fountainPen:
            // A flat nib at a fixed 45°: the mark is wide when travel crosses the nib, thin along it.
            let w = clamp(ink.width * pressureFactor(p))
            return (w, Swift.max(w * 0.12, 0.5), 1, .pi / 4)
        case .watercolor:
            let w = clamp(ink.width * pressureFactor(p))
            return (w, w, 0.15 + 0.25 * p, 0)
        case .crayon:
            let w = clamp(ink.width * (0.7 + 0.6 * p))
            return (w, w, 0.55 + 0.35 * p, 0)
        }
    }

    /// True for inks whose nib is round (width = height).
    public static func isRound(_ type: InkType) -> Bool { type != .marker && type != .fountainPen }
}

extension InkModel {
    /// The angle of the nib's wide side (radians) for a point: the marker's chisel turns with the
    /// azimuth, the fountain pen's nib stays at 45°, round nibs have none (0).
    public static func nibAngle(for type: InkType, azimuth: Double) -> Double {
        switch type {
        case .marker: return azimuth + .pi / 2
        case .fountainPen: return .pi / 4
        default: return 0
        }
    }
}
