import QuillCore
import RealModule

/// Finger gestures from touches, in the model of drawing apps on iPad (Procreate's; Apple's
/// Speed Sketch): feed it a source's ``TabletEvent/touch(_:)`` and ``TabletEvent/touchFrame(device:time:)``
/// events in order; it appends ``FingerGesture``s.
///
/// - **Taps**: two or three fingers touch and all lift within ``FingerGestureParameters/tapDuration``
///   of the last one down, none moving more than ``FingerGestureParameters/movementThreshold``:
///   a two-finger tap (undo) or a three-finger tap (redo). A tap fails once a pan, pinch or
///   rotation begins.
/// - **Transform**: once a finger of two or more moves beyond the threshold, pinch, rotation and
///   pan run together about the centroid until the last finger lifts; a finger added or lifted
///   mid-gesture continues it without a jump.
/// - **One finger** of a touchscreen draws when `fingersDraw` (the drawing policy; a touchpad's
///   never does), as ``FingerGesture/ink(_:)``
///   samples. As in Apple's Speed Sketch, a finger's stroke is held back for
///   ``FingerGestureParameters/inkHoldback`` (its samples wait, then come out together): a second
///   finger within that time takes both fingers to a gesture and the stroke never appears; later
///   touches while it draws are ignored. When fingers may not draw, one finger pans.
///
/// Rejected touches (palm rejection) are never seen: they never draw and never count as a tap.
public struct FingerGestureRecognizer: Sendable {
    /// The thresholds.
    public let parameters: FingerGestureParameters
    /// True when one finger draws (the drawing policy allows it); false: one finger pans.
    public var fingersDraw: Bool

    struct Finger: Sendable {
        var start: TouchSample
        var current: TouchSample
        /// Where the finger was when the transform last re-based.
        var reference: CanvasPoint
    }

    private var fingers: [Int: Finger] = [:]
    /// Touches ignored until they lift (came while a finger draws).
    private var ignored: Set<Int> = []
    private var drawing: (id: Int, began: Double)?
    /// A drawing finger's samples while its stroke is held back.
    private var heldInk: [PenSample] = []
    private var isTapPossible = false
    private var mostFingers = 0
    private var lastDown = 0.0
    private var isTransforming = false
    private var isFrameDirty = false
    // The transform so far: scale, rotation and where the start centroid went, up to the last re-base.
    private var baseScale = 1.0
    private var baseRotation = 0.0
    private var baseImage = CanvasPoint(x: 0, y: 0)
    private var startCentroid = CanvasPoint(x: 0, y: 0)
    private var lastTransform: FingerTransform?

    public init(parameters: FingerGestureParameters = .defaults, fingersDraw: Bool = false) {
        self.parameters = parameters
        self.fingersDraw = fingersDraw
    }

    /// Fingers down now (accepted, not ignored).
    public var fingerCount: Int { fingers.count }

    /// Handles one event of a source; events other than touches and touch frames are ignored.
    public mutating func handle(_ event: TabletEvent, into gestures: inout [FingerGesture]) {
        switch event {
        case .touch(let touch) where touch.isAccepted:
            handle(touch, into: &gestures)
        case .touch(let touch):
            // A touch palm rejection cancelled mid-way is gone for good.
            if touch.phase == .cancelled, fingers[touch.id] != nil { remove(touch, into: &gestures) }
        case .touchFrame(_, let time):
            frame(at: time, into: &gestures)
        default:
            break
        }
    }

    private mutating func handle(_ touch: TouchSample, into gestures: inout [FingerGesture]) {
        let id = touch.id
        if ignored.contains(id) {
            if touch.phase.isFinal { ignored.remove(id) }
            return
        }
        switch touch.phase {
        case .began:
            if fingers.isEmpty {
                isTapPossible = true
                mostFingers = 0
            }
            if let drawing {
                if touch.time - drawing.began < parameters.inkHoldback {
                    // Not a stroke after all: the two fingers tap, pinch, rotate or pan.
                    heldInk.removeAll(keepingCapacity: true)
                    self.drawing = nil
                } else {
                    // The stroke stands (what was held comes out); this finger is ignored.
                    for held in heldInk { gestures.append(.ink(held)) }
                    heldInk.removeAll(keepingCapacity: true)
                    ignored.insert(id)
                    return
                }
            }
            // libinput's tap timer restarts at each finger down: a finger resting longer is a hold.
            if !fingers.isEmpty, touch.time - lastDown > parameters.tapDuration { isTapPossible = false }
            fingers[id] = Finger(start: touch, current: touch, reference: touch.location)
            mostFingers = Swift.max(mostFingers, fingers.count)
            lastDown = touch.time
            // A touchpad's fingers never draw (its touches are for gestures: the picture is elsewhere).
            if fingersDraw && touch.isDirect && fingers.count == 1 {
                drawing = (id, touch.time)
                heldInk.append(PenSample(inkFrom: touch, phase: .began))
            } else if isTransforming {
                rebase()
            }
        case .moved:
            guard fingers[id] != nil else { return }
            fingers[id]?.current = touch
            if let drawing, drawing.id == id {
                ink(PenSample(inkFrom: touch, phase: .moved), into: &gestures)
            } else {
                isFrameDirty = true
            }
        case .ended, .cancelled:
            guard fingers[id] != nil else { return }
            fingers[id]?.current = touch
            remove(touch, into: &gestures)
        }
    }

    private mutating func remove(_ touch: TouchSample, into gestures: inout [FingerGesture]) {
        let id = touch.id
        if let drawing, drawing.id == id {
            ink(PenSample(inkFrom: touch, phase: touch.phase == .cancelled ? .cancelled : .ended), into: &gestures, flushing: true)
            self.drawing = nil
            isTapPossible = false
        }
        if touch.phase == .cancelled { isTapPossible = false }
        if let finger = fingers[id], moved(finger) { isTapPossible = false }
        fingers[id] = nil
        tapPoints.sum = CanvasPoint(x: tapPoints.sum.x + touch.location.x, y: tapPoints.sum.y + touch.location.y)
        tapPoints.count += 1
        if fingers.isEmpty {
            if isTransforming {
                if var last = lastTransform {
                    last.phase = touch.phase == .cancelled ? .cancelled : .ended
                    last.time = touch.time
                    gestures.append(.transform(last))
                }
                isTransforming = false
                lastTransform = nil
            } else if isTapPossible, mostFingers >= 2, touch.time - lastDown <= parameters.tapDuration {
                gestures.append(.tap(fingers: mostFingers, time: touch.time, centroid: tapCentroid))
            }
            isTapPossible = false
            tapPoints = (CanvasPoint(x: 0, y: 0), 0)
        } else if isTransforming {
            rebase()
        }
        if fingers.isEmpty { ignored.removeAll() }
    }

    /// A drawing finger's sample: held back while the stroke may still become a gesture, then
    /// out with the ones held.
    private mutating func ink(_ sample: PenSample, into gestures: inout [FingerGesture], flushing: Bool = false) {
        if heldInk.isEmpty {
            gestures.append(.ink(sample))
            return
        }
        heldInk.append(sample)
        guard flushing || sample.time - (drawing?.began ?? sample.time) >= parameters.inkHoldback else { return }
        for held in heldInk { gestures.append(.ink(held)) }
        heldInk.removeAll(keepingCapacity: true)
    }

    /// The centroid of the fingers of a tap, from where each lifted.
    private var tapPoints = (sum: CanvasPoint(x: 0, y: 0), count: 0)
    private var tapCentroid: CanvasPoint {
        let count = Double(tapPoints.count)
        return count > 0 ? CanvasPoint(x: tapPoints.sum.x / count, y: tapPoints.sum.y / count) : CanvasPoint(x: 0, y: 0)
    }

    private func moved(_ finger: Finger) -> Bool {
        let dx = finger.current.tabletLocation.x - finger.start.tabletLocation.x
        let dy = finger.current.tabletLocation.y - finger.start.tabletLocation.y
        return (dx * dx + dy * dy).squareRoot() > parameters.movementThreshold
    }

    private mutating func frame(at time: Double, into gestures: inout [FingerGesture]) {
        guard isFrameDirty else { return }
        isFrameDirty = false
        guard !fingers.isEmpty, drawing == nil else { return }
        if !isTransforming {
            guard fingers.count >= 2 || !fingersDraw, fingers.values.contains(where: moved) else { return }
            // The transform begins from where the fingers first touched: the motion so far counts.
            isTransforming = true
            isTapPossible = false
            for (id, finger) in fingers { fingers[id]?.reference = finger.start.location }
            baseScale = 1
            baseRotation = 0
            startCentroid = centroid(\.reference)
            baseImage = startCentroid
            let transform = current(phase: .began, time: time)
            lastTransform = transform
            gestures.append(.transform(transform))
            return
        }
        let transform = current(phase: .changed, time: time)
        lastTransform = transform
        gestures.append(.transform(transform))
    }

    private func centroid(_ point: KeyPath<Finger, CanvasPoint>) -> CanvasPoint {
        var x = 0.0, y = 0.0
        for finger in fingers.values {
            x += finger[keyPath: point].x
            y += finger[keyPath: point].y
        }
        let count = Double(Swift.max(fingers.count, 1))
        return CanvasPoint(x: x / count, y: y / count)
    }

    /// The increment since the last re-base: scale and rotation of the fingers about their
    /// centroid, from their reference points to where they are.
    private func increment() -> (scale: Double, rotation: Double, from: CanvasPoint, to: CanvasPoint) {
        let from = centroid(\.reference)
        let to = centroid(\.current.location)
        guard fingers.count >= 2 else { return (1, 0, from, to) }
        var spreadFrom = 0.0, spreadTo = 0.0, sinSum = 0.0, cosSum = 0.0
        for finger in fingers.values {
            let ax = finger.reference.x - from.x, ay = finger.reference.y - from.y
            let bx = finger.current.location.x - to.x, by = finger.current.location.y - to.y
            let a = (ax * ax + ay * ay).squareRoot(), b = (bx * bx + by * by).squareRoot()
            spreadFrom += a
            spreadTo += b
            // Each finger's turn about the centroid, weighted by its distances (a finger at the
            // centre says nothing about the rotation).
            sinSum += ax * by - ay * bx
            cosSum += ax * bx + ay * by
        }
        let scale = spreadFrom > 0 && spreadTo > 0 ? spreadTo / spreadFrom : 1
        let rotation = sinSum == 0 && cosSum == 0 ? 0 : Double.atan2(y: sinSum, x: cosSum)
        return (scale, rotation, from, to)
    }

    private func current(phase: FingerGesturePhase, time: Double) -> FingerTransform {
        let step = increment()
        // The start centroid's image: through the transform so far, then this increment.
        let c = Double.cos(step.rotation), s = Double.sin(step.rotation)
        let dx = baseImage.x - step.from.x, dy = baseImage.y - step.from.y
        let image = CanvasPoint(x: step.to.x + step.scale * (c * dx - s * dy), y: step.to.y + step.scale * (s * dx + c * dy))
        return FingerTransform(
            phase: phase, time: time, fingers: fingers.count, scale: baseScale * step.scale,
            rotation: remainder(baseRotation + step.rotation), translation: Point(x: image.x - startCentroid.x, y: image.y - startCentroid.y),
            centroid: step.to, startCentroid: startCentroid)
    }

    /// The set of fingers changed: what the transform did so far is kept, and the fingers'
    /// current points become the reference for what follows.
    private mutating func rebase() {
        if let last = lastTransform {
            baseScale = last.scale
            baseRotation = last.rotation
            baseImage = CanvasPoint(x: startCentroid.x + last.translation.x, y: startCentroid.y + last.translation.y)
        }
        for (id, finger) in fingers { fingers[id]?.reference = finger.current.location }
    }

    private func remainder(_ angle: Double) -> Double {
        var a = angle.truncatingRemainder(dividingBy: 2 * .pi)
        if a > .pi { a -= 2 * .pi } else if a <= -.pi { a += 2 * .pi }
        return a
    }
}

extension PenSample {
    /// A finger's touch as a sample of the current ink: tool pen, upright, the node's pressure
    /// where it has one, otherwise the force of an average touch (1.0).
    public init(inkFrom touch: TouchSample, phase: PenPhase) {
        let pressure = touch.pressure ?? 1 / PenSample.maximumPossibleForce
        let inContact = phase.isInContact
        self.init(
            time: touch.time, location: touch.location, tabletLocation: touch.tabletLocation, phase: phase, tool: .pen,
            force: inContact ? pressure * PenSample.maximumPossibleForce : 0, pressure: inContact ? pressure : 0,
            altitude: .pi / 2, azimuth: 0, deviceIndex: touch.deviceIndex)
    }
}
