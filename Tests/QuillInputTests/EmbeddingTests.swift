import Foundation
import Testing
import QuillCore
@testable import QuillInput

/// The C interface (quill.h over libquill) as a C or C++ program uses it: compiled with the system
/// compiler against the build's library, run on real recordings, compared with `quill` itself.
@Suite struct EmbeddingTests {
    let cli = CommandLineTests()

    /// The build's library, with the names a linker and loader look for beside it (the product is
    /// libQuillC.so; its soname is libquill.so.0, as Tools/ship/install names it).
    static let libraryDirectory: Result<String, Error> = Result {
        let built = CommandLineTests.executable.deletingLastPathComponent().appendingPathComponent("libQuillC.so").path
        let directory = Fixtures.temporaryPath("-lib")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: directory + "/libquill.so.0", withDestinationPath: built)
        try FileManager.default.createSymbolicLink(atPath: directory + "/libquill.so", withDestinationPath: built)
        return directory
    }

    static let header = Fixtures.repositoryRoot.appendingPathComponent("Sources/CQuill/include").path

    /// Compiles `source` (a path under the repository) against the quill.h in `include` (today's,
    /// or an old one's folder) and returns the executable's path.
    static func compile(_ source: String, cxx: Bool = false, include: String = header) throws -> String {
        let library = try libraryDirectory.get()
        let output = Fixtures.temporaryPath(cxx ? "-cxx" : "-c")
        let compiler = cxx ? ["/usr/bin/c++", "-std=c++17"] : ["/usr/bin/cc", "-std=c11"]
        let build = try Fixtures.runProcess(
            URL(fileURLWithPath: compiler[0]),
            [compiler[1], "-Wall", "-Wextra", "-Werror", "-pedantic", "-I", include, Fixtures.repositoryRoot.appendingPathComponent(source).path,
             "-L", library, "-lquill", "-Wl,-rpath," + library, "-o", output])
        guard build.status == 0 else { throw RecordingError(file: source, line: nil, message: "compiling failed: \(build.error)") }
        return output
    }

    static let abiCheck: Result<String, Error> = Result { try compile("Tests/CPrograms/abi_check.c") }

    func run(_ program: String, _ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
        try Fixtures.runProcess(URL(fileURLWithPath: program), arguments, deadline: 120)
    }

    static let streamCheck: Result<String, Error> = Result { try compile("Tests/CPrograms/stream_check.c") }

    /// The 22HDT repeated `times` times, each repetition 100 s after the one before (an evemu file).
    static func repeated22HDT(_ times: Int, then tail: String = "") throws -> String {
        let text = try String(contentsOfFile: Fixtures.cintiq22HDT, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let header = lines.filter { !$0.hasPrefix("E:") }.joined(separator: "\n")
        let events = lines.filter { $0.hasPrefix("E:") }.map { line -> (Int, Substring) in
            let fields = line.dropFirst(3).split(separator: " ", maxSplits: 1)
            let time = fields[0].split(separator: ".")
            return (Int(time[0]) ?? 0, time[1] + " " + fields[1])
        }
        let path = Fixtures.temporaryPath("-22hdt-x\(times).events")
        FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        handle.write(Data((header + "\n").utf8))
        for repetition in 0..<times {
            var chunk = ""
            for (seconds, rest) in events { chunk += "E: \(seconds + repetition * 100).\(rest)\n" }
            handle.write(Data(chunk.utf8))
        }
        handle.write(Data(tail.utf8))
        return path
    }

    @Test func aRecordingSourceIsStreamed() throws {
        // Memory does not grow with the file: 1 and 20 repetitions of the 22HDT (2.2 and 44 MB): the
        // same peak (measured 25.3 and 25.1 MB); before, the source read every sample at open (+12.8 MB).
        let program = try Self.streamCheck.get()
        var peaks: [Int] = []
        for times in [1, 20] {
            let path = try Self.repeated22HDT(times)
            defer { try? FileManager.default.removeItem(atPath: path) }
            let run = try self.run(program, [path])
            let fields = run.output.split(separator: " ").map(String.init)
            // As many as `quill summary` counts (a repetition begins where the last left the pen).
            let summary = try CommandLineTests().quill("summary", path).output
            let expected = summary.split(separator: "\n").first { $0.hasPrefix("samples:") }.flatMap { $0.split(separator: " ").dropFirst().first }.map(String.init)
            #expect(fields.first == "samples" && fields[1] == expected && fields[3] == "0", "\(times): \(run.output)\(run.error) (summary: \(expected ?? "none"))")
            peaks.append(Int(fields[5]) ?? .max)
        }
        #expect(peaks[1] - peaks[0] < 4_000, "peak resident memory \(peaks[0]) kB for 1 repetition, \(peaks[1]) kB for 20")
        // A broken line near the end: the source opens, every sample before it comes, then the
        // error names the file and line.
        let broken = try Self.repeated22HDT(1, then: "E: 1369413800.000000 0003 zz 1\n")
        defer { try? FileManager.default.removeItem(atPath: broken) }
        let run = try self.run(program, [broken])
        #expect(run.output.hasPrefix("samples 5614 status -3") && run.output.contains(broken) && run.output.contains(":28"), "\(run.output)")
    }

    @Test func theLibraryExportsOnlyQuillFunctions() throws {
        // Sources/QuillC/libquill.map: a host linking its own libyaml or another Swift library gets
        // none of Quill's (before it, 5 710 Swift and 52 yaml_* symbols were exported).
        let library = CommandLineTests.executable.deletingLastPathComponent().appendingPathComponent("libQuillC.so").path
        let nm = try Fixtures.runProcess(URL(fileURLWithPath: "/usr/bin/nm"), ["-D", "--defined-only", "--extern-only", library])
        #expect(nm.status == 0, "\(nm.error)")
        let names = nm.output.split(separator: "\n").compactMap { $0.split(separator: " ").last.map { String($0.split(separator: "@").first ?? $0) } }
        let exported = names.filter { $0 != "LIBQUILL_0" }
        #expect(!exported.isEmpty && exported.allSatisfy { $0.hasPrefix("quill_") }, "\(exported.filter { !$0.hasPrefix("quill_") }.prefix(10))")
        // Every function quill.h declares is there.
        let header = try String(contentsOfFile: Self.header + "/quill.h", encoding: .utf8)
        let declared = Set(header.matches(of: /\b(quill_[a-z0-9_]+)\(/).map { String($0.output.1) })
        #expect(declared.isSubset(of: Set(exported)), "declared but not exported: \(declared.subtracting(exported).sorted())")
    }

    @Test func theHeaderCompilesAsC11AndCxx17WithEveryWarningAnError() throws {
        _ = try EmbeddingTests.abiCheck.get()
        _ = try EmbeddingTests.compile("Examples/cpp/replay.cpp", cxx: true)
    }

    /// The C example counts the samples `quill samples` prints and the strokes `quill summary` counts.
    @Test(arguments: [Fixtures.cintiq22HDT, Fixtures.dth2242, Fixtures.intuosProRecord, Fixtures.ucLogic])
    func theCExampleCountsWhatTheCommandCounts(recording: String) throws {
        let replay = try EmbeddingTests.compile("Examples/c/replay.c")
        let run = try run(replay, [recording])
        #expect(run.status == 0, "\(run.error)")
        let samples = try cli.quill("samples", recording).output.split(separator: "\n").count
        let summary = try cli.quill("summary", recording).output
        let strokes = try #require(summary.split(separator: "\n").first { $0.hasPrefix("strokes:") }?.split(separator: " ").last.map(String.init))
        #expect(run.output == "samples \(samples)\nstrokes \(strokes)\n")
        #expect(samples > 30)  // a real comparison: the smallest, the synthetic Intuos Pro stroke, has 32
    }

    /// Double taps through the C interface: the times, actions and tools of `quill gestures`
    /// (Cintiq 22HDT: four double taps, the first at 38.2 s switches the pen to the eraser).
    @Test func doubleTapsThroughCAreThoseOfTheCommand() throws {
        let run = try run(try EmbeddingTests.abiCheck.get(), ["gestures", Fixtures.cintiq22HDT])
        #expect(run.status == 0, "\(run.error)")
        let fromC = run.output.split(separator: "\n").map(String.init)
        let fromCommand = try cli.quill("gestures", Fixtures.cintiq22HDT).output.split(separator: "\n").compactMap { line -> String? in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], object["event"] as? String == "doubleTap",
                let time = object["t"] as? Double, let action = object["action"] as? String, let before = object["tool_before"] as? String,
                let after = object["tool_after"] as? String
            else { return nil }
            return "doubleTap \(String(format: "%.6f", time)) \(PreferredActionCode.code(action)) \(before) \(after)"
        }
        // Four (the presses at 9.06, 46.77 and 59.49 s are settled by the tip touching, issue 39).
        #expect(fromC.count == 4)
        #expect(fromC == fromCommand)
        #expect(fromC.first?.hasPrefix("doubleTap 38.24") == true && fromC.first?.hasSuffix(" 1 pen eraser") == true, "\(fromC.first ?? "")")
    }

    /// Geometry in caller-owned buffers: buffers that start at one element are refused with the
    /// sizes needed, grown, and every index names a vertex of its own batch.
    @Test func geometryComesInCallerBuffersThatGrowWhenTooSmall() throws {
        let run = try run(try EmbeddingTests.abiCheck.get(), ["geometry", Fixtures.cintiq22HDT])
        #expect(run.status == 0, "\(run.error)")
        let fields = run.output.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
        #expect(fields.count == 8, "\(run.output)")
        guard fields.count == 8 else { return }
        let vertices = try #require(Int(fields[1])), indices = try #require(Int(fields[3])), retries = try #require(Int(fields[5]))
        #expect(vertices > 1000 && indices % 3 == 0 && indices > vertices)
        #expect(retries >= 1)
        #expect(fields[7] == "34")  // the 22HDT recording's strokes (quill summary)
    }

    /// The layout of a window and of a catalogue device: what `quill layout` prints.
    @Test(arguments: [("800", "600", "right"), ("500", "800", "left"), ("1366", "1024", "left")])
    func layoutsThroughCAreThoseOfTheCommand(width: String, height: String, hand: String) throws {
        let run = try run(try EmbeddingTests.abiCheck.get(), ["layout", width, height, hand])
        #expect(run.status == 0, "\(run.error)")
        let json = try cli.quill("layout", "--window", "\(width)x\(height)", "--hand", hand).output
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let sizeClass = try #require(object["size_class"] as? [String: String])
        let canvas = try #require(object["canvas"] as? [String: Any]), palette = try #require(object["palette"] as? [String: Any])
        func n(_ d: [String: Any], _ key: String) -> String { String(format: "%g", (d[key] as? Double) ?? .nan) }
        let expected = [
            "size \(sizeClass["horizontal"] == "regular" ? 1 : 0) \(sizeClass["vertical"] == "regular" ? 1 : 0)",
            "canvas \(n(canvas, "x")) \(n(canvas, "y")) \(n(canvas, "width")) \(n(canvas, "height"))",
            "palette \(n(palette, "x")) \(n(palette, "y")) \(n(palette, "width")) \(n(palette, "height")) \((palette["docked"] as? Bool) == true ? 1 : 0)",
        ]
        #expect(run.output.split(separator: "\n").map(String.init) == expected)
    }

    /// GTK/Qt input through C: 101 events in window points, drawn exactly where they were
    /// (smoothing and prediction off), every committed update with its region, a bad pressure refused.
    @Test func toolkitEventsThroughCAreDrawnWhereThePointerWas() throws {
        let run = try run(try EmbeddingTests.abiCheck.get(), ["toolkit"])
        #expect(run.status == 0, "\(run.error)")
        let fields = run.output.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
        #expect(fields.count == 10, "\(run.output)")
        guard fields.count == 10 else { return }
        #expect(fields[1] == "101" && fields[3] == "101")  // began, 99 moved, ended: each an update
        #expect((Double(fields[5]) ?? 1) < 1e-18)  // squared distance
        #expect((Int(fields[7]) ?? 0) >= 95)
        #expect(fields[9] == "-1")
    }

    /// Pad events through C are `quill pad`'s (buttons with mode toggles, a touch strip).
    @Test(arguments: [(Fixtures.intuos4PadButtons, Fixtures.intuos4PadDescription), (Fixtures.intuos4ModeToggle, Fixtures.intuos4PadDescription), (Fixtures.intuos3Strip, Fixtures.intuos3PadDescription)])
    func padEventsThroughCAreThoseOfTheCommand(recording: String, description: String) throws {
        let run = try run(try EmbeddingTests.abiCheck.get(), ["pad", recording, description])
        #expect(run.status == 0, "\(run.error)")
        let expected = try cli.quill("pad", recording, "--device", description).output.split(separator: "\n").compactMap { line -> String? in
            guard let o = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], let type = o["type"] as? String,
                let number = o["number"] as? Int, let group = o["mode_group"] as? Int, let mode = o["mode"] as? Int, let t = o["t"] as? Double else { return nil }
            let middle = type == "button" ? (o["state"] as? String ?? "?") : String(format: "%.6f", o["value"] as? Double ?? .nan)
            return "\(type) \(number) \(middle) \(group) \(mode) \(String(format: "%.6f", t))"
        }
        #expect(!expected.isEmpty)
        #expect(run.output.split(separator: "\n").map(String.init) == expected)
    }

    /// A clone taken mid-stroke goes on exactly as the engine it was taken from.
    @Test func anEngineClonedMidStrokeGoesOnTheSame() throws {
        let run = try run(try EmbeddingTests.abiCheck.get(), ["clone", Fixtures.cintiq22HDT])
        #expect(run.status == 0, "\(run.error)")
        let fields = run.output.split(whereSeparator: { $0 == " " || $0 == "\n" })
        #expect(fields.first == "same" && (Int(fields.last ?? "") ?? 0) > 1000, "\(run.output)")
    }

    /// Every misuse gets its status and a message naming what was expected; nothing crashes.
    @Test func misuseGetsAStatusAndAMessage() throws {
        let run = try run(try EmbeddingTests.abiCheck.get(), ["errors"])
        #expect(run.status == 0, "\(run.error)")
        var results: [String: (Int, String)] = [:]
        for line in run.output.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 2).map(String.init)
            if parts.count == 3, let status = Int(parts[1]) { results[parts[0]] = (status, parts[2]) }
        }
        #expect(results["missing-file"]?.0 == -2 && results["missing-file"]?.1.contains("/nonexistent/quill.events") == true)
        #expect(results["null-path"]?.0 == -1)
        #expect(results["struct-size-0"]?.0 == -1 && results["struct-size-0"]?.1.contains("quill_engine_options.size is 0") == true)
        #expect(results["pen-width-500"]?.0 == -1 && results["pen-width-500"]?.1.contains("0.88…25.66") == true)
        #expect(results["ink-42"]?.0 == -1 && results["ink-42"]?.1.contains("enum quill_ink") == true)
        #expect(results["empty-area"]?.0 == -1)
        #expect(results["window-100"]?.0 == -1 && results["window-100"]?.1.contains("320 pt") == true)
        #expect(results["device-unknown"]?.0 == -5)
        #expect(results["tap-action-99"]?.0 == -1)
        #expect(results["not-an-event-node"]?.0 == -2 && results["not-an-event-node"]?.1.contains("/dev/null") == true)
        #expect(results.count == 10, "\(run.output)")
    }

    /// Runs Python with the repository's module over the build's library.
    func python(_ script: String, _ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
        let library = try EmbeddingTests.libraryDirectory.get() + "/libquill.so.0"
        return try Fixtures.runProcess(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["QUILL_LIBRARY=\(library)", "PYTHONPATH=\(Fixtures.repositoryRoot.appendingPathComponent("python").path)", "PYTHONDONTWRITEBYTECODE=1",
             "/usr/bin/python3", "-c", script] + arguments, deadline: 120)
    }

    /// The Python module's samples are `quill samples`' JSON objects, key for key and value for value.
    @Test(arguments: [Fixtures.cintiq12WX, Fixtures.intuosProRecord])
    func pythonGivesTheSamplesOfTheCommand(recording: String) throws {
        let run = try python("import json, sys, quill\nwith quill.Source.open_recording(sys.argv[1]) as s:\n    for d in s.samples(): print(json.dumps(d.to_dict()))", [recording])
        #expect(run.status == 0, "\(run.error)")
        let fromPython = run.output.split(separator: "\n").map { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? NSDictionary }
        let fromCommand = try cli.quill("samples", recording).output.split(separator: "\n").map { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? NSDictionary }
        #expect(fromPython.count == fromCommand.count && fromPython.count > 30)
        let differing = zip(fromPython, fromCommand).enumerated().first { $0.element.0 == nil || $0.element.0 != $0.element.1 }
        #expect(differing == nil, "line \((differing?.offset ?? 0) + 1): \(String(describing: differing?.element.0)) vs \(String(describing: differing?.element.1))")
    }

    /// Pad events through Python: `quill pad`'s JSON objects, key for key.
    @Test func errorsNameTheCallersFieldsAndParameters() throws {
        // C names the struct field, Python its parameter; never TabletMapping or Ink.
        let script = """
            import quill
            for kw in [dict(area_mm=(0, 100)), dict(area_mm=(200, 100), width=-3), dict(area_mm=(200, 100), canvas=(-1, 5))]:
                try:
                    quill.Engine(**kw)
                except quill.QuillError as error:
                    print(error)
            try:
                quill.Source.open_recording(__import__("sys").argv[1], canvas=(5, -2))
            except quill.QuillError as error:
                print(error)
            try:
                quill.Source.open_device(None).close()
            except quill.QuillError as error:
                print("device:", error)
            """
        let run = try python(script, [Fixtures.dth2242])
        let all = run.output.split(separator: "\n").map(String.init)
        // Without a tablet here, the advice is the library's, not the command's --device.
        let device = all.first { $0.hasPrefix("device:") }
        #expect(device.map { !$0.contains("--device") && $0.contains("Source.open_device(\"/dev/input/eventN\")") || !$0.contains("no pen tablet found") } ?? true, "\(device ?? "")")
        let lines = all.filter { !$0.hasPrefix("device:") }
        #expect(lines.count == 4, "\(run.output)\(run.error)")
        #expect(lines.first?.hasPrefix("invalid area_mm[0] = 0.0: expected a finite size in millimetres > 0") == true, "\(lines)")
        #expect(lines.dropFirst().first?.hasPrefix("invalid width = -3.0: expected points within") == true, "\(lines)")
        #expect(lines.dropFirst(2).first?.hasPrefix("invalid canvas[0] = -1.0") == true && lines.last?.hasPrefix("invalid canvas[1] = -2.0") == true, "\(lines)")
        #expect(!run.output.contains("TabletMapping") && !run.output.contains("Ink.") && !run.output.contains("CanvasSize"))
    }

    @Test func pythonGivesThePadEventsOfTheCommand() throws {
        let script = "import json, sys, quill\nwith quill.Source.open_recording(sys.argv[1], device_file=sys.argv[2]) as s:\n    for e in s.pad_events(): print(json.dumps(e.to_dict()))"
        let run = try python(script, [Fixtures.intuos4ModeToggle, Fixtures.intuos4PadDescription])
        #expect(run.status == 0, "\(run.error)")
        let fromPython = run.output.split(separator: "\n").map { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? NSDictionary }
        let fromCommand = try cli.quill("pad", Fixtures.intuos4ModeToggle, "--device", Fixtures.intuos4PadDescription).output.split(separator: "\n")
            .map { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? NSDictionary }
        #expect(!fromCommand.isEmpty && fromPython == fromCommand)
    }

    /// Double taps through Python: those of `quill gestures`; a bad action name is a clear error.
    @Test func pythonDoubleTapsAreThoseOfTheCommand() throws {
        let script = """
            import sys, quill
            g = quill.Gestures()
            with quill.Source.open_recording(sys.argv[1]) as s:
                for d in s.samples():
                    g.add(d)
            for o in g.outcomes():
                if o.gesture == quill.Gesture.DOUBLE_TAP: print("%.6f %s %s %s" % (o.time, o.action.cli_name, o.tool_before, o.tool_after))
            try:
                quill.Gestures(tap_action=42)
            except quill.QuillError as e:
                print("error", e.status, e.message)
            """
        let run = try python(script, [Fixtures.cintiq22HDT])
        #expect(run.status == 0, "\(run.error)")
        let fromCommand = try cli.quill("gestures", Fixtures.cintiq22HDT).output.split(separator: "\n").compactMap { line -> String? in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], object["event"] as? String == "doubleTap",
                let time = object["t"] as? Double, let action = object["action"] as? String else { return nil }
            return "\(String(format: "%.6f", time)) \(action) \(object["tool_before"] ?? "") \(object["tool_after"] ?? "")"
        }
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(Array(lines.dropLast()) == fromCommand && fromCommand.count == 4)
        #expect(lines.last?.hasPrefix("error -1 quill_gesture_preferences.tap_action is 42") == true, "\(lines.last ?? "")")
    }

    /// One version: quill --version, quill_version() (through Python-free C: the header's
    /// function) and the repository's VERSION file.
    /// The binding's own suite (python/tests): ctypes sizes and enums against quill.h, samples,
    /// tool events, erasing, the library search, against the build's library.
    @Test func thePythonBindingsOwnTestsPass() throws {
        let library = try EmbeddingTests.libraryDirectory.get() + "/libquill.so.0"
        let run = try Fixtures.runProcess(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["QUILL_LIBRARY=" + library, "QUILL_COMMAND=" + CommandLineTests.executable.path, "PYTHONDONTWRITEBYTECODE=1", "python3", "-m", "unittest", "discover", "-s", Fixtures.repositoryRoot.appendingPathComponent("python/tests").path],
            deadline: 300)
        #expect(run.status == 0, "\(run.error.suffix(3000))")
        let ran = run.error.split(separator: "\n").first { $0.hasPrefix("Ran ") }.flatMap { $0.split(separator: " ").dropFirst().first }.flatMap { Int($0) } ?? 0
        #expect(ran >= 30, "\(run.error.suffix(500))")
    }

    @Test func oneVersionEverywhere() throws {
        let file = try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("VERSION"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try cli.quill("--version").output.trimmingCharacters(in: .whitespacesAndNewlines) == file)
        #expect(QuillVersion.string == file)
        let changelog = try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        #expect(changelog.contains("## \(file)"))
        let pyproject = try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("python/pyproject.toml"), encoding: .utf8)
        #expect(pyproject.contains("version = \"\(file)\""))
        let binding = try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("python/quill/__init__.py"), encoding: .utf8)
        #expect(binding.contains("__version__ = \"\(file)\""))
        let template = try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("Tools/ship/quill.pc.in"), encoding: .utf8)
        #expect(template.contains("Version: @version@") && template.contains("-lquill"))
    }
}

/// The layers an app links: the core libraries need no C library, Cairo is the renderer's alone.
struct LayeringTests {
    static let coreModules = ["QuillCore", "QuillInput", "QuillStroke", "QuillShapes", "QuillGestures", "QuillLayout"]
    static let cModules = ["CEvdev", "CInput", "CWacom", "CCairo", "CGtk", "CYAML", "CZinnia", "QuillSystem", "QuillDevices", "QuillRender", "QuillCanvas", "QuillHandwriting", "Glibc"]
    /// The modules libquill links: none imports Foundation (its ICU data is 34 MB of a 61 MB
    /// library), FoundationEssentials at most.
    static let libquillModules = ["QuillCore", "QuillInput", "QuillStroke", "QuillShapes", "QuillGestures", "QuillLayout", "QuillSystem", "QuillDevices", "QuillYAML", "QuillHandwriting", "QuillC"]

    func imports(of module: String) throws -> Set<String> {
        let directory = Fixtures.repositoryRoot.appendingPathComponent("Sources/\(module)")
        var found: Set<String> = []
        for file in try FileManager.default.contentsOfDirectory(atPath: directory.path) where file.hasSuffix(".swift") {
            let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix("import ") {
                found.insert(String(line.dropFirst(7).split(separator: " ").first ?? ""))
            }
        }
        return found
    }

    @Test(arguments: coreModules)
    func aCoreLibraryImportsNoCLibrary(module: String) throws {
        let imported = try imports(of: module)
        #expect(imported.isDisjoint(with: Self.cModules), "\(module) imports \(imported.intersection(Self.cModules).sorted())")
        let files = try FileManager.default.contentsOfDirectory(atPath: Fixtures.repositoryRoot.appendingPathComponent("Sources/\(module)").path)
        #expect(files.filter { $0.hasSuffix(".swift") }.count >= 5, "the scan found \(module)'s sources")
    }

    @Test func onlyTheRendererImportsCairo() throws {
        for module in ["QuillCore", "QuillInput", "QuillStroke", "QuillGestures", "QuillLayout", "QuillSystem", "QuillDevices", "QuillC"] {
            #expect(!(try imports(of: module)).contains("CCairo"), "\(module)")
        }
        #expect(try imports(of: "QuillRender").contains("CCairo"))
    }

    @Test func onlyTheHandwritingLayerImportsZinnia() throws {
        let sources = Fixtures.repositoryRoot.appendingPathComponent("Sources")
        for module in try FileManager.default.contentsOfDirectory(atPath: sources.path) where module != "QuillHandwriting" {
            #expect(!((try? imports(of: module)) ?? []).contains("CZinnia"), "\(module) imports CZinnia")
        }
        #expect(try imports(of: "QuillHandwriting").contains("CZinnia"))
    }

    @Test func onlyTheDeviceLayerAndItsClientsSeeQuillSystem() throws {
        // QuillSystem wraps libevdev, libinput, libwacom and udev: the device layer (QuillDevices)
        // and its clients (the canvas, libquill, the command) see it; the model, the stroke engine,
        // gestures, layout and the renderer never do.
        for module in ["QuillCore", "QuillInput", "QuillStroke", "QuillGestures", "QuillLayout", "QuillRender"] {
            #expect(!(try imports(of: module)).contains("QuillSystem"), "\(module) imports QuillSystem")
        }
        #expect(try imports(of: "QuillDevices").contains("QuillSystem"))
    }

    @Test func noLibraryOwnsTheProcessSignals() throws {
        // A library embedded in an app must not take SIGINT: only the command-line tool installs
        // handlers (its StopSignal); the libraries' waits take the fds to wake on.
        let sources = Fixtures.repositoryRoot.appendingPathComponent("Sources")
        for module in try FileManager.default.contentsOfDirectory(atPath: sources.path) where module != "quill" {
            let directory = sources.appendingPathComponent(module)
            for file in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [] where file.hasSuffix(".swift") {
                let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
                #expect(!text.contains("signal(SIGINT") && !text.contains("sigaction(") && !text.contains("StopSignal"), "\(module)/\(file)")
            }
        }
        let command = try String(contentsOf: sources.appendingPathComponent("quill/StopSignal.swift"), encoding: .utf8)
        #expect(command.contains("signal(SIGINT"), "the scan looks where the handlers are")
    }

    /// Foundation (with its ICU) only behind `#else` of `#if canImport(FoundationEssentials)`;
    /// no Yams (its resolver needs NSRegularExpression, hence ICU).
    @Test(arguments: libquillModules)
    func libquillsModulesImportNoFoundation(module: String) throws {
        let directory = Fixtures.repositoryRoot.appendingPathComponent("Sources/\(module)")
        for file in try FileManager.default.contentsOfDirectory(atPath: directory.path) where file.hasSuffix(".swift") {
            let lines = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() where line == "import Foundation" || line.hasPrefix("import Yams") {
                let guarded = index >= 1 && lines[index - 1] == "#else" && index >= 3 && lines[index - 3] == "#if canImport(FoundationEssentials)"
                #expect(guarded && !line.hasPrefix("import Yams"), "\(module)/\(file):\(index + 1) \(line)")
            }
        }
    }

    @Test func onlyQuillYAMLImportsLibyaml() throws {
        let sources = Fixtures.repositoryRoot.appendingPathComponent("Sources")
        for module in try FileManager.default.contentsOfDirectory(atPath: sources.path) where module != "QuillYAML" && module != "CYAML" {
            #expect(!((try? imports(of: module)) ?? []).contains("CYAML"), "\(module)")
        }
        #expect(try imports(of: "QuillYAML").contains("CYAML"))
        #expect(try imports(of: "QuillInput").contains("QuillYAML"))
    }

    @Test func onlyTheCanvasImportsGTK() throws {
        for module in ["QuillCore", "QuillInput", "QuillStroke", "QuillGestures", "QuillLayout", "QuillSystem", "QuillDevices", "QuillRender", "QuillC", "quill"] {
            #expect(!(try imports(of: module)).contains("CGtk"), "\(module)")
        }
        #expect(try imports(of: "QuillCanvas").contains("CGtk"))
    }
}

/// enum quill_action's numbers for the names `quill gestures` prints.
enum PreferredActionCode {
    static func code(_ name: String) -> Int {
        ["ignore", "switchEraser", "switchPrevious", "showColorPalette", "showInkAttributes", "showContextualPalette", "runSystemShortcut"].firstIndex(of: name) ?? -1
    }
}
