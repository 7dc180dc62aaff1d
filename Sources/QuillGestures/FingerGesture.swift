import QuillCore
import RealModule

/// What the fingers did, in the person's model (drawing apps on iPad): a two-finger tap asks for
/// undo, a three-finger tap for redo, two fingers pinch, rotate and pan the canvas as one
/// transform, one finger draws (when the drawing policy lets it) or pans. Quill changes nothing
/// itself: these are requests for the app.
public enum FingerGesture: Hashable, Sendable {
    /// `fingers` fingers tapped (touched and lifted quickly without moving) at `time` (seconds),
    /// their centroid at `centroid` (canvas points). Two fingers: ``request`` undo; three: redo.
    case tap(fingers: Int, time: Double, centroid: CanvasPoint)
    /// The canvas transform of a pinch, rotation or pan (or a one-finger pan).
    case transform(FingerTransform)
    /// A finger that draws: the touch as a pen sample of the current ink (`began` … `ended`, or
    /// `cancelled` when the touch was: the device went away).
    case ink(PenSample)

    /// What the app is asked to do: undo for a two-finger tap, redo for a three-finger tap.
    public var request: FingerRequest? {
        guard case let .tap(fingers, _, _) = self else { return nil }
        switch fingers {
        case 2: return .undo
        case 3: return .redo
        default: return nil
        }
    }

    /// Seconds on the samples' clock.
    public var time: Double {
        switch self {
        case let .tap(_, time, _): return time
        case .transform(let transform): return transform.time
        case .ink(let sample): return sample.time
        }
    }
}

/// An app request from a finger gesture.
public enum FingerRequest: String, Hashable, Sendable, CaseIterable {
    /// Undo the last change (two-finger tap).
    case undo
    /// Redo what was undone (three-finger tap).
    case redo
}

/// The phases of a continuous finger gesture.
public enum FingerGesturePhase: String, Hashable, Sendable, CaseIterable {
    case began, changed, ended, cancelled
}

/// A pinch, rotation and pan together, "like a piece of paper": relative to the gesture's start,
/// the canvas scales by ``scale`` and turns by ``rotation`` about the fingers' centroid and moves by
/// ``translation``. Applying it keeps the paper under the fingers.
public struct FingerTransform: Hashable, Sendable {
    public var phase: FingerGesturePhase
    /// Seconds on the samples' clock.
    public var time: Double
    /// Fingers down (1 for a one-finger pan).
    public var fingers: Int
    /// Scale since the gesture began (1 = unchanged; > 0).
    public var scale: Double
    /// Rotation since the gesture began, radians, clockwise on screen (y down) positive.
    public var rotation: Double
    /// Translation of the centroid since the gesture began, canvas points.
    public var translation: Point
    /// The fingers' centroid now, canvas points.
    public var centroid: CanvasPoint
    /// The centroid where the gesture began, canvas points.
    public var startCentroid: CanvasPoint

    public init(
        phase: FingerGesturePhase, time: Double, fingers: Int, scale: Double, rotation: Double, translation: Point,
        centroid: CanvasPoint, startCentroid: CanvasPoint
    ) {
        self.phase = phase
        self.time = time
        self.fingers = fingers
        self.scale = scale
        self.rotation = rotation
        self.translation = translation
        self.centroid = centroid
        self.startCentroid = startCentroid
    }

    /// The gesture's name for output: `pinch` when the scale changed most, `rotate` when the
    /// rotation did, else `pan` (thresholds: 5 % of scale, 5° of rotation).
    public var dominantKind: String {
        if abs(Double.log(scale)) > 0.05 { return "pinch" }
        if abs(rotation) > 5 * .pi / 180 { return "rotate" }
        return "pan"
    }

    /// Where `point` (canvas points, on the paper when the gesture began) is now: turned by
    /// ``rotation`` and scaled by ``scale`` about ``startCentroid``, which moved by ``translation``.
    public func apply(to point: CanvasPoint) -> CanvasPoint {
        let dx = point.x - startCentroid.x, dy = point.y - startCentroid.y
        let c = Double.cos(rotation), s = Double.sin(rotation)
        return CanvasPoint(
            x: startCentroid.x + translation.x + scale * (c * dx - s * dy),
            y: startCentroid.y + translation.y + scale * (s * dx + c * dy))
    }
}
