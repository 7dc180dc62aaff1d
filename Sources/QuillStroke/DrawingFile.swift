#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The drawing file: JSON of a ``Drawing`` (format version 1), read with its version checked and
/// every value validated, written atomically.
///
/// Reading refuses another version ("this Quill reads version 1") and values a drawing cannot
/// hold: a canvas side outside 1 … 100 000 points, an ink width outside its ink's range, a colour
/// component outside 0 … 1, a point or transform value that is not finite or lies beyond 10⁶
/// points, an opacity outside 0 … 1. Writing goes to a temporary file beside the target, then
/// renamed over it (Foundation's atomic write): a crash or a full disk mid-write leaves the old
/// file as it was.
public enum DrawingFile {
    /// The format version this Quill reads and writes.
    public static let version = 1

    /// Reads and validates the drawing at `path`. Throws ``DrawingFileError`` naming the file and
    /// what is wrong.
    public static func read(_ path: String) throws -> Drawing {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch let error as CocoaError {
            let reason: String
            switch error.code {
            case .fileReadNoSuchFile: reason = "no such file"
            case .fileReadNoPermission: reason = "permission denied"
            default:
                var isDirectory = false
                if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory {
                    reason = "is a directory, expected a drawing file (.json)"
                } else {
                    reason = (error.userInfo["NSUnderlyingError"] as? any Error).map { "\($0)" } ?? "the file cannot be read (error \(error.code.rawValue))"
                }
            }
            throw DrawingFileError(file: path, message: "cannot read: \(reason)")
        } catch {
            throw DrawingFileError(file: path, message: "cannot read: \(error)")
        }
        return try decode(data, file: path)
    }

    /// Decodes and validates a drawing (`file` names it in errors).
    public static func decode(_ data: Data, file: String) throws -> Drawing {
        struct Header: Decodable { var version: Int? }
        let header: Header
        do {
            header = try JSONDecoder().decode(Header.self, from: data)
        } catch {
            throw DrawingFileError(file: file, message: "not a Quill drawing file: not a JSON object")
        }
        guard let found = header.version else { throw DrawingFileError(file: file, message: "not a Quill drawing file: no 'version'") }
        guard found == version else {
            throw DrawingFileError(file: file, message: "drawing file version \(found): this Quill reads version \(version)")
        }
        let drawing: Drawing
        do {
            drawing = try JSONDecoder().decode(Drawing.self, from: data)
        } catch let error as DecodingError {
            throw DrawingFileError(file: file, message: "not a Quill drawing file: \(describe(error))")
        }
        try validate(drawing, file: file)
        return drawing
    }

    /// Checks every value against what a drawing can hold.
    public static func validate(_ drawing: Drawing, file: String) throws {
        func fail(_ what: String, _ value: Any, _ expected: String) -> DrawingFileError {
            DrawingFileError(file: file, message: "\(what) is \(value): expected \(expected)")
        }
        for (name, side) in [("canvasWidth", drawing.canvasWidth), ("canvasHeight", drawing.canvasHeight)] where !(side.isFinite && (1...100_000).contains(side)) {
            throw fail(name, side, "points 1 … 100000")
        }
        let limit = 1e6
        for (s, stroke) in drawing.strokes.enumerated() {
            let at = "strokes[\(s)]"
            let range = stroke.ink.type.widthRange
            guard stroke.ink.width.isFinite, range.contains(stroke.ink.width) else {
                throw fail("\(at).ink.width", stroke.ink.width, "points \(range.lowerBound) … \(range.upperBound) for \(stroke.ink.type.rawValue)")
            }
            let color = stroke.ink.color
            for (name, value) in [("red", color.red), ("green", color.green), ("blue", color.blue), ("alpha", color.alpha)] where !(value.isFinite && (0...1).contains(value)) {
                throw fail("\(at).ink.color.\(name)", value, "0 … 1")
            }
            let t = stroke.transform
            for (name, value) in [("a", t.a), ("b", t.b), ("c", t.c), ("d", t.d), ("tx", t.tx), ("ty", t.ty)] where !(value.isFinite && abs(value) <= limit) {
                throw fail("\(at).transform.\(name)", value, "a finite number within ±\(Int(limit))")
            }
            guard stroke.path.creationTime.isFinite else { throw fail("\(at).path.creationTime", stroke.path.creationTime, "finite seconds") }
            for (p, point) in stroke.path.points.enumerated() {
                for (name, value) in [("x", point.x), ("y", point.y), ("timeOffset", point.timeOffset), ("force", point.force), ("azimuth", point.azimuth), ("altitude", point.altitude)]
                where !(value.isFinite && abs(value) <= limit) {
                    throw fail("\(at).path.points[\(p)].\(name)", value, "a finite number within ±\(Int(limit))")
                }
                for (name, value) in [("width", point.width), ("height", point.height)] where !(value.isFinite && value >= 0 && value <= 1000) {
                    throw fail("\(at).path.points[\(p)].\(name)", value, "points 0 … 1000")
                }
                guard point.opacity.isFinite, (0...1).contains(point.opacity) else {
                    throw fail("\(at).path.points[\(p)].opacity", point.opacity, "0 … 1")
                }
            }
            for (m, polygon) in (stroke.mask ?? []).enumerated() {
                guard polygon.xs.count == polygon.ys.count else { throw fail("\(at).mask[\(m)]", "\(polygon.xs.count) xs and \(polygon.ys.count) ys", "as many xs as ys") }
                for value in polygon.xs + polygon.ys where !(value.isFinite && abs(value) <= limit) {
                    throw fail("\(at).mask[\(m)]", value, "finite points within ±\(Int(limit))")
                }
            }
        }
        for (b, box) in drawing.textBoxes.enumerated() {
            let at = "textBoxes[\(b)]"
            for (name, value) in [("x", box.x), ("y", box.y)] where !(value.isFinite && abs(value) <= limit) {
                throw fail("\(at).\(name)", value, "a finite number within ±\(Int(limit))")
            }
            for (name, value) in [("width", box.width), ("height", box.height)] where !(value.isFinite && (1...100_000).contains(value)) {
                throw fail("\(at).\(name)", value, "points 1 … 100000")
            }
            guard box.fontSize.isFinite, (4...200).contains(box.fontSize) else { throw fail("\(at).fontSize", box.fontSize, "points 4 … 200") }
            for (name, value) in [("text", box.text), ("placeholder", box.placeholder)] where value.count > 100_000 {
                throw fail("\(at).\(name)", "\(value.count) characters long", "at most 100000 characters")
            }
        }
    }

    /// Writes `drawing` to `path` atomically (temporary file beside it, fsync, rename). Throws
    /// ``DrawingFileError`` — the old file, if any, is untouched — when it cannot.
    public static func write(_ drawing: Drawing, to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data: Data
        do {
            data = try encoder.encode(drawing)
        } catch {
            throw DrawingFileError(file: path, message: "cannot encode the drawing: \(error)")
        }
        try AtomicFile.write(data, to: path)
    }

    static func describe(_ error: DecodingError) -> String {
        switch error {
        case let .keyNotFound(key, context): return "missing key '\(key.stringValue)' at \(where_(context))"
        case let .typeMismatch(_, context), let .valueNotFound(_, context), let .dataCorrupted(context):
            return "\(context.debugDescription) at \(where_(context))"
        @unknown default: return "\(error)"
        }
    }

    private static func where_(_ context: DecodingError.Context) -> String {
        context.codingPath.isEmpty ? "the top level" : context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
    }
}

/// Writing a file so that it is either the old one or the whole new one, never a part.
public enum AtomicFile {
    /// Writes `data` to a temporary file in `path`'s directory, then renames it over `path`
    /// (FoundationEssentials' `.atomic` write). On any failure `path` is as it was.
    public static func write(_ data: Data, to path: String) throws {
        // A temporary file beside `path`, then renamed over it (rename(2) is atomic within a directory).
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw DrawingFileError(file: path, message: "cannot write: \(error); the previous file is kept")
        }
    }
}

/// A drawing file that cannot be read or written.
public struct DrawingFileError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var message: String
    public init(file: String, message: String) {
        self.file = file
        self.message = message
    }
    public var description: String { "\(file): \(message)" }
}
