import Foundation
import Glibc
import QuillTestSupport
import Testing

@testable import QuillDesktop

/// Profiles on sway (issue 39 item 5): ``SwayFocus`` against a stand-in for sway's IPC socket that
/// speaks sway-ipc(7) — the `i3-ipc` header, the payload's length and type in native byte order,
/// JSON payloads; SUBSCRIBE (2) answered `{"success": true}`, GET_TREE (4) with a tree, window
/// events (0x80000003) with `change` and `container` — shaped as sway 1.7 sends them (app_id for
/// Wayland windows, `window_properties.class` for Xwayland's).
@Suite struct SwayFocusTests {
    /// A tree: an output with a workspace holding Inkscape (Wayland) and Krita (Xwayland,
    /// floating); `focused` names the focused one.
    static func tree(focused: String) -> String {
        """
        {"id": 1, "type": "root", "focused": false, "nodes": [{"id": 3, "type": "output", "name": "HEADLESS-1", "focused": false,
          "nodes": [{"id": 4, "type": "workspace", "name": "1", "focused": \(focused == "workspace"),
            "nodes": [{"id": 5, "type": "con", "app_id": "org.inkscape.Inkscape", "focused": \(focused == "inkscape"), "nodes": [], "floating_nodes": []}],
            "floating_nodes": [{"id": 6, "type": "floating_con", "app_id": null, "window_properties": {"class": "krita", "instance": "krita"}, "focused": \(focused == "krita"), "nodes": []}]}],
          "floating_nodes": []}], "floating_nodes": []}
        """
    }

    static func windowEvent(change: String, appID: String?, windowClass: String? = nil) -> String {
        let properties = windowClass.map { #", "window_properties": {"class": "\#($0)"}"# } ?? ""
        return #"{"change": "\#(change)", "container": {"id": 9, "type": "con", "app_id": \#(appID.map { "\"\($0)\"" } ?? "null"), "focused": true\#(properties)}}"#
    }

    /// A listening socket at a fresh path and, once `SwayFocus` has connected, the stand-in's end.
    final class StandIn: @unchecked Sendable {
        let path = TestScratch.directory.appendingPathComponent("sway-ipc-\(UUID().uuidString).sock").path
        let listener: Int32
        var connection: Int32 = -1
        var requests: [UInt32] = []
        let answered = DispatchSemaphore(value: 0)

        init() throws {
            listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
            let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
            try #require(bound == 0 && listen(listener, 1) == 0, "the stand-in socket: \(String(cString: strerror(errno)))")
        }

        deinit {
            close(listener)
            if connection >= 0 { close(connection) }
            unlink(path)
        }

        /// Answers the two requests SwayFocus makes as it connects, on a thread of its own.
        func answerHandshake(tree: String, subscribed: Bool = true) {
            Thread.detachNewThread { [self] in
                connection = accept(listener, nil, nil)
                for _ in 0..<2 {
                    guard let request = read() else { break }
                    requests.append(request.type)
                    write(type: request.type, request.type == 2 ? #"{"success": \#(subscribed)}"# : tree)
                }
                answered.signal()
            }
        }

        func read() -> SwayMessage? {
            var header = [UInt8](repeating: 0, count: 14)
            guard recv(connection, &header, 14, Int32(MSG_WAITALL)) == 14, header.starts(with: SwayMessage.magic) else { return nil }
            let length = header.withUnsafeBytes { Int($0.loadUnaligned(fromByteOffset: 6, as: UInt32.self)) }
            let type = header.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 10, as: UInt32.self) }
            var payload = [UInt8](repeating: 0, count: length)
            if length > 0, recv(connection, &payload, length, Int32(MSG_WAITALL)) != length { return nil }
            return SwayMessage(type: type, payload: payload)
        }

        func write(type: UInt32, _ json: String) {
            let bytes = SwayMessage(type: type, payload: Array(json.utf8)).encoded
            _ = bytes.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        }
    }

    @Test func theFocusedWindowsAppFromTheTreeThenFromEachFocusEvent() throws {
        let sway = try StandIn()
        sway.answerHandshake(tree: Self.tree(focused: "inkscape"))
        let focus = try SwayFocus(socketPath: sway.path)
        #expect(sway.answered.wait(timeout: .now() + 10) == .success)
        #expect(sway.requests == [SwayMessage.subscribe, SwayMessage.getTree])
        #expect(focus.focusedApp() == "org.inkscape.Inkscape")
        #expect(try focus.drain() == false, "nothing new")
        // Krita under Xwayland gets the focus: its WM_CLASS class.
        sway.write(type: SwayMessage.windowEvent, Self.windowEvent(change: "focus", appID: nil, windowClass: "krita"))
        try Self.waitReadable(focus.fileDescriptor)
        #expect(try focus.drain() == true)
        #expect(focus.focusedApp() == "krita")
        // A title change is no focus change; two focus events in one read: the last one counts.
        sway.write(type: SwayMessage.windowEvent, Self.windowEvent(change: "title", appID: "org.gnome.Nautilus"))
        sway.write(type: SwayMessage.windowEvent, Self.windowEvent(change: "focus", appID: "org.gnome.Nautilus"))
        sway.write(type: SwayMessage.windowEvent, Self.windowEvent(change: "focus", appID: "org.inkscape.Inkscape"))
        // (A Unix socket's send puts the bytes in the reader's queue before it returns: all three are there.)
        try Self.waitReadable(focus.fileDescriptor)
        #expect(try focus.drain() == true)
        #expect(focus.focusedApp() == "org.inkscape.Inkscape")
        // sway gone (the session ended): said, so the service lets it go.
        close(sway.connection)
        sway.connection = -1
        try Self.waitReadable(focus.fileDescriptor)
        #expect(throws: SwayFocusError.self) { try focus.drain() }
    }

    @Test func anEmptyWorkspaceHasNoApp() throws {
        let sway = try StandIn()
        sway.answerHandshake(tree: Self.tree(focused: "workspace"))
        let focus = try SwayFocus(socketPath: sway.path)
        #expect(focus.focusedApp() == nil)
    }

    @Test func whatIsNotSwayIsAClearError() throws {
        #expect(throws: SwayFocusError.self) { try SwayFocus(socketPath: TestScratch.directory.appendingPathComponent("no-sway.sock").path) }
        let refused = try StandIn()
        refused.answerHandshake(tree: Self.tree(focused: "inkscape"), subscribed: false)
        let refusal = #expect(throws: SwayFocusError.self) { try SwayFocus(socketPath: refused.path) }
        #expect(refusal?.message.contains("refused the subscription") == true, "\(String(describing: refusal))")
        // Something that never answers: the deadline, not a hang.
        let silent = try StandIn()
        let silence = #expect(throws: SwayFocusError.self) { try SwayFocus(socketPath: silent.path, timeout: 0.2) }
        #expect(silence?.message.contains("did not answer within its deadline") == true, "\(String(describing: silence))")
        // Bytes that are not sway's: no header, or a length no compositor sends.
        var garbage = Array("HTTP/1.1 200 OK\r\n".utf8)
        #expect(throws: SwayFocusError.self) { try SwayMessage.take(from: &garbage, path: "x") }
        var huge = SwayMessage.magic + [0xff, 0xff, 0xff, 0x7f] + [2, 0, 0, 0]
        #expect(throws: SwayFocusError.self) { try SwayMessage.take(from: &huge, path: "x") }
    }

    @Test(arguments: [31, 32, 33] as [UInt64])
    func messagesSplitAnywhereComeOutWhole(seed: UInt64) throws {
        // Seeded: messages cut at random places into the buffer as a socket hands them out.
        var random = SeededRandom(seed: seed)
        let messages = (0..<20).map { index in SwayMessage(type: index % 2 == 0 ? SwayMessage.windowEvent : SwayMessage.getTree, payload: Array(String(repeating: "x", count: Int.random(in: 0..<300, using: &random)).utf8)) }
        var stream = messages.flatMap(\.encoded)
        var buffer: [UInt8] = []
        var out: [SwayMessage] = []
        while !stream.isEmpty {
            let cut = min(stream.count, Int.random(in: 1...64, using: &random))
            buffer += stream.prefix(cut)
            stream.removeFirst(cut)
            while let message = try SwayMessage.take(from: &buffer, path: "x") { out.append(message) }
        }
        #expect(out == messages && buffer.isEmpty)
    }

    static func waitReadable(_ descriptor: Int32) throws {
        var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        try #require(poll(&ready, 1, 10_000) == 1, "the stand-in's message within 10 s")
    }
}
