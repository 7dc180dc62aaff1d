/// Why handwriting could not be recognized.
public enum HandwritingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A model file is missing or Zinnia cannot read it.
    case model(path: String, reason: String)
    /// No model for the language was found: where it was looked for and the package that installs it.
    case missingModel(language: String, searched: [String], package: String)
    /// The word list could not be read.
    case wordList(path: String, reason: String)

    public var description: String {
        switch self {
        case let .model(path, reason): "\(path): not a Zinnia model Quill can open (\(reason))"
        case let .missingModel(language, searched, package):
            "no handwriting model for \(language): looked for \(searched.joined(separator: ", ")); install \(package)"
        case let .wordList(path, reason): "\(path): the word list cannot be read (\(reason))"
        }
    }
}
