/// Everything a device layout depends on: which device, how it is held, how much of the screen
/// the app has, and the person's text size, drawing hand and palette choice.
///
/// `layout()` answers with a `Layout`, or throws a `LayoutError` for an impossible combination
/// (an unknown device, any split on an iPhone, a 1/2 split in portrait).
public struct LayoutEnvironment: Hashable, Sendable {
    /// A `Device.id` from `DeviceCatalog`.
    public var deviceID: String
    /// How the device is held.
    public var orientation: Orientation
    /// How much of the screen the app has; default `full`.
    public var mode: MultitaskingMode
    /// The person's text size; default `large`.
    public var textSize: TextSize
    /// The hand that holds the pencil; default `right`.
    public var hand: DrawingHand
    /// Where the palette goes; default `auto` (floating when the width is regular).
    public var palette: PalettePreference

    public init(
        deviceID: String,
        orientation: Orientation,
        mode: MultitaskingMode = .full,
        textSize: TextSize = .default,
        hand: DrawingHand = .right,
        palette: PalettePreference = .auto
    ) {
        self.deviceID = deviceID
        self.orientation = orientation
        self.mode = mode
        self.textSize = textSize
        self.hand = hand
        self.palette = palette
    }

    /// The layout of this environment.
    public func layout(metrics: PaletteMetrics = .standard) throws -> Layout {
        try Layout(self, metrics: metrics)
    }

    /// The device, or an error naming the unknown id.
    public func device() throws -> Device {
        guard let device = DeviceCatalog.device(id: deviceID) else { throw LayoutError.unknownDevice(deviceID) }
        return device
    }
}
