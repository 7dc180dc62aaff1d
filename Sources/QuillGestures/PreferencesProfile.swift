/// Preferences for one app: the keys it sets replace the person's own while the app has the
/// focus (`quill service` follows the focus), the rest stay the person's.
///
/// In the file, under `profiles`, by app id: `{"profiles": {"krita": {"preferredTapAction":
/// "ignore", "penButtons": {"BTN_STYLUS2": "scroll"}}}}` — any key of the file but `profiles`.
public struct PreferencesProfile: Hashable, Sendable {
    /// The values of the keys the profile sets (the others are their defaults, unused).
    public var settings: PencilPreferences
    /// The keys the profile sets, by the file's names.
    public var keys: Set<String>

    public init(settings: PencilPreferences, keys: Set<String>) {
        self.settings = settings
        self.keys = keys
    }
}

extension PencilPreferences {
    /// The preferences while the app `id` has the focus: the profile whose name is `id` (without
    /// regard to case) applied over these; these when none is, or `id` is nil (no app known).
    public func preferences(forApp id: String?) -> PencilPreferences {
        var base = self
        base.profiles = [:]
        guard let id, let profile = profiles.first(where: { $0.key.lowercased() == id.lowercased() })?.value else { return base }
        for name in profile.keys {
            guard let key = Key(rawValue: name) else { continue }
            base.copy(key, from: profile.settings)
        }
        return base
    }

    /// The value of `key` taken from `other`.
    mutating func copy(_ key: Key, from other: PencilPreferences) {
        switch key {
        case .preferredTapAction: preferredTapAction = other.preferredTapAction
        case .preferredSqueezeAction: preferredSqueezeAction = other.preferredSqueezeAction
        case .prefersPencilOnlyDrawing: prefersPencilOnlyDrawing = other.prefersPencilOnlyDrawing
        case .prefersHoverToolPreview: prefersHoverToolPreview = other.prefersHoverToolPreview
        case .padButtons: padButtons = other.padButtons
        case .padDialControlsWidth: padDialControlsWidth = other.padDialControlsWidth
        case .puckButtons: puckButtons = other.puckButtons
        case .keyChords: keyChords = other.keyChords
        case .penPressure: penPressure = other.penPressure
        case .penButtons: penButtons = other.penButtons
        case .tabletAreas: tabletAreas = other.tabletAreas
        case .profiles: break
        }
    }
}
