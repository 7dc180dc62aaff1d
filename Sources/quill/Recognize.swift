import ArgumentParser
import QuillCore
import QuillHandwriting
import QuillStroke

extension HandwritingLanguage: ExpressibleByArgument {}

/// `quill recognize FILE`: handwriting in a recording to text.
struct Recognize: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Read the handwriting of a recording: JSON Lines, one per recognized unit (word or character) in writing order.",
        discussion: """
            Each line: text (the best reading), candidates ([{text, score}], best first), strokes (the indexes of the \
            recording's ink strokes it was read from). English reads printed words (characters by Quill's UNIPEN-trained \
            model, words with Debian's wamerican list); ja and zh-Hans read characters with Debian's Tegaki models.
            """)

    @OptionGroup var recording: RecordingOptions

    @Option(help: "The language: en, ja or zh-Hans.")
    var language: HandwritingLanguage = .english

    @Option(help: "How many candidates to print per unit (1 … 20).")
    var candidates: Int = 5

    @Option(help: "A Zinnia model file to read characters with instead of the language's own.")
    var model: String?

    @Option(help: "Read every character as one of these (a number field: 0123456789).")
    var characters: String?

    func validate() throws {
        guard (1...20).contains(candidates) else { throw ValidationError("--candidates must be 1 … 20, not \(candidates)") }
        if let characters, characters.isEmpty { throw ValidationError("--characters is empty: give the characters to read, e.g. 0123456789") }
    }

    func run() throws {
        let recognizer: HandwritingRecognizer
        do {
            recognizer = try HandwritingRecognizer(language: language, modelPath: model)
        } catch {
            throw ValidationError("\(error)")
        }
        // The strokes as the pen wrote them (page points of the recording's mapping, as a canvas's
        // text box sees them): neither smoothed, snapped nor erased by a scratch-out.
        var strokes: [HandwritingStroke] = []
        var open = false
        _ = try recording.replay { batch, replay in
            for sample in batch where sample.tool != .eraser {
                guard let mapping = replay.mapping(forDevice: sample.deviceIndex) else { continue }
                let at = mapping.canvasPoint(for: sample.tabletLocation)
                let point = HandwritingPoint(x: at.x, y: at.y, t: sample.time)
                switch sample.phase {
                case .began:
                    strokes.append(HandwritingStroke(points: [point]))
                    open = true
                case .moved where open: strokes[strokes.count - 1].points.append(point)
                case .ended, .cancelled: open = false
                default: break
                }
            }
        }
        let output = TextOutput()
        defer { output.flush() }
        let context = RecognitionContext(allowedCharacters: characters.map(Set.init))
        for unit in recognizer.recognize(HandwritingInk(strokes: strokes), context: context, candidates: candidates) {
            output.record(RecognizedUnitRecord(unit))
        }
    }
}

/// A recognized unit as JSON: `text`, `candidates` ([{text, score}]), `strokes`.
struct RecognizedUnitRecord: Encodable {
    struct Candidate: Encodable {
        var text: String
        var score: Double
    }
    var text: String
    var candidates: [Candidate]
    var strokes: [Int]

    init(_ unit: RecognizedUnit) {
        text = unit.text
        candidates = unit.candidates.map { Candidate(text: $0.text, score: $0.score) }
        strokes = unit.strokes
    }
}
