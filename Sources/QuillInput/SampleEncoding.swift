import QuillCore

/// Text forms of samples: JSON Lines and CSV with the same field names.
///
/// Fields, in order: `t` (s), `x`, `y` (canvas points), `x_mm`, `y_mm`, `phase`, `tool`, `force`,
/// `pressure`, `altitude`, `azimuth`, `roll` (radians), `distance`, `buttons` (libevdev key names),
/// `device` (which tablet: 0, 1, … in the order given) and `serial` (the tool's serial number; a
/// pen and its eraser end share it; 0 when the tablet reports none), `wheel` (the airbrush finger
/// wheel, −1 … 1; 0 for other tools) and `tool_id` (the tool's model id, libwacom's stylus id,
/// from `ABS_MISC`; 0 when the tablet sends none).
public enum SampleEncoding: String, CaseIterable, Sendable {
    case jsonl
    case csv

    /// Column names, in output order.
    public static let fieldNames = [
        "t", "x", "y", "x_mm", "y_mm", "phase", "tool", "force", "pressure", "altitude", "azimuth", "roll", "distance", "buttons", "device", "serial", "wheel", "tool_id",
    ]

    /// The CSV header line (no newline).
    public static var csvHeader: String { fieldNames.joined(separator: ",") }

    /// Button names as libevdev spells them, e.g. ["BTN_STYLUS"].
    public static func buttonNames(_ buttons: PenButtons) -> [String] {
        buttons.heldKeyCodes.map { EvdevNames.codeName(type: EvdevCode.EventType.key, code: $0) ?? "KEY_\($0)" }
    }

    /// One line of text for `sample`, without the newline.
    public func line(for sample: PenSample) -> String {
        let numbers = [
            sample.time, sample.location.x, sample.location.y, sample.tabletLocation.x, sample.tabletLocation.y,
        ]
        let rest = [sample.force, sample.pressure, sample.altitude, sample.azimuth, sample.roll, sample.distance]
        let names = SampleEncoding.buttonNames(sample.buttons)
        switch self {
        case .jsonl:
            return JSONLineEncoder().line(SampleRecord(sample))
        case .csv:
            var fields = numbers.map { "\($0)" }
            fields.append(sample.phase.rawValue)
            fields.append(sample.tool.rawValue)
            fields += rest.map { "\($0)" }
            fields.append(names.joined(separator: "|"))
            fields.append("\(sample.deviceIndex)")
            fields.append("\(sample.toolSerial)")
            fields.append("\(sample.wheel)")
            fields.append("\(sample.toolID)")
            return fields.joined(separator: ",")
        }
    }
}

/// One sample as a JSON Lines row (``SampleEncoding/fieldNames``, in that order): what `quill
/// samples`, `quill summary -o` and `quill live` print. A non-finite number is `null`.
public struct SampleRecord: Encodable, Sendable {
    public var sample: PenSample

    public init(_ sample: PenSample) { self.sample = sample }

    enum CodingKeys: String, CodingKey {
        case t, x, y, x_mm, y_mm, phase, tool, force, pressure, altitude, azimuth, roll, distance, buttons, device, serial, wheel, tool_id
    }

    public func encode(to encoder: any Encoder) throws {
        var row = encoder.container(keyedBy: CodingKeys.self)
        try row.encode(sample.time, forKey: .t)
        try row.encode(sample.location.x, forKey: .x)
        try row.encode(sample.location.y, forKey: .y)
        try row.encode(sample.tabletLocation.x, forKey: .x_mm)
        try row.encode(sample.tabletLocation.y, forKey: .y_mm)
        try row.encode(sample.phase.rawValue, forKey: .phase)
        try row.encode(sample.tool.rawValue, forKey: .tool)
        try row.encode(sample.force, forKey: .force)
        try row.encode(sample.pressure, forKey: .pressure)
        try row.encode(sample.altitude, forKey: .altitude)
        try row.encode(sample.azimuth, forKey: .azimuth)
        try row.encode(sample.roll, forKey: .roll)
        try row.encode(sample.distance, forKey: .distance)
        try row.encode(SampleEncoding.buttonNames(sample.buttons), forKey: .buttons)
        try row.encode(sample.deviceIndex, forKey: .device)
        try row.encode(sample.toolSerial, forKey: .serial)
        try row.encode(sample.wheel, forKey: .wheel)
        try row.encode(sample.toolID, forKey: .tool_id)
    }
}

/// One display frame of coalesced samples (`quill samples --display-rate`): `t` (the frame's
/// time), `count`, `samples` (the frame's samples, the last being the main one).
public struct DisplayFrameRecord: Encodable, Sendable {
    public var t: Double
    public var count: Int
    public var samples: [SampleRecord]

    public init(_ event: CoalescedEvent) {
        t = event.frameTime
        count = event.samples.count
        samples = event.samples.map(SampleRecord.init)
    }
}
