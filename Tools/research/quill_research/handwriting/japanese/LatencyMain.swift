// The driver of measure_release.sh: reads characters written as a person writes them (JSON from
// measure.py --json) through HandwritingRecognizer(language: .japanese), one character an ink, and
// prints per writer: read right, read as one character, and the time per character (p50, p99).
import Foundation
import QuillHandwriting

struct Item: Decodable {
    var label: String
    var writer: String
    /// [[x mm, y mm, t s]] per stroke.
    var strokes: [[[Double]]]
}

let items = try JSONDecoder().decode([Item].self, from: Data(contentsOf: URL(fileURLWithPath: CommandLine.arguments[1])))
let recognizer = try HandwritingRecognizer(language: .japanese)
print("classes: \(recognizer.classCount)")
var byWriter: [String: (n: Int, right: Int, whole: Int)] = [:]
var times: [Double] = []
let clock = ContinuousClock()
for round in 0..<2 {
    for item in items {
        let ink = HandwritingInk(strokes: item.strokes.map { HandwritingStroke(points: $0.map { HandwritingPoint(x: $0[0], y: $0[1], t: $0[2]) }) })
        let start = clock.now
        let units = recognizer.recognize(ink)
        let elapsed = clock.now - start
        guard round == 1 else { continue }  // the first round warms caches
        times.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1e3)
        var w = byWriter[item.writer] ?? (0, 0, 0)
        w.n += 1
        w.right += units.map(\.text).joined() == item.label ? 1 : 0
        w.whole += units.count == 1 ? 1 : 0
        byWriter[item.writer] = w
    }
}
for (writer, w) in byWriter.sorted(by: { $0.key < $1.key }) {
    print("\(writer): \(w.right)/\(w.n) right (\(String(format: "%.1f", 100.0 * Double(w.right) / Double(w.n))) %), \(w.whole)/\(w.n) one character")
}
times.sort()
print(String(format: "per character: p50 %.2f ms, p99 %.2f ms, max %.2f ms", times[times.count / 2], times[Int(Double(times.count) * 0.99)], times[times.count - 1]))
