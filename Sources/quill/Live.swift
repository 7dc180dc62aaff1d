import ArgumentParser
import Foundation
import QuillCore
import QuillDevices
import QuillGestures
import QuillInput
import QuillStroke
import QuillSystem

/// `quill live`: the whole pipeline on a real tablet.
struct Live: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the pipeline on a live tablet and stream JSON Lines (samples) until Ctrl-C; then close open strokes and print a summary.",
        discussion: "Without --node: the first pen tablet (evdev), or every tablet of the udev seat (--backend libinput).")

    /// --node: default the first pen tablet; with --backend libinput every tablet of the udev seat.
    @OptionGroup var node: NodeOptions
    var devices: [String] { node.nodes }

    @OptionGroup var tablet: TabletOptions

    @Option(help: "Stop after this many seconds.")
    var duration: Double?

    @Flag(help: "Print latency statistics (event readable → sample written) in the summary.")
    var stats = false

    enum Backend: String, ExpressibleByArgument, CaseIterable { case evdev, libinput }

    enum Emit: String, ExpressibleByArgument, CaseIterable { case samples, strokes, gestures, pad, touches }

    @Option(help: "What to stream: samples (as quill samples), strokes (as quill strokes --emit smoothed), gestures (as quill gestures, the pen's and the fingers'), pad (the pad's buttons, rings and strips, as quill pad) or touches (the fingers of touch nodes, as quill touches).")
    var emit: Emit = .samples

    @Option(help: "evdev: raw events through libevdev and Quill's decoder (identical to replaying a recording); libinput: libinput's own tablet events (udev seat, or the --node node).")
    var backend: Backend = .evdev

    func run() throws {
        if backend == .libinput { return try runLibinput() }
        let parameters = try tablet.parameters()
        let session: TabletSession
        do {
            // One clock for the run: every tablet's times are seconds from its start.
            session = try TabletSession(paths: devices.isEmpty ? [nil] : devices, parameters: parameters, duration: duration)
        } catch let error as ParameterError {
            throw error
        } catch {
            Console.error(error)
            throw ExitCode.failure
        }
        Live.announceClock(session.origin)
        StopSignal.install()
        var emitter = LiveEmitter(emit: emit, measuresLatency: stats)
        var loop = LoopStatistics()
        var proximityOuts = 0, forcedOuts = 0
        let started = MonotonicClock.now()
        // What one dispatch gave goes to the emitter, with a word on standard error for what the
        // person should know (a pad asked for samples, an unplug, a return, libinput's timer).
        func deliver(readable: Double) {
            while let event = session.nextEvent() {
                emitter.take(event, mapping: session.mapping(forDevice: event.device))
                switch event {
                case let .deviceAdded(device, deviceClass, _):
                    if deviceClass == .pad, emit == .samples || emit == .strokes {
                        Console.warning("\(session.path(ofDevice: device) ?? "device \(device)") is a pad: it gives pad events, not pen samples (--emit pad streams them)")
                    }
                case let .proximityOut(device, _, time, isForced):
                    proximityOuts += 1
                    if isForced {
                        forcedOuts += 1
                        Console.warning(String(format: "%@: pen forced out of proximity at t=%.3f s: %.0f ms without events (libinput's timer)",
                            session.path(ofDevice: device) ?? "", time, parameters.proximityTimeout * 1000))
                    }
                case let .deviceRemoved(device, _):
                    // Unplugged: the open stroke ended as cancelled; the run goes on (and reads the
                    // other tablets) and waits for it to come back.
                    Console.warning("\(session.path(ofDevice: device) ?? "device \(device)"): the device was removed; waiting for it to come back (Ctrl-C to stop)")
                case let .deviceBack(device, _):
                    Console.warning("\(session.path(ofDevice: device) ?? "device \(device)") is back; reading it again")
                case .sample, .pad, .proximityIn, .touch, .touchFrame:
                    break
                }
            }
            emitter.advance(to: session.now)
            emitter.flush(readable: readable)
        }
        deliver(readable: MonotonicClock.now())
        while !StopSignal.isRequested && !session.isFinished {
            // Sleep until events arrive, Ctrl-C, the run ends, a gesture recognizer's next deadline,
            // libinput's proximity timer of a silent hovering pen or the next look for an unplugged
            // tablet; nothing else wakes the loop.
            let gestureWait = emitter.nextDeadline.map { max(0, $0 - session.now + 0.000_5) }
            let woke = session.wait(timeout: gestureWait, wakingOn: StopSignal.wakeDescriptors)
            loop.woke(withEvents: woke)
            let readable = MonotonicClock.now()
            try session.dispatch()
            if session.eventsRead > 0 { loop.read(session.eventsRead, at: readable) }
            deliver(readable: readable)
        }
        session.finish()
        deliver(readable: MonotonicClock.now())
        // The run ends now: what waits for time (a squeeze hold) has had all of it.
        emitter.finish(at: session.now)
        let count = session.sources.count
        var line = "quill live: \(loop.events) events, \(emitter.summary.sampleCount) samples, \(emitter.summary.strokeCount) strokes, \(proximityOuts) proximity-outs (\(forcedOuts) forced) in \(String(format: "%.1f", MonotonicClock.now() - started)) s"
        if count > 1 { line += " from \(count) tablets" }
        if stats { line += emitter.latencyText + loop.text }
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
