import ArgumentParser
import Foundation
import QuillCanvas
import QuillCore
import QuillHandwriting
import QuillGestures
import QuillInput
import QuillLayout
import QuillStroke

/// `quill canvas`: a GTK 4 window to draw in with a tablet, a recording or the pointer.
struct Canvas: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw in a window (GTK 4, Cairo): a live tablet, a recording played back, or the pointer.",
        discussion: """
            Input: --replay FILE, --node NODE, --seat (every tablet libinput finds), or by default \
            the first pen tablet found; without one (or without access to /dev/input) the window \
            draws with GTK's own pointer and stylus events and says so. Keys: Ctrl+Z undo, \
            Ctrl+Shift+Z redo, Ctrl+S save (--save), Ctrl+E export PNG, Delete clear, 1–7 inks, \
            E eraser, Ctrl+scroll zoom about the pointer, Ctrl+0 fit the page. A double tap, squeeze or pad button acts through the preferences file and \
            never changes the drawing. An unsaved drawing is kept in the autosave file on exit.
            """)

    @Option(help: "Play this recording into the window (evemu or libinput record).")
    var replay: String?

    @Option(name: .customLong("device"), help: "With --replay: the device description (evemu .desc) of an event file without a header; by default the .desc beside it of its name.")
    var deviceFile: String?

    @Option(help: "Replay speed: 1 is as recorded, 2 twice as fast.")
    var speed: Double = 1

    @Option(name: .customLong("node"), help: "A live tablet's event node, e.g. /dev/input/event13; again for its touch node (a pen and its touchscreen: palm rejection between them).")
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

    @Flag(help: "Print sample-read → frame latency percentiles and the visible gap (pen → ink's end at each frame, with and without prediction) on exit.")
    var stats = false

    @Option(name: .customLong("gap-frames"), help: "Write each frame's visible gap as JSON Lines to this file on exit: t (s), speed_mm_s, gap_mm, gap_without_prediction_mm, lead_mm, lead_without_prediction_mm (tablet mm).")
    var gapFrames: String?

    @Option(help: "Prediction horizon in seconds, 0.008 … 0.034: the time from a sample's read to when its frame shows (default 1/60 s, one refresh at 60 Hz).")
    var horizon: Double?

    @Option(name: .customLong("presentation-delay"), help: "Milliseconds from a frame's paint end to when it shows, for the visible gap (default 0: the paint end).")
    var presentationDelay: Double = 0

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

    func validate() throws { _ = try deviceFile.map { try DeviceOption.validateDescription($0) } }

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
                handwritingLanguage: handwritingLanguage, prediction: PredictionParameters(horizon: horizon ?? PredictionParameters.defaultHorizon))
            let drawing = try open.map { try DrawingFile.read($0) }
            let request: CanvasWindow.InputRequest = replay.map { .replay(path: $0, description: deviceFile, speed: speed) }
                ?? (seat ? .seat : .nodes(device, evdev: backend == .evdev))
            canvasWindow = try CanvasWindow.open(
                request, options: options, parameters: tablet.parameters(), drawing: drawing, savePath: save ?? open ?? "quill-drawing.json", warn: { Console.warning($0) })
            for box in try parsedTextBoxes() { try canvasWindow.model.addTextBox(box) }
        } catch {
            Console.error(error)
            throw ExitCode.failure
        }
        guard presentationDelay.isFinite, presentationDelay >= 0 else {
            Console.error("--presentation-delay \(presentationDelay): expected milliseconds ≥ 0")
            throw ExitCode.failure
        }
        canvasWindow.painter.presentationDelay = presentationDelay / 1000
        canvasWindow.screenshot = screenshot
        canvasWindow.duration = duration
        Console.warning("canvas input: \(canvasWindow.inputDescription)")
        var failure: Error?
        do { try canvasWindow.run() } catch { failure = error }
        canvasWindow.close(saving: save != nil && (screenshot != nil || duration != nil), gapFrames: gapFrames) { $0.isError ? Console.error($0.text) : Console.warning($0.text) }
        let record = CanvasSummaryRecord(canvasWindow)
        if stats { record.statisticsLines.forEach { Console.warning($0) } }
        print(JSONLineEncoder().line(record))
        if let failure {
            Console.error(failure)
            throw ExitCode.failure
        }
    }
}
