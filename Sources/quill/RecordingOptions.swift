import ArgumentParser
import QuillCore
import QuillInput
import QuillLayout
import QuillSystem

/// Options shared by the commands that replay a recording.
struct RecordingOptions: ParsableArguments {
    @Argument(help: "A recording: evemu (.events, .evemu) or libinput record YAML (.yml); - (or a pipe) for standard input.")
    var file: String

    @Option(
        name: .customLong("device"),
        help: "The device description (an evemu .desc file) of an event file without a header; by default the .desc beside it of its name (D.desc for D.events, D.scenario.events or D-scenario.events).")
    var deviceFile: String?

    @OptionGroup var tablet: TabletOptions

    @Flag(help: "On a read error, keep the samples read before it (the open stroke ends as cancelled) and warn.")
    var keepGoing = false

    func validate() throws {
        if let deviceFile { try DeviceOption.validateDescription(deviceFile) }
    }

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

/// `--device` means one thing wherever a recording is read: a device description, an evemu
/// `.desc` file (header lines `N:`, `I:`, `B:`, `A:`). The iPad or iPhone model of `quill layout`
/// and `quill map` is `--model`.
enum DeviceOption {
    /// Checks that `value` is a readable device description; otherwise a usage error (exit 64)
    /// that names `--device` and, when `value` is a model of `quill layout --list`, says to use
    /// `--model` (an event node: `--node`).
    static func validateDescription(_ value: String, option: String = "--device") throws {
        if value.hasPrefix("/dev/input/") { throw nodeError(value) }
        if DeviceCatalog.all.contains(where: { $0.id == value }) {
            throw ValidationError("\(option) \(value): \(option) is a device description (an evemu .desc file); \"\(value)\" is a model of `quill layout --list`: use --model \(value) with quill layout or quill map")
        }
        do {
            _ = try EvemuReader.readDescription(path: value)
        } catch let error as RecordingError {
            throw ValidationError("\(option) \(value): \(error.message) (\(option) is a device description, an evemu .desc file)")
        }
    }

    /// The usage error for `--device` given to a command whose device is a model (`quill layout`).
    static func modelError(_ value: String) -> ValidationError {
        let known = DeviceCatalog.all.contains { $0.id == value }
        return ValidationError("--device \(value): --device is a device description (an evemu .desc file); the iPad or iPhone model is --model\(known ? ": use --model \(value)" : " (quill layout --list names them)")")
    }
}
