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

    @Flag(help: "Print sample-read → frame latency percentiles and the visible gap (pen → ink's end at each frame, with and without prediction) on exit.")
    var stats = false

    @Option(name: .customLong("gap-frames"), help: "Write each frame's visible gap as JSON Lines to this file on exit: t (s), speed_mm_s, gap_mm, gap_without_prediction_mm, lead_mm, lead_without_prediction_mm (tablet mm).")
    var gapFrames: String?

    @Option(help: "Prediction horizon in seconds, 0.008 … 0.034: the time from a sample's read to when its frame shows (about one refresh on a display).")
    var horizon: Double = 1.0 / 60

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
                handwritingLanguage: handwritingLanguage, prediction: PredictionParameters(horizon: horizon))
            let drawing = try open.map { try DrawingFile.read($0) }
            canvasWindow = try makeWindow(options: options, parameters: tablet.parameters(), drawing: drawing)
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
        if let gapFrames { writeGapFrames(model.visibleGap, to: gapFrames) }
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
            func number(_ value: Double?) -> String { value.map { String(format: "%.3f", $0) } ?? "null" }
            let latency = record.latency_ms
            Console.warning("latency (sample read → frame painted), \(latency.samples) samples: p50 \(number(latency.p50)) ms, p99 \(number(latency.p99)) ms")
            let gap = record.visible_gap_mm
            func text(_ p: CanvasSummaryRecord.Percentiles) -> String {
                "p50 \(number(p.p50)), p90 \(number(p.p90)), p99 \(number(p.p99)), max \(number(p.max)) mm"
            }
            let moment = gap.presentation_delay_ms == 0 ? "painted" : "painted + \(gap.presentation_delay_ms) ms"
            Console.warning("visible gap (pen → ink's end when the frame is \(moment), tablet mm), \(gap.with_prediction.count) frames: "
                + "with prediction \(text(gap.with_prediction)); without \(text(gap.without_prediction)); "
                + "at 80–120 mm/s (\(gap.at_80_120_mm_s.with_prediction.count) frames): with \(text(gap.at_80_120_mm_s.with_prediction)), without \(text(gap.at_80_120_mm_s.without_prediction)); "
                + "pen speed p50 \(number(gap.pen_speed_mm_s.p50)) mm/s; \(gap.unresolved_frames) frames unresolved")
        }
        return JSONLineEncoder().line(record)
    }

    /// Each measured frame of the visible gap as a JSON line (``VisibleGapFrameRecord``), its time
    /// from the first measured frame.
    private func writeGapFrames(_ meter: VisibleGapMeter, to path: String) {
        let start = meter.frames.first?.time ?? 0
        var bytes: [UInt8] = []
        let encoder = JSONLineEncoder()
        for frame in meter.frames {
            encoder.line(VisibleGapFrameRecord(frame, from: start), appendingTo: &bytes)
            bytes.append(UInt8(ascii: "\n"))
        }
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            Console.error("could not write the visible gap's frames to \(path): \(error)")
        }
    }
}
