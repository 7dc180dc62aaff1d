import QuillCore

/// Which input may draw, as PencilKit's `PKCanvasViewDrawingPolicy` says it.
public enum DrawingPolicy: String, CaseIterable, Hashable, Sendable, Codable {
    /// Follows the person's "Only Draw with Apple Pencil"
    /// (``PencilPreferences/prefersPencilOnlyDrawing``): a finger draws unless it is set.
    case `default`
    /// A pen and a finger both draw.
    case anyInput
    /// Only a pen draws; one finger pans.
    case pencilOnly

    /// True when a finger draws under this policy with the person's `preferences`.
    public func allowsFingerDrawing(preferences: PencilPreferences) -> Bool {
        switch self {
        case .default: return !preferences.prefersPencilOnlyDrawing
        case .anyInput: return true
        case .pencilOnly: return false
        }
    }

    /// Parses a policy's name (`default`, `anyInput`, `pencilOnly`); throws ``ParameterError``
    /// naming `field` and the names allowed.
    public init(name: String, field: String = "drawing policy") throws {
        guard let policy = DrawingPolicy(rawValue: name) else {
            throw ParameterError(field: field, value: "\"\(name)\"", expected: DrawingPolicy.allCases.map(\.rawValue).joined(separator: ", "))
        }
        self = policy
    }
}
