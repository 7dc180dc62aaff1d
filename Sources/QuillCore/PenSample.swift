/// One pen sample, the way iPadOS describes an Apple Pencil touch (`UITouch`), made from one
/// evdev frame of a Linux tablet. The QuillCore article (QuillCore.docc) gives each field's conversion.
public struct PenSample: Hashable, Sendable {
    /// Seconds since the first event of the recording (or of the live session).
    public var time: Double
    /// Tip location in canvas points, y growing downward.
    public var location: CanvasPoint
    /// Tip location on the tablet in millimetres from the active area's top-left corner.
    public var tabletLocation: TabletPoint
    /// Where this sample stands in its contact sequence.
    public var phase: PenPhase
    /// The tool in proximity.
    public var tool: PenTool
    /// Force along the barrel: 0 … `PenSample.maximumPossibleForce`, 1.0 = an average touch.
    public var force: Double
    /// Pressure normalized 0 … 1 from the axis range (after the contact threshold).
    public var pressure: Double
    /// Radians, 0 (lying flat) … π/2 (upright).
    public var altitude: Double
    /// Radians, 0 ..< 2π, clockwise on screen from +x; 0 when upright.
    public var azimuth: Double
    /// Barrel rotation in radians, −π … π, relative to the rotation when the tool came into proximity.
    public var roll: Double
    /// Hover distance 0 (touching) … 1 (edge of hover range); 0 when the device has no distance axis.
    public var distance: Double
    /// Airbrush finger wheel −1 … 1; 0 for tools without one.
    public var wheel: Double
    /// Buttons held.
    public var buttons: PenButtons
    /// Tool serial number (`MSC_SERIAL`), 0 when the device sends none.
    public var toolSerial: UInt32
    /// The tool's model id (`ABS_MISC`, libwacom's stylus id, e.g. 0x802 Grip Pen, 0x100804 Art
    /// Pen); 0 when the device sends none.
    public var toolID: UInt32
    /// Which device of the recording produced the sample (0 for a single device).
    public var deviceIndex: Int

    /// The force a fully pressed tip reports (25/6 ≈ 4.1667, as values seen from Apple Pencil).
    public static let maximumPossibleForce: Double = 25.0 / 6.0

    public init(
        time: Double, location: CanvasPoint, tabletLocation: TabletPoint, phase: PenPhase, tool: PenTool,
        force: Double, pressure: Double, altitude: Double, azimuth: Double, roll: Double = 0,
        distance: Double = 0, wheel: Double = 0, buttons: PenButtons = [], toolSerial: UInt32 = 0,
        toolID: UInt32 = 0, deviceIndex: Int = 0
    ) {
        self.time = time
        self.location = location
        self.tabletLocation = tabletLocation
        self.phase = phase
        self.tool = tool
        self.force = force
        self.pressure = pressure
        self.altitude = altitude
        self.azimuth = azimuth
        self.roll = roll
        self.distance = distance
        self.wheel = wheel
        self.buttons = buttons
        self.toolSerial = toolSerial
        self.toolID = toolID
        self.deviceIndex = deviceIndex
    }
}

extension PenSample {
    /// True when this hover or move carries nothing new after `previous` (everything equal but
    /// the time, in the same phase — a move after `began` counts as the same phase): both input
    /// paths drop such samples, so a frame that changes nothing a sample carries gives none.
    public func repeats(_ previous: PenSample) -> Bool {
        guard phase == .hover || phase == .moved, (previous.phase == .began ? .moved : previous.phase) == phase else { return false }
        var unchanged = self
        unchanged.time = previous.time
        unchanged.phase = previous.phase
        return unchanged == previous
    }

    /// This sample as the tip leaves the surface with `phase` (`ended` or `cancelled`): no pressure, no force.
    public func lifted(as phase: PenPhase) -> PenSample {
        var sample = self
        sample.phase = phase
        sample.pressure = 0
        sample.force = 0
        return sample
    }
}
