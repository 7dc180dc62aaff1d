import ArgumentParser
import Foundation
import QuillCore
import QuillGestures
import QuillInput

extension TapSource: ExpressibleByArgument {}

/// `quill gestures FILE`: double taps, squezes and tool-state changes of a recording.
struct Gestures: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replay a recording through the double-tap and squeeze recognizer and print JSON Lines: gestures, tool-state changes and feedback.")

    @OptionGroup var recording: RecordingOptions

    @Option(help: "The system-wide preferences file (default: $XDG_CONFIG_HOME/quill/preferences.json, else ~/.config/quill/preferences.json).")
    var preferences: String?

    @Option(help: "The app's own preferences (custom action, opt-in).")
    var appPreferences: String?

    @Option(help: "The button taps come from: stylus, stylus2 or stylus3.")
    var tapSource: TapSource = .stylus

    @Option(help: "The button held for a squeeze: stylus, stylus2 or stylus3.")
    var squeezeSource: TapSource = .stylus2

    func run() throws {
        let system: PencilPreferences
        let app: AppGesturePreferences
        do {
            system = try PreferencesFile.read(preferences ?? PreferencesFile.systemPath)
            app = try appPreferences.map(PreferencesFile.readApp) ?? AppGesturePreferences()
        } catch {
            Console.error(error)
            throw ExitCode.failure
        }
        let parameters: DoubleTapParameters
        do {
            parameters = try DoubleTapParameters(source: tapSource, squeezeSource: squeezeSource)
        } catch {
            Console.error(error)
            throw ExitCode.failure
        }
        var session = PencilSession(preferences: system, appPreferences: app, parameters: parameters)
        var outcomes: [PencilInteraction.Outcome] = []
        let output = TextOutput()
        defer { output.flush() }
        var lastTime = 0.0
        func write() {
            for outcome in outcomes { for line in GestureOutput.lines(for: outcome) { output.line(line) } }
            outcomes.removeAll(keepingCapacity: true)
        }
        _ = try recording.replayEvents(forPenSamples: false) { events, _ in
            for event in events {
                session.handle(event, into: &outcomes)
                if case .sample(let sample) = event { lastTime = sample.time }
            }
            write()
        }
        session.finish(at: lastTime, into: &outcomes)
        write()
    }
}

/// The JSON Lines of `quill gestures`.
enum GestureOutput {
    static func lines(for outcome: PencilInteraction.Outcome) -> [String] {
        var lines: [String] = []
        let event: String
        var phase = "null"
        switch outcome.gesture {
        case .doubleTap: event = "doubleTap"
        case .squeeze(let squeezePhase):
            event = "squeeze"
            phase = "\"\(squeezePhase.rawValue)\""
        case let .button(source, isPressed): event = isPressed ? "buttonPressed" : "buttonReleased"; phase = "\"\(source.rawValue)\""
        case .eraserEnd(let inProximity): event = inProximity ? "eraserEndIn" : "eraserEndOut"
        case let .padButton(number): event = "padButton"; phase = "\"button \(number)\""
        case let .puckButton(name): event = "puckButton"; phase = "\"\(name)\""
        case let .padDial(number): event = "padDial"; phase = "\"\(number)\""
        }
        let action = outcome.action.map { "\"\($0.name)\"" } ?? (outcome.usedCustomAction ? "\"custom\"" : "null")
        lines.append(line(outcome, event: event, action: action, phase: phase))
        for change in outcome.changes {
            switch change {
            case .toolChanged: lines.append(line(outcome, event: "toolChanged", action: action, phase: "null"))
            case .paletteShown(let palette): lines.append(line(outcome, event: "paletteShown", action: action, phase: "null", extra: ",\"palette\":\"\(palette.rawValue)\""))
            case .paletteHidden(let palette): lines.append(line(outcome, event: "paletteHidden", action: action, phase: "null", extra: ",\"palette\":\"\(palette.rawValue)\""))
            case .shortcutRequested: lines.append(line(outcome, event: "shortcutRequested", action: action, phase: "null"))
            case let .widthChanged(before, after): lines.append(line(outcome, event: "widthChanged", action: action, phase: "null", extra: ",\"width_before\":\(before),\"width_after\":\(after)"))
            }
        }
        if outcome.isRecognizedGesture {
            // Immediate feedback at the recognizing event's time, saying what changed (or that nothing did).
            let message: String
            if outcome.changes.isEmpty {
                message = outcome.action == .ignore ? "\(event) ignored (preferred action: ignore)" : "\(event)"
            } else {
                message = outcome.changes.map(describe).joined(separator: "; ")
            }
            lines.append(line(outcome, event: "feedback", action: action, phase: phase, extra: ",\"message\":\"\(message)\""))
        }
        return lines
    }

    static func describe(_ change: ToolState.Change) -> String {
        switch change {
        case let .toolChanged(before, after): return "tool \(before.ink) → \(after.ink)"
        case .paletteShown(let palette): return "\(palette.rawValue) palette shown"
        case .paletteHidden(let palette): return "\(palette.rawValue) palette hidden"
        case .shortcutRequested: return "system shortcut requested"
        case let .widthChanged(before, after): return "width \(before) → \(after) pt"
        }
    }

    static func line(_ outcome: PencilInteraction.Outcome, event: String, action: String, phase: String, extra: String = "") -> String {
        let pose: String
        if let p = outcome.pose {
            pose = "\"x\":\(p.x),\"y\":\(p.y),\"distance\":\(p.distance),\"altitude\":\(p.altitude),\"azimuth\":\(p.azimuth)"
        } else {
            pose = "\"x\":null,\"y\":null,\"distance\":null,\"altitude\":null,\"azimuth\":null"
        }
        return "{\"t\":\(outcome.time),\"event\":\"\(event)\",\"action\":\(action),\"phase\":\(phase),\"tool_before\":\"\(outcome.toolBefore.ink)\",\"tool_after\":\"\(outcome.toolAfter.ink)\",\(pose)\(extra)}"
    }
}

/// `quill preferences show|set KEY VALUE`.
struct Preferences: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show or set the system-wide pencil preferences (preferredTapAction, preferredSqueezeAction, prefersPencilOnlyDrawing, prefersHoverToolPreview).")

    @Argument(help: "show, or set KEY VALUE.")
    var words: [String]

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
