import QuillCore
import QuillSystem

/// Nodes of one physical tablet, as libinput's device group has them: the same USB ids — a
/// device that libwacom pairs with another (a screen tablet's touch interface on its own product
/// id, `PairedID`) taking the paired device's ids, as libinput's udev helper does — and the same
/// name once the node's suffix ("Pen", "Pad", "Finger", "Touch") is taken off (the kernel names a
/// tablet's nodes that way; libinput tells two identical tablets apart by their USB path).
public struct TabletGroup: Hashable, Sendable {
    public var name: String
    /// Indices into the list given to ``group(_:paired:)``.
    public var members: [Int]

    /// `paired` gives the USB ids libwacom pairs a device with (nil when none or unknown).
    public static func group(_ devices: [DeviceDescription], paired: (DeviceDescription) -> WacomDeviceID? = { _ in nil }) -> [TabletGroup] {
        var groups: [TabletGroup] = []
        var keys: [String] = []
        for (index, device) in devices.enumerated() {
            var name = device.name
            for suffix in [" Pen", " Pad", " Finger", " Touch", " Express Key Remote"] where name.hasSuffix(suffix) {
                name = String(name.dropLast(suffix.count))
            }
            let own = WacomDeviceID(vendor: Int(device.vendor), product: Int(device.product))
            let ids = paired(device) ?? own
            // A pairing joins nodes whatever their names (the Dell Canvas's Wacom pen and its
            // Advanced Silicon touchscreen); otherwise the name tells two tablets of one model apart.
            let isPaired = paired(device) != nil || devices.contains { paired($0) == own }
            let key = isPaired ? "\(device.bus):\(ids.vendor):\(ids.product)" : "\(device.bus):\(ids.vendor):\(ids.product):\(name)"
            if let existing = keys.firstIndex(of: key) {
                groups[existing].members.append(index)
            } else {
                keys.append(key)
                groups.append(TabletGroup(name: name, members: [index]))
            }
        }
        return groups
    }
}
