#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SystemPackage

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
        guard let info = try? Stat(FilePath(path)) else { return false }
        return info.type != .regular && info.type != .directory
    }

    init(path: String, deviceFile: String?) throws {
        displayName = path == "-" ? "standard input" : path
        let spool = FileManager.default.temporaryDirectory.appendingPathComponent("quill-stdin-\(UUID().uuidString)").path
        self.spool = spool
        let output: FileDescriptor
        do {
            output = try FileDescriptor.open(FilePath(spool), .writeOnly, options: [.create, .exclusiveCreate, .closeOnExec], permissions: [.ownerReadWrite])
        } catch {
            throw RecordingError(file: displayName, line: nil, message: "cannot make a temporary copy to read it (\(spool): \(error))")
        }
        defer { try? output.close() }
        let input: FileDescriptor
        if path == "-" {
            input = .standardInput
        } else {
            do {
                input = try FileDescriptor.open(FilePath(path), .readOnly, options: [.closeOnExec])
            } catch {
                try? FileManager.default.removeItem(atPath: spool)
                throw RecordingError(file: displayName, line: nil, message: (error as? Errno) == .permissionDenied ? "cannot open for reading (permission denied?)" : "cannot open for reading (\(error))")
            }
        }
        defer { if path != "-" { try? input.close() } }
        // Everything, until the writer closes it.
        do {
            var chunk = [UInt8](repeating: 0, count: 1 << 20)
            while true {
                let count = try chunk.withUnsafeMutableBytes { try input.read(into: $0) }
                if count == 0 { break }
                try output.writeAll(chunk[..<count])
            }
        } catch {
            try? FileManager.default.removeItem(atPath: spool)
            throw RecordingError(file: displayName, line: nil, message: "reading failed: \(error)")
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
