import ArgumentParser
import Foundation
import QuillCore
import QuillGestures
import QuillInput
import QuillRender
import QuillStroke

/// `quill render FILE -o OUT`: the strokes of a recording (or a drawing file) as a picture.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw the strokes of a recording, or of a drawing file (.json), to PNG, SVG or PDF with Cairo.",
        discussion: "Strokes of the pen, pencil, brush and airbrush ends are inked; strokes of the eraser end erase (--eraser bitmap|vector).")

    @OptionGroup var recording: RecordingOptions
    @OptionGroup var inkOptions: InkOptions

    @Option(name: .shortAndLong, help: "The picture to write: .png, .svg or .pdf.")
    var output: String

    @Option(help: "How the eraser end erases: bitmap (only what it touches) or vector (whole strokes).")
    var eraser: DrawingRecorder.EraserKind = .bitmap

    @Option(help: "Also write the drawing (strokes, inks, points) as JSON to this file.")
    var saveDrawing: String?

    @Option(help: "Pixels per point for PNG.")
    var scale: Double = 1

    @Option(help: "Cut the page to the strokes plus this margin in points (default: the whole canvas).")
    var crop: Double?

    @Flag(help: "Ignore double taps and squeezes (by default a double tap with switchEraser makes the next strokes erase).")
    var noGestures = false

    @Option(help: "The system-wide preferences file for gestures (default: $XDG_CONFIG_HOME/quill/preferences.json).")
    var preferences: String?

    func run() throws {
        let drawing: Drawing
        if recording.file.lowercased().hasSuffix(".json") {
            drawing = try DrawingFile.read(recording.file)
        } else {
            let ink = try inkOptions.makeInk()
            var recorder: DrawingRecorder?
            let system: PencilPreferences
            do { system = try PreferencesFile.read(preferences ?? PreferencesFile.systemPath) } catch { Console.error(error); throw ExitCode.failure }
            var session = PencilSession(preferences: system)
            var outcomes: [PencilInteraction.Outcome] = []
            _ = try recording.replayEvents { events, replay in
                for event in events {
                    if !noGestures {
                        session.handle(event, into: &outcomes)
                        outcomes.removeAll(keepingCapacity: true)
                    }
                    guard case .sample(let sample) = event else { continue }
                    if recorder == nil, let mapping = replay.mapping(forDevice: sample.deviceIndex) {
                        recorder = DrawingRecorder(ink: ink, mapping: mapping, eraser: eraser)
                    }
                    // A double tap to the eraser makes the pen end erase: a mode, never content.
                    recorder?.add(session.inking(sample))
                }
            }
            recorder?.finish()
            guard let made = recorder?.drawing else {
                Console.error("\(recording.file): no pen samples to draw")
                throw ExitCode.failure
            }
            drawing = made
        }
        do {
            try DrawingRenderer.render(drawing, to: output, scale: scale, cropMargin: crop)
            if let saveDrawing { try DrawingFile.write(drawing, to: saveDrawing) }
        } catch {
            Console.error(error)
            throw ExitCode.failure
        }
        print("wrote \(output): \(drawing.strokes.count) strokes, \(drawing.strokes.reduce(0) { $0 + $1.path.points.count }) points")
    }
}

/// `quill plot FILE -o OUT`: pressure, altitude, azimuth and speed over time.
struct Plot: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Plot pressure, altitude, azimuth and speed over time (PNG, SVG or PDF, with Cairo).")

    @OptionGroup var recording: RecordingOptions

    @Option(name: .shortAndLong, help: "The plot to write: .png, .svg or .pdf.")
    var output: String

    func run() throws {
        var samples: [PenSample] = []
        let replay = try recording.replay { batch, _ in samples.append(contentsOf: batch) }
        let name = replay.devices.first?.name ?? recording.file
        do {
            try SamplePlot.render(samples, title: "\(name) — \(URL(fileURLWithPath: recording.file).lastPathComponent)", to: output)
        } catch {
            Console.error(error)
            throw ExitCode.failure
        }
        print("wrote \(output): \(samples.count) samples")
    }
}
