import Foundation
import QuillGestures
import QuillStroke

/// The preferences files (JSON). System-wide: `$XDG_CONFIG_HOME/quill/preferences.json`, else
/// `~/.config/quill/preferences.json`:
///
///     {"preferredTapAction": "switchEraser", "preferredSqueezeAction": "showContextualPalette",
///      "prefersPencilOnlyDrawing": false, "prefersHoverToolPreview": true,
///      "padButtons": {"0": "switchEraser", "1": "doubleTap", "2": "squeeze"}, "padDialControlsWidth": false}
///
/// `padButtons` binds pad (or puck/lens) buttons by libinput's number to `doubleTap`, `squeeze`
/// or a preferred action; none is bound by default.
/// An app's own file (given with `--app-preferences`): `{"customTapAction": "selectTool:pencil",
/// "optedIn": true}` where the action is `selectTool:INK`, `togglePalette:color|ink-attributes|contextual`
/// or `toggleWidth:POINTS` — mode changes only. A missing file means the defaults.
enum PreferencesFile {
    struct Failure: Error, CustomStringConvertible {
        var path: String
        var key: String?
        var message: String
        var description: String { "\(path)\(key.map { ": key '\($0)'" } ?? ""): \(message)" }
    }

    static var systemPath: String {
        let environment = ProcessInfo.processInfo.environment
        let base = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? (NSHomeDirectory() + "/.config")
        return base + "/quill/preferences.json"
    }

    static let keys = ["preferredTapAction", "preferredSqueezeAction", "prefersPencilOnlyDrawing", "prefersHoverToolPreview", "padButtons", "padDialControlsWidth"]

    /// Reads the system preferences; a missing file gives the defaults.
    static func read(_ path: String) throws -> PencilPreferences {
        guard let object = try object(at: path) else { return PencilPreferences() }
        var preferences = PencilPreferences()
        for (key, value) in object {
            switch key {
            case "preferredTapAction": preferences.preferredTapAction = try action(value, key: key, path: path)
            case "preferredSqueezeAction": preferences.preferredSqueezeAction = try action(value, key: key, path: path)
            case "prefersPencilOnlyDrawing": preferences.prefersPencilOnlyDrawing = try bool(value, key: key, path: path)
            case "prefersHoverToolPreview": preferences.prefersHoverToolPreview = try bool(value, key: key, path: path)
            case "padDialControlsWidth": preferences.padDialControlsWidth = try bool(value, key: key, path: path)
            case "padButtons":
                guard let bindings = value as? [String: Any] else {
                    throw Failure(path: path, key: key, message: "expected an object of button numbers to bindings, e.g. {\"0\": \"switchEraser\"}")
                }
                for (button, name) in bindings {
                    guard let number = Int(button), (0...63).contains(number) else {
                        throw Failure(path: path, key: "padButtons.\(button)", message: "expected a pad button number 0…63")
                    }
                    guard let text = name as? String, let binding = PadBinding(name: text) else {
                        throw Failure(path: path, key: "padButtons.\(button)", message: "unknown binding '\(name)' (expected one of \(PadBinding.names.joined(separator: ", ")))")
                    }
                    preferences.padButtons[number] = binding
                }
            default: throw Failure(path: path, key: key, message: "unknown key (expected one of \(keys.joined(separator: ", ")))")
            }
        }
        return preferences
    }

    /// Reads an app's preferences; a missing file gives none (no custom action).
    static func readApp(_ path: String) throws -> AppGesturePreferences {
        guard let object = try object(at: path) else { return AppGesturePreferences() }
        var preferences = AppGesturePreferences()
        for (key, value) in object {
            switch key {
            case "optedIn": preferences.isCustomActionOptedIn = try bool(value, key: key, path: path)
            case "customTapAction":
                guard let text = value as? String, let custom = customAction(text) else {
                    throw Failure(path: path, key: key, message: "expected selectTool:INK, togglePalette:color|ink-attributes|contextual or toggleWidth:POINTS, found \(value)")
                }
                preferences.customTapAction = custom
            default: throw Failure(path: path, key: key, message: "unknown key (expected customTapAction, optedIn)")
            }
        }
        return preferences
    }

    /// Writes one key of the system preferences, keeping the others.
    static func set(_ key: String, to text: String, path: String) throws {
        var object = try self.object(at: path) ?? [:]
        switch key {
        case "preferredTapAction", "preferredSqueezeAction":
            guard PreferredAction(name: text) != nil else {
                throw Failure(path: path, key: key, message: "unknown action '\(text)' (expected one of \(PreferredAction.allCases.map(\.name).joined(separator: ", ")))")
            }
            object[key] = text
        case _ where key.hasPrefix("padButton."):
            let button = String(key.dropFirst("padButton.".count))
            guard let number = Int(button), (0...63).contains(number) else {
                throw Failure(path: path, key: key, message: "expected padButton.N with a pad button number 0…63")
            }
            var bindings = object["padButtons"] as? [String: Any] ?? [:]
            if text == "none" {
                bindings[String(number)] = nil
            } else {
                guard PadBinding(name: text) != nil else {
                    throw Failure(path: path, key: key, message: "unknown binding '\(text)' (expected none or one of \(PadBinding.names.joined(separator: ", ")))")
                }
                bindings[String(number)] = text
            }
            object["padButtons"] = bindings
        case "prefersPencilOnlyDrawing", "prefersHoverToolPreview", "padDialControlsWidth":
            guard text == "true" || text == "false" else { throw Failure(path: path, key: key, message: "expected true or false, found '\(text)'") }
            object[key] = text == "true"
        default:
            throw Failure(path: path, key: key, message: "unknown key (expected one of \(keys.joined(separator: ", ")), or padButton.N)")
        }
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
        try AtomicFile.write(data, to: path)  // the old preferences stay whole if this fails
    }

    static func json(_ preferences: PencilPreferences) -> String {
        "{\"preferredTapAction\":\"\(preferences.preferredTapAction.name)\",\"preferredSqueezeAction\":\"\(preferences.preferredSqueezeAction.name)\",\"prefersPencilOnlyDrawing\":\(preferences.prefersPencilOnlyDrawing),\"prefersHoverToolPreview\":\(preferences.prefersHoverToolPreview),\"padButtons\":{\(preferences.padButtons.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\"\($0.value.name)\"" }.joined(separator: ","))},\"padDialControlsWidth\":\(preferences.padDialControlsWidth)}"
    }

    // MARK: - Parts

    private static func object(at path: String) throws -> [String: Any]? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Failure(path: path, key: nil, message: "cannot read the file (permission denied?)")
        }
        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw Failure(path: path, key: nil, message: "not valid JSON: \((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)")")
        }
        guard let object = parsed as? [String: Any] else { throw Failure(path: path, key: nil, message: "expected a JSON object") }
        return object
    }

    private static func action(_ value: Any, key: String, path: String) throws -> PreferredAction {
        guard let name = value as? String, let action = PreferredAction(name: name) else {
            throw Failure(path: path, key: key, message: "unknown action '\(value)' (expected one of \(PreferredAction.allCases.map(\.name).joined(separator: ", ")))")
        }
        return action
    }

    private static func bool(_ value: Any, key: String, path: String) throws -> Bool {
        // JSON true/false arrive as booleans (objCType "c"); 0 and 1 are numbers, not accepted.
        guard let number = value as? NSNumber, String(cString: number.objCType) == "c" else {
            throw Failure(path: path, key: key, message: "expected true or false, found \(value)")
        }
        return number.boolValue
    }

    static func customAction(_ text: String) -> AppCustomAction? {
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return nil }
        switch parts[0] {
        case "selectTool": return .selectTool(DrawingTool(ink: parts[1]))
        case "togglePalette": return Palette(rawValue: parts[1]).map { .togglePalette($0) }
        case "toggleWidth": return Double(parts[1]).map { .toggleWidth(points: $0) }
        default: return nil
        }
    }
}
