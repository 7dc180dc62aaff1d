import CInput
import QuillCore

#if canImport(Glibc)
import Glibc
#endif

/// A tablet-tool event as libinput 1.22 reports it, in Swift values (no libinput type leaves this file).
public struct LibinputToolEvent: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable { case proximity, tip, axis, button }
    public var kind: Kind
    /// Event time, microseconds (CLOCK_MONOTONIC).
    public var microseconds: Int64
    /// The tool (libinput's tool type mapped to Quill's).
    public var tool: PenTool
    /// Tool serial (0 when the tablet reports none).
    public var serial: UInt64
    /// Position in millimetres from the tablet's top-left (libinput smooths it over 4 samples).
    public var xMillimetres: Double
    public var yMillimetres: Double
    /// Normalized pressure 0 … 1 (libinput's thresholds and offset).
    public var pressure: Double
    /// Distance 0 … 1.
    public var distance: Double
    /// Tilt in degrees, W3C signs.
    public var tiltX: Double
    public var tiltY: Double
    /// Art Pen / puck rotation, degrees 0 … 360 clockwise.
    public var rotation: Double
    /// Airbrush wheel −1 … 1.
    public var slider: Double
    /// Proximity state after this event (proximity events).
    public var isInProximity: Bool
    /// Tip state after this event.
    public var isTipDown: Bool
    /// Button code and state (button events).
    public var button: UInt32
    public var isButtonPressed: Bool
    /// Which libinput device (by sysname, e.g. "event13").
    public var deviceName: String
}

/// A device libinput added, and what of the context's ``LibinputContext/configuration`` it took.
public struct LibinputDevice: Hashable, Sendable {
    /// Kernel sysname, e.g. "event13".
    public var sysname: String
    public var name: String
    public var vendor: UInt32
    public var product: UInt32
    /// Size in millimetres (nil when libinput knows none).
    public var widthMillimetres: Double?
    public var heightMillimetres: Double?
    /// True when the device has tablet tools (a pen tablet's pen interface).
    public var isTablet: Bool
    /// True when the device is a tablet pad (ExpressKeys, rings, strips).
    public var isPad: Bool = false
    /// True when the device has touch (a touchscreen: libinput's touch capability).
    public var isTouch: Bool = false
    /// libinput offers left-handed mode for it (1.22: only tablets libwacom calls reversible).
    public var leftHandedAvailable: Bool
    /// libinput offers a calibration matrix for it (1.22: only screen tablets, INPUT_PROP_DIRECT).
    public var calibrationAvailable: Bool
    /// Left-handed mode is on after applying the configuration.
    public var isLeftHanded: Bool
    /// The calibration in effect after applying the configuration (row-major a…f).
    public var calibration: [Double]
}

/// Tablet settings a context applies to every tablet it adds, where libinput offers them.
public struct LibinputTabletConfiguration: Hashable, Sendable {
    /// Turn reversible tablets 180° for left-handed use.
    public var leftHanded: Bool
    /// Calibration for screen tablets (nil: leave libinput's default).
    public var calibration: CalibrationMatrix?

    public init(leftHanded: Bool = false, calibration: CalibrationMatrix? = nil) {
        self.leftHanded = leftHanded
        self.calibration = calibration
    }
}

/// What a libinput context reports.
public enum LibinputEvent: Sendable {
    case deviceAdded(LibinputDevice)
    case deviceRemoved(sysname: String)
    case tool(LibinputToolEvent)
    case pad(LibinputPadEvent)
    case touch(LibinputTouchEvent)
}

/// A touch event as libinput 1.22 reports it (down, motion, up, cancel, frame), in Swift values.
public struct LibinputTouchEvent: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable { case down, motion, up, cancel, frame }
    public var kind: Kind
    /// Event time, microseconds (CLOCK_MONOTONIC).
    public var microseconds: Int64
    /// The node's slot and libinput's seat slot (−1 for a frame).
    public var slot: Int
    public var seatSlot: Int
    /// Millimetres from the device's top-left corner (down and motion; 0 otherwise).
    public var x: Double
    public var y: Double
    /// Which libinput device (by sysname).
    public var deviceName: String
}

/// A tablet-pad event as libinput 1.22 reports it (button, ring or strip), in Swift values.
public struct LibinputPadEvent: Hashable, Sendable {
    /// What happened, in libinput's numbers: buttons from 0, ring degrees (−1: finger up), strip 0…1 (−1).
    public var kind: PadEvent.Kind
    /// Event time, microseconds (CLOCK_MONOTONIC).
    public var microseconds: Int64
    /// Index of the button's, ring's or strip's mode group, and the group's mode after the event.
    public var modeGroup: Int
    public var mode: Int
    /// Which libinput device (by sysname, e.g. "event14").
    public var deviceName: String
}

/// A libinput context (udev seat or path backend). It opens device nodes itself; permission
/// errors are reported through ``openErrors``.
public final class LibinputContext {
    private let handle: OpaquePointer
    private var udev: OpaquePointer?
    /// Applied to every tablet as it is added (before its first event).
    public var configuration = LibinputTabletConfiguration()
    /// Nodes libinput could not open, with errno: the last 16 (a tablet awaited after an unplug
    /// is tried again and again).
    public static var openErrors: [(path: String, errno: Int32)] { lock.withLock { recordedErrors } }
    nonisolated(unsafe) private static var recordedErrors: [(path: String, errno: Int32)] = []
    private static let lock = NSLockish()

    nonisolated(unsafe) private static var interface = libinput_interface(
        open_restricted: { path, flags, _ in
            guard let path else { return -EINVAL }
            let fd = open(path, flags)
            if fd < 0 {
                let error = errno
                let text = String(cString: path)
                LibinputContext.lock.withLock {
                    LibinputContext.recordedErrors.append((text, error))
                    if LibinputContext.recordedErrors.count > 16 { LibinputContext.recordedErrors.removeFirst() }
                }
                return -error
            }
            return fd
        },
        close_restricted: { fd, _ in close(fd) })

    /// A udev context on `seat` (all input devices of the seat, hot-plug included).
    public init(seat: String = "seat0") throws {
        guard let udev = udev_new() else { throw LibinputError(message: "udev_new failed") }
        guard let context = libinput_udev_create_context(&LibinputContext.interface, nil, udev) else {
            udev_unref(udev)
            throw LibinputError(message: "libinput_udev_create_context failed")
        }
        guard libinput_udev_assign_seat(context, seat) == 0 else {
            libinput_unref(context)
            udev_unref(udev)
            throw LibinputError(message: "libinput could not assign seat \(seat)")
        }
        handle = context
        self.udev = udev
    }

    /// A path context holding the given nodes.
    public init(paths: [String]) throws {
        guard let context = libinput_path_create_context(&LibinputContext.interface, nil) else {
            throw LibinputError(message: "libinput_path_create_context failed")
        }
        handle = context
        for path in paths where libinput_path_add_device(context, path) == nil {
            throw LibinputError(message: "libinput did not accept \(path) (not an input device, no permission, or rejected: \(LibinputContext.openErrors.last.map { String(cString: strerror($0.errno)) } ?? "see libinput's log"))")
        }
    }

    /// Whether this is a path context (devices added by node), not a udev seat.
    public var isPathContext: Bool { udev == nil }

    /// Adds a node to a path context again (a tablet plugged back in); false while it cannot be
    /// opened or libinput rejects it. Its DEVICE_ADDED comes with the next ``events()``.
    public func addPath(_ path: String) -> Bool {
        guard isPathContext else { return false }
        return libinput_path_add_device(handle, path) != nil
    }

    deinit {
        libinput_unref(handle)
        if let udev { udev_unref(udev) }
    }

    /// The fd to poll.
    public var fileDescriptor: Int32 { libinput_get_fd(handle) }

    /// Sleeps on libinput's fd until it has something, one of `wakingOn` is readable (a stop
    /// request) or `timeout` seconds pass (nil: no limit); returns true when libinput's fd is readable.
    public func wait(timeout: Double?, wakingOn extra: [Int32] = []) -> Bool {
        let (ready, _, revents) = Poll.wait([fileDescriptor], timeout: timeout, wakingOn: extra)
        return ready > 0 && revents[0] & Int16(POLLIN) != 0
    }

    /// Reads what the kernel has and returns the events libinput makes of it.
    /// Devices added since the last call come first, configured before libinput reads their events.
    public func events() -> [LibinputEvent] {
        var result: [LibinputEvent] = []
        drain(into: &result)
        libinput_dispatch(handle)
        drain(into: &result)
        return result
    }

    private func drain(into result: inout [LibinputEvent]) {
        while let event = libinput_get_event(handle) {
            defer { libinput_event_destroy(event) }
            let device = libinput_event_get_device(event)
            let sysname = device.flatMap { libinput_device_get_sysname($0) }.map { String(cString: $0) } ?? ""
            switch libinput_event_get_type(event) {
            case LIBINPUT_EVENT_DEVICE_ADDED:
                guard let device else { continue }
                result.append(.deviceAdded(configure(device, sysname: sysname)))
            case LIBINPUT_EVENT_DEVICE_REMOVED:
                result.append(.deviceRemoved(sysname: sysname))
            case LIBINPUT_EVENT_TABLET_TOOL_PROXIMITY, LIBINPUT_EVENT_TABLET_TOOL_TIP, LIBINPUT_EVENT_TABLET_TOOL_AXIS,
                LIBINPUT_EVENT_TABLET_TOOL_BUTTON:
                guard let toolEvent = libinput_event_get_tablet_tool_event(event) else { continue }
                result.append(.tool(LibinputContext.convert(toolEvent, type: libinput_event_get_type(event), sysname: sysname)))
            case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION, LIBINPUT_EVENT_TOUCH_UP, LIBINPUT_EVENT_TOUCH_CANCEL, LIBINPUT_EVENT_TOUCH_FRAME:
                guard let touchEvent = libinput_event_get_touch_event(event) else { continue }
                result.append(.touch(LibinputContext.convertTouch(touchEvent, type: libinput_event_get_type(event), sysname: sysname)))
            case LIBINPUT_EVENT_TABLET_PAD_BUTTON, LIBINPUT_EVENT_TABLET_PAD_RING, LIBINPUT_EVENT_TABLET_PAD_STRIP:
                guard let padEvent = libinput_event_get_tablet_pad_event(event) else { continue }
                result.append(.pad(LibinputContext.convertPad(padEvent, type: libinput_event_get_type(event), sysname: sysname)))
            default:
                continue
            }
        }
    }

    /// Applies ``configuration`` where libinput offers it and describes the device.
    private func configure(_ device: OpaquePointer, sysname: String) -> LibinputDevice {
        var width = 0.0, height = 0.0
        let hasSize = libinput_device_get_size(device, &width, &height) == 0
        let isTablet = libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_TABLET_TOOL) != 0
        let leftHandedAvailable = libinput_device_config_left_handed_is_available(device) != 0
        let calibrationAvailable = libinput_device_config_calibration_has_matrix(device) != 0
        if isTablet, leftHandedAvailable, configuration.leftHanded {
            _ = libinput_device_config_left_handed_set(device, 1)
        }
        if isTablet, calibrationAvailable, let calibration = configuration.calibration {
            var matrix = calibration.values.map(Float.init)
            _ = libinput_device_config_calibration_set_matrix(device, &matrix)
        }
        var current = [Float](repeating: 0, count: 6)
        _ = libinput_device_config_calibration_get_matrix(device, &current)
        return LibinputDevice(
            sysname: sysname, name: String(cString: libinput_device_get_name(device)),
            vendor: libinput_device_get_id_vendor(device), product: libinput_device_get_id_product(device),
            widthMillimetres: hasSize ? width : nil, heightMillimetres: hasSize ? height : nil, isTablet: isTablet,
            isPad: libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_TABLET_PAD) != 0,
            isTouch: libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_TOUCH) != 0,
            leftHandedAvailable: leftHandedAvailable, calibrationAvailable: calibrationAvailable,
            isLeftHanded: libinput_device_config_left_handed_get(device) != 0, calibration: current.map(Double.init))
    }

    private static func convertTouch(_ event: OpaquePointer, type: libinput_event_type, sysname: String) -> LibinputTouchEvent {
        let kind: LibinputTouchEvent.Kind
        switch type {
        case LIBINPUT_EVENT_TOUCH_DOWN: kind = .down
        case LIBINPUT_EVENT_TOUCH_MOTION: kind = .motion
        case LIBINPUT_EVENT_TOUCH_UP: kind = .up
        case LIBINPUT_EVENT_TOUCH_CANCEL: kind = .cancel
        default: kind = .frame
        }
        // Slots and positions exist only for down, motion, up and cancel (positions: down and motion).
        let hasSlot = kind != .frame
        let hasPosition = kind == .down || kind == .motion
        return LibinputTouchEvent(
            kind: kind, microseconds: Int64(libinput_event_touch_get_time_usec(event)),
            slot: hasSlot ? Int(libinput_event_touch_get_slot(event)) : -1,
            seatSlot: hasSlot ? Int(libinput_event_touch_get_seat_slot(event)) : -1,
            x: hasPosition ? libinput_event_touch_get_x(event) : 0, y: hasPosition ? libinput_event_touch_get_y(event) : 0,
            deviceName: sysname)
    }

    private static func convertPad(_ event: OpaquePointer, type: libinput_event_type, sysname: String) -> LibinputPadEvent {
        let kind: PadEvent.Kind
        switch type {
        case LIBINPUT_EVENT_TABLET_PAD_BUTTON:
            kind = .button(
                number: Int(libinput_event_tablet_pad_get_button_number(event)),
                isPressed: libinput_event_tablet_pad_get_button_state(event) == LIBINPUT_BUTTON_STATE_PRESSED)
        case LIBINPUT_EVENT_TABLET_PAD_RING:
            kind = .ring(number: Int(libinput_event_tablet_pad_get_ring_number(event)), degrees: libinput_event_tablet_pad_get_ring_position(event))
        default:
            kind = .strip(number: Int(libinput_event_tablet_pad_get_strip_number(event)), position: libinput_event_tablet_pad_get_strip_position(event))
        }
        let group = libinput_event_tablet_pad_get_mode_group(event).map { Int(libinput_tablet_pad_mode_group_get_index($0)) } ?? 0
        return LibinputPadEvent(
            kind: kind, microseconds: Int64(truncatingIfNeeded: libinput_event_tablet_pad_get_time_usec(event)), modeGroup: group,
            mode: Int(libinput_event_tablet_pad_get_mode(event)), deviceName: sysname)
    }

    private static func convert(_ event: OpaquePointer, type: libinput_event_type, sysname: String) -> LibinputToolEvent {
        let tool = libinput_event_tablet_tool_get_tool(event)
        let kind: LibinputToolEvent.Kind
        switch type {
        case LIBINPUT_EVENT_TABLET_TOOL_PROXIMITY: kind = .proximity
        case LIBINPUT_EVENT_TABLET_TOOL_TIP: kind = .tip
        case LIBINPUT_EVENT_TABLET_TOOL_BUTTON: kind = .button
        default: kind = .axis
        }
        let penTool: PenTool
        switch tool.map({ libinput_tablet_tool_get_type($0) }) {
        case LIBINPUT_TABLET_TOOL_TYPE_ERASER: penTool = .eraser
        case LIBINPUT_TABLET_TOOL_TYPE_BRUSH: penTool = .brush
        case LIBINPUT_TABLET_TOOL_TYPE_PENCIL: penTool = .pencil
        case LIBINPUT_TABLET_TOOL_TYPE_AIRBRUSH: penTool = .airbrush
        case LIBINPUT_TABLET_TOOL_TYPE_MOUSE: penTool = .mouse
        case LIBINPUT_TABLET_TOOL_TYPE_LENS: penTool = .lens
        default: penTool = .pen
        }
        return LibinputToolEvent(
            kind: kind, microseconds: Int64(truncatingIfNeeded: libinput_event_tablet_tool_get_time_usec(event)), tool: penTool,
            serial: tool.map { libinput_tablet_tool_get_serial($0) } ?? 0,
            xMillimetres: libinput_event_tablet_tool_get_x(event), yMillimetres: libinput_event_tablet_tool_get_y(event),
            pressure: libinput_event_tablet_tool_get_pressure(event), distance: libinput_event_tablet_tool_get_distance(event),
            tiltX: libinput_event_tablet_tool_get_tilt_x(event), tiltY: libinput_event_tablet_tool_get_tilt_y(event),
            // Only a tool with a rotation axis (Art Pen, puck) has a rotation: with left-handed mode
            // libinput 1.22 adds 180° to the stored value at every axis update of the others.
            rotation: tool.map { libinput_tablet_tool_has_rotation($0) != 0 } == true ? libinput_event_tablet_tool_get_rotation(event) : 0, slider: libinput_event_tablet_tool_get_slider_position(event),
            isInProximity: kind == .proximity
                ? libinput_event_tablet_tool_get_proximity_state(event) == LIBINPUT_TABLET_TOOL_PROXIMITY_STATE_IN : true,
            isTipDown: libinput_event_tablet_tool_get_tip_state(event) == LIBINPUT_TABLET_TOOL_TIP_DOWN,
            button: kind == .button ? libinput_event_tablet_tool_get_button(event) : 0,
            isButtonPressed: kind == .button ? libinput_event_tablet_tool_get_button_state(event) == LIBINPUT_BUTTON_STATE_PRESSED : false,
            deviceName: sysname)
    }
}

/// A libinput call failed.
public struct LibinputError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// A minimal mutex (pthread) for the open-error list filled from libinput's C callback.
final class NSLockish: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    init() { pthread_mutex_init(&mutex, nil) }
    deinit { pthread_mutex_destroy(&mutex) }
    func withLock<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return body()
    }
}
