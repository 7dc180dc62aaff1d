import SystemPackage

/// Reads a file line by line in fixed-size chunks, so memory stays flat for any file size.
final class LineReader {
    let path: String
    private let descriptor: FileDescriptor
    private var buffer: [UInt8] = []
    private var start = 0
    private var isAtEnd = false
    /// 1-based number of the line last returned.
    private(set) var lineNumber = 0
    /// True when the last line returned had no newline at its end (the file may be truncated).
    private(set) var lastLineWasUnterminated = false
    private static let chunkSize = 1 << 16

    /// Opens `path`; throws ``RecordingError`` naming the file when it cannot be opened.
    init(path: String) throws {
        self.path = path
        let info: Stat
        do {
            info = try Stat(FilePath(path))
        } catch {
            throw RecordingError(file: path, line: nil, message: error == .noSuchFileOrDirectory ? "no such file" : "cannot open for reading (\(error))")
        }
        guard info.type != .directory else {
            throw RecordingError(file: path, line: nil, message: "is a directory, expected a recording file")
        }
        do {
            descriptor = try FileDescriptor.open(FilePath(path), .readOnly, options: [.closeOnExec])
        } catch {
            throw RecordingError(file: path, line: nil, message: (error as? Errno) == .permissionDenied ? "cannot open for reading (permission denied?)" : "cannot open for reading (\(error))")
        }
    }

    deinit { try? descriptor.close() }

    /// The next line without its newline, or nil at the end of the file.
    func nextLine() throws -> Substring? {
        try nextLineBytes().map { Substring(decoding: $0, as: UTF8.self) }
    }

    /// The next line's bytes without the newline (a view into the reader's buffer: use it before
    /// the next call), or nil at the end of the file.
    func nextLineBytes() throws -> ArraySlice<UInt8>? {
        while true {
            if let newline = buffer[start...].firstIndex(of: 0x0A) {
                let line = buffer[start..<newline]
                start = newline + 1
                lineNumber += 1
                return line
            }
            if isAtEnd {
                guard start < buffer.count else { return nil }
                let line = buffer[start...]
                start = buffer.count
                lineNumber += 1
                lastLineWasUnterminated = true
                return line
            }
            if start > 0 {
                buffer.removeFirst(start)
                start = 0
            }
            // Read into the buffer's own tail (its capacity is kept: no allocation per chunk).
            let kept = buffer.count
            buffer.append(contentsOf: repeatElement(0, count: LineReader.chunkSize))
            let count: Int
            do {
                count = try buffer.withUnsafeMutableBytes { bytes in
                    try descriptor.read(into: UnsafeMutableRawBufferPointer(rebasing: bytes[kept...]))
                }
            } catch {
                buffer.removeLast(LineReader.chunkSize)
                throw RecordingError(file: path, line: lineNumber + 1, message: "read failed: \(error)")
            }
            buffer.removeLast(LineReader.chunkSize - count)
            if count == 0 { isAtEnd = true }
        }
    }
}
