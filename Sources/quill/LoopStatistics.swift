import Foundation
import QuillSystem

/// What `--stats` reports about a live loop besides latency: how often it woke from its sleep and
/// how often nothing was readable (a deadline, the end of the run, Ctrl-C) — a loop that spins
/// shows here — and the rate events arrived at while they came, with the CPU time spent per event.
struct LoopStatistics {
    private(set) var wakes = 0
    private(set) var wakesWithoutEvents = 0
    /// Events read (raw events on the evdev path, tool events through libinput).
    private(set) var events = 0
    private var firstRead: Double?
    private var lastRead: Double?
    private var eventsAfterFirstRead = 0

    mutating func woke(withEvents: Bool) {
        wakes += 1
        if !withEvents { wakesWithoutEvents += 1 }
    }

    /// `count` events were read now (monotonic seconds).
    mutating func read(_ count: Int, at time: Double) {
        guard count > 0 else { return }
        if firstRead == nil { firstRead = time } else { eventsAfterFirstRead += count }
        events += count
        lastRead = time
    }

    /// Seconds of CPU (user + system) this process has used.
    static func processorSeconds() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// "; woke N times (M without events); R events/s while they came, C µs CPU per event".
    var text: String {
        var text = "; woke \(wakes) times (\(wakesWithoutEvents) without events)"
        if let firstRead, let lastRead, lastRead > firstRead {
            // The events of the first read arrived before it: the rate counts those after it.
            text += String(format: "; %.0f events/s while they came", Double(eventsAfterFirstRead) / (lastRead - firstRead))
        }
        if events > 0 { text += String(format: ", %.1f µs CPU per event", LoopStatistics.processorSeconds() / Double(events) * 1e6) }
        return text
    }
}
