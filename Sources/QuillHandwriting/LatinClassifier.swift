#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Quill's English character classifier: 8-direction features of the pen's path on a grid, and a
/// small neural network (two hidden layers of rectified units, then softmax) trained on UNIPEN
/// writers (`Tools/research/quill_research/handwriting/latin/`).
///
/// A character is fitted into a unit square (its longer side 1, aspect kept), each stroke is
/// resampled every 0.02; each step between resampled points adds its length to the two nearest of
/// 8 directions (split by angle) at its midpoint, spread over the 4 nearest cells of an 8 × 8 grid
/// (bilinear), and each direction's grid is blurred by [1 2 1]/4 across and down. The pen's moves
/// between strokes go into a 4 × 4 grid the same way (unblurred). Ten more values: the stroke count
/// (one-hot, 1 … 4+), the box's extent, the first and the last point. The grid values' square roots
/// and the rest are standardized with the training set's mean and spread; each hidden unit is
/// max(0, a dot product of the layer below plus a bias), each class's score a dot product of the
/// last hidden layer plus a bias, read as log-probabilities (log-softmax).
///
/// The model file (`latin.classifier`, `Tools/research/quill_research/handwriting/latin/SPEC.md`), little-endian:
/// "LAT3", then UInt32 dimension D, classes K, grid values P, grid G (8), trajectory values T (0),
/// hidden layers L and their widths H₁ … H_L, then Float32 mean[D], spread[D], each hidden layer's
/// weights[Hₗ][Hₗ₋₁] and bias[Hₗ] (H₀ = D), the output weights[K][H_L] and bias[K]. The earlier
/// "LAT2" (one hidden layer: UInt32 D, H, K, P, G, T) and "LAT1" (none: UInt32 D, K, P) are read
/// too. The classes, one UTF-8 label a line, are in `latin.classes` beside it.
struct LatinClassifier: Sendable {
    static let spacing = 0.02
    static let grid = 8
    static let directions = 8
    static let penGrid = 4
    static let gridValues = directions * grid * grid + directions * penGrid * penGrid
    static let globalValues = 10
    /// Strokes a character keeps, and resampled points a stroke may have: untrusted ink is bounded
    /// (a stroke retracing the box thousands of times is resampled more coarsely, never runs away).
    static let maximumStrokes = 40
    static let maximumResampled = 10_000

    let classes: [String]
    private let mean: [Float]
    private let spread: [Float]
    /// The hidden layers, first to last: each Hₗ rows of Hₗ₋₁ weights (H₀ = D), and Hₗ biases.
    private let hidden: [(weights: [Float], bias: [Float])]
    /// The output layer: K rows of H_L (or D without hidden layers) weights, and K biases.
    private let weights: [Float]
    private let bias: [Float]
    var dimension: Int { mean.count }
    /// The hidden layers' widths, first to last (none for LAT1).
    var hiddenWidths: [Int] { hidden.map(\.bias.count) }

    /// Reads the model at `path` and its classes at `classesPath`. Throws naming the file.
    init(path: String, classesPath: String) throws(HandwritingError) {
        func fail(_ reason: String) -> HandwritingError { .model(path: path, reason: reason) }
        let data: Data
        let labels: String
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
            labels = try String(contentsOfFile: classesPath, encoding: .utf8)
        } catch {
            throw fail("cannot read it or \(classesPath): \(error)")
        }
        let bytes = [UInt8](data)
        func word(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24 }
        let magic = bytes.count >= 4 ? String(decoding: bytes[0..<4], as: UTF8.self) : ""
        guard ["LAT1", "LAT2", "LAT3"].contains(magic) else { throw fail("not a Quill character classifier (no LAT1, LAT2 or LAT3 header)") }
        // The header's words after the magic, as each format orders them.
        let words = magic == "LAT1" ? 3 : 6
        guard bytes.count >= 4 + 4 * words else { throw fail("\(bytes.count) bytes: shorter than its \(magic) header") }
        let dimension = word(4)
        let count: Int, planes: Int, grid: Int, trajectory: Int
        var widths: [Int] = []
        var header = 4 + 4 * words
        switch magic {
        case "LAT1":
            (count, planes, grid, trajectory) = (word(8), word(12), Self.grid, 0)
        case "LAT2":
            widths = [word(8)]
            (count, planes, grid, trajectory) = (word(12), word(16), word(20), word(24))
        default:
            (count, planes, grid, trajectory) = (word(8), word(12), word(16), word(20))
            let layers = word(24)
            guard (1...8).contains(layers) else { throw fail("\(layers) hidden layers: this Quill reads 1 … 8") }
            guard bytes.count >= header + 4 * layers else { throw fail("\(bytes.count) bytes: shorter than its \(magic) header") }
            widths = (0..<layers).map { word(header + 4 * $0) }
            header += 4 * layers
        }
        guard dimension == Self.gridValues + Self.globalValues, planes == Self.gridValues, (1...1_000).contains(count) else {
            throw fail("dimension \(dimension), \(count) classes, \(planes) grid values: this Quill reads \(Self.gridValues + Self.globalValues), 1 … 1000, \(Self.gridValues)")
        }
        guard grid == Self.grid, trajectory == 0 else { throw fail("grid \(grid), \(trajectory) trajectory values: this Quill reads grid \(Self.grid) without trajectory values") }
        guard widths.allSatisfy({ (1...4_096).contains($0) }) else { throw fail("hidden layers of \(widths) units: this Quill reads 1 … 4096 a layer") }
        let inputs = [dimension] + widths
        let floats = 2 * dimension + zip(inputs, widths).reduce(0) { $0 + $1.0 * $1.1 + $1.1 } + count * inputs[inputs.count - 1] + count
        guard bytes.count == header + 4 * floats else { throw fail("\(bytes.count) bytes; the header says \(header + 4 * floats)") }
        var values = [Float](repeating: 0, count: floats)
        for index in 0..<floats {
            values[index] = Float(bitPattern: UInt32(truncatingIfNeeded: word(header + 4 * index)))
        }
        guard values.allSatisfy(\.isFinite) else { throw fail("a value is not finite") }
        var at = 0
        func take(_ n: Int) -> [Float] {
            defer { at += n }
            return Array(values[at..<(at + n)])
        }
        mean = take(dimension)
        spread = take(dimension)
        hidden = zip(inputs, widths).map { (weights: take($0.0 * $0.1), bias: take($0.1)) }
        weights = take(count * inputs[inputs.count - 1])
        bias = take(count)
        guard spread.allSatisfy({ $0 > 0 }) else { throw fail("a spread is not positive") }
        let lines = labels.split(whereSeparator: \.isNewline).map(String.init)
        guard lines.count == count else { throw fail("\(classesPath) names \(lines.count) classes; the model has \(count)") }
        classes = lines
    }

    /// The classes ranked for a character's strokes (any unit, y down; finite points only), with
    /// log-probabilities, best first; empty for a character with no point.
    func classify(_ strokes: [[HandwritingPoint]], count: Int) -> [RecognitionCandidate] {
        guard let features = Self.features(strokes) else { return [] }
        var z = [Float](repeating: 0, count: dimension)
        for index in 0..<dimension {
            let value = index < Self.gridValues ? Swift.max(features[index], 0).squareRoot() : features[index]
            z[index] = (Float(value) - mean[index]) / spread[index]
        }
        var inputs = z
        for layer in hidden {
            inputs = Self.layer(inputs, weights: layer.weights, bias: layer.bias).map { Swift.max($0, 0) }
        }
        let scores = Self.layer(inputs, weights: weights, bias: bias)
        let top = scores.max() ?? 0
        let total = scores.reduce(Float(0)) { $0 + Float.exp($1 - top) }
        let norm = top + Float.log(total)
        let order = scores.indices.sorted { scores[$0] > scores[$1] }
        return order.prefix(Swift.max(1, count)).map { RecognitionCandidate(text: classes[$0], score: Double(scores[$0] - norm)) }
    }

    /// `weights · input + bias`: one output a row of `weights` (`input.count` values each).
    static func layer(_ input: [Float], weights: [Float], bias: [Float]) -> [Float] {
        let width = input.count
        var output = bias
        input.withUnsafeBufferPointer { input in
            weights.withUnsafeBufferPointer { weights in
                for row in 0..<output.count {
                    let start = row * width
                    // Four partial sums: the compiler keeps them in vector registers.
                    var s0: Float = 0, s1: Float = 0, s2: Float = 0, s3: Float = 0
                    var index = 0
                    while index + 4 <= width {
                        s0 += weights[start + index] * input[index]
                        s1 += weights[start + index + 1] * input[index + 1]
                        s2 += weights[start + index + 2] * input[index + 2]
                        s3 += weights[start + index + 3] * input[index + 3]
                        index += 4
                    }
                    while index < width {
                        s0 += weights[start + index] * input[index]
                        index += 1
                    }
                    output[row] += (s0 + s1) + (s2 + s3)
                }
            }
        }
        return output
    }

    /// The feature vector (D values, the grid values before their square root), or nil without a
    /// finite point.
    static func features(_ strokes: [[HandwritingPoint]]) -> [Double]? {
        // Finite points, consecutive repeats dropped; strokes left empty dropped.
        var cleaned: [[(x: Double, y: Double)]] = []
        // At most 40 strokes (a character has a few; as Zinnia's cleaning keeps).
        for stroke in strokes.prefix(maximumStrokes) {
            var points: [(x: Double, y: Double)] = []
            for p in stroke where p.x.isFinite && p.y.isFinite && abs(p.x) < 1e12 && abs(p.y) < 1e12 {
                if let last = points.last, last.x == p.x, last.y == p.y { continue }
                points.append((p.x, p.y))
            }
            if !points.isEmpty { cleaned.append(points) }
        }
        guard !cleaned.isEmpty else { return nil }
        var low = (x: Double.infinity, y: Double.infinity), high = (x: -Double.infinity, y: -Double.infinity)
        for p in cleaned.joined() {
            low = (Swift.min(low.x, p.x), Swift.min(low.y, p.y))
            high = (Swift.max(high.x, p.x), Swift.max(high.y, p.y))
        }
        var size = Swift.max(high.x - low.x, high.y - low.y)
        if size <= 0 { size = 1 }
        let centre = (x: (low.x + high.x) / 2, y: (low.y + high.y) / 2)
        let resampled = cleaned.map { stroke in
            resample(stroke.map { (x: ($0.x - centre.x) / size + 0.5, y: ($0.y - centre.y) / size + 0.5) })
        }
        var planes = [Double](repeating: 0, count: directions * grid * grid)
        for stroke in resampled where stroke.count >= 2 {
            for index in 1..<stroke.count { splat(&planes, from: stroke[index - 1], to: stroke[index], grid: grid) }
        }
        planes = blurred(planes)
        var pen = [Double](repeating: 0, count: directions * penGrid * penGrid)
        if resampled.count > 1 {
            for index in 1..<resampled.count { splat(&pen, from: resampled[index - 1].last!, to: resampled[index].first!, grid: penGrid) }
        }
        var global = [Double](repeating: 0, count: globalValues)
        global[Swift.min(cleaned.count, 4) - 1] = 1
        global[4] = (high.x - low.x) / size
        global[5] = (high.y - low.y) / size
        let first = resampled[0][0], last = resampled[resampled.count - 1].last!
        global[6] = first.x
        global[7] = first.y
        global[8] = last.x
        global[9] = last.y
        return planes + pen + global
    }

    /// Points every ``spacing`` of arc length from the first (or every 1/``maximumResampled`` of a
    /// stroke longer than 200 boxes), and the last when the remainder is longer than 10⁻⁹.
    static func resample(_ points: [(x: Double, y: Double)]) -> [(x: Double, y: Double)] {
        guard points.count >= 2 else { return points }
        var lengths = [0.0]
        for index in 1..<points.count {
            lengths.append(lengths[index - 1] + ((points[index].x - points[index - 1].x) * (points[index].x - points[index - 1].x) + (points[index].y - points[index - 1].y) * (points[index].y - points[index - 1].y)).squareRoot())
        }
        let total = lengths[lengths.count - 1]
        guard total > 0 else { return [points[0]] }
        let step = Swift.max(spacing, total / Double(maximumResampled))
        let steps = Int((total / step).rounded(.down))
        var targets = (0...steps).map { Double($0) * step }
        if total - targets[targets.count - 1] > 1e-9 { targets.append(total) }
        var out: [(x: Double, y: Double)] = []
        out.reserveCapacity(targets.count)
        var segment = 0
        for t in targets {
            while segment < points.count - 2, lengths[segment + 1] < t { segment += 1 }
            let span = lengths[segment + 1] - lengths[segment]
            let f = span > 0 ? Swift.min(1, Swift.max(0, (t - lengths[segment]) / span)) : 0
            out.append((points[segment].x + f * (points[segment + 1].x - points[segment].x), points[segment].y + f * (points[segment + 1].y - points[segment].y)))
        }
        return out
    }

    /// Adds the step from `a` to `b` to `planes` (directions × grid × grid): its length split
    /// between the two nearest of 8 directions, at its midpoint spread over 4 cells.
    static func splat(_ planes: inout [Double], from a: (x: Double, y: Double), to b: (x: Double, y: Double), grid g: Int) {
        let dx = b.x - a.x, dy = b.y - a.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0 else { return }
        var f = Double.atan2(y: dy, x: dx) / (.pi / 4)
        f = f - 8 * (f / 8).rounded(.down)
        if f >= 8 { f -= 8 }
        let k0 = Int(f.rounded(.down)) % 8, w1 = f - f.rounded(.down), k1 = (k0 + 1) % 8
        let gx = Swift.min(Swift.max(((a.x + b.x) / 2) * Double(g) - 0.5, 0), Double(g - 1))
        let gy = Swift.min(Swift.max(((a.y + b.y) / 2) * Double(g) - 0.5, 0), Double(g - 1))
        let ix = Swift.min(Int(gx.rounded(.down)), g - 2), iy = Swift.min(Int(gy.rounded(.down)), g - 2)
        let fx = gx - Double(ix), fy = gy - Double(iy)
        for (k, weight) in [(k0, (1 - w1) * length), (k1, w1 * length)] {
            for (oy, wy) in [(0, 1 - fy), (1, fy)] {
                for (ox, wx) in [(0, 1 - fx), (1, fx)] {
                    planes[k * g * g + (iy + oy) * g + ix + ox] += weight * wy * wx
                }
            }
        }
    }

    /// Each direction's grid blurred by [1 2 1]/4 down, then across (zero outside).
    static func blurred(_ planes: [Double]) -> [Double] {
        let g = grid
        var down = planes, out = planes
        for k in 0..<directions {
            for y in 0..<g {
                for x in 0..<g {
                    let at = { (yy: Int) -> Double in (0..<g).contains(yy) ? planes[k * g * g + yy * g + x] : 0 }
                    down[k * g * g + y * g + x] = (at(y - 1) + 2 * at(y) + at(y + 1)) / 4
                }
            }
            for y in 0..<g {
                for x in 0..<g {
                    let at = { (xx: Int) -> Double in (0..<g).contains(xx) ? down[k * g * g + y * g + xx] : 0 }
                    out[k * g * g + y * g + x] = (at(x - 1) + 2 * at(x) + at(x + 1)) / 4
                }
            }
        }
        return out
    }
}
