import Foundation
import Testing
import QuillCore
@testable import QuillInput

/// A drawing app's loop through quill.h (Tests/CPrograms/eraser_check.c): the eraser erases for
/// every language, one canvas, tilt X/Y with the device's range, proximity events in order with
/// the samples, tablet configuration in the source's options. `quill` itself is the oracle.
@Suite struct EmbeddingEraserTests {
    let cli = CommandLineTests()
    static let eraserCheck: Result<String, Error> = Result { try EmbeddingTests.compile("Tests/CPrograms/eraser_check.c") }

    func run(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
        try Fixtures.runProcess(URL(fileURLWithPath: try EmbeddingEraserTests.eraserCheck.get()), arguments, deadline: 120)
    }

    /// "wrote OUT: N strokes, M points" of `quill render`.
    func rendered(_ arguments: [String]) throws -> (strokes: Int, points: Int) {
        let output = Fixtures.temporaryPath("-render.png")
        let run = try cli.quill(["render"] + arguments + ["-o", output])
        #expect(run.status == 0, "\(run.error)")
        let numbers = run.output.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        return (numbers[numbers.count - 2], numbers[numbers.count - 1])
    }

    /// The engine keeps what `quill render` draws, stroke for stroke and point for point: the
    /// 22HDT's five eraser strokes cross no ink (29 of its 34 strokes stay; 0.4.0 drew them as ink),
    /// with the person's double taps to the eraser handed to quill_engine_set_ink its pen end
    /// erases (19 stay: the recording's four double taps, issue 39), and the Cintiq 12WX's eraser cuts its one stroke into three.
    @Test(arguments: [(Fixtures.cintiq22HDT, false, 29), (Fixtures.cintiq22HDT, true, 19), (Fixtures.cintiq12WX, false, 3)])
    func theEngineKeepsWhatTheCommandDraws(recording: String, gestures: Bool, strokes: Int) throws {
        let run = try run(["erase", recording] + (gestures ? ["gestures"] : []))
        #expect(run.status == 0, "\(run.error)")
        let lines = run.output.split(separator: "\n").map(String.init)
        let counts = try #require(lines.first { $0.hasPrefix("strokes ") }).split(separator: " ").compactMap { Int($0) }
        let command = try rendered([recording] + (gestures ? [] : ["--no-gestures"]))
        #expect(counts == [command.strokes, command.points])
        #expect(command.strokes == strokes)
        let updates = try #require(lines.first { $0.hasPrefix("ink-updates ") }).split(separator: " ").compactMap { Int($0) }
        // Every contact sample gave an update; the eraser's draw no ink.
        #expect(updates[1] >= 100 && updates[0] > 100)
        let changes = lines.filter { $0.hasPrefix("change ") }.map { $0.split(separator: " ").map(String.init) }
        let kept = Set(try #require(lines.first { $0.hasPrefix("kept") }).split(separator: " ").dropFirst().compactMap { Int($0) })
        #expect(changes.isEmpty == (recording == Fixtures.cintiq22HDT && !gestures))
        for change in changes {
            #expect(!kept.contains(Int(change[2])!))  // a stroke erased or split is gone
            let first = Int(change[3])!, count = Int(change[4])!
            for piece in first..<(first + count) { #expect(kept.contains(piece) || lines.contains("piece \(piece) gone")) }
        }
        if !changes.isEmpty {
            #expect(changes.contains { $0[1] == "1" })  // a split, whose pieces have points and geometry
            #expect(lines.contains { $0.hasPrefix("piece ") && $0.contains(" ink 0 ") })
        }
    }

    /// Tool events come in order with the samples (each proximity-in just before its tool's first
    /// sample, each proximity-out after its last), as the replay gives them; tilt X/Y are the W3C
    /// inverse of each sample's altitude and azimuth, within the 22HDT's ±64°.
    @Test func toolEventsAndTiltComeAsTheReplayGivesThem() throws {
        let run = try run(["events", Fixtures.cintiq22HDT])
        #expect(run.status == 0, "\(run.error)")
        let lines = run.output.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        let replay = try SampleReplay(path: Fixtures.cintiq22HDT)
        var expected: [String] = []
        for event in try replay.allEvents() {
            switch event {
            case let .proximityIn(_, tool, _): expected.append("in \(PenTool.allCases.firstIndex(of: tool) ?? -1)")
            case let .proximityOut(_, tool, _, _): expected.append("out \(PenTool.allCases.firstIndex(of: tool) ?? -1)")
            case .sample(let sample): expected.append("sample \(PenTool.allCases.firstIndex(of: sample.tool) ?? -1)")
            default: break
            }
        }
        #expect(lines.map { "\($0[0]) \($0[2])" } == expected)
        #expect(expected.filter { $0.hasPrefix("in") }.count == 22)
        // The eraser end's arrivals say the tool changed; the first does not.
        let arrivals = lines.filter { $0[0] == "in" }
        #expect(arrivals.first?[3] == "0" && arrivals.contains { $0[2] == "1" && $0[3] == "1" })
        var tilted = 0
        for line in lines where line[0] == "sample" {
            let (tiltX, tiltY, range) = (Double(line[4])!, Double(line[5])!, Double(line[6])!)
            let tilt = PenOrientation(altitude: Double(line[7])!, azimuth: Double(line[8])!).tilt
            #expect(range == 64)
            #expect(abs(tiltX - tilt.xDegrees) < 1e-6 && abs(tiltY - tilt.yDegrees) < 1e-6)
            #expect(abs(tiltX) <= range + 1e-9 && abs(tiltY) <= range + 1e-9)
            if abs(tiltX) > 20 { tilted += 1 }
        }
        #expect(tilted > 100)
    }

    /// One canvas: an engine made for the source takes its area and canvas; a different canvas
    /// is refused, naming both.
    @Test func anEngineForTheSourceTakesItsCanvas() throws {
        let agreeing = try run(["canvas", Fixtures.cintiq22HDT, "1366", "1024"])
        #expect(agreeing.output == "status 0 \n")
        let other = try run(["canvas", Fixtures.cintiq22HDT, "800", "600"])
        #expect(other.output.hasPrefix("status -1 quill_engine_options.canvas_width is 800.0 but the source's is 1366.0 points"))
    }

    /// The tablet configuration of quill_source_options is the command's: a pressure curve gives
    /// the pressures of `quill samples --pressure-curve`; a value out of range is named.
    @Test func aPressureCurveInTheSourceOptionsIsTheCommands() throws {
        let run = try run(["curve", Fixtures.cintiq22HDT, "0", "50", "50", "100"])
        #expect(run.status == 0, "\(run.error)")
        let fromC = run.output.split(separator: "\n").compactMap { Double($0) }
        let fromCommand = try cli.quill("samples", Fixtures.cintiq22HDT, "--pressure-curve", "0,50,50,100").output.split(separator: "\n").compactMap { line -> Double? in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], object["phase"] as? String != "hover" else { return nil }
            return object["pressure"] as? Double
        }
        #expect(fromC.count == fromCommand.count && fromC.count > 400)
        #expect(zip(fromC, fromCommand).allSatisfy { abs($0 - $1) < 1e-8 })
        let linear = try self.run(["curve", Fixtures.cintiq22HDT, "0", "0", "0", "0"]).output.split(separator: "\n").compactMap { Double($0) }
        #expect(zip(fromC, linear).filter { $0 > $1 + 0.01 }.count > fromC.count / 2)  // softer: more ink for a light touch
        let bad = try self.run(["bad-curve", Fixtures.cintiq22HDT])
        #expect(bad.output.hasPrefix("status -1 invalid quill_source_options.pressure_curve = {0.0, 0.0, 101.0, 100.0}"))
    }

    /// The mapping mode of quill_source_options is the command's `--mapping`: fill and stretch put
    /// the samples where `quill samples --mapping` puts them, and not where fit does.
    @Test(arguments: [(1, "fill"), (2, "stretch")])
    func theMappingModeIsTheCommands(mode: Int, name: String) throws {
        let run = try run(["mapping", Fixtures.cintiq22HDT, "\(mode)"])
        #expect(run.status == 0, "\(run.error)")
        func points(_ text: String) -> [(Double, Double)] {
            text.split(separator: "\n").map { $0.split(separator: " ").compactMap { Double($0) } }.filter { $0.count == 2 }.map { ($0[0], $0[1]) }
        }
        let fromC = points(run.output)
        let fromCommand = try cli.quill("samples", Fixtures.cintiq22HDT, "--mapping", name).output.split(separator: "\n").compactMap { line -> (Double, Double)? in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], let x = object["x"] as? Double, let y = object["y"] as? Double else { return nil }
            return (x, y)
        }
        let fitted = points(try self.run(["mapping", Fixtures.cintiq22HDT, "0"]).output)
        #expect(fromC.count == fromCommand.count && fromC.count > 5000)
        #expect(zip(fromC, fromCommand).allSatisfy { abs($0.0 - $1.0) < 1e-5 && abs($0.1 - $1.1) < 1e-5 })
        #expect(zip(fromC, fitted).filter { abs($0.0 - $1.0) > 1 || abs($0.1 - $1.1) > 1 }.count > fromC.count / 2)
        let bad = try self.run(["mapping", Fixtures.cintiq22HDT, "3"])
        #expect(bad.output.hasPrefix("status -1 quill_source_options.mapping_mode is 3; expected 0…2 (enum quill_mapping_mode)"))
    }

    /// Made-up strokes: an eraser stroke that never ended erases alone (not along a line to the next
    /// one, 90 mm away); a switch to the eraser while the tip is down takes effect with the next
    /// stroke (the stroke in progress stays ink, whole, and the next one cuts it in two); a 0.4.0
    /// caller keeps strokes only with records_path, as 0.4.0 did (memory flat without it).
    @Test func theEraserActsStrokeByStroke() throws {
        let run = try run(["synthetic"])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output == "unended 0\nmidstroke 16 2\nv1 0 0\nv1 1 20\n")
    }

    /// A caller that takes only samples (0.4.0's, Python's samples()) does not pile up tool
    /// events: of the 1 320 proximity events of the 22HDT thirty times over, the newest 1 024 it
    /// passed are kept.
    @Test func toolEventsACallerNeverTakesStayBounded() throws {
        let path = try EmbeddingTests.repeated22HDT(30)
        let run = try run(["untaken", path])
        #expect(run.status == 0, "\(run.error)")
        let numbers = run.output.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Int($0) }
        #expect(numbers.count == 2 && numbers[0] > 150_000, "\(run.output)")
        #expect(numbers.count == 2 && (1024...1025).contains(numbers[1]), "\(run.output)")
    }
}
