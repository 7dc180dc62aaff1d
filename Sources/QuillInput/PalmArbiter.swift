import QuillCore

/// Palm rejection as libinput 1.22.1 arbitrates between a tablet's pen and its touch surface
/// (`src/evdev-tablet.c` `tablet_toggle_touch_device`, `tablet_calculate_arbitration_rect`;
/// `src/evdev-fallback.c` `fallback_interface_toggle_touch`, `cancel_touches`,
/// `fallback_arbitrate_touch`, the 90 ms arbitration timer).
///
/// On every pen sample of a paired pen:
/// - out of proximity: arbitration ends; if every touch was muted, touches stay muted for
///   ``releaseDelay`` (a hand lifting just after the pen would otherwise look like a tap);
/// - in proximity (hovering counts) with no tilt along x (a pen without tilt axes, or held
///   upright): every touch is cancelled and new touches are ignored (muted) until the pen leaves;
/// - in proximity with tilt: touches inside the rectangle on the hand's side (see
///   ``rejectionRectangle(tip:tiltX:)``) are cancelled once, when the pen enters this mode; while it
///   lasts the rectangle follows the tip and touches that begin inside it are ignored until they lift.
///
/// Quill never drops a touch: a rejected one is reported with ``TouchSample/rejection`` `.palm`
/// (the cancelled one once with phase `cancelled`, then its later events), so a person can see
/// what was rejected; clients act only on accepted touches.
///
/// A touchpad paired with a pen (an Intuos's) is arbitrated as libinput's touchpad code does
/// (`tp_interface_toggle_touch`): any pen in proximity, tilted or not, ends every touch and mutes
/// the pad until 90 ms after it leaves.
///
/// Where Quill differs from libinput, on purpose:
/// - The rectangle is compared in the touch surface's millimetres. libinput converts it to the
///   touch node's units with the node's resolution, and a node that declares none gets 1 unit/mm
///   there, so its rectangle lands in the wrong place; Quill's touch millimetres come from the
///   paired pen's size or libwacom (see ``TouchDecoder``).
/// - While every touch is muted libinput drops the touch node's events wholesale, slot changes
///   included, so a slot selected during the mute is wrong afterwards; Quill keeps decoding and only
///   marks the touches rejected.
public struct PalmArbiter: Sendable {
    /// libinput's arbitration states (`enum evdev_arbitration_state`).
    public enum State: String, Hashable, Sendable {
        /// No pen in proximity: touches pass.
        case notActive
        /// A tilted pen: touches inside the rectangle are rejected.
        case ignoreRectangle
        /// A pen with no tilt along x: every touch is rejected.
        case ignoreAll
    }

    /// Seconds touches stay muted after the pen leaves a mute-all arbitration (libinput: 90 ms).
    public static let releaseDelay = 0.090
    /// The rectangle's width and height in millimetres (libinput: 200 × 250).
    public static let rectangleSize = Size(width: 200, height: 250)

    struct Pairing: Sendable {
        var pen: Int
        var touch: Int
        /// A touchpad (libinput's `tp_interface_toggle_touch`): any arbitration mutes every touch.
        var isTouchpad = false
        var state = State.notActive
        var rectangle = Rect(x: 0, y: 0, width: 0, height: 0)
        /// libinput's `in_arbitration`: every touch event dropped.
        var isMuted = false
        /// When the mute ends (the 90 ms timer), nil when no timer runs.
        var unmuteTime: Double?
        /// Touches (by slot) rejected until they end, and the live accepted ones with their last location.
        var rejectedSlots: Set<Int> = []
        var liveTouches: [Int: TouchSample] = [:]
    }

    private var pairings: [Pairing] = []

    /// An arbiter for no pairs: every event passes unchanged.
    public init() {}

    /// Pairs pen device `pen` with touch device `touch` (libinput: a touchscreen or an external
    /// touchpad in the pen's device group; a pen arbitrates one touch device, the last paired).
    /// A touchpad (`isTouchpad`) is arbitrated as libinput's touchpad code does: a pen in
    /// proximity, tilted or not, ends every touch and mutes the pad until 90 ms after it leaves.
    public mutating func pair(pen: Int, touch: Int, isTouchpad: Bool = false) {
        // One arbitration state per pen and per touch device: the last pairing stands.
        pairings.removeAll { $0.pen == pen || $0.touch == touch }
        pairings.append(Pairing(pen: pen, touch: touch, isTouchpad: isTouchpad))
    }

    /// The pairs, as (pen, touch) device numbers.
    public var pairs: [(pen: Int, touch: Int)] { pairings.map { ($0.pen, $0.touch) } }

    /// True when no pair is set (``arbitrate(_:into:)`` copies the events unchanged).
    public var isEmpty: Bool { pairings.isEmpty }

    /// The arbitration state of the pair whose pen is device `pen`, nil when it has none.
    public func state(ofPen pen: Int) -> State? { pairings.first { $0.pen == pen }?.state }

    /// The rectangle in which touches are rejected for a pen tip at `tip` (millimetres) with tilt
    /// `tiltX` (degrees, positive when the pen's top leans towards +x: a right hand): from 20 mm
    /// past the tip towards the hand, 100 mm above the tip to 150 mm below; clipped at the surface's
    /// top and left edges, where the rectangle grows by what was cut (as libinput computes it).
    public static func rejectionRectangle(tip: TabletPoint, tiltX: Double) -> Rect {
        var x = tiltX > 0 ? tip.x - 20 : tip.x + 20 - rectangleSize.width
        var width = rectangleSize.width
        if x < 0 {
            width -= x
            x = 0
        }
        var y = tip.y - 100
        var height = rectangleSize.height
        if y < 0 {
            height -= y
            y = 0
        }
        return Rect(x: x, y: y, width: width, height: height)
    }

    /// libinput's `point_in_rect`: left and top edges inside, right and bottom edges outside.
    static func isInside(_ point: TabletPoint, _ rectangle: Rect) -> Bool {
        point.x >= rectangle.minX && point.x < rectangle.maxX && point.y >= rectangle.minY && point.y < rectangle.maxY
    }

    /// The pen's tilt along x in degrees (W3C `tiltX`) from a sample's altitude and azimuth; exactly
    /// 0 for a pen held upright along x or a device without tilt.
    public static func tiltX(of sample: PenSample) -> Double {
        let degrees = PenOrientation(altitude: sample.altitude, azimuth: sample.azimuth).tilt.xDegrees
        return abs(degrees) < 1e-6 ? 0 : degrees
    }

    /// Appends `events` to `output` with the arbitration applied: touches of paired touch devices
    /// are marked rejected, cancellations are inserted where the pen's state takes touches away.
    public mutating func arbitrate(_ events: some Sequence<TabletEvent>, into output: inout [TabletEvent]) {
        for event in events { arbitrate(event, into: &output) }
    }

    /// ``arbitrate(_:into:)-(Sequence,_)`` for one event.
    public mutating func arbitrate(_ event: TabletEvent, into output: inout [TabletEvent]) {
        guard !pairings.isEmpty else {
            output.append(event)
            return
        }
        switch event {
        case .sample(let sample):
            output.append(event)
            for index in pairings.indices where pairings[index].pen == sample.deviceIndex {
                penFrame(index, sample: sample, into: &output)
            }
        case let .proximityOut(device, _, time, _), let .deviceRemoved(device, time):
            output.append(event)
            for index in pairings.indices where pairings[index].pen == device {
                toggle(index, to: .notActive, time: time, into: &output)
            }
        case .touch(var touch):
            for index in pairings.indices where pairings[index].touch == touch.deviceIndex {
                judge(index, &touch)
            }
            output.append(.touch(touch))
        default:
            output.append(event)
        }
    }

    private mutating func penFrame(_ index: Int, sample: PenSample, into output: inout [TabletEvent]) {
        let tiltX = PalmArbiter.tiltX(of: sample)
        if tiltX == 0 {
            toggle(index, to: .ignoreAll, time: sample.time, into: &output)
        } else if pairings[index].state != .ignoreRectangle {
            pairings[index].rectangle = PalmArbiter.rejectionRectangle(tip: sample.tabletLocation, tiltX: tiltX)
            toggle(index, to: .ignoreRectangle, time: sample.time, into: &output)
        } else {
            // Touches already down stay as they are; only new touches meet the new rectangle.
            pairings[index].rectangle = PalmArbiter.rejectionRectangle(tip: sample.tabletLocation, tiltX: tiltX)
        }
    }

    private mutating func toggle(_ index: Int, to state: State, time: Double, into output: inout [TabletEvent]) {
        guard pairings[index].state != state else { return }
        switch state {
        case .notActive:
            pairings[index].unmuteTime = time + PalmArbiter.releaseDelay
        case .ignoreRectangle where !pairings[index].isTouchpad:
            let rectangle = pairings[index].rectangle
            cancelTouches(index, time: time, where: { PalmArbiter.isInside($0.tabletLocation, rectangle) }, into: &output)
        case .ignoreRectangle, .ignoreAll:
            // A pen without tilt on any touch device, or any pen on a touchpad (libinput's
            // tp_interface_toggle_touch: no rectangle, every touch ends).
            pairings[index].unmuteTime = nil
            cancelTouches(index, time: time, where: { _ in true }, into: &output)
            pairings[index].isMuted = true
        }
        pairings[index].state = state
    }

    private mutating func cancelTouches(_ index: Int, time: Double, where isRejected: (TouchSample) -> Bool, into output: inout [TabletEvent]) {
        var cancelled = false
        for slot in pairings[index].liveTouches.keys.sorted() {
            guard var touch = pairings[index].liveTouches[slot], isRejected(touch) else { continue }
            touch.time = time
            touch.phase = .cancelled
            touch.rejection = .palm
            output.append(.touch(touch))
            pairings[index].liveTouches[slot] = nil
            pairings[index].rejectedSlots.insert(slot)
            cancelled = true
        }
        if cancelled { output.append(.touchFrame(device: pairings[index].touch, time: time)) }
    }

    private mutating func judge(_ index: Int, _ touch: inout TouchSample) {
        if pairings[index].isMuted, let unmute = pairings[index].unmuteTime, touch.time >= unmute {
            pairings[index].isMuted = false
            pairings[index].unmuteTime = nil
        }
        let slot = touch.slot
        if touch.rejection != nil {
            // Rejected before arbitration (the hardware's palm): never arbitrated, never cancelled again.
            pairings[index].liveTouches[slot] = nil
            if touch.phase.isFinal { pairings[index].rejectedSlots.remove(slot) } else { pairings[index].rejectedSlots.insert(slot) }
            return
        }
        if touch.phase == .began {
            pairings[index].rejectedSlots.remove(slot)
            pairings[index].liveTouches[slot] = nil
            let pairing = pairings[index]
            if pairing.isMuted || (pairing.state == .ignoreRectangle && PalmArbiter.isInside(touch.tabletLocation, pairing.rectangle)) {
                pairings[index].rejectedSlots.insert(slot)
            }
        }
        if pairings[index].rejectedSlots.contains(slot) {
            touch.rejection = .palm
            if touch.phase.isFinal { pairings[index].rejectedSlots.remove(slot) }
        } else if touch.phase.isFinal {
            pairings[index].liveTouches[slot] = nil
        } else {
            pairings[index].liveTouches[slot] = touch
        }
    }
}
