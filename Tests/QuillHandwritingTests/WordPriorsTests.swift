import Foundation
import Testing
@testable import QuillHandwriting

/// How common words are (``WordPriors``): the section shipped in `words.network` (SCOWL's levels),
/// its parsing, and what it does in ``WordBeamSearch``.
@Suite struct WordPriorsTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    static func section(tiers: [(Float, String)], unlisted: Float) -> [UInt8] {
        var out = Array("QWPRIOR1".utf8)
        func word(_ value: UInt32) { out += withUnsafeBytes(of: value.littleEndian, Array.init) }
        word(UInt32(tiers.count))
        for (logPrior, words) in tiers {
            word(logPrior.bitPattern)
            word(UInt32(words.utf8.count))
            out += Array(words.utf8)
        }
        word(unlisted.bitPattern)
        return out
    }

    @Test func theShippedNetworkKnowsHowCommonWordsAre() throws {
        let priors = try #require(try WordNetworkTests.network().priors)
        // SCOWL's levels 10, 20 and 35 of Debian's wamerican (Tools/research/quill_research/handwriting/words/priors.py).
        #expect((35_000...45_000).contains(priors.count), "\(priors.count) words with a tier")
        let the = priors.logPrior(Self.bytes("the")), house = priors.logPrior(Self.bytes("house")), rare = priors.logPrior(Self.bytes("zymurgy"))
        #expect(the >= house && house > rare, "the \(the), house \(house), zymurgy \(rare)")
        #expect(rare == priors.unlisted && priors.unlisted < 0)
    }

    @Test func sectionsAreReadAndMalformedOnesRejectedWithTheirReason() {
        let good = Self.section(tiers: [(-1, "cat\ndog\n"), (-3, "cot\ncat\n")], unlisted: -5)
        guard case let .success(priors) = WordPriors.parse([9, 9] + good, at: 2) else {
            Issue.record("a well-formed section is rejected")
            return
        }
        #expect(priors.logPrior(Self.bytes("cat")) == -1 && priors.logPrior(Self.bytes("cot")) == -3 && priors.logPrior(Self.bytes("cow")) == -5)
        let bad: [(bytes: [UInt8], reason: String)] = [
            (Array("QWPRIOR2".utf8) + good.dropFirst(8), "no QWPRIOR1 header"),
            (Self.section(tiers: [], unlisted: -5), "a tier count not within 1 … 16"),
            (Self.section(tiers: [(0.5, "cat\n")], unlisted: -5), "tier 0: a log prior not finite and ≤ 0"),
            (Self.section(tiers: [(-1, "Cat\n")], unlisted: -5), "tier 0: a word not of lower-case a–z, or no newline after the last"),
            (Self.section(tiers: [(-1, "cat")], unlisted: -5), "tier 0: a word not of lower-case a–z, or no newline after the last"),
            (Self.section(tiers: [(-1, "cat\n")], unlisted: .nan), "the unlisted log prior is not finite and ≤ 0"),
            (good + [0], "1 bytes after it"),
            (Array(good.prefix(20)), "tier 0: its words past the file's end"),
        ]
        for (bytes, reason) in bad {
            guard case let .failure(error) = WordPriors.parse(bytes, at: 0) else {
                Issue.record("accepted: \(reason)")
                continue
            }
            #expect(error.reason == reason)
        }
    }

    /// Frames between "cot" and "cat" (o 0.5, a 0.4): the letters alone read "cot", a prior that
    /// knows "cat" as far commoner reads "cat"; its score is the one ``WordBeamSearch/score`` gives.
    @Test func aCommonWordWinsACloseCall() {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'-")
        let classes = alphabet.count + 1
        var frames = WordNetworkTests.frames("_c_o_t_", alphabet: alphabet)
        let a = alphabet.firstIndex(of: "a")! + 1, o = alphabet.firstIndex(of: "o")! + 1
        frames[3 * classes + o] = Float.log(0.5)
        frames[3 * classes + a] = Float.log(0.4)
        let words = ["cat", "cot", "dog"].map(Self.bytes)
        let plain = WordBeamSearch(words: words)
        #expect(plain.decode(frames, alphabet: alphabet, limit: 2).first?.text == "cot")
        let priors = WordPriors(tiers: [(-1, [Self.bytes("cat")]), (-8, [Self.bytes("cot")])], unlisted: -9)
        let search = WordBeamSearch(words: words, priors: priors)
        let read = search.decode(frames, alphabet: alphabet, limit: 2)
        #expect(read.map(\.text) == ["cat", "cot"])
        #expect(abs(Double(search.score("cat", frames, alphabet: alphabet)) - (read.first?.score ?? 0)) < 1e-3)
        #expect(abs(search.score("cat", frames, alphabet: alphabet) - plain.score("cat", frames, alphabet: alphabet) - WordBeamSearch.Parameters.standard.priorWeight * -1) < 1e-4)
        // A weight of 0 leaves the letters alone.
        let ignoring = WordBeamSearch(words: words, priors: priors, parameters: .init(beamWidth: 48, letterFloor: -12, fallbackMargin: 8, priorWeight: 0))
        #expect(ignoring.decode(frames, alphabet: alphabet, limit: 1).first?.text == "cot")
    }
}
