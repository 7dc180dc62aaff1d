#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CZinnia
import Synchronization

/// A Zinnia model opened for classifying characters (Zinnia is fenced here: no other file of
/// Quill imports it). Zinnia's recognizer is not thread-safe: a model classifies one character at
/// a time (a lock around each call).
///
/// Debian's Japanese model (`handwriting-ja.model`) is read with Quill's own Japanese network when
/// ``JapaneseNetwork/fileName`` is found where Quill's English model is looked for
/// (``HandwritingRecognizer/modelPaths(for:)``): the network then reads every character (it reads
/// real pens better: its PROVENANCE.md), and Zinnia's model is the fallback when the file is absent.
final class ZinniaModel: @unchecked Sendable {
    private let recognizer: OpaquePointer
    private let character: OpaquePointer
    /// Quill's Japanese network, when it reads this model's characters, and its working memory.
    private let network: JapaneseNetwork?
    private let lock: Mutex<JapaneseNetwork.Scratch>
    /// The model's file.
    let path: String
    /// The Japanese network's file, when one is used.
    let networkPath: String?

    /// Opens the model at `path`; throws naming the file when Zinnia cannot read it. For Debian's
    /// Japanese model, the first of `networkPaths` that exists (by default
    /// ``defaultNetworkPaths()``) is opened too; a file there that is not a Japanese network
    /// throws naming that file.
    init(path: String, networkPaths: [String]? = nil) throws(HandwritingError) {
        let candidates = networkPaths ?? (URL(fileURLWithPath: path).lastPathComponent == "handwriting-ja.model" ? Self.defaultNetworkPaths() : [])
        if let found = candidates.first(where: { FileManager.default.isReadableFile(atPath: $0) }) {
            network = try JapaneseNetwork(path: found)
            networkPath = found
        } else {
            network = nil
            networkPath = nil
        }
        lock = Mutex(network?.makeScratch() ?? JapaneseNetwork.Scratch(features: [], cells: [], first: [], second: [], scores: []))
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

    /// Where Quill's Japanese network is looked for: where Quill's English model is
    /// (`QUILL_HANDWRITING_MODELS`, PREFIX/share/quill, the built resource bundle).
    static func defaultNetworkPaths() -> [String] {
        HandwritingRecognizer.modelPaths(for: .english).map {
            URL(fileURLWithPath: $0).deletingLastPathComponent().appendingPathComponent(JapaneseNetwork.fileName).path
        }
    }

    /// The number of classes the model (or the network reading for it) knows.
    var classCount: Int {
        if let network { return network.classes.count }
        return lock.withLock { _ in Int(zinnia_recognizer_size(recognizer)) }
    }

    /// The `count` best classes for a cleaned character, best first.
    func classify(_ canvas: CharacterCanvas, count: Int) -> [RecognitionCandidate] {
        lock.withLock { scratch in
            if let network { return network.classify(canvas, count: count, scratch: &scratch) }
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
