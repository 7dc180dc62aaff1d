import Foundation
import QuillCanvas
import QuillCore
import QuillGestures
import QuillRender
import QuillStroke
import QuillTestSupport
import Testing

/// The latency record: each sample timed from its read to the end of the frame that first paints it
/// (no timing goal here: the numbers come from the live measurement, Tools/testing/live-rate).
struct CanvasLatencyTests {
    @Test func eachSampleIsTimedFromItsReadToTheFrameThatPaintsIt() throws {
        let model = try CanvasModel(options: CanvasOptions())
        var adapter = try CanvasPageTests.adapter(model)
        let painter = CanvasPainter()
        nonisolated(unsafe) var clock = 100.0
        painter.clock = { clock }
        let layer = try CairoLayer(pixelWidth: 1024, pixelHeight: 720)
        for (index, x) in [500.0, 510, 520].enumerated() {
            model.add(try CanvasPageTests.sample(model, &adapter, at: Point(x: x, y: 300), time: Double(index) * 0.01, touching: true), readAt: 99.996 + Double(index) * 0.001, now: 0)
        }
        clock = 100.004
        try painter.paint(model, on: layer.canvas, width: 1024, height: 720, now: 0)
        #expect(painter.latencies.count == 3)
        for (latency, expected) in zip(painter.latencies, [8.0, 7, 6]) { #expect(abs(latency - expected) < 1e-6) }
        #expect(painter.paintTimes.count == 1 && abs(painter.paintTimes[0]) < 1e-9)
        // A frame with no new sample adds nothing; a sample without a read time is timed from
        // its entry into the model.
        try painter.paint(model, on: layer.canvas, width: 1024, height: 720, now: 0)
        #expect(painter.latencies.count == 3 && painter.frameCount == 2)
        model.add(try CanvasPageTests.sample(model, &adapter, at: Point(x: 530, y: 300), time: 0.04, touching: true), now: 0)
        try painter.paint(model, on: layer.canvas, width: 1024, height: 720, now: 0)
        #expect(painter.latencies.count == 4)
    }
}
