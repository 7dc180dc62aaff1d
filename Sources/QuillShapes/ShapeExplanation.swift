/// Why a stroke became the shape it did (or none): every fit the recognizer weighed, best first
/// (``ShapeRecognizer/explain(_:unitsPerMillimetre:)``, `quill shapes --explain`).
public struct ShapeExplanation: Hashable, Sendable {
    /// One fit and how it was ranked.
    public struct Fit: Hashable, Sendable {
        public var kind: ShapeKind
        /// The fit error, a fraction of the stroke's size (see ``ShapeMatch/error``).
        public var error: Double
        /// The charge for the shape's degrees of freedom, in the same unit: a shape with more
        /// corners must fit better by this much to win.
        public var charge: Double
        /// What the fits are sorted by: error + charge, + 1 when demoted, + 2 when over its limit.
        public var rank: Double
        /// The largest error this kind may have to be recognized.
        public var limit: Double
        /// What moved the fit from error + charge, in words (empty when nothing did).
        public var notes: [String]
    }

    /// Every fit, best rank first.
    public var fits: [Fit]
    /// The shape recognized: the best fit when its error is within its limit.
    public var winner: ShapeMatch?
}

extension ShapeExplanation {
    /// Why the winner won, or why nothing did, in one sentence: the best fit's error and charge
    /// against its limit, and the runner-up with what held it back.
    public var summary: String {
        func describe(_ fit: Fit) -> String {
            "\(fit.kind.rawValue) (error \(ShapeRecognizer.decimal(fit.error)) + charge \(ShapeRecognizer.decimal(fit.charge)))"
                + (fit.notes.isEmpty ? "" : ": " + fit.notes.joined(separator: "; "))
        }
        guard let best = fits.first else { return "no shape: the stroke is too small or has no extent" }
        let runnerUp = fits.dropFirst().first.map { "; next, " + describe($0) } ?? ""
        if let winner {
            return "\(winner.shape.kind.rawValue): the least error plus charge, "
                + "\(ShapeRecognizer.decimal(best.error)) + \(ShapeRecognizer.decimal(best.charge)), within its limit \(ShapeRecognizer.decimal(best.limit))" + runnerUp
        }
        return "no shape: the best fit is " + describe(best) + runnerUp
    }
}
