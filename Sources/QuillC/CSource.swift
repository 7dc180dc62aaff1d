import DequeModule
import CQuill
import QuillCore
import QuillDevices
import QuillInput
import QuillSystem

#if canImport(Glibc)
import Glibc
#endif

/// What a quill_source handle holds: a recording, read as it is taken, or a live tablet.
final class SourceBox {
    enum Kind {
        /// Read frame by frame as the getters ask (memory stays flat, whatever the file's size).
        case recording(SampleReplay)
        case live(TabletSession)
    }
    let kind: Kind
    var mapping: TabletMapping?
    /// A recording read to its end (or to an error, reported once).
    private var isExhausted = false
    private var scratch: [TabletEvent] = []
    /// Samples not yet taken (a recording's as far as it was read; a live tablet's after each dispatch).
    var samples: Deque<PenSample> = []
    /// Pad events not yet taken, likewise.
    var padEvents: Deque<PadEvent> = []
    /// Touches not yet taken, likewise, each marked when it ends its frame.
    var touches: Deque<quill_touch> = []
    /// Proximity events not yet taken, each with the number of samples queued before it (it is
    /// given once that many samples were taken: in order with the samples).
    var toolEvents: Deque<(event: quill_tool_event, afterSamples: Int)> = []
    private(set) var samplesQueued = 0
    var samplesTaken = 0
    /// A proximity-in waiting for its tool's first sample (which gives its serial and tool id), by device.
    private var arriving: [Int: quill_tool_event] = [:]
    /// The tool last in proximity (its kind and serial), by device.
    private var lastTool: [Int: (tool: PenTool, serial: UInt32)] = [:]
    /// Each device's tilt range in degrees (quill_sample.tilt_range), found once.
    private var tiltRanges: [Double?] = []

    /// Takes one event of the source's stream into the queues.
    func take(_ event: TabletEvent) {
        switch event {
        case .sample(let sample):
            if var arrived = arriving.removeValue(forKey: sample.deviceIndex) {
                arrived.serial = sample.toolSerial
                arrived.tool_id = sample.toolID
                arrive(&arrived, tool: sample.tool)
            }
            samples.append(sample)
            samplesQueued += 1
        case let .proximityIn(device, tool, time):
            if var earlier = arriving.removeValue(forKey: device) { arrive(&earlier, tool: CSample.tools[Int(earlier.tool)]) }
            arriving[device] = Self.toolEvent(QUILL_PROXIMITY_IN, device: device, tool: tool, time: time)
        case let .proximityOut(device, tool, time, isForced):
            if var earlier = arriving.removeValue(forKey: device) { arrive(&earlier, tool: CSample.tools[Int(earlier.tool)]) }
            var value = Self.toolEvent(QUILL_PROXIMITY_OUT, device: device, tool: tool, time: time)
            value.forced = isForced ? 1 : 0
            queueToolEvent(value)
        case .pad(let pad): padEvents.append(pad)
        case .touch(let touch): touches.append(CTouch.make(touch))
        case .touchFrame:
            if !touches.isEmpty { touches[touches.count - 1].frame_end = 1 }
        default: break
        }
    }

    /// Moves what a live source decoded into the sample and pad queues (one stream of events,
    /// two getters in the C interface).
    func pump(_ source: TabletSession) {
        while let event = source.nextEvent() { take(event) }
    }

    init(kind: Kind, mapping: TabletMapping?) {
        self.kind = kind
        self.mapping = mapping
        scratch.reserveCapacity(16)
    }

    /// Brings the queues up to date: a live tablet's decoded events; a recording read further,
    /// one frame at a time, while `isWanted` says the queue a getter takes from is empty. A read
    /// error ends the recording: open strokes close as cancelled (queued) and the error is thrown
    /// once, naming the file and line.
    func fill(while isWanted: () -> Bool) throws {
        switch kind {
        case .live(let source): pump(source)
        case .recording(let replay):
            while isWanted(), !isExhausted { try readFrame(of: replay) }
        }
    }

    /// A proximity event of `kind` (serial, tool id and the flags 0).
    private static func toolEvent(_ kind: quill_tool_event_kind, device: Int, tool: PenTool, time: Double) -> quill_tool_event {
        var value = quill_tool_event()
        value.size = UInt32(MemoryLayout<quill_tool_event>.size)
        value.device = Int32(truncatingIfNeeded: device)
        value.time = time
        value.kind = Int32(kind.rawValue)
        value.tool = Int32(CSample.tools.firstIndex(of: tool) ?? 0)
        return value
    }

    /// Queues a proximity-in, marked when its tool is not the one last in proximity of its device.
    private func arrive(_ event: inout quill_tool_event, tool: PenTool) {
        let device = Int(event.device)
        if let last = lastTool[device] { event.tool_changed = last.tool != tool || last.serial != event.serial ? 1 : 0 }
        lastTool[device] = (tool, event.serial)
        queueToolEvent(event)
    }

    /// Tool events the caller's samples have passed without taking them (a caller that takes only
    /// samples: 0.4.0's, Python's `samples()`) are kept up to this many, the oldest dropped: memory
    /// stays flat for a caller that never asks.
    static let passedToolEventLimit = 1024

    private func queueToolEvent(_ event: quill_tool_event) {
        toolEvents.append((event, samplesQueued))
        while toolEvents.count > Self.passedToolEventLimit, let first = toolEvents.first, first.afterSamples < samplesTaken {
            toolEvents.removeFirst()
        }
    }

    /// Proximity-ins still waiting for a first sample when the recording ends: queued as they are.
    private func flushArrivals() {
        for device in arriving.keys.sorted() {
            if var event = arriving.removeValue(forKey: device) { arrive(&event, tool: CSample.tools[Int(event.tool)]) }
        }
    }

    /// The next proximity event that comes before the next sample not yet taken, if any.
    func nextToolEvent() -> quill_tool_event? {
        guard let head = toolEvents.first, head.afterSamples <= samplesTaken else { return nil }
        toolEvents.removeFirst()
        return head.event
    }

    /// The tilt range of `device` in degrees (0 without tilt, or for a device not described).
    func tiltRange(ofDevice device: Int) -> Double {
        if device >= 0, device < tiltRanges.count, let known = tiltRanges[device] { return known }
        let description: DeviceDescription?
        switch kind {
        case .recording(let replay): description = replay.devices.indices.contains(device) ? replay.devices[device] : nil
        case .live(let session): description = session.sources.indices.contains(device) ? session.sources[device].tablet.node.description : nil
        }
        guard let description else { return 0 }
        let range = TabletDecoder.tiltRange(of: description)
        if tiltRanges.count <= device { tiltRanges += Array(repeating: nil, count: device + 1 - tiltRanges.count) }
        tiltRanges[device] = range
        return range
    }

    /// How many devices the source has described so far.
    var deviceCount: Int {
        switch kind {
        case .recording(let replay): return replay.devices.count
        case .live(let session): return session.sources.count
        }
    }

    /// The tablet mapping of `device`: the area and canvas its samples are in (nil: not a pen of the source).
    func mapping(forDevice device: Int) throws -> TabletMapping? {
        switch kind {
        case .live(let session): return session.mapping(forDevice: device)
        case .recording(let replay):
            // Streamed: a device may be described after the first frames.
            while !isExhausted, replay.mapping(forDevice: device) == nil, samples.count < 4096 { try readFrame(of: replay) }
            return replay.mapping(forDevice: device)
        }
    }

    /// Reads one frame (or device description) of the recording into the queues.
    private func readFrame(of replay: SampleReplay) throws {
        scratch.removeAll(keepingCapacity: true)
        do {
            if try !replay.nextEvents(into: &scratch) { isExhausted = true }
        } catch {
            isExhausted = true
            scratch.removeAll(keepingCapacity: true)
            replay.cancel(into: &scratch)
            for event in scratch { take(event) }
            flushArrivals()
            throw error
        }
        for event in scratch { take(event) }
        if isExhausted { flushArrivals() }
        if mapping == nil { mapping = replay.devices.indices.lazy.compactMap { replay.mapping(forDevice: $0) }.first }
    }

    /// Reads a recording's descriptions (its pen's mapping, for quill_source_get_area) and no more
    /// than its first frame of events.
    func readDescriptions() throws {
        guard case .recording(let replay) = kind else { return }
        while !isExhausted, mapping == nil || replay.devices.isEmpty, samples.isEmpty, padEvents.isEmpty, touches.isEmpty {
            try readFrame(of: replay)
        }
    }

    static func from(_ handle: OpaquePointer?) throws -> SourceBox {
        try CHandle.object(handle, "source")
    }
}

/// The decoder parameters of quill_source_options (NULL: every default).
private func parameters(_ options: UnsafePointer<quill_source_options>?) throws -> (TabletDecoderParameters, String?) {
    guard options != nil else { return (.defaults, nil) }
    let value = try CStatus.check(options, "quill_source_options")
    let width = value.canvas_width == 0 ? CanvasSize.iPadPro129Landscape.width : value.canvas_width
    let height = value.canvas_height == 0 ? CanvasSize.iPadPro129Landscape.height : value.canvas_height
    let canvas: CanvasSize
    do {
        canvas = try CanvasSize(width: width, height: height)
    } catch let error as ParameterError {
        throw CFailure.invalid("invalid quill_source_options.\(error.field == "CanvasSize.width" ? "canvas_width" : "canvas_height") = \(error.value): expected \(error.expected)")
    }
    // Zero (and a 0.4.0 caller's struct, which has no such field) is the default.
    let timeout = value.proximity_timeout == 0 ? TabletDecoderParameters.defaults.proximityTimeout : value.proximity_timeout
    guard timeout.isFinite, timeout > 0 else {
        throw CFailure.invalid("quill_source_options.proximity_timeout is \(value.proximity_timeout); expected seconds > 0, or 0 for the default \(TabletDecoderParameters.defaults.proximityTimeout)")
    }
    // The tablet configuration (all zero, and a caller's struct without the fields: none).
    let curveValues = withUnsafeBytes(of: value.pressure_curve) { Array($0.bindMemory(to: Double.self)) }
    let calibrationValues = withUnsafeBytes(of: value.calibration) { Array($0.bindMemory(to: Double.self)) }
    var curve = PressureCurve.linear
    if curveValues.contains(where: { $0 != 0 }) {
        do { curve = try PressureCurve(curveValues) } catch {
            throw CFailure.invalid("invalid quill_source_options.pressure_curve = {\(curveValues.map { "\($0)" }.joined(separator: ", "))}: expected x1, y1, x2, y2 each 0 … 100 (percent), or all 0 for linear")
        }
    }
    var calibration = CalibrationMatrix.identity
    if calibrationValues.contains(where: { $0 != 0 }) {
        do { calibration = try CalibrationMatrix(calibrationValues) } catch {
            throw CFailure.invalid("invalid quill_source_options.calibration = {\(calibrationValues.map { "\($0)" }.joined(separator: ", "))}: expected six finite numbers a, b, c, d, e, f, or all 0 for the identity")
        }
    }
    let modes: [TabletMapping.Mode] = [.fit, .fill, .stretch]
    guard value.mapping_mode >= 0, Int(value.mapping_mode) < modes.count else {
        throw CFailure.invalid("quill_source_options.mapping_mode is \(value.mapping_mode); expected 0…2 (enum quill_mapping_mode)")
    }
    let parameters = try TabletDecoderParameters(
        canvas: canvas, proximityTimeout: timeout, isLeftHanded: value.left_handed != 0, calibration: calibration, pressureCurve: curve,
        mappingMode: modes[Int(value.mapping_mode)])
    return (parameters, value.device_file.map { String(cString: $0) })
}

@_cdecl("quill_source_open_recording")
public func quill_source_open_recording(_ path: UnsafePointer<CChar>?, _ options: UnsafePointer<quill_source_options>?, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    guarded {
        guard let path else { throw CFailure.invalid("path is NULL") }
        guard out != nil else { throw CFailure.invalid("source (the output pointer) is NULL") }
        let (parameters, deviceFile) = try parameters(options)
        guard access(path, R_OK) == 0 else {
            let reason = String(cString: strerror(errno))
            throw CFailure(status: errno == EACCES ? QUILL_ERROR_PERMISSION.rawValue : QUILL_ERROR_IO.rawValue, message: "\(String(cString: path)): \(reason)")
        }
        let box: SourceBox
        do {
            let replay = try SampleReplay(path: String(cString: path), deviceFile: deviceFile, parameters: parameters, catalog: WacomCatalog.loadIfAvailable())
            // Streamed: the descriptions now, the events as they are taken.
            box = SourceBox(kind: .recording(replay), mapping: nil)
            try box.readDescriptions()
        } catch var error as RecordingError where error.message.hasSuffix(" with --device FILE.desc") {
            // The command's flag is not the library caller's.
            error.message = String(error.message.dropLast(" with --device FILE.desc".count)) + " in quill_source_options.device_file"
            throw error
        }
        try CHandle.handOut(box, to: out, "source")
        return CStatus.ok
    }
}

@_cdecl("quill_source_open_device")
public func quill_source_open_device(_ node: UnsafePointer<CChar>?, _ options: UnsafePointer<quill_source_options>?, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    guarded {
        guard out != nil else { throw CFailure.invalid("source (the output pointer) is NULL") }
        let (parameters, _) = try parameters(options)
        // One tablet session: a node unplugged is looked for again at its path.
        let session: TabletSession
        do {
            session = try TabletSession(paths: [node.map { String(cString: $0) }], parameters: parameters)
        } catch var error as TabletFinderError where error.path == nil {
            // The command's advice (--device) is not the library caller's.
            error.message = "no pen tablet found under /dev/input (name one: quill_source_open_device(\"/dev/input/eventN\", …))"
            throw error
        }
        try CHandle.handOut(SourceBox(kind: .live(session), mapping: session.mapping(forDevice: 0)), to: out, "source")
        return CStatus.ok
    }
}

@_cdecl("quill_source_open_fd")
public func quill_source_open_fd(_ fd: Int32, _ options: UnsafePointer<quill_source_options>?, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    guarded {
        guard out != nil else { throw CFailure.invalid("source (the output pointer) is NULL") }
        guard fd >= 0 else { throw CFailure.invalid("fd is \(fd); expected the open file descriptor of a tablet's evdev node (/dev/input/eventN)") }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw CFailure.invalid("fd \(fd) is not an open file descriptor: \(String(cString: strerror(errno)))") }
        guard info.st_mode & S_IFMT == S_IFCHR else {
            throw CFailure.invalid("fd \(fd) (\(EvdevNode.name(of: fd))) is not a character device; expected a tablet's evdev node (/dev/input/eventN)")
        }
        let (parameters, _) = try parameters(options)
        // The caller's fd stays the caller's: the node reads a duplicate, closed with the source.
        let node = try EvdevNode(duplicating: fd)
        let deviceClass = TabletFinder.deviceClass(of: node)
        guard deviceClass != .other else {
            throw CFailure(
                status: QUILL_ERROR_NOT_A_PEN.rawValue,
                message: "\(node.path) \"\(node.description.name)\" is a \(deviceClass.description), not a tablet's pen, pad or touch surface: Quill reads pens, pads, touchscreens and touchpads")
        }
        // The caller owns the node's opening (a sandbox's or compositor's fd): an unplugged node
        // is not looked for again; the caller opens a new source on a new fd.
        let session = try TabletSession(
            nodes: [node], parameters: parameters, catalog: WacomCatalog.loadIfAvailable(),
            opener: { path in throw EvdevNodeError(path: path, operation: "open (a source opened from an fd is not opened again)", errno: ENODEV) })
        try CHandle.handOut(SourceBox(kind: .live(session), mapping: session.mapping(forDevice: 0)), to: out, "source")
        return CStatus.ok
    }
}

@_cdecl("quill_source_get_fd")
public func quill_source_get_fd(_ handle: OpaquePointer?) -> Int32 {
    guard let box = try? SourceBox.from(handle) else { return -1 }
    if case let .live(source) = box.kind { return source.fileDescriptors.first ?? -1 }
    return -1
}

@_cdecl("quill_source_dispatch")
public func quill_source_dispatch(_ handle: OpaquePointer?) -> Int32 {
    guarded {
        let box = try SourceBox.from(handle)
        guard case let .live(source) = box.kind else { return CStatus.ok }
        try source.dispatch()
        box.pump(source)
        // While the node is away every dispatch says so (what was decoded is still to be taken);
        // a node opened by path comes back by itself (its new fd: quill_source_get_fd).
        if source.isAwaiting {
            throw CFailure(
                status: QUILL_ERROR_DEVICE_GONE.rawValue,
                message: "\(source.path(ofDevice: 0) ?? "the tablet"): the device went away (unplugged or its fd revoked)")
        }
        return CStatus.ok
    }
}

@_cdecl("quill_source_get_timeout")
public func quill_source_get_timeout(_ handle: OpaquePointer?) -> Int32 {
    guard let box = try? SourceBox.from(handle), case let .live(source) = box.kind, let seconds = source.timeout else { return -1 }
    return Int32(min((seconds * 1000).rounded(.up), 86_400_000))
}

@_cdecl("quill_source_next_sample")
public func quill_source_next_sample(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<quill_sample>?) -> Int32 {
    guarded {
        let box = try SourceBox.from(handle)
        let target = try CStatus.checkOutput(out, "quill_sample")
        try box.fill { box.samples.isEmpty }
        guard let sample = box.samples.popFirst() else { return 0 }
        box.samplesTaken += 1
        target.write(CSample.make(sample, tiltRange: box.tiltRange(ofDevice: sample.deviceIndex)))
        return 1
    }
}

@_cdecl("quill_source_next_tool_event")
public func quill_source_next_tool_event(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<quill_tool_event>?) -> Int32 {
    guarded {
        let box = try SourceBox.from(handle)
        let target = try CStatus.checkOutput(out, "quill_tool_event")
        // Read on only while nothing is queued: an event past a queued sample waits for it.
        try box.fill { box.toolEvents.isEmpty && box.samples.isEmpty }
        guard let event = box.nextToolEvent() else { return 0 }
        target.write(event)
        return 1
    }
}

@_cdecl("quill_source_next_pad_event")
public func quill_source_next_pad_event(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<quill_pad_event>?) -> Int32 {
    guarded {
        let box = try SourceBox.from(handle)
        let target = try CStatus.checkOutput(out, "quill_pad_event")
        try box.fill { box.padEvents.isEmpty }
        guard let event = box.padEvents.popFirst() else { return 0 }
        var value = quill_pad_event()
        value.size = UInt32(MemoryLayout<quill_pad_event>.size)
        value.device = Int32(truncatingIfNeeded: event.deviceIndex)
        value.time = event.time
        value.number = Int32(truncatingIfNeeded: event.number)
        value.mode_group = Int32(truncatingIfNeeded: event.modeGroup)
        value.mode = Int32(truncatingIfNeeded: event.mode)
        switch event.kind {
        case let .button(_, isPressed):
            value.kind = Int32(QUILL_PAD_BUTTON.rawValue)
            value.pressed = isPressed ? 1 : 0
        case let .ring(_, degrees):
            value.kind = Int32(QUILL_PAD_RING.rawValue)
            value.value = degrees
        case let .strip(_, position):
            value.kind = Int32(QUILL_PAD_STRIP.rawValue)
            value.value = position
        }
        target.write(value)
        return 1
    }
}

@_cdecl("quill_source_next_touch")
public func quill_source_next_touch(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<quill_touch>?) -> Int32 {
    guarded {
        let box = try SourceBox.from(handle)
        let target = try CStatus.checkOutput(out, "quill_touch")
        try box.fill { box.touches.isEmpty }
        guard let touch = box.touches.popFirst() else { return 0 }
        target.write(touch)
        return 1
    }
}

@_cdecl("quill_source_finish")
public func quill_source_finish(_ handle: OpaquePointer?) -> Int32 {
    guarded {
        let box = try SourceBox.from(handle)
        if case let .live(source) = box.kind {
            source.finish()
            box.pump(source)
        }
        return CStatus.ok
    }
}

@_cdecl("quill_source_get_area")
public func quill_source_get_area(_ handle: OpaquePointer?, _ width: UnsafeMutablePointer<Double>?, _ height: UnsafeMutablePointer<Double>?) -> Int32 {
    guarded {
        let box = try SourceBox.from(handle)
        guard let mapping = box.mapping else { throw CFailure(status: QUILL_ERROR_NOT_FOUND.rawValue, message: "the source has no pen device (no tablet area)") }
        return try CStatus.writeArea(of: mapping, width, height)
    }
}

@_cdecl("quill_source_close")
public func quill_source_close(_ handle: OpaquePointer?) {
    CHandle.release(handle, as: SourceBox.self)
}

/// TouchSample ⇄ struct quill_touch.
enum CTouch {
    static let phases: [TouchPhase] = [.began, .moved, .ended, .cancelled]

    static func make(_ touch: TouchSample) -> quill_touch {
        var out = quill_touch()
        out.size = UInt32(MemoryLayout<quill_touch>.size)
        out.device = Int32(truncatingIfNeeded: touch.deviceIndex)
        out.time = touch.time
        out.id = Int32(truncatingIfNeeded: touch.id)
        out.slot = Int32(truncatingIfNeeded: touch.slot)
        out.tracking_id = touch.trackingID
        out.phase = Int32(phases.firstIndex(of: touch.phase) ?? 0)
        out.x = touch.location.x
        out.y = touch.location.y
        out.x_mm = touch.tabletLocation.x
        out.y_mm = touch.tabletLocation.y
        out.major_mm = touch.majorAxis ?? .nan
        out.minor_mm = touch.minorAxis ?? .nan
        out.pressure = touch.pressure ?? .nan
        out.direct = touch.isDirect ? 1 : 0
        out.rejected = touch.rejection == nil ? 0 : 1
        return out
    }

    /// The touch of a caller's struct (and whether it ends its frame).
    static func read(_ pointer: UnsafePointer<quill_touch>?) throws -> (TouchSample, endsFrame: Bool) {
        let value = try CStatus.check(pointer, "quill_touch")
        guard value.phase >= 0, Int(value.phase) < phases.count else { throw CFailure.invalid("quill_touch.phase is \(value.phase); expected 0…3 (enum quill_touch_phase)") }
        guard value.device >= 0 else { throw CFailure.invalid("quill_touch.device is \(value.device); expected a device of the source, 0 or more") }
        for (name, number) in [("time", value.time), ("x", value.x), ("y", value.y), ("x_mm", value.x_mm), ("y_mm", value.y_mm)] where !number.isFinite {
            throw CFailure.invalid("quill_touch.\(name) is \(number); expected a finite number")
        }
        for (name, number) in [("major_mm", value.major_mm), ("minor_mm", value.minor_mm)] where !number.isNaN && !(number.isFinite && number >= 0) {
            throw CFailure.invalid("quill_touch.\(name) is \(number); expected millimetres ≥ 0, or NaN when unknown")
        }
        guard value.pressure.isNaN || (0...1).contains(value.pressure) else {
            throw CFailure.invalid("quill_touch.pressure is \(value.pressure); expected 0 … 1, or NaN when the node has none")
        }
        let touch = TouchSample(
            time: value.time, id: Int(value.id), slot: Int(value.slot), trackingID: value.tracking_id, phase: phases[Int(value.phase)],
            location: Point(x: value.x, y: value.y), tabletLocation: Point(x: value.x_mm, y: value.y_mm),
            majorAxis: value.major_mm.isFinite ? value.major_mm : nil, minorAxis: value.minor_mm.isFinite ? value.minor_mm : nil,
            pressure: value.pressure.isFinite ? value.pressure : nil, isDirect: value.direct != 0, rejection: value.rejected != 0 ? .palm : nil,
            deviceIndex: Int(value.device))
        return (touch, value.frame_end != 0)
    }
}

/// PenSample ⇄ struct quill_sample.
enum CSample {
    static let tools: [PenTool] = [.pen, .eraser, .brush, .pencil, .airbrush, .mouse, .lens]
    static let phases: [PenPhase] = [.hover, .began, .moved, .ended, .cancelled]

    /// `tiltRange`: the device's largest tilt in degrees (quill_sample.tilt_range).
    static func make(_ sample: PenSample, tiltRange: Double) -> quill_sample {
        var out = quill_sample()
        out.size = UInt32(MemoryLayout<quill_sample>.size)
        out.device = Int32(truncatingIfNeeded: sample.deviceIndex)
        out.time = sample.time
        out.x = sample.location.x
        out.y = sample.location.y
        out.x_mm = sample.tabletLocation.x
        out.y_mm = sample.tabletLocation.y
        out.phase = Int32(phases.firstIndex(of: sample.phase) ?? 0)
        out.tool = Int32(tools.firstIndex(of: sample.tool) ?? 0)
        out.force = sample.force
        out.pressure = sample.pressure
        out.altitude = sample.altitude
        out.azimuth = sample.azimuth
        out.roll = sample.roll
        out.distance = sample.distance
        out.wheel = sample.wheel
        out.buttons = UInt32(sample.buttons.rawValue)
        out.serial = sample.toolSerial
        out.tool_id = sample.toolID
        (out.tilt_x, out.tilt_y) = tiltDegrees(altitude: sample.altitude, azimuth: sample.azimuth)
        out.tilt_range = tiltRange
        return out
    }

    /// W3C tilt X and Y in degrees of an orientation (quill_sample's and quill_stroke_point's): an
    /// upright pen, and one without tilt, exactly 0 rather than the conversion's rounding.
    static func tiltDegrees(altitude: Double, azimuth: Double) -> (x: Double, y: Double) {
        guard altitude < .pi / 2 else { return (0, 0) }
        let tilt = PenOrientation(altitude: altitude, azimuth: azimuth).tilt
        return (tilt.xDegrees, tilt.yDegrees)
    }

    /// The sample of a caller's struct; phase and tool must be known values.
    static func read(_ pointer: UnsafePointer<quill_sample>?) throws -> PenSample {
        let value = try CStatus.check(pointer, "quill_sample")
        guard value.phase >= 0, Int(value.phase) < phases.count else { throw CFailure.invalid("quill_sample.phase is \(value.phase); expected 0…4 (enum quill_phase)") }
        guard value.tool >= 0, Int(value.tool) < tools.count else { throw CFailure.invalid("quill_sample.tool is \(value.tool); expected 0…6 (enum quill_tool)") }
        guard value.altitude.isFinite else { throw CFailure.invalid("quill_sample.altitude is \(value.altitude); expected radians 0 … π/2") }
        guard value.azimuth.isFinite else { throw CFailure.invalid("quill_sample.azimuth is \(value.azimuth); expected radians 0 … 2π") }
        return PenSample(
            time: value.time, location: CanvasPoint(x: value.x, y: value.y), tabletLocation: TabletPoint(x: value.x_mm, y: value.y_mm),
            phase: phases[Int(value.phase)], tool: tools[Int(value.tool)], force: value.force, pressure: value.pressure,
            altitude: value.altitude, azimuth: value.azimuth, roll: value.roll, distance: value.distance, wheel: value.wheel,
            buttons: PenButtons(rawValue: UInt16(truncatingIfNeeded: value.buttons)), toolSerial: value.serial, toolID: value.tool_id,
            deviceIndex: Int(value.device))
    }
}
