import ArgumentParser
import QuillCore
import QuillInput
import QuillSystem

/// Options shared by the commands that replay a recording.
struct RecordingOptions: ParsableArguments {
    @Argument(help: "A recording: evemu (.events, .evemu) or libinput record YAML (.yml); - (or a pipe) for standard input.")
    var file: String

    @Option(name: .customLong("device"), help: "The device description (evemu .desc) for an event file without a header.")
    var deviceFile: String?

    @OptionGroup var tablet: TabletOptions

    @Flag(help: "On a read error, keep the samples read before it (the open stroke ends as cancelled) and warn.")
    var keepGoing = false

    func parameters() throws -> TabletDecoderParameters {
        try tablet.parameters()
    }

    func openReplay() throws -> SampleReplay {
        try SampleReplay(path: file, deviceFile: deviceFile, parameters: parameters(), catalog: WacomCatalog.loadIfAvailable())
    }

    /// Replays the recording, handing each batch of pen samples to `body` (see ``replayEvents(forPenSamples:_:)``).
    func replay(forPenSamples: Bool = true, _ body: ([PenSample], SampleReplay) throws -> Void) throws -> SampleReplay {
        var samples: [PenSample] = []
        samples.reserveCapacity(16)
        return try replayEvents(forPenSamples: forPenSamples) { events, replay in
            samples.removeAll(keepingCapacity: true)
            events.appendSamples(to: &samples)
            if !samples.isEmpty { try body(samples, replay) }
        }
    }

    /// Replays the recording, handing each batch of events (a frame's, or a device's description)
    /// to `body`. Reports warnings; on an error either stops (exit 1) or, with --keep-going,
    /// closes open strokes and warns. `forPenSamples`: the command wants pen samples, so a pad in
    /// the recording is named in a warning (its events are pad events: `quill pad` prints them).
    func replayEvents(forPenSamples: Bool = true, _ body: ([TabletEvent], SampleReplay) throws -> Void) throws -> SampleReplay {
        let replay: SampleReplay
        do {
            replay = try openReplay()
        } catch {
            Console.error(error)
            throw ExitCode.failure
        }
        var events: [TabletEvent] = []
        events.reserveCapacity(16)
        do {
            while try replay.nextEvents(into: &events) {
                try body(events, replay)
                events.removeAll(keepingCapacity: true)
            }
        } catch let error as RecordingError {
            guard keepGoing else {
                try body(events, replay)
                replay.warnings.forEach(Console.warning)
                Console.error(error)
                throw ExitCode.failure
            }
            replay.cancel(into: &events)
            try body(events, replay)
            replay.warnings.forEach(Console.warning)
            Console.warning("\(error) — kept the \(replay.eventCount) events read before it (--keep-going)")
            return replay
        }
        replay.warnings.forEach(Console.warning)
        if replay.eventCount == 0 {
            Console.warning("\(file): no events after the device description: nothing was recorded")
        }
        if forPenSamples, !replay.deviceClasses.contains(.pen) {  // a pen beside the pad gives the samples
            for (index, deviceClass) in replay.deviceClasses.enumerated() where deviceClass == .pad {
                Console.warning(
                    "\(file): device \(index) \"\(replay.deviceNames[index])\" is a pad (class: pad): it gives pad events, not pen samples — `quill pad` prints them")
            }
        }
        return replay
    }
}
