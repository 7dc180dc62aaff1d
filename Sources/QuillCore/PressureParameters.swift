/// How raw pressure becomes tip contact and normalized pressure. The defaults are libinput 1.22's,
/// so Quill's replay agrees with what libinput reports live.
public struct PressureParameters: Hashable, Sendable {
    /// Fraction of the axis range (0 … 1) at or below which the tip is up. Default 0.01.
    public let lowerThreshold: Double
    /// Fraction of the axis range (0 … 1) at or above which the tip is down. Default 0.05.
    /// Between the two the tip keeps its state (hysteresis).
    public let upperThreshold: Double
    /// Largest pressure offset, as a fraction of the range, accepted from a worn pen seen hovering at
    /// proximity-in; a larger reading is taken as real pressure. Default 0.20.
    public let maximumOffset: Double

    /// Throws ``ParameterError`` unless 0 ≤ lower < upper ≤ 1 and 0 ≤ maximumOffset < 1.
    public init(lowerThreshold: Double = 0.01, upperThreshold: Double = 0.05, maximumOffset: Double = 0.20) throws {
        guard lowerThreshold.isFinite, lowerThreshold >= 0, lowerThreshold < 1 else {
            throw ParameterError(field: "PressureParameters.lowerThreshold", value: "\(lowerThreshold)", expected: "a fraction 0 ≤ x < 1")
        }
        guard upperThreshold.isFinite, upperThreshold > lowerThreshold, upperThreshold <= 1 else {
            throw ParameterError(
                field: "PressureParameters.upperThreshold", value: "\(upperThreshold)",
                expected: "a fraction above lowerThreshold (\(lowerThreshold)) and ≤ 1")
        }
        guard maximumOffset.isFinite, maximumOffset >= 0, maximumOffset < 1 else {
            throw ParameterError(field: "PressureParameters.maximumOffset", value: "\(maximumOffset)", expected: "a fraction 0 ≤ x < 1")
        }
        self.lowerThreshold = lowerThreshold
        self.upperThreshold = upperThreshold
        self.maximumOffset = maximumOffset
    }

    /// libinput 1.22's thresholds: 1 % and 5 % of the range, offsets up to 20 %.
    public static let libinputDefaults = PressureParameters(checkedLower: 0.01, upper: 0.05, offset: 0.20)

    private init(checkedLower lower: Double, upper: Double, offset: Double) {
        lowerThreshold = lower
        upperThreshold = upper
        maximumOffset = offset
    }
}
