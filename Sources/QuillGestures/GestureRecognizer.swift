import QuillCore

/// The pen's pose when a gesture is recognized (UIPencilHoverPose), or nil when it is out of range.
public struct HoverPose: Hashable, Sendable {
    /// Canvas points.
    public var x: Double
    public var y: Double
    /// Hover distance 0 … 1 (0 touching).
    public var distance: Double
    /// Radians.
    public var altitude: Double
    public var azimuth: Double
    public var roll: Double

    public init(_ sample: PenSample) {
        x = sample.location.x
        y = sample.location.y
        distance = sample.distance
        altitude = sample.altitude
        azimuth = sample.azimuth
        roll = sample.roll
    }
}

/// The phases of a squeeze.
public enum SqueezePhase: String, Hashable, Sendable { case began, changed, ended, cancelled }

/// What the recognizer reports.
public struct GestureEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// Two taps of the tap source close in time and place.
        case doubleTap
        /// A press-and-hold of the squeeze source.
        case squeeze(SqueezePhase)
        /// An ordinary press or release, delivered once it can no longer be part of a gesture.
        case button(TapSource, isPressed: Bool)
        /// The eraser end came into proximity (true) or left it (false).
        case eraserEnd(isInProximity: Bool)
        /// A pad button bound to an action of its own was pressed (``PadBinding/action(_:)``).
        case padButton(number: Int)
        /// A puck or lens button bound to an action of its own was pressed (by libevdev name).
        case puckButton(name: String)
        /// A touch ring or strip set the width (``PencilPreferences/padDialControlsWidth``).
        case padDial(number: Int)
    }

    /// Seconds, on the samples' clock: the time of the event that recognized it.
    public var time: Double
    public var kind: Kind
    /// The pose at that moment, or nil out of range.
    public var pose: HoverPose?
}

/// Recognizes double taps, squeezes and the eraser end from pen samples.
///
/// A value-type state machine; time comes from the samples (so replay is deterministic), and a
/// live loop asks ``nextDeadline`` when to call ``advance(to:into:)`` if no sample arrives. A
/// single press that does not become a double tap is delivered as ordinary button events once it
/// can no longer be part of one: at its deadline, when the tip touches (``settleForContact(into:)``:
/// a press held back is never delivered inside the stroke that follows it), or when the tool leaves
/// proximity (never after it left). No allocation per sample once `events` has grown.
public struct GestureRecognizer: Sendable {
    public let parameters: DoubleTapParameters

    private struct Press: Sendable {
        var time: Double
        var location: TabletPoint
        var isSecond: Bool
        var pose: HoverPose?
    }

    private var tapPress: Press?
    /// The first tap, waiting for a second: release time, location, its press and release to deliver if none comes.
    private var firstTap: (release: Double, location: TabletPoint, press: GestureEvent, releaseEvent: GestureEvent)?
    private var plainTapPress = false
    private var squeezePress: (time: Double, pose: HoverPose?)?
    private var isSqueezing = false
    /// The squeeze button's press was delivered as a plain press (the tip touched while it was held
    /// for the squeeze decision): its release is a plain release, never a squeeze.
    private var plainSqueezePress = false
    private var previousButtons: PenButtons = []
    private var isEraserInProximity = false
    private var lastPose: HoverPose?
    private var lastLocation = TabletPoint(x: 0, y: 0)
    private var isInProximity = false

    public init(parameters: DoubleTapParameters = .defaults) { self.parameters = parameters }

    /// When the recognizer next needs time to pass (a pending first tap expires, a press turns
    /// into a squeeze or stops being a tap), or nil.
    public var nextDeadline: Double? {
        var deadline: Double?
        func consider(_ time: Double) { deadline = Swift.min(deadline ?? time, time) }
        if let firstTap { consider(firstTap.release + parameters.maximumGap) }
        if let press = squeezePress, !isSqueezing, !plainSqueezePress { consider(press.time + parameters.squeezeHold) }
        if let press = tapPress, !plainTapPress { consider(press.time + parameters.maximumPressDuration) }
        return deadline
    }

    /// Lets time pass up to `time` (no sample arrived): expires what is due.
    public mutating func advance(to time: Double, into events: inout [GestureEvent]) {
        if let first = firstTap, time > first.release + parameters.maximumGap, tapPress == nil || tapPress?.isSecond == false {
            events.append(first.press)
            events.append(first.releaseEvent)
            firstTap = nil
        }
        if let press = squeezePress, !isSqueezing, !plainSqueezePress, time >= press.time + parameters.squeezeHold {
            isSqueezing = true
            events.append(GestureEvent(time: press.time + parameters.squeezeHold, kind: .squeeze(.began), pose: lastPose))
        }
        if let press = tapPress, !plainTapPress, time > press.time + parameters.maximumPressDuration {
            // Held too long for a tap: whatever was waiting is delivered, and this is a plain press.
            if let first = firstTap {
                events.append(first.press)
                events.append(first.releaseEvent)
                firstTap = nil
            }
            plainTapPress = true
            events.append(GestureEvent(time: press.time, kind: .button(parameters.source, isPressed: true), pose: press.pose))
        }
    }

    /// Adds a sample; appends what it completes to `events`.
    public mutating func add(_ sample: PenSample, into events: inout [GestureEvent]) {
        advance(to: sample.time, into: &events)
        isInProximity = true
        let pose = HoverPose(sample)
        lastPose = pose
        lastLocation = sample.tabletLocation
        // The tip touching says "not a double tap, not a squeeze" for whatever is held back: it
        // is delivered now, before the stroke's first sample, never inside the stroke.
        if sample.phase == .began { settleForContact(into: &events) }
        // The eraser end: its own tool while it is in proximity (not a double tap).
        if (sample.tool == .eraser) != isEraserInProximity {
            isEraserInProximity = sample.tool == .eraser
            events.append(GestureEvent(time: sample.time, kind: .eraserEnd(isInProximity: isEraserInProximity), pose: pose))
        }
        let pressed = sample.buttons.subtracting(previousButtons)
        let released = previousButtons.subtracting(sample.buttons)
        previousButtons = sample.buttons
        let tap = parameters.source.button, squeeze = parameters.squeezeSource.button

        if pressed.contains(tap) { pressTap(sample, pose: pose, into: &events) }
        if released.contains(tap) { releaseTap(sample, pose: pose, into: &events) }

        if pressed.contains(squeeze) {
            squeezePress = (sample.time, pose)
            plainSqueezePress = false
        }
        if isSqueezing, !released.contains(squeeze) {
            if sample.phase == .began {
                isSqueezing = false
                squeezePress = nil
                events.append(GestureEvent(time: sample.time, kind: .squeeze(.cancelled), pose: pose))
            } else if !pressed.contains(squeeze) {
                events.append(GestureEvent(time: sample.time, kind: .squeeze(.changed), pose: pose))
            }
        }
        if released.contains(squeeze), let press = squeezePress {
            if isSqueezing {
                events.append(GestureEvent(time: sample.time, kind: .squeeze(.ended), pose: pose))
            } else if plainSqueezePress {
                events.append(GestureEvent(time: sample.time, kind: .button(parameters.squeezeSource, isPressed: false), pose: pose))
            } else {
                events.append(GestureEvent(time: press.time, kind: .button(parameters.squeezeSource, isPressed: true), pose: press.pose))
                events.append(GestureEvent(time: sample.time, kind: .button(parameters.squeezeSource, isPressed: false), pose: pose))
            }
            isSqueezing = false
            squeezePress = nil
            plainSqueezePress = false
        }
    }

    /// A first tap still waiting for its second is delivered now (press and release), unless a
    /// second press is already down.
    public mutating func settleWaitingTap(into events: inout [GestureEvent]) {
        guard let first = firstTap, tapPress == nil || tapPress?.isSecond == false else { return }
        events.append(first.press)
        events.append(first.releaseEvent)
        firstTap = nil
    }

    /// The tip touched: nothing held back can become a double tap or a squeeze any more. A first
    /// tap waiting for its second is delivered (press and release); a tap-button press held for
    /// the double-tap decision (a second press too, after its first tap) and a squeeze-button
    /// press held for the squeeze decision are delivered as plain presses, whose releases follow
    /// as plain releases. A squeeze already begun is left to the sample (it cancels it).
    /// ``add(_:into:)`` calls it for a sample in phase `began`; a relay whose stream says "touching"
    /// earlier (`BTN_TOUCH` before the pressure crosses the contact threshold) calls it then.
    public mutating func settleForContact(into events: inout [GestureEvent]) {
        if let first = firstTap {
            events.append(first.press)
            events.append(first.releaseEvent)
            firstTap = nil
        }
        if let press = tapPress, !plainTapPress {
            plainTapPress = true
            events.append(GestureEvent(time: press.time, kind: .button(parameters.source, isPressed: true), pose: press.pose))
        }
        if let press = squeezePress, !isSqueezing, !plainSqueezePress {
            plainSqueezePress = true
            events.append(GestureEvent(time: press.time, kind: .button(parameters.squeezeSource, isPressed: true), pose: press.pose))
        }
    }

    /// The tool left proximity at `time`: a squeeze is cancelled, a first tap still waiting is
    /// delivered, a press still held (squeeze button included) is delivered and released, the
    /// eraser end leaves. Nothing pressed is lost, and nothing is delivered after it.
    public mutating func proximityOut(at time: Double, into events: inout [GestureEvent]) {
        advance(to: time, into: &events)
        if isSqueezing { events.append(GestureEvent(time: time, kind: .squeeze(.cancelled), pose: nil)) }
        // A first tap still waiting goes first: it was released before anything still held.
        if let first = firstTap {
            events.append(first.press)
            events.append(first.releaseEvent)
            firstTap = nil
        }
        if let press = squeezePress, !isSqueezing {
            if !plainSqueezePress { events.append(GestureEvent(time: press.time, kind: .button(parameters.squeezeSource, isPressed: true), pose: press.pose)) }
            events.append(GestureEvent(time: time, kind: .button(parameters.squeezeSource, isPressed: false), pose: nil))
        }
        isSqueezing = false
        squeezePress = nil
        plainSqueezePress = false
        if let press = tapPress {
            if !plainTapPress { events.append(GestureEvent(time: press.time, kind: .button(parameters.source, isPressed: true), pose: press.pose)) }
            events.append(GestureEvent(time: time, kind: .button(parameters.source, isPressed: false), pose: nil))
            tapPress = nil
            plainTapPress = false
        }
        if isEraserInProximity {
            isEraserInProximity = false
            events.append(GestureEvent(time: time, kind: .eraserEnd(isInProximity: false), pose: nil))
        }
        previousButtons = []
        lastPose = nil
        isInProximity = false
    }

    /// The input ended: delivers what is still waiting.
    public mutating func finish(at time: Double, into events: inout [GestureEvent]) {
        proximityOut(at: time, into: &events)
        advance(to: .infinity, into: &events)
    }

    // MARK: - Taps

    private mutating func pressTap(_ sample: PenSample, pose: HoverPose, into events: inout [GestureEvent]) {
        if sample.phase.isInContact && !parameters.countsTapsWhileDrawing {
            // A press while drawing is an ordinary button; a first tap waiting for its second can
            // no longer become a double tap: it is delivered first, so presses stay in order.
            if let first = firstTap {
                events.append(first.press)
                events.append(first.releaseEvent)
                firstTap = nil
            }
            plainTapPress = true
            tapPress = Press(time: sample.time, location: sample.tabletLocation, isSecond: false, pose: pose)
            events.append(GestureEvent(time: sample.time, kind: .button(parameters.source, isPressed: true), pose: pose))
            return
        }
        var isSecond = false
        if let first = firstTap {
            let travel = _distance(first.location, sample.tabletLocation)
            if sample.time - first.release <= parameters.maximumGap, travel <= parameters.maximumTravel {
                isSecond = true
            } else {
                events.append(first.press)
                events.append(first.releaseEvent)
                firstTap = nil
            }
        }
        plainTapPress = false
        tapPress = Press(time: sample.time, location: sample.tabletLocation, isSecond: isSecond, pose: pose)
    }

    private mutating func releaseTap(_ sample: PenSample, pose: HoverPose, into events: inout [GestureEvent]) {
        guard let press = tapPress else { return }
        tapPress = nil
        if plainTapPress {
            plainTapPress = false
            events.append(GestureEvent(time: sample.time, kind: .button(parameters.source, isPressed: false), pose: pose))
            return
        }
        let pressEvent = GestureEvent(time: press.time, kind: .button(parameters.source, isPressed: true), pose: press.pose)
        let releaseEvent = GestureEvent(time: sample.time, kind: .button(parameters.source, isPressed: false), pose: pose)
        if press.isSecond {
            // The second tap completes the double tap; neither tap is delivered as a button.
            firstTap = nil
            events.append(GestureEvent(time: sample.time, kind: .doubleTap, pose: pose))
        } else {
            // Travel between taps is measured from where the first press happened.
            firstTap = (sample.time, press.location, pressEvent, releaseEvent)
        }
    }
}

@inline(__always) func _distance(_ a: TabletPoint, _ b: TabletPoint) -> Double {
    ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
}
