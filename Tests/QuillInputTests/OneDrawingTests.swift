import Foundation
import QuillCore
import QuillDrawing
import QuillGestures
import QuillInput
import QuillStroke
import QuillSystem
import QuillTestSupport
import Testing

/// One drawing (issue 37): every command that draws is a client of ``DrawingSession`` and draws the
/// same strokes of the same recording.
@Suite struct OneDrawingTests {
    let cli = CommandLineTests()

    /// Every bundled recording.
    static let recordings: [String] = {
        let root = Fixtures.repositoryRoot.appendingPathComponent("Recordings").path
        let files = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
        return files.filter { [".events", ".evemu", ".yml", ".yaml"].contains(where: $0.hasSuffix) }.sorted().map { root + "/" + $0 }
    }()

    /// The strokes a session leaves standing (their ids) with `options`, the person's preferences
    /// the defaults, the recording opened as the commands open it.
    static func standing(_ path: String, _ options: DrawingSession.Options) throws -> [Int] {
        // As the commands open it: tablets sized by libwacom where the kernel declares no resolution.
        let replay = try SampleReplay(path: path, catalog: WacomCatalog.loadIfAvailable())
        var session = DrawingSession(ink: try Ink(type: .pen), pencil: PencilSession(), options: options)
        var outcomes: [PencilInteraction.Outcome] = [], fingers: [FingerGesture] = []
        var last = 0.0
        for event in try replay.allEvents() {
            session.handle(event, from: replay, outcomes: &outcomes, fingers: &fingers)
            if let time = event.time { last = max(last, time) }
        }
        session.finish(at: last, outcomes: &outcomes)
        return session.recorder?.strokeIDs ?? []
    }

    /// Each command's session options give the same strokes, on every bundled recording: `render`,
    /// `strokes` and `gestures` (everything on) and `shapes` (nothing snapped, no corners kept) —
    /// snapping and corners change a stroke's path, never which strokes there are.
    @Test(arguments: Self.recordings)
    func everyCommandsOptionsGiveTheSameStrokes(path: String) throws {
        let render = try Self.standing(path, .init())
        let shapes = try Self.standing(path, .init(corners: nil, shapes: nil))
        let noGestures = try Self.standing(path, .init(gestures: false))
        #expect(shapes == render, "shapes \(shapes.count), render \(render.count)")
        // Without gestures nothing switches the pen end to the eraser: at least as many strokes stand.
        #expect(noGestures.count >= render.count)
    }

    /// The ids `quill strokes --emit final` or `quill shapes` leaves standing: printed, less those
    /// it then said were erased or split.
    func standingIDs(_ output: String) throws -> Set<Int> {
        var printed: Set<Int> = [], gone: Set<Int> = []
        for line in output.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let id = try #require(object["stroke"] as? Int)
            if object["event"] != nil { gone.insert(id) } else { printed.insert(id) }
        }
        return printed.subtracting(gone)
    }

    /// The commands themselves: on the 22HDT (whose person double-taps to the eraser and erases),
    /// the Cintiq 12WX (the pen's eraser end) and a touch screen's palm recording, `strokes --emit
    /// final`, `render --save-drawing` and `shapes` leave the same strokes standing — before this
    /// issue the 22HDT gave 29 strokes to `strokes` and 14 to `render`.
    @Test(arguments: ["evemu-devices/Wacom-Cintiq-22HDT-Pen.events", "evemu-devices/Wacom-Cintiq-12WX.events", "libinput-record/palm/cintiq-13hd-rect-right.yml"])
    func theCommandsDrawTheSameDrawing(recording: String) throws {
        #expect(Self.recordings.count >= 60)
        let path = Fixtures.repositoryRoot.appendingPathComponent("Recordings/" + recording).path
        let strokes = try cli.quill("strokes", path, "--emit", "final")
        #expect(strokes.status == 0, "\(strokes.error)")
        let shapes = try cli.quill("shapes", path)
        #expect(shapes.status == 0, "\(shapes.error)")
        let saved = Fixtures.temporaryPath(".json")
        let render = try cli.quill("render", path, "-o", Fixtures.temporaryPath(".png"), "--save-drawing", saved)
        #expect(render.status == 0, "\(render.error)")
        let drawing = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: saved))) as? [String: Any]
        let rendered = (drawing?["strokes"] as? [Any])?.count ?? -1
        let standing = try standingIDs(strokes.output)
        #expect(standing == (try standingIDs(shapes.output)))
        #expect(standing.count == rendered, "strokes \(standing.count), render \(rendered)")
        let inProcess = try Self.standing(path, .init())
        #expect(standing == Set(inProcess), "\(standing.sorted()) vs \(inProcess)")
    }
}
