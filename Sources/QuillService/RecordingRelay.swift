import QuillCore
import QuillGestures
import QuillInput

/// A recording played through a ``TabletRelay`` as if it were live: `quill service --replay`'s
/// dry run (and its paced replay into uinput), and the tests'. Streams: one frame at a time.
///
/// The recording's first pen tablet is relayed (a pad or touch node in the same file is left out);
/// a held-back press is decided at its deadline, before the first frame that comes later, as the
/// live loop's timer decides it.
public final class RecordingRelay {
    /// The recording.
    public let path: String
    /// The relayed device's index in the recording.
    public let deviceIndex: Int
    /// The virtual tablet the frames become.
    public var virtualDevice: DeviceDescription { relay.virtualDevice }
    /// The virtual keyboard, when the preferences bind a key chord.
    public let keyboard: DeviceDescription?
    private let reader: RecordingReader
    private var relay: TabletRelay
    private var frame: [InputEvent] = []
    private var lastTime: Int64 = 0
    private var isFinished = false

    /// Opens `path` (`deviceFile`: the device of a header-less evemu file) and finds its pen
    /// tablet. Throws ``RecordingError`` naming the file when it has none.
    public init(
        path: String, deviceFile: String? = nil, preferences: PencilPreferences, parameters: DoubleTapParameters = .defaults,
        options: RelayOptions = RelayOptions(), catalog: TabletCatalog? = nil
    ) throws {
        self.path = path
        reader = try Recording.open(path: path, deviceFile: deviceFile)
        var found: (Int, DeviceDescription)?
        var skipped: [String] = []
        while found == nil, let item = try reader.next() {
            guard case let .device(index, description) = item else { continue }
            if description.hasProximityKeys, description.axes[EvdevCode.Abs.x] != nil, description.axes[EvdevCode.Abs.y] != nil {
                found = (index, description)
            } else {
                skipped.append("\"\(description.name)\"")
            }
        }
        guard let (index, description) = found else {
            throw RecordingError(
                file: path, line: nil,
                message: "no pen tablet to relay (a virtual tablet needs a node with BTN_TOOL_* keys and ABS_X/ABS_Y)" + (skipped.isEmpty ? "" : "; found \(skipped.joined(separator: ", "))"))
        }
        deviceIndex = index
        relay = try TabletRelay(device: description, preferences: preferences, parameters: parameters, options: options, catalog: catalog)
        keyboard = VirtualTablet.keyboard(for: Array(preferences.keyChords.values))
        frame.reserveCapacity(32)
    }

    /// Relays the next frame (and any deadline that came before it) into `output`; at the end of
    /// the recording, what waits is decided. False once everything was given.
    public func next(into output: inout RelayOutput) throws -> Bool {
        guard !isFinished else { return false }
        frame.removeAll(keepingCapacity: true)
        while let item = try reader.next() {
            guard case let .event(index, event, _) = item, index == deviceIndex else { continue }
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

    /// What the reader noticed on the way (``RecordingWarning``).
    public var warnings: [RecordingWarning] { reader.warnings }
}
