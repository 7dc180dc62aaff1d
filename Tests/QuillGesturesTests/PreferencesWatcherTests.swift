import Foundation
import QuillGestures
import QuillTestSupport
import Testing

/// A running service notices its preferences file change (issue 39: settings apply without a restart).
struct PreferencesWatcherTests {
    @Test func aChangeIsSeenOnceAndABadFileIsSaidOnce() throws {
        let directory = TestScratch.directory.appendingPathComponent("watcher-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("preferences.json").path
        try Data(#"{"preferredTapAction": "ignore"}"#.utf8).write(to: URL(fileURLWithPath: path))
        var watcher = PreferencesWatcher(path: path)
        #expect(watcher.check() == nil, "what is there at the start is already applied")
        // Changed: the new preferences, once.
        try Data(#"{"preferredTapAction": "switchPrevious"}"#.utf8).write(to: URL(fileURLWithPath: path))
        let changed = try #require(try watcher.check()?.get())
        #expect(changed.preferredTapAction == .switchPrevious)
        #expect(watcher.check() == nil)
        // The same bytes written again: no change.
        try Data(#"{"preferredTapAction": "switchPrevious"}"#.utf8).write(to: URL(fileURLWithPath: path))
        #expect(watcher.check() == nil)
        // A bad file: its failure once, naming the key.
        try Data(#"{"preferredTapAction": "undo"}"#.utf8).write(to: URL(fileURLWithPath: path))
        guard case .failure(let failure)? = watcher.check() else { Issue.record("a bad file was not said"); return }
        #expect(failure.key == "preferredTapAction" && failure.path == path)
        #expect(watcher.check() == nil)
        // Removed: the defaults.
        try FileManager.default.removeItem(atPath: path)
        #expect(try watcher.check()?.get() == PencilPreferences())
        // A directory where the file was: said once.
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        guard case .failure? = watcher.check() else { Issue.record("a directory was not said"); return }
        #expect(watcher.check() == nil)
    }
}
