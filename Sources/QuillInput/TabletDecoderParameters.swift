import QuillCore

/// Settings of ``TabletDecoder``. Every field has a documented default; invalid values are rejected.
public struct TabletDecoderParameters: Hashable, Sendable {
    /// The canvas the tablet's active area is fitted into. Default 1366 × 1024 pt (12.9" iPad Pro, landscape).
    public var canvas: CanvasSize
    /// Tip-contact thresholds and pressure offset. Default: libinput 1.22's.
    public var pressure: PressureParameters
    /// Seconds without events after which a hovering tool of a device that needs it (no proximity
    /// keys, or a non-Wacom tablet) is taken out of proximity, as libinput does. Default 0.05 s.
    public let proximityTimeout: Double
    /// Units per millimetre assumed for ABS_X/ABS_Y when the device declares a resolution of 0.
    /// Default 100 (2540 lines per inch, what most such tablets have). libinput rejects such devices.
    public let assumedResolution: Int32

    /// Throws ``ParameterError`` for a timeout that is not a positive number of seconds or a resolution ≤ 0.
    public init(
        canvas: CanvasSize = .iPadPro129Landscape, pressure: PressureParameters = .libinputDefaults,
        proximityTimeout: Double = 0.05, assumedResolution: Int32 = 100
    ) throws {
        guard proximityTimeout.isFinite, proximityTimeout > 0 else {
            throw ParameterError(field: "TabletDecoderParameters.proximityTimeout", value: "\(proximityTimeout)", expected: "seconds > 0")
        }
        guard assumedResolution > 0 else {
            throw ParameterError(field: "TabletDecoderParameters.assumedResolution", value: "\(assumedResolution)", expected: "units per millimetre > 0")
        }
        self.canvas = canvas
        self.pressure = pressure
        self.proximityTimeout = proximityTimeout
        self.assumedResolution = assumedResolution
    }

    /// All defaults.
    public static let defaults = TabletDecoderParameters(unchecked: ())

    private init(unchecked: Void) {
        canvas = .iPadPro129Landscape
        pressure = .libinputDefaults
        proximityTimeout = 0.05
        assumedResolution = 100
    }
}
