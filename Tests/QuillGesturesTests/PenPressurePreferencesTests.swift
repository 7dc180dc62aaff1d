import Foundation
import QuillCore
import QuillGestures
import Testing

/// The tip threshold and pressure curve per tablet and tool in the preferences file (issue 39):
/// read, written, set one value at a time, and refused naming the key.
struct PenPressurePreferencesTests {
    func decode(_ text: String) throws -> PencilPreferences { try PreferencesFile.decode(Data(text.utf8), path: "p.json") }

    @Test func scopesAreReadAndTheMostParticularApplies() throws {
        let read = try decode(#"{"penPressure": {"*/*": {"curve": [0, 50, 50, 100]}, "*/eraser": {"tipThreshold": 12}, "056a:0357/*": {"tipThreshold": 4, "curve": [10, 0, 100, 90]}, "056a:0357/eraser": {}}}"#)
        #expect(read.penPressure.count == 4)
        let intuos = ModelID(vendor: 0x056a, product: 0x0357)
        let other = ModelID(vendor: 0x256c, product: 0x006d)
        // This tablet's eraser: its own (empty: unchanged) over this tablet's and every eraser's.
        #expect(read.pressure(of: intuos, tool: .eraser) == .unchanged)
        #expect(read.pressure(of: intuos, tool: .pen) == (try PenPressure(curve: try PressureCurve([10, 0, 100, 90]), tipThreshold: 4)))
        #expect(read.pressure(of: other, tool: .eraser) == (try PenPressure(tipThreshold: 12)))
        #expect(read.pressure(of: other, tool: .airbrush) == (try PenPressure(curve: try PressureCurve([0, 50, 50, 100]))))
        #expect(PencilPreferences().pressure(of: other, tool: .pen) == .unchanged)
        // Written with the ids in lower-case hex, read back the same.
        let written = String(decoding: PreferencesFile.encode(read), as: UTF8.self)
        #expect(written.contains(#""056a:0357\/eraser""#) || written.contains(#""056a:0357/eraser""#))
        #expect(try decode(written) == read)
    }

    @Test(arguments: [
        (#"{"penPressure": {"56a:357/pen": {}}}"#, "penPressure.56a:357/pen", "expected a pen scope"),
        (#"{"penPressure": {"*/mouse": {}}}"#, "penPressure.*/mouse", "expected a pen scope"),
        (#"{"penPressure": {"*": {}}}"#, "penPressure.*", "expected a pen scope"),
        (#"{"penPressure": {"*/pen": {"tipThreshold": 0.5}}}"#, "penPressure.*/pen.tipThreshold", "1 … 50, found 0.5"),
        (#"{"penPressure": {"*/pen": {"tipThreshold": 51}}}"#, "penPressure.*/pen.tipThreshold", "1 … 50, found 51"),
        (#"{"penPressure": {"*/pen": {"tipThreshold": "8"}}}"#, "penPressure.*/pen.tipThreshold", "found '8'"),
        (#"{"penPressure": {"*/pen": {"curve": [0, 50, 50]}}}"#, "penPressure.*/pen.curve", "four control-point values"),
        (#"{"penPressure": {"*/pen": {"curve": [0, 50, 50, 101]}}}"#, "penPressure.*/pen.curve", "each 0 … 100"),
        (#"{"penPressure": {"*/pen": {"curve": "0,50,50,100"}}}"#, "penPressure.*/pen.curve", "found '0,50,50,100'"),
        (#"{"penPressure": {"*/pen": {"gamma": 2}}}"#, "penPressure.*/pen.gamma", "unknown key (expected curve, tipThreshold)"),
        (#"{"penPressure": {"*/pen": 8}}"#, "penPressure.*/pen", "expected an object of tipThreshold and curve"),
        (#"{"penPressure": []}"#, "penPressure", "expected an object of pen scopes"),
    ] as [(String, String, String)])
    func aBadSettingNamesItsKey(text: String, key: String, message: String) {
        expectRefusal("\(text)", key: key, path: "p.json", message: message) { try decode(text) }
    }

    @Test func setChangesOneValueOfOneScope() throws {
        var preferences = try PreferencesFile.set("penPressure.056a:0357/pen.tipThreshold", to: "8", in: PencilPreferences(), path: "p.json")
        preferences = try PreferencesFile.set("penPressure.056a:0357/pen.curve", to: "0,50,50,100", in: preferences, path: "p.json")
        preferences = try PreferencesFile.set("penPressure.*/eraser.curve", to: "50,0,100,50", in: preferences, path: "p.json")
        let intuosPen = try #require(PenPressureScope(text: "056a:0357/pen"))
        #expect(preferences.penPressure[intuosPen] == (try PenPressure(curve: try PressureCurve([0, 50, 50, 100]), tipThreshold: 8)))
        // none takes one value back to its default, or the whole scope away.
        preferences = try PreferencesFile.set("penPressure.056a:0357/pen.tipThreshold", to: "none", in: preferences, path: "p.json")
        #expect(preferences.penPressure[intuosPen] == (try PenPressure(curve: try PressureCurve([0, 50, 50, 100]))))
        preferences = try PreferencesFile.set("penPressure.056a:0357/pen", to: "none", in: preferences, path: "p.json")
        #expect(preferences.penPressure.keys.map(\.description) == ["*/eraser"])
    }

    @Test(arguments: [
        ("penPressure.*/pen.tipThreshold", "60", "1 … 50, found 60"),
        ("penPressure.*/pen.tipThreshold", "firm", "found 'firm'"),
        ("penPressure.*/pen.curve", "0,50,50", "four"),
        ("penPressure.*/pen.gamma", "2", "unknown setting 'gamma'"),
        ("penPressure.*/pen", "8", "only none"),
        ("penPressure.wacom/pen.curve", "0,0,100,100", "SCOPE being TABLET/TOOL"),
    ])
    func setRefusesABadValueNamingTheKey(key: String, text: String, message: String) {
        expectRefusal("\(key) \(text)", key: key, path: "p.json", message: message) { try PreferencesFile.set(key, to: text, in: PencilPreferences(), path: "p.json") }
    }

    @Test func theThresholdHasHysteresisAndSpreadsWhatIsAboveIt() throws {
        let pressure = try PenPressure(tipThreshold: 20)
        #expect(pressure.touches(0.199, wasTouching: false) == false && pressure.touches(0.2, wasTouching: false) == true)
        // Touching, it lifts below 80 % of the threshold (16 %), not at it.
        #expect(pressure.touches(0.17, wasTouching: true) == true && pressure.touches(0.159, wasTouching: true) == false)
        #expect(pressure.applied(0.2) == 0 && pressure.applied(1) == 1 && abs(pressure.applied(0.6) - 0.5) < 1e-12)
        #expect(PenPressure.unchanged.touches(0.5, wasTouching: false) == nil && PenPressure.unchanged.applied(0.37) == 0.37)
        #expect(throws: ParameterError.self) { try PenPressure(tipThreshold: 0) }
        #expect(throws: ParameterError.self) { try PenPressure(tipThreshold: .nan) }
        #expect(throws: ParameterError.self) { try PenPressureScope(tool: .mouse) }
    }
}

/// Barrel buttons that scroll or click only while touching, in the preferences file (issue 39).
struct PenButtonPreferencesTests {
    @Test func bindingsAreReadWrittenAndSet() throws {
        let read = try PreferencesFile.decode(Data(#"{"penButtons": {"BTN_STYLUS2": "scroll", "BTN_STYLUS": "clickWhileTouching"}}"#.utf8), path: "p.json")
        #expect(read.penButtons == [.stylus2: .scroll, .stylus: .clickWhileTouching])
        #expect(try PreferencesFile.decode(PreferencesFile.encode(read), path: "p.json") == read)
        var set = try PreferencesFile.set("penButton.BTN_STYLUS3", to: "scroll", in: read, path: "p.json")
        #expect(set.penButtons[.stylus3] == .scroll)
        set = try PreferencesFile.set("penButton.BTN_STYLUS2", to: "none", in: set, path: "p.json")
        #expect(set.penButtons == [.stylus: .clickWhileTouching, .stylus3: .scroll])
    }

    @Test(arguments: [
        (#"{"penButtons": {"BTN_LEFT": "scroll"}}"#, "penButtons.BTN_LEFT", "expected a barrel button, one of BTN_STYLUS, BTN_STYLUS2, BTN_STYLUS3"),
        (#"{"penButtons": {"BTN_STYLUS": "zoom"}}"#, "penButtons.BTN_STYLUS", "expected scroll, clickWhileTouching or pan, found 'zoom'"),
        (#"{"penButtons": {"BTN_STYLUS": true}}"#, "penButtons.BTN_STYLUS", "found true"),
        (#"{"penButtons": ["BTN_STYLUS"]}"#, "penButtons", "expected an object of barrel buttons"),
    ] as [(String, String, String)])
    func aBadBindingNamesItsKey(text: String, key: String, message: String) {
        expectRefusal("\(text)", key: key, message: message) { try PreferencesFile.decode(Data(text.utf8), path: "p.json") }
    }
}

/// Tablet areas in the preferences file (issue 39).
struct TabletAreaPreferencesTests {
    @Test func areasAreReadWrittenAndSetOneFieldAtATime() throws {
        let read = try PreferencesFile.decode(Data(#"{"tabletAreas": {"*": {"leftHanded": true}, "056a:0357": {"area": [20, 10, 100, 50], "screen": [0, 0, 0.5, 1], "screenSize": [3840, 2160], "keepProportions": true}}}"#.utf8), path: "p.json")
        let intuos = try #require(read.tabletAreas[ModelID(vendor: 0x056a, product: 0x0357)])
        #expect(intuos.area?.values == [20, 10, 100, 50] && intuos.screen?.values == [0, 0, 0.5, 1] && intuos.keepsProportions && !intuos.isLeftHanded)
        #expect(read.tabletAreas[ModelID?.none]?.isLeftHanded == true)
        #expect(try PreferencesFile.decode(PreferencesFile.encode(read), path: "p.json") == read)
        var set = try PreferencesFile.set("tabletArea.056a:0357.screen", to: "0.5,0,0.5,1", in: read, path: "p.json")
        set = try PreferencesFile.set("tabletArea.*.leftHanded", to: "false", in: set, path: "p.json")
        #expect(set.tabletAreas[ModelID(vendor: 0x056a, product: 0x0357)]?.screen?.values == [0.5, 0, 0.5, 1])
        #expect(set.tabletAreas[ModelID?.none]?.isLeftHanded == false)
        set = try PreferencesFile.set("tabletArea.056a:0357", to: "none", in: set, path: "p.json")
        #expect(set.tabletAreas.count == 1)
    }

    @Test(arguments: [
        (#"{"tabletAreas": {"wacom": {}}}"#, "tabletAreas.wacom", "expected a tablet"),
        (#"{"tabletAreas": {"*": {"area": [0, 0, 100]}}}"#, "tabletAreas.*.area", "expected [x, y, width, height] in millimetres"),
        (#"{"tabletAreas": {"*": {"area": [0, 0, -1, 10]}}}"#, "tabletAreas.*.area", "width,height > 0"),
        (#"{"tabletAreas": {"*": {"screen": [0.5, 0, 0.6, 1]}}}"#, "tabletAreas.*", "x + width ≤ 1"),
        (#"{"tabletAreas": {"*": {"keepProportions": true}}}"#, "tabletAreas.*", "a screenSize"),
        (#"{"tabletAreas": {"*": {"leftHanded": 1}}}"#, "tabletAreas.*.leftHanded", "expected true or false"),
        (#"{"tabletAreas": {"*": {"rotation": 90}}}"#, "tabletAreas.*.rotation", "unknown key"),
    ] as [(String, String, String)])
    func aBadAreaNamesItsKey(text: String, key: String, message: String) {
        expectRefusal("\(text)", key: key, message: message) { try PreferencesFile.decode(Data(text.utf8), path: "p.json") }
    }
}
