import QuillCore
import QuillSystem

/// Finds the tablet to use: the given node, or the first pen tablet under /dev/input.
public enum TabletFinder {
    /// The node's class as libinput will see it: udev's tags, else udev's rules on its codes.
    public static func deviceClass(of node: EvdevNode) -> DeviceClass { UdevProperties.deviceClass(node: node.path, device: node.description) }

    /// The node to open, or an error message and exit code. Without `requested`, the first pen
    /// node (never a pad or touch node of the same tablet); a requested node must be a pen, a pad,
    /// a touchscreen or a touchpad.
    public static func find(_ requested: String?) throws -> EvdevNode {
        if let requested {
            let node = try EvdevNode(path: requested)
            let deviceClass = deviceClass(of: node)
            guard deviceClass != .other else {
                throw TabletFinderError(path: requested, message: "\(requested) \"\(node.description.name)\" is a \(deviceClass.description), not a tablet's pen, pad or touch surface: Quill reads pens, pads, touchscreens and touchpads", deviceClass: deviceClass)
            }
            return node
        }
        var denied: EvdevNodeError?
        for path in EvdevNode.eventNodes() {
            do {
                let node = try EvdevNode(path: path)
                if deviceClass(of: node) == .pen { return node }
            } catch let error as EvdevNodeError {
                if error.isPermissionDenied { denied = error }
            }
        }
        if let denied { throw denied }
        throw TabletFinderError(path: nil, message: "no pen tablet found under /dev/input (give one with --node /dev/input/eventN)", deviceClass: nil)
    }
}

/// No tablet to open: the requested node is not a pen or pad, or no pen tablet was found.
public struct TabletFinderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The node asked for (nil when searching).
    public var path: String?
    public var message: String
    /// What the node is instead (nil when none was found).
    public var deviceClass: DeviceClass?
    public var description: String { message }
}
