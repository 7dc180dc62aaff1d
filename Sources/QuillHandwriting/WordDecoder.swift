#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads a printed word from its characters' ranked candidates with a word list: the word of the
/// same length whose letters the characters rank best (the sum of their scores, a letter missing
/// from a character's candidates costing the worst score less one), case ignored.
struct WordDecoder: Sendable {
    /// Words by length, lower-cased, letters a–z only.
    private let words: [Int: [[UInt8]]]
    /// How many words were read.
    let count: Int
    /// Every word read, lower-cased (a–z), shortest first.
    var lowercasedWords: [[UInt8]] { words.keys.sorted().flatMap { words[$0]! } }

    init(path: String) throws(HandwritingError) {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw HandwritingError.wordList(path: path, reason: "\(error)")
        }
        var words: [Int: [[UInt8]]] = [:]
        var seen = Set<[UInt8]>()
        var count = 0
        for line in text.split(whereSeparator: \.isNewline) {
            let bytes = Array(line.utf8)
            guard !bytes.isEmpty, bytes.count <= 40, bytes.allSatisfy({ (65...90).contains($0) || (97...122).contains($0) }) else { continue }
            let lower = bytes.map { $0 | 0x20 }
            guard seen.insert(lower).inserted else { continue }
            words[lower.count, default: []].append(lower)
            count += 1
        }
        self.words = words
        self.count = count
    }

    /// The `limit` best words for characters with these candidates (each list best first), best first.
    func decode(_ characters: [[RecognitionCandidate]], limit: Int) -> [RecognitionCandidate] {
        guard let list = words[characters.count], !characters.isEmpty else { return [] }
        // Per character: the best score for each letter (upper and lower case alike).
        let tables: [[Double]] = characters.map { candidates in
            var table = [Double](repeating: -.infinity, count: 26)
            let worst = (candidates.map(\.score).min() ?? 0) - 1
            for candidate in candidates {
                guard let byte = candidate.text.utf8.first, candidate.text.utf8.count == 1 else { continue }
                let lower = byte | 0x20
                if (97...122).contains(lower) { table[Int(lower - 97)] = Swift.max(table[Int(lower - 97)], candidate.score) }
            }
            return table.map { $0 == -.infinity ? worst : $0 }
        }
        var best: [(word: [UInt8], score: Double)] = []
        for word in list {
            var score = 0.0
            for (index, letter) in word.enumerated() { score += tables[index][Int(letter - 97)] }
            if best.count < limit || score > best[best.count - 1].score {
                best.append((word, score))
                best.sort { $0.score > $1.score }
                if best.count > limit { best.removeLast() }
            }
        }
        return best.map { RecognitionCandidate(text: String(decoding: $0.word, as: UTF8.self), score: $0.score) }
    }
}
