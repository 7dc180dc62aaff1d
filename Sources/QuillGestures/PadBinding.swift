import QuillCore

/// What a pad button (ExpressKey) or a puck/lens button does, as the person chose it in the
/// preferences. None is bound by default: as on iPad, nothing changes until the person chooses.
public enum PadBinding: Hashable, Sendable {
    /// A press is the double tap: the preferred tap action (or the app's opted-in custom action).
    case doubleTap
    /// Held, it is the squeeze: begins at the press, ends at the release; the preferred squeeze action.
    case squeeze
    /// A press performs this action directly (`ignore` does nothing, and says so).
    case action(PreferredAction)

    /// The name in files and output: "doubleTap", "squeeze", or an action's name.
    public var name: String {
        switch self {
        case .doubleTap: return "doubleTap"
        case .squeeze: return "squeeze"
        case let .action(action): return action.name
        }
    }

    /// The binding with this name, or nil.
    public init?(name: String) {
        switch name {
        case "doubleTap": self = .doubleTap
        case "squeeze": self = .squeeze
        default:
            guard let action = PreferredAction(name: name) else { return nil }
            self = .action(action)
        }
    }

    /// Every name a binding can have, for messages.
    public static var names: [String] { ["doubleTap", "squeeze"] + PreferredAction.allCases.map(\.name) }
}

/// The width a touch ring or strip sets when it drives the ink width: its position maps linearly
/// onto ``range`` (points), ring degrees 0 … 360 and strip 0 … 1 alike.
public enum PadWidthControl {
    /// 1 … 25 pt: within every ink's range of `pencil-model.md` that a pen draws with.
    public static let range: ClosedRange<Double> = 1...25

    /// The width for a ring (`degrees` 0 ..< 360) or strip (`position` 0 … 1) event; nil for a
    /// button or a release (−1).
    public static func width(for kind: PadEvent.Kind) -> Double? {
        let fraction: Double
        switch kind {
        case .button: return nil
        case let .ring(_, degrees):
            guard degrees >= 0 else { return nil }
            fraction = degrees / 360
        case let .strip(_, position):
            guard position >= 0 else { return nil }
            fraction = position
        }
        return range.lowerBound + min(1, max(0, fraction)) * (range.upperBound - range.lowerBound)
    }
}
