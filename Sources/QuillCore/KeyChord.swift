/// A key chord a virtual keyboard sends for an action the person bound (`quill service`): the
/// modifiers held, in order, while one key is pressed — `ctrl+shift+c`, `super+space`, `]`.
///
/// Written as names joined by `+`: the modifiers `ctrl` (`control`), `shift`, `alt`, `altgr`,
/// `super` (`meta`, `logo`); any key by libevdev's name without `KEY_` (`c`, `f5`, `space`,
/// `leftbrace`, `kpplus`) or with it (`KEY_C`); and the characters `[ ] - = ; ' , . / \ `` ` ``
/// for their keys on a US layout (what a key sends depends on the person's keyboard layout, as
/// for a real keyboard). Names are case-insensitive.
public struct KeyChord: Hashable, Sendable, CustomStringConvertible {
    /// The evdev key codes (`KEY_*`), pressed in this order and released in reverse: the
    /// modifiers, then the key.
    public let keys: [UInt16]
    /// The chord as the person wrote it.
    public let text: String

    /// The most keys a chord holds (four modifiers and the key, and one more).
    public static let maximumKeys = 6

    /// Reads `text`; throws ``ParameterError`` naming the part that is not a key, a repeated key,
    /// a chord of modifiers only or one too long.
    public init(parsing text: String) throws {
        let parts = text.split(separator: "+", omittingEmptySubsequences: false).map { String($0.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
        guard !text.isEmpty, parts.count <= Self.maximumKeys else {
            throw ParameterError(field: "KeyChord", value: "'\(text)'", expected: "1 … \(Self.maximumKeys) key names joined by '+', e.g. ctrl+shift+c")
        }
        var keys: [UInt16] = []
        for part in parts {
            guard let code = Self.code(of: part) else {
                throw ParameterError(
                    field: "KeyChord", value: "'\(text)'",
                    expected: "key names joined by '+' ('\(part)' is not one: use ctrl, shift, alt, altgr, super, a letter, a digit, f1 … f24, space, tab, esc, enter, [ ] or a libevdev KEY_ name)")
            }
            guard !keys.contains(code) else {
                throw ParameterError(field: "KeyChord", value: "'\(text)'", expected: "each key once ('\(part)' is repeated)")
            }
            keys.append(code)
        }
        guard let last = keys.last, !Self.modifiers.values.contains(last), keys.dropLast().allSatisfy(Self.modifiers.values.contains) else {
            throw ParameterError(field: "KeyChord", value: "'\(text)'", expected: "modifiers (ctrl, shift, alt, altgr, super) then one key, e.g. ctrl+z")
        }
        self.keys = keys
        self.text = text
    }

    public var description: String { text }

    /// The chord as key events, times `microseconds`: each key pressed in order, then released in
    /// reverse, every press and release a frame of its own (`SYN_REPORT`), as a keyboard sends them.
    public func events(at microseconds: Int64, into events: inout [InputEvent]) {
        func frame(_ code: UInt16, _ value: Int32) {
            events.append(InputEvent(microseconds: microseconds, type: EvdevCode.EventType.key, code: code, value: value))
            events.append(InputEvent(microseconds: microseconds, type: EvdevCode.EventType.syn, code: EvdevCode.Syn.report, value: 0))
        }
        for key in keys { frame(key, 1) }
        for key in keys.reversed() { frame(key, 0) }
    }

    /// The modifiers by name (the left-hand keys; `altgr` is the right Alt).
    static let modifiers: [String: UInt16] = [
        "ctrl": 29, "control": 29, "shift": 42, "alt": 56, "altgr": 100, "super": 125, "meta": 125, "logo": 125,
    ]

    /// Characters for their keys on a US layout.
    static let characters: [String: String] = [
        "[": "LEFTBRACE", "]": "RIGHTBRACE", "-": "MINUS", "=": "EQUAL", ";": "SEMICOLON", "'": "APOSTROPHE",
        ",": "COMMA", ".": "DOT", "/": "SLASH", "\\": "BACKSLASH", "`": "GRAVE",
    ]

    /// The key code of one part, or nil.
    static func code(of part: String) -> UInt16? {
        let name = part.lowercased()
        if let modifier = modifiers[name] { return modifier }
        if let character = characters[part] { return EvdevNames.code(type: EvdevCode.EventType.key, named: "KEY_" + character) }
        let upper = part.uppercased()
        let aliases = ["ESCAPE": "ESC", "RETURN": "ENTER", "DEL": "DELETE", "PGUP": "PAGEUP", "PGDN": "PAGEDOWN"]
        let full = upper.hasPrefix("KEY_") ? upper : "KEY_" + (aliases[upper] ?? upper)
        // A key of a keyboard: not KEY_RESERVED (0), not a button (BTN_*, from 0x100).
        guard full.count > 4, let code = EvdevNames.code(type: EvdevCode.EventType.key, named: full), code > 0, code < EvdevCode.Key.btn0 else { return nil }
        return code
    }
}
