#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Quill's English word network: reads a whole written word (printed or cursive) from the pen's
/// path, trained with CTC on UNIPEN's real words by `Tools/research/quill_research/handwriting/words/`.
///
/// The ink is resampled along the pen's path (``features(_:)``), one vector of four values a point;
/// three 1-D convolutions (rectified; the second with stride 2) run over them, then one
/// bidirectional GRU layer (PyTorch's gates r, z, n), then a linear layer and log-softmax give, for
/// each frame, the log-probabilities of CTC's blank (class 0) and of each character of ``alphabet``.
///
/// The model file (`words.network`; `Tools/research/quill_research/handwriting/words/export.py`), little-endian:
/// "QUILLWN1"; UInt32 alphabet byte count and the alphabet (UTF-8, one class a character); UInt32
/// tensor count; each tensor UInt32 rank, its dimensions (UInt32 each), Float32 values row-major.
/// Tensors: the convolutions' shape (convolutions × 4: in, out, kernel, stride), each convolution's
/// weight (out, in, kernel) and bias; the GRU's weight_ih (3H, in), weight_hh (3H, H), bias_ih,
/// bias_hh forwards, then backwards; the output weight (classes, 2H) and bias. Then, optionally,
/// how common the words of the list are (``WordPriors``' section, "QWPRIOR1"), through the end.
struct WordNetwork: Sendable {
    /// Resampling step, in units of the ink's scale (its height, or a quarter of its width if more).
    static let spacing = 0.1
    /// Points a word is resampled to at most (a longer path is resampled more coarsely): untrusted
    /// ink is bounded, whatever its size or stroke count.
    static let maximumPoints = 1024
    /// Strokes an ink may have to be read as a word; more gives no features.
    static let maximumStrokes = 256
    /// Values per resampled point: dx, dy, pen-up, y.
    static let featureCount = 4

    struct Convolution: Sendable {
        var inputs: Int, outputs: Int, kernel: Int, stride: Int
        /// Rearranged as (out, kernel, in): the inner loop runs over one frame's inputs.
        var weights: [Float]
        var bias: [Float]
    }

    struct Direction: Sendable {
        /// (3H, in) and (3H, H), rows r, z, n.
        var inputWeights: [Float], hiddenWeights: [Float]
        var inputBias: [Float], hiddenBias: [Float]
    }

    /// The characters of classes 1 … K (class 0 is CTC's blank).
    let alphabet: [Character]
    private let convolutions: [Convolution]
    private let forward: Direction
    private let backward: Direction
    /// GRU hidden units a direction.
    let hidden: Int
    private let outputWeights: [Float]
    private let outputBias: [Float]
    /// How common the word list's words are, when the file has them (for ``WordBeamSearch``).
    let priors: WordPriors?
    /// Classes a frame: the blank and the alphabet.
    var classCount: Int { alphabet.count + 1 }

    /// Reads the model at `path`. Throws naming the file and what is wrong with it.
    init(path: String) throws(HandwritingError) {
        var file = try ModelFileReader(path: path, magic: "QUILLWN1", kind: "word network")
        func fail(_ reason: String) -> HandwritingError { file.fail(reason) }
        let alphabetBytes = try file.word()
        guard (1...1_000).contains(alphabetBytes), alphabetBytes <= file.remaining else { throw fail("an alphabet of \(alphabetBytes) bytes: this Quill reads 1 … 1000") }
        alphabet = Array(file.text(byteCount: alphabetBytes))
        let tensorCount = try file.word()
        guard (9...100).contains(tensorCount) else { throw fail("\(tensorCount) tensors: this Quill reads 9 … 100") }
        let tensors = try file.tensors(tensorCount, ranks: 1...3, maximumValues: 10_000_000)
        if file.remaining == 0 {
            priors = nil
        } else {
            switch WordPriors.parse(file.bytes, at: file.offset) {
            case let .success(read): priors = read
            case let .failure(error): throw fail("after its last tensor, the word priors: \(error.reason)")
            }
        }
        let header = tensors[0]
        guard header.shape.count == 2, header.shape[1] == 4, tensorCount == 1 + 2 * header.shape[0] + 8 + 2 else {
            throw fail("its first tensor \(header.shape) does not describe its \(tensorCount) tensors")
        }
        var convolutions: [Convolution] = []
        var inputs = Self.featureCount
        for index in 0..<header.shape[0] {
            let spec = header.values[(4 * index)..<(4 * index + 4)].map { Int($0) }
            let (weights, bias) = (tensors[1 + 2 * index], tensors[2 + 2 * index])
            guard spec[0] == inputs, (1...4_096).contains(spec[1]), (1...15).contains(spec[2]), spec[2] % 2 == 1, (1...4).contains(spec[3]),
                weights.shape == [spec[1], spec[0], spec[2]], bias.shape == [spec[1]]
            else { throw fail("convolution \(index): \(spec), weights \(weights.shape), bias \(bias.shape) do not agree") }
            var rearranged = [Float](repeating: 0, count: weights.values.count)
            for o in 0..<spec[1] {
                for i in 0..<spec[0] {
                    for k in 0..<spec[2] { rearranged[(o * spec[2] + k) * spec[0] + i] = weights.values[(o * spec[0] + i) * spec[2] + k] }
                }
            }
            convolutions.append(Convolution(inputs: spec[0], outputs: spec[1], kernel: spec[2], stride: spec[3], weights: rearranged, bias: bias.values))
            inputs = spec[1]
        }
        let gru = 1 + 2 * header.shape[0]
        let hidden = tensors[gru + 1].shape.count == 2 ? tensors[gru + 1].shape[1] : 0
        func direction(_ first: Int) throws(HandwritingError) -> Direction {
            let t = Array(tensors[first..<(first + 4)])
            guard t[0].shape == [3 * hidden, inputs], t[1].shape == [3 * hidden, hidden], t[2].shape == [3 * hidden], t[3].shape == [3 * hidden] else {
                throw fail("GRU tensors \(t.map(\.shape)) for \(inputs) inputs and \(hidden) hidden units do not agree")
            }
            return Direction(inputWeights: t[0].values, hiddenWeights: t[1].values, inputBias: t[2].values, hiddenBias: t[3].values)
        }
        guard (1...1_024).contains(hidden) else { throw fail("\(hidden) GRU units: this Quill reads 1 … 1024") }
        forward = try direction(gru)
        backward = try direction(gru + 4)
        let (weights, bias) = (tensors[gru + 8], tensors[gru + 9])
        guard weights.shape == [alphabet.count + 1, 2 * hidden], bias.shape == [alphabet.count + 1] else {
            throw fail("output weights \(weights.shape) and bias \(bias.shape) for \(alphabet.count + 1) classes and \(hidden) units do not agree")
        }
        self.convolutions = convolutions
        self.hidden = hidden
        outputWeights = weights.values
        outputBias = bias.values
    }

    /// The ink's features: `featureCount` values for each resampled point, point after point, or
    /// nil for an ink with no finite point or more than ``maximumStrokes`` strokes. Any unit, y
    /// down. Points not finite or beyond ±10¹² are dropped, and a point repeating the one before.
    ///
    /// scale = max(the ink's height, 0.25 × its width, 10⁻⁶); each stroke is resampled along its
    /// path every ``spacing`` × scale (its first point, then one each step), coarser when the whole
    /// would exceed ``maximumPoints``: then step = path length / (``maximumPoints`` − strokes). Per
    /// point: dx, dy from the point before (scale units; 0 at the first), 1 at a stroke's first
    /// point but the ink's first (else 0), and y from the ink's top in scale units less 0.5.
    static func features(_ strokes: [[HandwritingPoint]]) -> [Float]? {
        var cleaned: [[(x: Double, y: Double)]] = []
        for stroke in strokes {
            var points: [(x: Double, y: Double)] = []
            for p in stroke where p.x.isFinite && p.y.isFinite && abs(p.x) < 1e12 && abs(p.y) < 1e12 {
                if let last = points.last, last.x == p.x, last.y == p.y { continue }
                points.append((p.x, p.y))
            }
            if !points.isEmpty { cleaned.append(points) }
        }
        guard !cleaned.isEmpty, cleaned.count <= maximumStrokes else { return nil }
        var low = (x: Double.infinity, y: Double.infinity), high = (x: -Double.infinity, y: -Double.infinity)
        for p in cleaned.joined() {
            low = (Swift.min(low.x, p.x), Swift.min(low.y, p.y))
            high = (Swift.max(high.x, p.x), Swift.max(high.y, p.y))
        }
        let scale = Swift.max(high.y - low.y, 0.25 * (high.x - low.x), 1e-6)
        // Each stroke's cumulative path length, in scale units.
        var lengths: [[Double]] = []
        var total = 0.0
        for stroke in cleaned {
            var cumulative = [0.0]
            cumulative.reserveCapacity(stroke.count)
            for index in stroke.indices.dropFirst() {
                let dx = stroke[index].x - stroke[index - 1].x, dy = stroke[index].y - stroke[index - 1].y
                cumulative.append(cumulative[index - 1] + (dx * dx + dy * dy).squareRoot() / scale)
            }
            total += cumulative[cumulative.count - 1]
            lengths.append(cumulative)
        }
        var step = spacing
        if total / step + Double(cleaned.count) > Double(maximumPoints) { step = total / Double(maximumPoints - cleaned.count) }
        var out: [Float] = []
        out.reserveCapacity(featureCount * maximumPoints)
        var previous: (x: Double, y: Double)?
        var points = 0
        for (strokeIndex, stroke) in cleaned.enumerated() {
            let cumulative = lengths[strokeIndex]
            let steps = step > 0 ? Int((cumulative[cumulative.count - 1] / step).rounded(.down)) : 0
            var segment = 0
            for k in 0...steps {
                guard points < maximumPoints else { break }
                let d = Double(k) * step
                // As numpy's interp: the segment whose start is the last at or before d.
                while segment + 1 < cumulative.count - 1, cumulative[segment + 1] <= d { segment += 1 }
                var x: Double, y: Double
                let ax = (stroke[segment].x - low.x) / scale, ay = (stroke[segment].y - low.y) / scale
                if segment + 1 < stroke.count, d >= cumulative[segment] {
                    let bx = (stroke[segment + 1].x - low.x) / scale, by = (stroke[segment + 1].y - low.y) / scale
                    let span = cumulative[segment + 1] - cumulative[segment]
                    if d >= cumulative[segment + 1] {
                        (x, y) = (bx, by)
                    } else {
                        x = (bx - ax) / span * (d - cumulative[segment]) + ax
                        y = (by - ay) / span * (d - cumulative[segment]) + ay
                    }
                } else {
                    (x, y) = (ax, ay)
                }
                let dx = previous.map { x - $0.x } ?? 0, dy = previous.map { y - $0.y } ?? 0
                out.append(Float(dx))
                out.append(Float(dy))
                out.append(k == 0 && strokeIndex > 0 ? 1 : 0)
                out.append(Float(y - 0.5))
                previous = (x, y)
                points += 1
            }
        }
        return out
    }

    /// Frames the network gives for `points` resampled points (each convolution pads by kernel/2).
    func frames(points: Int) -> Int {
        convolutions.reduce(points) { n, c in (n + 2 * (c.kernel / 2) - c.kernel) / c.stride + 1 }
    }

    /// Per frame, the log-probabilities of the blank and of each ``alphabet`` character: a matrix
    /// of ``frames(points:)`` rows and ``classCount`` columns, row after row. `features` are
    /// ``featureCount`` values a point (``features(_:)``), at most ``maximumPoints`` points.
    func logProbabilities(_ features: [Float]) -> [Float] {
        precondition(features.count % Self.featureCount == 0 && features.count <= Self.featureCount * Self.maximumPoints)
        var frames = features.count / Self.featureCount
        var input = features
        for c in convolutions {
            let outFrames = (frames + 2 * (c.kernel / 2) - c.kernel) / c.stride + 1
            var output = [Float](repeating: 0, count: outFrames * c.outputs)
            input.withUnsafeBufferPointer { x in
                c.weights.withUnsafeBufferPointer { w in
                    output.withUnsafeMutableBufferPointer { y in
                        for t in 0..<outFrames {
                            for o in 0..<c.outputs {
                                var sum = c.bias[o]
                                for k in 0..<c.kernel {
                                    let source = t * c.stride + k - c.kernel / 2
                                    guard source >= 0, source < frames else { continue }
                                    sum += Self.dot(w.baseAddress! + (o * c.kernel + k) * c.inputs, x.baseAddress! + source * c.inputs, c.inputs)
                                }
                                y[t * c.outputs + o] = Swift.max(sum, 0)
                            }
                        }
                    }
                }
            }
            input = output
            frames = outFrames
        }
        let h = hidden
        var states = [Float](repeating: 0, count: frames * 2 * h)
        for (index, direction) in [forward, backward].enumerated() {
            let width = input.count / Swift.max(frames, 1)
            var state = [Float](repeating: 0, count: h)
            var gates = [Float](repeating: 0, count: 3 * h)
            var recurrent = [Float](repeating: 0, count: 3 * h)
            for step in 0..<frames {
                let t = index == 0 ? step : frames - 1 - step
                input.withUnsafeBufferPointer { x in
                    direction.inputWeights.withUnsafeBufferPointer { w in
                        for g in 0..<(3 * h) { gates[g] = direction.inputBias[g] + Self.dot(w.baseAddress! + g * width, x.baseAddress! + t * width, width) }
                    }
                }
                state.withUnsafeBufferPointer { s in
                    direction.hiddenWeights.withUnsafeBufferPointer { w in
                        for g in 0..<(3 * h) { recurrent[g] = direction.hiddenBias[g] + Self.dot(w.baseAddress! + g * h, s.baseAddress!, h) }
                    }
                }
                for u in 0..<h {
                    let r = Self.sigmoid(gates[u] + recurrent[u])
                    let z = Self.sigmoid(gates[h + u] + recurrent[h + u])
                    let n = Self.tanh(gates[2 * h + u] + r * recurrent[2 * h + u])
                    state[u] = (1 - z) * n + z * state[u]
                }
                for u in 0..<h { states[t * 2 * h + index * h + u] = state[u] }
            }
        }
        let classes = classCount
        var output = [Float](repeating: 0, count: frames * classes)
        states.withUnsafeBufferPointer { s in
            outputWeights.withUnsafeBufferPointer { w in
                for t in 0..<frames {
                    var top = -Float.infinity
                    for k in 0..<classes {
                        let value = outputBias[k] + Self.dot(w.baseAddress! + k * 2 * h, s.baseAddress! + t * 2 * h, 2 * h)
                        output[t * classes + k] = value
                        top = Swift.max(top, value)
                    }
                    var total: Float = 0
                    for k in 0..<classes { total += Float.exp(output[t * classes + k] - top) }
                    let norm = top + Float.log(total)
                    for k in 0..<classes { output[t * classes + k] -= norm }
                }
            }
        }
        return output
    }

    static func sigmoid(_ x: Float) -> Float { 1 / (1 + Float.exp(-x)) }
    static func tanh(_ x: Float) -> Float {
        // tanh(x) = 1 − 2 / (e^{2x} + 1): finite for every finite x.
        1 - 2 / (Float.exp(2 * x) + 1)
    }

    /// Σ a[i] × b[i] over `count` values, in four partial sums (kept in vector registers).
    @inline(__always)
    static func dot(_ a: UnsafePointer<Float>, _ b: UnsafePointer<Float>, _ count: Int) -> Float {
        var s0: Float = 0, s1: Float = 0, s2: Float = 0, s3: Float = 0
        var index = 0
        while index + 4 <= count {
            s0 += a[index] * b[index]
            s1 += a[index + 1] * b[index + 1]
            s2 += a[index + 2] * b[index + 2]
            s3 += a[index + 3] * b[index + 3]
            index += 4
        }
        while index < count {
            s0 += a[index] * b[index]
            index += 1
        }
        return (s0 + s1) + (s2 + s3)
    }
}
