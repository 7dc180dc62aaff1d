import ArgumentParser
import Foundation
import QuillCore
import QuillDevices
import QuillInput
import QuillSystem

/// `quill record`: capture a tablet in the libinput record format.
struct Record: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Capture a tablet's events in the libinput record YAML format, flushing every frame (Ctrl-C or --duration ends it).",
        discussion: "Without --node: the first pen tablet.")

    /// --node, once: default the first pen tablet.
    @OptionGroup var node: NodeOptions

    @Option(name: .shortAndLong, help: "The YAML file to write.")
    var output: String

    @Option(help: "Stop after this many seconds.")
    var duration: Double?

    func validate() throws {
        if node.nodes.count > 1 { throw ValidationError("--node \(node.nodes[1]): quill record captures one tablet: give --node once") }
    }

    func run() throws {
        let session: TabletSession
        do {
            session = try TabletSession(paths: [node.nodes.first], duration: duration)
        } catch let error as ParameterError {
            throw error
        } catch {
            Console.error(error)
            throw ExitCode.failure
        }
        StopSignal.install()
        let node = session.sources[0].tablet.node
        let writer = try LibinputRecordWriter(path: output, deviceCount: 1)
        writer.flushesEveryFrame = true
        try writer.beginDevice(node.description, node: node.path)
        var frame: [InputEvent] = []
        var origin: Int64?
        var count = 0
        loop: while !StopSignal.isRequested && !session.isFinished {
            // Sleeps until events come, Ctrl-C or the end of --duration.
            session.wait(timeout: nil, wakingOn: StopSignal.wakeDescriptors)
            try session.dispatch()
            for var event in session.sources[0].eventsOfLastDispatch {
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
            while let event = session.nextEvent() {
                guard case .deviceRemoved = event else { continue }
                Console.warning("\(node.path): the device was removed; the recording so far is kept in \(output)")
                break loop
            }
        }
        if !frame.isEmpty { try writer.write(frame: frame[...]) }
        try writer.close()
        FileHandle.standardError.write(Data("quill record: \(count) events from \(node.path) written to \(output)\n".utf8))
    }
}
