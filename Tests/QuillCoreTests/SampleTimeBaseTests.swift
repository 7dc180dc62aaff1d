import QuillCore
import QuillTestSupport
import Testing

/// The steady clock at the front of the per-sample path (`SampleTimeBase`), on the uneven stamps
/// of `../shared/reference/linux-input.md` ("Real timestamps are not evenly spaced"): repeated
/// stamps, toolkit milliseconds, stalls and bursts, 1 µs steps, backward steps, gaps.
@Suite struct SampleTimeBaseTests {
    /// Takes every stamp; returns the timings.
    static func take(_ stamps: [Double], into base: inout SampleTimeBase) -> [SampleTimeBase.Timing] {
        stamps.map { base.take($0) }
    }

    @Test func anEvenStreamKeepsItsStampsAndTeachesItsRate() {
        for rate in [100.0, 133, 200, 240, 1000] {
            var base = SampleTimeBase()
            let stamps = (0..<200).map { 3.5 + Double($0) / rate }
            let timings = Self.take(stamps, into: &base)
            #expect(zip(stamps, timings).allSatisfy { abs($0 - $1.time) < 1e-9 }, "\(rate) Hz: an even stream is its own steady clock")
            #expect(timings.dropFirst().allSatisfy { $0.kind == .steady })
            #expect(abs(base.deviceInterval - 1 / rate) < 1e-9, "\(rate) Hz: learnt \(base.deviceInterval)")
        }
    }

    /// GTK, X11 and Qt stamp in milliseconds: a 240 Hz pen gives 4 and 5 ms steps (and, at
    /// 1000 Hz, steps of 0): the rate is learnt within a millisecond's rounding, no interval is
    /// compressed, and the clock never runs away from the stamps.
    @Test func toolkitMillisecondStampsAreAccepted() {
        for rate in [240.0, 1000] {
            var base = SampleTimeBase()
            let stamps = (0..<2400).map { (Double($0) / rate * 1000).rounded(.down) / 1000 }
            let timings = Self.take(stamps, into: &base)
            #expect(base.deviceInterval >= 1 / rate - 0.001 && base.deviceInterval <= 1 / rate + 0.001, "\(rate) Hz: \(base.deviceInterval)")
            for (previous, timing) in zip(timings, timings.dropFirst()) {
                #expect(timing.time > previous.time && timing.interval >= 0.5 * base.deviceInterval)
            }
            #expect(abs(base.offset) <= 0.003, "\(rate) Hz: the clock is \(base.offset) s from the stamps")
            #expect(base.gapCount == 0)
        }
    }

    /// A repeated stamp is taken one device interval on; the next longer interval gives it back.
    @Test func aRepeatedStampIsRetimedAtTheDevicesRate() {
        var base = SampleTimeBase()
        var stamps = (0..<40).map { 0.000137 + Double($0) / 100 }  // kernel microseconds, off the millisecond grid
        stamps.insert(stamps[20], at: 21)  // 0.20 twice, then 0.21 … (the SVC2004 pattern: a frame doubled)
        let timings = Self.take(stamps, into: &base)
        #expect(timings[21].kind == .retimed && abs(timings[21].time - stamps[22]) < 1e-12)
        #expect(timings[21].isTrusted == false)
        // 0.21 arrives next: the clock is there already; the frame keeps its whole interval (no
        // normal interval is compressed) and the clock leads by one interval until a longer one.
        #expect(abs(timings[22].interval - 0.01) < 1e-12)
        #expect(abs(base.offset - 0.01) < 1e-9, "offset: \(base.offset)")
        let late = base.take(stamps.last! + 0.025 + 1e-6)  // a frame dropped: 25 ms
        #expect(late.kind == .steady && abs(late.interval - 0.015 - 1e-6) < 1e-9 && abs(base.offset) < 1e-9)
    }

    /// A burst after a stall (a wireless tablet's batch, a busy toolkit): the stall is a gap, the
    /// frames of the burst are spread at the device's rate, and the lead they take is given back
    /// by the next stall.
    @Test func aBurstAfterAStallIsSpreadAndTheGapIsMarked() {
        var base = SampleTimeBase()
        var stamps = (0..<100).map { Double($0) / 240 }
        let stalled = stamps.last! + 0.040
        stamps += (0..<9).map { stalled + Double($0) * 1e-6 }  // nine frames 1 µs apart
        let timings = Self.take(stamps, into: &base)
        let burst = timings.suffix(9)
        #expect(burst.first!.kind == .gap)
        #expect(burst.dropFirst().allSatisfy { $0.kind == .retimed && abs($0.interval - 1 / 240.0) < 1e-9 })
        #expect(abs(base.offset - (8 / 240.0 - 8e-6)) < 1e-9)
        // The next gap gives the lead back: the clock is on the stamps again.
        let after = stamps.last! + 0.1
        let resumed = base.take(after)
        #expect(resumed.kind == .gap && resumed.time == after && base.offset == 0)
    }

    /// The same burst when the caller saw the pen move only one interval's worth across the
    /// stall (`continuous`): the frames were late, not missing — the first is taken one interval
    /// on and the burst spread at the device's rate up to its last stamp.
    @Test func aStallWhoseFramesWereLateIsSpreadUpToItsLastStamp() {
        var base = SampleTimeBase()
        let truth = (0..<120).map { Double($0) / 240 }
        var stamps = truth
        for k in 100..<110 { stamps[k] = truth[109] + Double(k - 109) * 1e-6 }  // delivered at once, on time at the last
        var timings: [SampleTimeBase.Timing] = []
        for (index, stamp) in stamps.enumerated() {
            timings.append(base.take(stamp, continuous: base.wouldBeGap(stamp) && index == 100))
        }
        #expect(timings[100].kind == .retimed && base.stallCount == 1 && base.gapCount == 0)
        for k in 100..<120 { #expect(abs(timings[k].time - truth[k]) < 2e-5, "frame \(k): \(timings[k].time) for \(truth[k])") }
    }

    @Test func aStepBackwardsIsRetimedAndCounted() {
        var base = SampleTimeBase()
        let stamps = [0.0, 0.005, 0.010, 0.007, 0.015, 0.020]
        let timings = Self.take(stamps, into: &base)
        #expect(timings[3].kind == .retimed && abs(timings[3].time - 0.015) < 1e-12)
        #expect(base.backwardCount == 1)
        #expect(timings.map(\.time) == timings.map(\.time).sorted())
    }

    /// A clock set back by seconds (a client's new origin, recordings joined end to end) is a gap
    /// on the steady clock, and the stamps after it keep their own intervals.
    @Test func aClockSetBackGoesOnAsAGap() {
        var base = SampleTimeBase()
        let first = Self.take((0..<100).map { 5 + Double($0) / 240 }, into: &base)
        let second = Self.take((0..<100).map { 1 + Double($0) / 240 }, into: &base)
        #expect(second[0].kind == .gap && second[0].time > first.last!.time)
        #expect(second.dropFirst().allSatisfy { $0.kind == .steady && abs($0.interval - 1 / 240.0) < 1e-9 })
        #expect(base.retimedCount == 0 && base.mergedCount == 0)
    }

    /// Never more than `maximumLead` of invented time: a stream of one stamp repeated merges
    /// into one instant once the lead is spent.
    @Test func aFrozenClockMergesOnceTheLeadIsSpent() {
        var base = SampleTimeBase()
        _ = Self.take((0..<20).map { Double($0) / 200 }, into: &base)
        let frozen = Self.take(Array(repeating: 0.2, count: 100), into: &base)
        #expect(frozen.contains { $0.kind == .merged })
        #expect(base.offset <= SampleTimeBase.maximumLead + 1e-12)
        #expect(frozen.filter { $0.kind == .merged }.allSatisfy { $0.interval == 0 })
    }

    /// Over seeded random streams mixing every irregularity, non-finite stamps included: the
    /// steady clock never goes back, never falls behind the newest stamp, never leads it by more
    /// than the maximum, and every number is finite.
    @Test(arguments: [UInt64(1), 2, 3, 4, 5])
    func seededIrregularStreamsGiveASteadyClock(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        var base = SampleTimeBase()
        var stamp = Double.random(in: 0...1000, using: &random)
        var newest = -Double.infinity
        var previous: Double?
        for _ in 0..<5000 {
            switch Int.random(in: 0..<20, using: &random) {
            case 0: break  // repeated
            case 1: stamp -= Double.random(in: 0...0.01, using: &random)  // backwards
            case 2: stamp += Double.random(in: 0.02...2, using: &random)  // stall or gap
            case 3: stamp += 1e-6  // a burst's step
            case 4: stamp = (stamp * 1000).rounded(.down) / 1000 + 0.001  // toolkit milliseconds
            default: stamp += 1 / 240 * Double.random(in: 0.9...1.1, using: &random)
            }
            let fed = Int.random(in: 0..<200, using: &random) == 0 ? [Double.nan, .infinity, -.infinity].randomElement(using: &random)! : stamp
            let timing = base.take(fed, continuous: Bool.random(using: &random))
            #expect(timing.time.isFinite && timing.interval.isFinite && timing.interval >= 0)
            if let previous { #expect(timing.time >= previous) }
            if fed.isFinite {
                newest = max(newest, fed)
                #expect(abs(timing.time - newest) <= SampleTimeBase.maximumLead + base.deviceInterval + 1e-9, "\(timing.time) far from the newest stamp \(newest)")
            }
            #expect(abs(base.offset) <= SampleTimeBase.maximumLead + base.deviceInterval + 1e-9)
            previous = timing.time
        }
    }
}
