#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import QuillCore
import SystemPackage

/// The person's gesture preferences as a JSON file, read as every app of the system reads them.
///
/// System-wide: `$XDG_CONFIG_HOME/quill/preferences.json`, else `~/.config/quill/preferences.json`:
///
///     {"preferredTapAction": "switchEraser", "preferredSqueezeAction": "showContextualPalette",
///      "prefersPencilOnlyDrawing": false, "prefersHoverToolPreview": true,
///      "padButtons": {"0": "switchEraser", "1": "doubleTap", "2": "squeeze"}, "padDialControlsWidth": false,
///      "puckButtons": {"BTN_SIDE": "doubleTap"}, "keyChords": {"showColorPalette": "ctrl+shift+c"},
///      "penPressure": {"*/pen": {"tipThreshold": 8, "curve": [0, 50, 50, 100]}},
///      "penButtons": {"BTN_STYLUS2": "scroll"}}
///
/// `padButtons` binds pad buttons by libinput's number (0 … 63), `puckButtons` a puck's or lens
/// cursor's buttons by libevdev name (`BTN_LEFT` … `BTN_EXTRA`), to `doubleTap`, `squeeze` or a
/// preferred action; none is bound by default. `penPressure` sets the tip threshold (percent of
/// the pressure range, 1 … 50) and the pressure curve per tablet and tool (``PenPressure``,
/// ``PenPressureScope``), `penButtons` makes a barrel button scroll, pan or click only while the tip
/// touches (``PenButtonAction``), `tabletAreas` the part of each tablet used, the screen part it
/// maps to and a left-handed turn (``TabletAreaSettings``); `quill service` applies them for every app. An app's own file:
/// `{"customTapAction": "selectTool:pencil", "optedIn": true}` where the action is
/// `selectTool:INK`, `togglePalette:color|ink-attributes|contextual` or `toggleWidth:POINTS`
/// (0.5 … 80) — mode changes only. A missing file means the defaults. A file is untrusted input:
/// anything else is refused with the file, the key and what was expected.
///
/// One codec: ``PencilPreferences`` and ``AppGesturePreferences`` are `Codable`, their decoders
/// the one validator (of a file, of `quill preferences set` and of the fuzzer alike), read with
/// `JSONDecoder` and written with `JSONEncoder`.
public enum PreferencesFile {
    /// A preferences file that cannot be used.
    public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        public var path: String
        /// The key at fault (e.g. `padButtons.3`), nil for the whole file.
        public var key: String?
        public var message: String
        public init(path: String, key: String?, message: String) {
            self.path = path
            self.key = key
            self.message = message
        }
        public var description: String { "\(path)\(key.map { ": key '\($0)'" } ?? ""): \(message)" }
    }

    /// `$XDG_CONFIG_HOME/quill/preferences.json`, else `~/.config/quill/preferences.json`.
    public static var systemPath: String {
        let environment = ProcessInfo.processInfo.environment
        let base = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? ((environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? FileManager.default.homeDirectoryForCurrentUser.path) + "/.config")
        return base + "/quill/preferences.json"
    }

    /// The keys of the system file.
    public static let keys = PencilPreferences.Key.allCases.map(\.rawValue)

    /// Widths a `toggleWidth:POINTS` custom action may give, in points: 0.5 … 80 (the inks' range).
    public static let customWidthRange = 0.5...80.0

    /// The largest preferences file read, in bytes (a real one is a few hundred): anything larger
    /// is refused before it is parsed. (Nesting is bounded by `JSONDecoder`, which refuses a
    /// document nested more than 512 deep as not valid JSON.)
    public static let maximumFileSize = 1 << 20

    /// Reads the system preferences at `path`; a missing file gives the defaults.
    public static func read(_ path: String) throws -> PencilPreferences {
        guard let data = try contents(of: path) else { return PencilPreferences() }
        return try decode(data, path: path)
    }

    /// The system preferences in `data` (the contents of the file `path` names, for messages).
    public static func decode(_ data: Data, path: String) throws -> PencilPreferences {
        try decode(PencilPreferences.self, from: data, path: path)
    }

    /// Reads an app's preferences; a missing file gives none (no custom action).
    public static func readApp(_ path: String) throws -> AppGesturePreferences {
        guard let data = try contents(of: path) else { return AppGesturePreferences() }
        return try decodeApp(data, path: path)
    }

    /// An app's preferences in `data`.
    public static func decodeApp(_ data: Data, path: String) throws -> AppGesturePreferences {
        try decode(AppGesturePreferences.self, from: data, path: path)
    }

    /// The system preferences as their file holds them: every key, pretty-printed, keys sorted.
    public static func encode(_ preferences: PencilPreferences) -> Data {
        encoded(preferences, [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    }

    /// An app's preferences as its file holds them: pretty-printed, keys sorted.
    public static func encodeApp(_ preferences: AppGesturePreferences) -> Data {
        encoded(preferences, [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    }

    /// The preferences as one line of JSON with every key, keys sorted (what `quill preferences
    /// show` prints: the file's encoding on one line; `JSONEncoder` keeps no other order).
    public static func json(_ preferences: PencilPreferences) -> String {
        String(decoding: encoded(preferences, [.sortedKeys, .withoutEscapingSlashes]), as: UTF8.self)
    }

    /// `quill preferences set KEY VALUE` applied to `preferences`: `preferredTapAction` and
    /// `preferredSqueezeAction` to an action's name, `prefersPencilOnlyDrawing`,
    /// `prefersHoverToolPreview` and `padDialControlsWidth` to true or false, `padButton.N` and
    /// `puckButton.NAME` to a binding's name or `none` (unbound), `keyChord.NAME` to a key chord
    /// (`KeyChord`) or `none`, `penButton.BTN_STYLUS…` to `scroll`, `clickWhileTouching`, `pan` or `none`,
    /// `penPressure.SCOPE.curve` to `x1,y1,x2,y2` or `none` (linear),
    /// `penPressure.SCOPE.tipThreshold` to a percentage or `none`, `tabletArea.TABLET.area` /
    /// `.screen` to `x,y,w,h`, `.screenSize` to `w,h`, `.keepProportions` / `.leftHanded` to true or
    /// false (``TabletAreaSettings``; TABLET `vvvv:pppp` or `*`), `tabletArea.TABLET` to `none`,
    /// `profile/APP/KEY` to what KEY takes, in the app's ``PreferencesProfile``, `profile/APP` to `none`, `penPressure.SCOPE` to `none`
    /// (``PenPressureScope``: e.g. `056a:0357/eraser`, `*/*`). The value is checked by the
    /// file's decoder, and so are the merged preferences before they are returned; a failure
    /// names `path` and `key` as given.
    public static func set(_ key: String, to text: String, in preferences: PencilPreferences, path: String) throws -> PencilPreferences {
        // One key of the file as JSON, read by the file's decoder.
        func value(_ object: some Encodable) throws -> PencilPreferences {
            do {
                return try decode(encoded(object, []), path: path)
            } catch var failure as Failure {
                failure.key = key
                if text != "none", failure.message.hasPrefix("unknown binding") {
                    failure.message = failure.message.replacing("(expected one of", with: "(expected none or one of")
                }
                throw failure
            }
        }
        var merged = preferences
        // One entry of a map of bindings (`padButton.3`, `keyChord.NAME` …) read by the decoder
        // as the file holds it, set in `merged` (`none` removes it: checked bound to `placeholder`).
        // False when the decoder read no entry.
        func rebind<Name: Hashable, Binding>(
            _ prefix: String, _ fileKey: String, placeholder: String, _ field: WritableKeyPath<PencilPreferences, [Name: Binding]>
        ) throws -> Bool {
            let name = String(key.dropFirst(prefix.count))
            guard let bound = try value([fileKey: [name: text == "none" ? placeholder : text]])[keyPath: field].first else { return false }
            merged[keyPath: field][bound.key] = text == "none" ? nil : bound.value
            return true
        }
        if key.hasPrefix("profile/") {
            return try setInProfile(key, to: text, in: preferences, path: path)
        }
        switch key {
        case "preferredTapAction": merged.preferredTapAction = try value([key: text]).preferredTapAction
        case "preferredSqueezeAction": merged.preferredSqueezeAction = try value([key: text]).preferredSqueezeAction
        case "prefersPencilOnlyDrawing", "prefersHoverToolPreview", "padDialControlsWidth":
            // true and false are JSON's; any other word goes as a string, which the decoder refuses.
            let read = try text == "true" || text == "false" ? value([key: text == "true"]) : value([key: text])
            switch key {
            case "prefersPencilOnlyDrawing": merged.prefersPencilOnlyDrawing = read.prefersPencilOnlyDrawing
            case "prefersHoverToolPreview": merged.prefersHoverToolPreview = read.prefersHoverToolPreview
            default: merged.padDialControlsWidth = read.padDialControlsWidth
            }
        case _ where key.hasPrefix("padButton."):
            // `none` unbinds: the button is checked as the decoder checks it, bound to anything.
            guard try rebind("padButton.", "padButtons", placeholder: PadBinding.doubleTap.name, \.padButtons) else { return preferences }
        case _ where key.hasPrefix("puckButton."):
            guard try rebind("puckButton.", "puckButtons", placeholder: PadBinding.doubleTap.name, \.puckButtons) else { return preferences }
        case _ where key.hasPrefix("keyChord."):
            guard try rebind("keyChord.", "keyChords", placeholder: "ctrl+z", \.keyChords) else { return preferences }
        case _ where key.hasPrefix("penButton."):
            guard try rebind("penButton.", "penButtons", placeholder: PenButtonAction.scroll.rawValue, \.penButtons) else { return preferences }
        case _ where key.hasPrefix("tabletArea."):
            // tabletArea.TABLET.FIELD (TABLET vvvv:pppp or *, no dot in it), or tabletArea.TABLET none.
            let parts = key.dropFirst("tabletArea.".count).split(separator: ".", maxSplits: 1).map(String.init)
            guard let tablet = parts.first, tablet == "*" || ModelID(text: tablet) != nil else {
                throw Failure(path: path, key: key, message: "expected tabletArea.TABLET.FIELD, TABLET being vvvv:pppp (USB ids in hex) or *")
            }
            let model = ModelID(text: tablet)
            guard parts.count == 2 else {
                guard text == "none" else { throw Failure(path: path, key: key, message: "only none (the tablet's settings removed) can be set here; set tabletArea.\(tablet).area, .screen, .screenSize, .keepProportions or .leftHanded") }
                merged.tabletAreas[model] = nil
                return try decode(encode(merged), path: path)
            }
            // The tablet's entry as the file holds it, the one field changed, read by the decoder.
            let current = merged.tabletAreas[model]
            var entry: [String: AnyEncodable] = [:]
            if let area = current?.area { entry["area"] = AnyEncodable(area.values) }
            if let screen = current?.screen { entry["screen"] = AnyEncodable(screen.values) }
            if let size = current?.screenSize { entry["screenSize"] = AnyEncodable(size) }
            if let current { entry["keepProportions"] = AnyEncodable(current.keepsProportions); entry["leftHanded"] = AnyEncodable(current.isLeftHanded) }
            switch parts[1] {
            case "area", "screen", "screenSize":
                if text == "none" {
                    entry[parts[1]] = nil
                } else {
                    let values = text.split(separator: ",", omittingEmptySubsequences: false).map { Double(String($0).filter { $0 != " " }) }
                    guard values.allSatisfy({ $0 != nil }) else {
                        throw Failure(path: path, key: key, message: "expected comma-separated numbers (\(parts[1] == "screenSize" ? "width,height in pixels" : "x,y,width,height")) or none, found '\(text)'")
                    }
                    entry[parts[1]] = AnyEncodable(values.compactMap { $0 })
                }
            case "keepProportions", "leftHanded":
                entry[parts[1]] = text == "true" || text == "false" ? AnyEncodable(text == "true") : AnyEncodable(text)
            default:
                throw Failure(path: path, key: key, message: "unknown setting '\(parts[1])' (expected area, screen, screenSize, keepProportions, leftHanded)")
            }
            merged.tabletAreas[model] = try value(["tabletAreas": [tablet: entry]]).tabletAreas[model]
        case _ where key.hasPrefix("penPressure."):
            // penPressure.SCOPE (none: removed), penPressure.SCOPE.curve (x1,y1,x2,y2 or none),
            // penPressure.SCOPE.tipThreshold (percent or none); the scope itself holds no dot.
            let rest = key.dropFirst("penPressure.".count)
            let parts = rest.split(separator: ".", maxSplits: 1).map(String.init)
            guard let scopeText = parts.first, let scope = PenPressureScope(text: scopeText) else {
                throw Failure(path: path, key: key, message: "expected penPressure.SCOPE.curve or penPressure.SCOPE.tipThreshold, SCOPE being \(PenPressureScope.format)")
            }
            let current = merged.penPressure[scope] ?? .unchanged
            var curve: [Double] = current.curve.controlPoints
            var threshold = current.tipThreshold
            switch parts.count == 2 ? parts[1] : nil {
            case nil:
                guard text == "none" else { throw Failure(path: path, key: key, message: "only none (the scope removed) can be set here; set penPressure.\(scopeText).curve or .tipThreshold") }
                merged.penPressure[scope] = nil
                return try decode(encode(merged), path: path)
            case "curve":
                if text == "none" {
                    curve = PressureCurve.linear.controlPoints
                } else {
                    do {
                        curve = try PressureCurve(parsing: text).controlPoints
                    } catch let error as ParameterError {
                        throw Failure(path: path, key: key, message: "expected \(error.expected), or none; found \(error.value)")
                    }
                }
            case "tipThreshold":
                if text == "none" {
                    threshold = nil
                } else {
                    guard let value = Double(text) else {
                        throw Failure(path: path, key: key, message: "expected a tip threshold in percent of the pressure range, 1 … 50, or none; found '\(text)'")
                    }
                    threshold = value
                }
            default:
                throw Failure(path: path, key: key, message: "unknown setting '\(parts[1])' (expected curve or tipThreshold)")
            }
            // The entry as the file holds it, checked by the file's decoder.
            let entry = PenPressureEntry(curve: curve, tipThreshold: threshold)
            merged.penPressure[scope] = try value(["penPressure": [scope.description: entry]]).penPressure[scope]
        default:
            throw Failure(path: path, key: key, message: "unknown key (expected one of \(keys.joined(separator: ", ")), or padButton.N, puckButton.NAME, keyChord.NAME, penButton.NAME, penPressure.SCOPE.curve, penPressure.SCOPE.tipThreshold, tabletArea.TABLET.FIELD, profile/APP/KEY)")
        }
        // The merged preferences as the file will hold them, read back by the same decoder.
        return try decode(encode(merged), path: path)
    }

    /// `profile/APP/KEY VALUE`: KEY (any key `set` takes but a profile) set in the app's profile,
    /// the profile made when there is none; `profile/APP none` removes the profile.
    private static func setInProfile(_ key: String, to text: String, in preferences: PencilPreferences, path: String) throws -> PencilPreferences {
        let parts = key.split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 2, !parts[1].isEmpty else {
            throw Failure(path: path, key: key, message: "expected profile/APP/KEY (APP the app's X11 WM_CLASS class or Wayland app_id, e.g. krita)")
        }
        var merged = preferences
        guard parts.count == 3 else {
            guard text == "none" else { throw Failure(path: path, key: key, message: "only none (the profile removed) can be set here; set profile/\(parts[1])/KEY VALUE") }
            merged.profiles[parts[1]] = nil
            return try decode(encode(merged), path: path)
        }
        guard !parts[2].hasPrefix("profile/") else { throw Failure(path: path, key: key, message: "a profile holds no profiles") }
        var profile = merged.profiles[parts[1]] ?? PreferencesProfile(settings: PencilPreferences(), keys: [])
        do {
            profile.settings = try set(parts[2], to: text, in: profile.settings, path: path)
        } catch var failure as Failure {
            failure.key = key
            throw failure
        }
        // The file's key the setting belongs to (padButton.3 → padButtons).
        let prefixes = ["padButton.": "padButtons", "puckButton.": "puckButtons", "keyChord.": "keyChords", "penButton.": "penButtons", "penPressure.": "penPressure", "tabletArea.": "tabletAreas"]
        profile.keys.insert(prefixes.first { parts[2].hasPrefix($0.key) }?.value ?? parts[2])
        merged.profiles[parts[1]] = profile
        return try decode(encode(merged), path: path)
    }

    /// A value of any encodable type, for an entry built field by field.
    private struct AnyEncodable: Encodable {
        let encodeValue: (any Encoder) throws -> Void
        init(_ value: some Encodable) { encodeValue = value.encode(to:) }
        func encode(to encoder: any Encoder) throws { try encodeValue(encoder) }
    }

    /// One pen scope's settings as the file writes them.
    private struct PenPressureEntry: Encodable {
        var curve: [Double]
        var tipThreshold: Double?
    }

    /// A custom action's text (`selectTool:INK`, `togglePalette:NAME`, `toggleWidth:POINTS`), or
    /// nil when it is none of them or its width is not a number of points in ``customWidthRange``.
    public static func customAction(_ text: String) -> AppCustomAction? {
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return nil }
        switch parts[0] {
        case "selectTool": return parts[1].isEmpty ? nil : .selectTool(DrawingTool(ink: parts[1]))
        case "togglePalette": return Palette(rawValue: parts[1]).map { .togglePalette($0) }
        case "toggleWidth":
            guard let width = Double(parts[1]), customWidthRange.contains(width) else { return nil }
            return .toggleWidth(points: width)
        default: return nil
        }
    }

    // MARK: - Parts

    /// The contents of the file at `path` (at most ``maximumFileSize`` bytes), or nil when there is no file.
    static func contents(of path: String) throws -> Data? {
        let info: Stat
        do {
            info = try Stat(FilePath(path))
        } catch {
            // No file (a missing directory on the way, or a file where one should be): the defaults.
            if error == .noSuchFileOrDirectory || error == .notDirectory { return nil }
            throw Failure(path: path, key: nil, message: "cannot read the file (\(error))")
        }
        guard info.type != .directory else { throw Failure(path: path, key: nil, message: "cannot read the file (a directory)") }
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(FilePath(path), .readOnly, options: [.closeOnExec])
        } catch {
            throw Failure(path: path, key: nil, message: (error as? Errno) == .permissionDenied ? "cannot read the file (permission denied?)" : "cannot read the file (\(error))")
        }
        // At most one byte more than allowed (a larger file is refused, /dev/zero never read to its end).
        do {
            return try descriptor.closeAfter {
                var data = [UInt8]()
                var chunk = [UInt8](repeating: 0, count: 1 << 16)
                while data.count <= maximumFileSize {
                    let count = try chunk.withUnsafeMutableBytes { try descriptor.read(into: $0) }
                    if count == 0 { break }
                    data += chunk[..<count]
                }
                return Data(data.prefix(maximumFileSize + 1))
            }
        } catch {
            throw Failure(path: path, key: nil, message: "cannot read the file (\(error))")
        }
    }

    /// `data` read by `type`'s decoder, every failure naming `path`.
    private static func decode<Preferences: Decodable>(_ type: Preferences.Type, from data: Data, path: String) throws -> Preferences {
        guard data.count <= maximumFileSize else {
            throw Failure(path: path, key: nil, message: "larger than \(maximumFileSize >> 20) MiB, not a preferences file")
        }
        let decoder = JSONDecoder()
        decoder.userInfo[.quillPreferencesPath] = path
        do {
            return try decoder.decode(type, from: data)
        } catch let failure as Failure {
            throw failure
        } catch {
            // The decoders throw only failures: anything else is the parser's (too deep a nesting too).
            throw Failure(path: path, key: nil, message: "not valid JSON" + (detail(of: error).map { ": \($0)" } ?? ""))
        }
    }

    /// What the parser said beyond "not valid JSON", if anything.
    private static func detail(of error: any Error) -> String? {
        guard case let DecodingError.dataCorrupted(context) = error else { return "\(error)" }
        if let underlying = context.underlyingError { return "\(underlying)" }
        return context.debugDescription.contains("not valid JSON") ? nil : context.debugDescription
    }

    /// `value` as JSON; preferences have only strings, booleans and objects of them, which always encode.
    private static func encoded(_ value: some Encodable, _ formatting: JSONEncoder.OutputFormatting) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = formatting
        do {
            return try encoder.encode(value)
        } catch {
            preconditionFailure("preferences always encode as JSON: \(error)")
        }
    }
}
