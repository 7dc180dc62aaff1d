// QuillHandwriting's ink types as the word network's files use them, for this bench alone
// (HandwritingInk.swift itself needs the rest of the module).
struct HandwritingPoint: Hashable, Sendable {
    var x: Double
    var y: Double
    var t: Double? = nil
}

struct RecognitionCandidate: Hashable, Sendable {
    var text: String
    var score: Double
}
