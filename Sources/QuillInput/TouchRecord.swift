import QuillCore

/// One touch as a JSON Lines row: what `quill touches` and `quill live --emit touches` print.
///
/// Fields, in order: `t` (s), `device`, `id` (seat-wide touch number), `slot`, `tracking_id`,
/// `phase` (`began`, `moved`, `ended`, `cancelled`), `tool` (`finger`), `x_mm`, `y_mm` (on the touch
/// surface), `x`, `y` (canvas points), `direct` (true for a touchscreen); then only when known
/// `major_mm`, `minor_mm` (contact size) and `pressure` (0 … 1); and `rejected` (`"palm"`) on a
/// touch palm rejection cancelled or ignored. A non-finite number is `null`.
public struct TouchRecord: Encodable, Sendable {
    public var touch: TouchSample

    public init(_ touch: TouchSample) { self.touch = touch }

    enum CodingKeys: String, CodingKey {
        case t, device, id, slot, tracking_id, phase, tool, x_mm, y_mm, x, y, direct, major_mm, minor_mm, pressure, rejected
    }

    public func encode(to encoder: any Encoder) throws {
        var row = encoder.container(keyedBy: CodingKeys.self)
        try row.encode(touch.time, forKey: .t)
        try row.encode(touch.deviceIndex, forKey: .device)
        try row.encode(touch.id, forKey: .id)
        try row.encode(touch.slot, forKey: .slot)
        try row.encode(touch.trackingID, forKey: .tracking_id)
        try row.encode(touch.phase.rawValue, forKey: .phase)
        try row.encode(TouchSample.toolName, forKey: .tool)
        try row.encode(touch.tabletLocation.x, forKey: .x_mm)
        try row.encode(touch.tabletLocation.y, forKey: .y_mm)
        try row.encode(touch.location.x, forKey: .x)
        try row.encode(touch.location.y, forKey: .y)
        try row.encode(touch.isDirect, forKey: .direct)
        try row.encodeIfPresent(touch.majorAxis, forKey: .major_mm)
        try row.encodeIfPresent(touch.minorAxis, forKey: .minor_mm)
        try row.encodeIfPresent(touch.pressure, forKey: .pressure)
        try row.encodeIfPresent(touch.rejection?.rawValue, forKey: .rejected)
    }
}
