import QuillCore

/// Settings of ``FingerGestureRecognizer``. Every field has a documented default; invalid values
/// are rejected with ``ParameterError``.
public struct FingerGestureParameters: Hashable, Sendable {
    /// Seconds from the last finger down within which every finger must lift for a tap.
    /// Default 0.18 s (libinput's tap timeout, `DEFAULT_TAP_TIMEOUT_PERIOD`).
    public let tapDuration: Double
    /// Millimetres a finger may move and still tap; beyond, a pan, pinch or rotation begins and
    /// the tap fails. Default 1.3 mm (libinput's `DEFAULT_TAP_MOVE_THRESHOLD`).
    public let movementThreshold: Double
    /// Seconds a drawing finger's stroke is held back: a second finger within it turns both into a
    /// gesture and the stroke never appears. Default 0.1 s (Apple's Speed Sketch holds a finger
    /// stroke back that long so pan and pinch can claim it).
    public let inkHoldback: Double

    /// Throws ``ParameterError`` for a value that is not a positive finite number.
    public init(tapDuration: Double = 0.18, movementThreshold: Double = 1.3, inkHoldback: Double = 0.1) throws {
        for (field, value, unit) in [("tapDuration", tapDuration, "seconds"), ("movementThreshold", movementThreshold, "millimetres"), ("inkHoldback", inkHoldback, "seconds")] {
            guard value.isFinite, value > 0 else {
                throw ParameterError(field: "FingerGestureParameters.\(field)", value: "\(value)", expected: "\(unit) > 0")
            }
        }
        self.tapDuration = tapDuration
        self.movementThreshold = movementThreshold
        self.inkHoldback = inkHoldback
    }

    /// All defaults.
    public static let defaults = try! FingerGestureParameters()
}
