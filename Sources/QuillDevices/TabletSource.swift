import DequeModule
import QuillCore
import QuillInput
import QuillSystem
#if canImport(Glibc)
import Glibc
#endif

/// A live tablet read in the host's own main loop, the way libinput is read: poll
/// ``fileDescriptor`` for input, call ``dispatch()`` when it is readable or when ``timeout`` has
/// passed, then take what it decoded with ``nextEvent()``: samples, proximity changes, pad events,
/// and ``TabletEvent/deviceRemoved(device:time:)`` when the node goes away.
///
/// It starts no threads and never blocks. The samples are the ones a replay of the same events
/// gives (the raw path: libevdev and Quill's decoder). Times are seconds from `origin`, so the
/// sources of one run share one clock. Several tablets, hot-plug and a run's end are
/// ``TabletSession``'s.
public final class TabletSource {
    /// The tablet: node, decoders, clock.
    public private(set) var tablet: LiveTablet
    /// The clock `dispatch()` reads for the proximity timer.
    public let clock: SessionClock
    private var queue: Deque<TabletEvent> = []
    /// What the decoder appends to, moved into ``queue`` (reused: nothing allocated per frame).
    private var decoded: [TabletEvent] = []
    private var events: [InputEvent] = []
    /// Ends the stream of ``samples(queue:)`` (set by it).
    nonisolated(unsafe) var endStream: (@Sendable () -> Void)?
    /// Events read by the last ``dispatch()``.
    public private(set) var eventsRead = 0
    /// The kernel's events the last ``dispatch()`` read, as they came (times on the node's clock):
    /// for a recorder (`quill record`).
    public var eventsOfLastDispatch: [InputEvent] { events }
    /// True once the node is gone (unplugged); ``dispatch()`` has thrown and the open stroke was
    /// cancelled.
    public private(set) var isGone = false

    /// Opens `node` as device `index`. `origin` is the run's start on `clock` (microseconds;
    /// default: now); `catalog` gives libwacom's sizes and pad layouts.
    public init(
        node: any TabletNode, parameters: TabletDecoderParameters = .defaults, index: Int = 0, origin: Int64? = nil,
        catalog: WacomCatalog? = WacomCatalog.loadIfAvailable(), clock: SessionClock = .monotonic, pens: [(DeviceDescription, TabletMapping)] = []
    ) throws {
        self.clock = clock
        tablet = try LiveTablet(node: node, parameters: parameters, index: index, origin: origin ?? clock.microseconds(), catalog: catalog, pens: pens)
        queue.reserveCapacity(64)
        decoded.reserveCapacity(64)
        events.reserveCapacity(256)
    }

    /// Opens the node at `path` (nil: the first pen tablet under /dev/input). Throws
    /// ``TabletFinderError`` for a node that is no pen or pad, `EvdevNodeError` when it cannot be opened.
    public convenience init(path: String?, parameters: TabletDecoderParameters = .defaults, index: Int = 0, origin: Int64? = nil) throws {
        try self.init(node: TabletFinder.find(path), parameters: parameters, index: index, origin: origin)
    }

    /// The fd to poll for input (POLLIN). It belongs to the source.
    public var fileDescriptor: Int32 { tablet.node.fileDescriptor }

    /// Where the tablet's millimetres land on the canvas.
    public var mapping: TabletMapping { tablet.mapping }

    /// True for a pad node: it gives pad events, never samples.
    public var isPad: Bool { tablet.padDecoder != nil }

    /// True for a touchscreen or touchpad: it gives touches, never samples.
    public var isTouch: Bool { tablet.touchDecoder != nil }

    /// Seconds until ``dispatch()`` must run even without input (a silent hovering pen is taken
    /// out of proximity then, as libinput does), or nil.
    public var timeout: Double? { tablet.secondsToProximityDeadline(at: clock.microseconds()).map { max(0, $0) } }

    /// Now on the samples' clock (seconds from the run's start).
    public var now: Double { tablet.decoderTime(at: clock.microseconds()) }

    /// Reads every event pending on the node (without blocking) and decodes it; with nothing
    /// pending, expires a silent hovering pen's proximity when its time has come. Throws
    /// `EvdevNodeError` when the tablet was unplugged, after its open stroke was cancelled
    /// (that sample and a ``TabletEvent/deviceRemoved(device:time:)`` wait in the queue).
    public func dispatch() throws {
        eventsRead = 0
        guard !isGone else { return }
        events.removeAll(keepingCapacity: true)
        do {
            eventsRead = try tablet.node.readAvailable(into: &events)
        } catch let error as EvdevNodeError where error.isGone {
            unplugged()
            throw error
        }
        if events.isEmpty {
            _ = tablet.expireProximity(at: clock.microseconds(), into: &decoded)
        } else {
            tablet.decode(events, into: &decoded)
        }
        enqueueDecoded()
    }

    private func enqueueDecoded() {
        queue.append(contentsOf: decoded)
        decoded.removeAll(keepingCapacity: true)
    }

    /// The next event (sample, proximity change, pad event, removal), or nil when none is waiting.
    public func nextEvent() -> TabletEvent? {
        queue.popFirst()
    }

    /// The next decoded sample, or nil when none is waiting; the events between are passed over
    /// (for a client that wants samples only — ``nextEvent()`` gives everything).
    public func nextSample() -> PenSample? {
        while let event = nextEvent() {
            if case .sample(let sample) = event { return sample }
        }
        return nil
    }

    /// The node reported itself gone (poll's hang-up): the open stroke ends as cancelled, a
    /// ``TabletEvent/deviceRemoved(device:time:)`` follows, and nothing more is read until
    /// ``reopen(on:parameters:index:)``.
    public func unplugged() {
        guard !isGone else { return }
        isGone = true
        tablet.cancel(into: &decoded)
        enqueueDecoded()
        queue.append(.deviceRemoved(device: tablet.decoder.deviceIndex, time: now))
    }

    /// The same tablet plugged back in on `node`: read afresh in the same clock (origin), with
    /// the same libwacom data. What was waiting in the queue stays there; a
    /// ``TabletEvent/deviceBack(device:time:)`` follows it.
    public func reopen(on node: any TabletNode, parameters: TabletDecoderParameters, index: Int) throws {
        try tablet.reopen(on: node, parameters: parameters, index: index)
        isGone = false
        queue.append(.deviceBack(device: index, time: now))
    }

    /// Ends the input: a tip still down gets its `ended` sample.
    public func finish() {
        tablet.finish(into: &decoded)
        enqueueDecoded()
    }
}
