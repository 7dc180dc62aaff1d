/// Pen events as a toolkit gives them — GTK 4's GtkGestureStylus, Qt's QTabletEvent: a position
/// in window points, pressure 0 … 1, tilt in degrees, a timestamp — made into the ``PenSample``s
/// the stroke engine is tuned for.
///
/// The engine smooths and judges distances in millimetres (the 15 mm of a double tap, the
/// smoother's speeds). A window point is not a millimetre: the adapter is told how many points
/// the screen shows per millimetre (its DPI ÷ 25.4 × the window's scale, e.g. 3.78 at 96 dpi)
/// and gives each sample both: `tabletLocation` in true millimetres from the window's top-left,
/// `location` in the window's own points. ``mapping`` maps one back onto the other exactly, so an
/// engine made with it draws where the toolkit's pointer was.
public struct ToolkitSampleAdapter: Sendable {
    /// Window points per millimetre of the screen, > 0.
    public let pointsPerMillimetre: Double
    /// The window, in points.
    public let window: CanvasSize
    /// Millimetres (window top-left origin) → window points: the identity on the window.
    public let mapping: TabletMapping
    private var isDown = false

    /// Throws ``ParameterError`` when `pointsPerMillimetre` is not a finite number > 0.
    public init(pointsPerMillimetre: Double, window: CanvasSize) throws {
        guard pointsPerMillimetre.isFinite, pointsPerMillimetre > 0 else {
            throw ParameterError(field: "ToolkitSampleAdapter.pointsPerMillimetre", value: "\(pointsPerMillimetre)", expected: "points per millimetre > 0 (a 96-dpi screen: 3.78)")
        }
        self.pointsPerMillimetre = pointsPerMillimetre
        self.window = window
        mapping = try TabletMapping(areaWidth: window.width / pointsPerMillimetre, areaHeight: window.height / pointsPerMillimetre, canvas: window)
    }

    /// One toolkit event as a sample.
    ///
    /// - Parameters:
    ///   - x: window points from the left, finite.
    ///   - y: window points from the top (y down), finite.
    ///   - time: seconds (any origin, increasing), finite.
    ///   - isTouching: the tip is on the surface (GTK: GDK_BUTTON_PRESS to RELEASE; Qt: TabletPress to TabletRelease).
    ///   - pressure: 0 … 1 (GDK_AXIS_PRESSURE, QTabletEvent::pressure); nil when the device has none (1 while touching).
    ///   - tiltX: degrees −90 … 90 toward +x (GDK_AXIS_XTILT, QTabletEvent::xTilt); nil for an upright pen.
    ///   - tiltY: degrees −90 … 90 toward +y (GDK_AXIS_YTILT, QTabletEvent::yTilt); nil for an upright pen.
    ///   - rotation: barrel rotation in degrees (Qt's rotation), nil for none.
    ///   - tool: the tool (the eraser end, a pencil, …); default the pen.
    ///   - buttons: barrel buttons held.
    ///   - deviceIndex: which device of the app this is (0, 1, …).
    /// The phase follows the contact: `began` on the first touching event, `moved` while touching,
    /// `ended` on the first event not touching, `hover` otherwise. Throws ``ParameterError`` for a
    /// value outside its range (never clamped).
    public mutating func sample(
        x: Double, y: Double, time: Double, isTouching: Bool, pressure: Double? = nil,
        tiltX: Double? = nil, tiltY: Double? = nil, rotation: Double? = nil,
        tool: PenTool = .pen, buttons: PenButtons = [], deviceIndex: Int = 0
    ) throws -> PenSample {
        for (name, value) in [("x", x), ("y", y), ("time", time)] where !value.isFinite {
            throw ParameterError(field: "ToolkitSampleAdapter.\(name)", value: "\(value)", expected: "a finite number")
        }
        if let pressure, !(0...1).contains(pressure) {
            throw ParameterError(field: "ToolkitSampleAdapter.pressure", value: "\(pressure)", expected: "0 … 1")
        }
        for (name, value) in [("tiltX", tiltX), ("tiltY", tiltY)] {
            if let value, !(-90...90).contains(value) {
                throw ParameterError(field: "ToolkitSampleAdapter.\(name)", value: "\(value)", expected: "degrees −90 … 90")
            }
        }
        if let rotation, !rotation.isFinite {
            throw ParameterError(field: "ToolkitSampleAdapter.rotation", value: "\(rotation)", expected: "degrees, a finite number")
        }
        let phase: PenPhase
        switch (isDown, isTouching) {
        case (false, true): phase = .began
        case (true, true): phase = .moved
        case (true, false): phase = .ended
        case (false, false): phase = .hover
        }
        isDown = isTouching
        let orientation = PenOrientation(tilt: PenTilt(xDegrees: tiltX ?? 0, yDegrees: tiltY ?? 0))
        let contact = phase == .began || phase == .moved
        let normalized = contact ? (pressure ?? 1) : 0
        var roll = 0.0
        if let rotation {
            // −π … π, as the Art Pen's roll.
            roll = (rotation * .pi / 180).remainder(dividingBy: 2 * .pi)
        }
        return PenSample(
            time: time, location: CanvasPoint(x: x, y: y),
            tabletLocation: TabletPoint(x: x / pointsPerMillimetre, y: y / pointsPerMillimetre),
            phase: phase, tool: tool, force: normalized * PenSample.maximumPossibleForce, pressure: normalized,
            altitude: orientation.altitude, azimuth: orientation.azimuth, roll: roll, distance: 0,
            buttons: buttons, deviceIndex: deviceIndex)
    }
}
