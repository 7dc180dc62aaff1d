import CXcb
import Foundation
import QuillCore
import QuillDesktop
import QuillGestures
import QuillService
import QuillSystem
import QuillTestSupport
import Testing

/// The focused app on X11 (issue 39's per-app profiles): windows made on Xvfb, the focus moved
/// as a window manager moves it (`_NET_ACTIVE_WINDOW` on the root), `X11Focus` told at once.
@Suite(.serialized, .liveTier("starts Xvfb and makes windows on it")) struct X11FocusLiveTests {
    /// Xvfb on a display it chooses itself (`-displayfd`), killed at the end.
    final class Server {
        let process = Process()
        let display: String
        let exited = DispatchSemaphore(value: 0)

        init() throws {
            // Xvfb writes the display number it took to descriptor 1 (-displayfd 1), then a newline.
            let pipe = Pipe()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
            process.arguments = ["-displayfd", "1", "-screen", "0", "640x480x24", "-nolisten", "tcp"]
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            process.terminationHandler = { [exited] _ in exited.signal() }
            try process.run()
            let descriptor = pipe.fileHandleForReading.fileDescriptor
            let deadline = MonotonicClock.now() + 10
            var text = ""
            while !text.contains("\n"), MonotonicClock.now() < deadline {
                var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                guard poll(&entry, 1, 200) > 0 else { continue }
                var bytes = [UInt8](repeating: 0, count: 64)
                let count = read(descriptor, &bytes, bytes.count)
                guard count > 0 else { break }
                text += String(decoding: bytes[..<count], as: UTF8.self)
            }
            guard let number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                kill(process.processIdentifier, SIGKILL)
                throw X11FocusError(message: "Xvfb gave no display number within 10 s (it said '\(text)')")
            }
            display = ":\(number)"
        }

        deinit {
            // SIGKILL: the test runner's blocked signals are inherited, SIGTERM may never arrive.
            kill(process.processIdentifier, SIGKILL)
            exited.wait()
        }
    }

    /// A client that plays the window manager: makes windows with a WM_CLASS and sets the root's
    /// `_NET_ACTIVE_WINDOW`.
    final class WindowManager {
        let connection: OpaquePointer
        let root: UInt32
        let visual: UInt32
        let active: UInt32

        init(display: String) throws {
            guard let connection = xcb_connect(display, nil), xcb_connection_has_error(connection) == 0 else { throw X11FocusError(message: "no X server at \(display)") }
            self.connection = connection
            let screen = try #require(xcb_setup_roots_iterator(xcb_get_setup(connection)).data)
            root = screen.pointee.root
            visual = screen.pointee.root_visual
            let cookie = xcb_intern_atom(connection, 0, 18, "_NET_ACTIVE_WINDOW")
            let reply = try #require(xcb_intern_atom_reply(connection, cookie, nil))
            active = reply.pointee.atom
            free(reply)
        }

        deinit { xcb_disconnect(connection) }

        /// A window whose WM_CLASS is `instance\0class\0`.
        func window(instance: String, class name: String) -> UInt32 {
            let id = xcb_generate_id(connection)
            xcb_create_window(connection, 0, id, root, 0, 0, 100, 100, 0, 1, visual, 0, nil)
            let value = Array((instance + "\0" + name + "\0").utf8)
            xcb_change_property(connection, 0, id, 67, 31, 8, UInt32(value.count), value)
            xcb_flush(connection)
            return id
        }

        func focus(_ window: UInt32) {
            var id = window
            xcb_change_property(connection, 0, root, active, 33, 32, 1, &id)
            xcb_flush(connection)
        }
    }

    /// Waits (at most 5 s) until `focus` says the focus may have changed; the seconds it took.
    func waitForChange(_ focus: X11Focus) throws -> Double {
        let start = MonotonicClock.now()
        while MonotonicClock.now() - start < 5 {
            _ = try EvdevNode.wait(for: [], timeout: 0.05, wakingOn: [focus.fileDescriptor])
            if try focus.drain() { return MonotonicClock.now() - start }
        }
        throw X11FocusError(message: "no focus change was seen within 5 s")
    }

    /// True when `focus`, its desktop gone, says so (its drain throws) within `seconds`: a focus
    /// source whose descriptor stays readable for ever would spin the service's loop.
    static func saysItIsGone(_ focus: any FocusSource, within seconds: Double) throws -> Bool {
        let deadline = MonotonicClock.now() + seconds
        while MonotonicClock.now() < deadline {
            _ = try EvdevNode.wait(for: [], timeout: 0.05, wakingOn: [focus.fileDescriptor])
            do { _ = try focus.drain() } catch { return true }
        }
        return false
    }

    @Test func theFocusedAppsClassIsToldAsTheWindowManagerMovesTheFocus() throws {
        let server = try Server()
        let focus = try X11Focus(display: server.display)
        let manager = try WindowManager(display: server.display)
        #expect(focus.focusedApp() == nil, "no window manager has said anything yet")
        let krita = manager.window(instance: "krita", class: "krita")
        let inkscape = manager.window(instance: "org.inkscape.Inkscape", class: "org.inkscape.Inkscape")
        var delays: [Double] = []
        for (window, expected) in [(krita, "krita"), (inkscape, "org.inkscape.Inkscape"), (krita, "krita")] {
            manager.focus(window)
            delays.append(try waitForChange(focus))
            #expect(focus.focusedApp() == expected)
        }
        manager.focus(0)
        _ = try waitForChange(focus)
        #expect(focus.focusedApp() == nil, "no window has the focus")
        // The profile the service would switch to, from the focus it was told.
        var preferences = PencilPreferences()
        preferences.profiles["Krita"] = PreferencesProfile(settings: { var p = PencilPreferences(); p.preferredTapAction = .ignore; return p }(), keys: ["preferredTapAction"])
        manager.focus(krita)
        _ = try waitForChange(focus)
        #expect(preferences.preferences(forApp: focus.focusedApp()).preferredTapAction == .ignore)
        // The X server gone (a logout): said, not a descriptor readable for ever.
        kill(server.process.processIdentifier, SIGKILL)
        #expect(try Self.saysItIsGone(focus, within: 5), "a lost X server is said within 5 s")
        print("X11Focus: focus change → told in \(delays.map { String(format: "%.1f ms", $0 * 1000) }.joined(separator: ", ")) (goal ≤ 100 ms; measured, not asserted)")
    }
}
