import DequeModule
import QuillCore
import QuillInput
import QuillSystem
#if canImport(Glibc)
import Glibc
#endif

/// Every live tablet of a run, read in the host's own main loop: poll ``fileDescriptors`` (or
/// call ``wait(timeout:wakingOn:)``), call ``dispatch()`` when one is readable or ``timeout``
/// has passed, then take the ``TabletEvent``s with ``nextEvent()``.
///
/// The session owns what every live client needs and used to write again: several tablets on one
/// clock (device 0, 1, … in the order given), a node unplugged mid-stroke (its stroke ends as
/// `cancelled`, ``TabletEvent/deviceRemoved(device:time:)``; the other tablets go on), the same
/// node plugged back in (opened again every ``reopenInterval`` seconds until it opens:
/// ``TabletEvent/deviceBack(device:time:)``, its samples on the same clock), libinput's
/// proximity timer for a silent hovering pen, and the end of a run (``duration``, or
/// ``finish()``: open strokes end). `quill live`, the canvas and libquill are its clients.
///
/// The clock and the way nodes are opened are injectable, so the whole loop runs in a test
/// without a device or real time: give it scripted ``TabletNode``s, a ``SessionClock`` that a
/// test advances, and an `opener` that fails until the test "plugs the tablet back in".
public final class TabletSession {
    /// Opens a node by path (for the re-open after an unplug).
    public typealias Opener = (String) throws -> any TabletNode

    /// The tablets, by device index.
    public private(set) var sources: [TabletSource] = []
    /// The clock of the run.
    public let clock: SessionClock
    /// The run's start on ``clock`` (µs): every device's times are seconds from it.
    public let origin: Int64
    /// How the tablets are decoded (canvas, left-handed, calibration, pressure curve, proximity timeout).
    public let parameters: TabletDecoderParameters
    /// Seconds after which the run ends by itself (nil: until ``finish()``).
    public let duration: Double?
    /// Seconds between attempts to open an unplugged tablet's node again.
    public let reopenInterval: Double
    /// True once the run ended (``duration`` passed, or ``finish()``).
    public private(set) var isFinished = false
    /// Events read from the nodes by the last ``dispatch()``.
    public private(set) var eventsRead = 0

    private let opener: Opener
    private var paths: [String] = []
    /// Unplugged tablets: device index → when (µs on the clock) to try opening the node again.
    private var awaiting: [Int: Int64] = [:]
    private var queue: Deque<TabletEvent> = []
    /// The sources one dispatch read (reused: no allocation per dispatch).
    private var readSources: [TabletSource] = []
    /// Palm rejection between the session's paired pen and touch nodes.
    private var arbiter = PalmArbiter()
    private var arbitrated: [TabletEvent] = []
    /// Seat-wide touch numbers (each node numbers its own).
    private var seatNumbers = TouchSeatAssigner()

    /// A session over `nodes` (device 0, 1, … in this order). `origin`: the run's start on
    /// `clock` (default: now); `catalog`: libwacom's sizes and pad layouts; `opener` opens a
    /// node again after an unplug (default: ``EvdevNode``); `duration`: seconds until the run
    /// ends by itself. Throws `ParameterError` for a `duration` or `reopenInterval` that is not
    /// a positive number.
    public init(
        nodes: [any TabletNode], parameters: TabletDecoderParameters = .defaults, origin: Int64? = nil,
        catalog: WacomCatalog? = nil, clock: SessionClock = .monotonic,
        opener: @escaping Opener = { try EvdevNode(path: $0) }, duration: Double? = nil, reopenInterval: Double = 0.2
    ) throws {
        if let duration, !(duration.isFinite && duration > 0) {
            throw ParameterError(field: "duration", value: "\(duration)", expected: "seconds > 0")
        }
        guard reopenInterval.isFinite, reopenInterval > 0 else {
            throw ParameterError(field: "reopenInterval", value: "\(reopenInterval)", expected: "seconds > 0")
        }
        self.clock = clock
        self.origin = origin ?? clock.microseconds()
        self.parameters = parameters
        self.duration = duration
        self.reopenInterval = reopenInterval
        self.opener = opener
        // The pens' sizes first: a touch node without resolution takes its paired pen's.
        let penSizes = nodes.compactMap { node -> (DeviceDescription, TabletMapping)? in
            guard node.deviceClass == .pen, let decoder = try? TabletDecoder(device: node.description, parameters: parameters, area: catalog?.activeArea(of: node.description))
            else { return nil }
            return (node.description, decoder.mapping)
        }
        for (index, node) in nodes.enumerated() {
            let source = try TabletSource(node: node, parameters: parameters, index: index, origin: self.origin, catalog: catalog, clock: clock, pens: penSizes)
            sources.append(source)
            paths.append(node.path)
            queue.append(.deviceAdded(device: index, deviceClass: node.deviceClass, name: node.description.name))
        }
        queue.reserveCapacity(64)
        // A pen arbitrates the touches of its tablet: libinput's device group where udev gives
        // one (LIBINPUT_DEVICE_GROUP), else ``TabletGroupRule`` (nodes udev does not know: mocks,
        // scripted nodes).
        let pens = sources.indices.filter { nodes[$0].deviceClass == .pen }
        let touches = sources.indices.filter { sources[$0].isTouch && TabletGroupRule.arbitrates(nodes[$0].description) }
        let groups = nodes.map { UdevProperties.of(node: $0.path)?["LIBINPUT_DEVICE_GROUP"] }
        for pen in pens {
            let partner = touches.last { touch in
                if let penGroup = groups[pen], let touchGroup = groups[touch] { return penGroup == touchGroup }
                return TabletGroupRule.pairs(
                    pen: nodes[pen].description, touch: nodes[touch].description, catalog: catalog, isOnlyPair: pens.count == 1 && touches.count == 1)
            }
            if let partner { arbiter.pair(pen: pen, touch: partner, isTouchpad: nodes[partner].deviceClass == .touchpad) }
        }
    }

    /// A session over the evdev nodes at `paths` (nil: the first pen tablet under /dev/input).
    /// The nodes are opened first, then libwacom's catalog is loaded (a tablet sending meanwhile
    /// piles up unread, never lost). Throws ``TabletFinderError`` or `EvdevNodeError`.
    public convenience init(paths: [String?], parameters: TabletDecoderParameters = .defaults, duration: Double? = nil) throws {
        let nodes = try paths.map { try TabletFinder.find($0) }
        try self.init(nodes: nodes, parameters: parameters, catalog: WacomCatalog.loadIfAvailable(), duration: duration)
    }

    /// Now on the run's clock (seconds from ``origin``).
    public var now: Double { Double(LiveTablet.relativeTime(clock.microseconds(), from: origin)) / 1_000_000 }

    /// The fds to poll for input (POLLIN): the tablets that are plugged in.
    public var fileDescriptors: [Int32] {
        sources.indices.filter { awaiting[$0] == nil }.map { sources[$0].fileDescriptor }.filter { $0 >= 0 }
    }

    /// True while an unplugged tablet is awaited.
    public var isAwaiting: Bool { !awaiting.isEmpty }

    /// The node path of device `index`.
    public func path(ofDevice index: Int) -> String? { paths.indices.contains(index) ? paths[index] : nil }

    /// Where device `index`'s millimetres land on the canvas.
    public func mapping(forDevice index: Int) -> TabletMapping? { sources.indices.contains(index) ? sources[index].mapping : nil }

    /// Seconds until ``dispatch()`` must run even without input: a silent hovering pen's
    /// proximity timer, the next attempt to open an unplugged tablet, the end of the run; nil
    /// when nothing waits (0 once finished).
    public var timeout: Double? {
        guard !isFinished else { return 0 }
        let nowMicroseconds = clock.microseconds()
        var wait: Double?
        func consider(_ seconds: Double) { wait = max(0, min(wait ?? seconds, seconds)) }
        for (index, source) in sources.enumerated() where awaiting[index] == nil {
            if let seconds = source.timeout { consider(seconds) }
        }
        for next in awaiting.values { consider(Double(next - nowMicroseconds) / 1_000_000) }
        if let duration { consider(duration - now) }
        return wait
    }

    /// Reads what every plugged-in tablet has (without blocking) and decodes it; lets the
    /// proximity timer fire; tries to open unplugged tablets whose time has come; ends the run
    /// when its ``duration`` has passed. An unplug is not an error: its events say so. Throws
    /// only what reading a node throws otherwise (an I/O error).
    public func dispatch() throws {
        eventsRead = 0
        guard !isFinished else { return }
        var read = readSources
        readSources = []
        read.removeAll(keepingCapacity: true)
        defer { readSources = read }
        for (index, source) in sources.enumerated() where awaiting[index] == nil {
            do {
                try source.dispatch()
            } catch let error as EvdevNodeError where error.isGone {
                awaiting[index] = clock.microseconds() + Int64(reopenInterval * 1_000_000)
            }
            eventsRead += source.eventsRead
            read.append(source)
        }
        drainInTimeOrder(read)
        let nowMicroseconds = clock.microseconds()
        for (index, next) in awaiting.sorted(by: { $0.key < $1.key }) where next <= nowMicroseconds {
            do {
                let node = try opener(paths[index])
                try sources[index].reopen(on: node, parameters: parameters, index: index)
                awaiting[index] = nil
                drain(sources[index])
            } catch {
                awaiting[index] = nowMicroseconds + Int64(reopenInterval * 1_000_000)
            }
        }
        if let duration, now >= duration { finish() }
    }

    /// The next event, or nil when none is waiting.
    public func nextEvent() -> TabletEvent? {
        queue.popFirst()
    }

    /// Ends the run: a tip still down gets its `ended` sample; nothing more is read.
    public func finish() {
        guard !isFinished else { return }
        isFinished = true
        for (index, source) in sources.enumerated() where awaiting[index] == nil {
            source.finish()
            drain(source)
        }
    }

    /// For a host without a loop of its own: sleeps until a tablet has input, one of `wakingOn`
    /// is readable (a stop request), `timeout` seconds pass (nil: no limit) or ``timeout``
    /// comes; true when a tablet woke it. A node that hung up counts as woken (``dispatch()``
    /// then reports the unplug).
    @discardableResult
    public func wait(timeout: Double?, wakingOn extra: [Int32] = []) -> Bool {
        let limits = [timeout, self.timeout].compactMap { $0 }
        let (ready, _, revents) = Poll.wait(fileDescriptors, timeout: limits.min(), wakingOn: extra)
        return ready > 0 && revents.contains { $0 != 0 }
    }

    /// The pen and touch devices whose touches are arbitrated (palm rejection), as (pen, touch).
    public var palmPairs: [(pen: Int, touch: Int)] { arbiter.pairs }

    /// What one dispatch read from several nodes, arbitrated in the order of the events' times
    /// (ties in device order), as the kernel stamped them and as a replay merges the nodes — not
    /// node after node: a reader that woke late holds frames of both the pen and its touchscreen,
    /// and a touch frame 0.2 ms before the pen's proximity-in must reach the arbiter first (it is
    /// then cancelled with the others, not muted as if it came after). Each node's own order is kept.
    private func drainInTimeOrder(_ read: [TabletSource]) {
        guard read.count > 1 else { return read.forEach(drain) }
        var heads = read.map { $0.nextEvent() }
        while true {
            var earliest: Int?
            for (index, head) in heads.enumerated() {
                guard let head else { continue }
                if let best = earliest, let bestHead = heads[best], (head.time ?? -.infinity) >= (bestHead.time ?? -.infinity) { continue }
                earliest = index
            }
            guard let index = earliest, let event = heads[index] else { return }
            heads[index] = read[index].nextEvent()
            take(event)
        }
    }

    /// One event of a node: arbitrated, its touches numbered seat-wide, queued.
    private func take(_ event: TabletEvent) {
        arbitrated.removeAll(keepingCapacity: true)
        arbiter.arbitrate(event, into: &arbitrated)
        // Each node numbers its own touches: seat-wide after arbitration, as libinput's seat slots.
        seatNumbers.number(&arbitrated)
        queue.append(contentsOf: arbitrated)
    }

    private func drain(_ source: TabletSource) {
        while let event = source.nextEvent() { take(event) }
    }
}
