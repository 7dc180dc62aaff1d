/// Splits Latin ink into characters and words by space (and keeps writing order within each): what a
/// character recognizer needs, since Zinnia reads one character at a time.
enum CharacterSegmenter {
    /// The box of each stroke's finite points; nil for a stroke with none.
    static func boxes(_ ink: HandwritingInk) -> [InkBox?] {
        ink.strokes.map { stroke in
            let points = stroke.points.filter { $0.x.isFinite && $0.y.isFinite }
            guard let first = points.first else { return nil }
            var box = InkBox(minX: first.x, minY: first.y, maxX: first.x, maxY: first.y)
            for p in points { box = box.union(InkBox(minX: p.x, minY: p.y, maxX: p.x, maxY: p.y)) }
            return box
        }
    }

    /// Latin printing: a stroke belongs to the character it overlaps most horizontally (at least a
    /// third of the narrower's width, or a bar within the character's span, however late it was
    /// written: t bars); otherwise it starts a new character; dots then join their letters
    /// (``joiningDots(_:dotSize:reach:)``). Characters in left-to-right order, each its strokes in
    /// writing order.
    static func latinCharacters(_ ink: HandwritingInk) -> [(strokes: [Int], box: InkBox)] {
        let boxes = boxes(ink)
        var characters: [(strokes: [Int], box: InkBox)] = []
        for (index, box) in boxes.enumerated() {
            guard let box else { continue }
            var best: (character: Int, overlap: Double)?
            for (c, character) in characters.enumerated() {
                let overlap = box.horizontalOverlap(character.box)
                if overlap >= 1.0 / 3, overlap > best?.overlap ?? 0 { best = (c, overlap) }
            }
            if let best {
                characters[best.character].strokes.append(index)
                characters[best.character].box = characters[best.character].box.union(box)
            } else {
                characters.append(([index], box))
            }
        }
        return joiningDots(characters).sorted { $0.box.minX < $1.box.minX }
    }

    /// A dot (an i's or a j's, written at once or after the word) is too small to overlap a third
    /// of a stem it sits beside: a character no wider and no taller than `dotSize` × the
    /// characters' median height joins the character whose centre is nearest its own across
    /// (within `reach` × that height), with its strokes in writing order.
    static func joiningDots(_ characters: [(strokes: [Int], box: InkBox)], dotSize: Double = 0.2, reach: Double = 0.6) -> [(strokes: [Int], box: InkBox)] {
        guard characters.count > 1 else { return characters }
        let heights = characters.map(\.box.height).sorted()
        let scale = heights[heights.count / 2]
        guard scale > 0 else { return characters }
        func isDot(_ box: InkBox) -> Bool { Swift.max(box.width, box.height) <= dotSize * scale }
        func centre(_ box: InkBox) -> Double { box.centreX }
        var result = characters.filter { !isDot($0.box) }
        guard !result.isEmpty else { return characters }
        for dot in characters where isDot(dot.box) {
            let nearest = result.indices.min { abs(centre(result[$0].box) - centre(dot.box)) < abs(centre(result[$1].box) - centre(dot.box)) }!
            if abs(centre(result[nearest].box) - centre(dot.box)) <= reach * scale {
                result[nearest].strokes = (result[nearest].strokes + dot.strokes).sorted()
                result[nearest].box = result[nearest].box.union(dot.box)
            } else {
                result.append(dot)
            }
        }
        return result
    }

    /// Words: characters (left to right) split where the gap between neighbours is more than
    /// `spacing` × the characters' median height.
    static func words(_ characters: [(strokes: [Int], box: InkBox)], spacing: Double = 0.55) -> [[Int]] {
        guard !characters.isEmpty else { return [] }
        let heights = characters.map(\.box.height).sorted()
        let scale = Swift.max(heights[heights.count / 2], 1e-9)
        var words: [[Int]] = [[0]]
        var right = characters[0].box.maxX
        for index in characters.indices.dropFirst() {
            if characters[index].box.minX - right > spacing * scale { words.append([]) }
            words[words.count - 1].append(index)
            right = Swift.max(right, characters[index].box.maxX)
        }
        return words
    }
}
