import Foundation

/// A recording that is not a regular file — standard input (`-`), a pipe, a FIFO, `/dev/stdin` —
/// read completely into a temporary file first, so its format is found from its content and it is
/// read exactly as the same bytes from a file would be. Messages name the stream, not the copy.
final class SpooledRecording: RecordingReader {
    private let inner: RecordingReader
    private let spool: String
    /// What the person gave: "-" reads as "standard input".
    let displayName: String

    /// True when `path` must be spooled: "-", or something that exists and is not a regular file
    /// or a directory (a pipe, a FIFO, a character device such as /dev/stdin).
    static func isStream(_ path: String) -> Bool {
        if path == "-" { return true }
        // stat(2) follows links: /dev/stdin → /proc/self/fd/0 → the pipe itself.
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        let type = info.st_mode & S_IFMT
        return type != S_IFREG && type != S_IFDIR
    }

    init(path: String, deviceFile: String?) throws {
        displayName = path == "-" ? "standard input" : path
        let spool = FileManager.default.temporaryDirectory.appendingPathComponent("quill-stdin-\(UUID().uuidString)").path
        self.spool = spool
        guard FileManager.default.createFile(atPath: spool, contents: nil), let output = FileHandle(forWritingAtPath: spool) else {
            throw RecordingError(file: displayName, line: nil, message: "cannot make a temporary copy to read it (\(spool))")
        }
        defer { try? output.close() }
        let input: FileHandle
        if path == "-" {
            input = FileHandle.standardInput
        } else {
            guard let handle = FileHandle(forReadingAtPath: path) else {
                throw RecordingError(file: displayName, line: nil, message: "cannot open for reading (permission denied?)")
            }
            input = handle
        }
        // Everything, until the writer closes it.
        do {
            while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty { try output.write(contentsOf: chunk) }
        } catch {
            try? FileManager.default.removeItem(atPath: spool)
            throw RecordingError(file: displayName, line: nil, message: "reading failed: \(error.localizedDescription)")
        }
        do {
            inner = try SpooledRecording.rename(spool, to: path == "-" ? "standard input" : path) {
                switch try RecordingFormat.detect(path: spool) {
                case .evemu: return try EvemuReader(path: spool, deviceFile: deviceFile)
                case .libinputRecord: return try LibinputRecordReader(path: spool)
                }
            }
        } catch {
            try? FileManager.default.removeItem(atPath: spool)
            throw error
        }
        // The reader holds the copy open; its name can go now.
        try? FileManager.default.removeItem(atPath: spool)
    }

    /// Runs `body`, naming the stream instead of its copy in a RecordingError.
    private static func rename<T>(_ spool: String, to name: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch var error as RecordingError where error.file == spool {
            error.file = name
            throw error
        }
    }

    var path: String { displayName }
    var format: RecordingFormat { inner.format }
    var timeOrigin: Int64? { inner.timeOrigin }

    func next() throws -> RecordingItem? {
        try SpooledRecording.rename(spool, to: displayName) { try inner.next() }
    }

    var warnings: [RecordingWarning] {
        inner.warnings.map { warning in
            var renamed = warning
            if renamed.file == spool { renamed.file = displayName }
            return renamed
        }
    }
}
