import QuillCore

/// Settings of ``TipPredictor``.
public struct PredictionParameters: Hashable, Sendable {
    /// How far ahead to predict, seconds: 0.008 … 0.034 (8–33 ms). Default 1/60 s.
    public let horizon: Double
    /// Cutoff of the acceleration estimate, Hz (> 0). Default 6 Hz.
    public let accelerationCutoff: Double
    /// Cutoff of the velocity estimate from the displayed positions, Hz (> 0). Default 12 Hz.
    public let velocityCutoff: Double

    /// Throws `ParameterError` naming the field.
    public init(horizon: Double = 1.0 / 60, accelerationCutoff: Double = 6, velocityCutoff: Double = 12) throws {
        guard horizon.isFinite, (0.008...0.034).contains(horizon) else {
            throw ParameterError(field: "PredictionParameters.horizon", value: "\(horizon)", expected: "seconds 0.008 … 0.034 (8–33 ms)")
        }
        guard accelerationCutoff.isFinite, accelerationCutoff > 0 else {
            throw ParameterError(field: "PredictionParameters.accelerationCutoff", value: "\(accelerationCutoff)", expected: "hertz > 0")
        }
        guard velocityCutoff.isFinite, velocityCutoff > 0 else {
            throw ParameterError(field: "PredictionParameters.velocityCutoff", value: "\(velocityCutoff)", expected: "hertz > 0")
        }
        self.horizon = horizon
        self.accelerationCutoff = accelerationCutoff
        self.velocityCutoff = velocityCutoff
    }

    public static let defaults = PredictionParameters(unchecked: ())
    private init(unchecked: Void) {
        horizon = 1.0 / 60
        accelerationCutoff = 6
        velocityCutoff = 12
    }
}

/// Predicts where the tip will be a few milliseconds ahead, for drawing ahead of the pen.
///
/// From the smoother's displayed positions: their low-passed velocity and acceleration; along the
/// direction of travel the pen moves |v|·h + ½·aₜ·h², but never past the point where a decelerating
/// pen stops (so no overshoot at stroke ends); across it the curvature adds ½·aₙ·h². Predicted
/// points are never stored in a stroke. Constant memory and cost.
public struct TipPredictor: Sendable {
    public let parameters: PredictionParameters
    private var position: (x: Double, y: Double) = (0, 0)
    private var velocity: (x: Double, y: Double) = (0, 0)
    private var acceleration: (x: Double, y: Double) = (0, 0)
    private var lastTime = 0.0
    private var hasState = false

    public init(parameters: PredictionParameters = .defaults) { self.parameters = parameters }

    public mutating func reset() { hasState = false }

    /// Adds the displayed position (mm) at `time` (s).
    public mutating func add(x: Double, y: Double, time: Double) {
        if hasState {
            let dt = Swift.max(time - lastTime, 1e-4)
            let velocityAlpha = StrokeSmoother.alpha(cutoff: parameters.velocityCutoff, dt: dt)
            let newVelocity = (
                x: velocity.x + velocityAlpha * ((x - position.x) / dt - velocity.x),
                y: velocity.y + velocityAlpha * ((y - position.y) / dt - velocity.y))
            let alpha = StrokeSmoother.alpha(cutoff: parameters.accelerationCutoff, dt: dt)
            acceleration.x += alpha * ((newVelocity.x - velocity.x) / dt - acceleration.x)
            acceleration.y += alpha * ((newVelocity.y - velocity.y) / dt - acceleration.y)
            velocity = newVelocity
        } else {
            velocity = (0, 0)
            acceleration = (0, 0)
        }
        hasState = true
        lastTime = Swift.max(time, lastTime)
        position = (x, y)
    }

    /// The predicted position (mm) `horizon` seconds after the last sample (default: the parameters').
    public func predict(horizon: Double? = nil) -> (x: Double, y: Double) {
        let h = horizon ?? parameters.horizon
        let speed = (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot()
        guard hasState, speed > 1e-6 else { return position }
        let direction = (x: velocity.x / speed, y: velocity.y / speed)
        let tangential = acceleration.x * direction.x + acceleration.y * direction.y
        let normal = (x: acceleration.x - tangential * direction.x, y: acceleration.y - tangential * direction.y)
        var along = speed * h + 0.5 * tangential * h * h
        if tangential < 0 {
            // Decelerating: stop where the pen would stop, never beyond.
            let stopTime = speed / -tangential
            if stopTime < h { along = speed * speed / (2 * -tangential) }
        }
        along = Swift.max(0, along)
        return (
            position.x + direction.x * along + 0.5 * normal.x * h * h,
            position.y + direction.y * along + 0.5 * normal.y * h * h
        )
    }
}
