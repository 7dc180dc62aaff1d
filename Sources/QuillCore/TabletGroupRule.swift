/// Which pen and touch nodes belong to one tablet, for palm rejection.
///
/// libinput 1.22 pairs a pen with a touchscreen, or with an external touchpad (every Wacom
/// touchpad is one), in the same udev device group (`LIBINPUT_DEVICE_GROUP`: bus, vendor and
/// product with the physical path; for Wacom the ids are replaced by libwacom's `PairedID`).
/// A recording carries no udev groups, so Quill pairs nodes whose USB ids are equal, or which
/// libwacom pairs (either way round), or — a recording of one pen node and one touch node, as
/// `libinput record` writes one tablet's nodes — the only two.
public enum TabletGroupRule {
    /// True for a touch node a pen arbitrates: a touchscreen, or a Wacom touchpad (libinput's
    /// external touchpads; a laptop's touchpad is not paired).
    public static func arbitrates(_ touch: DeviceDescription) -> Bool {
        switch touch.deviceClass {
        case .touchscreen: return true
        case .touchpad: return touch.vendor == DeviceDescription.wacomVendor
        default: return false
        }
    }

    /// True when `pen` and `touch` are nodes of one tablet (see the type's description).
    public static func pairs(pen: DeviceDescription, touch: DeviceDescription, catalog: (any TabletCatalog)?, isOnlyPair: Bool) -> Bool {
        if isOnlyPair { return true }
        if pen.vendor != 0 && ModelID(pen) == ModelID(touch) { return true }
        guard let catalog else { return false }
        return catalog.pairedModel(of: pen) == ModelID(touch) || catalog.pairedModel(of: touch) == ModelID(pen)
    }
}
