/// What a pen's barrel button does in every app instead of being a button
/// (``PencilPreferences/penButtons``): OpenTabletDriver's and the X Wacom driver's pen-button
/// modes, which libinput and Wayland lost.
public enum PenButtonAction: String, CaseIterable, Hashable, Sendable {
    /// Hold and move to scroll: while the button is held and the pen hovers, its movement scrolls
    /// (high-resolution wheel events on a virtual pointer) and the pen's cursor stays where the
    /// scroll began. Moving the pen down turns the wheel towards the person (the view goes down
    /// the page), right turns the horizontal wheel right; the desktop's natural-scrolling setting
    /// for mice applies on top, as for any wheel.
    case scroll
    /// The button clicks only while the tip touches: a press while hovering never reaches apps
    /// (no accidental right-click when reaching for the button).
    case clickWhileTouching
    /// Hold and move to pan: the button reaches apps as the pen's primary barrel button
    /// (`BTN_STYLUS`), which desktops give apps as the middle mouse button (GNOME's and KDE's
    /// default for it, X11's button 2), so drawing apps pan on the drag — whichever button of the
    /// pen the person holds. Never the double tap's or the squeeze's.
    case pan

    /// The buttons that can be bound, by libevdev name.
    public static let buttonNames: [String: TapSource] = ["BTN_STYLUS": .stylus, "BTN_STYLUS2": .stylus2, "BTN_STYLUS3": .stylus3]

    /// The libevdev name of `source`'s button.
    public static func name(of source: TapSource) -> String {
        switch source {
        case .stylus: return "BTN_STYLUS"
        case .stylus2: return "BTN_STYLUS2"
        case .stylus3: return "BTN_STYLUS3"
        }
    }
}
