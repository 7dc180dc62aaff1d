import QuillCore
import QuillGestures
import QuillStroke

/// A ``DrawingSession`` per tablet: two tablets drawing at once draw two strokes, each on its own
/// tablet's canvas — what `quill live --emit strokes` streams, as `quill strokes --emit smoothed`
/// draws a recording.
///
/// A tablet (a ``PenSample/deviceIndex``) gets its session at its first sample, with ``ink``, the
/// person's ``preferences`` and ``options``. The sessions' own gestures (a double tap to the
/// eraser) act on their tablet's drawing and are not returned: an app that streams gestures runs
/// its own ``PencilSession``.
///
/// ```swift
/// var drawings = try TabletDrawings(ink: Ink(type: .pen), preferences: preferences)
/// if let update = drawings.add(sample, mapping: mapping) { show(update) }
/// drawings.finish(at: end)
/// ```
public struct TabletDrawings {
    /// The ink every tablet draws with.
    public let ink: Ink
    /// The person's preferences each tablet's ``PencilSession`` starts from.
    public let preferences: PencilPreferences
    /// What each session does beside inking (default: everything on, no strokes kept, so memory
    /// stays flat over a long run).
    public let options: DrawingSession.Options
    /// Each tablet's session, by ``PenSample/deviceIndex``.
    public private(set) var sessions: [Int: DrawingSession] = [:]
    private var outcomes: [PencilInteraction.Outcome] = []
    private var fingers: [FingerGesture] = []

    /// Sessions drawing in `ink` with the person's `preferences`.
    public init(ink: Ink, preferences: PencilPreferences, options: DrawingSession.Options = .init(keepsDrawing: false)) {
        self.ink = ink
        self.preferences = preferences
        self.options = options
    }

    /// Draws one sample of the tablet whose area `mapping` maps onto its canvas (the tablet's
    /// millimetres onto canvas points); returns what the stroke engine displays for a sample in
    /// contact (nil for a hover, or a stroke's samples after its end).
    public mutating func add(_ sample: PenSample, mapping: TabletMapping) -> StrokeUpdate? {
        let device = sample.deviceIndex
        if sessions[device] == nil {
            sessions[device] = DrawingSession(ink: ink, pencil: PencilSession(preferences: preferences), options: options)
        }
        let update = sessions[device]?.handle(.sample(sample), from: OneMapping(mapping: mapping), outcomes: &outcomes, fingers: &fingers)
        outcomes.removeAll(keepingCapacity: true)
        fingers.removeAll(keepingCapacity: true)
        return update
    }

    /// The tablet `device` went away at `time` (seconds, the samples' clock): its open stroke ends.
    public mutating func finish(device: Int, at time: Double) {
        sessions[device]?.finish(at: time, outcomes: &outcomes)
        outcomes.removeAll(keepingCapacity: true)
    }

    /// The input ended at `time` (seconds): every tablet's open stroke ends, in device order.
    public mutating func finish(at time: Double) {
        for device in sessions.keys.sorted() { finish(device: device, at: time) }
    }
}

/// The one mapping a live sample came with, as a drawing session asks for it.
private struct OneMapping: DeviceMappings {
    let mapping: TabletMapping
    func mapping(forDevice index: Int) -> TabletMapping? { mapping }
    func touchMapping(forDevice index: Int) -> TabletMapping? { nil }
}
