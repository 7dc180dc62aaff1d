/// Reads one character: its strokes, cleaned onto Zinnia's canvas (``CharacterCanvas``), to the
/// characters it may be, ranked best first with their scores (higher is better; in the range of
/// Zinnia's SVM scores, which ``CharacterLattice``'s weights were chosen for).
///
/// Japanese and Chinese characters are read by one of two: Debian's Zinnia model (``ZinniaModel``)
/// or Quill's Japanese network (``JapaneseNetwork``), which ``HandwritingRecognizer`` chooses by
/// which model files are installed (``HandwritingRecognizer/characterClassifier(zinniaModel:japaneseNetworkPaths:)``).
/// A conformer is safe to call from any thread (each guards its own state).
protocol CharacterClassifier: Sendable {
    /// The number of characters (classes) it can read.
    var classCount: Int { get }

    /// The max(1, `count`) best characters for a cleaned character, best first (fewer when it knows
    /// fewer; none when nothing can be read).
    func classify(_ canvas: CharacterCanvas, count: Int) -> [RecognitionCandidate]
}
