import QuillCore

/// Settings of a ``ScribbleField``, in the field's unit (document points: 1/72 inch on paper, a
/// CSS pixel on a 96-dpi screen) and seconds. Every value is validated: `init` throws a
/// `ParameterError` naming the field.
public struct ScribbleParameters: Hashable, Sendable {
    /// How long after the pen last lifted the written ink is read and becomes text, seconds
    /// (0.1 … 5). Default 0.6 s: a writer's pause between words (≈ 0.2–0.4 s) does not cut a word.
    public let commitDelay: Double
    /// How far outside its frame a stroke may begin and still be writing in the field, points
    /// (0 … 100). Default 8 pt: a word started just above a thin field is still its.
    public let reach: Double
    /// The smallest height people can write in, points (8 … 400). Default 48 pt: a field less tall
    /// grows to this (centred on it) while people write in it, and goes back when the ink is read.
    public let minimumWritingHeight: Double
    /// How long the pen must rest in text to open a space there (touch and hold), seconds (0.1 … 5).
    /// Default 0.5 s.
    public let holdDuration: Double
    /// How far a resting pen may wander and still touch and hold, points (0.5 … 40). Default 4 pt
    /// (≈ 1 mm at 96 dpi).
    public let holdRadius: Double

    /// Throws `ParameterError` naming the field for a value out of range.
    public init(commitDelay: Double = 0.6, reach: Double = 8, minimumWritingHeight: Double = 48, holdDuration: Double = 0.5, holdRadius: Double = 4) throws {
        func check(_ field: String, _ value: Double, _ range: ClosedRange<Double>, _ unit: String) throws {
            guard value.isFinite, range.contains(value) else {
                throw ParameterError(field: "ScribbleParameters.\(field)", value: "\(value)", expected: "\(unit) \(range.lowerBound) … \(range.upperBound)")
            }
        }
        try check("commitDelay", commitDelay, 0.1...5, "seconds")
        try check("reach", reach, 0...100, "points")
        try check("minimumWritingHeight", minimumWritingHeight, 8...400, "points")
        try check("holdDuration", holdDuration, 0.1...5, "seconds")
        try check("holdRadius", holdRadius, 0.5...40, "points")
        self.commitDelay = commitDelay
        self.reach = reach
        self.minimumWritingHeight = minimumWritingHeight
        self.holdDuration = holdDuration
        self.holdRadius = holdRadius
    }

    /// The documented defaults.
    public static let defaults = try! ScribbleParameters()
}
