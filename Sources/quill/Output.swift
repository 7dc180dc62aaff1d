import Foundation
import QuillInput

/// Buffered text output to a file handle (stdout by default).
final class TextOutput {
    private let handle: FileHandle
    private var buffer: [UInt8] = []

    init(handle: FileHandle = .standardOutput) {
        self.handle = handle
        buffer.reserveCapacity(1 << 16)
    }

    /// Creates (or replaces) the file at `path`.
    convenience init(path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            throw RecordingError(file: path, line: nil, message: "cannot create the output file")
        }
        self.init(handle: handle)
    }

    func line(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        buffer.append(0x0A)
        if buffer.count >= 1 << 16 { flush() }
    }

    func flush() {
        guard !buffer.isEmpty else { return }
        try? handle.write(contentsOf: Data(buffer))
        buffer.removeAll(keepingCapacity: true)
    }

    deinit { flush() }
}

/// Messages for the person at the terminal, on standard error.
enum Console {
    static func warning(_ text: Any) {
        FileHandle.standardError.write(Data("quill: warning: \(text)\n".utf8))
    }

    static func error(_ text: Any) {
        FileHandle.standardError.write(Data("quill: error: \(text)\n".utf8))
    }
}
