/// What a database of tablet models (libwacom, in the device layer) knows about a device that
/// the device itself does not say: the size of its active area and the layout of its pad.
/// The replay and the live readers ask it; without one, they use what the kernel declares.
public protocol TabletCatalog: Sendable {
    /// The active area of `device`'s model in millimetres, or nil when the model is unknown.
    func activeArea(of device: DeviceDescription) -> TabletArea?
    /// The pad layout (button order, mode groups, toggles) of `device`'s model, or nil.
    func padLayout(of device: DeviceDescription) -> PadLayout?
    /// The USB ids of the node `device`'s model is paired with (libwacom's `PairedID`: a Cintiq's
    /// touch on its own product id, the Dell Canvas's Advanced Silicon touchscreen), or nil.
    func pairedModel(of device: DeviceDescription) -> ModelID?
}

extension TabletCatalog {
    /// No pairing known.
    public func pairedModel(of device: DeviceDescription) -> ModelID? { nil }
}

/// A USB vendor and product id.
public struct ModelID: Hashable, Sendable {
    /// USB vendor id.
    public var vendor: UInt16
    /// USB product id.
    public var product: UInt16

    public init(vendor: UInt16, product: UInt16) {
        self.vendor = vendor
        self.product = product
    }

    /// The ids of `device`.
    public init(_ device: DeviceDescription) {
        self.init(vendor: device.vendor, product: device.product)
    }

    /// Parses `vvvv:pppp` (four hex digits each, as `quill devices` shows them), or nil.
    public init?(text: some StringProtocol) {
        let ids = text.split(separator: ":", omittingEmptySubsequences: false)
        guard ids.count == 2, ids.allSatisfy({ $0.count == 4 }), let vendor = UInt16(ids[0], radix: 16), let product = UInt16(ids[1], radix: 16) else { return nil }
        self.init(vendor: vendor, product: product)
    }

    /// `vvvv:pppp`, lower-case hex.
    public var text: String {
        func hex(_ value: UInt16) -> String {
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 4 - digits.count) + digits
        }
        return hex(vendor) + ":" + hex(product)
    }
}

/// The size of a tablet's active area and where it came from.
public struct TabletArea: Hashable, Sendable {
    /// Width in millimetres (> 0).
    public var width: Double
    /// Height in millimetres (> 0).
    public var height: Double
    /// Where the size comes from, for messages, e.g. `libwacom "Wacom Cintiq 13HD" (12 × 7 in)`.
    public var source: String

    /// Throws ``ParameterError`` unless both sides are finite and positive.
    public init(width: Double, height: Double, source: String) throws {
        guard width.isFinite, height.isFinite, width > 0, height > 0 else {
            throw ParameterError(field: "TabletArea", value: "\(width) × \(height)", expected: "millimetres > 0")
        }
        self.width = width
        self.height = height
        self.source = source
    }
}

/// How the millimetres of a tablet's positions were found.
public enum TabletScale: Hashable, Sendable {
    /// From the resolution of ABS_X/ABS_Y the device declares (units per millimetre).
    case declaredResolution
    /// From a tablet database's size of the model (the device declares no resolution).
    case catalog(TabletArea)
    /// Neither: the given units per millimetre are assumed.
    case assumed(unitsPerMillimetre: Int32)

    /// One phrase for `info` and `summary`.
    public var description: String {
        switch self {
        case .declaredResolution: return "resolution declared by the device"
        case let .catalog(area):
            return "no resolution declared: size \(area.width.formatted1) × \(area.height.formatted1) mm from \(area.source)"
        case let .assumed(units):
            return "no resolution declared and the model is unknown to libwacom: \(units) units/mm assumed"
        }
    }
}

extension TabletScale {
    /// Where the millimetres of axes `x` and `y` come from, and the units per millimetre along
    /// each: the resolution they declare, else `area` (a tablet database's, or a paired pen's
    /// size), else `assumed` units per millimetre. One rule for pen and touch nodes.
    public static func of(x: AxisInfo, y: AxisInfo, area: TabletArea?, assumed: Int32) -> (scale: TabletScale, unitsPerMillimetreX: Double, unitsPerMillimetreY: Double) {
        if x.resolution > 0 && y.resolution > 0 {
            return (.declaredResolution, Double(x.resolution), Double(y.resolution))
        }
        if let area {
            return (.catalog(area), x.span / area.width, y.span / area.height)
        }
        return (.assumed(unitsPerMillimetre: assumed), Double(assumed), Double(assumed))
    }
}

extension Double {
    /// One decimal, for messages.
    var formatted1: String { String((self * 10).rounded() / 10) }
}
