import QuillCore

//  RecordingReader ──▶ checks (known codes, declared axes, time order)
//                  ──▶ FrameAssembler (per device) ──▶ TabletDecoder / PadDecoder (per device) ──▶ [TabletEvent]

/// Replays a recording into ``TabletEvent``s — devices, pen samples, proximity in and out, pad
/// events — in the recording's order, streaming.
///
/// Checks every event: its type and code must be known to libevdev and an `EV_ABS` axis must be
/// declared by the device (otherwise a ``RecordingError`` names the line). Timestamps that go
/// backwards are clamped to the previous event's time and reported as a warning, so nothing
/// recorded is lost. A frame left open at the end of input is discarded with a warning.
public final class SampleReplay {
    /// The recording being replayed.
    public let reader: RecordingReader
    /// Devices seen so far, by index.
    public private(set) var devices: [DeviceDescription] = []
    /// Warnings from the reader and the replay.
    public var warnings: [RecordingWarning] { reader.warnings + replayWarnings }
    /// Events read so far.
    public private(set) var eventCount = 0
    /// Frames decoded so far.
    public private(set) var frameCount = 0
    /// Frames discarded after `SYN_DROPPED`.
    public var droppedFrameCount: Int { assemblers.reduce(0) { $0 + $1.droppedFrames } }

    /// The class of each device seen so far (udev's and libinput's rules on its capabilities).
    public var deviceClasses: [DeviceClass] { devices.map(\.deviceClass) }
    /// The name of each device described (in order of their numbers).
    public var deviceNames: [String] { devices.map(\.name) }
    /// Where the millimetres of each pen or touch device come from (nil for other devices).
    public func scale(forDevice index: Int) -> TabletScale? {
        guard index < decoders.count else { return nil }
        return decoders[index]?.scale ?? touchDecoders[index]?.scale
    }
    /// The pen and touch devices whose touches are arbitrated (palm rejection), as (pen, touch).
    public var palmPairs: [(pen: Int, touch: Int)] { arbiter.pairs }
    /// The pad layout of device `index` (nil unless it is a pad).
    public func padLayout(forDevice index: Int) -> PadLayout? { index < padDecoders.count ? padDecoders[index]?.layout : nil }

    private let parameters: TabletDecoderParameters
    private let catalog: TabletCatalog?
    private var decoders: [TabletDecoder?] = []
    private var padDecoders: [PadDecoder?] = []
    private var touchDecoders: [TouchDecoder?] = []
    /// Each device's own touch numbers (the decoders'), made seat-wide after arbitration.
    private var touchSeats: [TouchSeat] = []
    private var seatNumbers = TouchSeatAssigner()
    private var arbiter = PalmArbiter()
    /// Events of one call before arbitration, reused.
    private var unarbitrated: [TabletEvent] = []
    private var padEvents: [PadEvent] = []
    /// Events for ``nextSamples(into:)``, reused.
    private var scratch: [TabletEvent] = []
    private var assemblers: [FrameAssembler] = []
    private var lastTime: [Int64] = []
    private var replayWarnings: [RecordingWarning] = []
    private var isFinished = false
    private var outOfRangeAxes: Set<DeviceAxis> = []

    private struct DeviceAxis: Hashable {
        var device: Int
        var code: UInt16
    }

    /// `catalog` (libwacom's database, in the device layer) gives the size of tablets that declare
    /// no resolution and the mode groups of pads; without it the kernel's declarations are used.
    public init(reader: RecordingReader, parameters: TabletDecoderParameters = .defaults, catalog: TabletCatalog? = nil) {
        self.reader = reader
        self.parameters = parameters
        self.catalog = catalog
    }

    /// The tablet-to-canvas mapping of device `index`, once its description has been read (nil for a
    /// device that gives no samples).
    public func mapping(forDevice index: Int) -> TabletMapping? {
        index < decoders.count ? decoders[index]?.mapping : nil
    }

    /// The touch-surface-to-canvas mapping of touch device `index` (nil for a device that gives no touches).
    public func touchMapping(forDevice index: Int) -> TabletMapping? {
        index < touchDecoders.count ? touchDecoders[index]?.mapping : nil
    }

    /// Opens `path` (see ``Recording/open(path:deviceFile:)``) for replay.
    public convenience init(path: String, deviceFile: String? = nil, parameters: TabletDecoderParameters = .defaults, catalog: TabletCatalog? = nil) throws {
        self.init(reader: try Recording.open(path: path, deviceFile: deviceFile), parameters: parameters, catalog: catalog)
    }

    /// Appends the events of the next frame (or of a device description) to `events`, reusing its
    /// storage, and returns true; returns false once the recording is exhausted. At the end every
    /// open contact sequence is closed. On a read error, call ``cancel(into:)-events`` to close open
    /// sequences as `cancelled`.
    public func nextEvents(into events: inout [TabletEvent]) throws -> Bool {
        guard !isFinished else { return false }
        let start = events.count
        let more = try nextArbitratedEvents(into: &events)
        seatNumbers.number(&events, from: start)
        return more
    }

    /// Palm rejection between paired pen and touch devices, on this call's events.
    private func nextArbitratedEvents(into events: inout [TabletEvent]) throws -> Bool {
        guard !arbiter.isEmpty else { return try nextDecodedEvents(into: &events) }
        var decoded = unarbitrated
        unarbitrated = []
        defer { unarbitrated = decoded }
        decoded.removeAll(keepingCapacity: true)
        let more = try nextDecodedEvents(into: &decoded)
        arbiter.arbitrate(decoded, into: &events)
        return more
    }

    private func nextDecodedEvents(into events: inout [TabletEvent]) throws -> Bool {
        while true {
            guard let item = try reader.next() else {
                finish(into: &events)
                return true
            }
            switch item {
            case let .device(index, description):
                try addDevice(index: index, description)
                events.append(.deviceAdded(device: index, deviceClass: description.deviceClass, name: description.name))
                return true
            case let .event(index, event, line):
                if try handle(event, deviceIndex: index, line: line, into: &events) { return true }
            }
        }
    }

    /// ``nextEvents(into:)`` for a client that wants the pen samples only.
    public func nextSamples(into samples: inout [PenSample]) throws -> Bool {
        var events = scratch
        scratch = []
        defer { scratch = events }
        events.removeAll(keepingCapacity: true)
        let more = try nextEvents(into: &events)
        events.appendSamples(to: &samples)
        return more
    }

    /// Closes open contact sequences as `cancelled` (the input was cut off).
    public func cancel(into events: inout [TabletEvent]) {
        guard !isFinished else { return }
        isFinished = true
        let start = events.count
        var decoded: [TabletEvent] = []
        for index in decoders.indices {
            decoders[index]?.cancel(into: &decoded)
            touchDecoders[index]?.cancel(seat: &touchSeats[index], into: &decoded)
        }
        arbiter.arbitrate(decoded, into: &events)
        seatNumbers.number(&events, from: start)
    }

    /// ``cancel(into:)-events`` for a client that wants the pen samples only.
    public func cancel(into samples: inout [PenSample]) {
        var events: [TabletEvent] = []
        cancel(into: &events)
        events.appendSamples(to: &samples)
    }

    /// Reads the whole recording into an array (convenient for tests and small files).
    public func allSamples() throws -> [PenSample] {
        var samples: [PenSample] = []
        while try nextSamples(into: &samples) {}
        return samples
    }

    /// Reads the whole recording's events into an array (convenient for tests and small files).
    public func allEvents() throws -> [TabletEvent] {
        var events: [TabletEvent] = []
        while try nextEvents(into: &events) {}
        return events
    }

    // MARK: - Steps

    private func addDevice(index: Int, _ description: DeviceDescription) throws {
        while devices.count <= index {
            devices.append(description)
            decoders.append(nil)
            padDecoders.append(nil)
            touchDecoders.append(nil)
            touchSeats.append(TouchSeat())
            assemblers.append(FrameAssembler())
            lastTime.append(.min)
        }
        devices[index] = description
        decoders[index] = nil
        padDecoders[index] = nil
        touchDecoders[index] = nil
        let deviceClass = description.deviceClass
        switch deviceClass {
        case .pen:
            do {
                var decoder = try TabletDecoder(
                    device: description, deviceIndex: index, parameters: parameters, area: catalog?.activeArea(of: description))
                decoder.startClock(at: 0)  // one clock for every device: the recording's
                decoders[index] = decoder
                // A touch node described before its pen and declaring no resolution takes the pen's size.
                for touch in touchDecoders.indices {
                    guard let existing = touchDecoders[touch], existing.scale != .declaredResolution, !existing.hasDecoded,
                        var rebuilt = try? TouchDecoder(device: devices[touch], deviceIndex: touch, parameters: parameters, area: touchArea(of: devices[touch]))
                    else { continue }
                    rebuilt.startClock(at: 0)
                    touchDecoders[touch] = rebuilt
                }
            } catch {
                replayWarnings.append(
                    RecordingWarning(file: reader.path, line: nil, message: "device \(index) \"\(description.name)\" has no ABS_X/ABS_Y with a range: it gives no samples"))
            }
        case .pad:
            // A pad's X/Y (0…1) and BTN_STYLUS only make udev call it a tablet: it gives pad events, never samples.
            var decoder = PadDecoder(
                device: description, deviceIndex: index, layout: catalog?.padLayout(of: description), isLeftHanded: parameters.isLeftHanded)
            decoder.startClock(at: 0)
            padDecoders[index] = decoder
        case .touchscreen, .touchpad:
            do {
                var decoder = try TouchDecoder(
                    device: description, deviceIndex: index, parameters: parameters, area: touchArea(of: description))
                decoder.startClock(at: 0)
                touchDecoders[index] = decoder
            } catch {
                replayWarnings.append(
                    RecordingWarning(
                        file: reader.path, line: nil,
                        message: "device \(index) \"\(description.name)\" (\(deviceClass.description)) has no ABS_MT_POSITION_X/Y with a range: it gives no touches"))
            }
        case .other:
            // Its events are read and checked, but it is neither a pen nor a touch surface.
            replayWarnings.append(
                RecordingWarning(
                    file: reader.path, line: nil,
                    message: "device \(index) \"\(description.name)\" is not a tablet (class: \(deviceClass.description)): its events give no samples"))
        }
        pairPensWithTouches()
    }

    /// The size of a touch surface that declares no resolution (see ``TouchDecoder/surfaceArea(of:pens:catalog:)``).
    private func touchArea(of description: DeviceDescription) -> TabletArea? {
        let pens = devices.indices.compactMap { index in decoders[index].map { (devices[index], $0.mapping) } }
        return TouchDecoder.surfaceArea(of: description, pens: pens, catalog: catalog)
    }

    /// libinput pairs a pen with a touchscreen or an external touchpad of its device group; a
    /// recording holds no udev groups, so ``TabletGroupRule`` decides.
    private func pairPensWithTouches() {
        let pens = devices.indices.filter { decoders[$0] != nil }
        let touches = devices.indices.filter { touchDecoders[$0] != nil && TabletGroupRule.arbitrates(devices[$0]) }
        for pen in pens {
            let partner = touches.last {
                TabletGroupRule.pairs(pen: devices[pen], touch: devices[$0], catalog: catalog, isOnlyPair: pens.count == 1 && touches.count == 1)
            }
            if let partner { arbiter.pair(pen: pen, touch: partner, isTouchpad: devices[partner].deviceClass == .touchpad) }
        }
    }

    private func handle(_ original: InputEvent, deviceIndex: Int, line: Int, into events: inout [TabletEvent]) throws -> Bool {
        guard deviceIndex < devices.count else {
            throw RecordingError(file: reader.path, line: line, message: "event before any device description")
        }
        var event = original
        event.microseconds -= reader.timeOrigin ?? 0
        eventCount += 1
        guard EvdevNames.isKnown(type: event.type, code: event.code) else {
            let typeText = EvdevNames.typeName(event.type).map { "\($0) code \(event.code) (0x\(String(event.code, radix: 16)))" }
                ?? "type \(event.type) (0x\(String(event.type, radix: 16)))"
            throw RecordingError(file: reader.path, line: line, message: "unknown event \(typeText): expected an event type and code libevdev knows")
        }
        let device = devices[deviceIndex]
        if event.type == EvdevCode.EventType.abs && device.axes[event.code] == nil {
            throw RecordingError(
                file: reader.path, line: line,
                message: "event for \(EvdevNames.describe(type: event.type, code: event.code)), an axis device \"\(device.name)\" does not declare")
        }
        if event.type == EvdevCode.EventType.abs, event.code != EvdevCode.Abs.misc, let axis = device.axes[event.code],
            event.value < axis.minimum || event.value > axis.maximum,
            !(event.code == EvdevCode.Abs.mtTrackingID && event.value == -1),  // −1 is a touch's normal release
            outOfRangeAxes.insert(DeviceAxis(device: deviceIndex, code: event.code)).inserted
        {
            replayWarnings.append(
                RecordingWarning(
                    file: reader.path, line: line,
                    message: "\(EvdevNames.describe(type: event.type, code: event.code)) value \(event.value) is outside the declared range \(axis.minimum)…\(axis.maximum): the device description may not match the recording (reported once per axis)"))
        }
        if event.microseconds < lastTime[deviceIndex] {
            replayWarnings.append(
                RecordingWarning(
                    file: reader.path, line: line,
                    message: "timestamp goes backwards by \(Double(lastTime[deviceIndex] - event.microseconds) / 1000) ms: clamped to the previous event's time"))
            event.microseconds = lastTime[deviceIndex]
        }
        lastTime[deviceIndex] = event.microseconds
        switch assemblers[deviceIndex].add(event) {
        case .frameComplete:
            frameCount += 1
            decoders[deviceIndex]?.decode(frame: assemblers[deviceIndex].pending[...], into: &events)
            if padDecoders[deviceIndex] != nil {
                padEvents.removeAll(keepingCapacity: true)
                padDecoders[deviceIndex]?.decode(frame: assemblers[deviceIndex].pending[...], into: &padEvents)
                for pad in padEvents { events.append(.pad(pad)) }
            }
            touchDecoders[deviceIndex]?.decode(frame: assemblers[deviceIndex].pending[...], seat: &touchSeats[deviceIndex], into: &events)
            assemblers[deviceIndex].clear()
            return true
        case .droppedFrame:
            // The touches' state is lost with the dropped events (a finger may have lifted):
            // the touches down end as cancelled; a finger still down comes back with its next id.
            touchDecoders[deviceIndex]?.cancel(seat: &touchSeats[deviceIndex], into: &events)
            replayWarnings.append(
                RecordingWarning(file: reader.path, line: line, message: "SYN_DROPPED: the frame in progress and events up to the next SYN_REPORT are discarded"))
            return false
        case .buffered, .discarded:
            return false
        }
    }

    private func finish(into events: inout [TabletEvent]) {
        isFinished = true
        for index in assemblers.indices where !assemblers[index].pending.isEmpty {
            replayWarnings.append(
                RecordingWarning(
                    file: reader.path, line: nil,
                    message: "device \(index): the last \(assemblers[index].pending.count) events have no SYN_REPORT: the unfinished frame is discarded (truncated recording?)"))
        }
        for index in decoders.indices {
            decoders[index]?.finish(into: &events)
            touchDecoders[index]?.finish(seat: &touchSeats[index], into: &events)
        }
    }
}

/// A replay tells a drawing where its devices land.
extension SampleReplay: DeviceMappings {}
