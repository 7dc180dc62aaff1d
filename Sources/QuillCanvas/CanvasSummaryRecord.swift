import QuillCore
import QuillLayout

/// The JSON line `quill canvas --screenshot` prints at the end: input, window, size class,
/// palette, safe area, canvas, document (points), the fit (`document_to_window`: scale, x, y) and
/// the page transform after it (`page_transform`: scale, rotation in radians, x, y in window
/// points), strokes, tool, last feedback, the text boxes' texts and their edits in order
/// (`text_boxes`, `scribble_edits`), the finger taps' requests carried out in order
/// (`finger_requests`: "undo" for a two-finger tap, "redo" for a three-finger tap), frames painted, the latency (a sample's read → the end
/// of the frame that first painted it, milliseconds; null without samples) and the part of it
/// that is painting (`paint_ms`: each frame that painted samples, start to end).
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
    public var page_transform: [Double]
    public var strokes: Int
    public var tool: String
    public var last_feedback: String?
    public var finger_requests: [String]
    /// Each text box's text (Scribble), in the order the boxes were made.
    public var text_boxes: [String]
    /// What the text boxes did, in order: "wrote “cat”", "deleted “the”", "joined", "split",
    /// "space", "selected 3", "erased 2 strokes".
    public var scribble_edits: [String]
    public var frames: Int
    public var latency_ms: Latency
    public var paint_ms: Latency

    /// What `window` shows now.
    public init(_ window: CanvasWindow) {
        let model = window.model
        let layout = model.layout
        let t = model.documentToWindow
        func box(_ r: Rect) -> [Double] { [r.x, r.y, r.width, r.height] }
        func percentiles(_ values: [Double]) -> Latency {
            let sorted = values.sorted()
            func percentile(_ p: Double) -> Double? {
                guard !sorted.isEmpty else { return nil }
                // Milliseconds to the microsecond.
                return (sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] * 1000).rounded() / 1000
            }
            return Latency(p50: percentile(0.5), p99: percentile(0.99), samples: sorted.count)
        }
        input = window.inputDescription
        self.window = [layout.window.width, layout.window.height]
        size_class = SizeClass(horizontal: layout.sizeClass.horizontal.rawValue, vertical: layout.sizeClass.vertical.rawValue)
        palette = Palette(docked: layout.palette.isDocked, background: box(layout.palette.background), controls: layout.palette.controls.map(box))
        safe_area = box(layout.safeAreaRect)
        canvas = box(layout.canvas)
        document = [model.document.width, model.document.height]
        document_to_window = [t.scale, t.x, t.y]
        let page = model.pageTransform
        page_transform = [page.scale, page.rotation, page.translation.x, page.translation.y]
        strokes = model.recorder.drawing.strokes.count
        tool = model.interaction.state.current.ink
        last_feedback = model.feedback?.text
        finger_requests = model.fingerRequests.map(\.rawValue)
        text_boxes = model.textFields.map(\.text)
        scribble_edits = model.scribbleEdits.map(\.description)
        frames = window.painter.frameCount
        latency_ms = percentiles(window.painter.latencies)
        paint_ms = percentiles(window.painter.paintTimes)
    }

    enum CodingKeys: String, CodingKey {
        case input, window, size_class, palette, safe_area, canvas, document, document_to_window, page_transform, strokes, tool, last_feedback, finger_requests, text_boxes, scribble_edits, frames, latency_ms, paint_ms
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
        try row.encode(page_transform, forKey: .page_transform)
        try row.encode(strokes, forKey: .strokes)
        try row.encode(tool, forKey: .tool)
        try row.encodeOrNull(last_feedback, forKey: .last_feedback)
        try row.encode(finger_requests, forKey: .finger_requests)
        try row.encode(text_boxes, forKey: .text_boxes)
        try row.encode(scribble_edits, forKey: .scribble_edits)
        try row.encode(frames, forKey: .frames)
        try row.encode(latency_ms, forKey: .latency_ms)
        try row.encode(paint_ms, forKey: .paint_ms)
    }
}
