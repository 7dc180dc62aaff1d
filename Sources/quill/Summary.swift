import ArgumentParser
import Foundation
import QuillCore
import QuillInput

/// `quill summary FILE`: the demo — replay a recording, print what it holds, write its samples.
struct Summary: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replay a recording, print a short summary (device, tools, strokes, samples, duration, pressure and tilt ranges) and write the samples to a file.")

    @OptionGroup var recording: RecordingOptions

    @Option(name: .shortAndLong, help: "Where to write the samples (JSON Lines; .csv for CSV).")
    var output: String?

    func run() throws {
        let sink = try output.map { try TextOutput(path: $0) }
        let encoding: SampleEncoding = output?.hasSuffix(".csv") == true ? .csv : .jsonl
        if encoding == .csv { sink?.line(SampleEncoding.csvHeader) }
        var summary = SampleSummary()
        var display = try CoalescedSampleGrouper(displayRate: 60)
        var displayEvents: [CoalescedEvent] = []
        var displayEventCount = 0
        var padCounts: [String: Int] = [:]
        let replay = try recording.replayEvents(forPenSamples: false) { events, _ in
            for case .pad(let event) in events { padCounts[event.typeName, default: 0] += 1 }
            for case .sample(let sample) in events {
                summary.add(sample)
                sink?.line(encoding.line(for: sample))
                display.add(sample, into: &displayEvents)
            }
            displayEventCount += displayEvents.count
            displayEvents.removeAll(keepingCapacity: true)
        }
        display.finish(into: &displayEvents)
        displayEventCount += displayEvents.count
        sink?.flush()

        func degrees(_ range: ClosedRange<Double>?) -> String {
            guard let range else { return "—" }
            return "\(format(range.lowerBound * 180 / .pi, 1))° … \(format(range.upperBound * 180 / .pi, 1))°"
        }
        func plain(_ range: ClosedRange<Double>?) -> String {
            guard let range else { return "—" }
            return "\(format(range.lowerBound, 3)) … \(format(range.upperBound, 3))"
        }
        print("recording:  \(recording.file) (\(replay.reader.format.rawValue))")
        for (index, device) in replay.devices.enumerated() {
            var note = "; \(device.deviceClass.rawValue)"
            if let scale = replay.scale(forDevice: index), scale != .declaredResolution { note += "; \(scale.description)" }
            print("device \(index):   \"\(device.name)\" (vendor 0x\(String(device.vendor, radix: 16)), product 0x\(String(device.product, radix: 16))\(note))")
        }
        print("events:     \(replay.eventCount) in \(replay.frameCount) frames\(replay.droppedFrameCount > 0 ? " (\(replay.droppedFrameCount) dropped after SYN_DROPPED)" : "")")
        let tools = summary.toolsSeen.map { "\($0.rawValue) (\(summary.strokesPerTool[$0] ?? 0) strokes, \(summary.samplesPerTool[$0] ?? 0) samples)" }
        print("tools:      \(tools.isEmpty ? "none" : tools.joined(separator: ", "))")
        print("strokes:    \(summary.strokeCount)")
        let phases = PenPhase.allCases.compactMap { phase in summary.phaseCounts[phase].map { "\(phase.rawValue) \($0)" } }
        print("samples:    \(summary.sampleCount)\(phases.isEmpty ? "" : " (\(phases.joined(separator: ", ")))")")
        print("duration:   \(format((summary.timeRange?.upperBound ?? 0) - (summary.timeRange?.lowerBound ?? 0), 3)) s")
        print("pressure:   \(plain(summary.pressureRange)) (normalized, in contact)")
        print("altitude:   \(degrees(summary.altitudeRange))")
        print("azimuth:    \(degrees(summary.azimuthRange))")
        print("distance:   \(plain(summary.distanceRange)) (hovering)")
        let buttons = SampleEncoding.buttonNames(summary.buttonsSeen)
        print("buttons:    \(buttons.isEmpty ? "none pressed" : buttons.joined(separator: ", "))")
        print("display:    \(displayEventCount) events at 60 Hz with coalesced samples")
        if replay.deviceClasses.contains(.pad) {
            let counts = ["button", "ring", "strip"].compactMap { type in padCounts[type].map { "\($0) \(type)" } }
            print("pad:        \(padCounts.values.reduce(0, +)) events (\(counts.isEmpty ? "none" : counts.joined(separator: ", "))); quill pad prints them")
        }
        if let output { print("samples written to \(output)") }
    }

    func format(_ value: Double, _ digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }
}
