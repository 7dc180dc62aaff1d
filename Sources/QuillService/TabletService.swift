import QuillCore
import QuillDevices
import QuillGestures
import QuillInput
import QuillSystem

#if canImport(Glibc)
import Glibc
#endif

/// The live service: each pen tablet (hot-plug included) is grabbed and relayed to a virtual
/// tablet through uinput, with the person's preferences applied (``TabletRelay``); key chords go
/// to one virtual keyboard. What `quill service` runs; an app or a daemon of its own can run it too.
///
/// Never a dead tablet: the virtual tablet is created before the real node is grabbed (a virtual
/// device that cannot be made leaves the node to the compositor), a tablet that fails or goes is
/// let go at once, and ``run(wakingOn:shouldStop:)`` releases every grab and removes every
/// virtual device however it ends — a stop request, an error thrown, or the process's end (the
/// kernel drops a grab and a uinput device when their fds close).
public final class TabletService {
    /// What the service tells the person (one line each: a tablet relayed, let go, a gesture's action).
    public typealias Log = (String) -> Void

    /// The nodes asked for (`--device`), or empty for every pen tablet.
    public let requested: [String]
    /// The person's preferences: as given, then as the file at ``preferencesPath`` says.
    public private(set) var preferences: PencilPreferences
    /// The preferences file the service watches (read again at every look for tablets, each
    /// ``rescanInterval``): a change applies to every tablet relayed without a restart (pad
    /// bindings when the pad is plugged again). Nil: not watched.
    public let preferencesPath: String?
    /// Where the focused app is learnt, for the profiles of ``preferences`` (nil: the person's own
    /// preferences in every app). Set before ``run(wakingOn:shouldStop:)``.
    public var focus: (any FocusSource)?
    /// The app with the focus, as ``focus`` last said.
    public private(set) var focusedApp: String?
    /// The preferences in force: the person's, with the focused app's profile over them.
    private var effective: PencilPreferences { preferences.preferences(forApp: focusedApp) }
    public let parameters: DoubleTapParameters
    public let options: RelayOptions
    /// Seconds between looks for a tablet plugged in. Default 1 s.
    public let rescanInterval: Double
    /// Where the looks find event nodes when none was requested. Default `/dev/input`.
    public let inputDirectory: String
    private let catalog: TabletCatalog?
    private let log: Log
    private var tablets: [Relayed] = []
    private var keyboard: UinputDevice?
    /// The virtual pointer, when a barrel button scrolls.
    private var pointer: UinputDevice?
    /// Nodes that are not relayed — not pen tablets, or refused — so they are not opened at every
    /// look (tried again once their path has gone).
    private var refused: Set<String> = []
    private var output = RelayOutput()
    private var events: [InputEvent] = []
    /// Seconds from a node turning readable to the virtual tablet written, per read that wrote
    /// something, when ``measuresLatency`` (what reading and relaying cost).
    public private(set) var latencies: [Double] = []
    /// Seconds from the events read to the virtual tablet written (relaying and writing alone).
    public private(set) var relayLatencies: [Double] = []
    private var lastRead = 0.0
    /// Whether ``latencies`` are kept. Default false.
    public var measuresLatency = false
    /// Frames relayed, over every tablet.
    public private(set) var framesRelayed = 0
    /// systemd's notification socket, when the service runs under it: `READY=1` once the tablets
    /// present are relayed, `WATCHDOG=1` at least every ``SystemdNotifier/watchdogInterval`` from
    /// the loop itself, so a loop that stopped turning is killed by systemd and its grabs go.
    public var notifier: SystemdNotifier?

    /// One node being relayed: a pen (its relay owns the person's session) or a pad (its events
    /// act through the pens of the same model). The relays are mutated in place (never copied out
    /// and back, which would copy their buffers every frame).
    private final class Relayed {
        let node: EvdevNode
        var pen: TabletRelay?
        var pad: PadRelay?
        let virtual: UinputDevice
        var frame: [InputEvent] = []
        /// False while a pen found in proximity waits to leave it before the node is taken (the
        /// compositor keeps it meanwhile, so neither side is left with a tool stuck in proximity).
        var isGrabbed = false
        /// Set when writing for this node failed on another node's behalf (a pad acting on this pen).
        var failure: (any Error)?
        init(node: EvdevNode, pen: TabletRelay?, pad: PadRelay?, virtual: UinputDevice) {
            self.node = node
            self.pen = pen
            self.pad = pad
            self.virtual = virtual
            frame.reserveCapacity(32)
        }
    }

    /// The relayed nodes, in `tablets`' order (kept, not rebuilt at every wait).
    private var nodes: [EvdevNode] = []
    /// Nodes another program holds (EBUSY), said once and tried again at every look.
    private var busy: Set<String> = []

    /// What ``start(_:quietly:)`` did with a node.
    private enum Start { case relayed, skipped, later }

    /// The most latencies kept for ``statisticsText`` (8 MB each list): the first 2²⁰ reads.
    private static let maximumLatencies = 1 << 20

    private var padEvents: [PadEvent] = []

    public init(
        requested: [String] = [], preferences: PencilPreferences, parameters: DoubleTapParameters = .defaults, options: RelayOptions = RelayOptions(),
        rescanInterval: Double = 1, inputDirectory: String = "/dev/input", catalog: TabletCatalog? = nil, preferencesPath: String? = nil, log: @escaping Log
    ) {
        self.preferencesPath = preferencesPath
        self.inputDirectory = inputDirectory
        self.requested = requested
        self.preferences = preferences
        self.parameters = parameters
        self.options = options
        self.rescanInterval = rescanInterval
        self.catalog = catalog
        self.log = log
        events.reserveCapacity(256)
    }

    /// Relays until `shouldStop` says so (checked after every wake-up; `wakingOn` are fds that
    /// wake the wait, e.g. a signal's self-pipe). Throws when the virtual keyboard cannot be made
    /// or a requested node cannot be relayed at the start; every grab is released before it returns or throws.
    public func run(wakingOn: [Int32] = [], shouldStop: () -> Bool) throws {
        defer { stopAll() }
        try makeKeyboardAndPointer()
        if let focus {
            _ = try? focus.drain()
            focusedApp = focus.focusedApp()
            if let focusedApp { log("focus: \(focusedApp)") }
        }
        var later: [String] = []
        for path in requested where try start(path) == .later { later.append(path) }
        for path in later where try start(path) == .later {
            log("\(path): a pad acts through its pen: give the pen's node too (--device); waiting for it")
        }
        if requested.isEmpty { scan() }
        if tablets.isEmpty { log(requested.isEmpty ? "no pen tablet yet: waiting for one to be plugged in" : "waiting for \(requested.joined(separator: ", "))") }
        var lastScan = MonotonicClock.now()
        var watcher = preferencesPath.map(PreferencesWatcher.init(path:))
        notifier?.notify("READY=1")
        var lastWatchdog = -Double.infinity
        while !shouldStop() {
            let now = MonotonicClock.now()
            if let interval = notifier?.watchdogInterval, now - lastWatchdog >= interval {
                notifier?.notify("WATCHDOG=1")
                lastWatchdog = now
            }
            if now - lastScan >= rescanInterval {
                scan()
                if let change = watcher?.check() { apply(change) }
                lastScan = now
            }
            var timeout = max(0, lastScan + rescanInterval - now)
            if let interval = notifier?.watchdogInterval { timeout = min(timeout, max(0, lastWatchdog + interval - now)) }
            let nowMicroseconds = MonotonicClock.microseconds()
            for tablet in tablets {
                if let deadline = tablet.pen?.nextDeadline { timeout = min(timeout, max(0, Double(deadline - nowMicroseconds) / 1_000_000)) }
            }
            let readiness = try EvdevNode.wait(for: nodes, timeout: timeout, wakingOn: wakingOn + (focus.map { [$0.fileDescriptor] } ?? []))
            if focus != nil { pollFocus() }
            let readable = MonotonicClock.now()
            var gone: [Int] = []
            for (index, tablet) in tablets.enumerated() {
                do {
                    if readiness[index] == .gone { throw EvdevNodeError(path: tablet.node.path, operation: "poll", errno: ENODEV) }
                    if readiness[index] == .readable, try pump(tablet), measuresLatency, latencies.count < Self.maximumLatencies {
                        let written = MonotonicClock.now()
                        latencies.append(written - readable)
                        relayLatencies.append(written - lastRead)
                    }
                    if let deadline = tablet.pen?.nextDeadline, deadline <= MonotonicClock.microseconds() {
                        output.removeAll()
                        tablet.pen?.advance(to: deadline, into: &output)
                        try deliver(output, of: tablet)
                    }
                } catch {
                    log("\(tablet.node.path): \(error); let go (its virtual tablet \(tablet.virtual.systemName ?? "") removed)")
                    gone.append(index)
                }
            }
            for (index, tablet) in tablets.enumerated() where !gone.contains(index) {
                guard let failure = tablet.failure else { continue }
                log("\(tablet.node.path): \(failure); let go (its virtual tablet \(tablet.virtual.systemName ?? "") removed)")
                gone.append(index)
            }
            guard !gone.isEmpty else { continue }
            for index in gone.sorted().reversed() { stop(tablets.remove(at: index)) }
            // A pad acts through its pen: without one it is let go too.
            let pens = Set(tablets.filter { $0.pen != nil }.map { ModelID($0.node.description) })
            for index in tablets.indices.reversed() where tablets[index].pad != nil && !pens.contains(ModelID(tablets[index].node.description)) {
                log("\(tablets[index].node.path): its pen is gone; let go")
                stop(tablets.remove(at: index))
            }
            nodes = tablets.map(\.node)
        }
    }

    // MARK: - Tablets

    /// Looks for pen tablets not relayed yet (every node when none was requested, else the
    /// requested ones that came back); a pad waits for its pen, so it is looked at again after them.
    private func scan() {
        let open = Set(tablets.map(\.node.path))
        let candidates = requested.isEmpty ? EvdevNode.eventNodes(in: inputDirectory) : requested
        // A node that is not there (a requested tablet unplugged) is waited for without a word.
        let present = Set(candidates.filter { access($0, F_OK) == 0 })
        refused.formIntersection(present)
        busy.formIntersection(present)
        var later: [String] = []
        for path in candidates where present.contains(path) && !open.contains(path) && !refused.contains(path) {
            if look(at: path) == .later { later.append(path) }
        }
        for path in later { _ = look(at: path) }
    }

    /// Tries to relay `path` for ``scan()``: refused nodes are remembered, busy and unplugged ones
    /// tried again at the next look.
    private func look(at path: String) -> Start {
        do {
            let started = try start(path, quietly: requested.isEmpty)
            if started == .skipped { refused.insert(path) }
            return started
        } catch let error as EvdevNodeError where error.isGone {
            return .later  // unplugged as it was looked at
        } catch let error as EvdevNodeError where error.errno == EBUSY {
            if busy.insert(path).inserted { log("\(error); tried again every \(rescanInterval) s") }
            return .later
        } catch {
            refused.insert(path)
            log("\(error)")
            return .skipped
        }
    }

    /// Relays the node at `path`: the virtual device first, then the grab (a pen in proximity is
    /// taken once it leaves). `quietly` skips what is not a pen tablet (and Quill's own devices)
    /// without a word, as a look over every node does. A pad is taken only when something on it is
    /// bound and a pen of the same model is relayed (`.later` otherwise).
    @discardableResult
    private func start(_ path: String, quietly: Bool = false) throws -> Start {
        let node: EvdevNode
        do {
            node = try EvdevNode(path: path)
        } catch let error as EvdevNodeError where quietly && !error.isPermissionDenied && !error.isGone {
            return .skipped
        }
        if VirtualTablet.isVirtual(node.description) {
            if quietly { return .skipped }
            throw ServiceError(message: "\(path) \"\(node.description.name)\" is one of Quill's own virtual devices")
        }
        var pen: TabletRelay?
        var pad: PadRelay?
        switch TabletFinder.deviceClass(of: node) {
        case .pen:
            pen = try TabletRelay(device: node.description, preferences: effective, parameters: parameters, options: options, catalog: catalog)
        case .pad where !preferences.padButtons.isEmpty || preferences.padDialControlsWidth:
            let model = ModelID(node.description)
            guard tablets.contains(where: { $0.pen != nil && ModelID($0.node.description) == model }) else { return .later }
            pad = PadRelay(device: node.description, preferences: preferences, layout: catalog?.padLayout(of: node.description))
        default:
            if quietly { return .skipped }
            throw ServiceError(message: "\(path) \"\(node.description.name)\" is not a pen tablet (or a pad with bindings): quill service relays pens, and pads whose buttons or rings the preferences bind; touch nodes stay as they are")
        }
        guard let virtualDescription = pen?.virtualDevice ?? pad?.virtualDevice else { return .skipped }
        // The virtual device first: if it cannot be made, the real one is never grabbed.
        let virtual = try UinputDevice(virtualDescription)
        let tablet = Relayed(node: node, pen: pen, pad: pad, virtual: virtual)
        if pen != nil, Self.toolInProximity(node) {
            log("\(path) \"\(node.description.name)\": its pen is in proximity; taken once it leaves")
        } else {
            try node.grab()
            tablet.isGrabbed = true
        }
        tablets.append(tablet)
        nodes.append(node)
        busy.remove(path)
        log("relaying \(path) \"\(node.description.name)\" as \(virtual.systemName ?? "a virtual device") \"\(virtualDescription.name)\"")
        return .relayed
    }

    /// True when the node's state (libevdev's, as the kernel reports it) has a tool in proximity.
    private static func toolInProximity(_ node: EvdevNode) -> Bool {
        PenTool.allCases.contains { node.value(type: EvdevCode.EventType.key, code: $0.keyCode) == 1 }
    }

    /// Reads what the node has and relays its whole frames; true when it wrote any.
    private func pump(_ tablet: Relayed) throws -> Bool {
        events.removeAll(keepingCapacity: true)
        try tablet.node.readEvents(into: &events)
        if measuresLatency { lastRead = MonotonicClock.now() }
        guard tablet.isGrabbed else {
            // Still the compositor's: taken once no tool is in proximity (the next frame starts fresh).
            if !Self.toolInProximity(tablet.node) {
                try tablet.node.grab()
                tablet.isGrabbed = true
                log("\(tablet.node.path): the pen left proximity; taken")
            }
            return false
        }
        var wrote = false
        for event in events {
            tablet.frame.append(event)
            guard event.isFrameEnd else { continue }
            output.removeAll()
            if tablet.pen != nil {
                if let deadline = tablet.pen?.nextDeadline, deadline < event.microseconds { tablet.pen?.advance(to: deadline, into: &output) }
                tablet.pen?.relay(tablet.frame[...], into: &output)
                try deliver(output, of: tablet)
                wrote = wrote || !output.pen.isEmpty
            } else {
                padEvents.removeAll(keepingCapacity: true)
                tablet.pad?.relay(tablet.frame[...], into: &output, events: &padEvents)
                if !output.pad.isEmpty { try tablet.virtual.write(output.pad) }
                wrote = wrote || !output.pad.isEmpty
                if !padEvents.isEmpty { act(onPadEventsOf: tablet) }
            }
            tablet.frame.removeAll(keepingCapacity: true)
            framesRelayed += 1
        }
        return wrote
    }

    /// A pad's events act through the pens of the same model (a tablet's pen and pad nodes share
    /// its USB ids), which own the session: a tool switch, a key chord.
    private func act(onPadEventsOf pad: Relayed) {
        let model = ModelID(pad.node.description)
        for pen in tablets where pen.pen != nil && pen.failure == nil && ModelID(pen.node.description) == model {
            output.removeAll()
            for event in padEvents {
                // A held-back press due before the pad's event is decided first.
                let time = Int64((event.time * 1_000_000).rounded())
                if let deadline = pen.pen?.nextDeadline, deadline < time { pen.pen?.advance(to: deadline, into: &output) }
                pen.pen?.handle(event, into: &output)
            }
            do {
                try deliver(output, of: pen)
            } catch {
                pen.failure = error  // the pen's own failure: it is let go, not the pad
            }
        }
    }

    /// "relayed N frames; readable → written p50 … µs …; read → written p50 … µs …" (`quill service --stats`).
    public var statisticsText: String {
        var text = "relayed \(framesRelayed) frames"
        func percentiles(_ values: [Double]) -> String {
            let sorted = values.sorted()
            let p50 = sorted[sorted.count / 2], p99 = sorted[min(sorted.count - 1, sorted.count * 99 / 100)]
            return "p50 \(Self.microseconds(p50)) µs, p99 \(Self.microseconds(p99)) µs, max \(Self.microseconds(sorted[sorted.count - 1])) µs"
        }
        guard !latencies.isEmpty else { return text }
        text += "; added latency: node readable → virtual tablet written \(percentiles(latencies)), of which events read → written \(percentiles(relayLatencies)), over \(latencies.count) reads"
        return text
    }

    private static func microseconds(_ seconds: Double) -> String { String(Double(Int((seconds * 10_000_000).rounded())) / 10) }

    /// The virtual keyboard for the key chords bound, the virtual pointer when a button scrolls:
    /// made (again when what they must send changed), or removed when nothing needs them.
    private func makeKeyboardAndPointer() throws {
        // What every profile may need too: a profile switch never waits for a device to be made.
        let all = [preferences] + preferences.profiles.keys.map { preferences.preferences(forApp: $0) }
        let keys = VirtualTablet.keyboard(for: all.flatMap { Array($0.keyChords.values) })
        if keys?.codes != keyboard?.description.codes {
            keyboard = try keys.map { try UinputDevice($0) }
            if keyboard != nil {
                log("virtual keyboard \(keyboard?.systemName ?? "") for the key chords: \(preferences.keyChords.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))")
            }
        }
        let wheels = all.lazy.compactMap { VirtualTablet.pointer(for: $0) }.first
        if (wheels == nil) != (pointer == nil) {
            pointer = try wheels.map { try UinputDevice($0) }
            if pointer != nil {
                log("virtual pointer \(pointer?.systemName ?? "") for scrolling with \(preferences.penButtons.filter { $0.value == .scroll }.map { PenButtonAction.name(of: $0.key) }.sorted().joined(separator: ", "))")
            }
        }
    }

    /// The preferences file changed: the new preferences for every pen relayed (each from its
    /// next idle frame), the virtual keyboard and pointer as they need; a file that cannot be used
    /// is said and the preferences before it stay.
    private func apply(_ change: Result<PencilPreferences, PreferencesFile.Failure>) {
        switch change {
        case .failure(let failure):
            log("\(failure); the preferences before it stay")
        case .success(let changed):
            preferences = changed
            var applied = 0
            for tablet in tablets where tablet.pen != nil {
                do {
                    try tablet.pen?.update(preferences: effective)
                    applied += 1
                } catch {
                    log("\(tablet.node.path): \(error); its preferences before stay")
                }
            }
            do {
                try makeKeyboardAndPointer()
            } catch {
                log("\(error)")
            }
            log("preferences changed (\(preferencesPath ?? "")): applied to \(applied) pen\(applied == 1 ? "" : "s")")
        }
    }

    /// What the focus source sent: a focus change applied; a source that is gone is let go (the
    /// person's own preferences from then on), never polled again.
    private func pollFocus() {
        do {
            if try focus?.drain() == true { refreshFocus() }
        } catch {
            log("focus: \(error); the person's own preferences in every app from now on")
            focus = nil
            refreshFocus(to: nil)
        }
    }

    /// The focus moved: the focused app's preferences (its profile over the person's) for every
    /// pen, when they differ from those in force.
    private func refreshFocus() {
        guard let focus else { return }
        refreshFocus(to: focus.focusedApp())
    }

    private func refreshFocus(to app: String?) {
        guard app != focusedApp else { return }
        let before = effective
        focusedApp = app
        let now = effective
        guard now != before else { return }
        for tablet in tablets where tablet.pen != nil {
            do {
                try tablet.pen?.update(preferences: now)
            } catch {
                log("\(tablet.node.path): \(error); the preferences before stay")
            }
        }
        let profile = app.flatMap { name in preferences.profiles.keys.first { $0.lowercased() == name.lowercased() } }
        log("focus: \(app ?? "no app") — \(profile.map { "its profile \"\($0)\"" } ?? "the person's own preferences")")
    }

    /// Writes the relay's output to the virtual devices and says what the gestures did.
    private func deliver(_ output: RelayOutput, of tablet: Relayed) throws {
        if !output.pen.isEmpty { try tablet.virtual.write(output.pen) }
        if !output.keyboard.isEmpty, let keyboard { try keyboard.write(output.keyboard) }
        if !output.pointer.isEmpty, let pointer { try pointer.write(output.pointer) }
        for outcome in output.outcomes where outcome.isRecognizedGesture {
            if case .squeeze(let phase) = outcome.gesture, phase != .began { continue }
            let chord = TabletRelay.chordName(of: outcome).flatMap { effective.keyChords[$0] }
            let did = outcome.toolBefore != outcome.toolAfter ? "\(outcome.toolBefore) → \(outcome.toolAfter)" : chord.map { "sent \($0)" } ?? "nothing (no key chord bound)"
            log("\(Self.name(of: outcome.gesture)) → \(outcome.action?.name ?? "custom"): \(outcome.action == .ignore ? "ignored" : did)")
        }
    }

    private static func name(of gesture: GestureEvent.Kind) -> String {
        switch gesture {
        case .doubleTap: return "double tap"
        case .squeeze: return "squeeze"
        case let .padButton(number): return "pad button \(number)"
        case let .puckButton(name): return name
        case .padDial: return "ring or strip"
        case .button, .eraserEnd: return "button"
        }
    }

    private func stop(_ tablet: Relayed) {
        tablet.node.ungrab()
    }

    /// Every grab released; the virtual devices go with their values.
    private func stopAll() {
        for tablet in tablets { stop(tablet) }
        if !tablets.isEmpty { log("released \(tablets.map(\.node.path).joined(separator: ", ")); virtual devices removed") }
        tablets.removeAll()
        nodes.removeAll()
        keyboard = nil
        pointer = nil
    }
}

/// The service cannot relay a node.
public struct ServiceError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(message: String) { self.message = message }
    public var description: String { message }
}
