import QuillCore

/// Settings of ``HandwritingRecognizer``'s Japanese and Chinese character segmentation (a lattice
/// of stroke groupings, each scored by the classifier and a character-size model, the best path by
/// dynamic programming; see `CharacterLattice`).
///
/// Lengths are relative to the line's **pitch**: the height of the line of writing where a
/// character is, estimated as the person writes (the taller of the vertical extent of the strokes
/// within ``pitchWindow`` strokes of it and the longest of those strokes: one flat character such as
/// 三 is as wide as its pitch). Scores are in Zinnia's units (an SVM margin, ≈ −1 … 2 for a
/// character; Quill's Japanese network maps its log-probabilities into that range,
/// ``JapaneseNetwork/scoreScale``); only their differences between paths matter. Every value is validated: `init`
/// throws a `ParameterError` naming the field; nothing is clamped.
///
/// The defaults were chosen on the training writers of Tegaki (`tegaki-lab/data/train/`
/// `japanese-native1`, checked on `japanese-learner1`; Tools/research/quill_research/handwriting/japanese), never on
/// its reserved `eval/` sets.
public struct CharacterLatticeParameters: Hashable, Sendable {
    /// The most strokes one character may have (1 … 100). Default 30 (鬱 has 29).
    public let maximumStrokes: Int
    /// The widest a character of several strokes may be, × pitch (0.5 … 4). Default 1.6.
    public let maximumWidth: Double
    /// How far two neighbouring characters (or a character and the stroke written next) may overlap
    /// across, as a fraction of the narrower one's width (0 … 1). Default 0.5: more, and they are
    /// one character (三's strokes lie over each other; the next character begins to the right).
    public let maximumOverlap: Double
    /// How many strokes either side of a character the line's pitch is measured over (1 … 200).
    /// Default 15 (one or two characters): a line that drifts up or down, or grows as it is
    /// written, is measured where each character is.
    public let pitchWindow: Int
    /// At most this many stroke groupings are classified per stroke of the ink (1 … 64). Default 12:
    /// bounds the work on any ink (an ink of n strokes costs at most 12·n classifications).
    public let groupingsPerStroke: Int
    /// Weight of the classifier's score of a grouping's best reading (0 … 10). Default 0.71.
    public let classifierWeight: Double
    /// Weight of the classifier's margin between its best and second reading, capped at 1 (0 … 10).
    /// Default 0.23.
    public let marginWeight: Double
    /// A character narrower than this × pitch is penalized (0 … 1). Default 0.69: a radical written
    /// first (亻, 氵, 女) is narrow; a whole character rarely is.
    public let narrowWidth: Double
    /// The penalty per pitch a character is narrower than ``narrowWidth`` (0 … 20). Default 2.
    public let narrowWeight: Double
    /// The penalty per pitch a character's larger side exceeds 1.15 × pitch (0 … 20). Default 3.05.
    public let wideWeight: Double
    /// The penalty per pitch a character's larger side falls short of 0.35 × pitch (0 … 20).
    /// Default 1.1 (a stroke or a dot alone is rarely a character; 、。 are).
    public let smallWeight: Double
    /// The cost of starting a new character (−5 … 5). Default 2.12.
    public let cutCost: Double
    /// Weight of the gap between neighbouring characters, in pitches (from −0.5 to 0.6) (0 … 20).
    /// Default 0.
    public let gapWeight: Double
    /// The penalty per unit of overlap between neighbouring characters (0 … 20). Default 3.6.
    public let overlapWeight: Double
    /// Weight of the pen-up time before a character's first stroke, as the natural log of its ratio
    /// to the ink's median pen-up time, from −2 to 2 (0 … 5). Default 0.5 (not chosen on data: the
    /// training writers' ink has no times). Used only when every point has a time.
    public let timeWeight: Double

    /// Throws `ParameterError` naming the field for a value out of range.
    public init(
        maximumStrokes: Int = 30, maximumWidth: Double = 1.6, maximumOverlap: Double = 0.5, pitchWindow: Int = 15, groupingsPerStroke: Int = 12,
        classifierWeight: Double = 0.71, marginWeight: Double = 0.23, narrowWidth: Double = 0.69, narrowWeight: Double = 2,
        wideWeight: Double = 3.05, smallWeight: Double = 1.1, cutCost: Double = 2.12, gapWeight: Double = 0,
        overlapWeight: Double = 3.6, timeWeight: Double = 0.5
    ) throws {
        func check(_ field: String, _ value: Double, _ range: ClosedRange<Double>, _ unit: String) throws {
            guard value.isFinite, range.contains(value) else {
                throw ParameterError(field: "CharacterLatticeParameters.\(field)", value: "\(value)", expected: "\(unit) \(range.lowerBound) … \(range.upperBound)")
            }
        }
        guard (1...100).contains(maximumStrokes) else {
            throw ParameterError(field: "CharacterLatticeParameters.maximumStrokes", value: "\(maximumStrokes)", expected: "strokes 1 … 100")
        }
        guard (1...200).contains(pitchWindow) else {
            throw ParameterError(field: "CharacterLatticeParameters.pitchWindow", value: "\(pitchWindow)", expected: "strokes 1 … 200")
        }
        guard (1...64).contains(groupingsPerStroke) else {
            throw ParameterError(field: "CharacterLatticeParameters.groupingsPerStroke", value: "\(groupingsPerStroke)", expected: "groupings 1 … 64")
        }
        try check("maximumWidth", maximumWidth, 0.5...4, "pitches")
        try check("maximumOverlap", maximumOverlap, 0...1, "a fraction")
        try check("classifierWeight", classifierWeight, 0...10, "a weight")
        try check("marginWeight", marginWeight, 0...10, "a weight")
        try check("narrowWidth", narrowWidth, 0...1, "pitches")
        try check("narrowWeight", narrowWeight, 0...20, "a weight")
        try check("wideWeight", wideWeight, 0...20, "a weight")
        try check("smallWeight", smallWeight, 0...20, "a weight")
        try check("cutCost", cutCost, -5...5, "a score")
        try check("gapWeight", gapWeight, 0...20, "a weight")
        try check("overlapWeight", overlapWeight, 0...20, "a weight")
        try check("timeWeight", timeWeight, 0...5, "a weight")
        self.maximumStrokes = maximumStrokes
        self.maximumWidth = maximumWidth
        self.maximumOverlap = maximumOverlap
        self.pitchWindow = pitchWindow
        self.groupingsPerStroke = groupingsPerStroke
        self.classifierWeight = classifierWeight
        self.marginWeight = marginWeight
        self.narrowWidth = narrowWidth
        self.narrowWeight = narrowWeight
        self.wideWeight = wideWeight
        self.smallWeight = smallWeight
        self.cutCost = cutCost
        self.gapWeight = gapWeight
        self.overlapWeight = overlapWeight
        self.timeWeight = timeWeight
    }

    /// The documented defaults.
    public static let defaults = try! CharacterLatticeParameters()
}
