import Foundation
import QuillCore
@testable import QuillInput
import QuillSystem
import QuillTestSupport
import Testing

/// Issue 38, one vocabulary: every bundled recording opens by its name (a header-less events file
/// finds the `.desc` beside it by the bundle's naming, or the error names the nearest); `--device`
/// is a device description in every command, the iPad or iPhone model `--model`; `--mapping`
/// everywhere; a bad value is a usage error (exit 64) that names its option.
@Suite struct OneVocabularyTests {
    let cli = CommandLineTests()

    /// Every recording under Recordings/ (63 when this was written: evemu-devices, libinput-record,
    /// scribble, shapes), relative to that folder.
    static func bundledRecordings() throws -> [String] {
        let root = Fixtures.repositoryRoot.appendingPathComponent("Recordings").path
        return try #require(FileManager.default.enumerator(atPath: root)).compactMap { $0 as? String }
            .filter { [".events", ".evemu", ".yml", ".yaml"].contains(where: $0.hasSuffix) }.sorted()
    }

    /// Opens `file` as the commands do (RecordingOptions.openReplay: no --device, libwacom's
    /// catalogue when installed) and reads it to the end.
    static func openAsTheCommandsDo(_ file: String) throws -> (replay: SampleReplay, events: [TabletEvent]) {
        let path = Fixtures.repositoryRoot.appendingPathComponent("Recordings").appendingPathComponent(file).path
        let replay = try SampleReplay(path: path, deviceFile: nil, parameters: .defaults, catalog: WacomCatalog.loadIfAvailable())
        return (replay, try replay.allEvents())
    }

    @Test func everyBundledRecordingOpensByItsNameAndDecodesEvents() throws {
        let files = try Self.bundledRecordings()
        #expect(files.count >= 63, "\(files.count) recordings: \(files)")
        // Recordings/README.md: the 22HDT's touchscreen file is its description only, no events.
        let descriptionOnly: Set = ["evemu-devices/Wacom-Cintiq-22HDT-Finger.events"]
        for file in files {
            do {
                let (replay, events) = try Self.openAsTheCommandsDo(file)
                #expect(!replay.devices.isEmpty, "\(file): no device")
                if descriptionOnly.contains(file) {
                    #expect(replay.eventCount == 0, "\(file): \(replay.eventCount) input events")
                } else {
                    #expect(replay.eventCount >= 1 && !events.isEmpty, "\(file): \(replay.eventCount) input events, \(events.count) decoded")
                }
            } catch {
                Issue.record("\(file) does not open by its name: \(error)")
            }
        }
    }

    @Test func aHeaderlessRecordingUsesTheDescriptionItsDataFits() throws {
        // The bundle's header-less files and the .desc each finds; none of their values falls
        // outside that description's ranges (the Intuos4 stylus files tilt 0…110: the whole-tablet
        // Wacom-Intuos4-6x9.desc, 0…127, fits them; Wacom-Intuos4-6x9-Pen.desc, −64…63, would not).
        let expected = [
            "Wacom-Intuos4-6x9.stylus-tap.events": "Wacom-Intuos4-6x9.desc",
            "Wacom-Intuos4-6x9.pad-buttons.events": "Wacom-Intuos4-6x9.desc",
            "Wacom-Intuos4-8x13.lens-cursor-move.events": "Wacom-Intuos4-8x13.desc",
            "Wacom-Intuos5-touch-L-Pen.lens-cursor-click.events": "Wacom-Intuos5-touch-L-Pen.desc",
            "Wacom-Intuos5-touch-M-Finger-double-tap.events": "Wacom-Intuos5-touch-M-Finger.desc",
            "Wacom-ISDv4-E6-Finger.2fg-tap.events": "Wacom-ISDv4-E6-Finger.desc",
            "Genius-EasyPen-i405X.events": "Genius-EasyPen-i405X.desc",
        ]
        for (events, description) in expected {
            let (replay, _) = try Self.openAsTheCommandsDo("evemu-devices/" + events)
            #expect(replay.warnings.contains { $0.message.hasSuffix("/" + description + ", found beside it") }, "\(events): \(replay.warnings)")
        }
        var headerless = 0
        for file in try Self.bundledRecordings() {
            let (replay, _) = try Self.openAsTheCommandsDo(file)
            guard replay.warnings.contains(where: { $0.message.contains("found beside it") }) else { continue }
            headerless += 1
            #expect(!replay.warnings.contains { $0.message.contains("outside") }, "\(file): \(replay.warnings)")
        }
        // 32 header-less files: the Genius's .desc has its very name; the other 31 needed the
        // bundle's naming (issue 38: "31 of the 63 bundled recordings do not open").
        #expect(headerless == 32)
    }

    @Test func aRecordingWithNoDescriptionOfItsNameNamesTheNearest() throws {
        let directory = TestScratch.directory.appendingPathComponent("quill-nearest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let bundle = Fixtures.repositoryRoot.appendingPathComponent("Recordings/evemu-devices")
        for name in ["Wacom-Intuos4-6x9.desc", "Wacom-Intuos4-6x9-Pen.desc", "Genius-EasyPen-i405X.desc"] {
            try FileManager.default.copyItem(at: bundle.appendingPathComponent(name), to: directory.appendingPathComponent(name))
        }
        // "Wacom-Intuos4" is no device's name here: no description is taken, the nearest are named.
        let events = directory.appendingPathComponent("Wacom-Intuos4.stylus-tap.events").path
        try FileManager.default.copyItem(atPath: bundle.appendingPathComponent("Wacom-Intuos4-6x9.stylus-tap.events").path, toPath: events)
        #expect(EvemuReader.companionDescription(of: events) == nil)
        #expect {
            _ = try SampleReplay(path: events).allEvents()
        } throws: { error in
            let text = "\(error)"
            return text.contains("nearest: \(directory.path)/Wacom-Intuos4-6x9.desc, \(directory.path)/Wacom-Intuos4-6x9-Pen.desc:")
                && !text.contains("Genius") && text.contains("--device FILE.desc")
        }
        // Nothing near (fewer than 4 leading letters in common): no candidate is named.
        let far = directory.appendingPathComponent("stroke.events").path
        try FileManager.default.copyItem(atPath: events, toPath: far)
        #expect(EvemuReader.nearestDescriptions(to: far).isEmpty)
        let run = try cli.quill("summary", far)
        #expect(run.status == 1 && run.error.contains("no .desc file beside it") && !run.error.contains("; nearest:"), "\(run.error)")
    }

    @Test func deviceIsADescriptionAndTheModelIsModel() throws {
        // layout: --model; --device is a usage error that says so.
        let layout = try cli.quill("layout", "--model", "ipad-pro-11")
        #expect(layout.status == 0, "\(layout.error)")
        let device = try cli.quill("layout", "--device", "ipad-pro-11")
        #expect(device.status == 64 && device.error.contains("use --model ipad-pro-11") && device.error.contains("Usage: quill layout"), "\(device.error)")
        // map: the recording as the argument, its description --device, the model --model.
        let map = try cli.quill("map", Fixtures.intuosProRecord, "--model", "ipad-pro-12.9-gen3plus")
        #expect(map.status == 0, "\(map.error)")
        #expect(try cli.quill("map", "--tablet", Fixtures.intuosProRecord, "--model", "ipad-pro-12.9-gen3plus").output == map.output)
        let old = try cli.quill("map", "--tablet", Fixtures.intuosProRecord, "--device", "ipad-pro-12.9-gen3plus")
        #expect(old.status == 64 && old.error.contains("use --model ipad-pro-12.9-gen3plus"), "\(old.error)")
        let genius = try cli.quill("map", Fixtures.genius, "--device", Fixtures.geniusDescription, "--model", "ipad-pro-11")
        #expect(genius.status == 0 && genius.output.contains("\"name\":\"Genius EasyPen i405X\""), "\(genius.error)")
        // A recording's --device that is a model, or no description: a usage error naming --device.
        let summary = try cli.quill("summary", Fixtures.genius, "--device", "ipad-pro-11")
        #expect(summary.status == 64 && summary.error.contains("--device ipad-pro-11") && summary.error.contains("--model"), "\(summary.error)")
        let notDescription = try cli.quill("summary", Fixtures.genius, "--device", Fixtures.genius)
        #expect(notDescription.status == 64 && notDescription.error.contains("--device \(Fixtures.genius): no device description"), "\(notDescription.error)")
    }

    @Test func mapSaysMappingAsTheOtherCommandsDo() throws {
        let mapping = try cli.quill("map", Fixtures.intuosProRecord, "--model", "ipad-pro-11", "--mapping", "stretch")
        #expect(mapping.status == 0, "\(mapping.error)")
        #expect(try cli.quill("map", Fixtures.intuosProRecord, "--model", "ipad-pro-11", "--fit", "stretch").output == mapping.output)
        let help = try cli.quill("map", "--help").output
        #expect(help.contains("--mapping") && !help.contains("--fit") && help.contains("--model") && !help.contains("--tablet-device"))
        #expect(try cli.quill("summary", "--help").output.contains("--mapping"))
    }

    @Test func aBadValueOfLayoutOrMapIsAUsageErrorNamingItsOption() throws {
        let cases: [(arguments: [String], option: String)] = [
            (["layout", "--model", "ipad-99"], "--model ipad-99: no device in the catalog has this id"),
            (["layout", "--window", "0x5"], "--window 0x5: expected WIDTHxHEIGHT"),
            (["layout", "--window", "200x900"], "--window 200x900: out of range"),
            (["layout", "--model", "iphone-12", "--mode", "split-1/2"], "--mode split-1/2: iphone-12 is an iPhone"),
            (["layout", "--all"], "--all needs --output DIR"),
            (["layout"], "give --model ID"),
            (["map", Fixtures.intuosProRecord, "--model", "ipad-pro-11", "--rotation", "45"], "--rotation 45: expected 0, 90, 180 or 270"),
            (["map", Fixtures.intuosProRecord, "--model", "ipad-99"], "--model ipad-99"),
            (["map", Fixtures.intuosProRecord], "give --model ID"),
        ]
        for (arguments, option) in cases {
            let run = try cli.quill(arguments)
            #expect(run.status == 64, "\(arguments): \(run.status) \(run.error)")
            #expect(run.error.hasPrefix("quill: error: \(option)"), "\(arguments): \(run.error)")
            #expect(run.error.contains("Usage: quill \(arguments[0]) "), "\(arguments): \(run.error)")
        }
    }

    /// One prefix for every error: a malformed option, an unknown command, a value out of range and
    /// a file that cannot be read all begin `quill: error:` (ArgumentParser's own `Error:` is
    /// renamed), each with its exit status: 64 for the usage, 1 for the run.
    @Test func everyErrorBeginsWithOnePrefix() throws {
        let cases: [([String], Int32)] = [
            (["strokes", Fixtures.dth2242, "--display-rate", "abc"], 64),
            (["strokes", Fixtures.dth2242, "--no-such-option"], 64),
            (["sumary", Fixtures.dth2242], 64),
            (["strokes", Fixtures.dth2242, "--display-rate", "0"], 64),
            (["summary"], 64),
            (["summary", "/nonexistent/pen.events"], 1),
        ]
        for (arguments, status) in cases {
            let run = try cli.quill(arguments)
            #expect(run.status == status, "\(arguments): \(run.status) \(run.error)")
            #expect(run.error.hasPrefix("quill: error: "), "\(arguments): \(run.error)")
            #expect(!run.error.contains("Error:"), "\(arguments): \(run.error)")
        }
        let help = try cli.quill(["strokes", "--help"])
        #expect(help.status == 0 && help.output.contains("USAGE: quill strokes") && help.error.isEmpty, "help goes to standard output: \(help.error)")
    }

    /// A live tablet's event node is `--node` in every command that reads one; `--device` there
    /// (a device description everywhere) is a usage error that names `--node`, and `quill canvas
    /// --replay` takes its description as `--device` like the commands that replay.
    @Test func aLiveTabletsNodeIsNodeAndDeviceIsADescriptionEverywhere() throws {
        for command in ["live", "record", "service"] {
            let run = try cli.quill([command, "--device", "/dev/input/event13"] + (command == "record" ? ["-o", "/dev/null"] : []))
            #expect(run.status == 64, "\(command): \(run.status) \(run.error)")
            #expect(run.error.hasPrefix("quill: error: --device /dev/input/event13: --device is a device description"), "\(command): \(run.error)")
            #expect(run.error.contains("use --node /dev/input/event13"), "\(command): \(run.error)")
        }
        let canvas = try cli.quill(["canvas", "--replay", Fixtures.intuos4PadButtons, "--device", "/dev/input/event13"])
        #expect(canvas.status == 64 && canvas.error.contains("use --node /dev/input/event13"), "\(canvas.error)")
        let wrongDescription = try cli.quill(["canvas", "--replay", Fixtures.intuos4PadButtons, "--device", Fixtures.intuos4PadButtons])
        #expect(wrongDescription.status == 64 && wrongDescription.error.contains("(--device is a device description, an evemu .desc file)"), "\(wrongDescription.error)")
        let twice = try cli.quill(["record", "--node", "/dev/input/event13", "--node", "/dev/input/event14", "-o", "/dev/null"])
        #expect(twice.status == 64 && twice.error.contains("--node /dev/input/event14: quill record captures one tablet"), "\(twice.error)")
        for command in ["live", "record", "service", "canvas"] {
            let help = try cli.quill([command, "--help"]).output
            #expect(help.contains("--node <"), "\(command) --help: \(help)")
            #expect(command == "canvas" ? help.contains("--device <device>") : !help.contains("--device"), "\(command) --help: \(help)")
        }
    }

    /// Help says each default once, as a person writes it: no default repeated by ArgumentParser
    /// after the text gave it, no float printed to its last binary digit (0.016666666666666666).
    @Test func everyCommandsHelpSaysItsDefaultsOnceAndReadably() throws {
        let commands = ["summary", "samples", "info", "convert", "strokes", "shapes", "recognize", "render", "showcase", "plot", "devices", "live", "record", "layout", "map", "gestures", "preferences", "pad", "touches", "canvas", "service"]
        let longFloat = try Regex(#"[0-9]\.[0-9]{7,}"#)
        let twice = try Regex(#"default[^()]*\)\s*\(default"#)
        for command in commands {
            let help = try cli.quill([command, "--help"])
            #expect(help.status == 0, "\(command): \(help.error)")
            let text = help.output.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            #expect(text.firstMatch(of: longFloat) == nil, "\(command) --help: \(text.firstMatch(of: longFloat).map { String(text[$0.range]) } ?? "")")
            #expect(text.firstMatch(of: twice) == nil, "\(command) --help repeats a default")
        }
    }
}
