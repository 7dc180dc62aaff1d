/// Where a finger stands in its touch sequence, as `UITouch.Phase` describes a touch (and as
/// libinput's touch down / motion / up / cancel do).
public enum TouchPhase: String, CaseIterable, Hashable, Sendable, Codable {
    /// The finger touched the surface (libinput's `TOUCH_DOWN`).
    case began
    /// The finger moved or its size changed (`TOUCH_MOTION`).
    case moved
    /// The finger lifted (`TOUCH_UP`).
    case ended
    /// The touch was taken away before it lifted (`TOUCH_CANCEL`): palm rejection, the device
    /// went away, or the input was cut off. What came before must be undone by the client
    /// (a cancelled touch never draws and never counts as a tap).
    case cancelled

    /// True for the phases that end a touch.
    public var isFinal: Bool { self == .ended || self == .cancelled }
}

/// Why a touch was rejected: it still appears (so a person can see what was rejected) but
/// clients must not act on it.
public enum TouchRejection: String, CaseIterable, Hashable, Sendable, Codable {
    /// Palm rejection: the paired pen was in proximity (libinput's touch arbitration).
    case palm
}

/// One finger on a touchscreen or a tablet's touchpad, the way iPadOS describes a finger touch
/// (`UITouch` of type `.direct`, or `.indirect` for an opaque tablet's touchpad), decoded from one
/// evdev frame of a multitouch node. The tool is always a finger.
public struct TouchSample: Hashable, Sendable {
    /// Seconds on the samples' clock (the pen samples' clock: one clock for every device).
    public var time: Double
    /// Seat-wide touch number: the lowest number free among the touches down on every touch
    /// device of the source when this touch began (libinput's seat slot), kept until it ends;
    /// −1 for a touch palm rejection ignored from its start, and after palm rejection's cancel
    /// (libinput gives such touches no seat slot).
    public var id: Int
    /// The node's multitouch slot (`ABS_MT_SLOT`); for a protocol-A node (no slots), the slot
    /// Quill gave the contact it tracks.
    public var slot: Int
    /// The kernel's tracking id of the touch (`ABS_MT_TRACKING_ID`); for a protocol-A node, the
    /// number Quill gave the contact it tracks.
    public var trackingID: Int32
    /// Where this sample stands in the touch's sequence.
    public var phase: TouchPhase
    /// Location in canvas points, y growing downward (an opaque tablet's touchpad is mapped like
    /// its pen's area).
    public var location: CanvasPoint
    /// Location on the touch surface in millimetres from its top-left corner.
    public var tabletLocation: TabletPoint
    /// The contact's larger dimension in millimetres (`ABS_MT_TOUCH_MAJOR`); nil when the node
    /// does not report it.
    public var majorAxis: Double?
    /// The contact's smaller dimension in millimetres (`ABS_MT_TOUCH_MINOR`, or the major axis
    /// when only that is reported); nil when the node does not report sizes.
    public var minorAxis: Double?
    /// Pressure normalized 0 … 1 (`ABS_MT_PRESSURE`); nil when the node has none.
    public var pressure: Double?
    /// True for a touchscreen (the finger is on the picture, `UITouch.TouchType.direct`); false
    /// for a touchpad (an opaque tablet's touch surface, `.indirect`).
    public var isDirect: Bool
    /// Set when the touch was rejected (palm rejection): it is reported for what it was, but it
    /// never draws and never counts as a tap or gesture. A touch palm rejection takes while it is
    /// down gets one `cancelled` sample (marked) — for a client, its end — and its later samples
    /// still come, marked, until it lifts; a touch ignored from its start is marked throughout.
    public var rejection: TouchRejection?
    /// Which device of the source produced the touch.
    public var deviceIndex: Int

    public init(
        time: Double, id: Int, slot: Int, trackingID: Int32, phase: TouchPhase, location: CanvasPoint,
        tabletLocation: TabletPoint, majorAxis: Double? = nil, minorAxis: Double? = nil, pressure: Double? = nil,
        isDirect: Bool = true, rejection: TouchRejection? = nil, deviceIndex: Int = 0
    ) {
        self.time = time
        self.id = id
        self.slot = slot
        self.trackingID = trackingID
        self.phase = phase
        self.location = location
        self.tabletLocation = tabletLocation
        self.majorAxis = majorAxis
        self.minorAxis = minorAxis
        self.pressure = pressure
        self.isDirect = isDirect
        self.rejection = rejection
        self.deviceIndex = deviceIndex
    }

    /// The name of the tool: always "finger".
    public static let toolName = "finger"

    /// True when a client may act on this touch (it was not rejected).
    public var isAccepted: Bool { rejection == nil }
}
