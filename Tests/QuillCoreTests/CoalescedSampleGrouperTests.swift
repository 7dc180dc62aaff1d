import QuillTestSupport
import Testing
@testable import QuillCore

@Suite struct CoalescedSampleGrouperTests {
    func sample(at time: Double) -> PenSample {
        PenSample(
            time: time, location: CanvasPoint(x: time, y: 0), tabletLocation: TabletPoint(x: 0, y: 0), phase: .moved, tool: .pen,
            force: 1, pressure: 0.24, altitude: .pi / 2, azimuth: 0)
    }

    @Test func groups240HzSamplesFourToA60HzFrame() throws {
        var grouper = try CoalescedSampleGrouper(displayRate: 60)
        var events: [CoalescedEvent] = []
        // 240 samples at 240 Hz, offset by half a period so none falls on a frame boundary.
        for index in 0..<240 { grouper.add(sample(at: (Double(index) + 0.5) / 240), into: &events) }
        grouper.finish(into: &events)
        #expect(events.count == 60)
        #expect(events.allSatisfy { $0.samples.count == 4 })
        #expect(events[0].main.time == 3.5 / 240)
        #expect(abs(events[0].frameTime - 1.0 / 60) < 1e-12)
    }

    @Test func keepsEverySampleInOrderWithinItsFrame() throws {
        var random = SeededRandom(seed: 0x5EED_0004)
        for rate in [60.0, 120.0] {
            var grouper = try CoalescedSampleGrouper(displayRate: rate)
            var events: [CoalescedEvent] = []
            var time = 0.0
            var input: [PenSample] = []
            for _ in 0..<3000 {
                time += Double.random(in: 0.001...0.02, using: &random)
                input.append(sample(at: time))
                grouper.add(input[input.count - 1], into: &events)
            }
            grouper.finish(into: &events)
            #expect(events.flatMap(\.samples) == input, "rate \(rate)")
            for event in events {
                #expect(event.samples.allSatisfy { $0.time < event.frameTime && $0.time >= event.frameTime - 1 / rate - 1e-12 }, "rate \(rate)")
                #expect(event.main == event.samples[event.samples.count - 1])
            }
        }
    }

    @Test func rejectsAnImpossibleRate() {
        #expect(throws: ParameterError.self) { try CoalescedSampleGrouper(displayRate: 0) }
        #expect(throws: ParameterError.self) { try CoalescedSampleGrouper(displayRate: .infinity) }
    }
}
