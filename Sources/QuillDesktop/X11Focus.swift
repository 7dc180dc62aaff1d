import CXcb
import QuillService

/// The focused app of an X11 session, as its window manager says it (EWMH): the root window's
/// `_NET_ACTIVE_WINDOW`, and that window's `WM_CLASS` class (`krita`, `Gimp-2.10`,
/// `org.inkscape.Inkscape`). The root's property changes wake ``fileDescriptor``, so a focus
/// change is seen as soon as the window manager makes it.
public final class X11Focus: FocusSource {
    /// `WM_CLASS`, `STRING`, `WINDOW` (X11's predefined atoms) and `PropertyNotify`.
    private static let wmClass: UInt32 = 67, string: UInt32 = 31, window: UInt32 = 33, propertyNotify: UInt8 = 28
    /// `XCB_CW_EVENT_MASK` and `XCB_EVENT_MASK_PROPERTY_CHANGE`.
    private static let eventMaskAttribute: UInt32 = 2048, propertyChangeMask: UInt32 = 0x40_0000

    private let connection: OpaquePointer
    private let root: UInt32
    private let activeWindow: UInt32

    /// Connects to `display` (nil: `$DISPLAY`) and listens to the root window's properties.
    /// Throws ``X11FocusError`` when there is no X server to talk to.
    public init(display: String? = nil) throws {
        var screenNumber: Int32 = 0
        guard let connection = xcb_connect(display, &screenNumber), xcb_connection_has_error(connection) == 0 else {
            throw X11FocusError(message: "cannot connect to the X server \(display ?? "at $DISPLAY")")
        }
        var roots = xcb_setup_roots_iterator(xcb_get_setup(connection))
        for _ in 0..<max(0, screenNumber) { xcb_screen_next(&roots) }
        guard let screen = roots.data else {
            xcb_disconnect(connection)
            throw X11FocusError(message: "the X server \(display ?? "at $DISPLAY") has no screen \(screenNumber)")
        }
        self.connection = connection
        root = screen.pointee.root
        activeWindow = Self.atom("_NET_ACTIVE_WINDOW", connection)
        var mask = Self.propertyChangeMask
        xcb_change_window_attributes(connection, root, Self.eventMaskAttribute, &mask)
        xcb_flush(connection)
    }

    deinit { xcb_disconnect(connection) }

    /// The session's X server (`$DISPLAY`, which a desktop gives its user services), or nil when
    /// there is none or it cannot be reached (a Wayland session without Xwayland's display).
    public static func fromEnvironment() -> X11Focus? {
        guard let display = getenv("DISPLAY").map({ String(cString: $0) }), !display.isEmpty else { return nil }
        return try? X11Focus(display: display)
    }

    public var fileDescriptor: Int32 { xcb_get_file_descriptor(connection) }

    public func drain() throws -> Bool {
        guard xcb_connection_has_error(connection) == 0 else {
            throw X11FocusError(message: "the X server closed the connection (error \(xcb_connection_has_error(connection)))")
        }
        var changed = false
        while let event = xcb_poll_for_event(connection) {
            if event.pointee.response_type & 0x7f == Self.propertyNotify {
                let notify = UnsafeRawPointer(event).assumingMemoryBound(to: xcb_property_notify_event_t.self).pointee
                if notify.window == root && notify.atom == activeWindow { changed = true }
            }
            free(event)
        }
        // A connection lost while reading shows only now (xcb_poll_for_event gives nil).
        guard xcb_connection_has_error(connection) == 0 else {
            throw X11FocusError(message: "the X server closed the connection (error \(xcb_connection_has_error(connection)))")
        }
        return changed
    }

    public func focusedApp() -> String? {
        guard let window = property(of: root, activeWindow, type: Self.window, length: 1).flatMap({ $0.count >= 4 ? $0 : nil }) else { return nil }
        let id = window.withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
        guard id != 0, let text = property(of: id, Self.wmClass, type: Self.string, length: 256) else { return nil }
        // "instance\0class\0": the class names the app.
        let parts = text.split(separator: 0, omittingEmptySubsequences: false)
        guard parts.count >= 2, !parts[1].isEmpty else { return nil }
        return String(decoding: parts[1], as: UTF8.self)
    }

    /// The value of `atom` on `window` (at most `length` 32-bit units), or nil.
    private func property(of window: UInt32, _ atom: UInt32, type: UInt32, length: UInt32) -> [UInt8]? {
        let cookie = xcb_get_property(connection, 0, window, atom, type, 0, length)
        guard let reply = xcb_get_property_reply(connection, cookie, nil) else { return nil }
        defer { free(reply) }
        let count = Int(xcb_get_property_value_length(reply))
        guard count > 0, let value = xcb_get_property_value(reply) else { return nil }
        return Array(UnsafeRawBufferPointer(start: value, count: count))
    }

    /// The atom named `name` on `connection`.
    static func atom(_ name: String, _ connection: OpaquePointer) -> UInt32 {
        let cookie = xcb_intern_atom(connection, 0, UInt16(name.utf8.count), name)
        guard let reply = xcb_intern_atom_reply(connection, cookie, nil) else { return 0 }
        defer { free(reply) }
        return reply.pointee.atom
    }
}

/// The X server cannot be asked about the focus.
public struct X11FocusError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(message: String) { self.message = message }
    public var description: String { message }
}
