import ArgumentParser
import QuillCore
import QuillInput

/// `quill pad FILE`: the pad events (ExpressKeys, rings, strips) of a recording.
struct Pad: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the pad events of a recording (buttons, touch rings, touch strips) as JSON Lines.",
        discussion: """
            Fields: t (seconds), device, type (button, ring, strip), number (libinput's numbering), \
            state (pressed/released) for buttons or value for rings (degrees 0–360, 0 at the top, clockwise) \
            and strips (0–1), −1 when the finger leaves; mode_group and mode (a mode-toggle button's press \
            reports the new mode). Mode groups and toggle buttons come from libwacom when it knows the tablet.
            """)

    @OptionGroup var recording: RecordingOptions

    func run() throws {
        let output = TextOutput()
        defer { output.flush() }
        var count = 0
        let replay = try recording.replayEvents(forPenSamples: false) { events, _ in
            for case .pad(let event) in events {
                output.line(PadEventEncoding.jsonLine(for: event))
                count += 1
            }
        }
        output.flush()
        if count == 0 && !replay.deviceClasses.contains(.pad) {
            let classes = replay.devices.enumerated().map { "device \($0.offset) \"\($0.element.name)\": \($0.element.deviceClass.rawValue)" }
            Console.warning("\(recording.file) has no pad device (\(classes.joined(separator: "; "))): no pad events")
        }
    }
}
