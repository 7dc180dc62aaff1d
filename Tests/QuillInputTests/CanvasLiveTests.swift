import Foundation
import QuillRender
import QuillTestSupport
import Testing

/// `quill canvas` fed by a mocked tablet through libinput (umockdev, as the other live suites),
/// in a GTK window on Xvfb: the drawing it keeps is the one `quill render` makes of the same
/// events replayed.
@Suite(.serialized, .liveTier("umockdev plays a mocked tablet in real time into a GTK window on Xvfb")) struct CanvasLiveTests {
    @Test(.enabled(if: MockedTablet.isAvailable && CanvasCommandLineTests.isAvailable))
    func aMockedTabletDrawsInTheWindowThroughLibinput() throws { try draws(backend: "libinput") }

    @Test(.enabled(if: MockedTablet.isAvailable && CanvasCommandLineTests.isAvailable))
    func aMockedTabletDrawsInTheWindowThroughEvdev() throws { try draws(backend: "evdev") }

    func draws(backend: String) throws {
        let mock = try MockedTablet(recording: Fixtures.cintiq12WX, maximumFrames: 400)
        let directory = TestScratch.directory.appendingPathComponent("quill-canvas-live-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let saved = directory + "/live.json", shot = directory + "/live.png"
        let run = try mock.run(
            ["/usr/bin/xvfb-run", "-a", "-s", "-screen 0 1280x1024x24", CommandLineTests.executable.path, "canvas", "--node", mock.node, "--backend", backend,
             "--duration", "\(MockedTablet.lead + 2 * mock.duration + 2)", "--save", saved, "--screenshot", shot],
            environment: ["XDG_CONFIG_HOME": directory + "/config", "XDG_STATE_HOME": directory + "/state", "GSK_RENDERER": "cairo", "NO_AT_BRIDGE": "1"],
            timeout: 90, rebasesTimes: false)
        #expect(run.status == 0, "\(run.error)")
        #expect(run.error.contains("canvas input: \(backend): Wacom Cintiq 12WX"), "\(run.error)")
        let render = try Fixtures.runProcess(URL(fileURLWithPath: "/usr/bin/env"),
            ["XDG_CONFIG_HOME=\(directory)/config", CommandLineTests.executable.path, "render", mock.expectedRecording, "-o", directory + "/replay.png", "--save-drawing", directory + "/replay.json"])
        #expect(render.status == 0, "\(render.error)")
        func strokes(_ path: String) throws -> [[(Double, Double)]] {
            let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
            return (json["strokes"] as? [[String: Any]] ?? []).map { stroke in
                ((stroke["path"] as? [String: Any])?["points"] as? [[String: Any]] ?? []).map { ($0["x"] as? Double ?? .nan, $0["y"] as? Double ?? .nan) }
            }
        }
        let live = try strokes(saved), replay = try strokes(directory + "/replay.json")
        if backend == "evdev" {
            // Quill's own decoder: the replay's strokes exactly (the 12WX's first 400 frames: three
            // strokes once its eraser end has cut the long one).
            #expect(live.count == replay.count && replay.count == 3, "live \(live.map(\.count)), replay \(replay.map(\.count))")
            for (a, b) in zip(live, replay) {
                #expect(a.count == b.count && zip(a, b).allSatisfy { abs($0.0 - $1.0) < 1e-6 && abs($0.1 - $1.1) < 1e-6 })
            }
        } else {
            // libinput: its millimetres come from the node's resolution, the replay's from libwacom's
            // size of the 12WX, ≈ 0.3 % apart (2 pt across the page), and its eraser end cuts a
            // little more: every point libinput's canvas drew is within 5 pt of a point of the
            // replay's drawing, and at least 80 % of the replay's points are drawn.
            let all = replay.flatMap { $0 }
            let drawn = live.flatMap { $0 }
            #expect(drawn.allSatisfy { p in all.contains { abs($0.0 - p.0) < 5 && abs($0.1 - p.1) < 5 } }, "live \(live.map(\.count)), replay \(replay.map(\.count))")
            #expect(Double(drawn.count) >= 0.8 * Double(all.count), "live \(live.map(\.count)), replay \(replay.map(\.count))")
        }
        // And the window showed it: ink (the pen's blue) at the stroke points, as the summary maps them.
        let summary = try #require(try JSONSerialization.jsonObject(with: Data((run.output.split(separator: "\n").last ?? "").utf8)) as? [String: Any])
        let transform = try #require(summary["document_to_window"] as? [Double])
        let image = try CairoImage(png: shot)
        let points = live.flatMap { $0 }
        let inked = points.filter { point in
            let x = Int(transform[1] + point.0 * transform[0]), y = Int(transform[2] + point.1 * transform[0])
            return (-1...1).contains { dx in (-1...1).contains { dy in image.pixel(x: x + dx, y: y + dy).map { Int($0.blue) - Int($0.red) > 60 } == true } }
        }
        #expect(points.count > 40 && Double(inked.count) >= 0.95 * Double(points.count), "\(inked.count) of \(points.count) points inked")
    }
}
