import QuillCore

/// Pad events as JSON Lines: `t` (s), `device`, `type` (`button`, `ring`, `strip`), `number`,
/// `state` (`pressed` / `released`, buttons) or `value` (ring degrees 0 ..< 360, strip 0 … 1,
/// −1 when the finger leaves), `mode_group`, `mode`.
public enum PadEventEncoding {
    /// Field names, in output order (`state` and `value` alternate by type).
    public static let fieldNames = ["t", "device", "type", "number", "state", "value", "mode_group", "mode"]

    /// One JSON object for `event`, without the newline.
    public static func jsonLine(for event: PadEvent) -> String {
        var text = "{\"t\":\(event.time),\"device\":\(event.deviceIndex),\"type\":\"\(event.typeName)\",\"number\":\(event.number),"
        switch event.kind {
        case let .button(_, isPressed): text += "\"state\":\"\(isPressed ? "pressed" : "released")\","
        case let .ring(_, degrees): text += "\"value\":\(degrees),"
        case let .strip(_, position): text += "\"value\":\(position),"
        }
        text += "\"mode_group\":\(event.modeGroup),\"mode\":\(event.mode)}"
        return text
    }
}
