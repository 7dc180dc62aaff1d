/// The range of one absolute axis (`struct input_absinfo` without the current value).
public struct AxisInfo: Hashable, Sendable {
    /// Smallest value the axis reports.
    public var minimum: Int32
    /// Largest value the axis reports.
    public var maximum: Int32
    /// Noise the kernel filters out, in axis units.
    public var fuzz: Int32
    /// Dead zone, in axis units.
    public var flat: Int32
    /// Units per millimetre for ABS_X/ABS_Y, units per radian for tilt and rotation; 0 when unknown.
    public var resolution: Int32

    public init(minimum: Int32, maximum: Int32, fuzz: Int32 = 0, flat: Int32 = 0, resolution: Int32 = 0) {
        self.minimum = minimum
        self.maximum = maximum
        self.fuzz = fuzz
        self.flat = flat
        self.resolution = resolution
    }

    /// `maximum − minimum`, as a Double (0 for a degenerate axis).
    public var span: Double { Double(maximum) - Double(minimum) }

    /// `value` mapped linearly from `minimum…maximum` onto 0…1 (not clamped).
    public func normalized(_ value: Int32) -> Double {
        span > 0 ? (Double(value) - Double(minimum)) / span : 0
    }
}
