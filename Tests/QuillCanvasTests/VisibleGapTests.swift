import Foundation
@testable import QuillCanvas
import QuillCore
import QuillRender
import QuillTestSupport
import Testing

/// The gap a person sees: each presented frame's ink end against where the pen is at the frame's
/// moment, known only once later samples arrive. Fake clocks throughout: no real time passes.
struct VisibleGapTests {
    /// A pen moving at `speed` mm/s along the direction (3, 4)/5 from (20, 30) mm, at time `t`.
    static func pen(at t: Double, speed: Double = 100, from start: Double = 10) -> TabletPoint {
        let s = speed * (t - start)
        return TabletPoint(x: 20 + 0.6 * s, y: 30 + 0.8 * s)
    }

    /// Samples at `sampleTimes` and frames at `frameTimes` fed in time order, as the window
    /// sees them: a frame is presented once the samples taken before it were added, before the
    /// later ones arrive. `drawn(T)` and `committed(T)` are the ink's ends the frame at T shows.
    static func run(_ meter: inout VisibleGapMeter, sampleTimes: [Double], frameTimes: [Double],
                    drawn: (Double) -> TabletPoint, committed: (Double) -> TabletPoint) {
        var frame = 0
        for t in sampleTimes {
            while frame < frameTimes.count, frameTimes[frame] < t {
                meter.presented(at: frameTimes[frame], drawnEnd: drawn(frameTimes[frame]), committedEnd: committed(frameTimes[frame]))
                frame += 1
            }
            meter.addPen(at: pen(at: t), time: t)
        }
    }

    @Test func aPenAtConstantSpeedIsMeasuredAsSpeedTimesTheDelay() {
        // 240 Hz samples for a second; 60 Hz frames (off the samples' instants) whose ink ends
        // 8 ms behind the pen with the prediction tail and 20 ms behind without it. The pen moves
        // in a straight line at constant speed, so interpolating between two samples is exact:
        // the gaps are 100 mm/s × 8 ms = 0.8 mm and × 20 ms = 2 mm up to rounding (1e-9 mm
        // is ~10⁵ times the error of doubles at these magnitudes).
        var meter = VisibleGapMeter()
        let samples = (0...240).map { 10 + Double($0) / 240 }
        let frames = (1...58).map { 10.0013 + Double($0) / 60 }
        Self.run(&meter, sampleTimes: samples, frameTimes: frames, drawn: { Self.pen(at: $0 - 0.008) }, committed: { Self.pen(at: $0 - 0.020) })
        meter.penLeft()
        #expect(meter.frames.count == frames.count && meter.unresolvedFrames == 0)
        for (frame, time) in zip(meter.frames, frames) {
            #expect(frame.time == time)
            #expect(abs(frame.gap - 0.8) < 1e-9 && abs(frame.gapWithoutPrediction - 2) < 1e-9, "\(frame)")
            #expect(abs((frame.penSpeed ?? 0) - 100) < 1e-6, "\(frame)")
            // Both ends trail the pen along its way.
            #expect(abs((frame.lead ?? 0) + 0.8) < 1e-9 && abs((frame.leadWithoutPrediction ?? 0) + 2) < 1e-9, "\(frame)")
        }
        let summary = CanvasSummaryRecord.VisibleGap(meter)
        #expect(summary.with_prediction.p50 == 0.8 && summary.with_prediction.max == 0.8 && summary.with_prediction.count == 58)
        #expect(summary.without_prediction.p99 == 2 && summary.at_80_120_mm_s.with_prediction.count == 58)
        #expect(summary.pen_speed_mm_s.p50 == 100)
    }

    @Test func thePenIsInterpolatedBetweenUnevenSamplesAndAnsweredOnlyLater() {
        // A 100 Hz pen with jitter (7–13 ms apart): a frame waits until a sample comes half the
        // speed window (8.3 ms) after it, then its pen is the line between its two neighbours.
        var meter = VisibleGapMeter()
        var samples: [Double] = [10]
        while samples.last! < 11 { samples.append(samples.last! + [0.007, 0.013, 0.010, 0.0085][samples.count % 4]) }
        meter.addPen(at: Self.pen(at: samples[0]), time: samples[0])
        meter.addPen(at: Self.pen(at: samples[1]), time: samples[1])
        // A frame between the first two samples: not answered until a sample ≥ 8.3 ms after it.
        let frameTime = samples[1] + 0.001
        meter.presented(at: frameTime, drawnEnd: Self.pen(at: frameTime - 0.005), committedEnd: Self.pen(at: frameTime - 0.010))
        #expect(meter.frames.isEmpty && meter.waitingFrames == 1)
        meter.addPen(at: Self.pen(at: samples[2]), time: samples[2])  // 13 ms later: answered
        #expect(meter.frames.count == 1 && meter.waitingFrames == 0)
        #expect(abs(meter.frames[0].gap - 0.5) < 1e-9 && abs(meter.frames[0].gapWithoutPrediction - 1) < 1e-9)
        for t in samples[3...] { meter.addPen(at: Self.pen(at: t), time: t) }
        #expect(abs((meter.frames[0].penSpeed ?? 0) - 100) < 1e-6)
    }

    @Test func repeatedStalledAndBackwardTimesGiveOnlyFiniteNumbers() {
        // The stamps of real streams: a repeated stamp, a 40 ms stall then a burst 1 µs apart,
        // a step back, a sample with no time; frames everywhere, one exactly on the repeated stamp.
        var meter = VisibleGapMeter()
        var t = 10.0, x = 0.0
        var feed: [(Double, TabletPoint)] = []
        for index in 0..<400 {
            switch index % 50 {
            case 10: break                               // repeated stamp (t unchanged)
            case 20: t += 0.040                          // a stall
            case 21, 22, 23: t += 0.000001               // the burst after it
            case 30: t -= 0.003                          // a step back
            default: t += 1.0 / 240
            }
            x += 0.4
            feed.append((t, TabletPoint(x: x, y: 5)))
            if index % 97 == 0 { feed.append((.nan, TabletPoint(x: 1e9, y: 5))) }
        }
        var frame = 10.0 + 1.0 / 60
        for (time, location) in feed {
            if time.isFinite, time >= frame {
                meter.presented(at: frame, drawnEnd: TabletPoint(x: x, y: 5), committedEnd: TabletPoint(x: x - 1, y: 5))
                frame += 1.0 / 60
            }
            meter.addPen(at: location, time: time)
        }
        meter.presented(at: feed[10].0, drawnEnd: TabletPoint(x: 0, y: 0), committedEnd: TabletPoint(x: 0, y: 0))
        meter.penLeft()
        #expect(meter.frames.count > 50)
        for measured in meter.frames {
            #expect(measured.gap.isFinite && measured.gapWithoutPrediction.isFinite && measured.time.isFinite, "\(measured)")
            #expect(measured.penSpeed.map(\.isFinite) != false, "\(measured)")
        }
        // Nothing non-finite reaches the summary either.
        let line = JSONLineEncoder().line(CanvasSummaryRecord.VisibleGap(meter))
        #expect(!line.contains("null") && !line.contains("nan") && !line.contains("inf"), "\(line)")
    }

    @Test func framesThePenNeverAnswersAreCountedNotMeasured() {
        var meter = VisibleGapMeter(penCapacity: 16, frameCapacity: 4)
        // Before the pen's first sample: there is nothing to interpolate from.
        meter.presented(at: 1, drawnEnd: TabletPoint(x: 0, y: 0), committedEnd: TabletPoint(x: 0, y: 0))
        meter.addPen(at: TabletPoint(x: 0, y: 0), time: 2)
        meter.addPen(at: TabletPoint(x: 1, y: 0), time: 3)
        #expect(meter.frames.isEmpty && meter.unresolvedFrames == 1)
        // More frames than the ring holds while no sample comes: the oldest give up.
        for index in 0..<10 { meter.presented(at: 3.5 + Double(index) * 0.01, drawnEnd: TabletPoint(x: 0, y: 0), committedEnd: TabletPoint(x: 0, y: 0)) }
        #expect(meter.unresolvedFrames == 7 && meter.waitingFrames == 4)
        // The pen left: frames after its last sample are not measured; it starts again after.
        meter.penLeft()
        #expect(meter.unresolvedFrames == 11 && meter.waitingFrames == 0 && meter.frames.isEmpty)
        // A frame exactly at the last sample before the pen left is answered, its speed from
        // the half window there is (8.3 ms ≥ half of 1/60 s).
        meter.addPen(at: TabletPoint(x: 0, y: 0), time: 5)
        meter.addPen(at: TabletPoint(x: 1, y: 0), time: 5.01)
        meter.presented(at: 5.01, drawnEnd: TabletPoint(x: 0.5, y: 0), committedEnd: TabletPoint(x: 0, y: 0))
        meter.penLeft()
        #expect(meter.frames.count == 1 && abs(meter.frames[0].gap - 0.5) < 1e-12 && meter.frames[0].gapWithoutPrediction == 1)
        #expect(abs((meter.frames[0].penSpeed ?? 0) - 100) < 1e-9)
        // The pen's ring keeps its last 16 samples: a frame older than them is not measured.
        for index in 0..<40 { meter.addPen(at: TabletPoint(x: Double(index), y: 0), time: 6 + Double(index) * 0.01) }
        meter.presented(at: 6.05, drawnEnd: TabletPoint(x: 0, y: 0), committedEnd: TabletPoint(x: 0, y: 0))
        meter.addPen(at: TabletPoint(x: 40, y: 0), time: 6.4)
        #expect(meter.frames.count == 1 && meter.unresolvedFrames == 12)
    }

    @Test func sampleClocksPutEachSourceOnTheFramesClock() {
        // A replay at ×2 from monotonic second 1000 whose first event is at recording second 5:
        // the sample of second 7 is the pen one recorded second later, half a second of the clock.
        let replay = SampleClock.replay(startingAt: 1000, firstEventTime: 5, speed: 2)
        #expect(replay.monotonic(5) == 1000 && replay.monotonic(7) == 1001)
        // Live sources count from their run's origin (CLOCK_MONOTONIC µs); GTK's pointer is on it.
        #expect(SampleClock.live(originMicroseconds: 3_500_000).monotonic(0.25) == 3.75)
        #expect(SampleClock.monotonic.monotonic(42.5) == 42.5)
    }

    @Test func theSummaryGivesPercentilesAndNullWithoutFrames() throws {
        let values = (1...100).map(Double.init)
        let p = CanvasSummaryRecord.Percentiles(values.shuffled())
        #expect(p.p50 == 51 && p.p90 == 91 && p.p99 == 100 && p.max == 100 && p.count == 100)
        let empty = JSONLineEncoder().line(CanvasSummaryRecord.VisibleGap(VisibleGapMeter()))
        #expect(empty == #"{"with_prediction":{"p50":null,"p90":null,"p99":null,"max":null,"count":0},"without_prediction":{"p50":null,"p90":null,"p99":null,"max":null,"count":0},"pen_speed_mm_s":{"p50":null,"p90":null,"p99":null,"max":null,"count":0},"at_80_120_mm_s":{"with_prediction":{"p50":null,"p90":null,"p99":null,"max":null,"count":0},"without_prediction":{"p50":null,"p90":null,"p99":null,"max":null,"count":0}},"unresolved_frames":0,"presentation_delay_ms":0.0}"#)
        let frame = VisibleGapFrameRecord(VisibleGapMeter.Frame(time: 12.5, gap: 0.25, gapWithoutPrediction: 1.5, penSpeed: nil), from: 12)
        #expect(JSONLineEncoder().line(frame) == #"{"t":0.5,"speed_mm_s":null,"gap_mm":0.25,"gap_without_prediction_mm":1.5,"lead_mm":null,"lead_without_prediction_mm":null}"#)
    }

    // MARK: - The canvas

    /// The painter's clock, set by the test (no real time).
    final class FakeClock: @unchecked Sendable {
        var now = 0.0
    }

    /// A pen drawing a horizontal line at `speed` mm/s through a model and a painter on fake
    /// clocks: 240 Hz samples stamped on the frames' clock from second 100; 60 Hz frames 2 ms off
    /// the samples' instants, a frame at T showing the samples taken up to T − `latency` (read,
    /// then painted at a later frame) and ending its paint at T.
    static func draw(speed: Double, latency: Double, zoom: Double = 1, stalls: Bool = false, presentationDelay: Double = 0) throws -> (meter: VisibleGapMeter, model: CanvasModel) {
        let model = try CanvasModel(options: CanvasOptions())
        model.sampleClock = .monotonic
        if zoom != 1 { try model.zoomPage(by: zoom, about: Point(x: 500, y: 300)) }
        var adapter = try CanvasPageTests.adapter(model)
        let painter = CanvasPainter()
        painter.presentationDelay = presentationDelay
        let clock = FakeClock()
        painter.clock = { clock.now }
        let layer = try CairoLayer(pixelWidth: 1024, pixelHeight: 720)
        let pointsPerSecond = speed * CanvasModel.pointerPointsPerMillimetre * model.documentToWindow.scale
        let start = 100.0, duration = 1.2
        var times = (0...Int(duration * 240)).map { start + Double($0) / 240 }
        if stalls {
            // Repeated stamps, a stall with a burst after it, a step back.
            for index in stride(from: 20, to: times.count - 4, by: 40) {
                times[index] = times[index - 1]
                times[index + 1] = times[index + 2] - 0.000001
                times[index + 3] -= 0.006
            }
        }
        var next = 0
        var frame = start + 1.0 / 60 + 0.002
        while frame < start + duration {
            while next < times.count, times[next] <= frame - latency {
                // The pen's true position at its stamp (a stamp that stepped back keeps its place).
                let x = 200 + pointsPerSecond * (max(times[next], next > 0 ? times[next - 1] : 0) - start)
                let sample = try CanvasPageTests.sample(model, &adapter, at: Point(x: x, y: 300), time: times[next], touching: true)
                model.add(sample, readAt: times[next], now: times[next])
                next += 1
            }
            clock.now = frame
            try painter.paint(model, on: layer.canvas, width: 1024, height: 720, now: frame)
            frame += 1.0 / 60
        }
        model.finish()
        return (model.visibleGap, model)
    }

    @Test func theCanvasMeasuresTheGapWithAndWithoutPredictionInOneRun() throws {
        // 100 mm/s, a frame painted one 60 Hz frame (16.67 ms) after the samples it shows, the
        // newest of them 2 ms older still: without prediction the ink ends where the pen was
        // 18.67 ms before, 1.867 mm behind it; the prediction's tip (1/60 s ahead of the newest
        // sample) is 2 ms behind, 0.2 mm. On a straight line at constant speed the smoother and
        // the predictor settle onto the line within a few frames (to 1e-8 mm here); 0.05 mm
        // (0.5 ms of the pen's travel) leaves a filter that still tracks a line room to differ.
        let (meter, _) = try Self.draw(speed: 100, latency: 1.0 / 60)
        #expect(meter.frames.count > 60)
        let steady = meter.frames.dropFirst(15)  // the smoother and the predictor settled (a quarter second)
        for frame in steady {
            #expect(abs(frame.gapWithoutPrediction - 1.8667) < 0.05, "\(frame)")
            #expect(abs(frame.gap - 0.2) < 0.05, "\(frame)")
            #expect(abs((frame.penSpeed ?? 0) - 100) < 1e-6, "\(frame)")
        }
        let summary = CanvasSummaryRecord.VisibleGap(meter)
        let on = try #require(summary.with_prediction.p50), off = try #require(summary.without_prediction.p50)
        #expect(on < off / 2, "with prediction \(on) mm, without \(off) mm")
        #expect(summary.at_80_120_mm_s.with_prediction.count == meter.frames.count)
        // A display that shows each frame one refresh (1/60 s) after its paint: the pen has gone
        // 1.667 mm further by then.
        let later = try Self.draw(speed: 100, latency: 1.0 / 60, presentationDelay: 1.0 / 60).meter
        for frame in later.frames.dropFirst(15) {
            #expect(abs(frame.gapWithoutPrediction - 3.5333) < 0.05 && abs(frame.gap - 1.8667) < 0.05, "\(frame)")
        }
    }

    @Test func theGapIsMeasuredOnTheTabletWhateverTheZoom() throws {
        // Zoomed 2×, the ink follows the pen on the screen as before: the same gap in tablet mm.
        let plain = try Self.draw(speed: 100, latency: 1.0 / 60).meter.frames.dropFirst(15).map(\.gapWithoutPrediction)
        let zoomed = try Self.draw(speed: 100, latency: 1.0 / 60, zoom: 2).meter.frames.dropFirst(15).map(\.gapWithoutPrediction)
        #expect(plain.count == zoomed.count && !plain.isEmpty)
        for (a, b) in zip(plain, zoomed) { #expect(abs(a - b) < 1e-6, "\(a) mm at 1×, \(b) mm at 2×") }
    }

    @Test func unevenStampsThroughTheCanvasGiveOnlyFiniteGaps() throws {
        let (meter, model) = try Self.draw(speed: 100, latency: 0.008, stalls: true)
        #expect(meter.frames.count > 60 && model.lastUpdate == nil)
        for frame in meter.frames {
            #expect(frame.gap.isFinite && frame.gapWithoutPrediction.isFinite && frame.penSpeed.map(\.isFinite) != false, "\(frame)")
        }
        // Nothing is measured without a clock for the samples (a screenshot replay).
        let model2 = try CanvasModel(options: CanvasOptions())
        model2.notePresentedFrame(at: 1, showsPrediction: true)
        #expect(model2.visibleGap.frames.isEmpty && model2.visibleGap.waitingFrames == 0)
    }
}
