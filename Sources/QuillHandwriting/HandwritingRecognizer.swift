#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Handwriting to text, in the shape of ML Kit's Digital Ink recognizer: an ink of strokes in,
/// recognized units (words or characters) with ranked candidates out.
///
/// Japanese and simplified Chinese characters are read by Zinnia (an SVM over stroke features;
/// Debian `libzinnia`) with Debian's Tegaki models, Japanese by Quill's Japanese network instead
/// when it is installed (``JapaneseNetwork``; the choice:
/// ``characterClassifier(zinniaModel:japaneseNetworkPaths:)``); English characters by Quill's
/// classifier of the pen's directions (``LatinClassifier``, trained on UNIPEN by `Tools/research/quill_research/handwriting`), or
/// by a Zinnia model given as `modelPath`; English words are then read with a word list (Debian
/// `wamerican`). English words, printed or cursive, are read whole by Quill's word network
/// (``WordNetwork``, `words.network` beside the English model) over the word list
/// (``WordBeamSearch``), except in fields that take only some characters (a number field). Every character is cleaned before Zinnia sees it (``CharacterCanvas``): no stroke
/// can make it run away. Recognition is synchronous and thread-safe.
public final class HandwritingRecognizer: Sendable {
    public let language: HandwritingLanguage
    /// How Japanese and Chinese ink is split into characters (unused for English).
    public let segmentation: CharacterLatticeParameters
    /// What reads a character: a character classifier (a Zinnia model or Quill's Japanese network),
    /// or Quill's English classifier — one of the two. (Two optionals, not an enum with payloads: an
    /// enum may keep its case in a pointer's spare bits, which hides the pointer from LeakSanitizer
    /// and reads as a leak when fuzzing.)
    let characterClassifier: (any CharacterClassifier)?
    private let latin: LatinClassifier?
    private let words: WordDecoder?
    /// English words read whole by Quill's word network (``WordNetwork``) and decoded over the word
    /// list (``WordBeamSearch``); nil when `words.network` is not found beside the English model.
    private let wordNetwork: WordNetwork?
    private let wordSearch: WordBeamSearch?

    /// The English model's file name: Quill's classifier (its classes in `latin.classes` beside it).
    public static let englishModel = "latin.classifier"

    /// The English word network's file name, looked for where the English model is.
    public static let englishWordNetwork = "words.network"

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
            // Installed (Tools/ship/install): PREFIX/share/quill beside PREFIX/bin/quill.
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
    /// adds the ones beside itself). `segmentation` sets how Japanese and Chinese ink is split into
    /// characters.
    public convenience init(
        language: HandwritingLanguage, modelPath: String? = nil, wordListPath: String? = HandwritingRecognizer.systemWordList, alsoSearching: [String] = [],
        segmentation: CharacterLatticeParameters = .defaults
    ) throws(HandwritingError) {
        try self.init(
            language: language, modelPath: modelPath, wordListPath: wordListPath, alsoSearching: alsoSearching, segmentation: segmentation, japaneseNetworkPaths: nil)
    }

    /// As the public initializer, with where Quill's Japanese network is looked for
    /// (`japaneseNetworkPaths`; nil: ``japaneseNetworkPaths()``), which tests set.
    init(
        language: HandwritingLanguage, modelPath: String?, wordListPath: String?, alsoSearching: [String], segmentation: CharacterLatticeParameters,
        japaneseNetworkPaths: [String]?
    ) throws(HandwritingError) {
        self.language = language
        self.segmentation = segmentation
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
            characterClassifier = nil
        } else {
            characterClassifier = try Self.characterClassifier(zinniaModel: path, japaneseNetworkPaths: japaneseNetworkPaths)
            latin = nil
        }
        if language == .english, let wordListPath {
            words = try WordDecoder(path: wordListPath)
        } else {
            words = nil
        }
        // The word network beside the model read (or where the default English model is looked for).
        let directories = ([path] + Self.modelPaths(for: .english) + alsoSearching).map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }
        if language == .english, let networkPath = directories.map({ $0 + "/" + Self.englishWordNetwork }).first(where: { FileManager.default.isReadableFile(atPath: $0) }) {
            wordNetwork = try WordNetwork(path: networkPath)
            wordSearch = WordBeamSearch(words: words?.lowercasedWords ?? [], priors: wordNetwork?.priors)
        } else {
            wordNetwork = nil
            wordSearch = nil
        }
    }

    /// What reads the characters of the Zinnia model at `path`: for Debian's Japanese model
    /// (`handwriting-ja.model`, whichever language asks for it), Quill's Japanese network when the
    /// first of `japaneseNetworkPaths` that exists (nil: ``japaneseNetworkPaths()``) is one — it reads
    /// real pens better (its PROVENANCE.md), and Zinnia's model is then not opened; otherwise, or
    /// when no network is found, Zinnia with the model. Throws naming the file that cannot be read:
    /// a network file that is not one, or a model Zinnia cannot open.
    static func characterClassifier(zinniaModel path: String, japaneseNetworkPaths: [String]? = nil) throws(HandwritingError) -> any CharacterClassifier {
        let isDebianJapanese = URL(fileURLWithPath: path).lastPathComponent == "handwriting-ja.model"
        if isDebianJapanese, let network = (japaneseNetworkPaths ?? Self.japaneseNetworkPaths()).first(where: { FileManager.default.isReadableFile(atPath: $0) }) {
            return try JapaneseNetwork(path: network)
        }
        return try ZinniaModel(path: path)
    }

    /// Where Quill's Japanese network (``JapaneseNetwork/fileName``) is looked for: where Quill's
    /// English model is (``modelPaths(for:)``: `QUILL_HANDWRITING_MODELS`, PREFIX/share/quill, the
    /// built resource bundle), in that order.
    static func japaneseNetworkPaths() -> [String] {
        modelPaths(for: .english).map { URL(fileURLWithPath: $0).deletingLastPathComponent().appendingPathComponent(JapaneseNetwork.fileName).path }
    }

    /// The model's class count (characters it can read).
    public var classCount: Int {
        latin?.classes.count ?? characterClassifier?.classCount ?? 0
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
        } else if let characterClassifier {
            // Debian's Japanese model reads real pens best fitted into 70 % of the canvas.
            let fill = language == .japanese ? CharacterCanvas.tegakiFill : CharacterCanvas.fill
            guard let canvas = CharacterCanvas(strokes.map(\.points), cell: cell, fill: fill) else { return [] }
            // With `allowed`, every class ranked (each classifier scores them all anyway), then filtered.
            ranked = characterClassifier.classify(canvas, count: allowed == nil ? count : characterClassifier.classCount)
        } else {
            return []
        }
        guard let allowed else { return ranked }
        return Array(ranked.lazy.filter { $0.text.count == 1 && allowed.contains($0.text.first!) }.prefix(Swift.max(1, count)))
    }

    /// Reads the ink: units in writing order (words for English, characters for Japanese and
    /// Chinese), each with up to `candidates` candidates. Strokes with no finite point are in no unit.
    /// Japanese and Chinese characters are decided with the classifier's help (one line of
    /// horizontal writing; ``segmentation``), or by `context`'s ``RecognitionContext/characterCells``.
    public func recognize(_ ink: HandwritingInk, context: RecognitionContext = RecognitionContext(), candidates: Int = 5) -> [RecognizedUnit] {
        let limit = Swift.max(1, candidates)
        switch language {
        case .japanese, .simplifiedChinese:
            // Characters decided with the classifier's help (CharacterLattice), or by the caller's
            // cells; each read fitted to the model's canvas (in its cell when boxed).
            let lattice = CharacterLattice(parameters: segmentation)
            let asked = Swift.max(2, limit)
            let characters = lattice.characters(ink, cells: context.characterCells) { strokes in
                classifyCharacter(strokes.map { ink.strokes[$0] }, count: asked)
            }
            return characters.map { character in
                let strokes = character.strokes.map { ink.strokes[$0] }
                var candidates = Array(character.readings.prefix(limit))
                if let cell = character.cell {
                    let side = Swift.max(cell.width, cell.height)
                    let square = (x: cell.x + cell.width / 2 - side / 2, y: cell.y + cell.height / 2 - side / 2, side: side)
                    candidates = classifyCharacter(strokes, cell: square, count: limit, allowed: context.allowedCharacters)
                } else if context.allowedCharacters != nil || candidates.isEmpty {
                    candidates = classifyCharacter(strokes, count: limit, allowed: context.allowedCharacters)
                }
                return RecognizedUnit(candidates: candidates, strokes: character.strokes)
            }
        case .english:
            let characters = CharacterSegmenter.latinCharacters(ink)
            // Whole words through the network, unless the field takes only some characters (a
            // number field: read character by character, as the classifier does best).
            if context.allowedCharacters == nil, let wordNetwork, let wordSearch {
                return WordSpacing().words(characters).compactMap { word in
                    let strokes = word.flatMap { characters[$0].strokes }.sorted()
                    // The printed-letter reading's words too, scored by the network like its own.
                    let printed = word.map { classifyCharacter(characters[$0].strokes.map { ink.strokes[$0] }, count: 20) }
                    let read = readWord(strokes.map { ink.strokes[$0].points }, printed: decode(printed, limit: 3), network: wordNetwork, search: wordSearch, limit: limit)
                    // Ink the network does not take as a word (more than 256 strokes): letter by letter.
                    let candidates = read.isEmpty ? decode(printed, limit: limit) : read
                    return candidates.isEmpty ? nil : RecognizedUnit(candidates: candidates, strokes: strokes)
                }
            }
            return CharacterSegmenter.words(characters).map { word in
                let read = word.map { classifyCharacter(characters[$0].strokes.map { ink.strokes[$0] }, count: 20, allowed: context.allowedCharacters) }
                let strokes = word.flatMap { characters[$0].strokes }.sorted()
                return RecognizedUnit(candidates: decode(read, limit: limit), strokes: strokes)
            }
        }
    }

    /// A word's candidates from the word network: the words of the list it reads best, its raw
    /// reading, and the `printed` reading's candidates (letter by letter) scored by the network as
    /// its own words are (the log-probability that it reads them), ranked by that score; empty for
    /// strokes that are not a word (no finite point, more than ``WordNetwork/maximumStrokes`` strokes).
    private func readWord(_ strokes: [[HandwritingPoint]], printed: [RecognitionCandidate], network: WordNetwork, search: WordBeamSearch, limit: Int) -> [RecognitionCandidate] {
        guard let features = WordNetwork.features(strokes), network.frames(points: features.count / WordNetwork.featureCount) > 0 else { return [] }
        let output = network.logProbabilities(features)
        let read = search.decode(output, alphabet: network.alphabet, limit: limit)
        guard !read.isEmpty else { return read }
        func listed(_ text: String) -> Bool { search.contains(Array(text.lowercased().utf8)) }
        // The list's words, the network's and the printed reading's, ranked by the network's score.
        var words = read.filter { listed($0.text) }
        for candidate in printed where listed(candidate.text) && !words.contains(where: { $0.text.lowercased() == candidate.text.lowercased() }) {
            let score = search.score(candidate.text, output, alphabet: network.alphabet)
            if score > -.infinity { words.append(RecognitionCandidate(text: candidate.text, score: Double(score))) }
        }
        words.sort { $0.score > $1.score }
        let count = Swift.max(1, limit)
        // The raw reading is a candidate too (names, words of other languages), first only when no
        // word of the list was read at all: a reading one letter off a word is the word.
        guard let raw = read.first(where: { !listed($0.text) }) else { return Array(words.prefix(count)) }
        guard !words.isEmpty else { return [raw] }
        return count == 1 ? [words[0]] : Array(words.prefix(count - 1)) + [raw]
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

