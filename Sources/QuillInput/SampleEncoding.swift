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
            var text = "{"
            for (name, value) in zip(SampleEncoding.fieldNames[0..<5], numbers) { text += "\"\(name)\":\(value),"}
            text += "\"phase\":\"\(sample.phase.rawValue)\",\"tool\":\"\(sample.tool.rawValue)\","
            for (name, value) in zip(SampleEncoding.fieldNames[7..<13], rest) { text += "\"\(name)\":\(value)," }
            text += "\"buttons\":[" + names.map { "\"\($0)\"" }.joined(separator: ",") + "],"
            text += "\"device\":\(sample.deviceIndex),\"serial\":\(sample.toolSerial),\"wheel\":\(sample.wheel),\"tool_id\":\(sample.toolID)}"
            return text
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
