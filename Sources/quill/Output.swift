import Foundation
import QuillCore
import QuillInput

/// Buffered text output to a file handle (stdout by default).
///
/// Not locked: one thread writes to it at a time (an ``OrderedWorker``'s, when a command hands
/// its rows over to one, until the worker is drained).
final class TextOutput: @unchecked Sendable {
    private let handle: FileHandle
    /// What the output is, for the message when a write fails ("standard output", a path).
    private let name: String
    private var buffer: [UInt8] = []

    init(handle: FileHandle = .standardOutput, name: String = "standard output") {
        self.handle = handle
        self.name = name
        buffer.reserveCapacity(1 << 16)
    }

    /// Opens `path` for writing, creating or truncating a regular file. A device, FIFO or
    /// /dev/stdout is written as it is, never replaced by a file.
    convenience init(path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw RecordingError(file: path, line: nil, message: "cannot create the output file: \(String(cString: strerror(errno)))")
        }
        self.init(handle: FileHandle(fileDescriptor: fd, closeOnDealloc: true), name: path)
    }

    /// Writes `record` as one JSON line (the one writer of every JSON row: strings escaped, a
    /// non-finite number `null`).
    func record<T: Encodable>(_ record: T) {
        encoder.line(record, appendingTo: &buffer)
        buffer.append(0x0A)
        flushWhenFull()
    }

    private let encoder = JSONLineEncoder()

    func line(_ text: String) {
        self.text(text)
        buffer.append(0x0A)
    }

    /// Writes `text` as it is (its own newlines included).
    func text(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        flushWhenFull()
    }

    /// Writes the buffer once it holds 64 KiB.
    private func flushWhenFull() {
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Writes what is buffered. A write that fails (a full disk, `/dev/full`) ends the program
    /// with a message and status 1: output is never lost silently. (A closed pipe, `| head`,
    /// ends it quietly by SIGPIPE, as for any command.)
    func flush() {
        guard !buffer.isEmpty else { return }
        do {
            try handle.write(contentsOf: Data(buffer))
        } catch {
            let reason = (error as NSError).userInfo[NSUnderlyingErrorKey].map { "\($0)" } ?? error.localizedDescription
            let errno = ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError)?.code
            Console.error("cannot write \(name): \(errno.map { String(cString: strerror(Int32($0))) } ?? reason)")
            exit(1)
        }
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
