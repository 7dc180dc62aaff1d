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
        for (number, group) in TabletGroup.group(found.map(\.device)).enumerated() {
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
                let readiness = try EvdevNode.wait(for: [node], timeout: remaining)
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
                event.microseconds -= origin ?? 0
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
        var tablets: [TabletSource] = []
        let parameters = try tablet.parameters()
        // One clock for the run: every tablet's times are seconds from now.
        let runStart = MonotonicClock.microseconds()
        Live.announceClock(runStart)
        do {
            // Open the nodes first (a tablet sending meanwhile piles up unread), then libwacom.
            let nodes = try (devices.isEmpty ? [nil] : devices.map(Optional.some)).map { try TabletFinder.find($0) }
            let catalog = WacomCatalog.loadIfAvailable()
            for (index, node) in nodes.enumerated() {
                tablets.append(try TabletSource(node: node, parameters: parameters, index: index, origin: runStart, catalog: catalog))
            }
        } catch let error as ParameterError {
            throw error
        } catch {
            Console.error(error)
            throw ExitCode.failure
        }
        StopSignal.install()
        var emitter = LiveEmitter(emit: emit, measuresLatency: stats)
        var loop = LoopStatistics()
        var proximityOuts: [Int] = Array(repeating: 0, count: tablets.count)
        var awaiting: [Int: String] = [:]  // unplugged tablets: index → node
        let started = MonotonicClock.now()
        // What one dispatch decoded goes to the emitter: samples, pad events, proximity-outs, and
        // the time that passed (a pending single press or a squeeze hold expires with time).
        @discardableResult
        func deliver(_ index: Int, readable: Double) -> Double? {
            let source = tablets[index]
            let mapping = source.mapping
            var last: Double?
            while let sample = source.nextSample() {
                emitter.add(sample, mapping: mapping)
                last = sample.time
            }
            for event in source.takePadEvents() { emitter.add(event) }
            let decoder = source.tablet.decoder
            if decoder.proximityOutCount != proximityOuts[index] {
                proximityOuts[index] = decoder.proximityOutCount
                emitter.proximityOut(device: index, at: decoder.lastProximityOutTime)
            }
            emitter.advance(device: index, to: source.tablet.decoderTime())
            emitter.flush(readable: readable)
            return last
        }
        while !StopSignal.isRequested {
            let remaining = duration.map { $0 - (MonotonicClock.now() - started) }
            if let remaining, remaining <= 0 { break }
            // Tablets unplugged earlier are opened again once their node is back; the others are
            // read meanwhile.
            for (index, path) in awaiting {
                guard let back = try? EvdevNode(path: path) else { continue }
                try tablets[index].reopen(on: back, parameters: parameters, index: index)
                awaiting[index] = nil
                Console.warning("\(path) is back; reading it again")
            }
            // Sleep until events arrive, Ctrl-C, the run ends, a gesture recognizer's next deadline,
            // or libinput's proximity timer of a silent hovering pen; nothing else wakes the loop.
            let active = tablets.indices.filter { awaiting[$0] == nil }
            var timeout = awaiting.isEmpty ? remaining : min(remaining ?? .infinity, 0.2)
            for index in active {
                let source = tablets[index]
                if let deadline = emitter.nextDeadline(device: index) {
                    timeout = max(0, min(timeout ?? .infinity, deadline - source.tablet.decoderTime() + 0.000_5))
                }
                if let wait = source.timeout { timeout = max(0, min(timeout ?? .infinity, wait + 0.001)) }
            }
            let readiness = try EvdevNode.wait(for: active.map { tablets[$0].tablet.node }, timeout: timeout)
            loop.woke(withEvents: readiness.contains(.readable))
            for (slot, index) in active.enumerated() {
                let source = tablets[index]
                let readable = MonotonicClock.now()
                let forced = source.tablet.decoder.forcedProximityOutCount
                do {
                    guard readiness[slot] != .gone else {
                        source.unplugged()
                        throw EvdevNodeError(path: source.tablet.node.path, operation: "poll", errno: ENODEV)
                    }
                    // Readable: its events are decoded; idle: a silent hovering pen's timer is checked.
                    try source.dispatch()
                    if readiness[slot] == .readable || source.eventsRead > 0 { loop.read(source.eventsRead, at: readable) }
                    if source.tablet.decoder.forcedProximityOutCount != forced {
                        Console.warning(String(format: "%@: pen forced out of proximity at t=%.3f s: %.0f ms without events (libinput's timer)",
                            source.tablet.node.path, source.tablet.decoder.lastProximityOutTime, parameters.proximityTimeout * 1000))
                    }
                    deliver(index, readable: readable)
                } catch let error as EvdevNodeError where error.isGone {
                    // Unplugged: the open stroke ended as cancelled; keep running (and reading the
                    // other tablets) and wait for it to return.
                    deliver(index, readable: MonotonicClock.now())
                    Console.warning("\(error); waiting for it to come back (Ctrl-C to stop)")
                    awaiting[index] = source.tablet.node.path
                }
            }
        }
        for index in tablets.indices {
            tablets[index].finish()
            let last = deliver(index, readable: MonotonicClock.now()) ?? tablets[index].tablet.decoder.lastProximityOutTime
            // The run ends now: what waits for time (a squeeze hold) has had all of it.
            emitter.finish(device: index, at: max(last, tablets[index].tablet.decoderTime()))
        }
        let proximity = tablets.reduce(0) { $0 + $1.tablet.decoder.proximityOutCount }, forced = tablets.reduce(0) { $0 + $1.tablet.decoder.forcedProximityOutCount }
        var line = "quill live: \(loop.events) events, \(emitter.summary.sampleCount) samples, \(emitter.summary.strokeCount) strokes, \(proximity) proximity-outs (\(forced) forced) in \(String(format: "%.1f", MonotonicClock.now() - started)) s"
        if tablets.count > 1 { line += " from \(tablets.count) tablets" }
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

    /// The libinput path: libinput's tablet-tool events mapped to samples by ``LibinputSampleMapper``.
    func runLibinput() throws {
        let context: LibinputContext
        do {
            context = try devices.isEmpty ? LibinputContext() : LibinputContext(paths: devices)
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
        let parameters = try tablet.parameters()
        context.configuration = LibinputTabletConfiguration(
            leftHanded: parameters.isLeftHanded, calibration: parameters.calibration.isIdentity ? nil : parameters.calibration)
        StopSignal.install()
        let canvasSize = parameters.canvas
        var mappers: [String: LibinputSampleMapper] = [:]
        var indices: [String: Int] = [:]
        var padIndices: [String: Int] = [:]
        var padModes: [String: PadModes] = [:]
        // Path backend: a removed tablet's node is added again once it can be opened (hot-plug
        // is udev's work on the seat backend); its samples keep their clock.
        var awaited: [String: String] = [:]  // sysname → node
        // One clock for the run: every device's times are seconds from now (a tablet plugged
        // back in keeps it).
        let runStart = MonotonicClock.microseconds()
        Live.announceClock(runStart)
        let catalog = WacomCatalog.loadIfAvailable()
        var lastSample: [String: PenSample] = [:]
        var emitter = LiveEmitter(emit: emit, measuresLatency: stats)
        var loop = LoopStatistics()
        let started = MonotonicClock.now()
        var proximityOuts = 0
        func write(_ sample: PenSample, device: String) {
            guard let mapping = mappers[device]?.mapping else { return }
            emitter.add(sample, mapping: mapping)
            lastSample[device] = sample
        }
        // libinput reports one hardware frame as several events with the same time (an axis event
        // and the tip event): they become one sample, as the raw path gives one sample per frame.
        var frameSamples: [String: PenSample] = [:]
        func add(_ sample: PenSample, device: String) {
            if let held = frameSamples[device], held.time == sample.time, held.tool == sample.tool {
                var merged = sample
                if held.phase == .began || held.phase == .ended, sample.phase == .moved || sample.phase == .hover { merged.phase = held.phase }
                frameSamples[device] = merged
                return
            }
            if let previous = frameSamples[device] { write(previous, device: device) }
            frameSamples[device] = sample
        }
        func flushFrameSamples() {
            for (device, sample) in frameSamples.sorted(by: { $0.value.time < $1.value.time }) { write(sample, device: device) }
            frameSamples.removeAll()
        }
        /// Lets time pass for the gesture recognizers; the seconds until the next deadline, if any.
        func advanceGestures() -> Double? {
            var wait: Double?
            let now = MonotonicClock.microseconds()
            for mapper in mappers.values {
                guard let time = mapper.time(atMonotonicMicroseconds: now) else { continue }
                emitter.advance(device: mapper.deviceIndex, to: time)
                if let deadline = emitter.nextDeadline(device: mapper.deviceIndex) { wait = min(wait ?? .infinity, max(0, deadline - time)) }
            }
            return wait
        }
        while !StopSignal.isRequested {
            let remaining = duration.map { $0 - (MonotonicClock.now() - started) }
            if let remaining, remaining <= 0 { break }
            // libinput queues events (DEVICE_ADDED first) before its fd turns readable: drain, then
            // sleep on its fd until events come, the run ends or a gesture recognizer's next deadline.
            let readable = MonotonicClock.now()
            for (sysname, node) in awaited where context.addPath(node) {
                awaited[sysname] = nil
                Console.warning("\(node) is back; reading it again")
            }
            let pending = context.events()
            if pending.isEmpty {
                let deadline = advanceGestures()
                emitter.flush(readable: readable)
                let retry: Double? = awaited.isEmpty ? nil : 0.2
                let timeout = [remaining, deadline.map { $0 + 0.000_5 }, retry].compactMap { $0 }.min()
                loop.woke(withEvents: context.wait(timeout: timeout))
                continue
            }
            // libinput lifts the tip and takes the tool out of proximity itself when a tablet is
            // removed, in the same batch as DEVICE_REMOVED: that lift is a cancellation.
            let removed = Set(pending.compactMap { event -> String? in
                if case let .deviceRemoved(sysname) = event { return sysname }
                return nil
            })
            for event in pending {
                switch event {
                case let .deviceAdded(added):
                    if added.isPad {
                        let index = indices[added.sysname] ?? indices.count
                        indices[added.sysname] = index
                        padIndices[added.sysname] = index
                        // libinput keeps a mode only where it drives the pad's LEDs; Quill keeps
                        // libwacom's modes itself (its layout needs the node's codes).
                        let node = devices.first { ($0 as NSString).lastPathComponent == added.sysname } ?? "/dev/input/\(added.sysname)"
                        if let description = (try? EvdevNode(path: node))?.description, let layout = catalog?.padLayout(of: description),
                            layout.modeGroups.contains(where: { $0.modeCount > 1 })
                        {
                            padModes[added.sysname] = PadModes(layout: layout)
                        }
                        Console.warning("pad added: \(added.sysname) \"\(added.name)\" (device \(index))")
                        continue
                    }
                    guard added.isTablet else { continue }
                    let sysname = added.sysname
                    guard let width = added.widthMillimetres, let height = added.heightMillimetres else {
                        Console.warning("\(sysname) \"\(added.name)\": libinput reports no size; its samples are skipped")
                        continue
                    }
                    let index = indices[sysname] ?? indices.count
                    indices[sysname] = index
                    var mapper = try LibinputSampleMapper(width: width, height: height, canvas: canvasSize, deviceIndex: index, pressureCurve: parameters.pressureCurve)
                    mapper.startClock(atMicroseconds: runStart)
                    mappers[sysname] = mapper
                    var settings = ""
                    if added.isLeftHanded { settings += ", left-handed" }
                    if added.calibrationAvailable, !CalibrationMatrix.identity.values.elementsEqual(added.calibration, by: { abs($0 - $1) < 1e-6 }) {
                        settings += ", calibration " + added.calibration.map { String(format: "%g", $0) }.joined(separator: ",")
                    }
                    Console.warning("tablet added: \(sysname) \"\(added.name)\" \(width) × \(height) mm (device \(index))\(settings)")
                    if parameters.isLeftHanded, !added.leftHandedAvailable {
                        Console.warning("\(sysname): libinput offers no left-handed mode for it (libwacom does not call it reversible); --backend evdev turns it anyway")
                    }
                    if !parameters.calibration.isIdentity, !added.calibrationAvailable {
                        Console.warning("\(sysname): libinput offers calibration only for screen tablets (INPUT_PROP_DIRECT); --backend evdev applies it anyway")
                    }
                case let .deviceRemoved(sysname):
                    flushFrameSamples()
                    // Unplugged: an open stroke ends as cancelled; everything before it is kept.
                    if let last = lastSample[sysname], last.phase.isInContact { write(last.lifted(as: .cancelled), device: sysname) }
                    if let mapper = mappers[sysname] {
                        emitter.finish(device: mapper.deviceIndex, at: lastSample[sysname]?.time ?? 0)
                        if let node = devices.first(where: { ($0 as NSString).lastPathComponent == sysname }), context.isPathContext {
                            awaited[sysname] = node
                        }
                    }
                    lastSample[sysname] = nil
                    mappers[sysname] = nil
                    if indices[sysname] != nil { Console.warning("tablet removed: \(sysname)" + (awaited[sysname] != nil ? "; waiting for it to come back (Ctrl-C to stop)" : "")) }
                case let .pad(padEvent):
                    loop.read(1, at: readable)
                    guard let index = padIndices[padEvent.deviceName] else { continue }
                    var event = PadEvent(
                        time: Double(padEvent.microseconds - runStart) / 1_000_000, deviceIndex: index, kind: padEvent.kind,
                        modeGroup: padEvent.modeGroup, mode: padEvent.mode)
                    if padModes[padEvent.deviceName] != nil, let (group, mode) = padModes[padEvent.deviceName]?.apply(padEvent.kind) {
                        (event.modeGroup, event.mode) = (group, mode)
                    }
                    emitter.add(event)
                case let .tool(toolEvent):
                    loop.read(1, at: readable)
                    guard var mapper = mappers[toolEvent.deviceName] else { continue }
                    if toolEvent.kind == .proximity, !toolEvent.isInProximity {
                        proximityOuts += 1
                        Console.warning(String(format: "%@: %@ out of proximity at t=%.3f s", toolEvent.deviceName, toolEvent.tool.rawValue, mapper.time(of: toolEvent)))
                        flushFrameSamples()
                        emitter.proximityOut(device: mapper.deviceIndex, at: mapper.time(of: toolEvent))
                    }
                    if var sample = mapper.sample(for: toolEvent) {
                        if sample.phase == .ended, removed.contains(toolEvent.deviceName) { sample.phase = .cancelled }
                        add(sample, device: toolEvent.deviceName)
                    }
                    mappers[toolEvent.deviceName] = mapper
                }
            }
            flushFrameSamples()
            _ = advanceGestures()
            emitter.flush(readable: readable)
        }
        flushFrameSamples()
        for (device, last) in lastSample where last.phase.isInContact { write(last.lifted(as: .ended), device: device) }
        let end = MonotonicClock.microseconds()
        for (device, mapper) in mappers.sorted(by: { $0.value.deviceIndex < $1.value.deviceIndex }) {
            let last = lastSample[device]?.time ?? 0
            emitter.finish(device: mapper.deviceIndex, at: max(last, mapper.time(atMonotonicMicroseconds: end) ?? last))
        }
        var line = "quill live (libinput): \(loop.events) tool events, \(emitter.summary.sampleCount) samples, \(emitter.summary.strokeCount) strokes, \(proximityOuts) proximity-outs in \(String(format: "%.1f", MonotonicClock.now() - started)) s"
        if mappers.count > 1 { line += " from \(mappers.count) tablets" }
        if stats { line += emitter.latencyText + loop.text }
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
