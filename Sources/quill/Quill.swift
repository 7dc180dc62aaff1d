import ArgumentParser
import QuillCore

/// `quill`: Apple-Pencil-style pen input from Linux tablets and their recordings.
@main
struct Quill: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quill",
        abstract: "Apple-Pencil-style pen samples from Linux tablets and their recordings (evemu, libinput record).",
        version: QuillVersion.string,
        subcommands: [Summary.self, Samples.self, Info.self, Convert.self, Strokes.self, Shapes.self, Recognize.self, Render.self, Plot.self, Devices.self, Live.self, Record.self, LayoutCommand.self, MapCommand.self, Gestures.self, Preferences.self, Pad.self, Touches.self, Canvas.self, Service.self])
}
