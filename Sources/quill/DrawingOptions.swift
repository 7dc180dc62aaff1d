import ArgumentParser
import QuillDrawing
import QuillGestures

/// The drawing session's options, the same for every command that draws (`strokes`, `render`,
/// `shapes`): the person's preferences and buttons, the drawing policy, and `--no-gestures`.
struct DrawingOptions: ParsableArguments {
    @OptionGroup var pencil: PencilOptions

    @Flag(help: "Ignore double taps and squeezes (by default a double tap with switchEraser makes the next strokes erase).")
    var noGestures = false

    @Option(help: "Which input draws: default (a finger draws unless prefersPencilOnlyDrawing is set), anyInput, or pencilOnly.")
    var drawingPolicy: DrawingPolicy = .default

    /// The pencil model with the person's preferences; a bad file is said and the command fails.
    func pencilSession() throws -> PencilSession {
        let (preferences, parameters) = try pencil.load()
        return PencilSession(preferences: preferences, parameters: parameters, drawingPolicy: drawingPolicy)
    }
}
