import Foundation
import QuillGestures
import Testing

/// Preferences per app (issue 39): a profile's keys replace the person's while the app has the focus.
struct PreferencesProfileTests {
    @Test func aProfileReplacesItsKeysAndKeepsThePersonsOthers() throws {
        let read = try PreferencesFile.decode(Data(#"{"preferredTapAction": "switchPrevious", "penButtons": {"BTN_STYLUS": "clickWhileTouching"}, "profiles": {"krita": {"preferredTapAction": "ignore", "penButtons": {"BTN_STYLUS2": "scroll"}}, "org.inkscape.Inkscape": {"prefersHoverToolPreview": false}}}"#.utf8), path: "p.json")
        let krita = read.preferences(forApp: "Krita")
        #expect(krita.preferredTapAction == .ignore && krita.penButtons == [.stylus2: .scroll], "a key replaces the person's value whole")
        #expect(krita.prefersHoverToolPreview && krita.profiles.isEmpty)
        let inkscape = read.preferences(forApp: "org.inkscape.Inkscape")
        #expect(inkscape.preferredTapAction == .switchPrevious && !inkscape.prefersHoverToolPreview && inkscape.penButtons == [.stylus: .clickWhileTouching])
        var base = read
        base.profiles = [:]
        #expect(read.preferences(forApp: "gimp") == base && read.preferences(forApp: nil) == base)
        // Written with the profiles' own keys only, read back the same.
        let written = String(decoding: PreferencesFile.encode(read), as: UTF8.self)
        #expect(try PreferencesFile.decode(Data(written.utf8), path: "p.json") == read)
        // A change to the person's preferences reaches the apps whose profile does not set it.
        var changed = read
        changed.prefersPencilOnlyDrawing = true
        #expect(changed.preferences(forApp: "krita").prefersPencilOnlyDrawing)
    }

    @Test func setWritesIntoAnAppsProfile() throws {
        var preferences = try PreferencesFile.set("profile/krita/preferredTapAction", to: "ignore", in: PencilPreferences(), path: "p.json")
        preferences = try PreferencesFile.set("profile/krita/penButton.BTN_STYLUS2", to: "scroll", in: preferences, path: "p.json")
        preferences = try PreferencesFile.set("profile/krita/penPressure.*/pen.tipThreshold", to: "12", in: preferences, path: "p.json")
        let krita = try #require(preferences.profiles["krita"])
        #expect(krita.keys == ["preferredTapAction", "penButtons", "penPressure"])
        #expect(preferences.preferences(forApp: "krita").penButtons == [.stylus2: .scroll])
        #expect(preferences.preferredTapAction == .switchEraser, "the person's own stay")
        preferences = try PreferencesFile.set("profile/krita", to: "none", in: preferences, path: "p.json")
        #expect(preferences.profiles.isEmpty)
        // A bad value names the whole key.
        expectRefusal("undo", key: "profile/krita/preferredTapAction", message: "unknown action 'undo'") { try PreferencesFile.set("profile/krita/preferredTapAction", to: "undo", in: preferences, path: "p.json") }
    }

    @Test(arguments: [
        (#"{"profiles": {"krita": {"profiles": {}}}}"#, "profiles.krita.profiles", "unknown key in a profile"),
        (#"{"profiles": {"krita": {"theme": "dark"}}}"#, "profiles.krita.theme", "unknown key in a profile"),
        (#"{"profiles": {"krita": {"preferredTapAction": "undo"}}}"#, "profiles.krita.preferredTapAction", "unknown action 'undo'"),
        (#"{"profiles": {"krita": 1}}"#, "profiles.krita", "expected an object of preferences for the app"),
    ] as [(String, String, String)])
    func aBadProfileNamesItsKey(text: String, key: String, message: String) {
        expectRefusal("\(text)", key: key, message: message) { try PreferencesFile.decode(Data(text.utf8), path: "p.json") }
    }
}
