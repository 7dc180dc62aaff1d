/// Buttons held during a sample: the barrel buttons of a stylus and the buttons of a puck.
public struct PenButtons: OptionSet, Hashable, Sendable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// `BTN_STYLUS`, the lower barrel button.
    public static let stylus = PenButtons(rawValue: 1 << 0)
    /// `BTN_STYLUS2`, the upper barrel button.
    public static let stylus2 = PenButtons(rawValue: 1 << 1)
    /// `BTN_STYLUS3`, the third barrel button (Pro Pen 3D).
    public static let stylus3 = PenButtons(rawValue: 1 << 2)
    /// `BTN_LEFT` of a puck/lens.
    public static let left = PenButtons(rawValue: 1 << 3)
    /// `BTN_RIGHT` of a puck/lens.
    public static let right = PenButtons(rawValue: 1 << 4)
    /// `BTN_MIDDLE` of a puck/lens.
    public static let middle = PenButtons(rawValue: 1 << 5)
    /// `BTN_SIDE` of a puck/lens.
    public static let side = PenButtons(rawValue: 1 << 6)
    /// `BTN_EXTRA` of a puck/lens.
    public static let extra = PenButtons(rawValue: 1 << 7)

    /// Every button with its evdev key code, in output order.
    public static let keyCodes: [(button: PenButtons, code: UInt16)] = [
        (.stylus, EvdevCode.Key.stylus), (.stylus2, EvdevCode.Key.stylus2), (.stylus3, EvdevCode.Key.stylus3),
        (.left, EvdevCode.Key.btnLeft), (.right, EvdevCode.Key.btnRight), (.middle, EvdevCode.Key.btnMiddle),
        (.side, EvdevCode.Key.btnSide), (.extra, EvdevCode.Key.btnExtra),
    ]

    /// The button an evdev key code stands for, or nil when the key is not a tool button.
    public init?(keyCode: UInt16) {
        guard let entry = PenButtons.keyCodes.first(where: { $0.code == keyCode }) else { return nil }
        self = entry.button
    }

    /// Key codes of the buttons held, in output order.
    public var heldKeyCodes: [UInt16] {
        PenButtons.keyCodes.filter { contains($0.button) }.map(\.code)
    }
}
