import Foundation
import QuillTestSupport
import Testing
import QuillCore
@testable import QuillInput

/// `quill devices` on mocked tablets: what the kernel node says, and what libwacom's database
/// (Debian's libwacom 2.6 data in /usr/share/libwacom) knows about the model.
@Suite(.serialized, .liveTier("umockdev plays mocked tablets in real time"), .enabled(if: MockedTablet.isAvailable, "umockdev-run is not installed (Tools/test installs Debian's umockdev): device-listing tests skipped"))
struct TabletDatabaseTests {
    /// `quill devices` with `recording`'s tablet mocked; it must succeed.
    func devices(_ recording: String, deviceFile: String? = nil) throws -> (status: Int32, output: String, error: String) {
        let run = try MockedTablet(recording: recording, deviceFile: deviceFile).run([CommandLineTests.executable.path, "devices"], withEvents: false)
        #expect(run.status == 0, "\(run.error)")
        return run
    }

    @Test func devicesShowsLibwacomsModelReversibilityPadButtonsAndStyli() throws {
        // intuos4-6x9.tablet: PTK-640, Reversible=true, Buttons=9, Styli=@intuos4-puck;@intuos5;@intuos4;…
        // libwacom.stylus: 0x802 "Grip Pen" (2 buttons, PairedStylusIds=0x80a), 0x80a "Grip Pen Eraser".
        let run = try devices(Fixtures.intuos4Move, deviceFile: Fixtures.intuos4Description)
        #expect(run.output.contains("/dev/input/event13: \"Wacom Intuos4 6x9 Pen\" usb 056a:00b9"))
        #expect(run.output.contains("libwacom: \"Wacom Intuos4 6x9\" (PTK-640), external tablet, 9 × 6 in"), "\(run.output)")
        #expect(run.output.contains("left-handed: reversible"))
        #expect(run.output.contains("pad buttons: 9"))
        #expect(run.output.contains("0x00802 \"Grip Pen\", 2 buttons, eraser: other end, 0x0080a"))
        #expect(run.output.contains("0x0080a \"Grip Pen Eraser\", 2 buttons, eraser end of 0x00802"))
    }

    @Test func aScreenTabletIsNotReversible() throws {
        // cintiq-13hdt.tablet: DTH-1300, IntegratedIn=Display, Reversible=false, Buttons=9.
        let run = try devices(Fixtures.cintiq13HD)
        #expect(run.output.contains("libwacom: \"Wacom Cintiq 13HD touch\" (DTH-1300), screen tablet, 12 × 7 in"), "\(run.output)")
        #expect(run.output.contains("left-handed: not reversible"))
        #expect(run.output.contains("pad buttons: 9"))
    }

    @Test func aTabletLibwacomDoesNotKnowSaysSo() throws {
        let run = try devices(Fixtures.ucLogic)
        #expect(run.output.contains("\"UC-LOGIC Tablet WP5540U Pen\" usb 5543:0004"))
        #expect(run.output.contains("libwacom: not in libwacom's database (5543:0004)"), "\(run.output)")
    }
}

/// Left-handed use and calibration: libinput's own configuration on the libinput path, Quill's
/// decoder doing the same on the raw path; the two must agree.
@Suite(.serialized, .liveTier("umockdev plays mocked tablets in real time"), .enabled(if: MockedTablet.isAvailable, "umockdev-run is not installed (Tools/test installs Debian's umockdev): tablet-configuration tests skipped"))
struct TabletConfigurationLiveTests {
    let cli = CommandLineTests()

    /// Runs `quill live --backend libinput` with `options` and compares with `quill samples` with the same options.
    func agreement(_ recording: String, deviceFile: String? = nil, options: [String]) throws -> (error: String, problems: [String], live: [LiveSample], replay: [LiveSample], mock: MockedTablet) {
        let mock = try MockedTablet(recording: recording, deviceFile: deviceFile, maximumFrames: 300)
        let replay = try LiveSample.parse(try cli.quill(["samples", mock.expectedRecording] + options).output)
        let run = try mock.run(
            [CommandLineTests.executable.path, "live", "--backend", "libinput", "--node", MockedTablet.node, "--duration", "\(mock.playedDuration + 2)"] + options, endsWithStream: true)
        #expect(run.status == 0, "\(run.error)")
        let live = try LiveSample.parse(run.output)
        return (run.error, LiveSample.disagreements(libinput: live, replay: replay, device: mock.device), live, replay, mock)
    }

    @Test func leftHandedOnAReversibleTabletIsLibinputsOwnAndAgreesWithTheRawPath() throws {
        // Intuos4 6x9: libwacom says Reversible=true, so libinput 1.22 offers left-handed mode.
        let result = try agreement(Fixtures.intuos4Move, deviceFile: Fixtures.intuos4Description, options: ["--left-handed"])
        #expect(result.error.contains("tablet added: event13 \"Wacom Intuos4 6x9 Pen\""), "\(result.error)")
        #expect(result.error.contains(", left-handed"), "\(result.error)")
        try #require(!result.live.isEmpty)
        #expect(result.problems.isEmpty, "\(result.problems.prefix(8).joined(separator: "\n"))")
        // Not the same as the tablet unturned: every libinput position is mirrored.
        let unturned = try LiveSample.parse(try cli.quill("samples", result.mock.expectedRecording).output)
        #expect(LiveSample.disagreements(libinput: result.live, replay: unturned, device: result.mock.device).count > result.live.count / 2)
    }

    @Test func calibrationOnAScreenTabletIsLibinputsOwnAndAgreesWithTheRawPath() throws {
        // Cintiq 13HD: INPUT_PROP_DIRECT, so libinput 1.22 offers a calibration matrix. This one
        // shrinks the area to its middle half.
        let result = try agreement(Fixtures.cintiq13HD, options: ["--calibration", "0.5,0,0.25,0,0.5,0.25"])
        #expect(result.error.contains(", calibration 0.5,0,0.25,0,0.5,0.25"), "\(result.error)")
        try #require(!result.live.isEmpty)
        #expect(result.problems.isEmpty, "\(result.problems.prefix(8).joined(separator: "\n"))")
        let width = try #require(result.mock.device.axes[EvdevCode.Abs.x]).span / Double(try #require(result.mock.device.axes[EvdevCode.Abs.x]).resolution)
        #expect(result.live.allSatisfy { $0.x_mm >= width / 4 - 0.01 && $0.x_mm <= width * 3 / 4 + 0.01 })
    }

    @Test func whatLibinputDoesNotOfferIsSaidPlainly() throws {
        // Cintiq 13HD: libwacom says Reversible=false. Intuos4: no INPUT_PROP_DIRECT, no calibration.
        let cintiq = try agreement(Fixtures.cintiq13HD, options: ["--left-handed"])
        #expect(cintiq.error.contains("event13: libinput offers no left-handed mode for it (libwacom does not call it reversible); --backend evdev turns it anyway"), "\(cintiq.error)")
        #expect(!cintiq.error.contains(", left-handed"))
        let intuos = try agreement(Fixtures.intuos4Move, deviceFile: Fixtures.intuos4Description, options: ["--calibration", "0.5,0,0.25,0,0.5,0.25"])
        #expect(intuos.error.contains("event13: libinput offers calibration only for screen tablets (INPUT_PROP_DIRECT); --backend evdev applies it anyway"), "\(intuos.error)")
    }

    @Test func aPressureCurveIsQuillsOwnAndTheSameOnBothPaths() throws {
        // libinput 1.22 has no pressure curve: Quill applies it to libinput's pressure and to its own.
        let result = try agreement(Fixtures.cintiq12WX, options: ["--pressure-curve", "0,50,50,100"])
        try #require(!result.live.isEmpty)
        #expect(result.problems.isEmpty, "\(result.problems.prefix(8).joined(separator: "\n"))")
        let linear = try LiveSample.parse(try cli.quill("samples", result.mock.expectedRecording).output)
        let pressed = zip(linear, result.replay).filter { $0.0.pressure > 0 && $0.0.pressure < 1 }
        try #require(!pressed.isEmpty)
        #expect(pressed.allSatisfy { $0.1.pressure > $0.0.pressure }, "a softer curve gives more pressure on every contact sample")
    }
}
