import QuillCore
import QuillDevices
import QuillTestSupport
import Testing

/// ``MonotonicDeviceTimes``: a live run's times never step back per device, and a time is only
/// ever raised, to its device's last one.
@Suite struct MonotonicDeviceTimesTests {
    @Test func libinputsEarlierUnplugTipUpIsRaisedToTheLastSample() {
        // libinput stamps the tip-up it makes at an unplug up to 300 ms before the last sample.
        var times = MonotonicDeviceTimes()
        let last = PenSample(
            time: 2.500, location: CanvasPoint(x: 10, y: 10), tabletLocation: TabletPoint(x: 10, y: 10), phase: .moved, tool: .pen,
            force: 1, pressure: 0.4, altitude: 1, azimuth: 0, deviceIndex: 3)
        var tipUp = last
        tipUp.time = 2.210
        tipUp.phase = .ended
        #expect(times.ordered(last).time == 2.500)
        #expect(times.ordered(tipUp).time == 2.500)
        #expect(times.ordered(tipUp).phase == .ended)
        #expect(times.lastTimes == [3: 2.500])
    }

    @Test func everyDevicesTimesAreTheirRunningMaximumAndDevicesStayApart() {
        for seed in UInt64(1)...20 {
            var random = SeededRandom(seed: 0x5EED_0370 + seed)
            var times = MonotonicDeviceTimes()
            var clock: [Int: Double] = [:], highest: [Int: Double] = [:]
            for step in 0..<500 {
                let device = Int.random(in: 0..<3, using: &random)
                // Mostly forward in steps of a few ms, sometimes back by up to 300 ms.
                let stepBack = Double.random(in: 0..<1, using: &random) < 0.1
                let time = (clock[device] ?? 0) + (stepBack ? -Double.random(in: 0...0.3, using: &random) : Double.random(in: 0...0.01, using: &random))
                clock[device] = time
                let expected = max(time, highest[device] ?? -.infinity)
                highest[device] = expected
                let ordered = step.isMultiple(of: 2)
                    ? times.ordered(time, device: device)
                    : times.ordered(PadEvent(time: time, deviceIndex: device, kind: .button(number: 0, isPressed: true))).time
                #expect(ordered == expected, "seed \(seed), step \(step), device \(device): \(time) became \(ordered), expected \(expected)")
            }
            #expect(times.lastTimes == highest, "seed \(seed)")
        }
    }
}
