import Foundation

/// The person's gesture preferences as a JSON file, read as every app of the system reads them.
///
/// System-wide: `$XDG_CONFIG_HOME/quill/preferences.json`, else `~/.config/quill/preferences.json`:
///
///     {"preferredTapAction": "switchEraser", "preferredSqueezeAction": "showContextualPalette",
///      "prefersPencilOnlyDrawing": false, "prefersHoverToolPreview": true,
///      "padButtons": {"0": "switchEraser", "1": "doubleTap", "2": "squeeze"}, "padDialControlsWidth": false,
///      "puckButtons": {"BTN_SIDE": "doubleTap"}}
///
/// `padButtons` binds pad buttons by libinput's number (0 … 63), `puckButtons` a puck's or lens
/// cursor's buttons by libevdev name (`BTN_LEFT` … `BTN_EXTRA`), to `doubleTap`, `squeeze` or a
/// preferred action; none is bound by default. An app's own file:
/// `{"customTapAction": "selectTool:pencil", "optedIn": true}` where the action is
/// `selectTool:INK`, `togglePalette:color|ink-attributes|contextual` or `toggleWidth:POINTS`
/// (0.5 … 80) — mode changes only. A missing file means the defaults. A file is untrusted input:
/// anything else is refused with the file, the key and what was expected.
public enum PreferencesFile {
    /// A preferences file that cannot be used.
    public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        public var path: String
        /// The key at fault (e.g. `padButtons.3`), nil for the whole file.
        public var key: String?
        public var message: String
        public init(path: String, key: String?, message: String) {
            self.path = path
            self.key = key
            self.message = message
        }
        public var description: String { "\(path)\(key.map { ": key '\($0)'" } ?? ""): \(message)" }
    }

    /// `$XDG_CONFIG_HOME/quill/preferences.json`, else `~/.config/quill/preferences.json`.
    public static var systemPath: String {
        let environment = ProcessInfo.processInfo.environment
        let base = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? (NSHomeDirectory() + "/.config")
        return base + "/quill/preferences.json"
    }

    /// The keys of the system file.
    public static let keys = ["preferredTapAction", "preferredSqueezeAction", "prefersPencilOnlyDrawing", "prefersHoverToolPreview", "padButtons", "padDialControlsWidth", "puckButtons"]

    /// Widths a `toggleWidth:POINTS` custom action may give, in points: 0.5 … 80 (the inks' range).
    public static let customWidthRange = 0.5...80.0

    /// Reads the system preferences at `path`; a missing file gives the defaults.
    public static func read(_ path: String) throws -> PencilPreferences {
        guard let object = try jsonObject(at: path) else { return PencilPreferences() }
        return try preferences(from: object, path: path)
    }

    /// The system preferences in `data` (the contents of the file `path` names, for messages).
    public static func decode(_ data: Data, path: String) throws -> PencilPreferences {
        try preferences(from: parse(data, path: path), path: path)
    }

    /// Reads an app's preferences; a missing file gives none (no custom action).
    public static func readApp(_ path: String) throws -> AppGesturePreferences {
        guard let object = try jsonObject(at: path) else { return AppGesturePreferences() }
        return try appPreferences(from: object, path: path)
    }

    /// An app's preferences in `data`.
    public static func decodeApp(_ data: Data, path: String) throws -> AppGesturePreferences {
        try appPreferences(from: parse(data, path: path), path: path)
    }

    /// The preferences as one line of JSON with every key (what `quill preferences show` prints).
    public static func json(_ preferences: PencilPreferences) -> String {
        "{\"preferredTapAction\":\"\(preferences.preferredTapAction.name)\",\"preferredSqueezeAction\":\"\(preferences.preferredSqueezeAction.name)\",\"prefersPencilOnlyDrawing\":\(preferences.prefersPencilOnlyDrawing),\"prefersHoverToolPreview\":\(preferences.prefersHoverToolPreview),\"padButtons\":{\(preferences.padButtons.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\"\($0.value.name)\"" }.joined(separator: ","))},\"padDialControlsWidth\":\(preferences.padDialControlsWidth),\"puckButtons\":{\(preferences.puckButtons.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\"\($0.value.name)\"" }.joined(separator: ","))}}"
    }

    /// A custom action's text (`selectTool:INK`, `togglePalette:NAME`, `toggleWidth:POINTS`), or
    /// nil when it is none of them or its width is not a number of points in ``customWidthRange``.
    public static func customAction(_ text: String) -> AppCustomAction? {
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return nil }
        switch parts[0] {
        case "selectTool": return parts[1].isEmpty ? nil : .selectTool(DrawingTool(ink: parts[1]))
        case "togglePalette": return Palette(rawValue: parts[1]).map { .togglePalette($0) }
        case "toggleWidth":
            guard let width = Double(parts[1]), customWidthRange.contains(width) else { return nil }
            return .toggleWidth(points: width)
        default: return nil
        }
    }

    /// The file's top-level JSON object, or nil when there is no file.
    public static func jsonObject(at path: String) throws -> [String: Any]? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Failure(path: path, key: nil, message: "cannot read the file (permission denied?)")
        }
        return try parse(data, path: path)
    }

    // MARK: - Parts

    private static func parse(_ data: Data, path: String) throws -> [String: Any] {
        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw Failure(path: path, key: nil, message: "not valid JSON: \((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)")")
        }
        guard let object = parsed as? [String: Any] else { throw Failure(path: path, key: nil, message: "expected a JSON object") }
        return object
    }

    /// A JSON object of buttons to binding names (`padButtons`, `puckButtons`): each button read by
    /// `button` (its key, or what it expects), each binding a ``PadBinding`` name.
    private static func bindings<Button: Hashable>(
        _ value: Any, key: String, path: String, example: String, button: (String) -> Result<Button, BindingKeyError>
    ) throws -> [Button: PadBinding] {
        guard let object = value as? [String: Any] else {
            throw Failure(path: path, key: key, message: "expected an object of buttons to binding names, e.g. \(example)")
        }
        var bindings: [Button: PadBinding] = [:]
        for (name, bound) in object.sorted(by: { $0.key < $1.key }) {
            let parsed: Button
            switch button(name) {
            case let .success(found): parsed = found
            case let .failure(error): throw Failure(path: path, key: "\(key).\(name)", message: error.expected)
            }
            guard let text = bound as? String, let binding = PadBinding(name: text) else {
                throw Failure(path: path, key: "\(key).\(name)", message: "unknown binding '\(bound)' (expected one of \(PadBinding.names.joined(separator: ", ")))")
            }
            bindings[parsed] = binding
        }
        return bindings
    }

    /// What a binding's button key should have been.
    struct BindingKeyError: Error {
        let expected: String
        init(_ expected: String) { self.expected = expected }
    }

    private static func preferences(from object: [String: Any], path: String) throws -> PencilPreferences {
        var preferences = PencilPreferences()
        for (key, value) in object.sorted(by: { $0.key < $1.key }) {
            switch key {
            case "preferredTapAction": preferences.preferredTapAction = try action(value, key: key, path: path)
            case "preferredSqueezeAction": preferences.preferredSqueezeAction = try action(value, key: key, path: path)
            case "prefersPencilOnlyDrawing": preferences.prefersPencilOnlyDrawing = try bool(value, key: key, path: path)
            case "prefersHoverToolPreview": preferences.prefersHoverToolPreview = try bool(value, key: key, path: path)
            case "padDialControlsWidth": preferences.padDialControlsWidth = try bool(value, key: key, path: path)
            case "padButtons":
                let bindings = try Self.bindings(value, key: key, path: path, example: "{\"0\": \"switchEraser\"}") { button in
                    Int(button).flatMap { (0...63).contains($0) ? $0 : nil }.map { .success($0) } ?? .failure(BindingKeyError("expected a pad button number 0…63"))
                }
                preferences.padButtons.merge(bindings) { $1 }
            case "puckButtons":
                let bindings = try Self.bindings(value, key: key, path: path, example: "{\"BTN_SIDE\": \"doubleTap\"}") { button in
                    PencilPreferences.puckButtonNames.contains(button)
                        ? .success(button) : .failure(BindingKeyError("expected a puck button, one of \(PencilPreferences.puckButtonNames.joined(separator: ", "))"))
                }
                preferences.puckButtons.merge(bindings) { $1 }
            default: throw Failure(path: path, key: key, message: "unknown key (expected one of \(keys.joined(separator: ", ")))")
            }
        }
        return preferences
    }

    private static func appPreferences(from object: [String: Any], path: String) throws -> AppGesturePreferences {
        var preferences = AppGesturePreferences()
        for (key, value) in object.sorted(by: { $0.key < $1.key }) {
            switch key {
            case "optedIn": preferences.isCustomActionOptedIn = try bool(value, key: key, path: path)
            case "customTapAction":
                guard let text = value as? String, let custom = customAction(text) else {
                    throw Failure(path: path, key: key, message: "expected selectTool:INK, togglePalette:color|ink-attributes|contextual or toggleWidth:POINTS (0.5 … 80), found \(value)")
                }
                preferences.customTapAction = custom
            default: throw Failure(path: path, key: key, message: "unknown key (expected customTapAction, optedIn)")
            }
        }
        return preferences
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
}
