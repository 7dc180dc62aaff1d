import DequeModule
import QuillCore
import QuillInput
import QuillSystem

/// Tablets through libinput, in the host's own main loop: poll ``fileDescriptor``, call
/// ``dispatch()`` when it is readable, then take the ``Event``s — Quill's samples (one per
/// hardware frame: libinput's axis and tip events of a frame are merged, as the raw path gives
/// one sample per frame), pad events with libwacom's modes, and what happened to the devices.
///
/// A udev seat (`paths` nil) hot-plugs by itself; with node paths, a removed node is added again
/// by ``addBack()`` once it opens. Times are seconds from `origin` (CLOCK_MONOTONIC µs), one
/// clock for every device. No threads of its own.
public final class LibinputSource {
    /// The last component of a node's path ("event13" of "/dev/input/event13"): libinput's sysname.
    static func lastComponent(of path: String) -> Substring {
        path.split(separator: "/", omittingEmptySubsequences: true).last ?? Substring(path)
    }

    /// What one dispatch found, in order.
    public enum Event: Sendable {
        /// A pen tablet, device `index`, `width` × `height` mm.
        case tabletAdded(LibinputDevice, index: Int, width: Double, height: Double)
        /// A tablet libinput gives no size for: its samples are skipped.
        case tabletWithoutSize(LibinputDevice)
        /// A pad, device `index`.
        case padAdded(LibinputDevice, index: Int)
        /// A touchscreen or touchpad giving absolute touches, device `index`, `width` × `height` mm.
        case touchAdded(LibinputDevice, index: Int, width: Double, height: Double)
        /// A touch (libinput's down, motion, up, cancel). A cancel is palm rejection (libinput's
        /// arbitration and palm detection), marked `.palm`, but in the batch that removes the device
        /// (libinput cancels the touches down of a device going away).
        case touch(TouchSample)
        case touchFrame(device: Int, time: Double)
        /// A node asked for by path that libinput calls neither a tablet nor a pad (a touchscreen,
        /// a touchpad, a mouse): it gives no pen samples and no pad events.
        case notATablet(LibinputDevice)
        /// A device went away: `tabletIndex` when it was one of our pen tablets (with the time of
        /// its last sample), `isKnown` when it was one of our tablets or pads, and whether
        /// ``addBack()`` will look for its node.
        case removed(sysname: String, tabletIndex: Int?, isKnown: Bool, lastSampleTime: Double?, awaitingReturn: Bool)
        /// A removed node is back (``addBack()``).
        case back(node: String)
        /// A tool left proximity (libinput's own, or its 50 ms timer's).
        case proximityOut(sysname: String, index: Int, tool: PenTool, time: Double)
        /// A sample and its device's mapping (the device may be gone when the event is taken).
        case sample(PenSample, TabletMapping)
        case pad(PadEvent)

        /// The event in the model every source shares (``TabletEvent``), or nil for what only
        /// libinput says (a tablet it gives no size for, a node that is no tablet, a node back
        /// before its device is added again). libinput does not tell its own 50 ms timer's
        /// proximity-outs from the tablet's: `isForced` is false for both.
        public var tabletEvent: TabletEvent? {
            switch self {
            case let .sample(sample, _): return .sample(sample)
            case let .pad(pad): return .pad(pad)
            case let .proximityOut(_, index, tool, time): return .proximityOut(device: index, tool: tool, time: time, isForced: false)
            case let .removed(_, tabletIndex?, _, lastSampleTime, _): return .deviceRemoved(device: tabletIndex, time: lastSampleTime ?? 0)
            case let .tabletAdded(device, index, _, _): return .deviceAdded(device: index, deviceClass: .pen, name: device.name)
            case let .padAdded(device, index): return .deviceAdded(device: index, deviceClass: .pad, name: device.name)
            case let .touchAdded(device, index, _, _): return .deviceAdded(device: index, deviceClass: .touchscreen, name: device.name)
            case let .touch(touch): return .touch(touch)
            case let .touchFrame(device, time): return .touchFrame(device: device, time: time)
            case .tabletWithoutSize, .notATablet, .removed, .back: return nil
            }
        }
    }

    public let context: LibinputContext
    private let nodes: [String]
    private let parameters: TabletDecoderParameters
    private let catalog: WacomCatalog?
    /// The run's start (CLOCK_MONOTONIC µs).
    public let origin: Int64
    private var mappers: [String: LibinputSampleMapper] = [:]
    private var indices: [String: Int] = [:]
    private var padIndices: [String: Int] = [:]
    private var padModes: [String: PadModes] = [:]
    /// Touch devices: index, mapping, and for a node without resolution the millimetres per
    /// libinput unit (see ``sizeWithoutResolution(of:)``); each touch's last sample by seat slot.
    private var touchDevices: [String: (index: Int, mapping: TabletMapping, millimetresPerUnit: (x: Double, y: Double)?)] = [:]
    private var touchesDown: [Int: TouchSample] = [:]
    private var awaited: [String: String] = [:]  // sysname → node
    private var lastSample: [String: PenSample] = [:]
    private var frameSamples: [String: PenSample] = [:]
    private var queue: Deque<Event> = []
    /// Tool events read so far (libinput's, before merging).
    public private(set) var toolEventCount = 0
    /// libinput events the last ``dispatch()`` found (0: libinput had nothing).
    public private(set) var lastDispatchCount = 0
    /// Proximity-outs so far.
    public private(set) var proximityOutCount = 0

    /// Opens libinput on `paths` (event nodes) or, with nil, on udev's seat0. Throws
    /// `LibinputError` when libinput cannot start or refuses every node.
    /// libwacom's catalog (`catalog`) is loaded after libinput has opened the nodes, so nothing
    /// they send meanwhile piles up unread.
    public init(paths: [String]?, parameters: TabletDecoderParameters = .defaults, origin: Int64? = nil, catalog: @autoclosure () -> WacomCatalog? = WacomCatalog.loadIfAvailable()) throws {
        context = try paths.map { try LibinputContext(paths: $0) } ?? LibinputContext()
        context.configuration = LibinputTabletConfiguration(
            leftHanded: parameters.isLeftHanded, calibration: parameters.calibration.isIdentity ? nil : parameters.calibration)
        nodes = paths ?? []
        self.parameters = parameters
        self.origin = origin ?? MonotonicClock.microseconds()
        self.catalog = catalog()
    }

    /// libinput's fd (an epoll fd with its devices and timers): poll it for POLLIN.
    public var fileDescriptor: Int32 { context.fileDescriptor }

    /// Sleeps until libinput has events, `timeout` seconds pass (nil: no limit) or one of
    /// `wakingOn` is readable (a stop request); true when it woke for events. For a host without
    /// a loop of its own.
    public func wait(timeout: Double?, wakingOn extra: [Int32] = []) -> Bool { context.wait(timeout: timeout, wakingOn: extra) }

    /// The mapping of device `index` (a pen tablet that was added).
    public func mapping(forDevice index: Int) -> TabletMapping? {
        mappers.values.first { $0.deviceIndex == index }?.mapping
    }

    /// Device `index`'s time now (seconds on its clock), for gesture deadlines.
    public func time(ofDevice index: Int, atMonotonicMicroseconds now: Int64 = MonotonicClock.microseconds()) -> Double? {
        mappers.values.first { $0.deviceIndex == index }?.time(atMonotonicMicroseconds: now)
    }

    /// The pen devices' indices.
    public var tabletIndices: [Int] { mappers.values.map(\.deviceIndex).sorted() }

    /// True while a removed node is awaited (path backend).
    public var isAwaiting: Bool { !awaited.isEmpty }

    /// The next event, or nil when none is waiting.
    public func nextEvent() -> Event? {
        queue.popFirst()
    }

    /// Path backend: adds removed nodes that can be opened again (their samples keep the clock).
    public func addBack() {
        for (sysname, node) in awaited where context.addPath(node) {
            awaited[sysname] = nil
            push(.back(node: node))
        }
    }

    /// Reads what libinput has (without blocking) and turns it into events.
    public func dispatch() throws {
        let pending = context.events()
        lastDispatchCount = pending.count
        guard !pending.isEmpty else { return }
        // libinput lifts the tip and takes the tool out of proximity itself when a tablet is
        // removed, in the same batch as DEVICE_REMOVED: that lift is a cancellation.
        let removed = Set(pending.compactMap { event -> String? in
            if case let .deviceRemoved(sysname) = event { return sysname }
            return nil
        })
        for event in pending {
            switch event {
            case let .deviceAdded(added):
                try deviceAdded(added)
            case let .deviceRemoved(sysname):
                flushFrameSamples()
                // Unplugged: an open stroke ends as cancelled; everything before it is kept.
                if let last = lastSample[sysname], last.phase.isInContact { write(last.lifted(as: .cancelled), sysname: sysname) }
                var awaiting = false
                if mappers[sysname] != nil, let node = nodes.first(where: { Self.lastComponent(of: $0) == sysname }), context.isPathContext {
                    awaited[sysname] = node
                    awaiting = true
                }
                push(.removed(
                    sysname: sysname, tabletIndex: mappers[sysname]?.deviceIndex, isKnown: indices[sysname] != nil,
                    lastSampleTime: lastSample[sysname]?.time, awaitingReturn: awaiting))
                lastSample[sysname] = nil
                mappers[sysname] = nil
            case let .pad(padEvent):
                toolEventCount += 1
                guard let index = padIndices[padEvent.deviceName] else { continue }
                var event = PadEvent(
                    time: Double(padEvent.microseconds - origin) / 1_000_000, deviceIndex: index, kind: padEvent.kind,
                    modeGroup: padEvent.modeGroup, mode: padEvent.mode)
                if padModes[padEvent.deviceName] != nil, let (group, mode) = padModes[padEvent.deviceName]?.apply(padEvent.kind) {
                    (event.modeGroup, event.mode) = (group, mode)
                }
                push(.pad(event))
            case let .touch(touchEvent):
                handle(touchEvent, isRemoval: removed.contains(touchEvent.deviceName))
            case let .tool(toolEvent):
                toolEventCount += 1
                guard var mapper = mappers[toolEvent.deviceName] else { continue }
                if toolEvent.kind == .proximity, !toolEvent.isInProximity {
                    proximityOutCount += 1
                    flushFrameSamples()
                    push(.proximityOut(sysname: toolEvent.deviceName, index: mapper.deviceIndex, tool: toolEvent.tool, time: mapper.time(of: toolEvent)))
                }
                if var sample = mapper.sample(for: toolEvent) {
                    if sample.phase == .ended, removed.contains(toolEvent.deviceName) { sample.phase = .cancelled }
                    add(sample, sysname: toolEvent.deviceName)
                }
                mappers[toolEvent.deviceName] = mapper
            }
        }
        flushFrameSamples()
    }

    /// Ends the input: a tip still down gets its `ended` sample.
    public func finish() {
        flushFrameSamples()
        for (sysname, last) in lastSample.sorted(by: { $0.key < $1.key }) where last.phase.isInContact {
            write(last.lifted(as: .ended), sysname: sysname)
        }
    }

    /// The time of each pen device's last sample (for the end of a run).
    public func lastSampleTime(ofDevice index: Int) -> Double? {
        guard let sysname = mappers.first(where: { $0.value.deviceIndex == index })?.key else { return nil }
        return lastSample[sysname]?.time
    }

    // MARK: - Steps

    private func push(_ event: Event) { queue.append(event) }

    private func deviceAdded(_ added: LibinputDevice) throws {
        if added.isPad {
            let index = indices[added.sysname] ?? indices.count
            indices[added.sysname] = index
            padIndices[added.sysname] = index
            // libinput keeps a mode only where it drives the pad's LEDs; Quill keeps libwacom's
            // modes itself (its layout needs the node's codes).
            let node = nodes.first { Self.lastComponent(of: $0) == added.sysname } ?? "/dev/input/\(added.sysname)"
            if let description = (try? EvdevNode(path: node))?.description, let layout = catalog?.padLayout(of: description),
                layout.modeGroups.contains(where: { $0.modeCount > 1 })
            {
                padModes[added.sysname] = PadModes(layout: layout)
            }
            push(.padAdded(added, index: index))
            return
        }
        if added.isTouch, !added.isTablet {
            let size: (width: Double, height: Double, millimetresPerUnit: (x: Double, y: Double)?)?
            if let width = added.widthMillimetres, let height = added.heightMillimetres {
                size = (width, height, nil)
            } else {
                size = sizeWithoutResolution(of: added).map { ($0.width, $0.height, $0.millimetresPerUnit) }
            }
            if let size {
                let index = indices[added.sysname] ?? indices.count
                indices[added.sysname] = index
                touchDevices[added.sysname] = (index, try TabletMapping(areaWidth: size.width, areaHeight: size.height, canvas: parameters.canvas, mode: parameters.mappingMode), size.millimetresPerUnit)
                push(.touchAdded(added, index: index, width: size.width, height: size.height))
                return
            }
        }
        guard added.isTablet else {
            if !nodes.isEmpty { push(.notATablet(added)) }  // asked for by path; on a seat every device comes
            return
        }
        guard let width = added.widthMillimetres, let height = added.heightMillimetres else {
            push(.tabletWithoutSize(added))
            return
        }
        let index = indices[added.sysname] ?? indices.count
        indices[added.sysname] = index
        var mapper = try LibinputSampleMapper(width: width, height: height, canvas: parameters.canvas, deviceIndex: index, pressureCurve: parameters.pressureCurve, mappingMode: parameters.mappingMode)
        mapper.startClock(atMicroseconds: origin)
        mappers[added.sysname] = mapper
        push(.tabletAdded(added, index: index, width: width, height: height))
    }

    /// A touchscreen whose X/Y declare no resolution: libinput 1.22 adds it all the same, but
    /// takes 1 unit/mm (its `libinput_device_get_size` fails and its "millimetres" are units from
    /// the axis minimum). Quill gives it the size its own decoder gives the node (libwacom's size
    /// of the model, else the assumed resolution: ``TouchDecoder``), so both backends agree; nil
    /// when the node cannot be read.
    private func sizeWithoutResolution(of added: LibinputDevice) -> (width: Double, height: Double, millimetresPerUnit: (x: Double, y: Double))? {
        let node = nodes.first { Self.lastComponent(of: $0) == added.sysname } ?? "/dev/input/\(added.sysname)"
        guard let description = (try? EvdevNode(path: node))?.description,
            let x = description.axes[EvdevCode.Abs.mtPositionX], let y = description.axes[EvdevCode.Abs.mtPositionY],
            let decoder = try? TouchDecoder(device: description, parameters: parameters, area: TouchDecoder.surfaceArea(of: description, pens: [], catalog: catalog))
        else { return nil }
        let mapping = decoder.mapping
        return (mapping.areaWidth, mapping.areaHeight, (mapping.areaWidth / x.span, mapping.areaHeight / y.span))
    }

    /// A touch event of a touch device: Quill's ``TouchSample`` (libinput gives no tracking id,
    /// size or pressure: −1, nil, nil).
    private func handle(_ event: LibinputTouchEvent, isRemoval: Bool) {
        guard let device = touchDevices[event.deviceName] else { return }
        let time = Double(event.microseconds - origin) / 1_000_000
        let phase: TouchPhase
        switch event.kind {
        case .frame:
            push(.touchFrame(device: device.index, time: time))
            return
        case .down: phase = .began
        case .motion: phase = .moved
        case .up: phase = .ended
        case .cancel: phase = .cancelled
        }
        var touch: TouchSample
        if phase == .began || phase == .moved {
            let scale = device.millimetresPerUnit ?? (1, 1)
            let point = TabletPoint(x: event.x * scale.x, y: event.y * scale.y)
            touch = TouchSample(
                time: time, id: event.seatSlot, slot: event.slot, trackingID: -1, phase: phase, location: device.mapping.canvasPoint(for: point),
                tabletLocation: point, isDirect: true, deviceIndex: device.index)
        } else {
            // Up and cancel carry no position: the touch's last.
            guard let last = touchesDown[event.seatSlot] else { return }
            touch = last
            touch.time = time
            touch.phase = phase
            // libinput cancels for its arbitration and for palms, and for a device going away
            // (the batch that removes it): only the first two are palm rejection.
            if phase == .cancelled && !isRemoval { touch.rejection = .palm }
        }
        if phase.isFinal { touchesDown[event.seatSlot] = nil } else { touchesDown[event.seatSlot] = touch }
        push(.touch(touch))
    }

    /// libinput reports one hardware frame as several events with the same time (an axis event
    /// and the tip event): they become one sample.
    private func add(_ sample: PenSample, sysname: String) {
        if let held = frameSamples[sysname], held.time == sample.time, held.tool == sample.tool {
            var merged = sample
            if held.phase == .began || held.phase == .ended, sample.phase == .moved || sample.phase == .hover { merged.phase = held.phase }
            frameSamples[sysname] = merged
            return
        }
        if let previous = frameSamples[sysname] { write(previous, sysname: sysname) }
        frameSamples[sysname] = sample
    }

    private func flushFrameSamples() {
        for (sysname, sample) in frameSamples.sorted(by: { $0.value.time < $1.value.time }) { write(sample, sysname: sysname) }
        frameSamples.removeAll()
    }

    private func write(_ sample: PenSample, sysname: String) {
        guard let mapping = mappers[sysname]?.mapping else { return }
        push(.sample(sample, mapping))
        lastSample[sysname] = sample
    }
}
