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
    /// Left-handed use: the tablet turned 180°, as libinput's left-handed mode does it (x and y
    /// mirrored within their ranges, tilt negated). Default false. Only reversible tablets can be
    /// used this way (libwacom's `Reversible`; `quill devices` shows it).
    public var isLeftHanded: Bool
    /// Screen-tablet calibration applied to positions normalized to the tablet's range, after the
    /// left-handed turn, as libinput does. Default: identity.
    public var calibration: CalibrationMatrix
    /// Applied to the normalized pressure of every contact sample (libinput 1.22 has none).
    /// Default: linear (no change).
    public var pressureCurve: PressureCurve
    /// How the tablet's area is placed on the canvas: fitted undistorted (the default), filling it
    /// (cropped) or stretched to its corners (``TabletMapping/Mode``). Pens and touch surfaces alike.
    public var mappingMode: TabletMapping.Mode

    /// Throws `ParameterError` for a timeout that is not a positive number of seconds or a resolution ≤ 0.
    public init(
        canvas: CanvasSize = .iPadPro129Landscape, pressure: PressureParameters = .libinputDefaults,
        proximityTimeout: Double = 0.05, assumedResolution: Int32 = 100,
        isLeftHanded: Bool = false, calibration: CalibrationMatrix = .identity, pressureCurve: PressureCurve = .linear,
        mappingMode: TabletMapping.Mode = .fit
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
        self.isLeftHanded = isLeftHanded
        self.calibration = calibration
        self.pressureCurve = pressureCurve
        self.mappingMode = mappingMode
    }

    /// All defaults.
    public static let defaults = TabletDecoderParameters(unchecked: ())

    private init(unchecked: Void) {
        canvas = .iPadPro129Landscape
        pressure = .libinputDefaults
        proximityTimeout = 0.05
        assumedResolution = 100
        isLeftHanded = false
        calibration = .identity
        pressureCurve = .linear
        mappingMode = .fit
    }
}
