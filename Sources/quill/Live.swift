import ArgumentParser
import Foundation
import QuillCore
import QuillDevices
import QuillGestures
import QuillInput
import QuillStroke
import QuillSystem

/// `quill devices`: the pen tablets this machine has.
struct Devices: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the tablets under /dev/input, one group per physical tablet: each node's class (pen, pad, touchscreen), size, axes, tools, pad buttons and libwacom's data.")

    @Option(help: "Directory of event nodes.")
    var directory: String = "/dev/input"

    func run() throws {
        let nodes = EvdevNode.eventNodes(in: directory)
        let catalog = WacomCatalog.loadIfAvailable()
        var found: [(path: String, device: DeviceDescription, deviceClass: DeviceClass)] = []
        var denied: [EvdevNodeError] = []
        for path in nodes {
            do {
                let node = try EvdevNode(path: path)
                let deviceClass = TabletFinder.deviceClass(of: node)
                guard deviceClass != .other else { continue }
                found.append((path, node.description, deviceClass))
            } catch let error as EvdevNodeError {
                if error.isPermissionDenied { denied.append(error) }
            }
        }
        // Nodes of one physical tablet (pen, pad, touch) form one group, as libinput's device group.
        for (number, group) in TabletGroup.group(found.map(\.device), paired: { catalog?.tablet(for: $0)?.paired }).enumerated() {
            let first = found[group.members[0]].device
            print("tablet group \(number + 1): \(group.name) (usb \(String(format: "%04x:%04x", first.vendor, first.product)))")
            for member in group.members { describe(found[member].device, path: found[member].path, deviceClass: found[member].deviceClass, catalog: catalog) }
        }
        if found.isEmpty {
            if let first = denied.first {
                Console.error("\(denied.count) input device(s) could not be opened. \(first)")
                throw ExitCode(2)
            }
            print(nodes.isEmpty ? "no input devices on this machine (\(directory) has no event nodes): no pen tablet found" : "no pen tablet found among \(nodes.count) input devices")
        }
    }

    func describe(_ device: DeviceDescription, path: String, deviceClass: DeviceClass, catalog: WacomCatalog?) {
        print("  \(path): \"\(device.name)\" usb \(String(format: "%04x:%04x", device.vendor, device.product)) — \(deviceClass.description)")
        switch deviceClass {
        case .pen:
            if let x = device.axes[EvdevCode.Abs.x], let y = device.axes[EvdevCode.Abs.y], x.resolution > 0, y.resolution > 0 {
                print(String(format: "    size: %.1f × %.1f mm", x.span / Double(x.resolution), y.span / Double(y.resolution)))
            } else if let area = catalog?.activeArea(of: device) {
                print(String(format: "    size: %.1f × %.1f mm (no resolution declared: from libwacom; libinput ignores such devices)", area.width, area.height))
            } else {
                print("    size: unknown (no resolution; libinput ignores such devices)")
            }
            let axes = device.axes.keys.sorted().compactMap { EvdevNames.codeName(type: EvdevCode.EventType.abs, code: $0) }
            print("    axes: \(axes.joined(separator: ", "))")
            let tools = PenTool.allCases.filter { device.has(type: EvdevCode.EventType.key, code: $0.keyCode) }.map(\.rawValue)
            print("    tools: \(tools.isEmpty ? "none declared (pen assumed)" : tools.joined(separator: ", "))")
            printLibwacom(device, database: catalog?.database)
        case .pad:
            let layout = catalog?.padLayout(of: device) ?? PadLayout(kernelCapabilitiesOf: device)
            print("    pad: \(layout.buttonCodes.count) buttons, \(layout.ringCount) ring(s), \(layout.stripCount) strip(s), \(layout.modeGroups.count) mode group(s)")
            if let pad = catalog?.tablet(for: device)?.pad {
                let buttons = pad.buttons.map { button in
                    "\(button.label)\(button.position.map { " \($0)" } ?? "")\(button.togglesModeOf.map { " (mode toggle: \($0.rawValue))" } ?? "")"
                }
                print("    buttons (libwacom): \(buttons.joined(separator: ", "))")
            }
        case .touchscreen, .touchpad, .other:
            print("    finger touches: not read by Quill (never pen samples)")
        }
    }
}

extension Devices {
    /// What libwacom's database says about the tablet: model, left-handed use, pad buttons, styli.
    func printLibwacom(_ device: DeviceDescription, database: WacomDatabase?) {
        guard let database else {
            print("  libwacom: its database could not be loaded (install libwacom-common)")
            return
        }
        guard let tablet = database.tablet(for: device) else {
            print("  libwacom: not in libwacom's database (\(String(format: "%04x:%04x", device.vendor, device.product)))")
            return
        }
        let kind = tablet.isDisplayIntegrated ? "screen tablet" : tablet.isSystemIntegrated ? "built-in tablet" : "external tablet"
        print("  libwacom: \"\(tablet.name)\"\(tablet.modelName.map { " (\($0))" } ?? ""), \(kind), \(tablet.widthInches) × \(tablet.heightInches) in")
        print("  left-handed: \(tablet.isReversible ? "reversible (quill live --left-handed turns it 180°)" : "not reversible")")
        print("  pad buttons: \(tablet.padButtons)")
        print("  styli: \(tablet.styli.count)")
        let erasers = Set(tablet.styli.filter(\.isEraser).map(\.id))
        func hex(_ id: Int) -> String { String(format: "0x%05x", id) }
        for stylus in tablet.styli {
            let role: String
            if stylus.isEraser {
                role = "eraser end" + (stylus.pairedIds.first.map { " of \(hex($0))" } ?? "")
            } else if let eraser = stylus.pairedIds.first(where: erasers.contains) {
                role = "eraser: other end, \(hex(eraser))"
            } else {
                role = stylus.eraserType == .none || stylus.eraserType == .unknown ? "no eraser" : "eraser: \(stylus.eraserType.rawValue)"
            }
            print("    \(hex(stylus.id)) \"\(stylus.name)\", \(stylus.buttons) button\(stylus.buttons == 1 ? "" : "s"), \(role)")
        }
    }
}

/// `quill record`: capture a tablet in the libinput record format.
struct Record: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Capture a tablet's events in the libinput record YAML format, flushing every frame (Ctrl-C or --duration ends it).")

    @Option(help: "The event node, e.g. /dev/input/event13 (default: the first pen tablet).")
    var device: String?

    @Option(name: .shortAndLong, help: "The YAML file to write.")
    var output: String

    @Option(help: "Stop after this many seconds.")
    var duration: Double?

    func run() throws {
        let node: EvdevNode
        do { node = try TabletFinder.find(device) } catch { Console.error(error); throw ExitCode.failure }
        StopSignal.install()
        let writer = try LibinputRecordWriter(path: output, deviceCount: 1)
        writer.flushesEveryFrame = true
        try writer.beginDevice(node.description, node: node.path)
        let started = MonotonicClock.now()
        var events: [InputEvent] = []
        var frame: [InputEvent] = []
        var origin: Int64?
        var count = 0
        loop: while !StopSignal.isRequested {
            let remaining = duration.map { $0 - (MonotonicClock.now() - started) }
            if let remaining, remaining <= 0 { break }
            do {
                // Sleeps until events come, Ctrl-C or the end of --duration.
                let readiness = try EvdevNode.wait(for: [node], timeout: remaining, wakingOn: StopSignal.wakeDescriptors)
                if readiness[0] == .gone { throw EvdevNodeError(path: node.path, operation: "poll", errno: ENODEV) }
                guard readiness[0] == .readable else { continue }
                events.removeAll(keepingCapacity: true)
                try node.readEvents(into: &events)
            } catch let error as EvdevNodeError where error.isGone {
                Console.warning("\(error); the recording so far is kept in \(output)")
                break loop
            }
            for var event in events {
                if origin == nil { origin = event.microseconds }
                // Held within ±30 years: a node's bytes out of step never trap the recorder.
                event.microseconds = LiveTablet.relativeTime(event.microseconds, from: origin ?? 0)
                frame.append(event)
                count += 1
                if event.isFrameEnd {
                    try writer.write(frame: frame[...])
                    frame.removeAll(keepingCapacity: true)
                }
            }
        }
        if !frame.isEmpty { try writer.write(frame: frame[...]) }
        try writer.close()
        FileHandle.standardError.write(Data("quill record: \(count) events from \(node.path) written to \(output)\n".utf8))
    }
}

/// `quill live`: the whole pipeline on a real tablet.
struct Live: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the pipeline on a live tablet and stream JSON Lines (samples) until Ctrl-C; then close open strokes and print a summary.")

    @Option(name: .customLong("device"), help: "An event node, e.g. /dev/input/event13; repeat it for several tablets (default: the first pen tablet; with --backend libinput: every tablet of the udev seat).")
    var devices: [String] = []

    @OptionGroup var tablet: TabletOptions

    @Option(help: "Stop after this many seconds.")
    var duration: Double?

    @Flag(help: "Print latency statistics (event readable → sample written) in the summary.")
    var stats = false

    enum Backend: String, ExpressibleByArgument, CaseIterable { case evdev, libinput }

    enum Emit: String, ExpressibleByArgument, CaseIterable { case samples, strokes, gestures, pad }

    @Option(help: "What to stream: samples (as quill samples), strokes (as quill strokes --emit smoothed), gestures (as quill gestures) or pad (the pad's buttons, rings and strips, as quill pad).")
    var emit: Emit = .samples

    @Option(help: "evdev: raw events through libevdev and Quill's decoder (identical to replaying a recording); libinput: libinput's own tablet events (udev seat, or the --device node).")
    var backend: Backend = .evdev

    func run() throws {
        if backend == .libinput { return try runLibinput() }
        let parameters = try tablet.parameters()
        let session: TabletSession
        do {
            // One clock for the run: every tablet's times are seconds from its start.
            session = try TabletSession(paths: devices.isEmpty ? [nil] : devices, parameters: parameters, duration: duration)
        } catch let error as ParameterError {
            throw error
        } catch {
            Console.error(error)
            throw ExitCode.failure
        }
        Live.announceClock(session.origin)
        StopSignal.install()
        var emitter = LiveEmitter(emit: emit, measuresLatency: stats)
        var loop = LoopStatistics()
        var proximityOuts = 0, forcedOuts = 0
        let started = MonotonicClock.now()
        // What one dispatch gave goes to the emitter, with a word on standard error for what the
        // person should know (a pad asked for samples, an unplug, a return, libinput's timer).
        func deliver(readable: Double) {
            while let event = session.nextEvent() {
                switch event {
                case .sample(let sample):
                    if let mapping = session.mapping(forDevice: sample.deviceIndex) { emitter.add(sample, mapping: mapping) }
                case .pad(let pad):
                    emitter.add(pad)
                case let .deviceAdded(device, deviceClass, _):
                    if deviceClass == .pad, emit == .samples || emit == .strokes {
                        Console.warning("\(session.path(ofDevice: device) ?? "device \(device)") is a pad: it gives pad events, not pen samples (--emit pad streams them)")
                    }
                case let .proximityOut(device, _, time, isForced):
                    proximityOuts += 1
                    if isForced {
                        forcedOuts += 1
                        Console.warning(String(format: "%@: pen forced out of proximity at t=%.3f s: %.0f ms without events (libinput's timer)",
                            session.path(ofDevice: device) ?? "", time, parameters.proximityTimeout * 1000))
                    }
                    emitter.handle(event)
                case let .deviceRemoved(device, _):
                    // Unplugged: the open stroke ended as cancelled; the run goes on (and reads the
                    // other tablets) and waits for it to come back.
                    Console.warning("\(session.path(ofDevice: device) ?? "device \(device)"): the device was removed; waiting for it to come back (Ctrl-C to stop)")
                    emitter.handle(event)
                case let .deviceBack(device, _):
                    Console.warning("\(session.path(ofDevice: device) ?? "device \(device)") is back; reading it again")
                    emitter.handle(event)
                case .proximityIn:
                    emitter.handle(event)
                }
            }
            emitter.advance(to: session.now)
            emitter.flush(readable: readable)
        }
        deliver(readable: MonotonicClock.now())
        while !StopSignal.isRequested && !session.isFinished {
            // Sleep until events arrive, Ctrl-C, the run ends, a gesture recognizer's next deadline,
            // libinput's proximity timer of a silent hovering pen or the next look for an unplugged
            // tablet; nothing else wakes the loop.
            let gestureWait = emitter.nextDeadline.map { max(0, $0 - session.now + 0.000_5) }
            let woke = session.wait(timeout: gestureWait, wakingOn: StopSignal.wakeDescriptors)
            loop.woke(withEvents: woke)
            let readable = MonotonicClock.now()
            try session.dispatch()
            if session.eventsRead > 0 { loop.read(session.eventsRead, at: readable) }
            deliver(readable: readable)
        }
        session.finish()
        deliver(readable: MonotonicClock.now())
        // The run ends now: what waits for time (a squeeze hold) has had all of it.
        emitter.finish(at: session.now)
        let count = session.sources.count
        var line = "quill live: \(loop.events) events, \(emitter.summary.sampleCount) samples, \(emitter.summary.strokeCount) strokes, \(proximityOuts) proximity-outs (\(forcedOuts) forced) in \(String(format: "%.1f", MonotonicClock.now() - started)) s"
        if count > 1 { line += " from \(count) tablets" }
        if stats { line += emitter.latencyText + loop.text }
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

extension Live {
    /// Says on standard error where the run's clock starts, so its times can be set beside other
    /// CLOCK_MONOTONIC stamps (the kernel's event times, other programs' logs).
    static func announceClock(_ runStart: Int64) {
        FileHandle.standardError.write(Data("quill live: t = 0 s at CLOCK_MONOTONIC \(runStart) µs (one clock for every tablet of the run)\n".utf8))
    }

    /// The libinput path: QuillDevices' ``LibinputSource`` (libinput's tablet-tool and pad events
    /// as samples), this loop only sleeps, writes and reports.
    func runLibinput() throws {
        let parameters = try tablet.parameters()
        // One clock for the run: every device's times are seconds from now (a tablet plugged
        // back in keeps it).
        let runStart = MonotonicClock.microseconds()
        let source: LibinputSource
        do {
            source = try LibinputSource(paths: devices.isEmpty ? nil : devices, parameters: parameters, origin: runStart, catalog: WacomCatalog.loadIfAvailable())
        } catch {
            Console.error(error)
            // libinput 1.22 ignores tablets whose X/Y axes declare no resolution; the raw path reads them.
            for device in devices {
                guard let node = try? EvdevNode(path: device),
                    node.description.axes[EvdevCode.Abs.x]?.resolution ?? 0 == 0 || node.description.axes[EvdevCode.Abs.y]?.resolution ?? 0 == 0
                else { continue }
                Console.error("\(device) declares no resolution for X/Y, which libinput refuses; --backend evdev reads it (with libwacom's size of the model, or 100 units/mm assumed)")
            }
            throw ExitCode.failure
        }
        Live.announceClock(runStart)
        StopSignal.install()
        var emitter = LiveEmitter(emit: emit, measuresLatency: stats)
        var loop = LoopStatistics()
        let started = MonotonicClock.now()
        /// Lets time pass for the gesture recognizers; the seconds until the next deadline, if any.
        func advanceGestures() -> Double? {
            var wait: Double?
            let now = MonotonicClock.microseconds()
            // One clock for every device: any tablet's time is the run's.
            guard let index = source.tabletIndices.first, let time = source.time(ofDevice: index, atMonotonicMicroseconds: now) else { return nil }
            emitter.advance(to: time)
            if let deadline = emitter.nextDeadline { wait = max(0, deadline - time) }
            return wait
        }
        func deliver() {
            while let event = source.nextEvent() {
                switch event {
                case let .tabletAdded(added, index, width, height):
                    var settings = ""
                    if added.isLeftHanded { settings += ", left-handed" }
                    if added.calibrationAvailable, !CalibrationMatrix.identity.values.elementsEqual(added.calibration, by: { abs($0 - $1) < 1e-6 }) {
                        settings += ", calibration " + added.calibration.map { String(format: "%g", $0) }.joined(separator: ",")
                    }
                    Console.warning("tablet added: \(added.sysname) \"\(added.name)\" \(width) × \(height) mm (device \(index))\(settings)")
                    if parameters.isLeftHanded, !added.leftHandedAvailable {
                        Console.warning("\(added.sysname): libinput offers no left-handed mode for it (libwacom does not call it reversible); --backend evdev turns it anyway")
                    }
                    if !parameters.calibration.isIdentity, !added.calibrationAvailable {
                        Console.warning("\(added.sysname): libinput offers calibration only for screen tablets (INPUT_PROP_DIRECT); --backend evdev applies it anyway")
                    }
                case let .tabletWithoutSize(added):
                    Console.warning("\(added.sysname) \"\(added.name)\": libinput reports no size; its samples are skipped")
                case let .padAdded(added, index):
                    Console.warning("pad added: \(added.sysname) \"\(added.name)\" (device \(index))")
                    if !devices.isEmpty, emit == .samples || emit == .strokes {  // asked for by --device
                        Console.warning("\(added.sysname) is a pad: it gives pad events, not pen samples (--emit pad streams them)")
                    }
                case let .notATablet(added):
                    Console.warning(
                        "\(added.sysname) \"\(added.name)\" is \(added.isTouch ? "a touchscreen" : "not a tablet") for libinput: it gives no pen samples and no pad events")
                case let .removed(sysname, tabletIndex, isKnown, lastSampleTime, awaiting):
                    if let tabletIndex { emitter.remove(device: tabletIndex, at: lastSampleTime ?? 0) }
                    if isKnown { Console.warning("tablet removed: \(sysname)" + (awaiting ? "; waiting for it to come back (Ctrl-C to stop)" : "")) }
                case let .back(node):
                    Console.warning("\(node) is back; reading it again")
                case let .proximityOut(sysname, index, tool, time):
                    Console.warning(String(format: "%@: %@ out of proximity at t=%.3f s", sysname, tool.rawValue, time))
                    emitter.handle(.proximityOut(device: index, tool: tool, time: time, isForced: false))
                case let .sample(sample, mapping):
                    emitter.add(sample, mapping: mapping)
                case let .pad(event):
                    emitter.add(event)
                }
            }
        }
        while !StopSignal.isRequested {
            let remaining = duration.map { $0 - (MonotonicClock.now() - started) }
            if let remaining, remaining <= 0 { break }
            // libinput queues events (DEVICE_ADDED first) before its fd turns readable: dispatch,
            // then sleep on its fd until events come, the run ends or a gesture recognizer's next deadline.
            let readable = MonotonicClock.now()
            source.addBack()
            let before = source.toolEventCount
            try source.dispatch()
            let read = source.toolEventCount - before
            if read > 0 { loop.read(read, at: readable) }
            deliver()
            let deadline = advanceGestures()
            emitter.flush(readable: readable)
            if source.lastDispatchCount > 0 { continue }  // more may be queued: dispatch again before sleeping
            let retry: Double? = source.isAwaiting ? 0.2 : nil
            let timeout = [remaining, deadline.map { $0 + 0.000_5 }, retry].compactMap { $0 }.min()
            loop.woke(withEvents: source.wait(timeout: timeout, wakingOn: StopSignal.wakeDescriptors))
        }
        source.finish()
        deliver()
        let end = MonotonicClock.microseconds()
        let lastTime = source.tabletIndices.map { index in
            let last = source.lastSampleTime(ofDevice: index) ?? 0
            return max(last, source.time(ofDevice: index, atMonotonicMicroseconds: end) ?? last)
        }.max() ?? 0
        emitter.finish(at: lastTime)
        var line = "quill live (libinput): \(loop.events) tool events, \(emitter.summary.sampleCount) samples, \(emitter.summary.strokeCount) strokes, \(source.proximityOutCount) proximity-outs in \(String(format: "%.1f", MonotonicClock.now() - started)) s"
        if source.tabletIndices.count > 1 { line += " from \(source.tabletIndices.count) tablets" }
        if stats { line += emitter.latencyText + loop.text }
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
