import Foundation
import QuillHandwriting

/// Characters of UNIPEN writers Quill's English model was never trained on (300: 100 digits, 200
/// letters; Tests/Fixtures/handwriting/UNIPEN-LICENSE.md), and printed words put together from them.
enum HeldOutWriting {
    struct Sample: Decodable {
        var writer: String
        var label: String
        var strokes: [[[Double]]]
        var ink: [HandwritingStroke] { strokes.map { HandwritingStroke(points: $0.map { HandwritingPoint(x: $0[0], y: $0[1]) }) } }
    }

    static let samples: [Sample] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/handwriting/unipen-heldout-sample.json")
        return (try? JSONDecoder().decode([Sample].self, from: Data(contentsOf: url))) ?? []
    }()

    /// `word` written with the first sample of each letter, each letter's strokes moved into place
    /// a fifth of its height after the one before, on a baseline at y 20 (the samples' unit). With
    /// `oneHand`, as one person writes: every letter scaled to one x-height (1 unit; capitals,
    /// digits, ascenders and descenders 1.6), descenders (g j p q y) hanging 0.6 below the baseline
    /// — the samples come from eight writers whose sizes differ up to threefold.
    static func word(_ word: String, oneHand: Bool = false) -> [HandwritingStroke] {
        var strokes: [HandwritingStroke] = []
        var x = 0.0
        for letter in word {
            guard let sample = samples.first(where: { $0.label == String(letter) }) else { continue }
            let xs = sample.strokes.flatMap { $0.map { $0[0] } }, ys = sample.strokes.flatMap { $0.map { $0[1] } }
            let (left, width, bottom, height) = (xs.min()!, xs.max()! - xs.min()!, ys.max()!, ys.max()! - ys.min()!)
            let tall = !"acemnorsuvwxz".contains(letter)
            let scale = oneHand ? (tall ? 1.6 : 1) / Swift.max(height, 1e-9) : 1
            let drop = oneHand && "gjpqy".contains(letter) ? 0.6 : 0
            for stroke in sample.strokes {
                strokes.append(HandwritingStroke(points: stroke.map { HandwritingPoint(x: ($0[0] - left) * scale + x, y: ($0[1] - bottom) * scale + 20 + drop) }))
            }
            x += (width + 0.2 * height) * scale
        }
        return strokes
    }

    /// `strokes` scaled so that they are `height` tall, their box's top-left corner at (`x`, `y`).
    static func placed(_ strokes: [HandwritingStroke], x: Double, y: Double, height: Double) -> [HandwritingStroke] {
        let points = strokes.flatMap(\.points)
        let left = points.map(\.x).min() ?? 0, top = points.map(\.y).min() ?? 0
        let extent = max(1e-9, (points.map(\.y).max() ?? 0) - top)
        let scale = height / extent
        return strokes.map { HandwritingStroke(points: $0.points.map { HandwritingPoint(x: x + ($0.x - left) * scale, y: y + ($0.y - top) * scale, t: $0.t) }) }
    }
}
