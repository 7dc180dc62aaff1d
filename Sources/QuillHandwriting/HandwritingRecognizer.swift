#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Handwriting to text, in the shape of ML Kit's Digital Ink recognizer: an ink of strokes in,
/// recognized units (words or characters) with ranked candidates out.
///
/// Japanese and simplified Chinese characters are read by Zinnia (an SVM over stroke features;
/// Debian `libzinnia`) with Debian's Tegaki models; English characters by Quill's classifier of
/// the pen's directions (``LatinClassifier``, trained on UNIPEN by `Tools/train-handwriting`), or
/// by a Zinnia model given as `modelPath`; English words are then read with a word list (Debian
/// `wamerican`). Every character is cleaned before Zinnia sees it (``CharacterCanvas``): no stroke
/// can make it run away. Recognition is synchronous and thread-safe.
public final class HandwritingRecognizer: Sendable {
    public let language: HandwritingLanguage
    /// What reads a character: a Zinnia model, or Quill's English classifier — one of the two.
    /// (Two optionals, not an enum with payloads: an enum may keep its case in a pointer's spare
    /// bits, which hides the pointer from LeakSanitizer and reads as a leak when fuzzing.)
    private let zinnia: ZinniaModel?
    private let latin: LatinClassifier?
    private let words: WordDecoder?

    /// The English model's file name: Quill's classifier (its classes in `latin.classes` beside it).
    public static let englishModel = "latin.classifier"

    /// Debian's `wamerican` word list, the English default.
    public static let systemWordList = "/usr/share/dict/american-english"

    /// Where each language's model is looked for: Quill's own (English), Debian's (the others).
    public static func modelPaths(for language: HandwritingLanguage) -> [String] {
        switch language {
        case .english:
            let name = englishModel
            var paths: [String] = []
            if let directory = ProcessInfo.processInfo.environment["QUILL_HANDWRITING_MODELS"] { paths.append(directory + "/" + name) }
            let directory = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            // Installed (Tools/install): PREFIX/share/quill beside PREFIX/bin/quill.
            paths.append(directory.deletingLastPathComponent().appendingPathComponent("share/quill/" + name).path)
            // Built (swift build, swift test): the QuillHandwritingModel target's resource bundle
            // beside the executable (read by path: no Foundation bundle here, none in libquill).
            paths.append(directory.appendingPathComponent("Quill_QuillHandwritingModel.resources/" + name).path)
            return paths
        case .japanese: return ["/usr/share/tegaki/models/zinnia/handwriting-ja.model"]
        case .simplifiedChinese: return ["/usr/share/tegaki/models/zinnia/handwriting-zh_CN.model"]
        }
    }

    /// Opens the language's model (`modelPath` overrides where it is looked for) and, for English,
    /// the word list (`wordListPath`, default Debian's `wamerican`; nil when missing reads
    /// characters without it). Throws naming the file, or the package to install.
    /// `alsoSearching` are more places to look for the model after the language's own (libquill
    /// adds the ones beside itself).
    public init(
        language: HandwritingLanguage, modelPath: String? = nil, wordListPath: String? = HandwritingRecognizer.systemWordList, alsoSearching: [String] = []
    ) throws(HandwritingError) {
        self.language = language
        let searched = modelPath.map { [$0] } ?? Self.modelPaths(for: language) + alsoSearching
        guard let path = searched.first(where: { FileManager.default.isReadableFile(atPath: $0) }) else {
            let package = switch language {
            case .english: "Quill with its resources (swift build puts latin.model beside quill)"
            case .japanese: "tegaki-zinnia-japanese"
            case .simplifiedChinese: "tegaki-zinnia-simplified-chinese"
            }
            throw HandwritingError.missingModel(language: language.rawValue, searched: searched, package: package)
        }
        if path.hasSuffix(".classifier") {
            let classes = String(path.dropLast(".classifier".count)) + ".classes"
            latin = try LatinClassifier(path: path, classesPath: classes)
            zinnia = nil
        } else {
            zinnia = try ZinniaModel(path: path)
            latin = nil
        }
        if language == .english, let wordListPath {
            words = try WordDecoder(path: wordListPath)
        } else {
            words = nil
        }
    }

    /// The model's class count (characters it can read).
    public var classCount: Int {
        latin?.classes.count ?? zinnia?.classCount ?? 0
    }

    /// The `count` best characters for strokes written as one character, best first. `cell` is
    /// the square the character was written in (its top-left corner and side, in the strokes'
    /// unit), which Japanese and Chinese models read a character's place and size from; without
    /// it the character is fitted to the model's canvas. `allowed` keeps only those characters.
    public func classifyCharacter(
        _ strokes: [HandwritingStroke], cell: (x: Double, y: Double, side: Double)? = nil, count: Int = 10, allowed: Set<Character>? = nil
    ) -> [RecognitionCandidate] {
        let ranked: [RecognitionCandidate]
        if let latin {
            // Its features are bounded whatever the strokes (at most 40 strokes, resampled at a
            // fixed spacing of the unit box): no cleaning needed beyond dropping points not finite.
            ranked = latin.classify(strokes.map(\.points), count: allowed == nil ? count : latin.classes.count)
        } else if let zinnia {
            guard let canvas = CharacterCanvas(strokes.map(\.points), cell: cell) else { return [] }
            // With `allowed`, every class ranked (Zinnia scores them all anyway), then filtered.
            ranked = zinnia.classify(canvas, count: allowed == nil ? count : zinnia.classCount)
        } else {
            return []
        }
        guard let allowed else { return ranked }
        return Array(ranked.lazy.filter { $0.text.count == 1 && allowed.contains($0.text.first!) }.prefix(Swift.max(1, count)))
    }

    /// Reads the ink: units in writing order (words for English, characters for Japanese and
    /// Chinese), each with up to `candidates` candidates. Strokes with no finite point are in no unit.
    public func recognize(_ ink: HandwritingInk, context: RecognitionContext = RecognitionContext(), candidates: Int = 5) -> [RecognizedUnit] {
        let limit = Swift.max(1, candidates)
        switch language {
        case .japanese, .simplifiedChinese:
            // Each character in its square cell: the line's height, from the writing area's top
            // (or the ink's), centred on the character across.
            let line = CharacterSegmenter.squareCharacters(ink, size: context.writingArea?.height)
            return line.characters.map { character in
                let cell = (x: (character.box.minX + character.box.maxX) / 2 - line.size / 2, y: line.top, side: line.size)
                return RecognizedUnit(
                    candidates: classifyCharacter(character.strokes.map { ink.strokes[$0] }, cell: cell, count: limit, allowed: context.allowedCharacters),
                    strokes: character.strokes)
            }
        case .english:
            let characters = CharacterSegmenter.latinCharacters(ink)
            return CharacterSegmenter.words(characters).map { word in
                let read = word.map { classifyCharacter(characters[$0].strokes.map { ink.strokes[$0] }, count: 20, allowed: context.allowedCharacters) }
                let strokes = word.flatMap { characters[$0].strokes }.sorted()
                return RecognizedUnit(candidates: decode(read, limit: limit), strokes: strokes)
            }
        }
    }

    /// A word's candidates: digits and punctuation as read; letters through the word list, in the
    /// case of the best reading of its first letter; the characters' own best reading kept among them.
    private func decode(_ characters: [[RecognitionCandidate]], limit: Int) -> [RecognitionCandidate] {
        let raw = RecognitionCandidate(text: characters.map { $0.first?.text ?? "" }.joined(), score: characters.reduce(0) { $0 + ($1.first?.score ?? 0) })
        let letters = characters.filter { $0.first.map { $0.text.count == 1 && $0.text.first!.isLetter } ?? false }.count
        guard let words, letters * 2 > characters.count else { return [raw] }
        var decoded = words.decode(characters, limit: limit)
        if characters.first?.first?.text.first?.isUppercase == true {
            decoded = decoded.map { RecognitionCandidate(text: $0.text.prefix(1).uppercased() + $0.text.dropFirst(), score: $0.score) }
        }
        if !decoded.contains(where: { $0.text.lowercased() == raw.text.lowercased() }) { decoded.append(raw) }
        return Array(decoded.prefix(Swift.max(limit, 1)))
    }
}

