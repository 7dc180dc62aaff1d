import QuillCore

/// One JSON Lines row of `quill gestures` and `quill live --emit gestures`: an outcome, each
/// tool-state change it made, and the feedback a recognized gesture always gets.
///
/// Fields, in order: `t` (s), `event`, `action` (the preferred action's name, `custom` for the
/// app's opted-in action, or null), `phase` (a squeeze's phase, a button's source, or null),
/// `tool_before`, `tool_after`, `x`, `y` (canvas points), `distance`, `altitude`, `azimuth`
/// (radians) — the pen's hover pose, null without one — then, by event, `palette`,
/// `width_before` and `width_after` (points), `message`.
public struct GestureRecord: Encodable, Hashable, Sendable {
    public var t: Double
    public var event: String
    public var action: String?
    public var phase: String?
    public var toolBefore: String
    public var toolAfter: String
    public var pose: HoverPose?
    public var palette: String?
    public var widthBefore: Double?
    public var widthAfter: Double?
    public var message: String?

    enum CodingKeys: String, CodingKey {
        case t, event, action, phase, tool_before, tool_after, x, y, distance, altitude, azimuth, palette, width_before, width_after, message
    }

    public func encode(to encoder: any Encoder) throws {
        var row = encoder.container(keyedBy: CodingKeys.self)
        try row.encode(t, forKey: .t)
        try row.encode(event, forKey: .event)
        try row.encodeOrNull(action, forKey: .action)
        try row.encodeOrNull(phase, forKey: .phase)
        try row.encode(toolBefore, forKey: .tool_before)
        try row.encode(toolAfter, forKey: .tool_after)
        for (key, value) in [(CodingKeys.x, pose?.x), (.y, pose?.y), (.distance, pose?.distance), (.altitude, pose?.altitude), (.azimuth, pose?.azimuth)] {
            try row.encodeOrNull(value, forKey: key)
        }
        try row.encodeIfPresent(palette, forKey: .palette)
        try row.encodeIfPresent(widthBefore, forKey: .width_before)
        try row.encodeIfPresent(widthAfter, forKey: .width_after)
        try row.encodeIfPresent(message, forKey: .message)
    }

    /// The rows of one outcome: the outcome, its changes, and for a recognized gesture the
    /// feedback saying what changed (or that nothing did).
    public static func records(for outcome: PencilInteraction.Outcome) -> [GestureRecord] {
        let event: String
        var phase: String?
        switch outcome.gesture {
        case .doubleTap: event = "doubleTap"
        case .squeeze(let squeezePhase):
            event = "squeeze"
            phase = squeezePhase.rawValue
        case let .button(source, isPressed):
            event = isPressed ? "buttonPressed" : "buttonReleased"
            phase = source.rawValue
        case .eraserEnd(let inProximity): event = inProximity ? "eraserEndIn" : "eraserEndOut"
        case let .padButton(number):
            event = "padButton"
            phase = "button \(number)"
        case let .puckButton(name):
            event = "puckButton"
            phase = name
        case let .padDial(number):
            event = "padDial"
            phase = "\(number)"
        }
        let action = outcome.action.map(\.name) ?? (outcome.usedCustomAction ? "custom" : nil)
        func row(_ event: String, phase: String?) -> GestureRecord {
            GestureRecord(
                t: outcome.time, event: event, action: action, phase: phase, toolBefore: outcome.toolBefore.ink,
                toolAfter: outcome.toolAfter.ink, pose: outcome.pose)
        }
        var rows = [row(event, phase: phase)]
        for change in outcome.changes {
            var changeRow = row("", phase: nil)
            switch change {
            case .toolChanged: changeRow.event = "toolChanged"
            case .paletteShown(let palette):
                changeRow.event = "paletteShown"
                changeRow.palette = palette.rawValue
            case .paletteHidden(let palette):
                changeRow.event = "paletteHidden"
                changeRow.palette = palette.rawValue
            case .shortcutRequested: changeRow.event = "shortcutRequested"
            case let .widthChanged(before, after):
                changeRow.event = "widthChanged"
                changeRow.widthBefore = before
                changeRow.widthAfter = after
            }
            rows.append(changeRow)
        }
        if outcome.isRecognizedGesture {
            // Immediate feedback at the recognizing event's time, saying what changed (or that nothing did).
            var feedback = row("feedback", phase: phase)
            if outcome.changes.isEmpty {
                feedback.message = outcome.action == .ignore ? "\(event) ignored (preferred action: ignore)" : event
            } else {
                feedback.message = outcome.changes.map(describe).joined(separator: "; ")
            }
            rows.append(feedback)
        }
        return rows
    }

    /// What a change did, in words (the feedback's message).
    public static func describe(_ change: ToolState.Change) -> String {
        switch change {
        case let .toolChanged(before, after): return "tool \(before.ink) → \(after.ink)"
        case .paletteShown(let palette): return "\(palette.rawValue) palette shown"
        case .paletteHidden(let palette): return "\(palette.rawValue) palette hidden"
        case .shortcutRequested: return "system shortcut requested"
        case let .widthChanged(before, after): return "width \(before) → \(after) pt"
        }
    }
}
