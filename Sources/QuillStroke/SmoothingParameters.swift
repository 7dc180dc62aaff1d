import QuillCore

/// Settings of ``StrokeSmoother``, in physical units so that 133, 200 and 240 Hz tablets behave alike.
public struct SmoothingParameters: Hashable, Sendable {
    /// Cutoff frequency with the pen at rest, Hz (> 0). Lower removes more jitter. Default 0.8 Hz (a moving pen is followed by the Kalman estimate, so this costs no lag).
    public let minimumCutoff: Double
    /// How fast the cutoff rises with speed, Hz per mm/s (≥ 0). Default 0.08 (≈ 9.5 Hz at 100 mm/s).
    public let speedCoefficient: Double
    /// Cutoff of the velocity estimate at rest, Hz (> 0); it rises with speed by `speedCoefficient` like
    /// the position filter's. Default 1.5 Hz (slow at rest: sensor noise must not pass into the lag
    /// compensation; overshoot at stops is prevented separately).
    public let velocityCutoff: Double
    /// Speed (mm/s) at which half the filter's lag is compensated (≥ 0; 0 = always fully).
    /// Below it the display is mostly filtered (no jitter at rest), above it mostly lag-free. Default 25 mm/s.
    public let compensationSpeed: Double

    /// How far (in standard deviations of the sensor's noise, estimated as the pen moves) the pen
    /// must leave where it rested to count as moving, > 0: then the lag is compensated fully
    /// however slow it goes. Default 4 (a resting pen almost never gets there). `.infinity` keeps
    /// only the speed fade.
    public let motionThreshold: Double

    /// The noise estimate's floor, mm: a perfectly clean input still needs this much to move.
    public static let noiseFloor = 0.002

    /// Throws `ParameterError` naming the field for a value out of range.
    public init(minimumCutoff: Double = 0.8, speedCoefficient: Double = 0.08, velocityCutoff: Double = 1.5, compensationSpeed: Double = 25, motionThreshold: Double = 4) throws {
        guard minimumCutoff.isFinite, minimumCutoff > 0 else {
            throw ParameterError(field: "SmoothingParameters.minimumCutoff", value: "\(minimumCutoff)", expected: "hertz > 0")
        }
        guard speedCoefficient.isFinite, speedCoefficient >= 0 else {
            throw ParameterError(field: "SmoothingParameters.speedCoefficient", value: "\(speedCoefficient)", expected: "hertz per mm/s ≥ 0")
        }
        guard velocityCutoff.isFinite, velocityCutoff > 0 else {
            throw ParameterError(field: "SmoothingParameters.velocityCutoff", value: "\(velocityCutoff)", expected: "hertz > 0")
        }
        guard compensationSpeed.isFinite, compensationSpeed >= 0 else {
            throw ParameterError(field: "SmoothingParameters.compensationSpeed", value: "\(compensationSpeed)", expected: "mm/s ≥ 0")
        }
        guard !motionThreshold.isNaN, motionThreshold > 0 else {
            throw ParameterError(field: "SmoothingParameters.motionThreshold", value: "\(motionThreshold)", expected: "noise standard deviations > 0 (.infinity: speed fade only)")
        }
        self.minimumCutoff = minimumCutoff
        self.speedCoefficient = speedCoefficient
        self.velocityCutoff = velocityCutoff
        self.compensationSpeed = compensationSpeed
        self.motionThreshold = motionThreshold
    }

    /// The documented defaults.
    public static let defaults = SmoothingParameters(unchecked: ())
    private init(unchecked: Void) {
        minimumCutoff = 0.8
        speedCoefficient = 0.08
        velocityCutoff = 1.5
        compensationSpeed = 25
        motionThreshold = 4
    }
}
