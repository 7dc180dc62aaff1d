import QuillCore

/// Pad events as JSON Lines: `t` (s), `device`, `type` (`button`, `ring`, `strip`), `number`,
/// `state` (`pressed` / `released`, buttons) or `value` (ring degrees 0 ..< 360, strip 0 … 1,
/// −1 when the finger leaves), `mode_group`, `mode`.
public enum PadEventEncoding {
    /// Field names, in output order (`state` and `value` alternate by type).
    public static let fieldNames = ["t", "device", "type", "number", "state", "value", "mode_group", "mode"]

    /// One JSON object for `event`, without the newline.
    public static func jsonLine(for event: PadEvent) -> String { JSONLineEncoder().line(PadRecord(event)) }
}

/// One pad event as a JSON Lines row (``PadEventEncoding/fieldNames``; `state` for a button,
/// `value` for a ring or strip).
public struct PadRecord: Encodable, Sendable {
    public var event: PadEvent

    public init(_ event: PadEvent) { self.event = event }

    enum CodingKeys: String, CodingKey { case t, device, type, number, state, value, mode_group, mode }

    public func encode(to encoder: any Encoder) throws {
        var row = encoder.container(keyedBy: CodingKeys.self)
        try row.encode(event.time, forKey: .t)
        try row.encode(event.deviceIndex, forKey: .device)
        try row.encode(event.typeName, forKey: .type)
        try row.encode(event.number, forKey: .number)
        switch event.kind {
        case let .button(_, isPressed): try row.encode(isPressed ? "pressed" : "released", forKey: .state)
        case let .ring(_, degrees): try row.encode(degrees, forKey: .value)
        case let .strip(_, position): try row.encode(position, forKey: .value)
        }
        try row.encode(event.modeGroup, forKey: .mode_group)
        try row.encode(event.mode, forKey: .mode)
    }
}
