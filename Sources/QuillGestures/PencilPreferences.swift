import QuillCore

/// The person's system-wide preferences for pencil gestures (`UIPencilInteraction.preferred…`).
///
/// `Codable` as the preferences file holds them (``PreferencesFile``): the decoder is the file's
/// one validator — a missing key is its default, and an unknown key, a wrong type or a value out
/// of range is refused with a ``PreferencesFile/Failure`` naming the file and the key.
public struct PencilPreferences: Hashable, Sendable {
    /// What a double tap does. Default `switchEraser`.
    public var preferredTapAction: PreferredAction = .switchEraser
    /// What a squeeze does. No documented default; Quill uses `showContextualPalette`.
    public var preferredSqueezeAction: PreferredAction = .showContextualPalette
    /// Only the pencil draws; fingers scroll. Default false.
    public var prefersPencilOnlyDrawing = false
    /// Show a preview of the mark while hovering. Default true.
    public var prefersHoverToolPreview = true
    /// Pad buttons by libinput's button number: the double-tap or squeeze source, or an action of
    /// their own. Default: none bound.
    public var padButtons: [Int: PadBinding] = [:]
    /// Whether a touch ring or strip sets the ink width (``PadWidthControl``). Default false.
    public var padDialControlsWidth = false
    /// A puck's or lens cursor's buttons by libevdev name (``PencilPreferences/puckButtonNames``:
    /// `BTN_LEFT` … `BTN_EXTRA`), bound as pad buttons are. Default: none bound.
    public var puckButtons: [String: PadBinding] = [:]
    /// Key chords `quill service` sends through its virtual keyboard, by what they stand for
    /// (``PencilPreferences/keyChordNames``): a palette action or `runSystemShortcut` when a double
    /// tap, a squeeze or a pad button performs it, and `widthDown` / `widthUp` for each step of a
    /// ring or strip that sets the width. Other apps have no palette Quill can show: nothing is
    /// sent until the person binds a chord. Default: none bound.
    public var keyChords: [String: KeyChord] = [:]
    /// The tip threshold and pressure curve per tablet and tool (``PenPressureScope``), applied by
    /// `quill service`'s virtual tablet for every app; ``pressure(of:tool:)`` picks the one for a
    /// pen. Default: none (every pen's pressure as the tablet gives it).
    public var penPressure: [PenPressureScope: PenPressure] = [:]
    /// Barrel buttons that scroll or click only while touching (``PenButtonAction``) in every
    /// app, by source. A button bound here is no longer the double tap's or the squeeze's.
    /// Default: none (every button a button).
    public var penButtons: [TapSource: PenButtonAction] = [:]
    /// The part of the tablet used and the part of the screen it maps to, turned for a left
    /// hand (``TabletAreaSettings``), per tablet model (nil: every tablet), applied by
    /// `quill service`'s virtual tablet. Default: none (the whole tablet on the whole screen).
    public var tabletAreas: [ModelID?: TabletAreaSettings] = [:]
    /// Preferences that apply while an app has the focus (``PreferencesProfile``), by the app's id:
    /// its X11 `WM_CLASS` class or Wayland `app_id`, compared without regard to case (`krita`,
    /// `org.inkscape.Inkscape`). ``preferences(forApp:)`` gives the preferences in an app.
    /// Default: none (the same preferences in every app).
    public var profiles: [String: PreferencesProfile] = [:]

    /// What a key chord can be bound to: the actions an app shows itself, and a width step.
    public static let keyChordNames = ["showColorPalette", "showInkAttributes", "showContextualPalette", "runSystemShortcut", "widthDown", "widthUp"]

    /// The buttons of a puck or lens cursor that can be bound, by libevdev name.
    public static let puckButtonNames = ["BTN_LEFT", "BTN_RIGHT", "BTN_MIDDLE", "BTN_SIDE", "BTN_EXTRA"]

    /// The pad buttons that can be bound, by libinput's number.
    public static let padButtonNumbers = 0...63

    public init() {}
}

/// An app's own gesture settings: a custom action, used only when the person opted in to it in
/// the app (never on by default).
///
/// `Codable` as an app's preferences file holds them: `{"customTapAction": "selectTool:pencil",
/// "optedIn": true}`, validated by the decoder as ``PencilPreferences`` is.
public struct AppGesturePreferences: Hashable, Sendable {
    /// The app's custom action for a double tap, or nil.
    public var customTapAction: AppCustomAction?
    /// Whether the person chose the custom action in the app. Default false.
    public var isCustomActionOptedIn = false

    public init(customTapAction: AppCustomAction? = nil, isCustomActionOptedIn: Bool = false) {
        self.customTapAction = customTapAction
        self.isCustomActionOptedIn = isCustomActionOptedIn
    }
}

extension CodingUserInfoKey {
    /// The path of the preferences file being decoded (a `String`), named in every
    /// ``PreferencesFile/Failure`` the decoders of ``PencilPreferences`` and
    /// ``AppGesturePreferences`` throw. ``PreferencesFile`` sets it.
    public static let quillPreferencesPath = CodingUserInfoKey(rawValue: "quill.preferencesPath")!
}

extension PencilPreferences: Codable {
    /// The keys of the file (as ``PreferencesFile/keys``).
    enum Key: String, CodingKey, CaseIterable {
        case preferredTapAction, preferredSqueezeAction, prefersPencilOnlyDrawing, prefersHoverToolPreview, padButtons, padDialControlsWidth, puckButtons, keyChords, penPressure, penButtons, tabletAreas, profiles
    }

    /// Reads every key exactly as the file allows: the defaults for missing keys; an unknown
    /// key, a wrong type or an unknown name refused, naming the file and the key.
    public init(from decoder: any Decoder) throws {
        self.init()
        let object = try PreferencesObject(decoder)
        for key in object.keys {
            guard let known = Key(rawValue: key.stringValue) else {
                throw object.failure(key, "unknown key (expected one of \(PreferencesFile.keys.joined(separator: ", ")))")
            }
            if known == .profiles {
                let apps = try object.object(key, example: #"{"krita": {"preferredTapAction": "ignore"}}"#, of: "app ids to preferences")
                for app in apps.keys {
                    let settings = try apps.object(app, example: #"{"preferredTapAction": "ignore"}"#, of: "preferences for the app")
                    var profile = PreferencesProfile(settings: PencilPreferences(), keys: [])
                    for field in settings.keys {
                        guard let set = Key(rawValue: field.stringValue), set != .profiles else {
                            throw settings.failure(field, "unknown key in a profile (expected one of \(PreferencesFile.keys.filter { $0 != "profiles" }.joined(separator: ", ")))")
                        }
                        try profile.settings.read(set, field, from: settings)
                        profile.keys.insert(set.rawValue)
                    }
                    profiles[app.stringValue] = profile
                }
            } else {
                try read(known, key, from: object)
            }
        }
    }

    /// One key of a preferences object read into these preferences (its value replaced whole).
    mutating func read(_ known: Key, _ key: AnyKey, from object: PreferencesObject) throws {
            switch known {
            case .profiles: break
            case .preferredTapAction: preferredTapAction = try object.action(key)
            case .preferredSqueezeAction: preferredSqueezeAction = try object.action(key)
            case .prefersPencilOnlyDrawing: prefersPencilOnlyDrawing = try object.bool(key)
            case .prefersHoverToolPreview: prefersHoverToolPreview = try object.bool(key)
            case .padDialControlsWidth: padDialControlsWidth = try object.bool(key)
            case .padButtons:
                padButtons = [:]
                let buttons = try object.object(key, example: #"{"0": "switchEraser"}"#)
                for button in buttons.keys {
                    guard let number = Int(button.stringValue), Self.padButtonNumbers.contains(number) else {
                        throw buttons.failure(button, "expected a pad button number 0…63")
                    }
                    padButtons[number] = try buttons.binding(button)
                }
            case .puckButtons:
                puckButtons = [:]
                let buttons = try object.object(key, example: #"{"BTN_SIDE": "doubleTap"}"#)
                for button in buttons.keys {
                    guard Self.puckButtonNames.contains(button.stringValue) else {
                        throw buttons.failure(button, "expected a puck button, one of \(Self.puckButtonNames.joined(separator: ", "))")
                    }
                    puckButtons[button.stringValue] = try buttons.binding(button)
                }
            case .keyChords:
                keyChords = [:]
                let chords = try object.object(key, example: #"{"showColorPalette": "ctrl+shift+c"}"#, of: "actions to key chords")
                for name in chords.keys {
                    guard Self.keyChordNames.contains(name.stringValue) else {
                        throw chords.failure(name, "expected one of \(Self.keyChordNames.joined(separator: ", "))")
                    }
                    keyChords[name.stringValue] = try chords.keyChord(name)
                }
            case .penPressure:
                penPressure = [:]
                let scopes = try object.object(key, example: #"{"*/pen": {"tipThreshold": 8, "curve": [0, 50, 50, 100]}}"#, of: "pen scopes to pressure settings")
                for name in scopes.keys {
                    guard let scope = PenPressureScope(text: name.stringValue) else {
                        throw scopes.failure(name, "expected a pen scope, \(PenPressureScope.format)")
                    }
                    penPressure[scope] = try scopes.penPressure(name)
                }
            case .penButtons:
                penButtons = [:]
                let buttons = try object.object(key, example: #"{"BTN_STYLUS2": "scroll"}"#, of: "barrel buttons to scroll, clickWhileTouching or pan")
                for button in buttons.keys {
                    guard let source = PenButtonAction.buttonNames[button.stringValue] else {
                        throw buttons.failure(button, "expected a barrel button, one of BTN_STYLUS, BTN_STYLUS2, BTN_STYLUS3")
                    }
                    guard let action = buttons.string(button).flatMap(PenButtonAction.init(rawValue:)) else {
                        throw buttons.failure(button, "expected scroll, clickWhileTouching or pan, found \(buttons.found(button))")
                    }
                    penButtons[source] = action
                }
            case .tabletAreas:
                tabletAreas = [:]
                let tablets = try object.object(key, example: #"{"*": {"area": [10, 10, 150, 95], "leftHanded": true}}"#, of: "tablets (vvvv:pppp or *) to areas")
                for tablet in tablets.keys {
                    let model = ModelID(text: tablet.stringValue)
                    guard model != nil || tablet.stringValue == "*" else {
                        throw tablets.failure(tablet, "expected a tablet, vvvv:pppp (USB ids in hex) or *")
                    }
                    tabletAreas[model] = try tablets.tabletArea(tablet)
                }
            }
    }

    /// Writes every key, with the names the decoder reads (an encoder with `.sortedKeys` gives
    /// the same bytes for the same preferences).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try write(into: &container, only: nil)
        var apps = container.nestedContainer(keyedBy: AnyKey.self, forKey: .profiles)
        for (app, profile) in profiles.sorted(by: { $0.key < $1.key }) {
            var settings = apps.nestedContainer(keyedBy: Key.self, forKey: AnyKey(app))
            try profile.settings.write(into: &settings, only: Set(profile.keys.compactMap(Key.init(rawValue:))))
        }
    }

    /// Writes the keys `only` names (every key but the profiles when nil).
    func write(into container: inout KeyedEncodingContainer<Key>, only: Set<Key>?) throws {
        func wants(_ key: Key) -> Bool { only?.contains(key) ?? true }
        if wants(.preferredTapAction) { try container.encode(preferredTapAction.name, forKey: .preferredTapAction) }
        if wants(.preferredSqueezeAction) { try container.encode(preferredSqueezeAction.name, forKey: .preferredSqueezeAction) }
        if wants(.prefersPencilOnlyDrawing) { try container.encode(prefersPencilOnlyDrawing, forKey: .prefersPencilOnlyDrawing) }
        if wants(.prefersHoverToolPreview) { try container.encode(prefersHoverToolPreview, forKey: .prefersHoverToolPreview) }
        if wants(.padButtons) {
            var pad = container.nestedContainer(keyedBy: AnyKey.self, forKey: .padButtons)
            for (button, binding) in padButtons.sorted(by: { $0.key < $1.key }) { try pad.encode(binding.name, forKey: AnyKey(String(button))) }
        }
        if wants(.padDialControlsWidth) { try container.encode(padDialControlsWidth, forKey: .padDialControlsWidth) }
        if wants(.puckButtons) {
            var puck = container.nestedContainer(keyedBy: AnyKey.self, forKey: .puckButtons)
            for (button, binding) in puckButtons.sorted(by: { $0.key < $1.key }) { try puck.encode(binding.name, forKey: AnyKey(button)) }
        }
        if wants(.keyChords) {
            var chords = container.nestedContainer(keyedBy: AnyKey.self, forKey: .keyChords)
            for (name, chord) in keyChords.sorted(by: { $0.key < $1.key }) { try chords.encode(chord.text, forKey: AnyKey(name)) }
        }
        if wants(.penButtons) {
            var barrel = container.nestedContainer(keyedBy: AnyKey.self, forKey: .penButtons)
            for (source, action) in penButtons.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                try barrel.encode(action.rawValue, forKey: AnyKey(PenButtonAction.name(of: source)))
            }
        }
        if wants(.tabletAreas) { try writeTabletAreas(into: &container) }
        if wants(.penPressure) { try writePenPressure(into: &container) }
    }

    private func writeTabletAreas(into container: inout KeyedEncodingContainer<Key>) throws {
        var areas = container.nestedContainer(keyedBy: AnyKey.self, forKey: .tabletAreas)
        for (model, settings) in tabletAreas.sorted(by: { ($0.key?.text ?? "*") < ($1.key?.text ?? "*") }) {
            var entry = areas.nestedContainer(keyedBy: TabletAreaKey.self, forKey: AnyKey(model?.text ?? "*"))
            try entry.encodeIfPresent(settings.area?.values, forKey: .area)
            try entry.encodeIfPresent(settings.screen?.values, forKey: .screen)
            try entry.encodeIfPresent(settings.screenSize, forKey: .screenSize)
            try entry.encode(settings.keepsProportions, forKey: .keepProportions)
            try entry.encode(settings.isLeftHanded, forKey: .leftHanded)
        }
    }

    private func writePenPressure(into container: inout KeyedEncodingContainer<Key>) throws {
        var pressure = container.nestedContainer(keyedBy: AnyKey.self, forKey: .penPressure)
        for (scope, settings) in penPressure.sorted(by: { $0.key.description < $1.key.description }) {
            var entry = pressure.nestedContainer(keyedBy: PenPressureKey.self, forKey: AnyKey(scope.description))
            try entry.encode(settings.curve.controlPoints, forKey: .curve)
            try entry.encodeIfPresent(settings.tipThreshold, forKey: .tipThreshold)
        }
    }
}

extension AppGesturePreferences: Codable {
    enum Key: String, CodingKey {
        case customTapAction, optedIn
    }

    /// Reads an app's file: `customTapAction` (``PreferencesFile/customAction(_:)``) and `optedIn`.
    public init(from decoder: any Decoder) throws {
        self.init()
        let object = try PreferencesObject(decoder)
        for key in object.keys {
            switch Key(rawValue: key.stringValue) {
            case .optedIn: isCustomActionOptedIn = try object.bool(key)
            case .customTapAction:
                guard let text = object.string(key), let custom = PreferencesFile.customAction(text) else {
                    throw object.failure(
                        key, "expected selectTool:INK, togglePalette:color|ink-attributes|contextual or toggleWidth:POINTS (0.5 … 80), found \(object.found(key))")
                }
                customTapAction = custom
            case nil:
                throw object.failure(key, "unknown key (expected customTapAction, optedIn)")
            }
        }
    }

    /// Writes `customTapAction` (when there is one) and `optedIn`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encodeIfPresent(customTapAction?.text, forKey: .customTapAction)
        try container.encode(isCustomActionOptedIn, forKey: .optedIn)
    }
}

// MARK: - Decoding

/// The keys of a tablet's area settings.
enum TabletAreaKey: String, CodingKey {
    case area, screen, screenSize, keepProportions, leftHanded
}

/// The keys of a pen's pressure settings.
enum PenPressureKey: String, CodingKey {
    case curve, tipThreshold
}

/// Any key of a JSON object (the file's keys are checked one by one, so unknown ones are seen).
struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ stringValue: String) { self.stringValue = stringValue }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// One JSON object of a preferences file (the top level, or `padButtons` and `puckButtons`), read
/// key by key; every failure names the file and the key (`padButtons.3` within a binding object).
struct PreferencesObject {
    let container: KeyedDecodingContainer<AnyKey>
    let path: String
    /// The key of this object within the file, nil at the top level.
    let name: String?

    /// The top-level object of the file `decoder` reads.
    init(_ decoder: any Decoder) throws {
        path = decoder.userInfo[.quillPreferencesPath] as? String ?? "preferences"
        name = nil
        do {
            container = try decoder.container(keyedBy: AnyKey.self)
        } catch {
            throw PreferencesFile.Failure(path: path, key: nil, message: "expected a JSON object")
        }
    }

    private init(container: KeyedDecodingContainer<AnyKey>, path: String, name: String) {
        self.container = container
        self.path = path
        self.name = name
    }

    /// The keys, in order (the first bad one is the one named).
    var keys: [AnyKey] { container.allKeys.sorted { $0.stringValue < $1.stringValue } }

    func failure(_ key: AnyKey, _ message: String) -> PreferencesFile.Failure {
        PreferencesFile.Failure(path: path, key: name.map { "\($0).\(key.stringValue)" } ?? key.stringValue, message: message)
    }

    /// The value at `key` when it is a string.
    func string(_ key: AnyKey) -> String? { try? container.decode(String.self, forKey: key) }

    /// The value at `key` as a message shows it: a string quoted, a number, true, false, null, an object, an array.
    func found(_ key: AnyKey) -> String {
        if let text = string(key) { return "'\(text)'" }
        if (try? container.decodeNil(forKey: key)) == true { return "null" }
        if let bool = try? container.decode(Bool.self, forKey: key) { return String(bool) }
        if let number = try? container.decode(Int.self, forKey: key) { return String(number) }
        if let number = try? container.decode(Double.self, forKey: key) { return String(number) }
        if (try? container.nestedContainer(keyedBy: AnyKey.self, forKey: key)) != nil { return "an object" }
        if (try? container.nestedUnkeyedContainer(forKey: key)) != nil { return "an array" }
        return "a number out of range"
    }

    /// A JSON `true` or `false` (0 and 1 are numbers, not accepted).
    func bool(_ key: AnyKey) throws -> Bool {
        guard let value = try? container.decode(Bool.self, forKey: key) else {
            throw failure(key, "expected true or false, found \(found(key))")
        }
        return value
    }

    /// A preferred action by name.
    func action(_ key: AnyKey) throws -> PreferredAction {
        guard let action = string(key).flatMap(PreferredAction.init(name:)) else {
            throw failure(key, "unknown action \(found(key)) (expected one of \(PreferredAction.allCases.map(\.name).joined(separator: ", ")))")
        }
        return action
    }

    /// A pad or puck binding by name.
    func binding(_ key: AnyKey) throws -> PadBinding {
        guard let binding = string(key).flatMap(PadBinding.init(name:)) else {
            throw failure(key, "unknown binding \(found(key)) (expected one of \(PadBinding.names.joined(separator: ", ")))")
        }
        return binding
    }

    /// A pen's pressure settings: `{"tipThreshold": PERCENT, "curve": [x1, y1, x2, y2]}`, either
    /// key optional (no threshold, a linear curve).
    func penPressure(_ key: AnyKey) throws -> PenPressure {
        let settings = try object(key, example: #"{"tipThreshold": 8, "curve": [0, 50, 50, 100]}"#, of: "tipThreshold and curve")
        var curve = PressureCurve.linear
        var threshold: Double?
        for field in settings.keys {
            switch PenPressureKey(rawValue: field.stringValue) {
            case .curve:
                guard let points = try? settings.container.decode([Double].self, forKey: field), let read = try? PressureCurve(points) else {
                    throw settings.failure(field, "expected four control-point values [x1, y1, x2, y2], each 0 … 100 (percent), found \(settings.found(field))")
                }
                curve = read
            case .tipThreshold:
                guard let value = try? settings.container.decode(Double.self, forKey: field), PenPressure.tipThresholdRange.contains(value) else {
                    throw settings.failure(field, "expected a tip threshold in percent of the pressure range, 1 … 50, found \(settings.found(field))")
                }
                threshold = value
            case nil:
                throw settings.failure(field, "unknown key (expected curve, tipThreshold)")
            }
        }
        return try PenPressure(curve: curve, tipThreshold: threshold)
    }

    /// A tablet's area settings: `{"area": [x, y, w, h] (mm), "screen": [x, y, w, h] (fractions),
    /// "screenSize": [w, h] (px), "keepProportions": bool, "leftHanded": bool}`, each optional.
    func tabletArea(_ key: AnyKey) throws -> TabletAreaSettings {
        let settings = try object(key, example: #"{"area": [10, 10, 150, 95], "screen": [0, 0, 0.5, 1], "screenSize": [3840, 2160], "keepProportions": true}"#, of: "area settings")
        var area: TabletAreaSettings.Region?, screen: TabletAreaSettings.Region?, size: [Double]?
        var keeps = false, leftHanded = false
        func numbers(_ field: AnyKey, _ count: Int, _ what: String) throws -> [Double] {
            guard let values = try? settings.container.decode([Double].self, forKey: field), values.count == count, values.allSatisfy(\.isFinite) else {
                throw settings.failure(field, "expected \(what), found \(settings.found(field))")
            }
            return values
        }
        for field in settings.keys {
            do {
                switch TabletAreaKey(rawValue: field.stringValue) {
                case .area:
                    let v = try numbers(field, 4, "[x, y, width, height] in millimetres of the tablet")
                    area = try TabletAreaSettings.Region(x: v[0], y: v[1], width: v[2], height: v[3])
                case .screen:
                    let v = try numbers(field, 4, "[x, y, width, height] as fractions of the screen (0 … 1)")
                    screen = try TabletAreaSettings.Region(x: v[0], y: v[1], width: v[2], height: v[3])
                case .screenSize: size = try numbers(field, 2, "[width, height] in pixels")
                case .keepProportions: keeps = try settings.bool(field)
                case .leftHanded: leftHanded = try settings.bool(field)
                case nil: throw settings.failure(field, "unknown key (expected area, screen, screenSize, keepProportions, leftHanded)")
                }
            } catch let error as ParameterError {
                throw settings.failure(field, "\(error.value) is not allowed: expected \(error.expected)")
            }
        }
        do {
            return try TabletAreaSettings(area: area, screen: screen, screenSize: size, keepsProportions: keeps, isLeftHanded: leftHanded)
        } catch let error as ParameterError {
            throw failure(key, "\(error.value) is not allowed: expected \(error.expected)")
        }
    }

    /// A key chord (`KeyChord`) written as text.
    func keyChord(_ key: AnyKey) throws -> KeyChord {
        guard let text = string(key) else { throw failure(key, "expected a key chord such as 'ctrl+shift+c', found \(found(key))") }
        do {
            return try KeyChord(parsing: text)
        } catch let error as ParameterError {
            throw failure(key, "\(error.value) is not a key chord: expected \(error.expected)")
        }
    }

    /// The object at `key` (`what` it maps, for the message: buttons to binding names by default).
    func object(_ key: AnyKey, example: String, of what: String = "buttons to binding names") throws -> PreferencesObject {
        guard let nested = try? container.nestedContainer(keyedBy: AnyKey.self, forKey: key) else {
            throw failure(key, "expected an object of \(what), e.g. \(example)")
        }
        return PreferencesObject(container: nested, path: path, name: name.map { "\($0).\(key.stringValue)" } ?? key.stringValue)
    }
}
