import ArgumentParser
import Foundation
import QuillCore
import QuillDevices
import QuillInput
import QuillSystem

extension Live {
    /// Says on standard error where the run's clock starts, so its times can be set beside other
    /// CLOCK_MONOTONIC stamps (the kernel's event times, other programs' logs).
    static func announceClock(_ runStart: Int64) {
        FileHandle.standardError.write(Data("quill live: t = 0 s at CLOCK_MONOTONIC \(runStart) µs (one clock for every tablet of the run)\n".utf8))
    }

    /// The libinput path: QuillDevices' ``LibinputSource`` (libinput's tablet-tool and pad events
    /// as samples), this loop only sleeps, writes and reports.
    func runLibinput() throws {
        let parameters = try tablet.parameters()
        // One clock for the run: every device's times are seconds from now (a tablet plugged
        // back in keeps it).
        let runStart = MonotonicClock.microseconds()
        let source: LibinputSource
        do {
            source = try LibinputSource(paths: devices.isEmpty ? nil : devices, parameters: parameters, origin: runStart, catalog: WacomCatalog.loadIfAvailable())
        } catch {
            Console.error(error)
            // libinput 1.22 ignores tablets whose X/Y axes declare no resolution; the raw path reads them.
            for device in devices {
                guard let node = try? EvdevNode(path: device),
                    node.description.axes[EvdevCode.Abs.x]?.resolution ?? 0 == 0 || node.description.axes[EvdevCode.Abs.y]?.resolution ?? 0 == 0
                else { continue }
                Console.error("\(device) declares no resolution for X/Y, which libinput refuses; --backend evdev reads it (with libwacom's size of the model, or 100 units/mm assumed)")
            }
            throw ExitCode.failure
        }
        Live.announceClock(runStart)
        StopSignal.install()
        var emitter = LiveEmitter(emit: emit, measuresLatency: stats)
        var loop = LoopStatistics()
        let started = MonotonicClock.now()
        /// Lets time pass for the gesture recognizers; the seconds until the next deadline, if any.
        func advanceGestures() -> Double? {
            var wait: Double?
            let now = MonotonicClock.microseconds()
            // One clock for every device: any tablet's time is the run's.
            guard let index = source.tabletIndices.first, let time = source.time(ofDevice: index, atMonotonicMicroseconds: now) else { return nil }
            emitter.advance(to: time)
            if let deadline = emitter.nextDeadline { wait = max(0, deadline - time) }
            return wait
        }
        func deliver() {
            while let event = source.nextEvent() {
                if let shared = event.tabletEvent {
                    let mapping: TabletMapping? = if case let .sample(_, mapping) = event { mapping } else { nil }
                    emitter.take(shared, mapping: mapping)
                }
                switch event {
                case let .tabletAdded(added, index, width, height):
                    var settings = ""
                    if added.isLeftHanded { settings += ", left-handed" }
                    if added.calibrationAvailable, !CalibrationMatrix.identity.values.elementsEqual(added.calibration, by: { abs($0 - $1) < 1e-6 }) {
                        settings += ", calibration " + added.calibration.map { String(format: "%g", $0) }.joined(separator: ",")
                    }
                    Console.warning("tablet added: \(added.sysname) \"\(added.name)\" \(width) × \(height) mm (device \(index))\(settings)")
                    if parameters.isLeftHanded, !added.leftHandedAvailable {
                        Console.warning("\(added.sysname): libinput offers no left-handed mode for it (libwacom does not call it reversible); --backend evdev turns it anyway")
                    }
                    if !parameters.calibration.isIdentity, !added.calibrationAvailable {
                        Console.warning("\(added.sysname): libinput offers calibration only for screen tablets (INPUT_PROP_DIRECT); --backend evdev applies it anyway")
                    }
                case let .tabletWithoutSize(added):
                    Console.warning("\(added.sysname) \"\(added.name)\": libinput reports no size; its samples are skipped")
                case let .padAdded(added, index):
                    Console.warning("pad added: \(added.sysname) \"\(added.name)\" (device \(index))")
                    if !devices.isEmpty, emit == .samples || emit == .strokes {  // asked for by --node
                        Console.warning("\(added.sysname) is a pad: it gives pad events, not pen samples (--emit pad streams them)")
                    }
                case let .notATablet(added):
                    Console.warning(
                        "\(added.sysname) \"\(added.name)\" is \(added.isTouch ? "a touchscreen" : "not a tablet") for libinput: it gives no pen samples and no pad events")
                case let .removed(sysname, _, isKnown, _, awaiting):
                    if isKnown { Console.warning("tablet removed: \(sysname)" + (awaiting ? "; waiting for it to come back (Ctrl-C to stop)" : "")) }
                case let .back(node):
                    Console.warning("\(node) is back; reading it again")
                case let .proximityOut(sysname, _, tool, time):
                    Console.warning(String(format: "%@: %@ out of proximity at t=%.3f s", sysname, tool.rawValue, time))
                case let .touchAdded(added, index, width, height):
                    Console.warning("touch device added: \(added.sysname) \"\(added.name)\" \(width) × \(height) mm (device \(index))")
                case .sample, .pad, .touch, .touchFrame:
                    break
                }
            }
        }
        while !StopSignal.isRequested {
            let remaining = duration.map { $0 - (MonotonicClock.now() - started) }
            if let remaining, remaining <= 0 { break }
            // libinput queues events (DEVICE_ADDED first) before its fd turns readable: dispatch,
            // then sleep on its fd until events come, the run ends or a gesture recognizer's next deadline.
            let readable = MonotonicClock.now()
            source.addBack()
            let before = source.toolEventCount
            try source.dispatch()
            let read = source.toolEventCount - before
            if read > 0 { loop.read(read, at: readable) }
            deliver()
            let deadline = advanceGestures()
            emitter.flush(readable: readable)
            if source.lastDispatchCount > 0 { continue }  // more may be queued: dispatch again before sleeping
            let retry: Double? = source.isAwaiting ? 0.2 : nil
            let timeout = [remaining, deadline.map { $0 + 0.000_5 }, retry].compactMap { $0 }.min()
            loop.woke(withEvents: source.wait(timeout: timeout, wakingOn: StopSignal.wakeDescriptors))
        }
        source.finish()
        deliver()
        let end = MonotonicClock.microseconds()
        let lastTime = source.tabletIndices.map { index in
            let last = source.lastSampleTime(ofDevice: index) ?? 0
            return max(last, source.time(ofDevice: index, atMonotonicMicroseconds: end) ?? last)
        }.max() ?? 0
        emitter.finish(at: lastTime)
        var line = "quill live (libinput): \(loop.events) tool events, \(emitter.summary.sampleCount) samples, \(emitter.summary.strokeCount) strokes, \(source.proximityOutCount) proximity-outs in \(String(format: "%.1f", MonotonicClock.now() - started)) s"
        if source.tabletIndices.count > 1 { line += " from \(source.tabletIndices.count) tablets" }
        if stats { line += emitter.latencyText + loop.text }
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
