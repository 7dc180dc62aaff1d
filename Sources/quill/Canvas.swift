import ArgumentParser
import Foundation
import QuillCanvas
import QuillCore
import QuillHandwriting
import QuillDevices
import QuillGestures
import QuillInput
import QuillLayout
import QuillStroke


/// `quill canvas`: a GTK 4 window to draw in with a tablet, a recording or the pointer.
struct Canvas: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw in a window (GTK 4, Cairo): a live tablet, a recording played back, or the pointer.",
        discussion: """
            Input: --replay FILE, --device NODE, --seat (every tablet libinput finds), or by default \
            the first pen tablet found; without one (or without access to /dev/input) the window \
            draws with GTK's own pointer and stylus events and says so. Keys: Ctrl+Z undo, \
            Ctrl+Shift+Z redo, Ctrl+S save (--save), Ctrl+E export PNG, Delete clear, 1–7 inks, \
            E eraser, Ctrl+scroll zoom about the pointer, Ctrl+0 fit the page. A double tap, squeeze or pad button acts through the preferences file and \
            never changes the drawing. An unsaved drawing is kept in the autosave file on exit.
            """)

    @Option(help: "Play this recording into the window (evemu or libinput record).")
    var replay: String?

    @Option(name: .customLong("device-file"), help: "With --replay: the device description (evemu .desc) for an event file without a header.")
    var deviceFile: String?

    @Option(help: "Replay speed: 1 is as recorded, 2 twice as fast.")
    var speed: Double = 1

    @Option(help: "A live tablet's event node, e.g. /dev/input/event13; again for its touch node (a pen and its touchscreen: palm rejection between them).")
    var device: [String] = []

    @Flag(help: "Every tablet of the udev seat, through libinput (hot-plug included).")
    var seat = false

    @Option(help: "Live reading: libinput (the default) or evdev (Quill's own decoder over libevdev).")
    var backend: Backend = .libinput

    @OptionGroup var inkOptions: InkOptions
    @OptionGroup var tablet: TabletOptions

    @Option(help: "Open this drawing file (.json) on the canvas.")
    var open: String?

    @Option(help: "Where Ctrl+S saves the drawing (default: the --open file, else quill-drawing.json); with --screenshot or --duration it is saved there at the end.")
    var save: String?

    @Option(help: "Window size in points, WIDTHxHEIGHT (each ≥ 320).")
    var window: String = "1024x720"

    @Option(help: "The drawing hand: the floating palette keeps to the other side.")
    var hand: DrawingHand = .right

    @Option(help: "Write the window's content to this PNG at the end and exit: a --replay is played as fast as frames come; a live run ends after --duration.")
    var screenshot: String?

    @Option(help: "Close the window after this many seconds (a live run in a script or test).")
    var duration: Double?

    @Flag(help: "Print sample-read → frame latency percentiles on exit.")
    var stats = false

    @Option(help: "Which input draws: default (a finger draws unless prefersPencilOnlyDrawing is set), anyInput, or pencilOnly (one finger pans).")
    var drawingPolicy: DrawingPolicy = .default

    @Option(help: "The system-wide preferences file for gestures (default: $XDG_CONFIG_HOME/quill/preferences.json).")
    var preferences: String?

    @Option(name: .customLong("text-box"), help: "Put a text box on the page to write in with the pen (Scribble): X,Y,WIDTH,HEIGHT in page points; again for another. Its text is saved with the drawing.")
    var textBoxes: [String] = []

    @Option(help: "What an empty text box says.")
    var placeholder = "Write here"

    @Option(help: "The language handwriting in text boxes is read in: en, ja or zh-Hans.")
    var handwritingLanguage: HandwritingLanguage = .english

    enum Backend: String, ExpressibleByArgument { case libinput, evdev }

    /// The --text-box values as boxes (each X,Y,WIDTH,HEIGHT in page points).
    private func parsedTextBoxes() throws -> [TextBox] {
        try textBoxes.map { value in
            let parts = value.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 4, let x = parts[0], let y = parts[1], let width = parts[2], let height = parts[3] else {
                throw ValidationError("--text-box \(value): expected X,Y,WIDTH,HEIGHT in page points, e.g. 80,80,480,60")
            }
            return TextBox(x: x, y: y, width: width, height: height, placeholder: placeholder, fontSize: min(200, max(4, (height * 0.5).rounded())))
        }
    }

    func run() throws {
        let parts = window.lowercased().split(separator: "x").map { Double($0) }
        guard parts.count == 2, let width = parts[0], let height = parts[1] else {
            Console.error("--window \(window): expected WIDTHxHEIGHT in points, e.g. 1024x720")
            throw ExitCode.failure
        }
        if screenshot != nil, replay == nil, duration == nil {
            Console.error("--screenshot needs --replay FILE or --duration SECONDS (the picture is taken at the end)")
            throw ExitCode.failure
        }
        let canvasWindow: CanvasWindow
        do {
            let system = try PreferencesFile.read(preferences ?? PreferencesFile.systemPath)
            let options = try CanvasOptions(
                windowWidth: width, windowHeight: height, ink: inkOptions.makeInk(), hand: hand, preferences: system, drawingPolicy: drawingPolicy,
                handwritingLanguage: handwritingLanguage)
            let drawing = try open.map { try DrawingFile.read($0) }
            canvasWindow = try makeWindow(options: options, parameters: tablet.parameters(), drawing: drawing)
            for box in try parsedTextBoxes() { try canvasWindow.model.addTextBox(box) }
        } catch {
            Console.error(error)
            throw ExitCode.failure
        }
        canvasWindow.screenshot = screenshot
        canvasWindow.duration = duration
        Console.warning("canvas input: \(canvasWindow.inputDescription)")
        var failure: Error?
        do { try canvasWindow.run() } catch { failure = error }
        if save != nil, screenshot != nil || duration != nil { canvasWindow.save() }
        canvasWindow.messages.forEach { Console.warning($0) }
        let model = canvasWindow.model
        if model.hasUnsavedChanges, !model.recorder.drawing.strokes.isEmpty || !model.textBoxes.isEmpty {
            let path = Self.autosavePath()
            do {
                try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try DrawingFile.write(model.drawingToSave, to: path)
                Console.warning("the unsaved drawing is kept in \(path) (quill canvas --open \(path))")
            } catch {
                Console.error("could not keep the unsaved drawing in \(path): \(error)")
            }
        }
        print(summary(canvasWindow))
        if let failure {
            Console.error(failure)
            throw ExitCode.failure
        }
    }

    private func makeWindow(options: CanvasOptions, parameters: TabletDecoderParameters, drawing: Drawing?) throws -> CanvasWindow {
        let savePath = save ?? open ?? "quill-drawing.json"
        if let replay {
            return try CanvasWindow(options: options, input: .replay(path: replay, description: deviceFile, speed: speed), parameters: parameters, drawing: drawing, savePath: savePath)
        }
        let input: CanvasInput
        if seat {
            input = .libinput(nodes: nil)
        } else {
            let nodes: [String]
            do {
                nodes = try (device.isEmpty ? [nil] : device.map { $0 as String? }).map { try TabletFinder.find($0).path }
            } catch {
                // No tablet, or no access: the window still draws, with GTK's pointer.
                Console.warning("\(error) — drawing with GTK's pointer instead")
                return try CanvasWindow(options: options, input: .pointer, drawing: drawing, savePath: savePath)
            }
            input = backend == .libinput ? .libinput(nodes: nodes) : .evdev(nodes: nodes)
        }
        do {
            return try CanvasWindow(options: options, input: input, parameters: parameters, drawing: drawing, savePath: savePath)
        } catch {
            Console.warning("\(error) — drawing with GTK's pointer instead")
            return try CanvasWindow(options: options, input: .pointer, drawing: drawing, savePath: savePath)
        }
    }

    /// `$XDG_STATE_HOME/quill/canvas-autosave.json` (default `~/.local/state/…`).
    static func autosavePath() -> String {
        let environment = ProcessInfo.processInfo.environment
        let state = environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/state"
        return state + "/quill/canvas-autosave.json"
    }

    /// One JSON line: what the window showed at the end (``CanvasSummaryRecord``).
    private func summary(_ window: CanvasWindow) -> String {
        let record = CanvasSummaryRecord(window)
        if stats {
            let latency = record.latency_ms
            Console.warning("latency (sample read → frame painted), \(latency.samples) samples: p50 \(latency.p50.map { String(format: "%.3f", $0) } ?? "null") ms, p99 \(latency.p99.map { String(format: "%.3f", $0) } ?? "null") ms")
        }
        return JSONLineEncoder().line(record)
    }
}
