import QuillTestSupport
import Testing
import QuillCore
@testable import QuillInput

/// The tool state machine on synthetic frames of an Intuos-like device (pressure 0…8191:
/// libinput's thresholds are int(81.91) = 81 and int(409.55) = 409; distance 0…63).
@Suite struct TabletDecoderTests {
    let pen = EvdevCode.Key.toolPen
    let tolerance = 1e-12

    @Test func tipFollowsPressureWithHysteresisNotBTNTouch() throws {
        let device = try Fixtures.intuosLikeDevice()
        let samples = try Fixtures.decode([
            Fixtures.frame(0.000, [(ABS, 0, 1000), (ABS, 1, 1000), (ABS, 0x19, 30), (KEY, pen, 1)]),
            Fixtures.frame(0.008, [(ABS, 0x18, 300), (KEY, EvdevCode.Key.touch, 1)]),  // BTN_TOUCH, pressure below 409
            Fixtures.frame(0.016, [(ABS, 0x18, 409)]),  // reaches the upper threshold: tip down
            Fixtures.frame(0.024, [(ABS, 0x18, 100)]),  // between the thresholds: still down
            Fixtures.frame(0.032, [(ABS, 0x18, 81)]),  // at the lower threshold: tip up
            Fixtures.frame(0.040, [(ABS, 0x18, 300), (ABS, 0x19, 5)]),  // below upper: stays up
        ], device: device)
        #expect(samples.map(\.phase) == [.hover, .began, .moved, .ended, .hover])
        #expect(abs(samples[1].pressure - (409.0 - 81) / (8191 - 81)) < tolerance)
        #expect(abs(samples[2].pressure - (100.0 - 81) / (8191 - 81)) < tolerance)
        #expect(samples[1].time == 0.016 && samples[3].time == 0.032)
        #expect(samples[0].pressure == 0 && samples[0].force == 0 && abs(samples[0].distance - 30.0 / 63) < tolerance)
    }

    @Test func liftsTipBeforeProximityOutAndIgnoresTheResetPosition() throws {
        let device = try Fixtures.intuosLikeDevice()
        let samples = try Fixtures.decode([
            Fixtures.frame(0.000, [(ABS, 0, 2000), (ABS, 1, 3000), (ABS, 0x18, 2000), (KEY, pen, 1)]),
            Fixtures.frame(0.008, [(ABS, 0, 2200)]),
            // Wacom: the proximity-out frame resets X, Y and pressure to 0.
            Fixtures.frame(0.016, [(ABS, 0, 0), (ABS, 1, 0), (ABS, 0x18, 0), (KEY, pen, 0)]),
            Fixtures.frame(0.100, [(ABS, 0, 0), (ABS, 1, 0)]),  // out of proximity: no sample
        ], device: device)
        #expect(samples.map(\.phase) == [.began, .moved, .ended])
        #expect(samples[2].time == 0.016)
        #expect(samples[2].tabletLocation == TabletPoint(x: 11, y: 15))  // 2200/200, 3000/200
    }

    @Test func closesAnOpenStrokeAtTheEndOfInputOrOnCancel() throws {
        let device = try Fixtures.intuosLikeDevice()
        let frames = [
            Fixtures.frame(0.0, [(ABS, 0, 2000), (ABS, 1, 3000), (ABS, 0x18, 2000), (KEY, pen, 1)]),
            Fixtures.frame(0.008, [(ABS, 0, 2100)]),
        ]
        let finished = try Fixtures.decode(frames, device: device)
        #expect(finished.map(\.phase) == [.began, .moved, .ended])
        #expect(finished.last?.time == 0.008)
        var decoder = try TabletDecoder(device: device)
        var cancelled: [PenSample] = []
        for frame in frames { decoder.decode(frame: frame[...], into: &cancelled) }
        decoder.cancel(into: &cancelled)
        #expect(cancelled.map(\.phase) == [.began, .moved, .cancelled])
    }

    @Test func aNewToolLiftsTheOldOneFirst() throws {
        let device = try Fixtures.intuosLikeDevice()
        let samples = try Fixtures.decode([
            Fixtures.frame(0.0, [(ABS, 0, 2000), (ABS, 1, 3000), (ABS, 0x18, 2000), (KEY, pen, 1)]),
            Fixtures.frame(0.008, [(KEY, pen, 0), (KEY, EvdevCode.Key.toolRubber, 1), (ABS, 0, 2500)]),
        ], device: device)
        #expect(samples.map(\.phase) == [.began, .ended, .began, .ended])
        #expect(samples.map(\.tool) == [.pen, .pen, .eraser, .eraser])
    }

    @Test func aFrameThatChangesNothingGivesNoSample() throws {
        let device = try Fixtures.intuosLikeDevice()
        let samples = try Fixtures.decode([
            Fixtures.frame(0.0, [(ABS, 0, 2000), (ABS, 1, 3000), (ABS, 0x19, 20), (KEY, pen, 1), (MSC, 0, 77)]),
            Fixtures.frame(0.008, [(MSC, 0, 77)]),  // only the serial again
            Fixtures.frame(0.016, [(ABS, 0, 2000)]),  // the same value again
            Fixtures.frame(0.024, [(KEY, EvdevCode.Key.stylus, 1)]),  // a button: a change
        ], device: device)
        #expect(samples.count == 2)
        #expect(samples[1].buttons == [.stylus] && samples[1].toolSerial == 77)
    }

    @Test func aSilentHoveringPenIsForcedOutUntilItMovesAgain() throws {
        // libinput: 50 ms without events takes a hovering pen out of proximity (not one in contact).
        let device = try Fixtures.intuosLikeDevice()
        var decoder = try TabletDecoder(device: device)
        var samples: [PenSample] = []
        for frame in [
            Fixtures.frame(0.000, [(ABS, 0, 2000), (ABS, 1, 3000), (ABS, 0x19, 20), (KEY, pen, 1)]),
            Fixtures.frame(0.080, [(MSC, 0, 1)]),
        ] { decoder.decode(frame: frame[...], into: &samples) }
        #expect(!decoder.isInProximity)
        decoder.decode(frame: Fixtures.frame(0.090, [(ABS, 0, 2100)])[...], into: &samples)
        #expect(decoder.isInProximity)
        #expect(samples.map(\.phase) == [.hover, .hover])

        var touching = try TabletDecoder(device: device)
        for frame in [
            Fixtures.frame(0.000, [(ABS, 0, 2000), (ABS, 1, 3000), (ABS, 0x18, 3000), (KEY, pen, 1)]),
            Fixtures.frame(0.200, [(MSC, 0, 1)]),
        ] { touching.decode(frame: frame[...], into: &samples) }
        #expect(touching.isInProximity)
    }

    @Test func aDeviceThatSendsRealProximityOutIsNotForcedOut() throws {
        let device = try Fixtures.intuosLikeDevice()
        var decoder = try TabletDecoder(device: device)
        var samples: [PenSample] = []
        for frame in [
            Fixtures.frame(0.000, [(ABS, 0, 2000), (ABS, 1, 3000), (KEY, pen, 1)]),
            Fixtures.frame(0.008, [(ABS, 0, 0), (ABS, 1, 0), (KEY, pen, 0)]),  // a genuine proximity-out
            Fixtures.frame(0.500, [(ABS, 0, 2000), (ABS, 1, 3000), (KEY, pen, 1)]),
            Fixtures.frame(0.600, [(MSC, 0, 1)]),
        ] { decoder.decode(frame: frame[...], into: &samples) }
        #expect(decoder.isInProximity)
    }

    @Test func aWornPenOffsetBecomesTheLowerThreshold() throws {
        // Proximity-in far away (distance 40 ≥ int(63 × 50 %) = 31) with pressure 500 ≤ int(8191 × 20 %):
        // lower = 500, upper = 500 + (409 − 81) = 828.
        let device = try Fixtures.intuosLikeDevice()
        let samples = try Fixtures.decode([
            Fixtures.frame(0.000, [(ABS, 0, 2000), (ABS, 1, 3000), (ABS, 0x19, 40), (ABS, 0x18, 500), (KEY, pen, 1)]),
            Fixtures.frame(0.008, [(ABS, 0x19, 0), (ABS, 0x18, 800)]),  // would be contact without the offset
            Fixtures.frame(0.016, [(ABS, 0x18, 828)]),
        ], device: device)
        #expect(samples.map(\.phase) == [.hover, .hover, .began, .ended])
        #expect(abs(samples[2].pressure - (828.0 - 500) / (8191 - 500)) < tolerance)
    }

    @Test func threeTiltEncodingsGiveTheSameAngles() {
        // linux-input.md: 0…127 without resolution (±64° linear), −64…63 at 57 units/rad,
        // −9000…9000 at 5730 units/rad. Each raw value below is about 30° in its encoding.
        let legacy = AxisInfo(minimum: 0, maximum: 127)
        let wacom = AxisInfo(minimum: -64, maximum: 63, resolution: 57)
        let hundredths = AxisInfo(minimum: -9000, maximum: 9000, resolution: 5730)
        // Quantization: one unit is 128/127 ≈ 1.008° (legacy), 1.005° (57/rad), 0.01° (5730/rad).
        #expect(abs(TabletDecoder.tiltDegrees(93, legacy) - 30) < 1.01)
        #expect(abs(TabletDecoder.tiltDegrees(30, wacom) - 30) < 1.01)
        #expect(abs(TabletDecoder.tiltDegrees(3000, hundredths) - 30) < 0.01)
        for raw in [-64, -30, 0, 30, 63] as [Int32] {
            let viaWacom = TabletDecoder.tiltDegrees(raw, wacom)
            let viaHundredths = TabletDecoder.tiltDegrees(Int32((Double(raw) / 57 * 5730).rounded()), hundredths)
            #expect(abs(viaWacom - viaHundredths) < 0.01, "raw \(raw)")
            let legacyRaw: Double = ((viaWacom / 64 + 1) / 2 * 127).rounded()
            let viaLegacy = TabletDecoder.tiltDegrees(Int32(legacyRaw), legacy)
            #expect(abs(viaWacom - viaLegacy) < 1.01, "raw \(raw)")
        }
        #expect(TabletDecoder.tiltDegrees(0, legacy) == -64 && TabletDecoder.tiltDegrees(127, legacy) == 64)
        #expect(TabletDecoder.tiltDegrees(0, wacom) == 0)
    }

    @Test func mapsTheActiveAreaIntoTheCanvas() throws {
        // 44800 × 29600 at 200 units/mm = 224 × 148 mm, fitted into 1366 × 1024 pt.
        let device = try Fixtures.intuosLikeDevice()
        let samples = try Fixtures.decode([
            Fixtures.frame(0.0, [(ABS, 0, 44800), (ABS, 1, 29600), (KEY, pen, 1)]),
            Fixtures.frame(0.008, [(ABS, 0, 0), (ABS, 1, 0)]),
        ], device: device)
        let scale = 1366.0 / 224
        let top = (1024 - 148 * scale) / 2
        #expect(abs(samples[0].location.x - 1366) < 1e-9 && abs(samples[0].location.y - (top + 148 * scale)) < 1e-9)
        #expect(abs(samples[1].location.x) < 1e-9 && abs(samples[1].location.y - top) < 1e-9)
    }

    @Test func decodesWithoutGrowingPerSampleWork() throws {
        // The decoder holds no per-stroke history: its size is fixed whatever the stroke length.
        let device = try Fixtures.intuosLikeDevice()
        var decoder = try TabletDecoder(device: device)
        var samples: [PenSample] = []
        samples.reserveCapacity(4)
        decoder.decode(frame: Fixtures.frame(0, [(ABS, 0, 1), (ABS, 1, 1), (ABS, 0x18, 3000), (KEY, pen, 1)])[...], into: &samples)
        var random = SeededRandom(seed: 0x5EED_0010)
        for index in 1...20000 {
            samples.removeAll(keepingCapacity: true)
            let frame = Fixtures.frame(Double(index) * 0.005, [(ABS, 0, Int32.random(in: 0...44800, using: &random)), (ABS, 0x18, Int32.random(in: 500...8191, using: &random))])
            decoder.decode(frame: frame[...], into: &samples)
            #expect(samples.count <= 1)
        }
        #expect(MemoryLayout<TabletDecoder>.size < 1024)
    }
}
