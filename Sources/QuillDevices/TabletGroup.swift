import QuillCore

/// Nodes of one physical tablet: the same USB ids and the same name once the node's suffix
/// ("Pen", "Pad", "Finger", "Touch") is taken off — the kernel names a tablet's nodes that way.
public struct TabletGroup: Hashable, Sendable {
    public var name: String
    /// Indices into the list given to ``group(_:)``.
    public var members: [Int]

    public static func group(_ devices: [DeviceDescription]) -> [TabletGroup] {
        var groups: [TabletGroup] = []
        var keys: [String] = []
        for (index, device) in devices.enumerated() {
            var name = device.name
            for suffix in [" Pen", " Pad", " Finger", " Touch", " Express Key Remote"] where name.hasSuffix(suffix) {
                name = String(name.dropLast(suffix.count))
            }
            let key = "\(device.bus):\(device.vendor):\(device.product):\(name)"
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
