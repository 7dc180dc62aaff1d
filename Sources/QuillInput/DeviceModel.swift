import QuillCore

/// A device description being built from a recording's header, checked the way libevdev checks
/// a device it is given (libevdev_enable_event_code, libevdev_enable_property) — in Swift, with
/// libevdev's own tables (`EvdevNames`), so the readers need no C library.
///
/// libevdev's rules, kept here: a type must be one libevdev knows (it has a largest code) and a
/// code at most that; EV_ABS codes come with their range; EV_SYN is always present with all its
/// codes; properties are at most INPUT_PROP_MAX (0x1f).
public struct DeviceModel: Sendable {
    public var name = ""
    private var bus: UInt16 = 0, vendor: UInt16 = 0, product: UInt16 = 0, version: UInt16 = 0
    private var codes: [UInt16: Set<UInt16>] = [:]
    private var axes: [UInt16: AxisInfo] = [:]
    private var properties: Set<UInt16> = []

    public init() {}

    /// Sets bus, vendor, product and version.
    public mutating func setIdentity(bus: UInt16, vendor: UInt16, product: UInt16, version: UInt16) {
        (self.bus, self.vendor, self.product, self.version) = (bus, vendor, product, version)
    }

    /// Enables a non-absolute code (keys, MSC, SYN, …). Throws ``DeviceModelError`` for codes
    /// libevdev rejects. EV_REP is skipped: a recording's repeat bits carry no delay or period.
    public mutating func enable(type: UInt16, code: UInt16) throws {
        precondition(type != EvdevCode.EventType.abs, "use enableAxis(code:info:) for EV_ABS")
        // libevdev: EV_SYN is always there with every code (any code is accepted), EV_REP is skipped.
        if type == EvdevCode.EventType.rep || type == EvdevCode.EventType.syn { return }
        guard let maximum = EvdevNames.maximumCode(type: type), code <= maximum else {
            throw DeviceModelError(message: "cannot enable \(EvdevNames.describe(type: type, code: code)): not a code of a type libevdev knows")
        }
        codes[type, default: []].insert(code)
    }

    /// Enables an absolute axis with its range.
    public mutating func enableAxis(code: UInt16, info: AxisInfo) throws {
        guard let maximum = EvdevNames.maximumCode(type: EvdevCode.EventType.abs), code <= maximum else {
            throw DeviceModelError(message: "cannot enable \(EvdevNames.describe(type: EvdevCode.EventType.abs, code: code)): beyond ABS_MAX")
        }
        axes[code] = info
    }

    /// Enables an input property (`INPUT_PROP_*`, at most 0x1f).
    public mutating func enableProperty(_ property: UInt16) throws {
        guard property <= 0x1f else { throw DeviceModelError(message: "cannot enable property \(property): beyond INPUT_PROP_MAX (0x1f)") }
        properties.insert(property)
    }

    /// True when the device has this code enabled.
    public func has(type: UInt16, code: UInt16) -> Bool {
        if type == EvdevCode.EventType.syn { return EvdevNames.maximumCode(type: type).map { code <= $0 } ?? false }
        if type == EvdevCode.EventType.abs { return axes[code] != nil }
        return codes[type]?.contains(code) ?? false
    }

    /// The range of an absolute axis, or nil when it is not enabled.
    public func axisInfo(code: UInt16) -> AxisInfo? { axes[code] }

    /// A value snapshot of everything the model holds (the shape libevdev's device gives).
    public var snapshot: DeviceDescription {
        var list: [UInt16: [UInt16]] = [:]
        if let maximum = EvdevNames.maximumCode(type: EvdevCode.EventType.syn) { list[EvdevCode.EventType.syn] = Array(0...maximum) }
        for (type, set) in codes where !set.isEmpty { list[type] = set.sorted() }
        return DeviceDescription(
            name: name, bus: bus, vendor: vendor, product: product, version: version,
            codes: list, axes: axes, properties: properties.sorted())
    }
}

/// A code or property that libevdev's rules refuse.
public struct DeviceModelError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
