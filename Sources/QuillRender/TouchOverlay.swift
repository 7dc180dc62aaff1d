import QuillCore

/// Finger touches drawn over a picture, so a person can see what the fingers did and what palm
/// rejection took: each touch's track from where it began (a dot) to where it ended — grey for
/// an accepted touch, red and dashed for one palm rejection cancelled or ignored (a ring where
/// it was cancelled).
public struct TouchOverlay: Sendable {
    /// One touch's track in canvas points.
    public struct Track: Hashable, Sendable {
        public var points: [Point]
        public var isRejected: Bool
        /// Where palm rejection cancelled it, if it did.
        public var cancelledAt: Point?
    }

    public private(set) var tracks: [Track] = []
    /// Where a pen rejected touches when it came into proximity (canvas points): libinput's
    /// rectangle beside a tilted pen, or the whole surface for a pen without tilt.
    public private(set) var rejectionAreas: [Rect] = []

    /// Adds an area in which a pen rejected touches (canvas points).
    public mutating func addRejectionArea(_ area: Rect) { rejectionAreas.append(area) }
    private var open: [Int: Int] = [:]

    public init() {}

    /// Adds a touch whose `location` is in the picture's canvas points.
    public mutating func add(_ touch: TouchSample) {
        // By slot: a touch palm rejection ignored has no seat number.
        let key = touch.deviceIndex << 16 | (touch.slot & 0xFFFF)
        if touch.phase == .began || open[key] == nil {
            open[key] = tracks.count
            tracks.append(Track(points: [], isRejected: false, cancelledAt: nil))
        }
        guard let index = open[key] else { return }
        tracks[index].points.append(touch.location)
        if touch.rejection != nil { tracks[index].isRejected = true }
        if touch.phase == .cancelled, touch.rejection != nil { tracks[index].cancelledAt = touch.location }
        if touch.phase.isFinal { open[key] = nil }
    }

    /// Draws the tracks on `canvas` (canvas points).
    public func draw(on canvas: CairoCanvas) {
        for area in rejectionAreas {
            canvas.save()
            canvas.setColor(red: 0.85, green: 0.1, blue: 0.1, alpha: 0.06)
            canvas.rectangle(x: area.x, y: area.y, width: area.width, height: area.height)
            canvas.fill()
            canvas.setColor(red: 0.85, green: 0.1, blue: 0.1, alpha: 0.35)
            canvas.setLineWidth(1)
            canvas.setDash([2, 4])
            canvas.rectangle(x: area.x, y: area.y, width: area.width, height: area.height)
            canvas.stroke()
            canvas.restore()
        }
        for track in tracks {
            guard let first = track.points.first else { continue }
            canvas.save()
            if track.isRejected {
                canvas.setColor(red: 0.85, green: 0.1, blue: 0.1, alpha: 0.9)
                canvas.setDash([4, 3])
            } else {
                canvas.setColor(red: 0.35, green: 0.35, blue: 0.35, alpha: 0.9)
            }
            canvas.setLineWidth(1.5)
            canvas.moveTo(x: first.x, y: first.y)
            for point in track.points.dropFirst() { canvas.lineTo(x: point.x, y: point.y) }
            canvas.stroke()
            canvas.setDash([])
            canvas.circle(x: first.x, y: first.y, radius: 3)
            canvas.fill()
            if let cancelled = track.cancelledAt {
                canvas.setLineWidth(2)
                canvas.circle(x: cancelled.x, y: cancelled.y, radius: 8)
                canvas.stroke()
            }
            canvas.restore()
        }
    }
}
