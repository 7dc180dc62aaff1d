import Foundation
import QuillHandwriting
import Testing

/// Quill's English model (Tools/research/quill_research/handwriting, UNIPEN) on 300 characters of the writers it was
/// never trained on (Tests/Fixtures/handwriting/UNIPEN-LICENSE.md), and words put together from them.
@Suite struct LatinTests {
    static var samples: [HeldOutWriting.Sample] { HeldOutWriting.samples }

    /// Top-1 on held-out writers' isolated characters (100 of each kind). Tools/research/quill_research/handwriting
    /// measured on all 33 594 of their letters and digits: digits 83.9 %, capitals 93.3 % and lower
    /// case 80.8 % ignoring case — short of the issue's goals for digits and all (95 %, 85 %); this
    /// sample reads 81, 98 and 83 (the linear classifier before it 80, 95 and 71; Zinnia's model
    /// 71, 85 and 57).
    @Test func heldOutWritersCharactersAreRead() throws {
        #expect(Self.samples.count == 300)
        let recognizer = try HandwritingRecognizer(language: .english)
        var right: [String: Int] = [:], total: [String: Int] = [:]
        for sample in Self.samples {
            let kind = sample.label.first!.isNumber ? "digit" : (sample.label.first!.isUppercase ? "upper" : "lower")
            total[kind, default: 0] += 1
            let best = recognizer.classifyCharacter(sample.ink, count: 5).first?.text ?? ""
            let correct = kind == "digit" ? best == sample.label : best.lowercased() == sample.label.lowercased()
            if correct { right[kind, default: 0] += 1 }
        }
        print("UNIPEN held-out sample: \(right) of \(total)")
        #expect(right["digit", default: 0] >= 76)
        #expect(right["upper", default: 0] + right["lower", default: 0] >= 174)
    }

    /// A number field (its characters given, as a keyboard type tells Scribble): each digit is read
    /// as the best-ranked digit, not lost to o, l, S or z.
    @Test func aNumberFieldReadsDigitsAmongDigits() throws {
        let recognizer = try HandwritingRecognizer(language: .english)
        let digits = Self.samples.filter { $0.label.first!.isNumber }
        let free = digits.filter { recognizer.classifyCharacter($0.ink, count: 1).first?.text == $0.label }.count
        let among = digits.filter { recognizer.classifyCharacter($0.ink, count: 1, allowed: Set("0123456789")).first?.text == $0.label }.count
        print("digits read: \(free) of \(digits.count) among every class, \(among) among the digits")
        // Measured 80 free, 97 among the digits (96.2 % of all 3 375 held-out digits).
        #expect(among > free && among >= 95, "free \(free), among digits \(among)")
        // Every candidate is an allowed character.
        for sample in digits.prefix(10) {
            #expect(recognizer.classifyCharacter(sample.ink, count: 5, allowed: Set("0123456789")).allSatisfy { $0.text.first!.isNumber })
        }
    }

    /// Printed words put together from held-out letters (each letter's strokes moved into place, a
    /// fifth of its height after the one before), read letter by letter as a field that takes only
    /// letters reads them: characters are split by space and the word list reads the word. (Words
    /// of any field are read whole by the word network since issue 40: ``WordNetworkTests``, on
    /// real people's words; these pasted letters are synthetic.) As the letters come (eight writers' sizes side by side) and as one hand
    /// writes them (one x-height, descenders below the line: ``HeldOutWriting/word(_:oneHand:)``).
    static let letters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")

    @Test(arguments: [false, true])
    func wordsOfHeldOutLettersAreReadWithTheWordList(oneHand: Bool) throws {
        let recognizer = try HandwritingRecognizer(language: .english)
        let words = ["cat", "house", "water", "paper", "light", "music", "green", "table", "river", "stone",
                     "dog", "bird", "fish", "tree", "book", "hand", "world", "night", "money", "point"]
        var read = 0
        var misread: [String] = []
        for word in words {
            let strokes = HeldOutWriting.word(word, oneHand: oneHand)
            let units = recognizer.recognize(HandwritingInk(strokes: strokes), context: RecognitionContext(allowedCharacters: Self.letters))
            // Every stroke is read, once (a descender or a wide gap may split a word: "paper" → P ap er).
            #expect(units.flatMap(\.strokes).sorted() == Array(0..<strokes.count))
            if units.map(\.text).joined(separator: " ").lowercased() == word { read += 1 } else { misread.append("\(word)→\(units.map(\.text))") }
        }
        print("words read (\(oneHand ? "one hand" : "letters as they come")): \(read) of \(words.count): \(misread)")
        // Measured 10 of 20 as the letters come (a descender or a small letter beside a big one splits
        // a word) and 15 of 20 written as one hand (Zinnia's model: 4 and 7; 11 and 14 while an i's
        // dot was a character of its own). On 400 words (Tools/research/quill_research/scribble/words_eval.py): 76.8 and
        // 78.5 %; the misses left are letters (dog → log, light → tight).
        #expect(read >= (oneHand ? 14 : 10), "\(misread)")
    }
}
