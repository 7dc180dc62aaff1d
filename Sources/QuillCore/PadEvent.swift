/// One event of a tablet's pad (ExpressKeys, touch rings, touch strips), as libinput 1.22
/// reports it: a button pressed or released, or a ring or strip position.
public struct PadEvent: Hashable, Sendable {
    /// What happened.
    public enum Kind: Hashable, Sendable {
        /// Pad button `number` (libinput's numbering: 0, 1, … in the order of ``PadLayout/buttonCodes``)
        /// went down (`isPressed`) or up.
        case button(number: Int, isPressed: Bool)
        /// Touch ring `number`: degrees 0 ..< 360, 0 at the ring's top, increasing clockwise;
        /// −1 when the finger leaves the ring.
        case ring(number: Int, degrees: Double)
        /// Touch strip `number`: 0 (top or left) … 1 (bottom or right); −1 when the finger leaves.
        case strip(number: Int, position: Double)
    }

    /// Seconds on the samples' clock (the recording's first event, or the start of a live run).
    public var time: Double
    /// Which device of the recording (or which opened node) sent it.
    public var deviceIndex: Int
    /// What happened.
    public var kind: Kind
    /// Index of the mode group the button, ring or strip belongs to (0 when the pad has one group).
    public var modeGroup: Int
    /// The group's mode after this event: a press of a mode-toggle button reports the new mode.
    public var mode: Int

    public init(time: Double, deviceIndex: Int = 0, kind: Kind, modeGroup: Int = 0, mode: Int = 0) {
        self.time = time
        self.deviceIndex = deviceIndex
        self.kind = kind
        self.modeGroup = modeGroup
        self.mode = mode
    }

    /// `button`, `ring` or `strip`.
    public var typeName: String {
        switch kind {
        case .button: return "button"
        case .ring: return "ring"
        case .strip: return "strip"
        }
    }

    /// The button, ring or strip number.
    public var number: Int {
        switch kind {
        case let .button(number, _), let .ring(number, _), let .strip(number, _): return number
        }
    }
}
