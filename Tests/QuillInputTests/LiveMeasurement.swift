import Foundation
import Testing
@testable import QuillInput

/// Not a timing test: prints the live path's numbers on a mocked tablet when QUILL_MEASURE_LIVE is
/// set (used for the README and closing notes), with the release build given in that variable.
/// `Tools/testing/live-rate` runs it.
@Suite(.serialized, .enabled(if: MockedTablet.isAvailable && ProcessInfo.processInfo.environment["QUILL_MEASURE_LIVE"] != nil,
    "a measurement, not a test: runs with QUILL_MEASURE_LIVE=QUILL (Tools/testing/live-rate) and umockdev-run"))
struct LiveMeasurement {
    static var quill: String { ProcessInfo.processInfo.environment["QUILL_MEASURE_LIVE"] ?? CommandLineTests.executable.path }

    @Test func printsLatencyAndThroughput() throws {
        let mock = try MockedTablet(recording: Fixtures.dth2242)
        let run = try mock.run([Self.quill, "live", "--node", MockedTablet.node, "--duration", "\(mock.playedDuration + 2)", "--stats"], timeout: 600)
        print("LIVE-MEASUREMENT \(mock.events.count) events over \(mock.duration) s: \(run.error)")
        #expect(run.status == 0)
    }

    /// `quill service` relaying the 22HDT (its first 2 000 frames at their own pace, gaps capped at
    /// 0.5 s) into the shim's /dev/uinput: the added latency, readable → virtual tablet written.
    @Test func printsTheServiceLatency() throws {
        let mock = try MockedTablet(recording: try ServiceLiveTests.cintiq.get(), maximumFrames: 2_000, maximumGap: 0.5)
        let seconds = MockedTablet.lead + mock.duration + 1.5
        let run = try mock.run(
            ["/usr/bin/timeout", "-s", "INT", String(format: "%.1f", seconds), Self.quill, "service", "--node", mock.node, "--stats"],
            environment: ["XDG_CONFIG_HOME": mock.directory.path + "/config"], timeout: Int(seconds) + 60, rebasesTimes: false, preload: [try ServiceLiveTests.uinputShim.get()])
        let line = run.error.split(separator: "\n").last { $0.contains("added latency") } ?? "none"
        print("LIVE-SERVICE 22HDT, \(mock.events.count) events over \(mock.duration) s: \(line)")
        #expect(run.status == 124, "\(run.error)")
    }

    /// `quill canvas` on a mocked screen tablet in a GTK window on Xvfb (GTK's Cairo renderer, as
    /// the canvas tests run it): the latency from a sample's read to the end of the frame that
    /// first paints it (p50 / p99, and the frames' own paint time), as the canvas's summary row
    /// has it. The DTH2242 through evdev only: libinput refuses it (no resolution), and then
    /// nothing reads the mocked node and umockdev-run never ends.
    @Test(arguments: [("evdev", "DTH2242"), ("evdev", "Cintiq 12WX"), ("libinput", "Cintiq 12WX")])
    func printsTheCanvasLatency(backend: String, tablet: String) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/xvfb-run") else { return }
        let mock = try MockedTablet(recording: tablet == "DTH2242" ? Fixtures.dth2242 : Fixtures.cintiq12WX)
        let directory = mock.directory.path
        let run = try mock.run(
            ["/usr/bin/xvfb-run", "-a", "-s", "-screen 0 1280x1024x24", Self.quill, "canvas", "--node", mock.node, "--backend", backend,
             "--duration", "\(MockedTablet.lead + 2 * mock.duration + 2)", "--save", directory + "/canvas.json"],
            environment: ["XDG_CONFIG_HOME": directory + "/config", "XDG_STATE_HOME": directory + "/state", "GSK_RENDERER": "cairo", "NO_AT_BRIDGE": "1"],
            timeout: 120, rebasesTimes: false)
        #expect(run.status == 0, "\(run.error)")
        let row = run.output.split(separator: "\n").last.map(String.init) ?? ""
        let summary = (try? JSONSerialization.jsonObject(with: Data(row.utf8)) as? [String: Any]) ?? [:]
        func percentiles(_ key: String) -> String {
            guard let values = summary[key] as? [String: Any] else { return "none" }
            return "p50 \(values["p50"] ?? "null") ms, p99 \(values["p99"] ?? "null") ms over \(values["samples"] ?? 0)"
        }
        print("LIVE-CANVAS \(tablet) through \(backend), \(mock.played.count) events over \(mock.duration) s, \(summary["frames"] ?? 0) frames: "
            + "latency \(percentiles("latency_ms")) samples; painting \(percentiles("paint_ms")) frames (status \(run.status))")
    }

    /// An Intuos-like pen drawing `frames` frames of a circle, each frame x, y, pressure, tilt x,
    /// tilt y, serial and SYN_REPORT: 7 events, as an Intuos Pro sends while drawing.
    static func strokeRecording(frames: Int) throws -> String {
        try Fixtures.intuosLikeRecording((0..<frames).map { index in
            let angle = Double(index) / 200 * 2 * .pi
            return (index == 0 ? ["0001 0140 1", "0001 014a 1"] : []) + [
                "0003 0000 \(22400 + Int(10000 * cos(angle)))", "0003 0001 \(14800 + Int(10000 * sin(angle)))",
                "0003 0018 \(3000 + index % 2000)", "0003 001a \(index % 40 - 20)", "0003 001b \(20 - index % 40)", "0004 0000 \(1000 + index % 2)",
            ]
        }, gap: 0.005)
    }

    /// The event rate the live path sustains: the same stroke played ever faster (a frame every
    /// 2, 1, 0.5, 0.25 ms), on both backends; prints what `--stats` measured at each rate.
    @Test(arguments: ["evdev", "libinput"])
    func printsTheSustainedEventRate(backend: String) throws {
        let recording = try Self.strokeRecording(frames: 6000)
        for gap in [0.002, 0.001, 0.0005, 0.00025] {
            let mock = try MockedTablet(recording: recording, frameGap: gap)
            let run = try mock.run(
                // umockdev's pacing falls behind the offered rate: time enough for the whole stream.
                [Self.quill, "live", "--backend", backend, "--node", mock.node, "--duration", "\(MockedTablet.lead + 2 * mock.duration + 2)", "--stats"], timeout: 600)
            let offered = Double(mock.played.count - 1) / mock.duration
            print(String(format: "LIVE-RATE %@ frame every %.2f ms: %d events offered at %.0f events/s: ", backend, gap * 1000, mock.played.count, offered)
                + (run.error.split(separator: "\n").last.map(String.init) ?? "") + " (status \(run.status))")
        }
    }

    /// CPU per event of the live readers and their peers on the same mocked stream (a frame every
    /// 1 ms, which umockdev delivers frame by frame): `quill live` on both backends, `quill record`
    /// and libinput's own `libinput record`. All run under umockdev's preload, which intercepts
    /// every read, write and poll: the common part of these numbers is umockdev's.
    @Test func printsCPUPerEventAgainstPeers() throws {
        let recording = try Self.strokeRecording(frames: 6000)
        let mock = try MockedTablet(recording: recording, frameGap: 0.001)
        let seconds = MockedTablet.lead + 2 * mock.duration + 2
        let output = mock.directory.appendingPathComponent("out.yml").path
        let readers: [(String, [String])] = [
            ("quill live (evdev)", [Self.quill, "live", "--node", mock.node, "--duration", "\(seconds)"]),
            ("quill live (libinput)", [Self.quill, "live", "--backend", "libinput", "--node", mock.node, "--duration", "\(seconds)"]),
            ("quill record", [Self.quill, "record", "--node", mock.node, "-o", output, "--duration", "\(seconds)"]),
            ("libinput record", ["/usr/bin/timeout", "-s", "INT", "\(seconds)", LibinputTools.record, "-o", output, mock.node]),
        ]
        for (name, command) in readers {
            let run = try mock.run(["/usr/bin/time", "-f", "CPU %U %S"] + command, timeout: 600)
            let cpu = run.error.split(separator: "\n").last { $0.hasPrefix("CPU ") }?.split(separator: " ").dropFirst().compactMap { Double($0) }.reduce(0, +) ?? .nan
            print(String(format: "LIVE-PEER %@: %.2f s CPU for %d events = %.1f µs per event", name, cpu, mock.played.count, cpu / Double(mock.played.count) * 1e6))
        }
    }
}
