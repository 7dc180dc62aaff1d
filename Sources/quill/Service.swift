import ArgumentParser
import Foundation
import QuillCore
import QuillDesktop
import QuillGestures
import QuillInput
import QuillService
import QuillStroke
import QuillSystem

/// `quill service`: a virtual tablet in front of every app, with the person's preferences.
struct Service: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Put a virtual tablet between each pen tablet and every app (grab + uinput) with the person's double tap, squeeze and key chords applied; --check says what is missing; --replay FILE --output OUT.events is a dry run.",
        discussion: """
            Live: every pen tablet (hot-plug included), or the --node nodes, is grabbed (EVIOCGRAB) and relayed to \
            a virtual tablet "Quill virtual: NAME" through /dev/uinput until Ctrl+C or SIGTERM; the grab is released and the virtual devices removed on every exit. --replay FILE plays a recording as if live: with --output, \
            the virtual tablet's description and events are written as an evemu recording (quill samples reads it); \
            without, they go to a virtual tablet at the recording's pace.
            """)

    @OptionGroup var node: NodeOptions  // default: every pen tablet, hot-plug included

    @OptionGroup var pencil: PencilOptions

    @Option(help: "A pressure curve for every tool of the virtual tablet in place of the preferences' (penPressure): x1,y1,x2,y2 in percent, 0,0,100,100 linear.")
    var pressureCurve: String?

    @Flag(help: "Smooth the virtual tablet's positions with the stroke engine's smoother (off by default); the tablet is then named \"Quill smoothed: NAME\", for which Tools/ship/install --libinput-quirks turns libinput's own smoothing off.")
    var smooth = false

    @Flag(help: "At the end, print the frames relayed and the added latency (a node readable → the virtual tablet written): p50, p99, max.")
    var stats = false

    @Flag(help: "Say whether this machine lets the service run (uinput, access, the input group) and what each binding does, then exit.")
    var check = false

    @Option(help: "Play a recording as if it were a live tablet (a dry run with --output).")
    var replay: String?

    @Option(help: "With --replay: write the virtual tablet as an evemu recording here instead of to uinput (its pad, if the recording has one, to OUT-pad.events; key chords, if any, to OUT-keyboard.events; a barrel button's scrolling to OUT-pointer.events).")
    var output: String?

    func validate() throws {
        if output != nil && replay == nil { throw ValidationError("--output needs --replay FILE (it writes what the replay would send to the virtual tablet)") }
        if let output, [".yml", ".yaml"].contains(where: output.lowercased().hasSuffix) {
            throw ValidationError("--output writes evemu text (what `quill convert` reads back): name it .events, not \((output as NSString).lastPathComponent)")
        }
        if replay != nil && !node.nodes.isEmpty { throw ValidationError("--replay plays a recording: --node is for live tablets") }
    }

    func run() throws {
        let (system, parameters) = try pencil.load()
        let options: RelayOptions
        do {
            options = RelayOptions(pressureCurve: try pressureCurve.map { try PressureCurve(parsing: $0) }, smoothing: smooth ? .defaults : nil)
        } catch {
            Console.error(error)
            throw ExitCode.failure
        }
        if check { return try runCheck(system, parameters) }
        do {
            if let replay {
                try runReplay(replay, system, parameters, options)
            } else {
                try runLive(system, parameters, options)
            }
        } catch let error as ExitCode {
            throw error
        } catch {
            Console.error(error)
            throw ExitCode.failure
        }
    }

    private func runCheck(_ preferences: PencilPreferences, _ parameters: DoubleTapParameters) throws {
        let findings = ServiceCheck.machine()
        for finding in findings { print("\(finding.ok ? "ok     " : "missing") \(finding.check): \(finding.detail)") }
        print("bindings (\(pencil.preferencesPath)):")
        for line in ServiceCheck.bindings(preferences, parameters: parameters) { print("  \(line)") }
        if findings.contains(where: { !$0.ok }) { throw ExitCode(1) }
    }

    private func runLive(_ preferences: PencilPreferences, _ parameters: DoubleTapParameters, _ options: RelayOptions) throws {
        StopSignal.install()
        let service = TabletService(
            requested: node.nodes, preferences: preferences, parameters: parameters, options: options, catalog: WacomCatalog.loadIfAvailable(), preferencesPath: pencil.preferencesPath,
            log: { FileHandle.standardError.write(Data("quill service: \($0)\n".utf8)) })
        service.measuresLatency = stats
        service.notifier = SystemdNotifier.fromEnvironment()
        service.focus = (SwayFocus.fromEnvironment() as (any FocusSource)?) ?? X11Focus.fromEnvironment()  // sway: Xwayland too
        defer { if stats { FileHandle.standardError.write(Data("quill service: \(service.statisticsText)\n".utf8)) } }
        try service.run(wakingOn: StopSignal.wakeDescriptors) { StopSignal.isRequested }
    }

    private func runReplay(_ path: String, _ preferences: PencilPreferences, _ parameters: DoubleTapParameters, _ options: RelayOptions) throws {
        let relay = try RecordingRelay(path: path, preferences: preferences, parameters: parameters, options: options, catalog: WacomCatalog.loadIfAvailable())
        var output = RelayOutput()
        guard let outputPath = self.output else {
            // At the recording's pace, into uinput.
            StopSignal.install()
            let pen = try UinputDevice(relay.virtualDevice)
            let pad = try relay.virtualPad.map { try UinputDevice($0) }
            let keyboard = try relay.keyboard.map { try UinputDevice($0) }
            let pointer = try relay.pointer.map { try UinputDevice($0) }
            FileHandle.standardError.write(Data("quill service: playing \(path) into \(pen.systemName ?? "a virtual tablet") \"\(relay.virtualDevice.name)\"\n".utf8))
            var origin: (recording: Int64, clock: Double)?
            while !StopSignal.isRequested, try relay.next(into: &output) {
                if let time = output.pen.last?.microseconds ?? output.pad.last?.microseconds ?? output.keyboard.last?.microseconds {
                    let start = origin ?? (time, MonotonicClock.now())
                    origin = start
                    let wait = start.clock + Double(time - start.recording) / 1_000_000 - MonotonicClock.now()
                    if wait > 0 { _ = try EvdevNode.wait(for: [], timeout: wait, wakingOn: StopSignal.wakeDescriptors) }
                }
                try pen.write(output.pen)
                if let pad { try pad.write(output.pad) }
                if let keyboard { try keyboard.write(output.keyboard) }
                if let pointer { try pointer.write(output.pointer) }
                output.removeAll()
            }
            return
        }
        // The virtual tablet to OUT, its pad, keyboard and pointer (when there are) beside it.
        func file(_ description: DeviceDescription, _ path: String) throws -> TextOutput {
            let file = try TextOutput(path: path)
            file.text(EvemuWriter.header(of: description))
            return file
        }
        let stem = (outputPath as NSString).deletingPathExtension
        let targets: [(device: DeviceDescription?, path: String, events: KeyPath<RelayOutput, [InputEvent]>)] = [
            (relay.virtualDevice, outputPath, \.pen), (relay.virtualPad, stem + "-pad.events", \.pad),
            (relay.keyboard, stem + "-keyboard.events", \.keyboard), (relay.pointer, stem + "-pointer.events", \.pointer),
        ]
        let files = try targets.map { target in try target.device.map { try file($0, target.path) } }
        var counts = [Int](repeating: 0, count: targets.count)
        while try relay.next(into: &output) {
            for (index, target) in targets.enumerated() {
                for event in output[keyPath: target.events] { files[index]?.text(EvemuWriter.line(event)) }
                counts[index] += output[keyPath: target.events].count
            }
            output.removeAll()
        }
        for file in files { file?.flush() }
        for warning in relay.warnings { Console.warning(warning) }
        for (index, target) in targets.enumerated() {
            if let device = target.device { print("wrote \(target.path): \(counts[index]) events of \(index == 0 ? "the virtual tablet " : "")\"\(device.name)\"") }
        }
    }
}
