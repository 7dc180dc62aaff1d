import QuillCore
import QuillTestSupport
import Testing
@testable import QuillStroke

@Suite struct SteadyGrowthTests {
    @Test func appendsGiveTheSameArrayAsPlainAppendsAtEveryLength() {
        // Seeded lengths across several doublings (the copy swaps in at 1 024, 2 048, … elements),
        // and a reset in between as a new stroke starts.
        var random = SeededRandom(seed: 0x5EED_0D0B)
        for trial in 0..<12 {
            let length = trial < 4 ? [1023, 1024, 1025, 4096][trial] : Int.random(in: 0...300_000, using: &random)
            var growth = SteadyGrowth<Int>()
            var array: [Int] = []
            var plain: [Int] = []
            for index in 0..<length {
                let value = Int.random(in: .min ... .max, using: &random) ^ index
                growth.append(value, to: &array)
                plain.append(value)
            }
            #expect(array == plain, "trial \(trial): length \(length)")
            // Every doubling from 1 024 on was the prepared copy swapped in, never a copy on the spot.
            var doublings = 0, capacity = 1024
            while capacity < length { capacity *= 2; doublings += 1 }
            #expect(growth.swaps >= doublings - 1 && (length <= 2048 || growth.swaps > 0), "trial \(trial): \(growth.swaps) swaps for length \(length)")
            growth.reset()
            var second: [Int] = []
            for index in 0..<5000 { growth.append(index, to: &second) }
            #expect(second == Array(0..<5000))
        }
    }

    @Test func aLongRecordedStrokeKeepsEveryPoint() throws {
        // 70 000 samples in one stroke: the engine's path holds each smoothed point once, in order.
        let mapping = try TabletMapping(areaWidth: 224, areaHeight: 148, canvas: .iPadPro129Landscape)
        var engine = StrokeEngine(ink: try Ink(type: .pen), mapping: mapping)
        var geometry = BrushGeometry()
        var points: [StrokePoint] = []
        var finished: [Stroke] = []
        for index in 0..<70_000 {
            let t = Double(index) / 240
            let mm = TabletPoint(x: 100 + 20 * _cos(t), y: 70 + 20 * _sin(1.3 * t))
            let sample = PenSample(
                time: t, location: mapping.canvasPoint(for: mm), tabletLocation: mm, phase: index == 0 ? .began : index == 69_999 ? .ended : .moved,
                tool: .pen, force: 1, pressure: 0.5, altitude: 1, azimuth: 0)
            geometry.removeAll()
            if let update = engine.add(sample, geometry: &geometry, finished: { finished.append($0) }) { points.append(update.point) }
        }
        #expect(finished.count == 1 && finished.first?.path.points == points)
    }
}
