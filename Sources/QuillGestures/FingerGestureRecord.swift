import QuillCore

/// One finger gesture as a JSON Lines row of `quill gestures` and `quill live --emit gestures`
/// (beside the pen's ``GestureRecord`` rows; a finger's ink gives none).
///
/// Fields, in order: `t` (s), `event` (`twoFingerTap`, `threeFingerTap`, `tap` for other counts,
/// or for the canvas transform `pinch`, `rotate` or `pan` — what dominates it so far, see
/// ``FingerTransform/dominantKind``), `action` (`undo`, `redo` or null), `phase` (the transform's
/// `began` … `ended`, null for a tap), `fingers`, `x`, `y` (the centroid, canvas points), then for a
/// transform `scale`, `rotation` (radians), `dx`, `dy` (the translation, points).
public struct FingerGestureRecord: Encodable, Hashable, Sendable {
    public var gesture: FingerGesture

    public init?(_ gesture: FingerGesture) {
        if case .ink = gesture { return nil }
        self.gesture = gesture
    }

    enum CodingKeys: String, CodingKey {
        case t, event, action, phase, fingers, x, y, scale, rotation, dx, dy
    }

    /// The event's name.
    public var event: String {
        switch gesture {
        case let .tap(fingers, _, _): return fingers == 2 ? "twoFingerTap" : fingers == 3 ? "threeFingerTap" : "tap"
        case .transform(let transform): return transform.dominantKind
        case .ink: return "ink"
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var row = encoder.container(keyedBy: CodingKeys.self)
        try row.encode(gesture.time, forKey: .t)
        try row.encode(event, forKey: .event)
        try row.encodeOrNull(gesture.request?.rawValue, forKey: .action)
        switch gesture {
        case let .tap(fingers, _, centroid):
            try row.encodeNil(forKey: .phase)
            try row.encode(fingers, forKey: .fingers)
            try row.encode(centroid.x, forKey: .x)
            try row.encode(centroid.y, forKey: .y)
        case .transform(let transform):
            try row.encode(transform.phase.rawValue, forKey: .phase)
            try row.encode(transform.fingers, forKey: .fingers)
            try row.encode(transform.centroid.x, forKey: .x)
            try row.encode(transform.centroid.y, forKey: .y)
            try row.encode(transform.scale, forKey: .scale)
            try row.encode(transform.rotation, forKey: .rotation)
            try row.encode(transform.translation.x, forKey: .dx)
            try row.encode(transform.translation.y, forKey: .dy)
        case .ink:
            break
        }
    }
}
