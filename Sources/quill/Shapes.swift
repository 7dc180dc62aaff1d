import ArgumentParser
import QuillCore
import QuillDrawing
import QuillGestures
import QuillShapes
import QuillStroke

/// `quill shapes FILE`: what hold to snap makes of each stroke of a recording.
struct Shapes: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Recognize the shape of each stroke of a recording and say whether it was held to snap: JSON Lines.",
        discussion: """
            One line per finished ink stroke: stroke, shape (line, polyline, triangle, rectangle, square, quadrilateral, \
            circle, ellipse, arc, arrow, star, heart, or none), score (0 … 1), error, held, rest (seconds), and the \
            shape's vertices, centre, radii, angle, start_angle and sweep in canvas points and radians (vertices_mm, \
            centre_mm on the tablet); what the eraser did as `quill strokes --emit final` says it ({"event":"erased"|"split",…}). A stroke snaps in `quill strokes --emit final`, `quill render` and the canvas \
            when it is held and has a shape. `--explain` says why: every fit weighed and what moved it.
            """)

    @OptionGroup var recording: RecordingOptions
    @OptionGroup var drawingOptions: DrawingOptions

    @Option(help: "How long the tip must rest before lifting to snap, seconds (0.05 … 5).")
    var holdDuration: Double = ShapeParameters.defaults.holdDuration

    @Option(help: "How far the resting tip may wander, mm (0.05 … 10).")
    var holdRadius: Double = ShapeParameters.defaults.holdRadius

    @Option(help: "The largest fit error a shape may have, as a fraction of the stroke's size (0.001 … 0.5).")
    var maximumError: Double = ShapeParameters.defaults.maximumError

    @Option(help: "Also print the best N fits the recognizer weighed (`candidates`: [{shape, error}]), 0 … 20.")
    var candidates: Int = 0

    @Flag(help: "Explain each stroke: every fit weighed with its error, charge, rank, limit and what moved it (`candidates`), and why the winner won (`why`).")
    var explain = false

    func validate() throws {
        guard (0...20).contains(candidates) else { throw ValidationError("--candidates must be 0 … 20, not \(candidates)") }
    }

    func run() throws {
        let parameters = try ShapeParameters(holdDuration: holdDuration, holdRadius: holdRadius, maximumError: maximumError)
        let output = TextOutput()
        defer { output.flush() }
        // The drawing's strokes as drawn: neither snapped nor with corners kept (what is recognized
        // is the hand's path); double taps and scratch-outs act as in every command.
        var session = DrawingSession(
            ink: try Ink(type: .pen), pencil: try drawingOptions.pencilSession(),
            options: .init(gestures: !drawingOptions.noGestures, corners: nil, shapes: nil))
        var outcomes: [PencilInteraction.Outcome] = []
        var fingers: [FingerGesture] = []
        var printed: Set<Int> = []
        func printFinished() {
            guard let mapping = session.mapping, let drawing = session.drawing, let ids = session.recorder?.strokeIDs else { return }
            // What the eraser did, by id, as `quill strokes --emit final` says it: the strokes left
            // standing are the drawing's.
            for change in session.takeChanges() { output.record(EraserChangeRecord(change)) }
            for (stroke, id) in zip(drawing.strokes, ids) where !printed.contains(id) {
                printed.insert(id)
                guard let held = stroke.path.heldShape(pointsPerMillimetre: mapping.pointsPerMillimetre, parameters: parameters, always: true) else { continue }
                var record = ShapeRecord(stroke: id, held: held, mapping: mapping)
                if candidates > 0 || explain {
                    let drawn = Array(stroke.path.points[...held.rest.index].map { Point(x: $0.x, y: $0.y) })
                    let explanation = ShapeRecognizer(parameters: parameters).explain(drawn, unitsPerMillimetre: mapping.pointsPerMillimetre)
                    if explain {
                        record.candidates = explanation.fits.map(ShapeRecord.Candidate.init)
                        record.why = explanation.summary
                    } else {
                        record.candidates = explanation.fits.prefix(candidates).map { ShapeRecord.Candidate(shape: $0.kind.rawValue, error: $0.error) }
                    }
                }
                output.record(record)
            }
        }
        var lastTime = 0.0
        _ = try recording.replayEvents { events, replay in
            for event in events {
                session.handle(event, from: replay, outcomes: &outcomes, fingers: &fingers)
                outcomes.removeAll(keepingCapacity: true)
                fingers.removeAll(keepingCapacity: true)
                if let time = event.time { lastTime = max(lastTime, time) }
            }
            printFinished()
        }
        session.finish(at: lastTime, outcomes: &outcomes)
        printFinished()
    }
}
