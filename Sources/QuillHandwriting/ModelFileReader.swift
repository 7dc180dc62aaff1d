#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads one of Quill's network files (``JapaneseNetwork``'s `japanese.network`, ``WordNetwork``'s
/// `words.network`), front to back: an eight-byte magic, then little-endian UInt32 words, UTF-8
/// texts and Float32 tensors. Every error is `HandwritingError.model` naming the file and what is
/// wrong with it; nothing read is trusted (sizes are bounded before anything is allocated for them).
struct ModelFileReader {
    /// A tensor read: its dimensions (outermost first) and its values, row-major.
    struct Tensor {
        var shape: [Int]
        var values: [Float]
    }

    /// The file's path, named in every error.
    let path: String
    /// The whole file.
    let bytes: [UInt8]
    /// Where the next read begins, in bytes from the file's start.
    private(set) var offset = 0

    /// Reads the file at `path` and its magic (eight ASCII bytes, e.g. "QUILLJN1"). Throws when the
    /// file cannot be read, or does not begin with `magic` ("not a Quill `kind` (no `magic` header)").
    init(path: String, magic: String, kind: String) throws(HandwritingError) {
        precondition(magic.utf8.count == 8, "a magic is eight bytes")
        self.path = path
        do {
            bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw HandwritingError.model(path: path, reason: "cannot read it: \(error)")
        }
        guard bytes.count >= 8, String(decoding: bytes[0..<8], as: UTF8.self) == magic else { throw fail("not a Quill \(kind) (no \(magic) header)") }
        offset = 8
    }

    /// The error for this file: `reason` says what is wrong with it.
    func fail(_ reason: String) -> HandwritingError { .model(path: path, reason: reason) }

    /// Bytes not read yet.
    var remaining: Int { bytes.count - offset }

    /// The next little-endian UInt32, as an Int (0 … 2³² − 1); throws when the file ends first.
    mutating func word() throws(HandwritingError) -> Int {
        guard offset + 4 <= bytes.count else { throw fail("\(bytes.count) bytes: ends early") }
        defer { offset += 4 }
        return Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16 | Int(bytes[offset + 3]) << 24
    }

    /// The next `count` bytes as UTF-8 text (invalid sequences become U+FFFD). The caller checks
    /// first that `count` is at most ``remaining`` (its own error says what the text is).
    mutating func text(byteCount count: Int) -> String {
        precondition(count >= 0 && count <= remaining, "a text within the file")
        defer { offset += count }
        return String(decoding: bytes[offset..<(offset + count)], as: UTF8.self)
    }

    /// `count` tensors, each: UInt32 rank (within `ranks`), its dimensions (UInt32 each, 1 … 100 000),
    /// then its Float32 values (at most `maximumValues`, every one finite).
    mutating func tensors(_ count: Int, ranks: ClosedRange<Int>, maximumValues: Int) throws(HandwritingError) -> [Tensor] {
        precondition(ranks.lowerBound >= 1 && ranks.upperBound <= 3 && maximumValues <= 1 << 40, "bounds whose products cannot overflow")
        var tensors: [Tensor] = []
        for _ in 0..<count {
            let rank = try word()
            guard ranks.contains(rank) else { throw fail("a tensor of rank \(rank): this Quill reads \(ranks.lowerBound) … \(ranks.upperBound)") }
            var shape: [Int] = []
            for _ in 0..<rank { shape.append(try word()) }
            // Dimensions first: their product is then at most 10¹⁵ (rank 3), which cannot overflow.
            let count = shape.allSatisfy({ (1...100_000).contains($0) }) ? shape.reduce(1, *) : Int.max
            guard count <= maximumValues, 4 * count <= remaining else { throw fail("a tensor of shape \(shape) past the file's \(bytes.count) bytes") }
            let values = floats(count)
            guard values.allSatisfy(\.isFinite) else { throw fail("a value of a tensor of shape \(shape) is not finite") }
            tensors.append(Tensor(shape: shape, values: values))
        }
        return tensors
    }

    /// The next `count` little-endian Float32 values (the caller has checked they are in the file).
    private mutating func floats(_ count: Int) -> [Float] {
        var values = [Float](repeating: 0, count: count)
        values.withUnsafeMutableBytes { target in
            bytes.withUnsafeBytes { source in target.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[offset..<(offset + 4 * count)])) }
        }
        #if _endian(big)
        for index in values.indices { values[index] = Float(bitPattern: values[index].bitPattern.byteSwapped) }
        #endif
        offset += 4 * count
        return values
    }
}
