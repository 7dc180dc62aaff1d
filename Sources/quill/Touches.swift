import ArgumentParser
import QuillCore
import QuillInput

/// `quill touches FILE`: the finger touches of a recording's touch nodes, palm rejection applied.
struct Touches: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the finger touches of a recording's touchscreens and touchpads as JSON Lines, with palm rejection.",
        discussion: """
            Fields: t (seconds), device, id (seat-wide touch number), slot, tracking_id, phase (began, moved, \
            ended, cancelled), tool (finger), x_mm, y_mm (on the touch surface), x, y (canvas points), direct \
            (true for a touchscreen); major_mm, minor_mm (contact size) and pressure only when the node reports \
            them; rejected: "palm" on a touch that palm rejection cancelled or ignored. In a recording of a \
            tablet's pen and touch nodes the pen arbitrates its touches as libinput 1.22 does.
            """)

    @OptionGroup var recording: RecordingOptions

    func run() throws {
        let output = TextOutput()
        defer { output.flush() }
        var count = 0
        let encoder = JSONLineEncoder()
        let replay = try recording.replayEvents(forPenSamples: false) { events, _ in
            for case .touch(let touch) in events {
                output.line(encoder.line(TouchRecord(touch)))
                count += 1
            }
        }
        output.flush()
        let classes = replay.deviceClasses
        if count == 0 && !classes.contains(.touchscreen) && !classes.contains(.touchpad) {
            let list = replay.devices.enumerated().map { "device \($0.offset) \"\($0.element.name)\": \($0.element.deviceClass.rawValue)" }
            Console.warning("\(recording.file) has no touch device (\(list.joined(separator: "; "))): no touches")
        }
    }
}
