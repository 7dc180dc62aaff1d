import Glibc
import QuillTestSupport
import Testing
@testable import QuillHandwriting

/// No stroke can make Zinnia run away (ink-recognition.md: a real 64-point stroke retracing its own
/// points grew a process to 24 GB; a 12-turn spiral of 250 points passed 1 GB).
@Suite struct RunawayTests {
    static func peakMegabytes() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_maxrss) / 1024
    }

    /// The inputs that ran away, and seeded random scribbles of up to 5 000 points with repeats,
    /// huge and non-finite values: each is cleaned to ≤ 16 vertices a stroke before Zinnia sees
    /// it, and classifying them all raises the process's peak memory by less than 200 MB.
    @Test func runawayStrokesAreCleanedAndClassifiedInBoundedMemory() throws {
        let recognizer = try HandwritingRecognizer(language: .japanese)
        var inputs: [[HandwritingStroke]] = []
        // A 64-point stroke retracing its own points 100 times.
        let path: [HandwritingPoint] = (0..<64).map { (index: Int) -> HandwritingPoint in
            HandwritingPoint(x: Double(index % 16) * 6, y: Double(index / 16) * 20 + Double(index % 3))
        }
        var retraced: [HandwritingPoint] = []
        for pass in 0..<100 { retraced += pass % 2 == 0 ? path : path.reversed() }
        inputs.append([HandwritingStroke(points: retraced)])
        // A 12-turn spiral of 250 points.
        let spiral: [HandwritingPoint] = (0..<250).map { (index: Int) -> HandwritingPoint in
            let turn = Double(index) / 250 * 24 * Double.pi, radius = 5 + Double(index) / 5
            return HandwritingPoint(x: 50 + radius * cos(turn), y: 50 + radius * sin(turn))
        }
        inputs.append([HandwritingStroke(points: spiral)])
        var random = SeededRandom(seed: 0x2A_2A)
        for _ in 0..<30 {
            var strokes: [HandwritingStroke] = []
            for _ in 0..<Int.random(in: 1...20, using: &random) {
                var p = HandwritingPoint(x: 50, y: 50)
                var points: [HandwritingPoint] = []
                for _ in 0..<Int.random(in: 1...5_000, using: &random) {
                    switch Int.random(in: 0..<50, using: &random) {
                    case 0: points.append(HandwritingPoint(x: .nan, y: 3))
                    case 1: points.append(HandwritingPoint(x: 1e300, y: -.infinity))
                    case 2, 3, 4: points.append(points.randomElement(using: &random) ?? p)
                    default:
                        p.x += Double.random(in: -4...4, using: &random)
                        p.y += Double.random(in: -4...4, using: &random)
                        points.append(p)
                    }
                }
                strokes.append(HandwritingStroke(points: points))
            }
            inputs.append(strokes)
        }
        let before = Self.peakMegabytes()
        for strokes in inputs {
            if let canvas = CharacterCanvas(strokes.map(\.points)) {
                #expect(canvas.strokes.count <= CharacterCanvas.maximumStrokes)
                #expect(canvas.strokes.allSatisfy { $0.count <= CharacterCanvas.maximumVertices })
            }
            _ = recognizer.classifyCharacter(strokes, count: 5)
        }
        #expect(Self.peakMegabytes() - before < 200, "peak memory grew \(Self.peakMegabytes() - before) MB")
    }
}
