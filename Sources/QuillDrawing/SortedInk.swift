import QuillCore
import QuillGestures
import QuillShapes
import QuillStroke

/// A pen's ink sorted into drawings and writing, as `quill showcase` shows it: a stroke held still
/// before lifting that snaps to a shape is a drawing; every other ink stroke is writing. The
/// eraser end's strokes are left out.
///
/// The samples are drawn through ``DrawingSession`` (as every client draws: no pen gestures,
/// no editing gestures, no prediction) once in a grey pen to see which strokes snap, once in the
/// shape ink with hold to snap on (the snapped drawings), and once per line ink (the writing as
/// inked). Every stroke keeps its index among the recording's ink strokes in all of them.
///
/// ```swift
/// let ink = try SortedInk(samples: samples, mapping: mapping, lineInks: [pen], shapeInk: monoline)
/// recognize(ink.writing)                        // the strokes as the pen wrote them
/// draw(ink.inked[0][ink.writingStrokes[0]])     // the first written stroke in the first line ink
/// ```
public struct SortedInk {
    /// A stroke that snapped when held.
    public struct Drawing {
        /// As the hand drew it: a grey pen (3 points), hold to snap off.
        public var drawn: Stroke
        /// As it snapped, in the shape ink.
        public var snapped: Stroke
        /// The shape it snapped to.
        public var shape: ShapeKind
    }

    /// A sample of a written stroke: where the pen was (canvas points), when (seconds, the
    /// samples' clock) and how hard it pressed (0 … 1).
    public struct WrittenPoint: Hashable, Sendable {
        public var location: Point
        public var time: Double
        public var pressure: Double
    }

    /// The writing as the pen wrote it (its contact samples, canvas points), for a recognizer.
    public var writing: [[WrittenPoint]]
    /// For each stroke of ``writing``, its index among the recording's ink strokes.
    public var writingStrokes: [Int]
    /// Every ink stroke of the recording, once per line ink (in the order of the inks given; each
    /// the same strokes in the same order).
    public var inked: [[Stroke]]
    /// The strokes that snapped, in the order they were drawn.
    public var drawings: [Drawing]

    /// Sorts the pen samples of one tablet (`mapping`: its millimetres onto canvas points), in the
    /// source's order; eraser samples are skipped. Throws ``SortedInkError`` when the drawings
    /// made of the samples do not have one stroke per pen-down (so they cannot be set side by side).
    public init(samples: [PenSample], mapping: TabletMapping, lineInks: [Ink], shapeInk: Ink) throws {
        let samples = samples.filter { $0.tool != .eraser }
        func strokes(_ ink: Ink, shapes: ShapeParameters?) -> [Stroke] {
            let options = DrawingSession.Options(
                gestures: false, corners: shapes == nil ? nil : .defaults, shapes: shapes, editingGestures: false, predicts: false)
            var session = DrawingSession(ink: ink, pencil: PencilSession(preferences: PencilPreferences()), mapping: mapping, options: options)
            for sample in samples { session.add(sample) }
            session.finishStrokes()
            return session.drawing?.strokes ?? []
        }
        // The strokes as the pen wrote them, as `quill recognize` reads them.
        var written: [[WrittenPoint]] = []
        var open = false
        for sample in samples {
            let point = WrittenPoint(location: mapping.canvasPoint(for: sample.tabletLocation), time: sample.time, pressure: sample.pressure)
            switch sample.phase {
            case .began:
                written.append([point])
                open = true
            case .moved where open:
                written[written.count - 1].append(point)
            case .ended, .cancelled: open = false
            default: break
            }
        }
        let drawn = strokes(try Ink(type: .pen, color: .black, width: 3), shapes: nil)
        let snapped = strokes(shapeInk, shapes: .defaults)
        inked = lineInks.map { strokes($0, shapes: nil) }
        guard drawn.count == written.count, snapped.count == written.count, inked.allSatisfy({ $0.count == written.count }) else {
            throw SortedInkError(writtenStrokes: written.count, inkStrokes: drawn.count)
        }
        writing = []
        writingStrokes = []
        drawings = []
        for index in drawn.indices {
            if let held = drawn[index].path.heldShape(pointsPerMillimetre: mapping.pointsPerMillimetre, parameters: .defaults), held.snaps,
               let kind = held.match?.shape.kind {
                drawings.append(Drawing(drawn: drawn[index], snapped: snapped[index], shape: kind))
            } else {
                writing.append(written[index])
                writingStrokes.append(index)
            }
        }
    }

    /// These strokes of ``writing`` (indices into it) as inked in line ink `ink` (an index into
    /// the line inks given), in the order given.
    public func inked(writing strokes: [Int], ink: Int) -> [Stroke] {
        strokes.map { inked[ink][writingStrokes[$0]] }
    }

    /// Whether the pen's pressure varies over these strokes of ``writing`` (indices into it): the
    /// median distance of their samples' pressures from their median is over 0.03 (a tablet that
    /// recorded no pressure gives a plain value). False under 10 samples.
    public func pressureVaries(_ strokes: [Int]) -> Bool {
        let values = strokes.flatMap { writing[$0].map(\.pressure) }.sorted()
        guard values.count >= 10 else { return false }
        let median = values[values.count / 2]
        let deviations = values.map { abs($0 - median) }.sorted()
        return deviations[deviations.count / 2] > 0.03
    }
}

/// The drawings made of a pen's samples do not have one stroke per pen-down.
public struct SortedInkError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The pen-downs of the samples.
    public var writtenStrokes: Int
    /// The strokes the drawing made of them.
    public var inkStrokes: Int
    public init(writtenStrokes: Int, inkStrokes: Int) {
        self.writtenStrokes = writtenStrokes
        self.inkStrokes = inkStrokes
    }
    public var description: String {
        "the recording's \(writtenStrokes) strokes became \(inkStrokes) strokes of ink: cannot show them side by side"
    }
}
