/// A screen tablet's calibration: the 2 × 3 matrix libinput applies to positions normalized to the
/// tablet's range (0 … 1 on each axis), `x' = a·x + b·y + c`, `y' = d·x + e·y + f`. The identity
/// `1,0,0,0,1,0` changes nothing; `-1,0,1,0,-1,1` turns the area 180°.
public struct CalibrationMatrix: Hashable, Sendable {
    /// Row-major `a, b, c, d, e, f`; every value finite.
    public let values: [Double]
    /// True for `1,0,0,0,1,0` (kept, not compared per sample).
    public let isIdentity: Bool

    /// Throws ``ParameterError`` unless there are exactly six finite numbers.
    public init(_ values: [Double]) throws {
        guard values.count == 6, values.allSatisfy(\.isFinite) else {
            throw ParameterError(field: "CalibrationMatrix", value: "\(values)", expected: "six finite numbers a,b,c,d,e,f")
        }
        self.values = values
        isIdentity = values == [1, 0, 0, 0, 1, 0]
    }

    /// Parses "a,b,c,d,e,f", e.g. "1,0,0,0,1,0".
    public init(parsing text: String) throws {
        guard let values = NumberList.parse(text, count: 6) else {
            throw ParameterError(field: "calibration", value: "\"\(text)\"", expected: "six comma-separated numbers a,b,c,d,e,f, e.g. 1,0,0,0,1,0")
        }
        try self.init(values)
    }

    /// The identity: no change.
    public static let identity = CalibrationMatrix(unchecked: [1, 0, 0, 0, 1, 0])

    private init(unchecked values: [Double]) {
        self.values = values
        isIdentity = values == [1, 0, 0, 0, 1, 0]
    }

    /// The matrix applied to a normalized point (0 … 1 on each axis).
    @inlinable
    public func apply(x: Double, y: Double) -> (x: Double, y: Double) {
        (values[0] * x + values[1] * y + values[2], values[3] * x + values[4] * y + values[5])
    }
}
