// The word network, its word list and priors alone, timed per word: compiled with swiftc -O
// together with QuillHandwriting's Word*.swift, HandwritingInk.swift and HandwritingError.swift
// (bench.sh). Reads inks.json (dump.py) and prints words read and features + network + search
// time per word (p50, p99).
import Foundation

struct Ink: Decodable { var writer: String; var label: String; var strokes: [[[Double]]] }
let arguments = CommandLine.arguments
guard arguments.count >= 4 else { fatalError("usage: bench NETWORK WORDLIST INKS.json [priorWeight]") }
let network = try WordNetwork(path: arguments[1])
let list = try WordDecoder(path: arguments[2])
let weight = arguments.count > 4 ? Float(arguments[4])! : WordBeamSearch.Parameters.standard.priorWeight
var parameters = WordBeamSearch.Parameters.standard
parameters.priorWeight = weight
let search = WordBeamSearch(words: list.lowercasedWords, priors: network.priors, parameters: parameters)
let inks = try JSONDecoder().decode([Ink].self, from: Data(contentsOf: URL(fileURLWithPath: arguments[3])))
var right = 0, byWriter: [String: (Int, Int)] = [:], times: [Double] = []
for ink in inks {
    let strokes = ink.strokes.map { $0.map { HandwritingPoint(x: $0[0], y: $0[1]) } }
    let start = ContinuousClock.now
    guard let features = WordNetwork.features(strokes) else { continue }
    let output = network.logProbabilities(features)
    let read = search.decode(output, alphabet: network.alphabet, limit: 5)
    let elapsed = ContinuousClock.now - start
    times.append(Double(elapsed.components.attoseconds) * 1e-15 + Double(elapsed.components.seconds) * 1e3)
    // As HandwritingRecognizer.readWord: the list's best word, else the raw reading.
    let text = (read.first { search.contains(Array($0.text.lowercased().utf8)) } ?? read.first)?.text ?? ""
    let ok = text.lowercased() == ink.label.lowercased()
    right += ok ? 1 : 0
    byWriter[ink.writer, default: (0, 0)].0 += ok ? 1 : 0
    byWriter[ink.writer, default: (0, 0)].1 += 1
}
times.sort()
func percentile(_ p: Double) -> Double { times[min(times.count - 1, Int(Double(times.count) * p))] }
func rounded(_ x: Double) -> Double { (x * 100).rounded() / 100 }
let share = rounded(100 * Double(right) / Double(max(inks.count, 1)))
let writers = byWriter.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value.0)/\($0.value.1)" }.joined(separator: " ")
print("prior weight \(weight): \(right) of \(inks.count) read (\(share) %); \(writers)")
print("per word: p50 \(rounded(percentile(0.5))) ms, p99 \(rounded(percentile(0.99))) ms, max \(rounded(times.last ?? 0)) ms")

// What QuillCore gives QuillHandwriting (Float.exp, Float.log), for this bench alone.
extension Float {
    static func exp(_ x: Float) -> Float { Foundation.exp(x) }
    static func log(_ x: Float) -> Float { Foundation.log(x) }
}
