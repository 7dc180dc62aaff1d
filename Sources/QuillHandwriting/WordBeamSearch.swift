/// Reads a word from a ``WordNetwork``'s per-frame log-probabilities: a CTC prefix beam search
/// constrained to a word list's prefix trie (the letters a–z, either case counting as the same
/// letter), plus the network's raw best path (argmax per frame, repeats and blanks removed), which
/// stands first when it is not in the list and scores ``Parameters/fallbackMargin`` better than the
/// best word (names, words of other languages, numbers). With ``WordPriors``, a word's score is
/// its log-probability plus ``Parameters/priorWeight`` × its log prior, and the beam keeps the
/// prefixes whose log-probability plus that of the most common word they begin is best.
struct WordBeamSearch: Sendable {
    /// How the search is run; validated on construction.
    struct Parameters: Sendable, Equatable {
        /// Prefixes kept after each frame, 1 … 1000.
        var beamWidth: Int
        /// Letters whose log-probability in a frame is below this are not tried there (nats, ≤ 0).
        var letterFloor: Float
        /// How much higher (nats, ≥ 0) the raw best path's log-probability must be than the best
        /// word's for the raw reading to come first.
        var fallbackMargin: Double
        /// How much a word's log prior (``WordPriors``) counts against its log-probability, ≥ 0
        /// (0: not at all). 0.3 read most of our validation writers' words (0.2 alike, 0.5 and 1 fewer).
        var priorWeight: Float

        static let standard = Parameters(beamWidth: 48, letterFloor: -12, fallbackMargin: 8, priorWeight: 0.3)

        init(beamWidth: Int, letterFloor: Float, fallbackMargin: Double, priorWeight: Float = 0) {
            precondition((1...1000).contains(beamWidth), "beamWidth \(beamWidth) is not within 1 … 1000")
            precondition(letterFloor <= 0, "letterFloor \(letterFloor) is positive")
            precondition(fallbackMargin >= 0 && fallbackMargin.isFinite, "fallbackMargin \(fallbackMargin) is not ≥ 0")
            self.beamWidth = beamWidth
            self.letterFloor = letterFloor
            precondition(priorWeight >= 0 && priorWeight.isFinite, "priorWeight \(priorWeight) is not ≥ 0")
            self.fallbackMargin = fallbackMargin
            self.priorWeight = priorWeight
        }
    }

    /// The word list as a prefix trie; node 0 is the empty prefix. A node's children are the
    /// edges `edgeStart[node] ..< edgeStart[node + 1]`.
    private let edgeStart: [Int32]
    private let edgeLetter: [UInt8]
    private let edgeChild: [Int32]
    private let parent: [Int32]
    private let letter: [UInt8]
    private let isWord: [Bool]
    /// Per node: the prior weight × the log prior of its word (0 without priors, or not a word),
    /// and the best of those among the words it begins (its own included; 0 without priors).
    private let wordPrior: [Float]
    private let bestPrior: [Float]
    private let hasPriors: Bool
    let parameters: Parameters
    /// Nodes of the trie (prefixes of the list's words, the empty one included).
    var nodeCount: Int { isWord.count }

    /// The trie of `words` (lower-case letters a–z as bytes 97 … 122; others are skipped), with
    /// how common they are when `priors` are given.
    init(words: [[UInt8]], priors: WordPriors? = nil, parameters: Parameters = .standard) {
        let sorted = Array(Set(words.filter { !$0.isEmpty && $0.allSatisfy { (97...122).contains($0) } })).sorted { $0.lexicographicallyPrecedes($1) }
        var edgeStart: [Int32] = [], edgeLetter: [UInt8] = [], edgeChild: [Int32] = []
        var parent: [Int32] = [-1], letter: [UInt8] = [0], isWord: [Bool] = [false]
        // Nodes in breadth-first order, each a range of `sorted` sharing its prefix of `depth` letters.
        var queue: [(low: Int, high: Int, depth: Int)] = [(0, sorted.count, 0)]
        var head = 0
        while head < queue.count {
            var (low, high, depth) = queue[head]
            let node = head
            head += 1
            edgeStart.append(Int32(edgeLetter.count))
            if low < high, sorted[low].count == depth {
                isWord[node] = true
                low += 1
            }
            var index = low
            while index < high {
                let c = sorted[index][depth]
                var end = index + 1
                while end < high, sorted[end][depth] == c { end += 1 }
                edgeLetter.append(c - 97)
                edgeChild.append(Int32(queue.count))
                parent.append(Int32(node))
                letter.append(c - 97)
                isWord.append(false)
                queue.append((index, end, depth + 1))
                index = end
            }
        }
        edgeStart.append(Int32(edgeLetter.count))
        self.edgeStart = edgeStart
        self.edgeLetter = edgeLetter
        self.edgeChild = edgeChild
        self.parent = parent
        self.letter = letter
        self.isWord = isWord
        self.parameters = parameters
        hasPriors = priors != nil && parameters.priorWeight > 0
        var wordPrior = [Float](repeating: 0, count: isWord.count)
        var bestPrior = [Float](repeating: hasPriors ? -.infinity : 0, count: isWord.count)
        if let priors, hasPriors {
            // Breadth-first: a node's children come after it, so from the last node back each
            // node's best is final before its parent takes it.
            var spelled: [[UInt8]] = Array(repeating: [], count: isWord.count)
            for node in 1..<isWord.count { spelled[node] = spelled[Int(parent[node])] + [letter[node] + 97] }
            for node in stride(from: isWord.count - 1, through: 0, by: -1) {
                if isWord[node] {
                    wordPrior[node] = parameters.priorWeight * priors.logPrior(spelled[node])
                    bestPrior[node] = Swift.max(bestPrior[node], wordPrior[node])
                }
                if node > 0 { bestPrior[Int(parent[node])] = Swift.max(bestPrior[Int(parent[node])], bestPrior[node]) }
            }
        }
        self.wordPrior = wordPrior
        self.bestPrior = bestPrior
    }

    /// Whether `word` (lower-case a–z) is in the list.
    func contains(_ word: [UInt8]) -> Bool {
        var node = 0
        for c in word {
            guard let next = child(of: node, letter: c &- 97) else { return false }
            node = next
        }
        return isWord[node]
    }

    private func child(of node: Int, letter: UInt8) -> Int? {
        for edge in Int(edgeStart[node])..<Int(edgeStart[node + 1]) where edgeLetter[edge] == letter { return Int(edgeChild[edge]) }
        return nil
    }

    /// The `limit` best readings of `logProbabilities` (``WordNetwork/logProbabilities(_:)``: rows
    /// of the blank then `alphabet`), best first, scores in nats (log-probability of the word, or of
    /// the raw best path). The words keep the case of the raw reading's first letter; the raw
    /// reading is among them when it differs from every word. A word's score includes its prior.
    func decode(_ logProbabilities: [Float], alphabet: [Character], limit: Int) -> [RecognitionCandidate] {
        let classes = alphabet.count + 1
        guard classes > 1, !logProbabilities.isEmpty, logProbabilities.count % classes == 0 else { return [] }
        let frames = logProbabilities.count / classes
        // Each letter's classes (lower and upper case) in the alphabet.
        var letterClasses = [[Int]](repeating: [], count: 26)
        for (index, character) in alphabet.enumerated() {
            guard let ascii = character.asciiValue, character.isLetter else { continue }
            letterClasses[Int((ascii | 0x20) - 97)].append(index + 1)
        }
        // The raw best path.
        var raw: [Character] = []
        var rawScore = 0.0
        var previous = 0
        for t in 0..<frames {
            var best = 0
            for k in 1..<classes where logProbabilities[t * classes + k] > logProbabilities[t * classes + best] { best = k }
            rawScore += Double(logProbabilities[t * classes + best])
            if best != 0, best != previous { raw.append(alphabet[best - 1]) }
            previous = best
        }
        let rawText = String(raw)
        // The beam: node → (log p ending in blank, log p ending in a letter), last letter = the node's.
        var beam: [Int: (blank: Float, letter: Float)] = [0: (0, -.infinity)]
        var next: [Int: (blank: Float, letter: Float)] = [:]
        var letters = [Float](repeating: -.infinity, count: 26)
        for t in 0..<frames {
            let row = t * classes
            for l in 0..<26 {
                letters[l] = letterClasses[l].reduce(-Float.infinity) { Self.add($0, logProbabilities[row + $1]) }
            }
            let blank = logProbabilities[row]
            next.removeAll(keepingCapacity: true)
            for (node, p) in beam {
                let total = Self.add(p.blank, p.letter)
                var entry = next[node] ?? (-.infinity, -.infinity)
                entry.blank = Self.add(entry.blank, total + blank)
                if node != 0 { entry.letter = Self.add(entry.letter, p.letter + letters[Int(letter[node])]) }
                next[node] = entry
                for edge in Int(edgeStart[node])..<Int(edgeStart[node + 1]) {
                    let l = Int(edgeLetter[edge])
                    guard letters[l] >= parameters.letterFloor else { continue }
                    let child = Int(edgeChild[edge])
                    // The same letter again needs a blank between (CTC).
                    let from = node != 0 && Int(letter[node]) == l ? p.blank : total
                    var c = next[child] ?? (-.infinity, -.infinity)
                    c.letter = Self.add(c.letter, from + letters[l])
                    next[child] = c
                }
            }
            if next.count > parameters.beamWidth {
                let kept = next.sorted { Self.add($0.value.blank, $0.value.letter) + bestPrior[$0.key] > Self.add($1.value.blank, $1.value.letter) + bestPrior[$1.key] }
                    .prefix(parameters.beamWidth)
                beam = Dictionary(uniqueKeysWithValues: kept.map { ($0.key, $0.value) })
            } else {
                swap(&beam, &next)
            }
        }
        let capital = raw.first?.isUppercase == true
        var words: [(candidate: RecognitionCandidate, logProbability: Double)] = beam.filter { isWord[$0.key] }.map { entry in
            var bytes: [UInt8] = []
            var node = entry.key
            while node > 0 {
                bytes.append(letter[node] + 97)
                node = Int(parent[node])
            }
            var text = String(decoding: bytes.reversed(), as: UTF8.self)
            if capital { text = text.prefix(1).uppercased() + text.dropFirst() }
            let logProbability = Double(Self.add(entry.value.blank, entry.value.letter))
            return (RecognitionCandidate(text: text, score: logProbability + Double(wordPrior[entry.key])), logProbability)
        }
        words.sort { $0.candidate.score > $1.candidate.score }
        var read = words.map(\.candidate)
        let rawCandidate = RecognitionCandidate(text: rawText, score: rawScore)
        if !rawText.isEmpty, !read.contains(where: { $0.text.lowercased() == rawText.lowercased() }) {
            // The margin is over the best word's log-probability, its prior aside.
            if let best = words.first, rawScore <= best.logProbability + parameters.fallbackMargin {
                read.insert(rawCandidate, at: Swift.min(read.count, Swift.max(1, limit) - 1))
            } else {
                read.insert(rawCandidate, at: 0)
            }
        }
        return Array(read.prefix(Swift.max(1, limit)))
    }

    /// The log-probability (nats) that the frames read `word` (CTC: every alignment summed; a
    /// letter's two cases alike, other characters as they are); −∞ when it cannot be read (a
    /// character not in `alphabet`, or more characters than frames allow); with priors, plus
    /// ``Parameters/priorWeight`` × the log prior of a word of the list, as ``decode(_:alphabet:limit:)`` scores it.
    func score(_ word: String, _ logProbabilities: [Float], alphabet: [Character]) -> Float {
        let classes = alphabet.count + 1
        guard classes > 1, !word.isEmpty, logProbabilities.count % classes == 0 else { return -.infinity }
        let frames = logProbabilities.count / classes
        // Each character's classes: both cases of a letter, else the character itself.
        var labels: [[Int]] = []
        for character in word {
            let matching = alphabet.indices.filter { alphabet[$0] == character || (character.isLetter && alphabet[$0].lowercased() == character.lowercased()) }.map { $0 + 1 }
            guard !matching.isEmpty else { return -.infinity }
            labels.append(matching)
        }
        guard labels.count <= frames else { return -.infinity }
        // The extended label: blank, c₁, blank, c₂, …, blank.
        let states = 2 * labels.count + 1
        func emit(_ state: Int, _ t: Int) -> Float {
            state % 2 == 0 ? logProbabilities[t * classes] : labels[state / 2].reduce(-Float.infinity) { Self.add($0, logProbabilities[t * classes + $1]) }
        }
        var alpha = [Float](repeating: -.infinity, count: states)
        alpha[0] = emit(0, 0)
        if states > 1 { alpha[1] = emit(1, 0) }
        var next = alpha
        for t in 1..<Swift.max(frames, 1) {
            for state in 0..<states {
                var sum = alpha[state]
                if state >= 1 { sum = Self.add(sum, alpha[state - 1]) }
                if state >= 2, state % 2 == 1, labels[state / 2] != labels[state / 2 - 1] { sum = Self.add(sum, alpha[state - 2]) }
                next[state] = sum == -.infinity ? sum : sum + emit(state, t)
            }
            swap(&alpha, &next)
        }
        let logProbability = Self.add(alpha[states - 1], states > 1 ? alpha[states - 2] : -.infinity)
        guard hasPriors, logProbability > -.infinity else { return logProbability }
        var node = 0
        for byte in word.utf8 {
            guard let next = child(of: node, letter: (byte | 0x20) &- 97) else { return logProbability }
            node = next
        }
        return logProbability + wordPrior[node]
    }

    /// log(eᵃ + eᵇ), −∞ for two −∞.
    @inline(__always)
    static func add(_ a: Float, _ b: Float) -> Float {
        if a == -.infinity { return b }
        if b == -.infinity { return a }
        return Swift.max(a, b) + Float.log(1 + Float.exp(-abs(a - b)))
    }
}
