/// How common the words of a word list are: a log prior (nats, ≤ 0) for each word, by tier, which
/// ``WordBeamSearch`` adds (times ``WordBeamSearch/Parameters/priorWeight``) to the network's
/// log-probability of the word. Read from the trailing section of `words.network`
/// (``WordNetwork/priors``), written by `Tools/research/quill_research/handwriting/words/export.py` from SCOWL's
/// levels of commonness (Kevin Atkinson's word lists, the ones Debian's `wamerican` is made of).
///
/// The section, little-endian: "QWPRIOR1"; UInt32 tier count (1 … 16); each tier a Float32 log
/// prior (finite, ≤ 0), UInt32 byte count and its words (lower-case a–z, one a line, "\n" after
/// each); then the Float32 log prior of a word in no tier.
struct WordPriors: Sendable, Equatable {
    /// The log prior (nats, ≤ 0) of each word given, by its lower-case letters (bytes 97 … 122).
    private let logPriors: [[UInt8]: Float]
    /// The log prior (nats, finite, ≤ 0) of a word in no tier.
    let unlisted: Float
    /// Words with a tier.
    var count: Int { logPriors.count }

    /// Tiers of words (lower-case a–z), each with its log prior (finite, ≤ 0); a word in two tiers
    /// takes the first. `unlisted` (finite, ≤ 0) is for words in none.
    init(tiers: [(logPrior: Float, words: [[UInt8]])], unlisted: Float) {
        precondition(unlisted.isFinite && unlisted <= 0, "unlisted log prior \(unlisted) is not finite and ≤ 0")
        var logPriors: [[UInt8]: Float] = [:]
        for tier in tiers {
            precondition(tier.logPrior.isFinite && tier.logPrior <= 0, "a tier's log prior \(tier.logPrior) is not finite and ≤ 0")
            for word in tier.words where logPriors[word] == nil { logPriors[word] = tier.logPrior }
        }
        self.logPriors = logPriors
        self.unlisted = unlisted
    }

    /// The log prior of `word` (lower-case a–z): its tier's, else ``unlisted``.
    func logPrior(_ word: [UInt8]) -> Float { logPriors[word] ?? unlisted }

    static let header = Array("QWPRIOR1".utf8)

    /// Parses the section at `bytes[at...]` through the end of `bytes`; the error names what is wrong.
    static func parse(_ bytes: [UInt8], at start: Int) -> Result<WordPriors, WordPriorsError> {
        var at = start
        func word() -> Int? {
            guard at + 4 <= bytes.count else { return nil }
            defer { at += 4 }
            return Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24
        }
        func float() -> Float? { word().map { Float(bitPattern: UInt32(truncatingIfNeeded: $0)) } }
        guard bytes.count - at >= 8, Array(bytes[at..<(at + 8)]) == header else { return .failure(WordPriorsError("no QWPRIOR1 header")) }
        at += 8
        guard let tierCount = word(), (1...16).contains(tierCount) else { return .failure(WordPriorsError("a tier count not within 1 … 16")) }
        var tiers: [(logPrior: Float, words: [[UInt8]])] = []
        for index in 0..<tierCount {
            guard let logPrior = float(), logPrior.isFinite, logPrior <= 0 else { return .failure(WordPriorsError("tier \(index): a log prior not finite and ≤ 0")) }
            guard let length = word(), length <= 8_000_000, at + length <= bytes.count else { return .failure(WordPriorsError("tier \(index): its words past the file's end")) }
            let text = bytes[at..<(at + length)]
            at += length
            guard text.allSatisfy({ (97...122).contains($0) || $0 == 10 }), text.last.map({ $0 == 10 }) ?? true else {
                return .failure(WordPriorsError("tier \(index): a word not of lower-case a–z, or no newline after the last"))
            }
            tiers.append((logPrior, text.split(separator: 10).map(Array.init)))
        }
        guard let unlisted = float(), unlisted.isFinite, unlisted <= 0 else { return .failure(WordPriorsError("the unlisted log prior is not finite and ≤ 0")) }
        guard at == bytes.count else { return .failure(WordPriorsError("\(bytes.count - at) bytes after it")) }
        return .success(WordPriors(tiers: tiers, unlisted: unlisted))
    }
}

/// What is wrong with a word-prior section (``WordPriors/parse(_:at:)``).
struct WordPriorsError: Error, Equatable {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}
