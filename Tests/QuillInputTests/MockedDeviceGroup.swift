import Foundation
import QuillCore
import QuillSystem
import QuillTestSupport
@testable import QuillInput

/// Every device of a multi-device recording mocked with umockdev at once, one node each
/// (`/dev/input/event13`, `event14`, …), all in one udev device group, playing their events on
/// the recording's own clock: what libinput needs to pair a pen with its touchscreen.
///
/// Unlike ``MockedTablet`` (one device, frame gaps clamped for a pen) the events keep their exact
/// times, so events of different nodes keep their order and distance. Per node, like udev on a
/// real system: the tags of the device's class, `LIBINPUT_DEVICE_GROUP`, and for a touchscreen or
/// touchpad libinput's fuzz override (`90-libinput-fuzz-override.rules`: the kernel fuzz of X, Y
/// and MT position X/Y moves into `LIBINPUT_FUZZ_xx` and the kernel reports 0). A multitouch
/// node answers `EVIOCGMTSLOTS` for every `ABS_MT_*` code (no contact in any slot).
final class MockedDeviceGroup {
    /// One mocked node.
    struct Node {
        var number: Int
        var device: DeviceDescription
        var deviceClass: DeviceClass
        /// The device's events, times in µs on the recording's clock.
        var events: [InputEvent]
        var path: String { "/dev/input/event\(number)" }
        var minor: Int { 64 + number }
    }

    /// Seconds between the wake-up event and the recording's time 0 (see ``MockedTablet/lead``).
    static let lead = 3.0
    /// Seconds the event times are kept ahead of the moment they are read (quillmock.c's
    /// QUILL_MOCK_HEADROOM): libinput's timers (the 90 ms touch arbitration, the 50 ms forced
    /// proximity-out) then run from event times, as on a real device, even when umockdev starts
    /// the streams late on a loaded machine, or the reader stalls. 0.5 s was not enough once: on
    /// two cores saturated by `stress-ng` beside the CI's own build, the reader of a palm fixture
    /// stalled longer and libinput's 50 ms proximity timer fired before later events were read.
    static let headroom = 1.5
    let nodes: [Node]
    let group: String
    let directory: URL

    /// Mocks every device of `recording` (the first on event13). `group` is the udev
    /// `LIBINPUT_DEVICE_GROUP` of all of them.
    init(recording: String, group: String = "3/56a/0:quill-mock") throws {
        let reader = try Recording.open(path: recording)
        var devices: [Int: DeviceDescription] = [:]
        var events: [Int: [InputEvent]] = [:]
        while let item = try reader.next() {
            switch item {
            case let .device(index, description): devices[index] = description
            case let .event(index, event, _): events[index, default: []].append(event)
            }
        }
        guard !devices.isEmpty else { throw RecordingError(file: recording, line: nil, message: "no device") }
        let origin = reader.timeOrigin ?? events.values.compactMap { $0.first?.microseconds }.min() ?? 0
        nodes = devices.keys.sorted().map { index in
            let device = devices[index]!
            let moved = (events[index] ?? []).map { InputEvent(microseconds: $0.microseconds - origin, type: $0.type, code: $0.code, value: $0.value) }
            return Node(number: 13 + index, device: device, deviceClass: device.deviceClass, events: moved)
        }
        self.group = group
        directory = TestScratch.directory.appendingPathComponent("quill-group-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for node in nodes {
            try umockdevText(node).write(to: file(node, "umockdev"), atomically: true, encoding: .utf8)
            try ioctlText(node).write(to: file(node, "ioctl"), atomically: true, encoding: .utf8)
        }
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// Seconds from the first to the last event of any node.
    var duration: Double { Double(nodes.compactMap { $0.events.last?.microseconds }.max() ?? 0) / 1_000_000 }

    /// Seconds a program reading the nodes listens to see the whole stream and the timers its last
    /// events start: the lead, the events, the headroom (the timers run from event times, stamped
    /// that far ahead) and `tail` more.
    func listeningTime(tail: Double = 1.5) -> Double { Self.lead + duration + Self.headroom + tail }

    private func file(_ node: Node, _ suffix: String) -> URL { directory.appendingPathComponent("event\(node.number).\(suffix)") }

    /// What one run gave: the program's status and output, and the clock that maps event times
    /// back to the recording's (see ``recordingTime(ofMicroseconds:)``).
    struct Run {
        var status: Int32
        var output: String
        var error: String
        /// CLOCK_MONOTONIC µs at which the recording's time 0 was stamped.
        var origin: Int64

        /// Seconds on the recording's clock of a time the program read (CLOCK_MONOTONIC µs).
        func recordingTime(ofMicroseconds time: Int64) -> Double { Double(time - origin) / 1_000_000 }

        /// quillmock's lines saying how far ahead of their reading the events stayed (every group
        /// run says them on standard error): whether the stream or the reader fell behind.
        var pacing: String {
            error.split(separator: "\n").filter { $0.hasPrefix("quillmock: least headroom") || $0.hasPrefix("quillmock: event times moved") }.joined(separator: "; ")
        }
    }

    /// Runs `arguments` (the nodes' paths are the program's to open) inside one umockdev-run
    /// holding every node, quillmock.so preloaded for all of them; killed after `timeout`
    /// seconds. A run whose stream reached the program cut inside an event (see
    /// ``MockedTablet/isCut(_:)``) is run again, at most twice.
    /// With `endsWithStream` the program (one that ends cleanly on Ctrl-C) gets SIGINT 1.75 s
    /// (the headroom and listeningTime's default tail) after the last event of every node was read (see
    /// ``MockedTablet/run(_:_:withEvents:environment:timeout:rebasesTimes:preload:endsWithStream:)``).
    func run(_ arguments: [String], timeout: Int, endsWithStream: Bool = false) throws -> Run {
        var result = try runOnce(arguments, timeout: timeout, endsWithStream: endsWithStream)
        for _ in 0..<2 where MockedTablet.isCut(result.error) { result = try runOnce(arguments, timeout: timeout, endsWithStream: endsWithStream) }
        return result
    }

    private func runOnce(_ arguments: [String], timeout: Int, endsWithStream: Bool) throws -> Run {
        let base = Int64((MonotonicClock.now() + 0.5) * 1_000_000)
        // The stream starts once the program reads a node (as MockedTablet's runs).
        let ready = TestScratch.directory.appendingPathComponent("quill-ready-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: ready) }
        var umockdev = try MockedTablet.umockdevRun(timeout: timeout, readyFile: ready, lead: Self.lead, notBefore: base + 50_000)
        // With endsWithStream: SIGINT once every node's wake-up and events were read, and the timers
        // their last events start had the time listeningTime's default tail gives them.
        let stop = endsWithStream ? "export QUILL_MOCK_STOP_AFTER='\(nodes.map { $0.events.count + 1 }.reduce(0, +)) \(Self.headroom + 1.5)'\n" : ""
        var database = ""
        for node in nodes {
            let events = file(node, "events")
            try eventsText(node, base: base).write(to: events, atomically: true, encoding: .utf8)
            umockdev += ["--device", file(node, "umockdev").path, "--ioctl", "\(node.path)=\(file(node, "ioctl").path)", "--evemu-events", "\(node.path)=\(events.path)"]
            let properties = (["ID_INPUT=1"] + udevProperties(node)).map { "E:\($0)\\n" }.joined()
            database += "printf 'I:1\\n\(properties)G:seat\\nQ:seat\\n' > \"$UMOCKDEV_DIR/run/udev/data/c13:\(node.minor)\"\n"
        }
        let library = try MockedTablet.preloadLibrary.get()
        let script = """
            mkdir -p "$UMOCKDEV_DIR/run/udev/data"
            \(database)export QUILL_MOCK_NODE='\(nodes.map(\.path).joined(separator: " "))' QUILL_MOCK_RDEV='\(nodes.map { "13:\($0.minor)" }.joined(separator: " "))' QUILL_MOCK_HEADROOM=\(Self.headroom) QUILL_MOCK_SAY_HEADROOM=1
            export QUILL_MOCK_READY_FILE='\(ready)' QUILL_MOCK_STREAM_FROM=\(base + Int64(Self.lead * 1_000_000))
            \(stop)LD_PRELOAD="\(library):$LD_PRELOAD" exec "$@"
            """
        umockdev += ["--", "/bin/sh", "-c", script, "sh"]
        let result = try Fixtures.runProcess(URL(fileURLWithPath: "/usr/bin/timeout"), umockdev + arguments, deadline: Double(timeout) + 30)
        let origin = base + Int64(Self.lead * 1_000_000) + LiveClock.mockShift(in: result.error)
        return Run(status: result.status, output: result.output, error: result.error, origin: origin)
    }

    // MARK: - Files

    /// A wake-up `SYN_REPORT` at 0, then the events `lead` seconds later, stamped from `base`
    /// (CLOCK_MONOTONIC µs), microseconds unpadded (umockdev reads a leading zero as octal).
    private func eventsText(_ node: Node, base: Int64) -> String {
        let lead = Int64(Self.lead * 1_000_000)
        var text = "E: \(base / 1_000_000).\(base % 1_000_000) 0000 0000 0\n"
        for event in node.events {
            let t = base + lead + event.microseconds
            text += "E: \(t / 1_000_000).\(t % 1_000_000) \(hex4(event.type)) \(hex4(event.code)) \(event.value)\n"
        }
        return text
    }

    /// Codes whose kernel fuzz udev moves into `LIBINPUT_FUZZ_xx` on touchscreens and touchpads.
    private static let fuzzOverridden: [UInt16] = [0x00, 0x01, 0x35, 0x36]

    private func overridesFuzz(_ node: Node) -> Bool { node.deviceClass == .touchscreen || node.deviceClass == .touchpad }

    private func udevProperties(_ node: Node) -> [String] {
        let tags: [String]
        switch node.deviceClass {
        case .pen: tags = ["ID_INPUT_TABLET"]
        case .pad: tags = ["ID_INPUT_TABLET", "ID_INPUT_TABLET_PAD"]
        case .touchscreen: tags = ["ID_INPUT_TOUCHSCREEN"]
        case .touchpad: tags = ["ID_INPUT_TOUCHPAD"]
        case .other: tags = []
        }
        var properties = tags.map { "\($0)=1" } + ["LIBINPUT_DEVICE_GROUP=\(group)"]
        if overridesFuzz(node) {
            for code in Self.fuzzOverridden {
                if let fuzz = node.device.axes[code]?.fuzz, fuzz > 0 { properties.append(String(format: "LIBINPUT_FUZZ_%02x=%d", Int(code), Int(fuzz))) }
            }
        }
        return properties
    }

    private func umockdevText(_ node: Node) -> String {
        let device = node.device
        let properties = udevProperties(node).map { "E: \($0)" }.joined(separator: "\n")
        return """
        P: /devices/virtual/input/input\(node.minor)/event\(node.number)
        N: input/event\(node.number)
        E: DEVNAME=\(node.path)
        E: ID_INPUT=1
        \(properties)
        E: MAJOR=13
        E: MINOR=\(node.minor)
        E: SUBSYSTEM=input
        A: dev=13:\(node.minor)
        L: device=../../input\(node.minor)

        P: /devices/virtual/input/input\(node.minor)
        E: ID_INPUT=1
        \(properties)
        E: NAME="\(device.name)"
        E: PRODUCT=\(String(device.bus, radix: 16))/\(String(device.vendor, radix: 16))/\(String(device.product, radix: 16))/\(String(device.version, radix: 16))
        E: SUBSYSTEM=input
        A: name=\(device.name)
        A: id/bustype=\(hex4(device.bus))
        A: id/vendor=\(hex4(device.vendor))
        A: id/product=\(hex4(device.product))
        A: id/version=\(hex4(device.version))

        """
    }

    /// The ioctls libevdev issues when it opens a node, with exactly the sizes it asks for.
    private func ioctlText(_ node: Node) -> String {
        let device = node.device
        var types: [UInt16] = [0]
        types += device.codes.keys.filter { $0 != 0 && !(device.codes[$0] ?? []).isEmpty }
        if !device.axes.isEmpty { types.append(EvdevCode.EventType.abs) }
        var lines = ["@DEV \(node.path)"]
        lines.append("EVIOCGBIT(0) 8 \(hexBytes(bitmask(types, bytes: 8)))")
        let name = Array(device.name.utf8.prefix(254)) + [0]
        lines.append("EVIOCGNAME(0) \(name.count) \(hexBytes(name + [UInt8](repeating: 0, count: 255 - name.count)))")
        lines.append("EVIOCGPHYS(0) 1 \(hexBytes([UInt8](repeating: 0, count: 255)))")
        lines.append("EVIOCGUNIQ(0) 1 \(hexBytes([UInt8](repeating: 0, count: 255)))")
        let id = [device.bus, device.vendor, device.product, device.version].flatMap { [UInt8($0 & 0xff), UInt8($0 >> 8)] }
        lines.append("EVIOCGID 0 \(hexBytes(id))")
        lines.append("EVIOCGVERSION 0 01000100")
        lines.append("EVIOCGPROP(0) 8 \(hexBytes(bitmask(device.properties, bytes: 8)))")
        lines.append("EVIOCGBIT(1) 96 \(hexBytes(bitmask(device.codes[1] ?? [], bytes: 96)))")
        for type in [2, 4, 5, 17, 18] as [UInt16] { lines.append("EVIOCGBIT(\(type)) 8 \(hexBytes(bitmask(device.codes[type] ?? [], bytes: 8)))") }
        lines.append("EVIOCGBIT(3) 8 \(hexBytes(bitmask(Array(device.axes.keys), bytes: 8)))")
        lines.append("EVIOCGBIT(21) 16 \(hexBytes(bitmask(device.codes[21] ?? [], bytes: 16)))")
        lines.append("EVIOCGKEY(0) 96 \(hexBytes([UInt8](repeating: 0, count: 96)))")
        lines.append("EVIOCGLED(0) 8 \(hexBytes([UInt8](repeating: 0, count: 8)))")
        lines.append("EVIOCGSW(0) 8 \(hexBytes([UInt8](repeating: 0, count: 8)))")
        for (code, axis) in device.axes.sorted(by: { $0.key < $1.key }) {
            let label = code == 0 ? "EVIOCGABS" : "EVIOCGABS(\(code))"
            let initial = code == EvdevCode.Abs.mtTrackingID ? -1 : (axis.minimum...axis.maximum).contains(0) ? 0 : axis.minimum
            let fuzz = overridesFuzz(node) && Self.fuzzOverridden.contains(code) ? 0 : axis.fuzz
            lines.append("\(label) 0 \(hexBytes(littleEndian([initial, axis.minimum, axis.maximum, fuzz, axis.flat, axis.resolution])))")
        }
        // Every slot empty: tracking id −1, every other ABS_MT_* value 0 (umockdev's own
        // synaptics-touchpad.ioctl has the format: the code, then one value per slot).
        if let slots = device.axes[EvdevCode.Abs.mtSlot] {
            let count = Int(slots.maximum) + 1
            for code in device.axes.keys.sorted() where code > EvdevCode.Abs.mtSlot && code <= 0x3d {
                let value: Int32 = code == EvdevCode.Abs.mtTrackingID ? -1 : 0
                lines.append("EVIOCGMTSLOTS(0) 0 \(hexBytes(littleEndian([Int32(code)] + Array(repeating: value, count: count))))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func hex4(_ value: UInt16) -> String { String(format: "%04x", Int(value)) }

    private func bitmask(_ codes: [UInt16], bytes: Int) -> [UInt8] {
        var mask = [UInt8](repeating: 0, count: bytes)
        for code in codes where Int(code) / 8 < bytes { mask[Int(code) / 8] |= 1 << (code % 8) }
        return mask
    }

    private func hexBytes(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02X", $0) }.joined() }

    private func littleEndian(_ values: [Int32]) -> [UInt8] {
        values.flatMap { value in (0..<4).map { UInt8(truncatingIfNeeded: UInt32(bitPattern: value) >> (8 * $0)) } }
    }
}
