import Foundation
import Testing
import QuillCore
@testable import QuillInput

/// Golden checks on every bundled recording. Each expected value is a fact of the recording
/// itself (counted from its raw events, as the comments say), not a snapshot of Quill's output.
@Suite struct RecordingFactsTests {
    let tolerance = 1e-9

    func strokes(_ samples: [PenSample]) -> [PenTool: Int] {
        samples.filter { $0.phase == .began }.reduce(into: [:]) { $0[$1.tool, default: 0] += 1 }
    }

    /// Contact sequences close: every began has exactly one ended after it, before the next began.
    func expectSequencesClose(_ samples: [PenSample], _ name: String) {
        var isOpen = false
        for sample in samples {
            switch sample.phase {
            case .began:
                #expect(!isOpen, "\(name): began at t=\(sample.time) inside an open stroke")
                isOpen = true
            case .moved:
                #expect(isOpen, "\(name): moved at t=\(sample.time) outside a stroke")
            case .ended, .cancelled:
                #expect(isOpen, "\(name): ended at t=\(sample.time) without began")
                isOpen = false
            case .hover:
                #expect(!isOpen, "\(name): hover at t=\(sample.time) inside a stroke")
            }
        }
        #expect(!isOpen, "\(name): a stroke is left open")
    }

    @Test(arguments: Fixtures.all.map(\.path))
    func everyRecordingReplaysWithClosedSequencesAndTimeInOrder(path: String) throws {
        let device = Fixtures.all.first { $0.path == path }?.device
        let samples = try Fixtures.samples(path, device: device)
        let name = URL(fileURLWithPath: path).lastPathComponent
        #expect(!samples.isEmpty, "\(name)")
        expectSequencesClose(samples, name)
        for (previous, next) in zip(samples, samples.dropFirst()) {
            #expect(previous.time <= next.time, "\(name): time goes back at \(next.time)")
        }
        for sample in samples {
            #expect((0...1).contains(sample.pressure) && (0...PenSample.maximumPossibleForce).contains(sample.force), "\(name) t=\(sample.time)")
            #expect((0...(Double.pi / 2)).contains(sample.altitude) && sample.azimuth >= 0 && sample.azimuth < 2 * .pi, "\(name) t=\(sample.time)")
            #expect((0...1).contains(sample.distance), "\(name) t=\(sample.time)")
            #expect(sample.phase.isInContact || sample.force == 0, "\(name) t=\(sample.time): force while not touching")
        }
    }

    @Test func cintiq12WXHasOnePenAndOneEraserStroke() throws {
        // Raw events: BTN_TOOL_PEN 1/0 once, BTN_TOOL_RUBBER 1/0 once, BTN_TOUCH down twice.
        let samples = try Fixtures.samples(Fixtures.cintiq12WX)
        #expect(strokes(samples) == [.pen: 1, .eraser: 1])
        // First touch: the frame at 0.742036 s holds X 27379, Y 17383, pressure 311 of 0…1023 and
        // tilt (−27, 15) at 57 units/rad; X/Y resolution 200 units/mm.
        let began = try #require(samples.first { $0.phase == .began })
        #expect(abs(began.time - 0.742036) < tolerance)
        #expect(abs(began.tabletLocation.x - 27379.0 / 200) < tolerance && abs(began.tabletLocation.y - 17383.0 / 200) < tolerance)
        // libinput: lower threshold = int(1023 × 1 %) = 10; pressure = (311 − 10) / (1023 − 10).
        #expect(abs(began.pressure - 301.0 / 1013.0) < tolerance)
        #expect(abs(began.force - 301.0 / 1013.0 * 25 / 6) < tolerance)
        let expected = PenOrientation(tilt: PenTilt(xDegrees: -27.0 / 57 * 180 / .pi, yDegrees: 15.0 / 57 * 180 / .pi))
        #expect(abs(began.altitude - expected.altitude) < tolerance && abs(began.azimuth - expected.azimuth) < tolerance)
        // The highest raw pressure in the file is 765.
        let maximum = samples.map(\.pressure).max() ?? 0
        #expect(abs(maximum - (765.0 - 10) / 1013) < tolerance)
    }

    @Test func cintiq22HDTStartsMidProximityAndKeepsEveryStroke() throws {
        // Raw events: 14 pen proximity-outs but 13 proximity-ins (the recording starts with the pen in
        // range); 38 BTN_TOUCH presses of which 4 peak below the tip threshold (int(2047 × 5 %) = 102:
        // peaks 21, 27, 48, 68), so 34 strokes. Tools: pen, eraser (5 in/out), pencil (1), airbrush (2).
        let samples = try Fixtures.samples(Fixtures.cintiq22HDT)
        let counts = strokes(samples)
        #expect(counts.values.reduce(0, +) == 34)
        #expect(Set(samples.map(\.tool)) == [.pen, .eraser, .pencil, .airbrush])
        #expect(samples.contains { $0.buttons.contains(.stylus) } && samples.contains { $0.buttons.contains(.stylus2) })
        // The airbrush's finger wheel reads −1 … 1; other tools report 0.
        #expect(samples.filter { $0.tool != .airbrush }.allSatisfy { $0.wheel == 0 })
        #expect(samples.filter { $0.tool == .airbrush }.allSatisfy { (-1...1).contains($0.wheel) })
        // First touch frame: 0.385014 s after the first event, pressure 165.
        let began = try #require(samples.first { $0.phase == .began })
        #expect(abs(began.time - 0.385014) < tolerance)
        #expect(abs(began.pressure - (165.0 - 20) / (2047 - 20)) < tolerance)
    }

    @Test func wacomProximityOutNeverGivesASampleAtTheOrigin() throws {
        // In 12WX, 13HD, 22HDT, DTH2242, the Dell Canvas and the Intuos Pro M every frame that takes a
        // tool out of proximity also sets ABS_X = ABS_Y = 0 (counted: 2, 1, 22, 6, 3, 3 frames).
        for path in [Fixtures.cintiq12WX, Fixtures.cintiq13HD, Fixtures.cintiq22HDT, Fixtures.dth2242, Fixtures.dellCanvas, Fixtures.intuosProRecord] {
            let replay = try SampleReplay(path: path)
            let samples = try replay.allSamples()
            let device = try #require(replay.devices.first)
            let x = try #require(device.axes[EvdevCode.Abs.x]), y = try #require(device.axes[EvdevCode.Abs.y])
            let resolution = (Double(x.resolution > 0 ? x.resolution : 100), Double(y.resolution > 0 ? y.resolution : 100))
            let origin = TabletPoint(x: -Double(x.minimum) / resolution.0, y: -Double(y.minimum) / resolution.1)
            #expect(!samples.contains { $0.tabletLocation == origin }, "\(path)")
        }
    }

    @Test func cintiq13HDClosesBothStrokesAwayFromItsRaisedMinimum() throws {
        // X/Y minimum is 400; the proximity-out frame still sends 0, which would be −2 mm.
        let samples = try Fixtures.samples(Fixtures.cintiq13HD)
        #expect(strokes(samples) == [.pen: 2])
        #expect(samples.allSatisfy { $0.tabletLocation.x >= 0 && $0.tabletLocation.y >= 0 })
    }

    @Test func firstContactWithHighPressureBeginsAtOnce() throws {
        // Intuos4 tap: pressure jumps from 0 to 1057 of 2047 (52 %) in the first touch frame, 0.140100 s in.
        let samples = try Fixtures.samples(Fixtures.intuos4Tap, device: Fixtures.intuos4Description)
        let began = try #require(samples.first { $0.phase == .began })
        #expect(abs(began.time - 0.140100) < tolerance)
        #expect(abs(began.pressure - (1057.0 - 20) / (2047 - 20)) < tolerance)
        #expect(strokes(samples) == [.pen: 1])
    }

    @Test func saturatedPressureReadsOneAndMaximumForce() throws {
        // Intuos4 drag: one event reaches ABS_PRESSURE 2047, the declared maximum.
        let samples = try Fixtures.samples(Fixtures.intuos4Drag, device: Fixtures.intuos4Description)
        let top = try #require(samples.max { $0.pressure < $1.pressure })
        #expect(top.pressure == 1)
        #expect(top.force == PenSample.maximumPossibleForce)
        #expect(samples.filter { $0.pressure == 1 }.count >= 1)
    }

    @Test func tiltAxesThatNeverReportGiveAnUprightPen() throws {
        // DTH2242 declares ABS_TILT_X/Y (0…127) but sends no tilt event.
        let samples = try Fixtures.samples(Fixtures.dth2242)
        #expect(samples.allSatisfy { $0.altitude == .pi / 2 && $0.azimuth == 0 })
        #expect(strokes(samples) == [.pen: 7])  // 7 BTN_TOUCH presses, all above the threshold
    }

    @Test func devicesWithoutProximityKeysStillGiveAPenStroke() throws {
        // UC-Logic WP5540U: no BTN_TOOL_* at all, one BTN_TOUCH press, pressure up to 451 of 1023.
        let samples = try Fixtures.samples(Fixtures.ucLogic)
        #expect(Set(samples.map(\.tool)) == [.pen])
        #expect(strokes(samples) == [.pen: 1])
        let maximum: Double = samples.map(\.pressure).max() ?? 0
        let expected: Double = (451.0 - 10) / (1023 - 10)
        #expect(abs(maximum - expected) < tolerance)
    }

    @Test func headerlessEventsNeedTheirDescription() throws {
        // The bundled events file has its .desc beside it under the same name: found without --device
        // (DeskFixesTests has the file alone, where the error asks for --device).
        #expect(try Fixtures.samples(Fixtures.genius) == Fixtures.samples(Fixtures.genius, device: Fixtures.geniusDescription))
        // With it: the Genius only hovers (no BTN_TOUCH, no pressure event in the file).
        let samples = try Fixtures.samples(Fixtures.genius, device: Fixtures.geniusDescription)
        #expect(!samples.isEmpty && samples.allSatisfy { $0.phase == .hover })
    }

    @Test func dellCanvasTiltInHundredthsOfADegree() throws {
        // First touch frame at 6.597958 s: tilt (600, −1300) at 5730 units/rad.
        let samples = try Fixtures.samples(Fixtures.dellCanvas)
        let began = try #require(samples.first { $0.phase == .began })
        #expect(abs(began.time - 6.597958) < tolerance)
        let expected = PenOrientation(tilt: PenTilt(xDegrees: 600.0 / 5730 * 180 / .pi, yDegrees: -1300.0 / 5730 * 180 / .pi))
        #expect(abs(began.altitude - expected.altitude) < tolerance && abs(began.azimuth - expected.azimuth) < tolerance)
    }

    @Test func artPenRollIsRelativeToProximityIn() throws {
        // Intuos Pro M record: the Art Pen enters at ABS_Z 0, turns to 450 and −450 of −900…899.
        // libinput's rotation: ((z + 900) / 1800 × 360 + 90) mod 360 → 270°, 0°, 180°; relative to
        // 270° that is +90° and −90°.
        let samples = try Fixtures.samples(Fixtures.intuosProRecord)
        let art = samples.filter { $0.toolSerial == 195_939_070 }
        #expect(art.map(\.roll).contains { abs($0 - .pi / 2) < tolerance })
        #expect(art.map(\.roll).contains { abs($0 + .pi / 2) < tolerance })
        #expect(art.first?.roll == 0)
    }

    @Test func libinputRecordFilesGiveTheSameSamplesWithOrWithoutLibinputEntries() throws {
        // The two files hold the same evdev frames; the plain one starts 1.5 s later (an empty frame at 0).
        let plain = try Fixtures.samples(Fixtures.intuosProRecord)
        let annotated = try Fixtures.samples(Fixtures.intuosProRecordWithLibinput)
        #expect(plain.count == annotated.count)
        for (a, b) in zip(plain, annotated) {
            var shifted = b
            shifted.time = a.time
            #expect(a == shifted)
            #expect(abs(a.time - b.time - 1.5) < tolerance)
        }
        #expect(strokes(plain) == [.pen: 1, .eraser: 1])
        #expect(plain.contains { $0.buttons == [.stylus] })
    }
}
