import QuillCore

/// Settings of shape recognition and of hold to snap, in millimetres, seconds and radians so that
/// every tablet and canvas scale behave alike. Every value is validated: `init` throws a
/// `ParameterError` naming the field.
public struct ShapeParameters: Hashable, Sendable {
    /// How long the tip must rest before lifting for the stroke to snap, seconds (0.05 … 5).
    /// Default 0.45 s: people rest the pen 24–41 ms (median) at a stroke's natural end and
    /// ≤ 224 ms at p99 (the $1 gesture logs), so a rest this long is meant.
    public let holdDuration: Double
    /// How far the resting tip may wander from where it lifts, mm (0.05 … 10). Default 1.0 mm:
    /// a hand holding a pen still trembles 0.05–0.2 mm; a pen still moving covers a millimetre in
    /// a few milliseconds.
    public let holdRadius: Double
    /// The largest fit error a shape may have, as a fraction of the stroke's size (the diagonal of
    /// its bounding box), 0.001 … 0.5. The error is the larger of the RMS distance from the stroke
    /// to the shape and from the shape to the stroke. Default 0.06.
    public let maximumError: Double
    /// The smallest stroke that can become a shape, mm of bounding-box diagonal (0 … 1 000).
    /// Default 4 mm: dots and ticks stay ink.
    public let minimumSize: Double
    /// Lines and rectangles within this angle of the horizontal or vertical are made exactly
    /// horizontal or vertical, radians (0 … π/4; 0 turns it off). Default 0.087 (5°).
    public let axisSnap: Double
    /// A quadrilateral whose corners depart from 90° by this angle or less on average, and none
    /// by more than twice it, becomes a rectangle, radians (0 … π/4). Default 0.26 (15°): people's
    /// rectangles have corners of 70°–110° (Apple Pencil drawings), a rhombus of 60° and 120°
    /// departs 30°.
    public let rightAngleTolerance: Double

    /// Throws `ParameterError` naming the field for a value out of range.
    public init(
        holdDuration: Double = 0.45, holdRadius: Double = 1.0, maximumError: Double = 0.06, minimumSize: Double = 4,
        axisSnap: Double = 0.087, rightAngleTolerance: Double = 0.26
    ) throws {
        func check(_ field: String, _ value: Double, _ range: ClosedRange<Double>, _ unit: String) throws {
            guard value.isFinite, range.contains(value) else {
                throw ParameterError(field: "ShapeParameters.\(field)", value: "\(value)", expected: "\(unit) \(range.lowerBound) … \(range.upperBound)")
            }
        }
        try check("holdDuration", holdDuration, 0.05...5, "seconds")
        try check("holdRadius", holdRadius, 0.05...10, "millimetres")
        try check("maximumError", maximumError, 0.001...0.5, "a fraction")
        try check("minimumSize", minimumSize, 0...1_000, "millimetres")
        try check("axisSnap", axisSnap, 0...(Double.pi / 4), "radians")
        try check("rightAngleTolerance", rightAngleTolerance, 0...(Double.pi / 4), "radians")
        self.holdDuration = holdDuration
        self.holdRadius = holdRadius
        self.maximumError = maximumError
        self.minimumSize = minimumSize
        self.axisSnap = axisSnap
        self.rightAngleTolerance = rightAngleTolerance
    }

    /// The documented defaults.
    public static let defaults = try! ShapeParameters()
}
