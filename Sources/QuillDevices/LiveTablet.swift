import QuillCore
import QuillInput
import QuillSystem

/// One tablet of a live run on the raw path: its node, decoder and frame assembly.
public struct LiveTablet {
    public var node: any TabletNode
    /// The pen decoder (a pad node's is never fed).
    public var decoder: TabletDecoder
    /// A pad node's decoder: its frames become pad events, never samples.
    public var padDecoder: PadDecoder?
    /// A touchscreen's or touchpad's decoder: its frames become touches, never samples.
    public var touchDecoder: TouchDecoder?
    /// The touch numbers of this node's touches.
    var touchSeat = TouchSeat()
    /// A pad frame's events, reused.
    private var padEvents: [PadEvent] = []
    var assembler = FrameAssembler()
    /// The start of the run (µs, CLOCK_MONOTONIC): the decoders' times count from it, one clock
    /// for every tablet of the run.
    public let origin: Int64

    /// The run's libwacom catalog, loaded once (loading takes tens of milliseconds: not while a
    /// tablet plugged back in is sending).
    public let catalog: WacomCatalog?
    /// The run's pen nodes and mappings (a touch node's paired pen gives its size).
    let pens: [(DeviceDescription, TabletMapping)]

    /// `pens`: the session's pen nodes with their mappings, for a touch node without resolution
    /// (it takes its paired pen's size, as in a replay).
    public init(
        node: any TabletNode, parameters: TabletDecoderParameters, index: Int, origin: Int64, catalog: WacomCatalog?,
        pens: [(DeviceDescription, TabletMapping)] = []
    ) throws {
        self.node = node
        self.pens = pens
        self.origin = origin
        self.catalog = catalog
        // libwacom's size for a tablet without resolution, and its pad layout: as a replay has them.
        decoder = try TabletDecoder(
            device: node.description, deviceIndex: index, parameters: parameters, area: catalog?.activeArea(of: node.description))
        switch node.deviceClass {
        case .pad:
            padDecoder = PadDecoder(
                device: node.description, deviceIndex: index, layout: catalog?.padLayout(of: node.description), isLeftHanded: parameters.isLeftHanded)
        case .touchscreen, .touchpad:
            touchDecoder = try TouchDecoder(
                device: node.description, deviceIndex: index, parameters: parameters,
                area: TouchDecoder.surfaceArea(of: node.description, pens: pens, catalog: catalog))
            touchDecoder?.startClock(at: 0)
        case .pen, .other:
            break
        }
        // The node's barrel rotation now, as libinput starts from it: both backends count an Art
        // Pen's roll from the same value.
        if let rotation = node.value(type: EvdevCode.EventType.abs, code: EvdevCode.Abs.z) { decoder.assumeRotation(raw: rotation) }
        // And where the pen is: a frame that moves one axis keeps the others (libinput does too).
        decoder.assumeAxes { node.value(type: EvdevCode.EventType.abs, code: $0) }
        decoder.startClock(at: 0)  // event times arrive minus `origin`
        padDecoder?.startClock(at: 0)
    }

    /// The tablet plugged back in, on its new node: read afresh, its samples in the same clock.
    public mutating func reopen(on node: any TabletNode, parameters: TabletDecoderParameters, index: Int) throws {
        self = try LiveTablet(node: node, parameters: parameters, index: index, origin: origin, catalog: catalog, pens: pens)
    }

    /// ±30 years in microseconds: the span a live event's time is held to.
    public static let timeLimit: Int64 = 30 * 365 * 86_400 * 1_000_000

    /// `microseconds` from `origin`, held within ±``timeLimit`` without trapping: the time of an
    /// event from a live node, whose bytes may be out of step (a broken or hostile node).
    public static func relativeTime(_ microseconds: Int64, from origin: Int64) -> Int64 {
        let (relative, overflow) = microseconds.subtractingReportingOverflow(origin)
        if overflow { return microseconds < 0 ? -timeLimit : timeLimit }
        return max(-timeLimit, min(timeLimit, relative))
    }

    /// Decodes what was read, frame by frame, into samples, proximity changes and pad events.
    public mutating func decode(_ events: [InputEvent], into output: inout [TabletEvent]) {
        for var event in events {
            // A time no monotonic clock gives (a broken node's bytes out of step) is held within
            // ±30 years of the run's start, so nothing downstream overflows.
            event.microseconds = LiveTablet.relativeTime(event.microseconds, from: origin)
            let outcome = assembler.add(event)
            if outcome == .droppedFrame {
                // The kernel's buffer overflowed: the touches' state is lost (a finger may have
                // lifted); the touches down end as cancelled, a finger still down comes back with its next id.
                touchDecoder?.cancel(seat: &touchSeat, into: &output)
            }
            if outcome == .frameComplete {
                if touchDecoder != nil {
                    touchDecoder?.decode(frame: assembler.pending[...], seat: &touchSeat, into: &output)
                } else if padDecoder != nil {
                    padEvents.removeAll(keepingCapacity: true)
                    padDecoder?.decode(frame: assembler.pending[...], into: &padEvents)
                    for pad in padEvents { output.append(.pad(pad)) }
                } else {
                    decoder.decode(frame: assembler.pending[...], into: &output)
                }
                assembler.clear()
            }
        }
    }

    /// Where the node's millimetres land on the canvas (a touch node's own surface).
    public var mapping: TabletMapping { touchDecoder?.mapping ?? decoder.mapping }

    /// The input was cut off (unplugged): a tip still down is cancelled, touches down are cancelled.
    public mutating func cancel(into events: inout [TabletEvent]) {
        decoder.cancel(into: &events)
        touchDecoder?.cancel(seat: &touchSeat, into: &events)
    }

    /// The input ended: a tip still down gets its `ended` sample, touches down end.
    public mutating func finish(into events: inout [TabletEvent]) {
        decoder.finish(into: &events)
        touchDecoder?.finish(seat: &touchSeat, into: &events)
    }

    /// `now` (µs on the nodes' clock) in the decoder's clock: seconds from the start of the run.
    public func decoderTime(at now: Int64) -> Double {
        Double(LiveTablet.relativeTime(now, from: origin)) / 1_000_000
    }

    /// Seconds from `now` (µs) until a silent hovering pen is to be forced out of proximity.
    public func secondsToProximityDeadline(at now: Int64) -> Double? {
        guard let deadline = decoder.proximityDeadline else { return nil }
        return Double(deadline - LiveTablet.relativeTime(now, from: origin)) / 1_000_000
    }

    /// Forces a silent hovering pen out when its deadline has passed at `now` (µs); true when it did.
    public mutating func expireProximity(at now: Int64, into events: inout [TabletEvent]) -> Bool {
        return decoder.expireProximity(at: LiveTablet.relativeTime(now, from: origin), into: &events)
    }
}
