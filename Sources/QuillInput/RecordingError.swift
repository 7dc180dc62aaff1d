/// A recording could not be read: names the file, the line (or event index) and what was expected.
public struct RecordingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file, when the error comes from one.
    public var file: String?
    /// 1-based line number in the file, when known.
    public var line: Int?
    /// What went wrong and what was expected.
    public var message: String

    public init(file: String?, line: Int?, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String {
        switch (file, line) {
        case let (file?, line?): return "\(file):\(line): \(message)"
        case let (file?, nil): return "\(file): \(message)"
        default: return message
        }
    }
}

/// Something worth telling the user that did not stop the reading (a clamped timestamp, a
/// discarded frame after SYN_DROPPED, a partial last frame).
public struct RecordingWarning: Hashable, Sendable, CustomStringConvertible {
    public var file: String?
    public var line: Int?
    public var message: String

    public init(file: String?, line: Int?, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String {
        RecordingError(file: file, line: line, message: message).description
    }
}
