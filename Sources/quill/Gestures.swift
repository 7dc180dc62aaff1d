import ArgumentParser
import Foundation
import QuillCore
import QuillDrawing
import QuillGestures
import QuillInput
import QuillStroke

extension TapSource: ExpressibleByArgument {}
extension DrawingPolicy: ExpressibleByArgument {}

/// `quill gestures FILE`: double taps, squezes and tool-state changes of a recording.
struct Gestures: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replay a recording through the double-tap and squeeze recognizer and the finger gestures, and print JSON Lines: gestures, tool-state changes and feedback; two- and three-finger taps (undo, redo), pinch, rotate and pan.")

    @OptionGroup var recording: RecordingOptions

    @OptionGroup var pencil: PencilOptions

    @Option(help: "The app's own preferences (custom action, opt-in).")
    var appPreferences: String?

    @Option(help: "Which input draws: default (a finger draws unless prefersPencilOnlyDrawing is set), anyInput, or pencilOnly (one finger pans).")
    var drawingPolicy: DrawingPolicy = .default

    func run() throws {
        let (system, parameters) = try pencil.load()
        let app: AppGesturePreferences
        do {
            app = try appPreferences.map(PreferencesFile.readApp) ?? AppGesturePreferences()
        } catch {
            Console.error(error)
            throw ExitCode.failure
        }
        // The pencil model and, for Scribble's editing gestures over the ink, the drawing: one session.
        var session = DrawingSession(
            ink: try QuillStroke.Ink(type: .pen),
            pencil: PencilSession(preferences: system, appPreferences: app, parameters: parameters, drawingPolicy: drawingPolicy))
        var outcomes: [PencilInteraction.Outcome] = []
        var fingers: [FingerGesture] = []
        let output = TextOutput()
        defer { output.flush() }
        var lastTime = 0.0
        func write() {
            for outcome in outcomes { for line in GestureOutput.lines(for: outcome) { output.line(line) } }
            outcomes.removeAll(keepingCapacity: true)
            for gesture in fingers { if let record = FingerGestureRecord(gesture) { output.line(JSONLineEncoder().line(record)) } }
            fingers.removeAll(keepingCapacity: true)
            for outcome in session.takeEditingOutcomes() { output.record(EditingGestureRecord(outcome)) }
            _ = session.takeChanges()
        }
        _ = try recording.replayEvents(forPenSamples: false) { events, replay in
            for event in events {
                session.handle(event, from: replay, outcomes: &outcomes, fingers: &fingers)
                if let time = event.time { lastTime = max(lastTime, time) }
                write()
            }
        }
        session.finish(at: lastTime, outcomes: &outcomes)
        write()
    }
}

/// An editing gesture over the ink (`quill gestures`): `event` (`scratch-out`, which erased the
/// strokes, or `lasso`, which selects them), `stroke` (the gesture's own stroke id), `strokes` (the
/// ids it acted on, as `quill strokes --emit final` numbers them).
struct EditingGestureRecord: Encodable {
    var event: String
    var stroke: Int
    var strokes: [Int]
    init(_ outcome: DrawingRecorder.EditingOutcome) {
        event = outcome.kind.rawValue
        stroke = outcome.gestureID
        strokes = outcome.strokeIDs
    }
}

/// The JSON Lines of `quill gestures` (``GestureRecord``).
enum GestureOutput {
    static func lines(for outcome: PencilInteraction.Outcome) -> [String] {
        GestureRecord.records(for: outcome).map { JSONLineEncoder().line($0) }
    }
}

/// `quill preferences show|set KEY VALUE`.
struct Preferences: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show or set the system-wide pencil preferences (preferredTapAction, preferredSqueezeAction, prefersPencilOnlyDrawing, prefersHoverToolPreview).")

    @Argument(help: "show (the default), or set KEY VALUE.")
    var words: [String] = ["show"]

    @Option(help: "The preferences file (default: $XDG_CONFIG_HOME/quill/preferences.json).")
    var file: String?

    func run() throws {
        let path = file ?? PreferencesFile.systemPath
        do {
            switch words.first {
            case "show" where words.count == 1:
                print(PreferencesFile.json(try PreferencesFile.read(path)))
            case "set" where words.count == 3:
                try PreferencesFile.set(words[1], to: words[2], path: path)
                print(PreferencesFile.json(try PreferencesFile.read(path)))
            default:
                throw ValidationError("use: quill preferences show | quill preferences set KEY VALUE")
            }
        } catch let error as PreferencesFile.Failure {
            Console.error(error)
            throw ExitCode.failure
        }
    }
}
