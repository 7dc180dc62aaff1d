/// How a pen's pressure reaches apps: the pressure at which its tip counts as down (the tip
/// threshold) and the curve after it — what a desktop's tablet panel sets per tablet and tool.
///
/// Semantics, as libinput's pressure range (1.26 and later: pressure below its minimum is no
/// contact and reads 0, the rest of the range is spread over 0 … 1) and the Wacom X driver's
/// `Threshold` followed by its `PressureCurve`: for a normalized pressure p (0 … 1 of the axis's
/// range) and a threshold t, the tip touches from p ≥ t, and the pressure apps get is the
/// ``curve`` at (p − t) / (1 − t). Without a threshold the tablet's own contact stands (its
/// `BTN_TOUCH`; libinput's 1 % / 5 % thresholds) and only the curve applies.
///
/// A touching tip lifts when p falls below ``releaseRatio`` × t, so a pressure that wavers at the
/// threshold does not break a stroke into dashes (libinput's own thresholds are 1 % and 5 %).
public struct PenPressure: Hashable, Sendable {
    /// The curve applied after the threshold. Default linear.
    public let curve: PressureCurve
    /// The tip threshold in percent of the pressure range (``tipThresholdRange``), or nil (the
    /// default): the tablet's own contact.
    public let tipThreshold: Double?

    /// The thresholds a person can set, in percent of the pressure range: 1 … 50.
    public static let tipThresholdRange = 1.0...50.0
    /// A touching tip lifts below this fraction of the threshold (0.8).
    public static let releaseRatio = 0.8

    /// Throws ``ParameterError`` when `tipThreshold` is outside ``tipThresholdRange`` or not a number.
    public init(curve: PressureCurve = .linear, tipThreshold: Double? = nil) throws {
        if let tipThreshold, !(tipThreshold.isFinite && Self.tipThresholdRange.contains(tipThreshold)) {
            throw ParameterError(field: "PenPressure.tipThreshold", value: "\(tipThreshold)", expected: "percent of the pressure range, 1 … 50")
        }
        self.curve = curve
        self.tipThreshold = tipThreshold
    }

    /// The tablet's pressure as it is: no threshold, linear. The default.
    public static let unchanged = PenPressure(uncheckedCurve: .linear, tipThreshold: nil)

    private init(uncheckedCurve: PressureCurve, tipThreshold: Double?) {
        curve = uncheckedCurve
        self.tipThreshold = tipThreshold
    }

    /// True when nothing changes (no threshold, a linear curve).
    public var isUnchanged: Bool { tipThreshold == nil && curve.isLinear }

    /// Whether the tip touches at normalized pressure `pressure` (0 … 1) when it `wasTouching`;
    /// nil without a threshold (the tablet decides).
    @inlinable
    public func touches(_ pressure: Double, wasTouching: Bool) -> Bool? {
        guard let tipThreshold else { return nil }
        let threshold = tipThreshold / 100
        return wasTouching ? pressure >= threshold * Self.releaseRatio : pressure >= threshold
    }

    /// The pressure apps get (0 … 1) for normalized pressure `pressure` while the tip touches:
    /// the curve at the pressure above the threshold, spread over 0 … 1.
    @inlinable
    public func applied(_ pressure: Double) -> Double {
        guard let tipThreshold else { return curve.apply(pressure) }
        let threshold = tipThreshold / 100
        return curve.apply(Swift.max(0, (pressure - threshold) / (1 - threshold)))
    }
}
