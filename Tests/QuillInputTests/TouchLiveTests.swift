import Foundation
import QuillCore
import QuillSystem
import QuillTestSupport
import Testing
@testable import QuillInput

/// One row of `quill touches` / `quill live --emit touches` (``TouchRecord``).
struct TouchRow: Decodable, Equatable, CustomStringConvertible {
    var t: Double
    var device: Int
    var id: Int
    var slot: Int
    var tracking_id: Int
    var phase: String
    var tool: String
    var x_mm: Double
    var y_mm: Double
    var x: Double
    var y: Double
    var direct: Bool
    var major_mm: Double?
    var minor_mm: Double?
    var pressure: Double?
    var rejected: String?

    static func parse(_ text: String) throws -> [TouchRow] {
        try text.split(separator: "\n").map { try JSONDecoder().decode(TouchRow.self, from: Data($0.utf8)) }
    }

    var description: String {
        String(format: "%.6f dev %d id %d slot %d tid %d %@ (%.3f, %.3f) mm", t, device, id, slot, tracking_id, phase, x_mm, y_mm) + (rejected.map { " rejected \($0)" } ?? "")
    }

    /// The first field in which `self` and `other` differ (numbers within `tolerance`), or nil.
    func difference(from other: TouchRow, tolerance: Double = 1e-6) -> String? {
        func close(_ a: Double?, _ b: Double?) -> Bool {
            switch (a, b) {
            case (nil, nil): return true
            case let (a?, b?): return abs(a - b) <= tolerance
            default: return false
            }
        }
        if !close(t, other.t) { return "t \(t) vs \(other.t)" }
        if device != other.device || id != other.id || slot != other.slot || tracking_id != other.tracking_id || phase != other.phase || tool != other.tool || direct != other.direct || rejected != other.rejected {
            return "\(self) vs \(other)"
        }
        for (name, a, b) in [("x_mm", x_mm, other.x_mm), ("y_mm", y_mm, other.y_mm), ("x", x, other.x), ("y", y, other.y)] where !close(a, b) {
            return "\(name) \(a) vs \(b)"
        }
        for (name, a, b) in [("major_mm", major_mm, other.major_mm), ("minor_mm", minor_mm, other.minor_mm), ("pressure", pressure, other.pressure)] where !close(a, b) {
            return "\(name) \(a.map { "\($0)" } ?? "none") vs \(b.map { "\($0)" } ?? "none")"
        }
        return nil
    }

    /// Where `live` differs from `replay` row by row (the first difference), or nil.
    static func firstDifference(_ live: [TouchRow], _ replay: [TouchRow]) -> String? {
        for (index, (a, b)) in zip(live, replay).enumerated() {
            if let difference = a.difference(from: b) { return "row \(index + 1): \(difference)" }
        }
        return live.count == replay.count ? nil : "\(live.count) rows live, \(replay.count) replayed"
    }
}

/// Touch recordings prepared for the live tier: one `libinput record` file per recording that
/// both the replay (`quill touches FILE`, `quill canvas --replay FILE`) and the mock
/// (``MockedDeviceGroup``) read, so the two see the same events at the same times.
enum TouchLiveFixture {
    /// A recording's devices and their frames (times in µs from the recording's first event).
    struct Contents {
        var devices: [DeviceDescription]
        var frames: [[[InputEvent]]]
    }

    /// Reads `recording` (with `deviceFile` for an event file without a header) frame by frame.
    static func read(_ recording: String, deviceFile: String? = nil) throws -> Contents {
        let reader = try Recording.open(path: recording, deviceFile: deviceFile)
        var devices: [Int: DeviceDescription] = [:]
        var frames: [Int: [[InputEvent]]] = [:]
        var pending: [Int: [InputEvent]] = [:]
        var origin: Int64?
        while let item = try reader.next() {
            switch item {
            case let .device(index, description): devices[index] = description
            case let .event(index, event, _):
                origin = origin ?? reader.timeOrigin ?? event.microseconds
                pending[index, default: []].append(InputEvent(microseconds: event.microseconds - origin!, type: event.type, code: event.code, value: event.value))
                if event.isFrameEnd {
                    frames[index, default: []].append(pending[index]!)
                    pending[index] = nil
                }
            }
        }
        let indices = devices.keys.sorted()
        return Contents(devices: indices.map { devices[$0]! }, frames: indices.map { frames[$0] ?? [] })
    }

    /// `recording` with every frame at its own time but the gaps between frames (of any device)
    /// no longer than `maximumGap` seconds: a recording's idle seconds would cost a live run
    /// their length and change nothing on a touchscreen, which has no timer.
    static func retimed(_ recording: String, deviceFile: String? = nil, maximumGap: Double) throws -> String {
        var contents = try read(recording, deviceFile: deviceFile)
        let ends = contents.frames.enumerated().flatMap { device, frames in frames.indices.map { (device, $0, frames[$0].last!.microseconds) } }
            .sorted { $0.2 < $1.2 }
        let limit = Int64(maximumGap * 1_000_000)
        var shift: Int64 = 0
        var previous: Int64?
        for (device, frame, time) in ends {
            if let previous, time - previous > limit { shift += time - previous - limit }
            previous = time
            contents.frames[device][frame] = contents.frames[device][frame].map { InputEvent(microseconds: $0.microseconds - shift, type: $0.type, code: $0.code, value: $0.value) }
        }
        return try write(contents)
    }

    /// Writes `contents` as a `libinput record` file in the scratch directory (device `i` on
    /// /dev/input/event(13 + i), as ``MockedDeviceGroup`` mocks it).
    static func write(_ contents: Contents) throws -> String {
        let path = Fixtures.temporaryPath(".yml")
        let writer = try LibinputRecordWriter(path: path, deviceCount: contents.devices.count)
        for (index, device) in contents.devices.enumerated() {
            try writer.beginDevice(device, node: "/dev/input/event\(13 + index)")
            for frame in contents.frames[index] { try writer.write(frame: frame[...]) }
        }
        try writer.close()
        return path
    }

    /// `frames` of a multitouch node re-encoded on another node, `target`: positions scaled from
    /// the source's axis ranges to the target's (ABS_X/Y and ABS_MT_POSITION_X/Y), codes the
    /// target does not declare dropped, times moved to begin at `start` µs. The first frame
    /// selects slot 0 first: a recording starts in slot 0 (the kernel's slot when it began) and
    /// writes to it without selecting it, while the target's stream may have left another current.
    static func reencoded(_ frames: [[InputEvent]], from source: DeviceDescription, on target: DeviceDescription, start: Int64) -> [[InputEvent]] {
        let first = frames.first?.first?.microseconds ?? 0
        var frames = frames
        if let opening = frames.first?.first, !(opening.type == EvdevCode.EventType.abs && opening.code == EvdevCode.Abs.mtSlot) {
            frames[0].insert(InputEvent(microseconds: opening.microseconds, type: EvdevCode.EventType.abs, code: EvdevCode.Abs.mtSlot, value: 0), at: 0)
        }
        func scaled(_ event: InputEvent) -> InputEvent? {
            var event = event
            event.microseconds += start - first
            switch event.type {
            case EvdevCode.EventType.syn: return event
            case EvdevCode.EventType.key: return target.has(type: event.type, code: event.code) ? event : nil
            case EvdevCode.EventType.abs:
                guard let to = target.axes[event.code] else { return nil }
                if [EvdevCode.Abs.x, EvdevCode.Abs.y, EvdevCode.Abs.mtPositionX, EvdevCode.Abs.mtPositionY].contains(event.code), let from = source.axes[event.code] {
                    event.value = Int32((Double(to.minimum) + from.normalized(event.value) * to.span).rounded())
                }
                return event
            default: return nil
            }
        }
        return frames.map { $0.compactMap(scaled) }
    }
}

/// A `quill live` run on a ``MockedDeviceGroup`` with its output on the recording's clock.
struct TouchLiveRun {
    var status: Int32
    var output: String
    var error: String
    var rows: [TouchRow]

    /// Runs `quill live ARGUMENTS` on `group` for the whole stream (until a second after its last
    /// event was read, ``MockedDeviceGroup/listeningTime(tail:)`` at most);
    /// the `"t"` of every row is moved from the run's clock (its start is on standard error) to
    /// the recording's, exactly to the microsecond.
    init(_ group: MockedDeviceGroup, _ arguments: [String], environment: [String] = []) throws {
        let seconds = group.listeningTime()
        let command = ["/usr/bin/env"] + environment + [CommandLineTests.executable.path, "live"] + arguments + ["--duration", String(format: "%.3f", seconds)]
        let run = try group.run(command, timeout: Int(seconds) + 30, endsWithStream: true)
        status = run.status
        error = run.error
        guard let runStart = LiveClock.runStart(in: run.error) else {
            output = run.output
            rows = []
            return
        }
        output = LiveClock.rebase(run.output, by: runStart - run.origin)
        rows = try TouchRow.parse(output)
    }
}

/// `quill live --emit touches` on touchscreens mocked with umockdev, in real time, both backends:
/// Quill's own decoder gives exactly the touches of the replay (`quill touches` of the same
/// events); libinput 1.22.1 gives its own, which must be the replay's downs, ups and cancels and
/// a subset of its motions. Order and content are compared, never wall-clock windows; every run
/// has a deadline (MockedDeviceGroup.run).
@Suite(.serialized, .liveTier("umockdev plays touchscreens (and a pen) in real time"), .enabled(if: MockedTablet.isAvailable, "umockdev-run is not installed (Tools/test installs Debian's umockdev): touch live tests skipped"))
struct TouchLiveTests {
    let cli = CommandLineTests()

    /// A real touch recording and what is known of it.
    struct Entry: Sendable {
        var file: String
        var description: String?
        /// Touches and the most fingers down at once, as `quill touches` counts them.
        var touches: Int
        var fingers: Int
        /// Units (x, y) by which libinput's positions may trail the raw ones (see ``entries``).
        var lag: (x: Double, y: Double)
        /// libinput reports every motion Quill's decoder reports (no filter in between).
        var sameMotions: Bool
    }

    /// - The Dell Canvas touchscreen: declared resolution (55 × 98 units/mm), protocol B, no fuzz:
    ///   libinput applies no filter, its touches are the raw ones.
    /// - The ISDv4 E6 (ThinkPad X220t) two fingers circling: no resolution (libinput takes 1 unit/mm
    ///   and reports no size; both backends give it libwacom's 11 × 6 in), protocol B, kernel fuzz
    ///   of the multitouch axes 0: no filter either.
    /// - The N-Trig: protocol A (no slots), no resolution (libwacom's "N-Trig Pen", 254 × 190.5
    ///   mm, on both backends); libinput reads it through mtdev, which gives axes
    ///   without fuzz its own, range/250 (38 × 28 units), and smooths positions as the kernel's
    ///   defuzz does (within fuzz/2 the old value, then ¾ and ½ of the way): a motion trails the
    ///   raw position by less than the fuzz (+1 for mtdev's integer arithmetic), many motions
    ///   vanish, and the up carries the touch's last smoothed position.
    static let entries: [Entry] = [
        Entry(file: "dell_canvas_touch.evemu", touches: 12, fingers: 5, lag: (0, 0), sameMotions: true),
        Entry(file: "Wacom-ISDv4-E6-Finger.double-center-circle.events", description: "Wacom-ISDv4-E6-Finger.desc", touches: 2, fingers: 2, lag: (0, 0), sameMotions: true),
        Entry(file: "N-Trig-MultiTouch.2-fingers-touch-release.events", description: "N-Trig-MultiTouch.desc", touches: 2, fingers: 2, lag: (9600 / 250 + 1, 7200 / 250 + 1), sameMotions: false),
    ]

    /// Millimetres per unit of `device`'s multitouch axes as the replay scales them (declared
    /// resolution, else libwacom's size of the model, else the assumed resolution).
    static func millimetresPerUnit(_ device: DeviceDescription) throws -> (x: Double, y: Double) {
        let decoder = try TouchDecoder(device: device, area: TouchDecoder.surfaceArea(of: device, pens: [], catalog: WacomCatalog.loadIfAvailable()))
        let x = try #require(device.axes[EvdevCode.Abs.mtPositionX]), y = try #require(device.axes[EvdevCode.Abs.mtPositionY])
        return (decoder.mapping.areaWidth / x.span, decoder.mapping.areaHeight / y.span)
    }

    @Test(arguments: entries.map(\.file))
    func bothBackendsGiveTheTouchesOfTheReplay(file: String) throws {
        let entry = try #require(Self.entries.first { $0.file == file })
        // Idle seconds shortened to 0.25 s (the Dell's 9.4 s pause): 3.5 s of touches at most.
        let path = try TouchLiveFixture.retimed(
            Fixtures.recording("evemu-devices/" + file), deviceFile: entry.description.map { Fixtures.recording("evemu-devices/" + $0) }, maximumGap: 0.25)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let replay = try TouchRow.parse(try cli.quill("touches", path).output)
        #expect(replay.filter { $0.phase == "began" }.count == entry.touches)
        var down = 0, most = 0
        for row in replay where row.phase != "moved" {
            down += row.phase == "began" ? 1 : -1
            most = max(most, down)
        }
        #expect(most == entry.fingers, "\(file): at most \(most) fingers at once")
        let group = try MockedDeviceGroup(recording: path)
        let node = group.nodes[0].path

        let evdev = try TouchLiveRun(group, ["--emit", "touches", "--backend", "evdev", "--node", node])
        #expect(evdev.status == 0, "\(evdev.error)")
        #expect(TouchRow.firstDifference(evdev.rows, replay) == nil, "\(file), evdev: \(TouchRow.firstDifference(evdev.rows, replay) ?? "")\n\(evdev.error)")

        let libinput = try TouchLiveRun(group, ["--emit", "touches", "--backend", "libinput", "--node", node])
        #expect(libinput.status == 0, "\(libinput.error)")
        let scale = try Self.millimetresPerUnit(group.nodes[0].device)
        // The size is the replay's: from the node's resolution (libinput's), or, none declared,
        // Quill's own (libinput says none).
        let device = group.nodes[0].device
        let added = "touch device added: event13 \"\(device.name)\" "
        let size = try #require(libinput.error.components(separatedBy: "\n").first { $0.contains(added) }, "\(libinput.error)")
            .components(separatedBy: added)[1].split(separator: " ").compactMap { Double($0) }
        let span = (device.axes[EvdevCode.Abs.mtPositionX]?.span ?? 0, device.axes[EvdevCode.Abs.mtPositionY]?.span ?? 0)
        #expect(size.count == 2 && abs(size[0] - scale.x * span.0) < 1e-6 && abs(size[1] - scale.y * span.1) < 1e-6, "\(size) mm")
        let (problems, largest) = Self.libinputComparison(libinput.rows, replay: replay, tolerance: (entry.lag.x * scale.x, entry.lag.y * scale.y))
        #expect(problems.isEmpty, "\(file), libinput: \(problems.prefix(8).joined(separator: "\n"))\n\(libinput.error)")
        let motions = libinput.rows.filter { $0.phase == "moved" }.count, replayed = replay.filter { $0.phase == "moved" }.count
        if entry.sameMotions {
            #expect(motions == replayed, "\(file): libinput \(motions) motions, the replay \(replayed)")
        } else {
            #expect(motions > 0 && motions < replayed, "\(file): libinput \(motions) motions, the replay \(replayed)")
        }
        print("\(file): \(replay.count) touch rows (\(entry.touches) touches, \(replayed) moved); evdev \(evdev.rows.count) rows; libinput \(libinput.rows.count) rows (\(motions) moved), positions within \(String(format: "%.3f × %.3f", largest.x, largest.y)) mm")
    }

    /// A palm fixture (a real Cintiq 13HD pen and real touches of its touchscreen on one clock,
    /// both nodes in one device group): on evdev the live session arbitrates exactly as the replay
    /// does (`quill touches FIXTURE`, the rejected touches marked); on libinput, libinput's own
    /// arbitration cancels and ignores the touches the labels say, and gives the replay's touches
    /// otherwise (Cintiq touch: fuzz 4 moved to LIBINPUT_FUZZ as udev does, libinput's hysteresis
    /// margin is fuzz/2 = 2 units, +1 for its integer arithmetic: 0.3 mm at 10 units/mm). This
    /// fixture decides nothing on the order of two nodes' events closer than 40 ms, which
    /// umockdev's separately paced streams do not keep (TabletSessionTests checks that order).
    @Test func palmRejectionLiveIsTheReplaysOnEvdevAndLibinputsOwnOnLibinput() throws {
        let name = "cintiq-13hd-rect-right"
        let path = PalmFixtureLabels.fixturePath(name)
        let labels = try PalmFixtureLabels.load(name)
        let replay = try TouchRow.parse(try cli.quill("touches", path).output)
        #expect(Set(replay.filter { $0.rejected == "palm" }.map(\.tracking_id)) == Set(labels.touches.filter { $0.expect != .normal }.map(\.tracking_id)))
        let group = try MockedDeviceGroup(recording: path)
        let nodes = group.nodes.flatMap { ["--node", $0.path] }
        #expect(group.nodes.map(\.deviceClass) == [.pen, .touchscreen])

        let evdev = try TouchLiveRun(group, ["--emit", "touches", "--backend", "evdev"] + nodes)
        #expect(evdev.status == 0, "\(evdev.error)")
        #expect(TouchRow.firstDifference(evdev.rows, replay) == nil, "evdev: \(TouchRow.firstDifference(evdev.rows, replay) ?? "")\n\(evdev.error)")
        #expect(evdev.error.contains("from 2 tablets"), "\(evdev.error)")

        let libinput = try TouchLiveRun(group, ["--emit", "touches", "--backend", "libinput"] + nodes)
        #expect(libinput.status == 0, "\(libinput.error)")
        #expect(libinput.error.contains("tablet added: event13") && libinput.error.contains("touch device added: event14"), "\(libinput.error)")
        // libinput against the labels themselves: each touch as libinput is said to treat it.
        let touch = labels.touch.device
        for label in labels.touches {
            let begins = libinput.rows.filter { $0.device == touch && $0.slot == label.slot && $0.phase == "began" && abs($0.t - label.begins) < 1e-6 }
            let ends = libinput.rows.filter { $0.device == touch && $0.slot == label.slot && ($0.phase == "ended" || $0.phase == "cancelled") && $0.t > label.begins - 1e-6 && $0.t < label.ends + 1e-6 }
            switch label.expect {
            case .normal:
                #expect(begins.count == 1 && ends.map(\.phase) == ["ended"] && abs((ends.first?.t ?? 0) - label.ends) < 1e-6, "\(label.name): \(label.why)")
            case .cancelled:
                #expect(begins.count == 1 && ends.map(\.phase) == ["cancelled"] && abs((ends.first?.t ?? 0) - labels.pen.proximity_in) < 1e-6 && ends.first?.rejected == "palm", "\(label.name): \(label.why)")
            case .ignored:
                #expect(begins.isEmpty && ends.isEmpty, "\(label.name): \(label.why)")
            }
        }
        let (problems, largest) = Self.libinputComparison(libinput.rows, replay: replay, tolerance: (0.3, 0.3))
        #expect(problems.isEmpty, "libinput: \(problems.prefix(8).joined(separator: "\n"))\n\(libinput.error)")
        let motions = libinput.rows.filter { $0.phase == "moved" }.count, accepted = replay.filter { $0.phase == "moved" && $0.rejected == nil }.count
        #expect(motions <= accepted)
        print("\(name): \(replay.count) touch rows (\(replay.filter { $0.rejected != nil }.count) rejected, \(accepted) accepted moved); evdev \(evdev.rows.count) rows; libinput \(libinput.rows.count) rows (\(motions) moved), positions within \(String(format: "%.3f × %.3f", largest.x, largest.y)) mm")
    }

    /// Where libinput's touches (`live`) differ from what the replay says libinput reports (none
    /// when they agree). libinput reports a touch palm rejection took away (`rejected`) only by
    /// its one cancel, never a touch it ignored; it gives no tracking id (−1), size or pressure.
    /// Its downs, ups and cancels are the replay's, in order: the same phase, device, slot, seat
    /// slot (`id`), time to the microsecond, rejection; a down at the raw position (1e-6 mm), an
    /// up or cancel at the touch's last position libinput reported (within `tolerance` mm of the
    /// replay's). Its motions are some of the replay's, in order (the same time and slot), within
    /// `tolerance` mm.
    /// Returns the disagreements, and the largest distance (x, y, mm) between a libinput position
    /// and the replay's at the same event.
    static func libinputComparison(_ live: [TouchRow], replay: [TouchRow], tolerance: (x: Double, y: Double)) -> (problems: [String], largest: (x: Double, y: Double)) {
        var problems: [String] = []
        var largest = (x: 0.0, y: 0.0)
        let expected = replay.filter { $0.rejected == nil || $0.phase == "cancelled" }
        for row in live where row.tracking_id != -1 || row.major_mm != nil || row.minor_mm != nil || row.pressure != nil {
            problems.append("\(row): libinput gives no tracking id, size or pressure")
        }
        func near(_ a: TouchRow, _ b: TouchRow, _ slack: (x: Double, y: Double)) -> Bool {
            largest = (max(largest.x, abs(a.x_mm - b.x_mm)), max(largest.y, abs(a.y_mm - b.y_mm)))
            return abs(a.x_mm - b.x_mm) <= slack.x + 1e-6 && abs(a.y_mm - b.y_mm) <= slack.y + 1e-6
        }
        let ends = live.filter { $0.phase != "moved" }, expectedEnds = expected.filter { $0.phase != "moved" }
        if ends.count != expectedEnds.count { problems.append("\(ends.count) downs, ups and cancels, the replay \(expectedEnds.count)") }
        for (index, (a, b)) in zip(ends, expectedEnds).enumerated() {
            if a.phase != b.phase || a.device != b.device || a.slot != b.slot || a.id != b.id || abs(a.t - b.t) > 1e-6 || a.rejected != b.rejected {
                problems.append("down/up/cancel \(index + 1): libinput \(a), the replay \(b)")
            } else if !near(a, b, a.phase == "began" ? (0, 0) : tolerance) {
                problems.append("down/up/cancel \(index + 1): libinput at (\(a.x_mm), \(a.y_mm)) mm, the replay (\(b.x_mm), \(b.y_mm))")
            }
        }
        let moves = expected.filter { $0.phase == "moved" }
        var next = 0
        for motion in live where motion.phase == "moved" {
            guard let found = moves[next...].firstIndex(where: { $0.device == motion.device && $0.slot == motion.slot && abs($0.t - motion.t) <= 1e-6 }) else {
                problems.append("\(motion): no motion of the replay then (after \(next > 0 ? moves[next - 1].description : "the start"))")
                continue
            }
            if moves[found].id != motion.id { problems.append("\(motion): seat slot \(motion.id), the replay \(moves[found].id)") }
            if !near(motion, moves[found], tolerance) { problems.append("\(motion): the replay at (\(moves[found].x_mm), \(moves[found].y_mm)) mm") }
            next = found + 1
        }
        return (problems, largest)
    }
}
