import QuillCore
import QuillGestures
import QuillInput

/// A recording played through a ``TabletRelay`` as if it were live: `quill service --replay`'s
/// dry run (and its paced replay into uinput), and the tests'. Streams: one frame at a time.
///
/// The recording's first pen tablet is relayed, and its first pad when it has one (a touch node is
/// left out); a held-back press is decided at its deadline, before the first frame that comes
/// later, as the live loop's timer decides it.
public final class RecordingRelay {
    /// The recording.
    public let path: String
    /// The relayed device's index in the recording.
    public let deviceIndex: Int
    /// The virtual tablet the frames become.
    public var virtualDevice: DeviceDescription { relay.virtualDevice }
    /// The virtual keyboard, when the preferences bind a key chord.
    public let keyboard: DeviceDescription?
    /// The virtual pointer, when a barrel button scrolls.
    public let pointer: DeviceDescription?
    /// The relayed pad's index and virtual description, when the recording has a pad.
    public let padIndex: Int?
    public var virtualPad: DeviceDescription? { padRelay?.virtualDevice }
    private let reader: RecordingReader
    private var relay: TabletRelay
    private var padRelay: PadRelay?
    private var padFrame: [InputEvent] = []
    private var padEvents: [PadEvent] = []
    /// The first event, read while looking for the devices.
    private var pendingItem: RecordingItem?
    private var frame: [InputEvent] = []
    private var lastTime: Int64 = 0
    private var isFinished = false

    /// Opens `path` (`deviceFile`: the device of a header-less evemu file) and finds its pen
    /// tablet. Throws `RecordingError` naming the file when it has none.
    public init(
        path: String, deviceFile: String? = nil, preferences: PencilPreferences, parameters: DoubleTapParameters = .defaults,
        options: RelayOptions = RelayOptions(), catalog: TabletCatalog? = nil
    ) throws {
        self.path = path
        reader = try Recording.open(path: path, deviceFile: deviceFile)
        var found: (Int, DeviceDescription)?
        var pad: (Int, DeviceDescription)?
        var skipped: [String] = []
        // Every description comes before the first event.
        while let item = try reader.next() {
            guard case let .device(index, description) = item else {
                pendingItem = item
                break
            }
            let kind = DeviceClass(capabilitiesOf: description)
            if found == nil, kind == .pen {
                found = (index, description)
            } else if pad == nil, kind == .pad {
                pad = (index, description)
            } else {
                skipped.append("\"\(description.name)\"")
            }
        }
        guard let (index, description) = found else {
            throw RecordingError(
                file: path, line: nil,
                message: "no pen tablet to relay (a virtual tablet needs a pen node: BTN_TOOL_* keys and ABS_X/ABS_Y)" + (skipped.isEmpty ? "" : "; found \(skipped.joined(separator: ", "))"))
        }
        deviceIndex = index
        relay = try TabletRelay(device: description, preferences: preferences, parameters: parameters, options: options, catalog: catalog)
        keyboard = VirtualTablet.keyboard(for: Array(preferences.keyChords.values))
        pointer = VirtualTablet.pointer(for: preferences)
        padIndex = pad?.0
        padRelay = pad.map { PadRelay(device: $0.1, preferences: preferences, layout: catalog?.padLayout(of: $0.1)) }
        frame.reserveCapacity(32)
    }

    /// Relays the next frame (and any deadline that came before it) into `output`; at the end of
    /// the recording, what waits is decided. False once everything was given.
    public func next(into output: inout RelayOutput) throws -> Bool {
        guard !isFinished else { return false }
        frame.removeAll(keepingCapacity: true)
        while let item = try nextItem() {
            guard case let .event(index, event, _) = item else { continue }
            if index == padIndex, padRelay != nil {
                // The pad's frames act through the pen's relay (the one session).
                padFrame.append(event)
                guard event.isFrameEnd else { continue }
                padEvents.removeAll(keepingCapacity: true)
                padRelay?.relay(padFrame[...], into: &output, events: &padEvents)
                for padEvent in padEvents { relay.handle(padEvent, into: &output) }
                padFrame.removeAll(keepingCapacity: true)
                return true
            }
            guard index == deviceIndex else { continue }
            frame.append(event)
            guard event.isFrameEnd else { continue }
            if let deadline = relay.nextDeadline, deadline < event.microseconds {
                relay.advance(to: deadline, into: &output)
            }
            relay.relay(frame[...], into: &output)
            lastTime = event.microseconds
            return true
        }
        // A last frame without its SYN_REPORT (a cut recording) is relayed as it stands.
        if let last = frame.last {
            frame.append(InputEvent(microseconds: last.microseconds, type: EvdevCode.EventType.syn, code: EvdevCode.Syn.report, value: 0))
            relay.relay(frame[...], into: &output)
            lastTime = last.microseconds
        }
        relay.finish(at: max(lastTime, relay.nextDeadline ?? lastTime), into: &output)
        isFinished = true
        return true
    }

    private func nextItem() throws -> RecordingItem? {
        if let item = pendingItem {
            pendingItem = nil
            return item
        }
        return try reader.next()
    }

    /// What the reader noticed on the way (`RecordingWarning`).
    public var warnings: [RecordingWarning] { reader.warnings }
}
