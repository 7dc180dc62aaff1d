import Foundation
import Testing
import QuillCore
@testable import QuillInput

/// The whole gesture pipeline through C (issue 19, item 3): samples and pad events into
/// quill_gestures_new_from_file's session, every outcome kind out, compared with `quill gestures
/// --preferences` on the same recording; quill_gestures_proximity_out and the puck bindings on a
/// made-up session.
extension EmbeddingTests {
    static let boundPreferences = Fixtures.repositoryRoot.appendingPathComponent("Tests/Baseline/bound-preferences.json").path

    /// The change rows of `quill gestures` in the order abi_check prints their bits.
    static let changeNames = ["toolChanged", "paletteShown", "paletteHidden", "shortcutRequested", "widthChanged"]

    /// `quill gestures`' rows as abi_check's outcome lines: "EVENT T ACTION BEFORE AFTER CHANGES
    /// WIDTH PHASE", one per outcome (its change rows folded into CHANGES and WIDTH, feedback rows
    /// left out).
    func commandOutcomeLines(_ recording: String, description: String?) throws -> [String] {
        let run = try cli.quill(["gestures", recording, "--preferences", EmbeddingTests.boundPreferences] + (description.map { ["--device", $0] } ?? []))
        #expect(run.status == 0, "\(run.error)")
        var outcomes: [(row: [String: Any], changes: Set<String>, width: String)] = []
        for line in run.output.split(separator: "\n") {
            let row = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let event = try #require(row["event"] as? String)
            if event == "feedback" { continue }
            if EmbeddingTests.changeNames.contains(event) {
                try #require(!outcomes.isEmpty, "a change row before any outcome: \(line)")
                outcomes[outcomes.count - 1].changes.insert(event)
                if event == "widthChanged" { outcomes[outcomes.count - 1].width = String(format: "%.6f", row["width_after"] as? Double ?? .nan) }
                continue
            }
            outcomes.append((row, [], "-"))
        }
        return outcomes.map { outcome in
            let row = outcome.row
            let changes = EmbeddingTests.changeNames.filter(outcome.changes.contains).joined(separator: ",")
            return [
                row["event"] as? String ?? "?", String(format: "%.6f", row["t"] as? Double ?? .nan), row["action"] as? String ?? "null",
                row["tool_before"] as? String ?? "?", row["tool_after"] as? String ?? "?", changes.isEmpty ? "-" : changes, outcome.width,
                row["phase"] as? String ?? "null",
            ].joined(separator: " ")
        }
    }

    /// A pad recording's events through quill_gestures_add_pad_event with the bindings of a
    /// preferences file (bound-preferences.json: button 1 the double tap, 2 the squeeze, 3 the
    /// colour palette, the ring or strip the width) give `quill gestures --preferences`' outcomes,
    /// line for line: kinds, order, times, actions, tools, changes, widths and pad numbers.
    @Test(arguments: [
        (Fixtures.intuos4PadButtons, Fixtures.intuos4PadDescription, ["doubleTap", "squeeze", "padButton"]),
        (Fixtures.intuos4ModeToggle, Fixtures.intuos4PadDescription, ["padDial", "doubleTap"]),
        (Fixtures.intuos3Strip, Fixtures.intuos3PadDescription, ["padDial"]),
    ])
    func padBindingsThroughCAreThoseOfTheCommand(recording: String, description: String, kinds: [String]) throws {
        let run = try run(try EmbeddingTests.abiCheck.get(), ["gestures-events", recording, description, EmbeddingTests.boundPreferences])
        #expect(run.status == 0, "\(run.error)")
        let fromC = run.output.split(separator: "\n").map(String.init)
        let fromCommand = try commandOutcomeLines(recording, description: description)
        #expect(!fromC.isEmpty)
        let differing = zip(fromC, fromCommand).enumerated().first { $0.element.0 != $0.element.1 }
        #expect(fromC.count == fromCommand.count && differing == nil, "line \((differing?.offset ?? 0) + 1): \(String(describing: differing?.element))")
        #expect(Set(fromC.map { String($0.split(separator: " ")[0]) }) == Set(kinds), "\(run.output)")
    }

    /// A pen recording through C: buttons pressed and released, the eraser end, double taps and
    /// squeezes, in the command's kinds and order. quill_source hands out no proximity events, so
    /// an eraser end leaves when the pen end's next sample comes (or at the last sample, where
    /// abi_check calls quill_gestures_proximity_out), not when it left proximity: those times are
    /// not compared.
    @Test(arguments: [Fixtures.cintiq22HDT, Fixtures.dth2242, Fixtures.cintiq12WX])
    func penOutcomesThroughCAreThoseOfTheCommand(recording: String) throws {
        let run = try run(try EmbeddingTests.abiCheck.get(), ["gestures-events", recording, "-", EmbeddingTests.boundPreferences])
        #expect(run.status == 0, "\(run.error)")
        let fromC = run.output.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        let fromCommand = try commandOutcomeLines(recording, description: nil).map { $0.split(separator: " ").map(String.init) }
        #expect(fromC.count == fromCommand.count && fromC.count >= 2, "\(run.output)")
        for (index, (c, command)) in zip(fromC, fromCommand).enumerated() {
            guard c.first == "eraserEndOut", command.first == "eraserEndOut", c.count == command.count else {
                #expect(c == command, "outcome \(index + 1)")
                continue
            }
            var masked = c, maskedCommand = command
            masked[1] = "T"
            maskedCommand[1] = "T"
            #expect(masked == maskedCommand, "outcome \(index + 1): \(c) vs \(command)")
        }
        if recording == Fixtures.cintiq22HDT {
            let kinds = Set(fromC.compactMap(\.first))
            #expect(kinds == ["doubleTap", "squeeze", "buttonPressed", "buttonReleased", "eraserEndIn", "eraserEndOut"], "\(kinds)")
        }
    }

    /// quill_gestures_proximity_out ends what the tool's leaving ends — a held barrel button
    /// becomes a press and release at once, a squeeze is cancelled, the eraser end leaves, a puck's
    /// held squeeze button ends its squeeze — and the puck bindings act (BTN_LEFT the double tap,
    /// BTN_MIDDLE switch-to-previous, BTN_SIDE the squeeze); a pad button and ring act without a
    /// recording. A 0.4.0-sized outcome struct gets the double taps and squeezes only. Misuse is
    /// refused with a message; a missing preferences file is the defaults, a bad one names the file
    /// and key.
    @Test func proximityOutAndPuckBindingsThroughC() throws {
        let run = try run(try EmbeddingTests.abiCheck.get(), ["gestures-synthetic", EmbeddingTests.boundPreferences])
        #expect(run.status == 0, "\(run.error)")
        let lines = run.output.split(separator: "\n").map(String.init)
        let outcomes = Array(lines.prefix { !$0.hasPrefix("v1") })
        #expect(outcomes == [
            "buttonPressed 0.100000 null pen pen - - stylus",
            "buttonReleased 0.200000 null pen pen - - stylus",
            "squeeze 1.500000 showContextualPalette pen pen paletteShown - began",
            "squeeze 1.500000 showContextualPalette pen pen - - changed",
            "squeeze 1.550000 showContextualPalette pen pen - - changed",
            "squeeze 1.600000 showContextualPalette pen pen - - cancelled",
            "eraserEndIn 2.000000 null pen eraser toolChanged - null",
            "eraserEndOut 2.100000 null eraser pen toolChanged - null",
            "doubleTap 3.100000 switchEraser pen eraser toolChanged - null",
            "puckButton 3.300000 switchPrevious eraser pencil toolChanged - BTN_MIDDLE",
            "squeeze 3.400000 showContextualPalette pencil pencil paletteHidden - began",
            "squeeze 3.500000 showContextualPalette pencil pencil - - ended",
            "padButton 4.000000 showColorPalette pencil pencil paletteShown - button 3",
            "padDial 4.200000 null pencil pencil widthChanged 7.000000 0",
        ], "\(run.output)")
        // enum quill_gesture: squeeze began 1, changed 2, ended 3, cancelled 4, double tap 0.
        #expect(lines.first { $0.hasPrefix("v1") } == "v1 1 2 2 4 0 1 3")
        var results: [String: (status: String, message: String)] = [:]
        for line in lines.drop(while: { !$0.hasPrefix("v1") }).dropFirst() {
            let parts = line.split(separator: " ", maxSplits: 2).map(String.init)
            if parts.count >= 2 { results[parts[0]] = (parts[1], parts.count == 3 ? parts[2] : "") }
        }
        for (name, message) in [
            ("proximity-device-negative", "device is -1"), ("proximity-time-nan", "expected a finite number of seconds"), ("proximity-null", "gestures is NULL"),
            ("pad-kind-7", "enum quill_pad_kind"), ("pad-pressed-2", "quill_pad_event.pressed is 2"), ("pad-ring-400", "for a ring"),
            ("pad-strip-nan", "for a strip"), ("pad-time-inf", "quill_pad_event.time is inf"), ("pad-number-negative", "quill_pad_event.number is -1"),
            ("pad-size-short", "at least 48"), ("pad-null", "quill_pad_event is NULL"), ("file-null-output", "output pointer"),
        ] {
            #expect(results[name]?.status == "-1" && results[name]?.message.contains(message) == true, "\(name): \(String(describing: results[name]))")
        }
        #expect(results["file-missing"]?.status == "0")
        #expect(results["file-bad-key"]?.status == "-3" && results["file-bad-key"]?.message.contains("/tmp/quill-abi-preferences-") == true
            && results["file-bad-key"]?.message.contains("padButtons.99") == true, "\(String(describing: results["file-bad-key"]))")
        #expect(results.count == 14, "\(run.output)")
    }

    /// Python: Gestures.from_file with the pad bindings, pad events fed from Source.pad_events,
    /// gives the command's outcomes; proximity_out's misuse is a QuillError.
    @Test func pythonPadBindingsAreThoseOfTheCommand() throws {
        let script = """
            import sys, quill
            g = quill.Gestures.from_file(sys.argv[3])
            with quill.Source.open_recording(sys.argv[1], device_file=sys.argv[2]) as s:
                for e in s.pad_events():
                    g.add_pad_event(e)
            for o in g.outcomes():
                action = o.action.cli_name if o.gesture.carries_action else None
                print("%s %.6f %s %s %s %s" % (o.gesture.cli_name, o.time, action, o.number, ",".join(o.changes.cli_names) or "-", o.width_after))
            try:
                g.proximity_out(-1, 0)
            except quill.QuillError as e:
                print("error", e.status, e.message)
            """
        let run = try python(script, [Fixtures.intuos4ModeToggle, Fixtures.intuos4PadDescription, EmbeddingTests.boundPreferences])
        #expect(run.status == 0, "\(run.error)")
        let lines = run.output.split(separator: "\n").map(String.init)
        let expected = try commandOutcomeLines(Fixtures.intuos4ModeToggle, description: Fixtures.intuos4PadDescription).map { line -> String in
            let f = line.split(separator: " ").map(String.init)  // EVENT T ACTION BEFORE AFTER CHANGES WIDTH PHASE
            let number = f[0] == "padDial" ? f[7] : "None"
            return "\(f[0]) \(f[1]) \(f[2] == "null" ? "None" : f[2]) \(number) \(f[5])"
        }
        #expect(lines.count == expected.count + 1 && expected.count == 9, "\(run.output)")
        #expect(zip(lines, expected).allSatisfy { $0.hasPrefix($1 + " ") }, "\(run.output)\nvs\n\(expected.joined(separator: "\n"))")
        #expect(lines.last?.hasPrefix("error -1 device is -1") == true, "\(lines.last ?? "")")
    }
}
