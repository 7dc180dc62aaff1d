/// A request this model cannot answer: an unknown device, a mode the device or orientation does
/// not offer, a value out of range. It names the field, the value given and what is allowed.
///
/// Built through the static factories so every message has the same shape:
/// `mode "split-1/2" is not available: ipad-pro-11 has no 1/2 split in portrait (allowed: full, split-2/3, split-1/3, slide-over)`.
public struct LayoutError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The input that was rejected, e.g. `device`, `mode`, `windowWidth`.
    public let field: String
    /// The rejected value as given.
    public let value: String
    /// What would have been accepted.
    public let allowed: String
    /// Why the value was rejected.
    public let reason: String

    public init(field: String, value: String, allowed: String, reason: String) {
        self.field = field
        self.value = value
        self.allowed = allowed
        self.reason = reason
    }

    public var description: String {
        "\(field) \"\(value)\" is not available: \(reason) (allowed: \(allowed))"
    }

    /// No device in `DeviceCatalog` has this identifier.
    public static func unknownDevice(_ id: String) -> LayoutError {
        LayoutError(
            field: "device",
            value: id,
            allowed: DeviceCatalog.all.map(\.id).joined(separator: ", "),
            reason: "no device in the catalog has this id"
        )
    }

    /// `mode` is not offered by `device` in `orientation` (any split on an iPhone, a 1/2 split in
    /// portrait).
    public static func unavailableMode(
        _ mode: MultitaskingMode, device: Device, orientation: Orientation
    ) -> LayoutError {
        let reason: String
        if device.multitasking == nil {
            reason = "\(device.id) is an iPhone and has no Split View or Slide Over"
        } else if mode == .splitHalf && orientation == .portrait {
            reason = "\(device.id) has no 1/2 split in portrait"
        } else {
            reason = "\(device.id) does not offer it in \(orientation.rawValue)"
        }
        return LayoutError(
            field: "mode",
            value: mode.rawValue,
            allowed: device.availableModes(orientation).map(\.rawValue).joined(separator: ", "),
            reason: reason
        )
    }

    /// A number outside its range, e.g. a window narrower than any in the reference.
    public static func outOfRange(_ field: String, _ value: Double, allowed: String) -> LayoutError {
        LayoutError(field: field, value: JSONValue.number(value), allowed: allowed, reason: "out of range")
    }

    /// Parses a command-line word into one of the cases of `T`, naming `field` when it fails.
    public static func parse<T: CaseIterable & RawRepresentable>(
        _ text: String, as type: T.Type, field: String
    ) throws -> T where T.RawValue == String {
        if let value = T(rawValue: text) { return value }
        throw LayoutError(
            field: field,
            value: text,
            allowed: T.allCases.map(\.rawValue).joined(separator: ", "),
            reason: "not a known \(field)"
        )
    }
}
