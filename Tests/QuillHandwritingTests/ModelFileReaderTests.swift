import Foundation
import Testing
@testable import QuillHandwriting

/// The reader both of Quill's network files go through (``ModelFileReader``): a file is refused with
/// its name and what is wrong with it, the same way for ``JapaneseNetwork`` and ``WordNetwork``,
/// and no size written in a file can trap (dimensions whose product overflows Int).
@Suite struct ModelFileReaderTests {
    static func word(_ value: UInt32) -> [UInt8] { withUnsafeBytes(of: value.littleEndian, Array.init) }

    /// A Japanese network's opening (one class, six tensors) and a word network's (alphabet "a",
    /// nine tensors), each followed by `tensor`.
    static func files(tensor: [UInt8]) -> [(name: String, bytes: [UInt8], open: (String) throws(HandwritingError) -> Void)] {
        let japanese = Array("QUILLJN1".utf8) + word(4) + Array("あ\n".utf8) + word(6) + tensor
        let words = Array("QUILLWN1".utf8) + word(1) + Array("a".utf8) + word(9) + tensor
        return [
            ("japanese.network", japanese, { path throws(HandwritingError) in _ = try JapaneseNetwork(path: path) }),
            ("words.network", words, { path throws(HandwritingError) in _ = try WordNetwork(path: path) }),
        ]
    }

    static func refusal(_ bytes: [UInt8], name: String, open: (String) throws(HandwritingError) -> Void) throws -> (path: String, reason: String)? {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("quill-model-reader-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        do {
            try open(path)
            return nil
        } catch {
            guard case let .model(failed, reason) = error else { return nil }
            #expect(failed == path)
            return (failed, reason)
        }
    }

    @Test func dimensionsWhoseProductOverflowsAreRefusedNotATrap() throws {
        // Rank 2: (2³² − 1)² > Int.max; each file's reader asks for its own ranks (2 and 3).
        for (name, bytes, open) in Self.files(tensor: Self.word(2) + Self.word(.max) + Self.word(.max)) {
            let refused = try #require(try Self.refusal(bytes, name: name, open: open), "\(name) was read")
            #expect(refused.reason == "a tensor of shape [4294967295, 4294967295] past the file's \(bytes.count) bytes", "\(name)")
        }
    }

    @Test func aValueNotFiniteAndAFileCutShortAreRefusedWithTheirReason() throws {
        let infinite = Self.word(1) + Self.word(2) + Self.word(Float(1).bitPattern) + Self.word(Float.infinity.bitPattern)
        for (name, bytes, open) in Self.files(tensor: infinite) {
            let refused = try #require(try Self.refusal(bytes, name: name, open: open), "\(name) was read")
            #expect(refused.reason == "a value of a tensor of shape [2] is not finite", "\(name)")
        }
        for (name, bytes, open) in Self.files(tensor: Self.word(1) + [2, 0]) {
            let refused = try #require(try Self.refusal(bytes, name: name, open: open), "\(name) was read")
            #expect(refused.reason == "\(bytes.count) bytes: ends early", "\(name)")
        }
        for (name, _, open) in Self.files(tensor: []) {
            let refused = try #require(try Self.refusal(Array("QUILLXX1".utf8), name: name, open: open), "\(name) was read")
            #expect(refused.reason.hasPrefix("not a Quill ") && refused.reason.hasSuffix("header)"), "\(name): \(refused.reason)")
        }
    }
}
