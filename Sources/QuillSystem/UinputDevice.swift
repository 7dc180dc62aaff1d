import CEvdev
import QuillCore

#if canImport(Glibc)
import Glibc
#endif

/// A virtual input device made through `/dev/uinput` with libevdev's uinput API
/// (`libevdev_uinput_create_from_device`, `LIBEVDEV_UINPUT_OPEN_MANAGED`): apps and the
/// compositor's libinput see it as a device like any other. Removed when the value goes (the
/// kernel also removes it when the process ends, however it ends: its fd closes).
///
/// Writing never waits for the apps that read the device: the kernel hands each event to every
/// reader's buffer, and a reader that falls behind gets `SYN_DROPPED`, not the writer a block.
public final class UinputDevice {
    /// The device as created.
    public let description: DeviceDescription
    /// The kernel's name for it (`input42`), when it says.
    public let systemName: String?
    /// Its event node (`/dev/input/event23`), when udev made one libevdev could find.
    public let node: String?
    private let model: EvdevDeviceModel
    private let handle: OpaquePointer

    /// Creates the device. Throws ``UinputError`` naming what failed (no /dev/uinput, no access,
    /// a description libevdev refuses).
    public init(_ description: DeviceDescription) throws {
        let model: EvdevDeviceModel
        do {
            model = try EvdevDeviceModel(description)
        } catch let error as EvdevError {
            throw UinputError(device: description.name, errno: EINVAL, detail: error.description)
        }
        // Every device sends SYN_REPORT; a keyboard-only description may not list it.
        _ = libevdev_enable_event_type(model.handle, UInt32(EvdevCode.EventType.syn))
        var device: OpaquePointer?
        let status = libevdev_uinput_create_from_device(model.handle, Int32(LIBEVDEV_UINPUT_OPEN_MANAGED.rawValue), &device)
        guard status == 0, let device else { throw UinputError(device: description.name, errno: -status, detail: nil) }
        self.model = model
        self.description = description
        handle = device
        systemName = libevdev_uinput_get_syspath(device).map { String(String(cString: $0).split(separator: "/").last ?? "") }
        node = libevdev_uinput_get_devnode(device).map { String(cString: $0) }
    }

    deinit { libevdev_uinput_destroy(handle) }

    /// Writes events (whole frames, each ending with `SYN_REPORT`); the kernel stamps their time.
    public func write(_ events: some Sequence<InputEvent>) throws {
        for event in events {
            let status = libevdev_uinput_write_event(handle, UInt32(event.type), UInt32(event.code), event.value)
            guard status == 0 else { throw UinputError(device: description.name, errno: -status, detail: "writing \(EvdevNames.describe(type: event.type, code: event.code))") }
        }
    }

    /// `/dev/uinput`, where the kernel's uinput module answers.
    public static let path = "/dev/uinput"
}

/// A virtual device could not be made or written.
public struct UinputError: Error, Hashable, Sendable, CustomStringConvertible {
    public var device: String
    public var errno: Int32
    public var detail: String?

    public var description: String {
        let reason = String(cString: strerror(errno))
        switch errno {
        case EACCES, EPERM:
            return "cannot create the virtual device \"\(device)\": \(UinputDevice.path): \(reason). Give your user access to it: sudo Tools/ship/install --uinput-access (a udev rule), then sudo udevadm control --reload && sudo udevadm trigger \(UinputDevice.path)"
        case ENOENT, ENODEV:
            return "cannot create the virtual device \"\(device)\": \(UinputDevice.path) is missing (\(reason)): load the kernel module with sudo modprobe uinput (Tools/ship/install --uinput-access loads it at boot)"
        default:
            return "virtual device \"\(device)\": \(detail.map { "\($0): " } ?? "")\(reason)"
        }
    }
}
