#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Quill's Japanese character classifier: the pen's directions on a grid, read by a small network
/// (trained by `Tools/research/quill_research/handwriting/japanese/` on Tomoe's kanji and KanjiVG's glyphs, distorted;
/// measured on Tegaki's real-pen training writers, which it never saw).
///
/// A character cleaned as Zinnia reads it (``CharacterCanvas``, fitted to
/// ``CharacterCanvas/tegakiFill`` of the canvas) gives ``featureCount`` values (``features(_:into:)``):
/// each segment of a stroke (on the paper) and each jump from a stroke's end to the next one's start
/// (in the air) is cut into ``samples`` equal parts; each part's length goes to the two nearest of
/// eight directions (linearly in angle) and, bilinearly, to the four nearest cells of a
/// ``grid`` × ``grid`` grid over canvas units 100 … 900 (cell centres 150 … 850; beyond it, the
/// border cells), after the character's box is fitted again to ``CharacterCanvas/tegakiFill``,
/// centred (a character cleaned in its cell is read as one fitted to the canvas). Channels 0–7 are on the paper, 8–15 in the air; values are divided by the length
/// on the paper and square-rooted; the last value is min(strokes, 30) / 10. Two rectified layers
/// and a linear one give a score to each class; a reading's score is its log-probability
/// (natural log, ≤ 0) scaled by ``scoreScale`` and shifted by ``scoreOffset`` into the range of
/// Zinnia's scores, which ``CharacterLattice``'s weights were chosen for.
///
/// The model file (`japanese.network`; `Tools/research/quill_research/handwriting/japanese/export.py`), little-endian:
/// "QUILLJN1"; UInt32 byte count of the classes and the classes (UTF-8, one line each, "\n" after
/// each); UInt32 tensor count (6); each tensor UInt32 rank, its dimensions (UInt32 each), Float32
/// values row-major: weight (384, featureCount), bias, weight (192, 384), bias, weight (classes, 192),
/// bias (layer widths as the file gives them).
///
/// Cost: one classification is ≈ 1.7 million multiply-adds (the widths above) and allocates only
/// its result when the caller owns and reuses the ``Scratch`` (``classify(_:count:scratch:)``); as a
/// ``CharacterClassifier`` (``classify(_:count:)``), each call makes its own.
struct JapaneseNetwork: CharacterClassifier {
    /// The model's file name, looked for where Quill's English model is (``HandwritingRecognizer/modelPaths(for:)``).
    static let fileName = "japanese.network"
    static let grid = 8
    static let samples = 8
    static let channels = 16
    static let featureCount = channels * grid * grid + 1
    /// Canvas units of a grid cell, and where the grid begins.
    static let cell = 100.0
    static let origin = 100.0
    /// log-probability → lattice score: score = scoreOffset + scoreScale × ln p (checked with
    /// `Tools/research/quill_research/handwriting/japanese/tune_lattice.py --network` on the writer native1, learner1
    /// held out: with the lattice's default weights every character alone is one character and
    /// every row of eight at 25 mm is eight; a search of the two found nothing better held out).
    static let scoreScale = 0.25
    static let scoreOffset = 0.5

    /// One character's working memory: the features, the two hidden layers, the class scores.
    struct Scratch {
        var features: [Float]
        var cells: [Double]
        var first: [Float]
        var second: [Float]
        var scores: [Float]
    }

    struct Layer: Sendable {
        var inputs: Int, outputs: Int
        /// (outputs, inputs), row after row.
        var weights: [Float]
        var bias: [Float]
    }

    /// The classes, one character each, in the network's output order.
    let classes: [String]
    private let layers: [Layer]

    /// Reads the model at `path`. Throws naming the file and what is wrong with it.
    init(path: String) throws(HandwritingError) {
        var file = try ModelFileReader(path: path, magic: "QUILLJN1", kind: "Japanese network")
        let classBytes = try file.word()
        guard (1...1_000_000).contains(classBytes), classBytes <= file.remaining else {
            throw file.fail("classes of \(classBytes) bytes in a file of \(file.bytes.count)")
        }
        let text = file.text(byteCount: classBytes)
        guard text.hasSuffix("\n") else { throw file.fail("its classes do not end with a new line") }
        let classes = text.dropLast().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard classes.allSatisfy({ $0.count == 1 }) else { throw file.fail("a class is not one character") }
        let tensorCount = try file.word()
        guard tensorCount == 6 else { throw file.fail("\(tensorCount) tensors: this Quill reads 6") }
        let tensors = try file.tensors(tensorCount, ranks: 1...2, maximumValues: 20_000_000)
        guard file.remaining == 0 else { throw file.fail("\(file.remaining) bytes after its last tensor") }
        var layers: [Layer] = []
        var inputs = Self.featureCount
        for index in 0..<3 {
            let (weights, bias) = (tensors[2 * index], tensors[2 * index + 1])
            guard weights.shape.count == 2, weights.shape[1] == inputs, bias.shape == [weights.shape[0]] else {
                throw file.fail("layer \(index + 1): weights \(weights.shape) and bias \(bias.shape) for \(inputs) inputs do not agree")
            }
            layers.append(Layer(inputs: inputs, outputs: weights.shape[0], weights: weights.values, bias: bias.values))
            inputs = weights.shape[0]
        }
        guard inputs == classes.count else { throw file.fail("\(inputs) outputs for \(classes.count) classes") }
        self.classes = classes
        self.layers = layers
    }

    /// The number of classes, ``classes``' count.
    var classCount: Int { classes.count }

    /// The `count` best classes for a cleaned character, best first, as
    /// ``classify(_:count:scratch:)`` reads them, in working memory of its own (about 40 kB for
    /// Quill's network): no lock, so characters are read in parallel on as many threads as call.
    func classify(_ canvas: CharacterCanvas, count: Int) -> [RecognitionCandidate] {
        var scratch = makeScratch()
        return classify(canvas, count: count, scratch: &scratch)
    }

    /// Working memory for ``classify(_:count:scratch:)``, made once and reused.
    func makeScratch() -> Scratch {
        Scratch(
            features: [Float](repeating: 0, count: Self.featureCount), cells: [Double](repeating: 0, count: Self.featureCount - 1), first: [Float](repeating: 0, count: layers[0].outputs),
            second: [Float](repeating: 0, count: layers[1].outputs), scores: [Float](repeating: 0, count: classes.count))
    }

    /// The `count` best classes for a cleaned character, best first, scored as the type's doc says.
    func classify(_ canvas: CharacterCanvas, count: Int, scratch: inout Scratch) -> [RecognitionCandidate] {
        logProbabilities(canvas, scratch: &scratch)
        let wanted = Swift.min(Swift.max(1, count), classes.count)
        // The best `wanted`, by insertion into a list kept sorted (wanted is small but for `allowed`).
        var best: [Int] = []
        best.reserveCapacity(wanted)
        scratch.scores.withUnsafeBufferPointer { scores in
            for k in 0..<scores.count {
                let value = scores[k]
                if best.count == wanted {
                    guard let last = best.last, value > scores[last] else { continue }
                    best.removeLast()
                }
                var slot = best.count
                while slot > 0, scores[best[slot - 1]] < value { slot -= 1 }
                best.insert(k, at: slot)
            }
        }
        return best.map { RecognitionCandidate(text: classes[$0], score: Self.scoreOffset + Self.scoreScale * Double(scratch.scores[$0])) }
    }

    /// Each class's log-probability for a cleaned character, into `scratch.scores`.
    func logProbabilities(_ canvas: CharacterCanvas, scratch: inout Scratch) {
        Self.features(canvas, into: &scratch.features, cells: &scratch.cells)
        Self.apply(layers[0], scratch.features, &scratch.first, rectified: true)
        Self.apply(layers[1], scratch.first, &scratch.second, rectified: true)
        Self.apply(layers[2], scratch.second, &scratch.scores, rectified: false)
        scratch.scores.withUnsafeMutableBufferPointer { scores in
            var top = -Float.infinity
            for value in scores { top = Swift.max(top, value) }
            var total: Float = 0
            for value in scores { total += Float.exp(value - top) }
            let norm = top + Float.log(total)
            for k in 0..<scores.count { scores[k] -= norm }
        }
    }

    /// The features of a cleaned character (the type's doc), into `features` (``featureCount``
    /// values); `cells` (``featureCount`` − 1 values) is working memory.
    static func features(_ canvas: CharacterCanvas, into features: inout [Float], cells: inout [Double]) {
        precondition(features.count == featureCount && cells.count == featureCount - 1)
        // The box fitted again to tegakiFill, centred (a no-op but for rounding unless the character
        // was cleaned in its cell).
        var (minX, minY, maxX, maxY) = (Int.max, Int.max, Int.min, Int.min)
        for stroke in canvas.strokes {
            for p in stroke {
                (minX, maxX) = (Swift.min(minX, p.x), Swift.max(maxX, p.x))
                (minY, maxY) = (Swift.min(minY, p.y), Swift.max(maxY, p.y))
            }
        }
        guard minX <= maxX, minY <= maxY else {
            for k in features.indices { features[k] = 0 }
            return
        }
        let extent = Double(Swift.max(maxX - minX, maxY - minY))
        let scale = extent > 0 ? CharacterCanvas.tegakiFill / extent : 1
        let (centreX, centreY) = ((Double(minX) + Double(maxX)) / 2, (Double(minY) + Double(maxY)) / 2)
        func fitted(_ p: (x: Int, y: Int)) -> (x: Double, y: Double) { ((Double(p.x) - centreX) * scale + 500, (Double(p.y) - centreY) * scale + 500) }
        var onPaper = 0.0
        cells.withUnsafeMutableBufferPointer { cells in
            for k in 0..<cells.count { cells[k] = 0 }
            var last: (x: Double, y: Double)?
            for stroke in canvas.strokes {
                guard let first = stroke.first else { continue }
                if let last { accumulate(last, fitted(first), inAir: true, into: cells) }
                var previous = fitted(first)
                for p in stroke.dropFirst() {
                    let next = fitted(p)
                    onPaper += accumulate(previous, next, inAir: false, into: cells)
                    previous = next
                }
                last = previous
            }
            let total = Swift.max(onPaper, 1)
            for k in 0..<cells.count { features[k] = Float((cells[k] / total).squareRoot()) }
        }
        features[featureCount - 1] = Float(Swift.min(canvas.strokes.count, 30)) / 10
    }

    /// Adds one segment a → b to the cells (the type's doc); returns its length.
    @discardableResult
    private static func accumulate(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double), inAir: Bool, into cells: UnsafeMutableBufferPointer<Double>) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0 else { return 0 }
        var d = Double.atan2(y: dy, x: dx) / (Double.pi / 4)
        d -= 8 * (d / 8).rounded(.down)
        let lower = d.rounded(.down)
        let f = d - lower
        let base = inAir ? 8 : 0
        let planes = ((base + Int(lower) % 8) * grid * grid, (base + (Int(lower) + 1) % 8) * grid * grid)
        let part = length / Double(samples)
        for i in 0..<samples {
            let t = (Double(i) + 0.5) / Double(samples)
            let u = Swift.min(Swift.max((a.x + dx * t - origin) / cell - 0.5, 0), Double(grid - 1))
            let w = Swift.min(Swift.max((a.y + dy * t - origin) / cell - 0.5, 0), Double(grid - 1))
            let u0 = Swift.min(Int(u.rounded(.down)), grid - 2), w0 = Swift.min(Int(w.rounded(.down)), grid - 2)
            let fu = u - Double(u0), fw = w - Double(w0)
            let at = w0 * grid + u0
            for side in 0..<2 {
                let (plane, m) = side == 0 ? (planes.0, part * (1 - f)) : (planes.1, part * f)
                cells[plane + at] += m * (1 - fu) * (1 - fw)
                cells[plane + at + 1] += m * fu * (1 - fw)
                cells[plane + at + grid] += m * (1 - fu) * fw
                cells[plane + at + grid + 1] += m * fu * fw
            }
        }
        return length
    }

    /// output = weights × input + bias (rectified when asked).
    private static func apply(_ layer: Layer, _ input: [Float], _ output: inout [Float], rectified: Bool) {
        let n = layer.inputs
        input.withUnsafeBufferPointer { x in
            layer.weights.withUnsafeBufferPointer { w in
                layer.bias.withUnsafeBufferPointer { b in
                    output.withUnsafeMutableBufferPointer { y in
                        guard let x = x.baseAddress, let w = w.baseAddress else { return }
                        for o in 0..<layer.outputs {
                            let value = b[o] + dot(w + o * n, x, n)
                            y[o] = rectified ? Swift.max(value, 0) : value
                        }
                    }
                }
            }
        }
    }

    /// Σ a[i] × b[i] over `count` values: in eight-lane vectors when optimized (1.5× faster than
    /// WordNetwork's four partial sums here: the weights stream from memory), in scalars in a debug
    /// build (where vector types are ten times slower than scalars).
    @inline(__always)
    private static func dot(_ a: UnsafePointer<Float>, _ b: UnsafePointer<Float>, _ count: Int) -> Float {
        #if DEBUG
        return WordNetwork.dot(a, b, count)
        #else
        var s = SIMD8<Float>(), t = SIMD8<Float>()
        var index = 0
        let (ra, rb) = (UnsafeRawPointer(a), UnsafeRawPointer(b))
        while index + 16 <= count {
            s += ra.loadUnaligned(fromByteOffset: 4 * index, as: SIMD8<Float>.self) * rb.loadUnaligned(fromByteOffset: 4 * index, as: SIMD8<Float>.self)
            t += ra.loadUnaligned(fromByteOffset: 4 * index + 32, as: SIMD8<Float>.self) * rb.loadUnaligned(fromByteOffset: 4 * index + 32, as: SIMD8<Float>.self)
            index += 16
        }
        var sum = (s + t).sum()
        while index < count {
            sum += a[index] * b[index]
            index += 1
        }
        return sum
        #endif
    }
}
