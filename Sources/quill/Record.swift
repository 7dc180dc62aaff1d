import ArgumentParser
import Foundation
import QuillCore
import QuillDevices
import QuillInput
import QuillSystem

/// `quill record`: capture a tablet in the libinput record format.
struct Record: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Capture a tablet's events in the libinput record YAML format, flushing every frame (Ctrl-C or --duration ends it).")

    @Option(help: "The event node, e.g. /dev/input/event13 (default: the first pen tablet).")
    var device: String?

    @Option(name: .shortAndLong, help: "The YAML file to write.")
    var output: String

    @Option(help: "Stop after this many seconds.")
    var duration: Double?

    func run() throws {
        let node: EvdevNode
        do { node = try TabletFinder.find(device) } catch { Console.error(error); throw ExitCode.failure }
        StopSignal.install()
        let writer = try LibinputRecordWriter(path: output, deviceCount: 1)
        writer.flushesEveryFrame = true
        try writer.beginDevice(node.description, node: node.path)
        let started = MonotonicClock.now()
        var events: [InputEvent] = []
        var frame: [InputEvent] = []
        var origin: Int64?
        var count = 0
        loop: while !StopSignal.isRequested {
            let remaining = duration.map { $0 - (MonotonicClock.now() - started) }
            if let remaining, remaining <= 0 { break }
            do {
                // Sleeps until events come, Ctrl-C or the end of --duration.
                let readiness = try EvdevNode.wait(for: [node], timeout: remaining, wakingOn: StopSignal.wakeDescriptors)
                if readiness[0] == .gone { throw EvdevNodeError(path: node.path, operation: "poll", errno: ENODEV) }
                guard readiness[0] == .readable else { continue }
                events.removeAll(keepingCapacity: true)
                try node.readEvents(into: &events)
            } catch let error as EvdevNodeError where error.isGone {
                Console.warning("\(error); the recording so far is kept in \(output)")
                break loop
            }
            for var event in events {
                if origin == nil { origin = event.microseconds }
                // Held within ±30 years: a node's bytes out of step never trap the recorder.
                event.microseconds = LiveTablet.relativeTime(event.microseconds, from: origin ?? 0)
                frame.append(event)
                count += 1
                if event.isFrameEnd {
                    try writer.write(frame: frame[...])
                    frame.removeAll(keepingCapacity: true)
                }
            }
        }
        if !frame.isEmpty { try writer.write(frame: frame[...]) }
        try writer.close()
        FileHandle.standardError.write(Data("quill record: \(count) events from \(node.path) written to \(output)\n".utf8))
    }
}
