import Foundation
import QuillDesktop
import QuillGestures
import QuillSystem
import QuillTestSupport
import Testing

/// The focused app on sway (issue 39's per-app profiles): a real sway 1.7 (Debian's), headless
/// (wlroots' headless backend, pixman), real Wayland windows — `quill canvas` started as `krita`
/// and as `inkscape` (its app_id is its program's name) — and the focus moved with `swaymsg`, as a
/// person's click or key would; ``SwayFocus`` told over sway's IPC.
@Suite(.serialized, .liveTier("starts a headless sway and opens windows on it"), .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sway"), "sway is not installed (Tools/setup installs Debian's sway): sway focus tests skipped"))
struct SwayFocusLiveTests {
    /// sway refuses to run as root: it and its clients run as `nobody` in a directory of their
    /// own; every process is killed at the end.
    final class Session {
        let directory: URL
        var processes: [Process] = []
        var socket = ""
        static let nobody: (uid: UInt32, gid: UInt32) = (65534, 65534)

        init() throws {
            directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("quill-sway-\(UUID().uuidString)")
            let run = directory.appendingPathComponent("run"), home = directory.appendingPathComponent("home"), bin = directory.appendingPathComponent("bin")
            for folder in [directory, run, home, bin] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin.path)
            try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: run.path)
            if getuid() == 0 {
                for folder in [run, home] { chown(folder.path, Self.nobody.uid, Self.nobody.gid) }
            }
            // The canvas where nobody can run it (the build folder may be private), under two apps' names.
            try FileManager.default.copyItem(atPath: CommandLineTests.executable.path, toPath: bin.appendingPathComponent("quill").path)
            for app in ["krita", "inkscape"] { try FileManager.default.createSymbolicLink(atPath: bin.appendingPathComponent(app).path, withDestinationPath: "quill") }
            try "output HEADLESS-1 resolution 800x600\n".write(to: directory.appendingPathComponent("config"), atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: directory.appendingPathComponent("config").path)
            let sway = try start(["/usr/bin/sway", "-c", directory.appendingPathComponent("config").path],
                ["WLR_BACKENDS=headless", "WLR_RENDERER=pixman", "WLR_LIBINPUT_NO_DEVICES=1", "LIBSEAT_BACKEND=noop"])
            let deadline = MonotonicClock.now() + 10
            var found: String?
            while found == nil, MonotonicClock.now() < deadline, sway.isRunning {
                found = try FileManager.default.contentsOfDirectory(atPath: run.path).first { $0.hasPrefix("sway-ipc.") }
                if found == nil { usleep(50_000) }
            }
            guard let found else { throw SwayFocusError(message: "sway made no IPC socket within 10 s (running: \(sway.isRunning))") }
            socket = run.appendingPathComponent(found).path
        }

        deinit {
            for process in processes where process.isRunning { kill(process.processIdentifier, SIGKILL) }
            for process in processes { process.waitUntilExit() }
            try? FileManager.default.removeItem(at: directory)
        }

        /// Starts `arguments` as nobody, in the session's environment plus `environment`.
        @discardableResult
        func start(_ arguments: [String], _ environment: [String] = []) throws -> Process {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            let user = getuid() == 0 ? ["/usr/bin/setpriv", "--reuid=\(Self.nobody.uid)", "--regid=\(Self.nobody.gid)", "--clear-groups"] : []
            process.arguments = ["-i", "PATH=/usr/bin:/bin", "XDG_RUNTIME_DIR=\(directory.path)/run", "HOME=\(directory.path)/home"] + environment + user + arguments
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            processes.append(process)
            return process
        }

        /// A canvas window of the app `name` (the program run under that name).
        func openWindow(of name: String) throws {
            try start([directory.appendingPathComponent("bin/\(name)").path, "canvas", "--duration", "60"],
                ["WAYLAND_DISPLAY=wayland-1", "GDK_BACKEND=wayland", "GSK_RENDERER=cairo", "NO_AT_BRIDGE=1",
                 "XDG_CONFIG_HOME=\(directory.path)/home/config", "XDG_STATE_HOME=\(directory.path)/home/state"])
        }

        /// `swaymsg COMMAND` against this sway, within 10 s.
        func swaymsg(_ command: String) throws {
            let run = try Fixtures.runProcess(URL(fileURLWithPath: "/usr/bin/swaymsg"), ["-s", socket, command], deadline: 10)
            try #require(run.status == 0, "swaymsg \(command): \(run.output) \(run.error)")
        }
    }

    /// Waits (at most 10 s) until `focus` names `app`; the seconds it took.
    func waitForApp(_ app: String, _ focus: SwayFocus) throws -> Double {
        let start = MonotonicClock.now()
        while MonotonicClock.now() - start < 10 {
            if focus.focusedApp() == app { return MonotonicClock.now() - start }
            _ = try EvdevNode.wait(for: [], timeout: 0.05, wakingOn: [focus.fileDescriptor])
            _ = try focus.drain()
        }
        throw SwayFocusError(message: "sway's focus did not become \(app) within 10 s (still \(focus.focusedApp() ?? "none"))")
    }

    @Test func theFocusedWindowsAppIsToldAsSwayMovesTheFocus() throws {
        let session = try Session()
        let focus = try SwayFocus(socketPath: session.socket)
        #expect(focus.focusedApp() == nil, "an empty workspace has the focus")
        // A new window takes the focus in sway: each opening is a focus change.
        try session.openWindow(of: "inkscape")
        _ = try waitForApp("inkscape", focus)
        try session.openWindow(of: "krita")
        _ = try waitForApp("krita", focus)
        var delays: [Double] = []
        for app in ["inkscape", "krita", "inkscape"] {
            let started = MonotonicClock.now()
            try session.swaymsg("[app_id=\(app)] focus")
            _ = try waitForApp(app, focus)
            delays.append(MonotonicClock.now() - started)
        }
        // The profile the service would switch to, from the focus it was told.
        var preferences = PencilPreferences()
        preferences.profiles["Krita"] = PreferencesProfile(settings: { var p = PencilPreferences(); p.preferredTapAction = .ignore; return p }(), keys: ["preferredTapAction"])
        try session.swaymsg("[app_id=krita] focus")
        _ = try waitForApp("krita", focus)
        #expect(preferences.preferences(forApp: focus.focusedApp()).preferredTapAction == .ignore)
        // sway gone (the session ended): said, not a descriptor readable for ever.
        _ = try Fixtures.runProcess(URL(fileURLWithPath: "/usr/bin/swaymsg"), ["-s", session.socket, "exit"], deadline: 10)  // no reply may come
        #expect(try X11FocusLiveTests.saysItIsGone(focus, within: 10), "sway's exit is said within 10 s")
        print("SwayFocus: focus change → told in \(delays.map { String(format: "%.1f ms", $0 * 1000) }.joined(separator: ", ")) (from starting swaymsg, its process included; goal ≤ 100 ms; measured, not asserted)")
    }
}
