import Foundation
import QuillTestSupport
import Testing
import QuillCore
import QuillSystem
@testable import QuillInput

/// True millimetres from libwacom, the Art Pen's roll, the tool id and wheel in the output, and
/// the evemu `.desc` found beside a header-less event file.
@Suite struct DeskFixesTests {
    @Test func aTabletWithoutResolutionGetsLibwacomsSize() throws {
        // The 22HDT declares X 0…95840, Y 0…54260 and no resolution; libwacom: 19 × 11 in. The
        // longer side gives 95840 / 482.6 = 198.6 units/mm for both axes (the real tablet's 200).
        let catalog = try WacomCatalog()
        let device = try EvemuReader.readDescription(path: Fixtures.cintiq22HDT)
        let area = try #require(catalog.activeArea(of: device))
        #expect(abs(area.width - 482.6) < 1e-9)
        #expect(abs(area.height - 54260 / (95840 / 482.6)) < 1e-9)
        #expect(area.source.contains("Cintiq 22HD"))
        let replay = try SampleReplay(path: Fixtures.cintiq22HDT, catalog: catalog)
        let samples = try replay.allSamples()
        #expect(replay.scale(forDevice: 0) == .catalog(area))
        let maxX = try #require(samples.map(\.tabletLocation.x).max())
        #expect(maxX <= area.width && maxX > 0.8 * area.width)  // was up to 958 mm at an assumed 100 units/mm
        // Without a catalog (or for a model libwacom does not know) the assumption stays, and says so.
        let assumed = try SampleReplay(path: Fixtures.cintiq22HDT)
        var scratch: [PenSample] = []
        _ = try assumed.nextSamples(into: &scratch)
        #expect(assumed.scale(forDevice: 0) == .assumed(unitsPerMillimetre: 100))
        #expect(catalog.activeArea(of: try EvemuReader.readDescription(path: Fixtures.geniusDescription)) == nil)
        // A device that declares its resolution keeps it, whatever libwacom says.
        let declared = try SampleReplay(path: Fixtures.cintiq13HD, catalog: catalog)
        _ = try declared.allSamples()
        #expect(declared.scale(forDevice: 0) == .declaredResolution)
    }

    @Test func summarySaysWhereTheMillimetresComeFrom() throws {
        let run = try CommandLineTests().quill("summary", Fixtures.cintiq22HDT)
        #expect(run.status == 0)
        #expect(run.output.contains("pen; no resolution declared: size 482.6 × 273.2 mm from libwacom \"Wacom Cintiq 22HD touch\""))
    }

    /// The real 13HD's description (ABS_Z −900…899) with an Art Pen (tool id 0x100804) whose
    /// proximity-in frame carries no ABS_Z, as a real 13HD sends it.
    static func artPenRecording() throws -> String {
        let real = try String(contentsOfFile: Fixtures.cintiq13HD, encoding: .utf8)
        var header = ""
        for line in real.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("E:") { break }
            header += line + "\n"
        }
        let frames: [[String]] = [
            ["0001 0140 1", "0003 0028 1050628", "0003 0000 20000", "0003 0001 10000", "0003 0019 30"],
            ["0003 0002 300", "0003 0000 20010"],
            ["0003 0002 400", "0003 0000 20020"],
            ["0003 0002 -800", "0003 0000 20030"],
        ]
        var text = header
        for (index, frame) in frames.enumerated() {
            for event in frame + ["0000 0000 0"] { text += String(format: "E: %.6f ", Double(index) * 0.01) + event + "\n" }
        }
        return try Fixtures.write(text)
    }

    @Test func theReal22HDTsArtPenEntersWithoutRotationAndItsRollHasNoJump() throws {
        // The 22HDT recording's Art Pen (tool id 0x100804) comes into proximity at t ≈ 19.966 s in
        // a frame with no ABS_Z, the first ABS_Z two frames later. Counted from the axis state
        // (raw 0), its roll started at 0 and jumped by about π there; counted from the first
        // rotation received it starts at 0 and turns smoothly.
        let samples = try Fixtures.samples(Fixtures.cintiq22HDT)
        let artPen = samples.enumerated().filter { $0.element.toolID == 0x100804 }
        #expect(artPen.count > 100)
        let entry = try #require(artPen.first { abs($0.element.time - 19.965854) < 1e-6 })
        #expect(entry.element.roll == 0 && samples[entry.offset + 1].roll == 0)
        var largestStep = 0.0
        for (index, sample) in artPen.dropFirst() where artPen.contains(where: { $0.offset == index - 1 }) {
            var step = abs(sample.roll - samples[index - 1].roll)
            if step > .pi { step = 2 * .pi - step }
            largestStep = max(largestStep, step)
        }
        // The largest real step is 0.57 rad, at the touch-down at 18.857 s; the old error was ≈ π (−132.6° from 0).
        #expect(largestStep < 1.0, "largest roll step between consecutive Art Pen samples: \(largestStep) rad")
    }

    @Test func artPenRollCountsFromTheFirstRotationReceived() throws {
        let samples = try Fixtures.samples(try Self.artPenRecording())
        #expect(samples.count == 4)
        // No ABS_Z yet: roll 0 (it read −120° from the axis minimum before); then relative to 300.
        #expect(samples[0].roll == 0 && samples[1].roll == 0)
        // 100 units of 1800 per turn = 20°; −800 is 1100 units back = −220° ≡ +140°.
        #expect(abs(samples[2].roll - 20 * .pi / 180) < 1e-12)
        #expect(abs(samples[3].roll - 140 * .pi / 180) < 1e-12)
        #expect(samples.allSatisfy { $0.toolID == 0x100804 })
    }

    @Test func samplesCarryTheToolIDAndTheAirbrushWheel() throws {
        // The 22HDT recording's tools by ABS_MISC: the airbrush is 0x100902 and its wheel moves
        // over the whole −1…1; the Art Pen 0x100804 rotates; a pen's wheel stays 0.
        let samples = try Fixtures.samples(Fixtures.cintiq22HDT)
        let airbrush = samples.filter { $0.tool == .airbrush }
        #expect(!airbrush.isEmpty && airbrush.allSatisfy { $0.toolID == 0x100902 })
        #expect(airbrush.map(\.wheel).min() == -1 && airbrush.map(\.wheel).max() == 1)
        #expect(samples.filter { $0.tool != .airbrush }.allSatisfy { $0.wheel == 0 })
        #expect(samples.contains { $0.toolID == 0x100804 && $0.roll != 0 })
        let run = try CommandLineTests().quill("samples", Fixtures.cintiq22HDT)
        let objects = try run.output.split(separator: "\n").map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(objects.filter { $0["tool"] as? String == "airbrush" }.allSatisfy { $0["tool_id"] as? Int == 0x100902 })
        #expect(objects.contains { ($0["wheel"] as? Double) == -1 })
    }

    @Test func aHeaderlessEventFileFindsItsDescriptionBesideIt() throws {
        let directory = TestScratch.directory.appendingPathComponent("quill-companion-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let events = directory.appendingPathComponent("genius.events").path
        try FileManager.default.copyItem(atPath: Fixtures.genius, toPath: events)
        // Without a description beside it: the message says what to do.
        #expect {
            _ = try Fixtures.samples(events)
        } throws: { error in
            "\(error)".contains("--device") && "\(error)".contains("genius.events") && "\(error)".contains("no .desc file beside it")
        }
        try FileManager.default.copyItem(atPath: Fixtures.geniusDescription, toPath: directory.appendingPathComponent("genius.desc").path)
        let replay = try SampleReplay(path: events)
        #expect(try replay.allSamples() == Fixtures.samples(Fixtures.genius, device: Fixtures.geniusDescription))
        #expect(replay.warnings.contains { $0.message.contains("described by \(directory.path)/genius.desc") })
        let run = try CommandLineTests().quill("samples", events)
        #expect(run.status == 0 && run.error.contains("genius.desc, found beside it"))
    }

    /// Issue 38: every bundled recording opens by its name. evemu-devices names a scenario of a
    /// device D `D.scenario.events` or `D-scenario.events` beside `D.desc`
    /// (`Wacom-Intuos4-6x9.pad-buttons.events`, `Wacom-Intuos5-touch-M-Finger-double-tap.events`):
    /// such a file finds the description of the longest D, and says which it used.
    @Test func everyBundledRecordingOpensByItsName() throws {
        let root = Fixtures.repositoryRoot.appendingPathComponent("Recordings").path
        let files = try #require(FileManager.default.enumerator(atPath: root)).compactMap { $0 as? String }
            .filter { [".events", ".evemu", ".yml", ".yaml"].contains(where: $0.hasSuffix) }.sorted()
        #expect(files.count >= 60)
        for file in files {
            let path = root + "/" + file
            do {
                let replay = try SampleReplay(path: path)
                _ = try replay.allEvents()
                #expect(!replay.devices.isEmpty, "\(file): no device")
            } catch {
                Issue.record("\(file) does not open by its name: \(error)")
            }
        }
        let pad = try SampleReplay(path: root + "/evemu-devices/Wacom-Intuos4-6x9.pad-buttons.events")
        _ = try pad.allEvents()
        #expect(pad.warnings.contains { $0.message.contains("described by \(root)/evemu-devices/Wacom-Intuos4-6x9.desc") })
        let finger = try SampleReplay(path: root + "/evemu-devices/Wacom-Intuos5-touch-M-Finger-double-tap.events")
        _ = try finger.allEvents()
        #expect(finger.warnings.contains { $0.message.contains("Wacom-Intuos5-touch-M-Finger.desc") })
        // A name that is no device's: the error still asks for --device.
        #expect(EvemuReader.companionDescription(of: root + "/evemu-devices/Wacom-Intuos4.stylus-tap.events") == nil)
        #expect(EvemuReader.companionDescription(of: root + "/evemu-devices/Wacom-Intuos4-6x9") == nil)
    }
}

/// The Art Pen live: both backends count its roll from the same rotation.
@Suite(.serialized, .liveTier("umockdev plays mocked tablets in real time"), .enabled(if: MockedTablet.isAvailable, "umockdev-run is not installed (Tools/test installs Debian's umockdev): live Art Pen test skipped"))
struct ArtPenLiveTests {
    @Test func bothBackendsCountTheRollFromTheSameRotation() throws {
        // The proximity-in frame carries no ABS_Z: the kernel sends none that repeats its state,
        // so live the rotation is the node's (here the mock's initial ABS_Z 0 → 270°), which both
        // libinput and the raw path start from: 0, 60°, 80°, −160° for ABS_Z 300, 400, −800. A
        // replay does not know that state and counts from the first ABS_Z (0, 0, 20°, 140°).
        let mock = try MockedTablet(recording: try DeskFixesTests.artPenRecording())
        var rolls: [String: [Double]] = [:]
        for backend in ["evdev", "libinput"] {
            let run = try mock.run([
                CommandLineTests.executable.path, "live", "--node", mock.node, "--backend", backend, "--duration", "\(mock.playedDuration + 1)",
            ], endsWithStream: true)
            #expect(run.status == 0, "\(backend): \(run.error)")
            rolls[backend] = try LiveSample.parse(run.output).map(\.roll)
        }
        let expected = [0.0, 60, 80, -160].map { $0 * .pi / 180 }
        for backend in ["evdev", "libinput"] {
            let got = rolls[backend] ?? []
            #expect(got.count == expected.count && zip(got, expected).allSatisfy { abs($0 - $1) < 1e-9 }, "\(backend): \(got)")
        }
    }
}
