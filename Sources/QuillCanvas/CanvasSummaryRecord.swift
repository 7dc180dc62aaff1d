import QuillCore
import QuillLayout

/// The JSON line `quill canvas --screenshot` prints at the end: input, window, size class,
/// palette, safe area, canvas, document (points), strokes, tool, last feedback, frames painted
/// and the latency (sample read → frame painted, milliseconds; null without samples).
public struct CanvasSummaryRecord: Encodable, Sendable {
    public struct SizeClass: Encodable, Sendable {
        public var horizontal: String
        public var vertical: String
    }
    public struct Palette: Encodable, Sendable {
        public var docked: Bool
        public var background: [Double]
        public var controls: [[Double]]
    }
    public struct Latency: Encodable, Sendable {
        public var p50: Double?
        public var p99: Double?
        public var samples: Int

        public func encode(to encoder: any Encoder) throws {
            var row = encoder.container(keyedBy: CodingKeys.self)
            try row.encodeOrNull(p50, forKey: .p50)
            try row.encodeOrNull(p99, forKey: .p99)
            try row.encode(samples, forKey: .samples)
        }
        enum CodingKeys: String, CodingKey { case p50, p99, samples }
    }
    public var input: String
    public var window: [Double]
    public var size_class: SizeClass
    public var palette: Palette
    public var safe_area: [Double]
    public var canvas: [Double]
    public var document: [Double]
    public var document_to_window: [Double]
    public var strokes: Int
    public var tool: String
    public var last_feedback: String?
    public var frames: Int
    public var latency_ms: Latency

    /// What `window` shows now.
    public init(_ window: CanvasWindow) {
        let model = window.model
        let layout = model.layout
        let t = model.documentToWindow
        func box(_ r: Rect) -> [Double] { [r.x, r.y, r.width, r.height] }
        let latencies = window.painter.latencies.sorted()
        func percentile(_ p: Double) -> Double? {
            guard !latencies.isEmpty else { return nil }
            // Milliseconds to the microsecond.
            return (latencies[min(latencies.count - 1, Int(Double(latencies.count) * p))] * 1000).rounded() / 1000
        }
        input = window.inputDescription
        self.window = [layout.window.width, layout.window.height]
        size_class = SizeClass(horizontal: layout.sizeClass.horizontal.rawValue, vertical: layout.sizeClass.vertical.rawValue)
        palette = Palette(docked: layout.palette.isDocked, background: box(layout.palette.background), controls: layout.palette.controls.map(box))
        safe_area = box(layout.safeAreaRect)
        canvas = box(layout.canvas)
        document = [model.document.width, model.document.height]
        document_to_window = [t.scale, t.x, t.y]
        strokes = model.recorder.drawing.strokes.count
        tool = model.interaction.state.current.ink
        last_feedback = model.feedback?.text
        frames = window.painter.frameCount
        latency_ms = Latency(p50: percentile(0.5), p99: percentile(0.99), samples: latencies.count)
    }

    enum CodingKeys: String, CodingKey {
        case input, window, size_class, palette, safe_area, canvas, document, document_to_window, strokes, tool, last_feedback, frames, latency_ms
    }

    public func encode(to encoder: any Encoder) throws {
        var row = encoder.container(keyedBy: CodingKeys.self)
        try row.encode(input, forKey: .input)
        try row.encode(window, forKey: .window)
        try row.encode(size_class, forKey: .size_class)
        try row.encode(palette, forKey: .palette)
        try row.encode(safe_area, forKey: .safe_area)
        try row.encode(canvas, forKey: .canvas)
        try row.encode(document, forKey: .document)
        try row.encode(document_to_window, forKey: .document_to_window)
        try row.encode(strokes, forKey: .strokes)
        try row.encode(tool, forKey: .tool)
        try row.encodeOrNull(last_feedback, forKey: .last_feedback)
        try row.encode(frames, forKey: .frames)
        try row.encode(latency_ms, forKey: .latency_ms)
    }
}
