import QuillCore

/// Where taps come from.
public enum TapSource: String, CaseIterable, Hashable, Sendable {
    /// `BTN_STYLUS`, the lower barrel button (the default).
    case stylus
    /// `BTN_STYLUS2`.
    case stylus2
    /// `BTN_STYLUS3`.
    case stylus3

    var button: PenButtons {
        switch self {
        case .stylus: return .stylus
        case .stylus2: return .stylus2
        case .stylus3: return .stylus3
        }
    }
}

/// Limits of a double tap. Defaults from the barrel-button presses in `Recordings/` (see the
/// QuillGestures article "Double tap and squeeze"): presses last 0.06–0.33 s (median 0.21), quick repeats follow 0.18–0.25 s after the
/// release while separate presses are ≥ 0.4 s apart, and a hovering hand drifts up to ~10 mm.
public struct DoubleTapParameters: Hashable, Sendable {
    /// Longest press that counts as a tap, seconds (> 0). Default 0.35 s.
    public let maximumPressDuration: Double
    /// Longest time from the first tap's release to the second press, seconds (> 0). Default 0.30 s.
    public let maximumGap: Double
    /// Farthest the pen may move between the two presses, millimetres (> 0). Default 15 mm.
    public let maximumTravel: Double
    /// Whether taps while the tip touches count. Default false (a press while drawing is a button).
    public let countsTapsWhileDrawing: Bool
    /// The button taps come from. Default `BTN_STYLUS`.
    public let source: TapSource
    /// The button held for a squeeze. Default `BTN_STYLUS2`.
    public let squeezeSource: TapSource
    /// How long a press must last to become a squeeze, seconds (> maximumPressDuration). Default 0.5 s.
    public let squeezeHold: Double

    /// Throws `ParameterError` naming the field.
    public init(
        maximumPressDuration: Double = 0.35, maximumGap: Double = 0.30, maximumTravel: Double = 15,
        countsTapsWhileDrawing: Bool = false, source: TapSource = .stylus, squeezeSource: TapSource = .stylus2, squeezeHold: Double = 0.5
    ) throws {
        for (field, value, unit) in [("maximumPressDuration", maximumPressDuration, "seconds"), ("maximumGap", maximumGap, "seconds"), ("maximumTravel", maximumTravel, "millimetres")] where !(value.isFinite && value > 0) {
            throw ParameterError(field: "DoubleTapParameters.\(field)", value: "\(value)", expected: "\(unit) > 0")
        }
        guard squeezeHold.isFinite, squeezeHold > maximumPressDuration else {
            throw ParameterError(field: "DoubleTapParameters.squeezeHold", value: "\(squeezeHold)", expected: "seconds > maximumPressDuration (\(maximumPressDuration))")
        }
        guard source != squeezeSource else {
            throw ParameterError(field: "DoubleTapParameters.squeezeSource", value: squeezeSource.rawValue, expected: "a button other than the tap source")
        }
        self.maximumPressDuration = maximumPressDuration
        self.maximumGap = maximumGap
        self.maximumTravel = maximumTravel
        self.countsTapsWhileDrawing = countsTapsWhileDrawing
        self.source = source
        self.squeezeSource = squeezeSource
        self.squeezeHold = squeezeHold
    }

    public static let defaults = DoubleTapParameters(unchecked: ())
    private init(unchecked: Void) {
        maximumPressDuration = 0.35
        maximumGap = 0.30
        maximumTravel = 15
        countsTapsWhileDrawing = false
        source = .stylus
        squeezeSource = .stylus2
        squeezeHold = 0.5
    }
}
