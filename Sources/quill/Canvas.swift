import ArgumentParser
import Foundation
import QuillCanvas
import QuillCore
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
            E eraser. A double tap, squeeze or pad button acts through the preferences file and \
            never changes the drawing. An unsaved drawing is kept in the autosave file on exit.
            """)

    @Option(help: "Play this recording into the window (evemu or libinput record).")
    var replay: String?

    @Option(name: .customLong("device-file"), help: "With --replay: the device description (evemu .desc) for an event file without a header.")
    var deviceFile: String?

    @Option(help: "Replay speed: 1 is as recorded, 2 twice as fast.")
    var speed: Double = 1

    @Option(help: "A live tablet's event node, e.g. /dev/input/event13.")
    var device: String?

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

    @Option(help: "The system-wide preferences file for gestures (default: $XDG_CONFIG_HOME/quill/preferences.json).")
    var preferences: String?

    enum Backend: String, ExpressibleByArgument { case libinput, evdev }

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
            let options = try CanvasOptions(windowWidth: width, windowHeight: height, ink: inkOptions.makeInk(), hand: hand, preferences: system)
            let drawing = try open.map { try DrawingFile.read($0) }
            canvasWindow = try makeWindow(options: options, parameters: tablet.parameters(), drawing: drawing)
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
        if model.hasUnsavedChanges, !model.recorder.drawing.strokes.isEmpty {
            let path = Self.autosavePath()
            do {
                try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try DrawingFile.write(model.recorder.drawing, to: path)
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
            let node: String
            do {
                node = try TabletFinder.find(device).path
            } catch {
                // No tablet, or no access: the window still draws, with GTK's pointer.
                Console.warning("\(error) — drawing with GTK's pointer instead")
                return try CanvasWindow(options: options, input: .pointer, drawing: drawing, savePath: savePath)
            }
            input = backend == .libinput ? .libinput(nodes: [node]) : .evdev(node: node)
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
        let model = window.model
        let layout = model.layout
        let t = model.documentToWindow
        func box(_ r: Rect) -> [Double] { [r.x, r.y, r.width, r.height] }
        let latencies = window.painter.latencies.sorted()
        func percentile(_ p: Double) -> Double? {
            guard !latencies.isEmpty else { return nil }
            // Milliseconds to the microsecond, as the summary has always given them.
            return (latencies[min(latencies.count - 1, Int(Double(latencies.count) * p))] * 1000).rounded() / 1000
        }
        if stats {
            Console.warning("latency (sample read → frame painted), \(latencies.count) samples: p50 \(percentile(0.5).map { String(format: "%.3f", $0) } ?? "null") ms, p99 \(percentile(0.99).map { String(format: "%.3f", $0) } ?? "null") ms")
        }
        let record = CanvasSummaryRecord(
            input: window.inputDescription, window: [layout.window.width, layout.window.height],
            size_class: .init(horizontal: layout.sizeClass.horizontal.rawValue, vertical: layout.sizeClass.vertical.rawValue),
            palette: .init(docked: layout.palette.isDocked, background: box(layout.palette.background), controls: layout.palette.controls.map(box)),
            safe_area: box(layout.safeAreaRect), canvas: box(layout.canvas), document: [model.document.width, model.document.height],
            document_to_window: [t.scale, t.x, t.y], strokes: model.recorder.drawing.strokes.count, tool: model.interaction.state.current.ink,
            last_feedback: model.feedback?.text, frames: window.painter.frameCount,
            latency_ms: .init(p50: percentile(0.5), p99: percentile(0.99), samples: latencies.count))
        return JSONLineEncoder().line(record)
    }
}

/// The JSON line `quill canvas --screenshot` prints at the end: input, window, size class,
/// palette, safe area, canvas, document (points), strokes, tool, last feedback, frames painted
/// and the latency (sample read → frame painted, milliseconds; null without samples).
struct CanvasSummaryRecord: Encodable {
    struct SizeClass: Encodable {
        var horizontal: String
        var vertical: String
    }
    struct Palette: Encodable {
        var docked: Bool
        var background: [Double]
        var controls: [[Double]]
    }
    struct Latency: Encodable {
        var p50: Double?
        var p99: Double?
        var samples: Int

        func encode(to encoder: any Encoder) throws {
            var row = encoder.container(keyedBy: CodingKeys.self)
            if let p50 { try row.encode(p50, forKey: .p50) } else { try row.encodeNil(forKey: .p50) }
            if let p99 { try row.encode(p99, forKey: .p99) } else { try row.encodeNil(forKey: .p99) }
            try row.encode(samples, forKey: .samples)
        }
        enum CodingKeys: String, CodingKey { case p50, p99, samples }
    }
    var input: String
    var window: [Double]
    var size_class: SizeClass
    var palette: Palette
    var safe_area: [Double]
    var canvas: [Double]
    var document: [Double]
    var document_to_window: [Double]
    var strokes: Int
    var tool: String
    var last_feedback: String?
    var frames: Int
    var latency_ms: Latency

    enum CodingKeys: String, CodingKey {
        case input, window, size_class, palette, safe_area, canvas, document, document_to_window, strokes, tool, last_feedback, frames, latency_ms
    }

    func encode(to encoder: any Encoder) throws {
        var row = encoder.container(keyedBy: CodingKeys.self)
        try row.encode(input, forKey: .input)
        try row.encode(window, forKey: .window)
        try row.encode(size_class, forKey: .size_class)
        try row.encode(palette, forKey: .palette)
        try row.encode(safe_area, forKey: .safe_area)
        try row.encode(canvas, forKey: .canvas)
        try row.encode(document, forKey: .document)
        try row.encode(document_to_window, forKey: .document_to_window)
        try row.encode(strokes, forKey: .strokes)
        try row.encode(tool, forKey: .tool)
        if let last_feedback { try row.encode(last_feedback, forKey: .last_feedback) } else { try row.encodeNil(forKey: .last_feedback) }
        try row.encode(frames, forKey: .frames)
        try row.encode(latency_ms, forKey: .latency_ms)
    }
}
