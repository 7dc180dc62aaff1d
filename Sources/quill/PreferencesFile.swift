import Foundation
import QuillGestures
import QuillStroke

/// `quill preferences set`: one key of the system file written, the others kept (the reading is
/// QuillGestures' ``PreferencesFile``, shared with every app).
extension PreferencesFile {
    /// Writes one key of the system preferences, keeping the others.
    static func set(_ key: String, to text: String, path: String) throws {
        var object = try jsonObject(at: path) ?? [:]
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
            try bind(String(number), to: text, in: "padButtons", of: &object, key: key, path: path)
        case _ where key.hasPrefix("puckButton."):
            let button = String(key.dropFirst("puckButton.".count))
            guard PencilPreferences.puckButtonNames.contains(button) else {
                throw Failure(path: path, key: key, message: "expected puckButton.NAME with one of \(PencilPreferences.puckButtonNames.joined(separator: ", "))")
            }
            try bind(button, to: text, in: "puckButtons", of: &object, key: key, path: path)
        case "prefersPencilOnlyDrawing", "prefersHoverToolPreview", "padDialControlsWidth":
            guard text == "true" || text == "false" else { throw Failure(path: path, key: key, message: "expected true or false, found '\(text)'") }
            object[key] = text == "true"
        default:
            throw Failure(path: path, key: key, message: "unknown key (expected one of \(keys.joined(separator: ", ")), or padButton.N, puckButton.NAME)")
        }
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
        try AtomicFile.write(data, to: path)  // the old preferences stay whole if this fails
    }

    /// Binds `button` in the bindings object `list` (`padButtons`, `puckButtons`) to the binding
    /// named `text`, or removes it for `none`.
    private static func bind(_ button: String, to text: String, in list: String, of object: inout [String: Any], key: String, path: String) throws {
        var bindings = object[list] as? [String: Any] ?? [:]
        if text == "none" {
            bindings[button] = nil
        } else {
            guard PadBinding(name: text) != nil else {
                throw Failure(path: path, key: key, message: "unknown binding '\(text)' (expected none or one of \(PadBinding.names.joined(separator: ", ")))")
            }
            bindings[button] = text
        }
        object[list] = bindings
    }
}
