import Foundation

/// Where tests write their temporary files: one directory per test process
/// (`$TMPDIR/quill-tests-PID`), removed when the process exits, so no run leaves files behind.
public enum TestScratch {
    /// The directory (created on first use).
    public static let directory: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("quill-tests-\(getpid())", isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: TestScratch.directory) }
        return url
    }()

    /// The directory's path with `/` at the end, as `NSTemporaryDirectory()` gives it.
    public static var path: String { directory.path + "/" }
}
