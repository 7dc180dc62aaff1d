/// Where `quill service` learns which app has the focus, for the person's per-app profiles
/// (`PencilPreferences/profiles`). An X11 session's is `X11Focus` (QuillDesktop).
///
/// Wayland desktops do not tell other programs which window has the focus: sway and other
/// wlroots compositors through their own IPC (not yet read), GNOME only to a Shell extension,
/// KDE only to a KWin script. Under those the service uses the person's own preferences.
public protocol FocusSource: AnyObject {
    /// A descriptor that turns readable when the focus may have changed (polled with the tablets).
    var fileDescriptor: Int32 { get }
    /// Reads what the desktop sent; true when the focus may have changed since the last call.
    /// Throws when the desktop is gone (the X server closed the connection at logout): the
    /// descriptor would stay readable for ever, so the caller stops polling it.
    func drain() throws -> Bool
    /// The app with the focus now (X11: its `WM_CLASS` class), or nil when no app has it or it
    /// cannot be told.
    func focusedApp() -> String?
}
