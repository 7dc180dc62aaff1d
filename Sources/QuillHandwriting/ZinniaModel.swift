import CZinnia
import Synchronization

/// A Zinnia model opened for classifying characters (Zinnia is fenced here: no other file of
/// Quill imports it). Zinnia's recognizer is not thread-safe: a model classifies one character at
/// a time (a lock around each call, which guards Zinnia alone).
final class ZinniaModel: CharacterClassifier, @unchecked Sendable {
    private let recognizer: OpaquePointer
    private let character: OpaquePointer
    /// Held around every call into Zinnia (its recognizer and the character it fills).
    private let lock = Mutex(())
    /// The model's file.
    let path: String

    /// Opens the model at `path`; throws naming the file when Zinnia cannot read it.
    init(path: String) throws(HandwritingError) {
        guard let recognizer = zinnia_recognizer_new(), let character = zinnia_character_new() else {
            throw HandwritingError.model(path: path, reason: "Zinnia could not allocate a recognizer")
        }
        guard zinnia_recognizer_open(recognizer, path) != 0 else {
            let reason = String(cString: zinnia_recognizer_strerror(recognizer))
            zinnia_recognizer_destroy(recognizer)
            zinnia_character_destroy(character)
            throw HandwritingError.model(path: path, reason: reason)
        }
        self.recognizer = recognizer
        self.character = character
        self.path = path
    }

    deinit {
        zinnia_character_destroy(character)
        zinnia_recognizer_destroy(recognizer)
    }

    /// The number of classes the model knows.
    var classCount: Int {
        lock.withLock { _ in Int(zinnia_recognizer_size(recognizer)) }
    }

    /// The `count` best classes for a cleaned character, best first, with Zinnia's scores.
    func classify(_ canvas: CharacterCanvas, count: Int) -> [RecognitionCandidate] {
        lock.withLock { _ in
            zinnia_character_clear(character)
            zinnia_character_set_width(character, CharacterCanvas.size)
            zinnia_character_set_height(character, CharacterCanvas.size)
            for (id, stroke) in canvas.strokes.enumerated() {
                for p in stroke { _ = zinnia_character_add(character, id, Int32(p.x), Int32(p.y)) }
            }
            guard let result = zinnia_recognizer_classify(recognizer, character, max(1, count)) else { return [] }
            defer { zinnia_result_destroy(result) }
            return (0..<zinnia_result_size(result)).compactMap { index in
                guard let value = zinnia_result_value(result, index) else { return nil }
                return RecognitionCandidate(text: String(cString: value), score: Double(zinnia_result_score(result, index)))
            }
        }
    }
}
