import QuillCore
import QuillDevices
import QuillInput
import QuillStroke

extension CanvasWindow {
    /// Where a window's pen input is asked to come from, before any tablet is looked for.
    public enum InputRequest: Sendable {
        /// A recording played at its own pace × `speed` (> 0), as ``CanvasInput/replay(path:description:speed:)``.
        case replay(path: String, description: String? = nil, speed: Double)
        /// Every tablet of the udev seat, through libinput (hot-plug included).
        case seat
        /// Event nodes, e.g. /dev/input/event13 (empty: the first pen tablet found), read through
        /// libinput or, with `evdev`, Quill's own decoder over libevdev.
        case nodes([String], evdev: Bool)
    }

    /// Opens the window `quill canvas` opens for `request`. A recording that cannot be read
    /// throws; a live tablet that is missing, or cannot be opened (no access to /dev/input), is
    /// said in `warn` and the window draws with GTK's pointer instead.
    public static func open(
        _ request: InputRequest, options: CanvasOptions, parameters: TabletDecoderParameters = .defaults, drawing: Drawing? = nil, savePath: String,
        warn: (String) -> Void
    ) throws -> CanvasWindow {
        let input: CanvasInput
        switch request {
        case let .replay(path, description, speed):
            return try CanvasWindow(options: options, input: .replay(path: path, description: description, speed: speed), parameters: parameters, drawing: drawing, savePath: savePath)
        case .seat:
            input = .libinput(nodes: nil)
        case let .nodes(requested, evdev):
            let nodes: [String]
            do {
                nodes = try (requested.isEmpty ? [nil] : requested.map { $0 as String? }).map { try TabletFinder.find($0).path }
            } catch {
                warn("\(error) — drawing with GTK's pointer instead")
                return try CanvasWindow(options: options, input: .pointer, drawing: drawing, savePath: savePath)
            }
            input = evdev ? .evdev(nodes: nodes) : .libinput(nodes: nodes)
        }
        do {
            return try CanvasWindow(options: options, input: input, parameters: parameters, drawing: drawing, savePath: savePath)
        } catch {
            warn("\(error) — drawing with GTK's pointer instead")
            return try CanvasWindow(options: options, input: .pointer, drawing: drawing, savePath: savePath)
        }
    }
}
