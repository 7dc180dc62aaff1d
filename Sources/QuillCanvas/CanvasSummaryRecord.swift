import QuillCore
import QuillLayout

/// The JSON line `quill canvas --screenshot` prints at the end: input, window, size class,
/// palette, safe area, canvas, document (points), the fit (`document_to_window`: scale, x, y) and
/// the page transform after it (`page_transform`: scale, rotation in radians, x, y in window
/// points), strokes, tool, last feedback, the text boxes' texts and their edits in order
/// (`text_boxes`, `scribble_edits`), the finger taps' requests carried out in order
/// (`finger_requests`: "undo" for a two-finger tap, "redo" for a three-finger tap), frames painted, the latency (a sample's read → the end
/// of the frame that first painted it, milliseconds; null without samples) and the part of it
/// that is painting (`paint_ms`: each frame that painted samples, start to end), and the gap a
/// person sees between the pen and the ink's end (`visible_gap_mm`, ``VisibleGap``).
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
    /// Percentiles of a measure (nearest rank, as the latency's: the value at index ⌊n·p⌋ of the
    /// sorted values), rounded to a thousandth of its unit; null without values.
    public struct Percentiles: Encodable, Sendable {
        public var p50: Double?
        public var p90: Double?
        public var p99: Double?
        public var max: Double?
        public var count: Int

        /// The percentiles of `values` (sorted here).
        public init(_ values: [Double]) {
            let sorted = values.filter(\.isFinite).sorted()
            func percentile(_ p: Double) -> Double? {
                guard !sorted.isEmpty else { return nil }
                return (sorted[Swift.min(sorted.count - 1, Int(Double(sorted.count) * p))] * 1000).rounded() / 1000
            }
            p50 = percentile(0.5)
            p90 = percentile(0.9)
            p99 = percentile(0.99)
            max = sorted.last.map { ($0 * 1000).rounded() / 1000 }
            count = sorted.count
        }

        public func encode(to encoder: any Encoder) throws {
            var row = encoder.container(keyedBy: CodingKeys.self)
            try row.encodeOrNull(p50, forKey: .p50)
            try row.encodeOrNull(p90, forKey: .p90)
            try row.encodeOrNull(p99, forKey: .p99)
            try row.encodeOrNull(max, forKey: .max)
            try row.encode(count, forKey: .count)
        }
        enum CodingKeys: String, CodingKey { case p50, p90, p99, max, count }
    }

    /// The gap a person sees (``VisibleGapMeter``), in tablet millimetres: for each frame that
    /// showed the ink of a pen stroke in contact, the distance from the ink's end to where the pen
    /// was when the frame's paint ended. `with_prediction` measures from the end as drawn (the
    /// prediction tail's tip), `without_prediction` from the last committed point, in the same
    /// frames; `pen_speed_mm_s` is the pen's speed at those frames (mm/s, over 1/60 s around each);
    /// `at_80_120_mm_s` the two gaps of the frames where the pen moved 80–120 mm/s (the issue's
    /// 100 mm/s); `unresolved_frames` counts frames the pen's samples never answered (the pen left
    /// first); `presentation_delay_ms` is how long after its paint end a frame was taken to show
    /// (``CanvasPainter/presentationDelay``, 0: at the paint end). Empty (counts 0, percentiles null) when the window cannot map its input's times onto
    /// its clock (a screenshot replay, played as fast as frames come).
    public struct VisibleGap: Encodable, Sendable {
        /// Both gaps of the frames in one band of pen speeds.
        public struct Band: Encodable, Sendable {
            public var with_prediction: Percentiles
            public var without_prediction: Percentiles
        }
        public var with_prediction: Percentiles
        public var without_prediction: Percentiles
        public var pen_speed_mm_s: Percentiles
        public var at_80_120_mm_s: Band
        public var unresolved_frames: Int
        public var presentation_delay_ms: Double

        /// The pen speeds of ``at_80_120_mm_s``, millimetres per second.
        public static let band = 80.0...120.0

        /// What `meter` measured, each frame taken to show `presentationDelay` seconds after its paint end.
        public init(_ meter: VisibleGapMeter, presentationDelay: Double = 0) {
            let frames = meter.frames
            with_prediction = Percentiles(frames.map(\.gap))
            without_prediction = Percentiles(frames.map(\.gapWithoutPrediction))
            pen_speed_mm_s = Percentiles(frames.compactMap(\.penSpeed))
            let inBand = frames.filter { $0.penSpeed.map(Self.band.contains) == true }
            at_80_120_mm_s = Band(with_prediction: Percentiles(inBand.map(\.gap)), without_prediction: Percentiles(inBand.map(\.gapWithoutPrediction)))
            unresolved_frames = meter.unresolvedFrames
            presentation_delay_ms = presentationDelay * 1000
        }
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
    public var visible_gap_mm: VisibleGap

    /// What `window` shows now.
    public init(_ window: CanvasWindow) {
        let model = window.model
        let layout = model.layout
        let t = model.documentToWindow
        func box(_ r: Rect) -> [Double] { [r.x, r.y, r.width, r.height] }
        func percentiles(_ values: [Double]) -> Latency {
            // Milliseconds to the microsecond (the same ranks as every percentile here).
            let all = Percentiles(values)
            return Latency(p50: all.p50, p99: all.p99, samples: all.count)
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
        visible_gap_mm = VisibleGap(model.visibleGap, presentationDelay: window.painter.presentationDelay)
    }

    enum CodingKeys: String, CodingKey {
        case input, window, size_class, palette, safe_area, canvas, document, document_to_window, page_transform, strokes, tool, last_feedback, finger_requests, text_boxes, scribble_edits, frames, latency_ms, paint_ms, visible_gap_mm
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
        try row.encode(visible_gap_mm, forKey: .visible_gap_mm)
    }
}

/// One measured frame of the visible gap (``VisibleGapMeter/Frame``) as a JSON line
/// (`quill canvas --gap-frames FILE`): `t` seconds from the first measured frame, the pen's
/// `speed_mm_s` (null when unknown), `gap_mm` (from the ink's end as drawn) and
/// `gap_without_prediction_mm` (from the last committed point), and their parts along the pen's
/// way, `lead_mm` and `lead_without_prediction_mm` (positive: the end is ahead of the pen; null
/// without a speed or for a pen at rest); tablet millimetres.
public struct VisibleGapFrameRecord: Encodable, Sendable {
    public var t: Double
    public var speed_mm_s: Double?
    public var gap_mm: Double
    public var gap_without_prediction_mm: Double
    public var lead_mm: Double?
    public var lead_without_prediction_mm: Double?

    /// `frame`, its time counted from monotonic second `start`.
    public init(_ frame: VisibleGapMeter.Frame, from start: Double) {
        t = frame.time - start
        speed_mm_s = frame.penSpeed
        gap_mm = frame.gap
        gap_without_prediction_mm = frame.gapWithoutPrediction
        lead_mm = frame.lead
        lead_without_prediction_mm = frame.leadWithoutPrediction
    }

    public func encode(to encoder: any Encoder) throws {
        var row = encoder.container(keyedBy: CodingKeys.self)
        try row.encode(t, forKey: .t)
        try row.encodeOrNull(speed_mm_s, forKey: .speed_mm_s)
        try row.encode(gap_mm, forKey: .gap_mm)
        try row.encode(gap_without_prediction_mm, forKey: .gap_without_prediction_mm)
        try row.encodeOrNull(lead_mm, forKey: .lead_mm)
        try row.encodeOrNull(lead_without_prediction_mm, forKey: .lead_without_prediction_mm)
    }
    enum CodingKeys: String, CodingKey { case t, speed_mm_s, gap_mm, gap_without_prediction_mm, lead_mm, lead_without_prediction_mm }
}
