import CInput
import QuillCore

#if canImport(Glibc)
import Glibc
#endif

/// The udev properties of an event node (what udev's `input_id` builtin and hwdb tagged it
/// with: `ID_INPUT_TABLET`, `ID_INPUT_TABLET_PAD`, `ID_INPUT_TOUCHSCREEN`, …), through libudev.
public enum UdevProperties {
    /// The properties of the character device at `path`, or nil when udev has no record of it
    /// (no udev, a container, a node made by hand).
    public static func of(node path: String) -> [String: String]? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFCHR, let udev = udev_new() else { return nil }
        defer { udev_unref(udev) }
        guard let device = udev_device_new_from_devnum(udev, CChar(UInt8(ascii: "c")), info.st_rdev) else { return nil }
        defer { udev_device_unref(device) }
        var properties: [String: String] = [:]
        var entry = udev_device_get_properties_list_entry(device)
        while let current = entry {
            if let name = udev_list_entry_get_name(current), let value = udev_list_entry_get_value(current) {
                properties[String(cString: name)] = String(cString: value)
            }
            entry = udev_list_entry_get_next(current)
        }
        return properties.isEmpty ? nil : properties
    }

    /// The node's class as libinput will see it: from udev's tags when udev has them, else by
    /// udev's own rules on the capabilities `device` declares.
    public static func deviceClass(node path: String, device: DeviceDescription) -> DeviceClass {
        of(node: path).flatMap(DeviceClass.init(udevProperties:)) ?? device.deviceClass
    }
}
