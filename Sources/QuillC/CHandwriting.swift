import CQuill
#if canImport(Glibc)
import Glibc
#endif
import QuillHandwriting

@_silgen_name("cquill_library_path")
private func cquill_library_path() -> UnsafePointer<CChar>?

/// What a quill_recognizer handle holds: the recognizer, the ink being added, the last results.
final class RecognizerBox {
    let recognizer: HandwritingRecognizer
    var strokes: [HandwritingStroke] = []
    var pointCount = 0
    var units: [RecognizedUnit] = []
    init(recognizer: HandwritingRecognizer) { self.recognizer = recognizer }

    static func from(_ handle: OpaquePointer?) throws -> RecognizerBox {
        try CHandle.object(handle, "recognizer")
    }

    /// Points a recognizer's ink may hold (a million: thousands of characters).
    static let maximumPoints = 1_000_000
}

/// The model files beside libquill: PREFIX/lib/../share/quill (installed) and the build's resource
/// folder — beside the path it was loaded by and beside the file itself (a symbolic link's target).
private func besideTheLibrary() -> [String] {
    guard let loaded = cquill_library_path().map({ String(cString: $0) }) else { return [] }
    var files = [loaded]
    if let resolved = realpath(loaded, nil) {
        files.append(String(cString: resolved))
        free(resolved)
    }
    var paths: [String] = []
    for file in files {
        guard let slash = file.lastIndex(of: "/") else { continue }
        let directory = String(file[..<slash])
        let name = HandwritingRecognizer.englishModel
        for path in [directory + "/../share/quill/" + name, directory + "/Quill_QuillHandwritingModel.resources/" + name] where !paths.contains(path) {
            paths.append(path)
        }
    }
    return paths
}

@_cdecl("quill_recognizer_new")
public func quill_recognizer_new(_ language: Int32, _ modelPath: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    guarded {
        let languages: [HandwritingLanguage] = [.english, .japanese, .simplifiedChinese]
        guard language >= 0, Int(language) < languages.count else {
            throw CFailure.invalid("language is \(language); expected 0 … 2 (enum quill_language)")
        }
        let chosen = languages[Int(language)]
        let recognizer: HandwritingRecognizer
        do {
            recognizer = try HandwritingRecognizer(
                language: chosen, modelPath: modelPath.map { String(cString: $0) }, alsoSearching: chosen == .english ? besideTheLibrary() : [])
        } catch let error as HandwritingError {
            if case .missingModel = error { throw CFailure(status: QUILL_ERROR_NOT_FOUND.rawValue, message: "\(error)") }
            throw CFailure(status: QUILL_ERROR_IO.rawValue, message: "\(error)")
        }
        try CHandle.handOut(RecognizerBox(recognizer: recognizer), to: out, "recognizer")
        return CStatus.ok
    }
}

@_cdecl("quill_recognizer_add_point")
public func quill_recognizer_add_point(_ handle: OpaquePointer?, _ x: Double, _ y: Double, _ t: Double, _ newStroke: Int32) -> Int32 {
    guarded {
        let box = try RecognizerBox.from(handle)
        guard box.pointCount < RecognizerBox.maximumPoints else {
            throw CFailure.invalid("the ink already holds \(RecognizerBox.maximumPoints) points, the most a recognizer takes: recognize and clear it")
        }
        let point = HandwritingPoint(x: x, y: y, t: t.isNaN ? nil : t)
        if newStroke != 0 || box.strokes.isEmpty {
            box.strokes.append(HandwritingStroke(points: [point]))
        } else {
            box.strokes[box.strokes.count - 1].points.append(point)
        }
        box.pointCount += 1
        return CStatus.ok
    }
}

@_cdecl("quill_recognizer_clear")
public func quill_recognizer_clear(_ handle: OpaquePointer?) -> Int32 {
    guarded {
        let box = try RecognizerBox.from(handle)
        box.strokes = []
        box.pointCount = 0
        box.units = []
        return CStatus.ok
    }
}

@_cdecl("quill_recognizer_recognize")
public func quill_recognizer_recognize(_ handle: OpaquePointer?, _ preContext: UnsafePointer<CChar>?, _ candidates: Int32, _ count: UnsafeMutablePointer<Int>?) -> Int32 {
    guarded {
        let box = try RecognizerBox.from(handle)
        guard (1...20).contains(candidates) else { throw CFailure.invalid("candidates is \(candidates); expected 1 … 20") }
        guard let count else { throw CFailure.invalid("unit_count is NULL") }
        let context = RecognitionContext(preContext: preContext.map { String(cString: $0) } ?? "")
        box.units = box.recognizer.recognize(HandwritingInk(strokes: box.strokes), context: context, candidates: Int(candidates))
        count.pointee = box.units.count
        return CStatus.ok
    }
}

/// Unit `unit` of the last recognition, or QUILL_ERROR_NOT_FOUND.
private func recognized(_ box: RecognizerBox, _ unit: Int) throws -> RecognizedUnit {
    guard unit >= 0, unit < box.units.count else {
        throw CFailure(status: QUILL_ERROR_NOT_FOUND.rawValue, message: "unit \(unit): the last recognition read \(box.units.count) units")
    }
    return box.units[unit]
}

@_cdecl("quill_recognizer_get_candidate")
public func quill_recognizer_get_candidate(
    _ handle: OpaquePointer?, _ unit: Int, _ rank: Int, _ text: UnsafeMutablePointer<CChar>?, _ capacity: Int, _ length: UnsafeMutablePointer<Int>?,
    _ score: UnsafeMutablePointer<Double>?
) -> Int32 {
    guarded {
        let box = try RecognizerBox.from(handle)
        let read = try recognized(box, unit)
        guard rank >= 0, rank < read.candidates.count else {
            throw CFailure(status: QUILL_ERROR_NOT_FOUND.rawValue, message: "rank \(rank): unit \(unit) has \(read.candidates.count) candidates")
        }
        guard let length else { throw CFailure.invalid("length is NULL") }
        let candidate = read.candidates[rank]
        let bytes = Array(candidate.text.utf8)
        length.pointee = bytes.count
        score?.pointee = candidate.score
        guard bytes.count < capacity else {
            throw CFailure(status: QUILL_ERROR_BUFFER_TOO_SMALL.rawValue, message: "the text is \(bytes.count) bytes and its NUL; text holds \(capacity)")
        }
        guard let text else { throw CFailure.invalid("text is NULL") }
        for (index, byte) in bytes.enumerated() { text[index] = CChar(bitPattern: byte) }
        text[bytes.count] = 0
        return CStatus.ok
    }
}

@_cdecl("quill_recognizer_get_strokes")
public func quill_recognizer_get_strokes(_ handle: OpaquePointer?, _ unit: Int, _ strokes: UnsafeMutablePointer<Int32>?, _ capacity: Int, _ count: UnsafeMutablePointer<Int>?) -> Int32 {
    guarded {
        let box = try RecognizerBox.from(handle)
        let read = try recognized(box, unit)
        guard let count else { throw CFailure.invalid("count is NULL") }
        count.pointee = read.strokes.count
        guard read.strokes.count <= capacity else {
            throw CFailure(status: QUILL_ERROR_BUFFER_TOO_SMALL.rawValue, message: "unit \(unit) was read from \(read.strokes.count) strokes; strokes holds \(capacity)")
        }
        if !read.strokes.isEmpty {
            guard let strokes else { throw CFailure.invalid("strokes is NULL") }
            for (index, stroke) in read.strokes.enumerated() { strokes[index] = Int32(truncatingIfNeeded: stroke) }
        }
        return CStatus.ok
    }
}

@_cdecl("quill_recognizer_free")
public func quill_recognizer_free(_ handle: OpaquePointer?) {
    CHandle.release(handle, as: RecognizerBox.self)
}
