/// Handwriting to recognize, as ML Kit's Digital Ink `Ink`: strokes in writing order, each a
/// sequence of points. Coordinates are in any unit with y growing downwards (millimetres on a
/// tablet, points on a canvas); only their proportions matter.
public struct HandwritingInk: Hashable, Sendable {
    public var strokes: [HandwritingStroke]
    public init(strokes: [HandwritingStroke]) { self.strokes = strokes }
}

/// One pen-down stroke.
public struct HandwritingStroke: Hashable, Sendable {
    public var points: [HandwritingPoint]
    public init(points: [HandwritingPoint]) { self.points = points }
}

/// A point of a stroke: position and, when known, its time in seconds.
public struct HandwritingPoint: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var t: Double?
    public init(x: Double, y: Double, t: Double? = nil) {
        self.x = x
        self.y = y
        self.t = t
    }
}

/// A recognition candidate: its text and score (higher is better; Zinnia's SVM margin for a
/// character, the sum over its characters for a word).
public struct RecognitionCandidate: Hashable, Sendable {
    public var text: String
    public var score: Double
    public init(text: String, score: Double) {
        self.text = text
        self.score = score
    }
}

/// A recognized unit (a word in Latin script, a character in Japanese or Chinese) in writing order.
public struct RecognizedUnit: Hashable, Sendable {
    /// The ranked candidates, best first (at least one).
    public var candidates: [RecognitionCandidate]
    /// The indexes of the ink's strokes it was read from, in writing order.
    public var strokes: [Int]
    /// The best candidate's text.
    public var text: String { candidates.first?.text ?? "" }
    public init(candidates: [RecognitionCandidate], strokes: [Int]) {
        self.candidates = candidates
        self.strokes = strokes
    }
}

/// What surrounds the ink, as ML Kit's `RecognitionContext`.
public struct RecognitionContext: Hashable, Sendable {
    /// Text before the ink (the characters before the insertion point): a word continued across
    /// the ink is decoded as one.
    public var preContext: String
    /// The size of the area written in, in the ink's unit (width, height): a line of writing that
    /// fills it is judged against it; nil judges the ink on its own.
    public var writingArea: (width: Double, height: Double)?
    /// The characters the field takes (a number field's digits, as a keyboard type tells Scribble):
    /// each character is read as the best of these; nil takes every character of the model.
    public var allowedCharacters: Set<Character>?
    /// The cells of a boxed field (one character a cell), in the ink's unit: Japanese and Chinese
    /// read each cell written in as one character, its strokes those whose centre lies in it (or
    /// nearest it). nil (or empty) finds the characters in the writing itself.
    public var characterCells: [CharacterCell]?
    public init(
        preContext: String = "", writingArea: (width: Double, height: Double)? = nil, allowedCharacters: Set<Character>? = nil,
        characterCells: [CharacterCell]? = nil
    ) {
        self.preContext = preContext
        self.writingArea = writingArea
        self.allowedCharacters = allowedCharacters
        self.characterCells = characterCells
    }
    public static func == (a: Self, b: Self) -> Bool {
        a.preContext == b.preContext && a.writingArea?.width == b.writingArea?.width && a.writingArea?.height == b.writingArea?.height
            && a.allowedCharacters == b.allowedCharacters && a.characterCells == b.characterCells
    }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(preContext)
        hasher.combine(allowedCharacters)
        hasher.combine(characterCells)
        hasher.combine(writingArea?.width)
        hasher.combine(writingArea?.height)
    }
}

/// The languages with a model.
public enum HandwritingLanguage: String, CaseIterable, Sendable {
    /// English: digits, letters and common punctuation (Quill's model trained on UNIPEN), words decoded with a word list.
    case english = "en"
    /// Japanese (Debian's tegaki-zinnia-japanese: 6 420 classes, kanji, hiragana, few katakana).
    case japanese = "ja"
    /// Simplified Chinese (Debian's tegaki-zinnia-simplified-chinese: 6 763 hanzi).
    case simplifiedChinese = "zh-Hans"
}
