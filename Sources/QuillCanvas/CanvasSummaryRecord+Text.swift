import Foundation
import QuillCore

extension CanvasSummaryRecord {
    /// The latency and the visible gap as two lines for a person (`quill canvas --stats` writes
    /// them to standard error): milliseconds from a sample's read to the frame that painted it,
    /// then the gap between the pen and the ink's end in tablet millimetres (percentiles, with and
    /// without prediction, all frames and at 80–120 mm/s). A missing value reads "null".
    public var statisticsLines: [String] {
        func number(_ value: Double?) -> String { value.map { String(format: "%.3f", $0) } ?? "null" }
        let latency = latency_ms
        let gap = visible_gap_mm
        func text(_ p: Percentiles) -> String {
            "p50 \(number(p.p50)), p90 \(number(p.p90)), p99 \(number(p.p99)), max \(number(p.max)) mm"
        }
        let moment = gap.presentation_delay_ms == 0 ? "painted" : "painted + \(gap.presentation_delay_ms) ms"
        return [
            "latency (sample read → frame painted), \(latency.samples) samples: p50 \(number(latency.p50)) ms, p99 \(number(latency.p99)) ms",
            "visible gap (pen → ink's end when the frame is \(moment), tablet mm), \(gap.with_prediction.count) frames: "
                + "with prediction \(text(gap.with_prediction)); without \(text(gap.without_prediction)); "
                + "at 80–120 mm/s (\(gap.at_80_120_mm_s.with_prediction.count) frames): with \(text(gap.at_80_120_mm_s.with_prediction)), without \(text(gap.at_80_120_mm_s.without_prediction)); "
                + "pen speed p50 \(number(gap.pen_speed_mm_s.p50)) mm/s; \(gap.unresolved_frames) frames unresolved",
        ]
    }
}

extension VisibleGapFrameRecord {
    /// Every measured frame of `meter` as a JSON line (`quill canvas --gap-frames FILE`), times
    /// from its first measured frame; each line ends in a newline. Empty without frames.
    public static func jsonLines(of meter: VisibleGapMeter) -> [UInt8] {
        let start = meter.frames.first?.time ?? 0
        var bytes: [UInt8] = []
        let encoder = JSONLineEncoder()
        for frame in meter.frames {
            encoder.line(VisibleGapFrameRecord(frame, from: start), appendingTo: &bytes)
            bytes.append(UInt8(ascii: "\n"))
        }
        return bytes
    }
}
