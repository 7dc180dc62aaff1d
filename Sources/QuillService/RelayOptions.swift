import QuillCore
import QuillStroke

/// Options of the virtual tablet (all off by default: the stream passes unchanged but for what
/// the person's preferences set).
public struct RelayOptions: Hashable, Sendable {
    /// A pressure curve for every tool of the virtual tablet, in place of the curves of the
    /// preferences' `penPressure` (their tip thresholds stay), or nil (the default): the preferences'.
    public var pressureCurve: PressureCurve?
    /// The stroke engine's smoother (`StrokeSmoother`) on the virtual tablet's positions, or nil
    /// (the default: positions pass unchanged). A smoothed tablet is named `Quill smoothed: …`,
    /// for which the libinput quirk of Tools/ship/install turns libinput's own smoothing off.
    public var smoothing: SmoothingParameters?
    /// How far the pen moves for one wheel click when a barrel button scrolls. Default 4 mm.
    public var scroll: PenScrollParameters

    public init(pressureCurve: PressureCurve? = nil, smoothing: SmoothingParameters? = nil, scroll: PenScrollParameters = .defaults) {
        self.pressureCurve = pressureCurve
        self.smoothing = smoothing
        self.scroll = scroll
    }
}
