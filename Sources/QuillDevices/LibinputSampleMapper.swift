import QuillCore
import QuillSystem

/// Turns libinput's own tablet-tool events into Quill's samples, with the normalization of the
/// raw-evdev path (`TabletDecoder`): pressure is libinput's (the same thresholds and offset),
/// tilt in degrees goes through the W3C conversion, rotation becomes roll relative to proximity-in,
/// distance and the airbrush wheel are libinput's. Hover samples carry no pressure or force.
///
/// Differences that remain by design: libinput averages x, y and tilt over 4 samples and drops
/// changes within the axis fuzz, so positions differ from the raw path by up to that smoothing.
public struct LibinputSampleMapper: Sendable {
    public let mapping: TabletMapping
    public let deviceIndex: Int
    /// Applied to libinput's normalized pressure (libinput 1.22 has no pressure curve).
    public let pressureCurve: PressureCurve
    /// The first event's time (µs, CLOCK_MONOTONIC) the samples' clock counts from, once set.
    public private(set) var clockOrigin: Int64?
    private var buttons: PenButtons = []
    private var isTipDown = false
    private var rotationReference = 0.0
    private var lastEmitted: PenSample?

    /// `width`/`height`: the tablet's size in mm as libinput reports it; `mappingMode`: how it is placed on the canvas.
    public init(
        width: Double, height: Double, canvas: CanvasSize = .iPadPro129Landscape, deviceIndex: Int = 0, pressureCurve: PressureCurve = .linear,
        mappingMode: TabletMapping.Mode = .fit
    ) throws {
        self.pressureCurve = pressureCurve
        mapping = try TabletMapping(areaWidth: width, areaHeight: height, canvas: canvas, mode: mappingMode)
        self.deviceIndex = deviceIndex
    }

    /// Seconds from this device's first event to `event` (the samples' time).
    public func time(of event: LibinputToolEvent) -> Double {
        Double(event.microseconds - (clockOrigin ?? event.microseconds)) / 1_000_000
    }

    /// Starts the samples' clock at `microseconds` instead of at the first event: a tablet plugged
    /// back in keeps its clock.
    public mutating func startClock(atMicroseconds microseconds: Int64) {
        clockOrigin = microseconds
    }

    /// The samples' clock at a CLOCK_MONOTONIC time in microseconds (libinput's event clock), or
    /// nil before this device's first event.
    public func time(atMonotonicMicroseconds microseconds: Int64) -> Double? {
        clockOrigin.map { Double(microseconds - $0) / 1_000_000 }
    }

    /// The sample for one libinput event, or nil (proximity-out, or nothing changed).
    public mutating func sample(for event: LibinputToolEvent) -> PenSample? {
        if clockOrigin == nil { clockOrigin = event.microseconds }
        var phase: PenPhase
        switch event.kind {
        case .proximity:
            guard event.isInProximity else {
                lastEmitted = nil
                buttons = []
                isTipDown = false
                return nil
            }
            rotationReference = event.rotation
            phase = event.isTipDown ? .began : .hover
            isTipDown = event.isTipDown
        case .tip:
            phase = event.isTipDown ? .began : .ended
            isTipDown = event.isTipDown
        case .axis:
            phase = isTipDown ? .moved : .hover
        case .button:
            if let button = PenButtons(keyCode: UInt16(truncatingIfNeeded: event.button)) {
                if event.isButtonPressed { buttons.insert(button) } else { buttons.remove(button) }
            }
            phase = isTipDown ? .moved : .hover
        }
        let tablet = TabletPoint(x: event.xMillimetres, y: event.yMillimetres)
        let pressure = phase.isInContact ? pressureCurve.apply(event.pressure) : 0
        let orientation = PenOrientation(tilt: PenTilt(xDegrees: event.tiltX, yDegrees: event.tiltY))
        var roll = event.rotation - rotationReference
        if roll > 180 { roll -= 360 } else if roll <= -180 { roll += 360 }
        let sample = PenSample(
            time: time(of: event), location: mapping.canvasPoint(for: tablet),
            tabletLocation: tablet, phase: phase, tool: event.tool, force: pressure * PenSample.maximumPossibleForce, pressure: pressure,
            altitude: orientation.altitude, azimuth: orientation.azimuth, roll: roll * .pi / 180,
            distance: phase.isInContact ? 0 : event.distance, wheel: event.tool == .airbrush ? event.slider : 0, buttons: buttons,
            toolSerial: UInt32(truncatingIfNeeded: event.serial), deviceIndex: deviceIndex)
        // As the raw path: a hover or move that changes nothing a sample carries (libinput reports
        // pressure changes of a hovering pen, which a hover sample does not carry) gives no sample.
        if let previous = lastEmitted, sample.repeats(previous) { return nil }
        lastEmitted = sample
        return sample
    }
}
