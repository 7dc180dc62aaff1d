import Foundation
import FuzzSupport
import QuillCore
import QuillHandwriting
import QuillShapes

/// The English recognizer (the model from QUILL_HANDWRITING_MODELS, which Tools/testing/fuzz sets), opened once.
nonisolated(unsafe) let recognizer = try? HandwritingRecognizer(language: .english)
/// The Japanese recognizer (Debian's Zinnia model for the lattice, Quill's japanese.network beside
/// the English model when present), opened once.
nonisolated(unsafe) let japanese = try? HandwritingRecognizer(language: .japanese)

/// An input as ink: 4 bytes a point (x, y as little-endian Int16, tenths of a unit); (32767, 32767)
/// ends a stroke, −32768 is NaN for x and 10³⁰⁰ for y (strokes a recognizer must survive). At most
/// 5 000 points, each stroke timed at 240 Hz.
func ink(_ bytes: UnsafeBufferPointer<UInt8>) -> [[Point]] {
    var strokes: [[Point]] = [[]]
    var index = 0
    while index + 3 < bytes.count, strokes.reduce(0, { $0 + $1.count }) < 5_000 {
        let x = Int16(bitPattern: UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8)
        let y = Int16(bitPattern: UInt16(bytes[index + 2]) | UInt16(bytes[index + 3]) << 8)
        index += 4
        if x == .max, y == .max {
            strokes.append([])
            continue
        }
        strokes[strokes.count - 1].append(Point(x: x == .min ? .nan : Double(x) / 10, y: y == .min ? 1e300 : Double(y) / 10))
    }
    return strokes.filter { !$0.isEmpty }
}

// One input: every stroke through the shape recognizer, the editing gestures and a text field; the
// whole ink through the English and the Japanese handwriting recognizers. Nothing may crash, hang or run away with memory.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInk(_ input: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let input else { return 0 }
    let strokes = ink(UnsafeBufferPointer(start: input, count: size))
    let shapes = ShapeRecognizer()
    for stroke in strokes {
        _ = shapes.candidates(stroke)
        _ = EditingGesture.shaped(stroke)
    }
    guard let recognizer else { return 0 }
    let handwriting = HandwritingInk(strokes: strokes.map { stroke in
        HandwritingStroke(points: stroke.enumerated().map { HandwritingPoint(x: $0.element.x, y: $0.element.y, t: Double($0.offset) / 240) })
    })
    _ = recognizer.recognize(handwriting, candidates: 3)
    _ = japanese?.recognize(handwriting, candidates: 3)
    guard var field = try? ScribbleField(frame: Rect(x: 0, y: 0, width: 600, height: 60), text: "cat water", recognizer: recognizer) else { return 0 }
    var t = 0.0
    for stroke in handwriting.strokes {
        for (index, point) in stroke.points.enumerated() {
            if index == 0 { field.begin(at: Point(x: point.x, y: point.y), time: t) } else { field.move(to: Point(x: point.x, y: point.y), time: t) }
            t += 1.0 / 240
        }
        field.end(time: t)
        t += 0.2
    }
    field.commit()
    return 0
}

@_cdecl("FuzzInk_main")
public func fuzzInkMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, { data, size in fuzzInk(data, size) })
}
