import QuillCore
import QuillGestures
import QuillHandwriting
import QuillLayout
import QuillStroke

/// How a canvas starts: the window, the ink, the hand, the person's gesture preferences.
/// Validated when made; nothing is clamped.
public struct CanvasOptions: Hashable, Sendable {
    /// Window width in points, ≥ 320 (the narrowest window of the layout reference). Default 1024.
    public var windowWidth: Double
    /// Window height in points, ≥ 320. Default 720.
    public var windowHeight: Double
    /// The ink the pen starts with (default the pen ink, #0D3FBF at its default width).
    public var ink: Ink
    /// The drawing hand: a floating palette keeps away from it. Default right.
    public var hand: DrawingHand
    /// How the eraser end erases (default bitmap: only what it touches).
    public var eraser: DrawingRecorder.EraserKind
    /// The person's system-wide double-tap, squeeze and pad-button actions.
    public var preferences: PencilPreferences
    /// Which input draws: a finger too (``DrawingPolicy/anyInput``), the pen only
    /// (``DrawingPolicy/pencilOnly``: one finger pans), or as the person prefers (default).
    public var drawingPolicy: DrawingPolicy
    /// The language handwriting in the drawing's text boxes is read in (Scribble). Default English.
    public var handwritingLanguage: HandwritingLanguage
    /// How the pen's tip is predicted: above all the horizon, which should be the time from a
    /// sample's read to the moment its frame shows (read → paint, a few ms, plus the display's
    /// latency: about one refresh). Default ``PredictionParameters/defaults`` (1/60 s).
    public var prediction: PredictionParameters

    /// Throws ``ParameterError`` for a window side under 320 points or not finite.
    public init(windowWidth: Double = 1024, windowHeight: Double = 720, ink: Ink? = nil, hand: DrawingHand = .right,
                eraser: DrawingRecorder.EraserKind = .bitmap, preferences: PencilPreferences = PencilPreferences(),
                drawingPolicy: DrawingPolicy = .default, handwritingLanguage: HandwritingLanguage = .english,
                prediction: PredictionParameters = .defaults) throws {
        for (name, value) in [("windowWidth", windowWidth), ("windowHeight", windowHeight)] {
            guard value.isFinite, value >= Layout.smallestWindowSide, value <= 16384 else {
                throw ParameterError(field: "CanvasOptions.\(name)", value: "\(value)", expected: "points 320 … 16384 (320: the smallest window of the layout reference)")
            }
        }
        self.windowWidth = windowWidth
        self.windowHeight = windowHeight
        self.ink = try ink ?? Ink(type: .pen, color: .blue)
        self.hand = hand
        self.eraser = eraser
        self.preferences = preferences
        self.drawingPolicy = drawingPolicy
        self.handwritingLanguage = handwritingLanguage
        self.prediction = prediction
    }
}
