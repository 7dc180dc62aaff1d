import QuillCore
import QuillShapes

/// A one-line text field people write in with the pen, as Apple's Scribble has it: handwriting in
/// the field becomes text, and editing gestures over its text edit it.
///
/// The rules of Apple's guidelines for a field being written in, each a property here:
/// - it stays still and does not scroll while people write (``scrollOffset`` and ``frame`` keep
///   their values from the first stroke until the ink is read; ``move(to:)`` waits until then);
/// - its placeholder is hidden (``showsPlaceholder``) and no autocompletion shows
///   (``showsAutocompletion``);
/// - a field too small to write in grows while people write (``writingFrame``: at least
///   ``ScribbleParameters/minimumWritingHeight`` tall, centred on the field).
///
/// Strokes go in with ``begin(at:time:)``, ``move(to:time:)`` and ``end(time:)``; the ink is read
/// (``HandwritingRecognizer``) once the pen has been up ``ScribbleParameters/commitDelay``
/// (``advance(to:)``) or when ``commit()`` is called, and inserted where it was written. A stroke
/// over text is judged as a gesture first (never over empty paper):
/// - a **scratch-out** over characters deletes them (over written ink not yet read, it takes that
///   ink back);
/// - a **vertical line** between characters joins them when it is over a space and splits them
///   with a space otherwise (Android's JoinOrSplit);
/// - a **touch and hold** in text opens a space there, where the next ink is inserted;
/// - a **circle** round characters selects them.
/// Each edit is reported as a ``ScribbleEdit`` (``takeEdits()``).
///
/// Coordinates are the field's unit (document points, y down); times are seconds on any clock.
public struct ScribbleField: Sendable {
    /// The width of a string set in the field's font at a size (points): the field's text layout.
    public typealias TextMeasure = @Sendable (_ text: String, _ fontSize: Double) -> Double

    /// The field's rectangle when nobody writes in it.
    public private(set) var frame: Rect
    /// The text's size, points.
    public let fontSize: Double
    /// What the empty field says (shown only while nobody writes).
    public var placeholder: String
    /// The characters the field takes (a number field: the digits), as a keyboard type tells
    /// Scribble; nil takes any.
    public var allowedCharacters: Set<Character>?
    public let parameters: ScribbleParameters
    /// How wide a string is: by default an estimate of 0.55 × the font size a character; a
    /// renderer gives its own (the canvas measures with Cairo).
    public let measure: TextMeasure
    private let recognizer: HandwritingRecognizer
    private var characters: [Character]
    /// The strokes written and not yet read (field units), in writing order.
    public private(set) var pendingInk: [HandwritingStroke] = []
    private var current: HandwritingStroke?
    /// The stroke being written (the pen touches), nil when the pen is up.
    public var strokeInContact: HandwritingStroke? { current }
    private var lastLift: Double?
    /// Where the next ink is inserted (a character offset) after a touch and hold opened a space.
    public private(set) var insertionPoint: Int?
    /// The characters selected by a circle, as character offsets.
    public private(set) var selection: Range<Int>?
    /// How far the text is scrolled to the left so that its end shows, points.
    public private(set) var scrollOffset: Double = 0
    private var pendingMove: Point?
    private var edits: [ScribbleEdit] = []

    /// A field at `frame` (points, each side ≥ 1) with `text`, set at `fontSize` points (4 … 200).
    /// Throws `ParameterError` for a frame or size out of range.
    public init(
        frame: Rect, text: String = "", placeholder: String = "", fontSize: Double = 24, recognizer: HandwritingRecognizer,
        parameters: ScribbleParameters = .defaults, measure: TextMeasure? = nil
    ) throws {
        for (field, value) in [("x", frame.x), ("y", frame.y)] where !(value.isFinite && abs(value) <= 1e6) {
            throw ParameterError(field: "ScribbleField.frame.\(field)", value: "\(value)", expected: "points −1000000 … 1000000")
        }
        for (field, value) in [("width", frame.width), ("height", frame.height)] where !(value.isFinite && (1...1e6).contains(value)) {
            throw ParameterError(field: "ScribbleField.frame.\(field)", value: "\(value)", expected: "points 1 … 1000000")
        }
        guard fontSize.isFinite, (4...200).contains(fontSize) else {
            throw ParameterError(field: "ScribbleField.fontSize", value: "\(fontSize)", expected: "points 4 … 200")
        }
        self.frame = frame
        self.fontSize = fontSize
        self.placeholder = placeholder
        self.parameters = parameters
        self.measure = measure ?? { text, size in 0.55 * size * Double(text.count) }
        self.recognizer = recognizer
        characters = Array(text)
        scrollOffset = restingScroll()
    }

    // MARK: - What shows

    /// The field's text.
    public var text: String { String(characters) }
    /// True from the first stroke written in the field until its ink is read.
    public var isWriting: Bool { current != nil || !pendingInk.isEmpty }
    /// The placeholder shows only on an empty field nobody writes in.
    public var showsPlaceholder: Bool { characters.isEmpty && !isWriting && !placeholder.isEmpty }
    /// Autocompletion never shows while people write.
    public var showsAutocompletion: Bool { !isWriting }
    /// The rectangle shown: the frame, grown to ``ScribbleParameters/minimumWritingHeight``
    /// (centred) while people write in a field less tall.
    public var writingFrame: Rect {
        guard isWriting, frame.height < parameters.minimumWritingHeight else { return frame }
        let height = parameters.minimumWritingHeight
        return Rect(x: frame.x, y: frame.midY - height / 2, width: frame.width, height: height)
    }
    /// Space between the frame's left edge and the text, points.
    public var padding: Double { fontSize / 4 }
    /// The text's baseline, points.
    public var baseline: Double { frame.midY + fontSize * 0.35 }

    /// Where the caret before character `index` (0 … count) is, across (points).
    public func caretX(_ index: Int) -> Double {
        let clamped = Swift.min(Swift.max(index, 0), characters.count)
        return frame.x + padding - scrollOffset + measure(String(characters[..<clamped]), fontSize)
    }

    /// The box of character `index`: its advance across, the font's height on the line.
    public func characterBox(_ index: Int) -> Rect {
        let left = caretX(index), right = caretX(index + 1)
        return Rect(x: left, y: frame.midY - fontSize / 2, width: right - left, height: fontSize)
    }

    /// True when a stroke beginning at `point` is writing in the field (within
    /// ``ScribbleParameters/reach`` of the frame shown).
    public func accepts(_ point: Point) -> Bool {
        let shown = writingFrame, reach = parameters.reach
        return point.x >= shown.minX - reach && point.x <= shown.maxX + reach && point.y >= shown.minY - reach && point.y <= shown.maxY + reach
    }

    // MARK: - Input

    /// The pen touches down at `point` (time in seconds): a stroke of the field begins.
    public mutating func begin(at point: Point, time: Double) {
        current = HandwritingStroke(points: [HandwritingPoint(x: point.x, y: point.y, t: time)])
    }

    /// The stroke in contact reaches `point`.
    public mutating func move(to point: Point, time: Double) {
        current?.points.append(HandwritingPoint(x: point.x, y: point.y, t: time))
    }

    /// The pen lifts: the stroke is judged (a gesture over text, else ink to read).
    public mutating func end(time: Double) {
        guard let stroke = current else { return }
        current = nil
        lastLift = time
        if !act(on: stroke) { pendingInk.append(stroke) }
        if pendingInk.isEmpty { settle() }
    }

    /// The stroke in contact was called off (the pen left, the device went away): it is dropped.
    public mutating func cancel() {
        current = nil
        if pendingInk.isEmpty { settle() }
    }

    /// Time passes (seconds on the strokes' clock): ink left alone ``ScribbleParameters/commitDelay``
    /// after the pen lifted is read. True when the text changed.
    @discardableResult
    public mutating func advance(to time: Double) -> Bool {
        guard current == nil, !pendingInk.isEmpty, let lastLift, time - lastLift >= parameters.commitDelay else { return false }
        return commit()
    }

    /// Reads the ink written now (the pen wrote elsewhere, the drawing is saved or closed). True
    /// when the text changed.
    @discardableResult
    public mutating func commit() -> Bool {
        current = nil
        guard !pendingInk.isEmpty else { return false }
        let ink = HandwritingInk(strokes: pendingInk)
        var at = insertionIndex(for: ink)
        if let opened = insertionPoint, opened == at, opened > 0, characters[opened - 1] == " " {
            // The space a touch and hold opened was room to write in: the words take its place.
            characters.remove(at: opened - 1)
            at = opened - 1
        }
        let context = RecognitionContext(
            preContext: String(characters[..<at]), writingArea: (frame.width, Swift.max(frame.height, fontSize)), allowedCharacters: allowedCharacters)
        let words = recognizer.recognize(ink, context: context, candidates: 1).map(\.text).filter { !$0.isEmpty }
        pendingInk = []
        insertionPoint = nil
        defer { settle() }
        guard !words.isEmpty else { return false }
        var inserted = words.joined(separator: " ")
        if at > 0, !characters[at - 1].isWhitespace { inserted = " " + inserted }
        if at < characters.count, !characters[at].isWhitespace { inserted += " " }
        characters.insert(contentsOf: inserted, at: at)
        selection = nil
        edits.append(.inserted(text: inserted, at: at))
        return true
    }

    /// Moves the field to `origin` (points): at once when nobody writes, else once the ink is read
    /// (a field being written in stays still).
    public mutating func move(to origin: Point) {
        if isWriting {
            pendingMove = origin
        } else {
            frame.x = origin.x
            frame.y = origin.y
        }
    }

    /// Replaces the text (typing, an app's change): the selection and any opened space are dropped.
    public mutating func setText(_ text: String) {
        characters = Array(text)
        selection = nil
        insertionPoint = nil
        if !isWriting { scrollOffset = restingScroll() }
    }

    /// The edits since the last call, in order.
    public mutating func takeEdits() -> [ScribbleEdit] {
        defer { edits.removeAll(keepingCapacity: true) }
        return edits
    }

    // MARK: - Judging a stroke

    /// Acts on a stroke shaped as a gesture over text or written ink. True when it was one.
    private mutating func act(on stroke: HandwritingStroke) -> Bool {
        let points = stroke.points.map { Point(x: $0.x, y: $0.y) }
        guard !characters.isEmpty || !pendingInk.isEmpty, points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return false }
        if let opened = touchAndHold(stroke, points) { return opened }
        if let gesture = EditingGesture.shaped(points) {
            switch gesture.kind {
            case .scratchOut:
                let covered = characters.indices.filter { gesture.covers(characterBox($0).centre) }
                if let first = covered.first, let last = covered.last {
                    delete(first..<(last + 1))
                    return true
                }
                let before = pendingInk.count
                pendingInk.removeAll { written in
                    gesture.coverage(of: written.points.map { Point(x: $0.x, y: $0.y) }) >= 0.5
                }
                if pendingInk.count < before {
                    edits.append(.erasedInk(count: before - pendingInk.count))
                    return true
                }
            case .lasso:
                let enclosed = characters.indices.filter { gesture.covers(characterBox($0).centre) }
                if let first = enclosed.first, let last = enclosed.last {
                    selection = first..<(last + 1)
                    edits.append(.selected(first..<(last + 1)))
                    return true
                }
            }
        }
        return joinOrSplit(points)
    }

    /// A pen resting in text for the hold duration opens a space at the nearest caret: true. Nil
    /// when the stroke is not a hold (or not over text).
    private mutating func touchAndHold(_ stroke: HandwritingStroke, _ points: [Point]) -> Bool? {
        guard let first = points.first, let start = stroke.points.first?.t, let end = stroke.points.last?.t,
              end - start >= parameters.holdDuration,
              points.allSatisfy({ ((($0.x - first.x) * ($0.x - first.x)) + (($0.y - first.y) * ($0.y - first.y))).squareRoot() <= parameters.holdRadius }),
              !characters.isEmpty, overText(first) else { return nil }
        let at = nearestCaret(first.x)
        characters.insert(" ", at: at)
        insertionPoint = at + 1
        selection = nil
        edits.append(.openedSpace(at: at))
        return true
    }

    /// A vertical line between two characters: over whitespace the whitespace goes (join), else a
    /// space comes in (split). True when it was one.
    private mutating func joinOrSplit(_ points: [Point]) -> Bool {
        guard characters.count >= 2, let top = points.map(\.y).min(), let bottom = points.map(\.y).max(),
              let left = points.map(\.x).min(), let right = points.map(\.x).max() else { return false }
        let height = bottom - top
        let line = characterBox(0)
        guard height >= 0.6 * fontSize, right - left <= 0.25 * height, top <= line.midY, bottom >= line.midY else { return false }
        let x = (left + right) / 2
        guard overText(Point(x: x, y: line.midY)) else { return false }
        let at = nearestCaret(x)
        guard at > 0, at < characters.count else { return false }
        if characters[at - 1].isWhitespace || characters[at].isWhitespace {
            var from = at, to = at
            while from > 0, characters[from - 1].isWhitespace { from -= 1 }
            while to < characters.count, characters[to].isWhitespace { to += 1 }
            characters.removeSubrange(from..<to)
            edits.append(.joined(at: from))
        } else {
            characters.insert(" ", at: at)
            edits.append(.split(at: at))
        }
        selection = nil
        insertionPoint = nil
        return true
    }

    private mutating func delete(_ range: Range<Int>) {
        var range = range
        // A word deleted whole takes one of the spaces round it with it.
        if range.upperBound < characters.count, characters[range.upperBound].isWhitespace, range.lowerBound == 0 || characters[range.lowerBound - 1].isWhitespace {
            range = range.lowerBound..<(range.upperBound + 1)
        } else if range.upperBound == characters.count, range.lowerBound > 0, characters[range.lowerBound - 1].isWhitespace {
            range = (range.lowerBound - 1)..<range.upperBound
        }
        let removed = String(characters[range])
        characters.removeSubrange(range)
        selection = nil
        insertionPoint = nil
        edits.append(.deleted(text: removed, at: range.lowerBound))
    }

    private func overText(_ point: Point) -> Bool {
        let line = characterBox(0)
        return point.x >= caretX(0) && point.x <= caretX(characters.count) && point.y >= line.minY - fontSize / 2 && point.y <= line.maxY + fontSize / 2
    }

    /// The caret offset (0 … count) nearest `x`.
    private func nearestCaret(_ x: Double) -> Int {
        var best = 0, distance = Double.infinity
        for index in 0...characters.count {
            let d = abs(caretX(index) - x)
            if d < distance { (best, distance) = (index, d) }
        }
        return best
    }

    /// Where ink is inserted: the opened space, else after the text when it begins past the
    /// text's end, else at the caret nearest its left edge.
    private func insertionIndex(for ink: HandwritingInk) -> Int {
        if let insertionPoint, insertionPoint <= characters.count { return insertionPoint }
        let xs = ink.strokes.flatMap { $0.points.map(\.x) }.filter(\.isFinite)
        guard let left = xs.min() else { return characters.count }
        if left >= caretX(characters.count) - fontSize / 4 { return characters.count }
        return nearestCaret(left)
    }

    /// After the ink is read (or taken back): the field scrolls to show its text's end and takes a
    /// move that waited.
    private mutating func settle() {
        scrollOffset = restingScroll()
        if let origin = pendingMove {
            pendingMove = nil
            frame.x = origin.x
            frame.y = origin.y
        }
    }

    private func restingScroll() -> Double {
        Swift.max(0, measure(String(characters), fontSize) + 2 * padding - frame.width)
    }
}

/// What a ``ScribbleField`` did, in character offsets of its text at the time.
public enum ScribbleEdit: Hashable, Sendable, CustomStringConvertible {
    /// Handwriting was read and `text` inserted at `at` (with the spaces it needed).
    case inserted(text: String, at: Int)
    /// A scratch-out deleted `text` from `at`.
    case deleted(text: String, at: Int)
    /// A vertical line over a space removed the whitespace at `at`.
    case joined(at: Int)
    /// A vertical line inside a word put a space at `at`.
    case split(at: Int)
    /// A touch and hold opened a space at `at`.
    case openedSpace(at: Int)
    /// A circle selected these characters.
    case selected(Range<Int>)
    /// A scratch-out took back `count` strokes of ink not yet read.
    case erasedInk(count: Int)

    public var description: String {
        switch self {
        case let .inserted(text, _): "wrote “\(text.trimmingWhitespace)”"
        case let .deleted(text, _): "deleted “\(text.trimmingWhitespace)”"
        case .joined: "joined"
        case .split: "split"
        case .openedSpace: "space"
        case let .selected(range): "selected \(range.count)"
        case let .erasedInk(count): "erased \(count) stroke\(count == 1 ? "" : "s")"
        }
    }
}

extension String {
    fileprivate var trimmingWhitespace: Substring {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
        return self[start..<Swift.max(start, end)]
    }
}
