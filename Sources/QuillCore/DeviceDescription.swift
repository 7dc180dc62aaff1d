/// What a recorded or live evdev device says about itself: name, ids, the codes it can send and
/// the ranges of its absolute axes.
public struct DeviceDescription: Hashable, Sendable {
    /// Kernel device name, e.g. "Wacom Intuos Pro M Pen".
    public var name: String
    /// Bus type (3 = USB).
    public var bus: UInt16
    /// USB vendor id (0x056a = Wacom).
    public var vendor: UInt16
    /// USB product id.
    public var product: UInt16
    /// Device version.
    public var version: UInt16
    /// Codes per event type, each list sorted ascending.
    public var codes: [UInt16: [UInt16]]
    /// Range of every absolute axis the device declares, by `ABS_*` code.
    public var axes: [UInt16: AxisInfo]
    /// Input properties (`INPUT_PROP_*`), sorted ascending.
    public var properties: [UInt16]

    public init(
        name: String, bus: UInt16 = 0, vendor: UInt16 = 0, product: UInt16 = 0, version: UInt16 = 0,
        codes: [UInt16: [UInt16]] = [:], axes: [UInt16: AxisInfo] = [:], properties: [UInt16] = []
    ) {
        self.name = name
        self.bus = bus
        self.vendor = vendor
        self.product = product
        self.version = version
        self.codes = codes
        self.axes = axes
        self.properties = properties
    }

    /// Wacom's USB vendor id.
    public static let wacomVendor: UInt16 = 0x056a

    /// True when the device declares `code` for event `type`.
    public func has(type: UInt16, code: UInt16) -> Bool {
        if type == EvdevCode.EventType.abs { return axes[code] != nil }
        return codes[type]?.contains(code) ?? false
    }

    /// True when the device can report that a tool is in proximity (`BTN_TOOL_*` keys).
    public var hasProximityKeys: Bool {
        PenTool.allCases.contains { has(type: EvdevCode.EventType.key, code: $0.keyCode) }
    }
}
