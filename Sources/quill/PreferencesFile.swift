import Foundation
import QuillGestures
import QuillStroke

/// `quill preferences set`: one key of the system file written, the others kept (the reading,
/// the checking and the writing are QuillGestures' ``PreferencesFile``, shared with every app).
extension PreferencesFile {
    /// Writes one key of the system preferences, keeping the others: the file is read and checked,
    /// the key set through the same decoder, and the whole written back with every key.
    static func set(_ key: String, to text: String, path: String) throws {
        let preferences = try set(key, to: text, in: read(path), path: path)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try AtomicFile.write(encode(preferences), to: path)  // the old preferences stay whole if this fails
    }
}
