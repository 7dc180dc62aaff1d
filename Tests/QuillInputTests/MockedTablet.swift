import Foundation
import QuillCore
import QuillTestSupport
import QuillSystem
@testable import QuillInput

/// A tablet mocked with umockdev (Debian's umockdev 0.17): sysfs/udev description, the evdev
/// ioctls libevdev asks for, and an evemu event stream played into `/dev/input/event13`.
/// See `linux-input.md` facts summarized in the README ("Testing without hardware").
final class MockedTablet {
    static let node = "/dev/input/event13"
    /// The event node number: /dev/input/event13 unless a test mocks several tablets.
    let number: Int
    var node: String { "/dev/input/event\(number)" }

    /// The node's device number, major:minor (evdev's major 13, minors from 64).
    var deviceNumber: String { "13:\(64 + number)" }

    /// Seconds between the wake-up event and the stream's first event in the stamps, and the
    /// longest the stream waits for the program: time for umockdev-run and `quill` to start.
    /// umockdev 0.17 paces an evemu stream by the gaps between its events from the moment it
    /// starts (not by their times), so without this pause the beginning would pile up unread, and
    /// a pile over ~4 KiB reaches the reader split mid-event. The stream begins 0.2 s after the
    /// program has read the wake-up (quillpace.so and quillmock.so's handshake), usually well
    /// before the lead is over, its stamps moved to match.
    static let lead = 3.0
    /// Seconds the event times stay ahead of the moment they are read (quillmock.c's
    /// QUILL_MOCK_HEADROOM): a stream umockdev starts late on a loaded machine is moved later as
    /// a whole, so proximity timers see the gaps a real tablet would send.
    static let headroom = 0.25
    /// Seconds a run that ends with its stream (`run(…, endsWithStream: true)`) goes on after the
    /// last event was read: libinput's 50 ms proximity timer and the gesture recognizer's
    /// deadlines (a squeeze's hold, 0.5 s, the longest) all fall within it.
    static let streamGrace = 1.0
    let directory: URL
    /// The events as played, with their times (µs from the first event), for the expected output.
    let events: [InputEvent]
    let device: DeviceDescription

    /// True when umockdev-run is installed (Tools/test installs it).
    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/umockdev-run") }

    /// Builds the mock of `recording`'s first device and events (its first `maximumFrames`
    /// frames). Gaps between frames are kept between 2 ms and `maximumGap` seconds (30 ms:
    /// frames must stay under libinput's 50 ms proximity timeout, unless a test wants silence).
    /// `frameGap`, when given, spaces every frame exactly that far apart instead (the event-rate
    /// measurement).
    init(recording: String, deviceFile: String? = nil, maximumFrames: Int = .max, maximumGap: Double = 0.030, frameGap: Double? = nil, number: Int = 13) throws {
        self.number = number
        let reader = try Recording.open(path: recording, deviceFile: deviceFile)
        var device: DeviceDescription?
        var frames: [[InputEvent]] = []
        var frame: [InputEvent] = []
        while let item = try reader.next() {
            switch item {
            case let .device(index, description) where index == 0: device = description
            case let .event(index, event, _) where index == 0:
                frame.append(event)
                if event.isFrameEnd {
                    if frames.count < maximumFrames { frames.append(frame) }
                    frame = []
                }
            default: break
            }
        }
        guard let device else { throw RecordingError(file: recording, line: nil, message: "no device") }
        self.device = device
        var time: Int64 = 0
        var previous: Int64?
        var events: [InputEvent] = []
        for frame in frames {
            let original = frame[frame.count - 1].microseconds
            if let previous { time += frameGap.map { Int64($0 * 1_000_000) } ?? min(max(original - previous, 2_000), Int64(maximumGap * 1_000_000)) }
            previous = original
            events += frame.map { InputEvent(microseconds: time, type: $0.type, code: $0.code, value: $0.value) }
        }
        self.events = events
        directory = TestScratch.directory.appendingPathComponent("quill-mock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try umockdevText.write(to: directory.appendingPathComponent("device.umockdev"), atomically: true, encoding: .utf8)
        try ioctlText.write(to: directory.appendingPathComponent("device.ioctl"), atomically: true, encoding: .utf8)
        // The same events as an evemu recording with a header: what `quill samples` should give.
        var evemu = "# EVEMU 1.3\nN: \(device.name)\nI: \(hex4(device.bus)) \(hex4(device.vendor)) \(hex4(device.product)) \(hex4(device.version))\n"
        for (code, axis) in device.axes.sorted(by: { $0.key < $1.key }) {
            evemu += "A: \(String(format: "%02x", Int(code))) \(axis.minimum) \(axis.maximum) \(axis.fuzz) \(axis.flat) \(axis.resolution)\n"
        }
        for (type, codes) in device.codes.sorted(by: { $0.key < $1.key }) {
            evemu += "B: \(String(format: "%02x", Int(type))) " + bitmask(codes, bytes: type == 1 ? 96 : 8).map { String(format: "%02x", $0) }.joined(separator: " ") + "\n"
        }
        for event in played {
            evemu += String(format: "E: %d.%06d %04x %04x %d\n", Int(event.microseconds / 1_000_000), Int(event.microseconds % 1_000_000), Int(event.type), Int(event.code), Int(event.value))
        }
        try evemu.write(to: directory.appendingPathComponent("expected.events"), atomically: true, encoding: .utf8)
    }

    /// Gives the device other udev tags (rewrites its sysfs description).
    func retag(_ tags: [String]) throws {
        udevTagsOverride = tags
        try umockdevText.write(to: directory.appendingPathComponent("device.umockdev"), atomically: true, encoding: .utf8)
    }

    /// The mock's files go with it.
    deinit { try? FileManager.default.removeItem(at: directory) }

    var expectedRecording: String { directory.appendingPathComponent("expected.events").path }

    /// Seconds the stream lasts.
    var duration: Double { Double(events.last?.microseconds ?? 0) / 1_000_000 }

    /// Seconds from the wake-up event to the last event: how long a run must at least listen.
    var playedDuration: Double { MockedTablet.lead + duration }

    /// What is played, times from the wake-up event: a lone `SYN_REPORT` (an empty frame, which
    /// gives no sample), then the stream `lead` seconds later.
    var played: [InputEvent] {
        let shift = Int64(MockedTablet.lead * 1_000_000)
        return [InputEvent(microseconds: 0, type: 0, code: 0, value: 0)]
            + events.map { InputEvent(microseconds: $0.microseconds + shift, type: $0.type, code: $0.code, value: $0.value) }
    }

    /// Writes what is played with times rebased to CLOCK_MONOTONIC from now (libinput trusts event
    /// times), microseconds unpadded (umockdev reads a leading zero as octal).
    func writeEvents(base: Int64) throws -> String {
        // umockdev-run starts the stream some 50–300 ms after this (process start, more under load)
        // and stamps each event with the time written here: stamped in the past, libinput's 50 ms
        // proximity timer would already have expired when a frame arrives and it would force the
        // pen out after every frame ("scheduled expiry is in the past"). Stamped half a second
        // ahead, the timer runs from the event's time as on a real tablet, only later by that much.
        var text = ""
        for event in played {
            let t = base + event.microseconds
            text += "E: \(t / 1_000_000).\(t % 1_000_000) \(hex4(event.type)) \(hex4(event.code)) \(event.value)\n"
        }
        let path = directory.appendingPathComponent("device.events").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Tools/testing/mock/quillmock.c built with the system C compiler (once per test run): it closes
    /// umockdev 0.17's two gaps for libinput and can deny or unplug the node.
    static let preloadLibrary = preload("Tools/testing/mock/quillmock.c")
    /// Tools/testing/mock/quillpace.c, preloaded into umockdev-run itself (see ``umockdevRun(timeout:)``).
    static let pacingLibrary = preload("Tools/testing/mock/quillpace.c")

    /// `timeout`'s arguments that start umockdev-run, killed after `timeout` seconds, with its
    /// playback paced by quillpace.so: umockdev sleeps the gap since the previous event before
    /// each one, so under load every wake-up's lateness was added to all later events — a few
    /// seconds of a recording fell behind its own stamps by more than the headroom (measured:
    /// 0.33 s of 0.5 on two busy cores) and libinput's 50 ms forced proximity-out expired inside
    /// a stroke. Paced, each event is written at the sum of the gaps before it.
    /// With `readyFile`, the stream's lead (`lead` seconds) ends once the program has read a node
    /// (see quillpace.c), not before `notBefore` (CLOCK_MONOTONIC µs).
    static func umockdevRun(timeout: Int, readyFile: String? = nil, lead: Double = MockedTablet.lead, notBefore: Int64 = 0) throws -> [String] {
        let handshake = readyFile.map { ["QUILL_PACE_READY_FILE=\($0)", "QUILL_PACE_LEAD=\(lead)", "QUILL_PACE_NOT_BEFORE=\(notBefore)"] } ?? []
        return ["-s", "KILL", "\(timeout)", "/usr/bin/env", "LD_PRELOAD=\(try pacingLibrary.get())", "QUILL_PACE_SLEEPS=1"] + handshake + ["/usr/bin/umockdev-run"]
    }

    /// A preload shim of Tools/testing/mock built with the system C compiler; its path.
    static func preload(_ path: String) -> Result<String, Error> {
        Result {
            let source = Fixtures.repositoryRoot.appendingPathComponent(path).path
            let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            let library = TestScratch.directory.appendingPathComponent("\(name)-\(UUID().uuidString).so").path
            let build = try Fixtures.runProcess(URL(fileURLWithPath: "/usr/bin/cc"), ["-shared", "-fPIC", "-O2", "-pthread", "-o", library, source, "-ldl"])
            guard build.status == 0 else { throw RecordingError(file: source, line: nil, message: "cc failed: \(build.error)") }
            return library
        }
    }

    /// Runs `arguments` inside umockdev-run with the mocked node (and the events when `withEvents`).
    /// quillmock.so goes before umockdev's own preload (libinput's two gaps, whole events per
    /// read, the unplug knobs) and the udev database entry is written inside the sandbox. `environment` (e.g. QUILL_MOCK_UNPLUG_AFTER) is given to the
    /// program only: the test process's own environment is never changed (other tests run in
    /// parallel and spawn processes).
    func run(_ arguments: [String], withEvents: Bool = true, environment: [String: String] = [:], timeout: Int = 60, rebasesTimes: Bool = true, preload: [String] = [], endsWithStream: Bool = false, startsWhenRead: Bool = true) throws -> (status: Int32, output: String, error: String) {
        try MockedTablet.run([self], arguments, withEvents: withEvents, environment: environment, timeout: timeout, rebasesTimes: rebasesTimes, preload: preload, endsWithStream: endsWithStream, startsWhenRead: startsWhenRead)
    }

    /// Runs `arguments` inside one umockdev-run holding all of `mocks` (each on its own node).
    ///
    /// `quill live` counts seconds from the start of its run (it says when on standard error); the
    /// replay of `expectedRecording` from the stream's first event. With `rebasesTimes` every
    /// `"t":` of the output and every "at t=… s" of the messages is moved to the stream's clock,
    /// exactly to the microsecond, so live and replay compare as they are.
    /// `preload`: more LD_PRELOAD libraries for the program (e.g. Tools/testing/mock/uinputshim.c's).
    /// `endsWithStream`: the program (one that ends cleanly on Ctrl-C, as `quill live`) gets SIGINT
    /// `MockedTablet.streamGrace` seconds after every mock's last event was read, so the run
    /// lasts as long as its stream, however late a loaded machine plays it; its `--duration`
    /// stays the bound.
    /// `startsWhenRead`: the stream starts 0.2 s after the program first read a node, not after the
    /// whole ``lead``; its stamps move to match, but the wake-up keeps its own, so the gap between
    /// them is not `lead`. Off for runs whose output keeps the stream's raw times (a recorder's
    /// file) or that time the program against the stream (a signal sent after so many seconds).
    static func run(_ mocks: [MockedTablet], _ arguments: [String], withEvents: Bool = true, environment: [String: String] = [:], timeout: Int = 60, rebasesTimes: Bool = true, preload: [String] = [], endsWithStream: Bool = false, startsWhenRead: Bool = true) throws -> (status: Int32, output: String, error: String) {
        var environment = environment
        if endsWithStream, withEvents {
            environment["QUILL_MOCK_STOP_AFTER"] = "\(mocks.map(\.played.count).reduce(0, +)) \(streamGrace)"
        }
        // umockdev's node is a pty, which hands a reader that fell behind part of an event; the
        // helper reads the rest at once (a kernel node never cuts an event). Should that fail
        // ("left cut"; libevdev: EINVAL, and libinput silently stops reading the node) the run says
        // nothing about Quill: it is run again, at most twice, and the last one stands (so is a
        // run whose cut the helper completed: see isCut).
        var result = try runOnce(mocks, arguments, withEvents: withEvents, environment: environment, timeout: timeout, rebasesTimes: rebasesTimes, preload: preload, startsWhenRead: startsWhenRead)
        for _ in 0..<2 where isCut(result.error) {
            result = try runOnce(mocks, arguments, withEvents: withEvents, environment: environment, timeout: timeout, rebasesTimes: rebasesTimes, preload: preload, startsWhenRead: startsWhenRead)
        }
        return result
    }

    /// True when the mocked stream reached the program cut inside an event (see `run`). A cut
    /// the helper completed is counted too: once, under heavy load, a run with completed cuts still
    /// read bytes out of step (a recorder then met garbage times), which a kernel node never gives.
    static func isCut(_ messages: String) -> Bool {
        messages.contains("libevdev_next_event failed: Invalid argument") || messages.contains("inside an event")
    }

    private static func runOnce(_ mocks: [MockedTablet], _ arguments: [String], withEvents: Bool, environment: [String: String], timeout: Int, rebasesTimes: Bool, preload: [String], startsWhenRead: Bool) throws -> (status: Int32, output: String, error: String) {
        // Stamped half a second ahead (see writeEvents), one base for every mocked tablet.
        let base = Int64((MonotonicClock.now() + 0.5) * 1_000_000)
        // The stream starts 0.2 s after the program first reads a node, not after the whole lead
        // (quillpace.so waits for quillmock.so's file), and its stamps move to the moment it is read.
        let ready = TestScratch.directory.appendingPathComponent("quill-ready-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: ready) }
        var umockdev = try umockdevRun(timeout: timeout, readyFile: startsWhenRead ? ready : nil, notBefore: base + 50_000)
        for mock in mocks {
            umockdev += [
                "--device", mock.directory.appendingPathComponent("device.umockdev").path,
                "--ioctl", "\(mock.node)=\(mock.directory.appendingPathComponent("device.ioctl").path)",
            ]
            if withEvents { umockdev += ["--evemu-events", "\(mock.node)=\(try mock.writeEvents(base: base))"] }
        }
        umockdev.append("--")
        let library = try MockedTablet.preloadLibrary.get()
        let exports = environment.sorted { $0.key < $1.key }.map { "export \($0.key)='\($0.value)'" }.joined(separator: "\n")
        // Every mocked node gets the helper's fixes (its device number, whole events, the one time
        // shift of the run) and its udev database entry: with only the first one mocked, a second
        // tablet's events kept their stamps when the first one's moved, so under load its samples
        // came out shifted against its replay.
        let database = mocks.map { mock in
            "printf 'I:1\\nE:ID_INPUT=1\\n\(mock.udevTags.map { "E:\($0)=1\\n" }.joined())G:seat\\nQ:seat\\n' > \"$UMOCKDEV_DIR/run/udev/data/c\(mock.deviceNumber)\""
        }.joined(separator: " && ")
        let script = """
            mkdir -p "$UMOCKDEV_DIR/run/udev/data" && \(database)
            export QUILL_MOCK_NODE='\(mocks.map(\.node).joined(separator: " "))' QUILL_MOCK_RDEV='\(mocks.map(\.deviceNumber).joined(separator: " "))' QUILL_MOCK_HEADROOM=\(MockedTablet.headroom)
            \(startsWhenRead ? "export QUILL_MOCK_READY_FILE='\(ready)' QUILL_MOCK_STREAM_FROM=\(base + Int64(MockedTablet.lead * 1_000_000))" : "")
            \(exports)
            LD_PRELOAD="\(([library] + preload).joined(separator: ":")):$LD_PRELOAD" exec "$@"
            """
        umockdev += ["/bin/sh", "-c", script, "sh"]
        let result = try Fixtures.runProcess(URL(fileURLWithPath: "/usr/bin/timeout"), umockdev + arguments, deadline: Double(timeout) + 30)
        guard rebasesTimes, withEvents, let runStart = LiveClock.runStart(in: result.error) else { return result }
        let shift = runStart - base - LiveClock.mockShift(in: result.error)
        return (result.status, LiveClock.rebase(result.output, by: shift), LiveClock.rebaseMessages(result.error, by: shift))
    }

    // MARK: - Files

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

    /// Tags to give instead of udev's own rules (a hwdb entry that says otherwise), or nil.
    var udevTagsOverride: [String]?

    /// The udev tags udev's input_id builtin gives the device (what libinput decides the class by).
    var udevTags: [String] {
        if let udevTagsOverride { return udevTagsOverride }
        switch device.deviceClass {
        case .pen: return ["ID_INPUT_TABLET"]
        case .pad: return ["ID_INPUT_TABLET", "ID_INPUT_TABLET_PAD"]
        case .touchscreen: return ["ID_INPUT_TOUCHSCREEN"]
        case .touchpad: return ["ID_INPUT_TOUCHPAD"]
        case .other: return []
        }
    }

    private var umockdevText: String {
        // One line per tag (a blank line would end the device's block); a keyless device gets a harmless property.
        let tags = udevTags.isEmpty ? "E: ID_SERIAL=noserial" : udevTags.map { "E: \($0)=1" }.joined(separator: "\n")
        return """
        P: /devices/virtual/input/input\(64 + number)/event\(number)
        N: input/event\(number)
        E: DEVNAME=/dev/input/event\(number)
        E: ID_INPUT=1
        \(tags)
        E: MAJOR=13
        E: MINOR=\(64 + number)
        E: SUBSYSTEM=input
        A: dev=13:\(64 + number)
        L: device=../../input\(64 + number)

        P: /devices/virtual/input/input\(64 + number)
        E: ID_INPUT=1
        \(tags)
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
    private var ioctlText: String {
        var types: [UInt16] = [0]
        types += device.codes.keys.filter { $0 != 0 }
        if !device.axes.isEmpty { types.append(EvdevCode.EventType.abs) }
        var lines = ["@DEV \(node)"]
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
            let initial = (axis.minimum...axis.maximum).contains(0) ? 0 : axis.minimum
            lines.append("\(label) 0 \(hexBytes(littleEndian([initial, axis.minimum, axis.maximum, axis.fuzz, axis.flat, axis.resolution])))")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// `quill live`'s clock (seconds from the start of the run) moved to another origin.
enum LiveClock {
    /// The run's start in CLOCK_MONOTONIC microseconds, from `quill live`'s first message.
    static func runStart(in messages: String) -> Int64? {
        guard let range = messages.range(of: "t = 0 s at CLOCK_MONOTONIC ") else { return nil }
        return Int64(messages[range.upperBound...].prefix { $0.isNumber })
    }

    /// Microseconds quillmock moved the stream's times, later or (negative) earlier; 0 when it did not.
    static func mockShift(in messages: String) -> Int64 {
        guard let range = messages.range(of: "quillmock: event times moved ") else { return 0 }
        return Int64(messages[range.upperBound...].prefix { $0.isNumber || $0 == "-" }) ?? 0
    }

    /// Every `"t":SECONDS` of `text` plus `shift` microseconds, printed as quill prints a time
    /// (a whole number of microseconds over 10⁶), so the same event reads the same.
    static func rebase(_ text: String, by shift: Int64) -> String {
        replace(in: text, pattern: "\"t\":(-?[0-9.e+-]+)") { value in
            "\"t\":\(Double(Int64((value * 1_000_000).rounded()) + shift) / 1_000_000)"
        }
    }

    /// Every "at t=SECONDS s" of the messages plus `shift` microseconds (three decimals, as quill prints them).
    static func rebaseMessages(_ text: String, by shift: Int64) -> String {
        replace(in: text, pattern: "at t=(-?[0-9.]+) s") { value in
            String(format: "at t=%.3f s", value + Double(shift) / 1_000_000)
        }
    }

    /// nil when the JSON Lines `a` and `b` have the same lines with the same keys and values,
    /// numbers within `tolerance` (relative, for values computed from time differences on
    /// another clock origin); else the first difference.
    static func difference(_ a: String, _ b: String, tolerance: Double) -> String? {
        let left = a.split(separator: "\n"), right = b.split(separator: "\n")
        guard left.count == right.count else { return "\(left.count) lines vs \(right.count)" }
        for (index, (l, r)) in zip(left, right).enumerated() {
            guard let x = try? JSONSerialization.jsonObject(with: Data(l.utf8)) as? [String: Any],
                let y = try? JSONSerialization.jsonObject(with: Data(r.utf8)) as? [String: Any], Set(x.keys) == Set(y.keys)
            else { return "line \(index + 1): \(l) vs \(r)" }
            for (key, value) in x {
                if let u = value as? Double, let v = y[key] as? Double {
                    if abs(u - v) > tolerance * max(1, abs(u), abs(v)) { return "line \(index + 1), \(key): \(u) vs \(v)" }
                } else if !(NSDictionary(dictionary: [key: value]).isEqual(to: [key: y[key] as Any])) {
                    return "line \(index + 1), \(key): \(value) vs \(y[key] ?? "nothing")"
                }
            }
        }
        return nil
    }

    private static func replace(in text: String, pattern: String, _ transform: (Double) -> String) -> String {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return text }
        let source = text as NSString
        var result = ""
        var last = 0
        for match in expression.matches(in: text, range: NSRange(location: 0, length: source.length)) {
            result += source.substring(with: NSRange(location: last, length: match.range.location - last))
            let value = Double(source.substring(with: match.range(at: 1))) ?? .nan
            result += value.isNaN ? source.substring(with: match.range) : transform(value)
            last = match.range.location + match.range.length
        }
        return result + source.substring(from: last)
    }
}
