import QuillCore

/// Settings of how a finished stroke keeps its corners (``StrokePath/keepingCorners(pointsPerMillimetre:parameters:)``),
/// in millimetres and radians so that every tablet and canvas scale behave alike.
public struct CornerParameters: Hashable, Sendable {
    /// The least turn that makes a corner, radians (0 < turn < π). Default 0.7 (40°).
    public let minimumTurn: Double
    /// The arm over which a turn is measured, mm (> 0): the path this far before and after a point.
    /// Default 1.0 mm, longer than the rounding that smoothing and sampling leave at a corner.
    public let arm: Double
    /// How much of the turn over three arms must already be there over one, 0 … 1: a corner turns
    /// at a point (ratio ≈ 1), a curve turns all along (ratio ≈ ⅓). Default 0.65.
    public let sharpness: Double
    /// The length of each straight side fitted to find where the sides meet, mm (> 0). Default 2.5 mm.
    public let sideLength: Double
    /// How far the sides' meeting point may lie from the stroke's sharpest point, mm (> 0):
    /// farther, the stroke's own point is kept as the corner. Default 1.0 mm.
    public let maximumShift: Double

    /// Throws `ParameterError` naming the field for a value out of range.
    public init(minimumTurn: Double = 0.7, arm: Double = 1.0, sharpness: Double = 0.65, sideLength: Double = 2.5, maximumShift: Double = 1.0) throws {
        guard minimumTurn.isFinite, minimumTurn > 0, minimumTurn < .pi else {
            throw ParameterError(field: "CornerParameters.minimumTurn", value: "\(minimumTurn)", expected: "radians > 0 and < π")
        }
        for (field, value) in [("arm", arm), ("sideLength", sideLength), ("maximumShift", maximumShift)] where !(value.isFinite && value > 0 && value <= 100) {
            throw ParameterError(field: "CornerParameters.\(field)", value: "\(value)", expected: "millimetres > 0 and ≤ 100")
        }
        guard sharpness.isFinite, (0...1).contains(sharpness) else {
            throw ParameterError(field: "CornerParameters.sharpness", value: "\(sharpness)", expected: "a ratio 0 … 1")
        }
        self.minimumTurn = minimumTurn
        self.arm = arm
        self.sharpness = sharpness
        self.sideLength = sideLength
        self.maximumShift = maximumShift
    }

    /// The documented defaults.
    public static let defaults = CornerParameters(unchecked: ())
    private init(unchecked: Void) {
        minimumTurn = 0.7
        arm = 1.0
        sharpness = 0.65
        sideLength = 2.5
        maximumShift = 1.0
    }
}
