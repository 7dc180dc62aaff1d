import Foundation
import QuillCore
import QuillGestures
import QuillTestSupport
import Testing

/// The preferences file as every app reads it: untrusted JSON, refused naming the key.
struct PreferencesFileTests {
    func decode(_ text: String) throws -> PencilPreferences { try PreferencesFile.decode(Data(text.utf8), path: "p.json") }
    func decodeApp(_ text: String) throws -> AppGesturePreferences { try PreferencesFile.decodeApp(Data(text.utf8), path: "app.json") }

    @Test func everyKeyIsRead() throws {
        let preferences = try decode(#"{"preferredTapAction":"ignore","preferredSqueezeAction":"showColorPalette","prefersPencilOnlyDrawing":true,"prefersHoverToolPreview":false,"padButtons":{"0":"doubleTap","5":"switchPrevious"},"padDialControlsWidth":true}"#)
        #expect(preferences.preferredTapAction == .ignore && preferences.preferredSqueezeAction == .showColorPalette)
        #expect(preferences.prefersPencilOnlyDrawing && !preferences.prefersHoverToolPreview && preferences.padDialControlsWidth)
        #expect(preferences.padButtons == [0: .doubleTap, 5: .action(.switchPrevious)])
        // An empty object is the defaults: switch to the eraser on a double tap (pencil-model.md).
        #expect(try decode("{}") == PencilPreferences())
        #expect(PencilPreferences().preferredTapAction == .switchEraser)
    }

    @Test(arguments: [
        (#"[1,2]"#, nil, "expected a JSON object"),
        (#"{"preferredTapAction":"undo"}"#, "preferredTapAction", "unknown action 'undo'"),
        (#"{"prefersPencilOnlyDrawing":1}"#, "prefersPencilOnlyDrawing", "expected true or false"),
        (#"{"padButtons":{"64":"doubleTap"}}"#, "padButtons.64", "0…63"),
        (#"{"padButtons":{"-1":"doubleTap"}}"#, "padButtons.-1", "0…63"),
        (#"{"padButtons":{"1":"clear"}}"#, "padButtons.1", "unknown binding 'clear'"),
        (#"{"padButtons":[]}"#, "padButtons", "expected an object"),
        (#"{"theme":"dark"}"#, "theme", "unknown key"),
        (#"{"preferredTapAction":"#, nil, "not valid JSON"),
    ] as [(String, String?, String)])
    func aBadFileNamesTheKeyAndWhatWasExpected(text: String, key: String?, message: String) {
        do {
            _ = try decode(text)
            Issue.record("\(text) was accepted")
        } catch let failure as PreferencesFile.Failure {
            #expect(failure.path == "p.json" && failure.key == key && failure.message.contains(message), "\(failure)")
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test(arguments: ["toggleWidth:nan", "toggleWidth:inf", "toggleWidth:-3", "toggleWidth:0", "toggleWidth:1e300", "toggleWidth:", "selectTool:", "togglePalette:everything", "wipe:all", "selectTool"])
    func aCustomActionOutOfRangeIsRefusedNotClamped(text: String) {
        #expect(PreferencesFile.customAction(text) == nil)
        #expect(throws: PreferencesFile.Failure.self) { try decodeApp(#"{"customTapAction":"\#(text)","optedIn":true}"#) }
    }

    @Test func anAppsCustomActionIsReadAndOptInIsItsOwnKey() throws {
        let app = try decodeApp(#"{"customTapAction":"toggleWidth:12.5","optedIn":true}"#)
        #expect(app.customTapAction == .toggleWidth(points: 12.5) && app.isCustomActionOptedIn)
        // Not opted in unless the file says so (the brief: an app's custom action is opt-in only).
        #expect(try decodeApp(#"{"customTapAction":"selectTool:pencil"}"#).isCustomActionOptedIn == false)
    }

    @Test func whatIsPrintedReadsBackTheSame() throws {
        // Seeded random preferences: printed as `quill preferences show` prints them, read again.
        var random = SeededRandom(seed: 0x5EED_0014)
        let bindings: [PadBinding] = [.doubleTap, .squeeze] + PreferredAction.allCases.map { .action($0) }
        for _ in 0..<300 {
            var preferences = PencilPreferences()
            preferences.preferredTapAction = PreferredAction.allCases.randomElement(using: &random)!
            preferences.preferredSqueezeAction = PreferredAction.allCases.randomElement(using: &random)!
            preferences.prefersPencilOnlyDrawing = Bool.random(using: &random)
            preferences.prefersHoverToolPreview = Bool.random(using: &random)
            preferences.padDialControlsWidth = Bool.random(using: &random)
            for _ in 0..<Int.random(in: 0...5, using: &random) {
                preferences.padButtons[Int.random(in: 0...63, using: &random)] = bindings.randomElement(using: &random)!
            }
            #expect(try decode(PreferencesFile.json(preferences)) == preferences)
        }
    }
}

extension PreferencesFileTests {
    /// One `Codable` type per file, its decoder the one validator: files, `quill preferences set`
    /// and the fuzzer read through it, and what it writes reads back the same.
    struct OneCodec {
        static let bindings: [PadBinding] = [.doubleTap, .squeeze] + PreferredAction.allCases.map { .action($0) }

        func file(_ contents: Data) throws -> String {
            let path = TestScratch.directory.appendingPathComponent("preferences-\(UUID().uuidString).json").path
            try contents.write(to: URL(fileURLWithPath: path))
            return path
        }

        func randomPreferences(_ random: inout SeededRandom) -> PencilPreferences {
            var preferences = PencilPreferences()
            preferences.preferredTapAction = PreferredAction.allCases.randomElement(using: &random)!
            preferences.preferredSqueezeAction = PreferredAction.allCases.randomElement(using: &random)!
            preferences.prefersPencilOnlyDrawing = Bool.random(using: &random)
            preferences.prefersHoverToolPreview = Bool.random(using: &random)
            preferences.padDialControlsWidth = Bool.random(using: &random)
            for _ in 0..<Int.random(in: 0...12, using: &random) {
                preferences.padButtons[Int.random(in: PencilPreferences.padButtonNumbers, using: &random)] = Self.bindings.randomElement(using: &random)!
            }
            for _ in 0..<Int.random(in: 0...5, using: &random) {
                preferences.puckButtons[PencilPreferences.puckButtonNames.randomElement(using: &random)!] = Self.bindings.randomElement(using: &random)!
            }
            for _ in 0..<Int.random(in: 0...4, using: &random) {
                let tablet = Bool.random(using: &random) ? nil : ModelID(vendor: UInt16.random(in: 0...0xffff, using: &random), product: UInt16.random(in: 0...0xffff, using: &random))
                let tool = Bool.random(using: &random) ? nil : PenPressureScope.tools.randomElement(using: &random)
                let curve = (0..<4).map { _ in Double(Int.random(in: 0...100, using: &random)) }
                let threshold = Bool.random(using: &random) ? nil : Double.random(in: PenPressure.tipThresholdRange, using: &random)
                preferences.penPressure[try! PenPressureScope(tablet: tablet, tool: tool)] = try! PenPressure(curve: try! PressureCurve(curve), tipThreshold: threshold)
            }
            if Bool.random(using: &random) {
                let model = Bool.random(using: &random) ? nil : ModelID(vendor: UInt16.random(in: 0...0xffff, using: &random), product: 0x0357)
                let area = Bool.random(using: &random) ? nil : try! TabletAreaSettings.Region(x: Double.random(in: 0...50, using: &random), y: 3.25, width: 100, height: Double.random(in: 1...90, using: &random))
                preferences.tabletAreas[model] = try! TabletAreaSettings(area: area, screen: try! TabletAreaSettings.Region(x: 0.25, y: 0, width: 0.5, height: 1), screenSize: [2560, 1440], keepsProportions: Bool.random(using: &random), isLeftHanded: Bool.random(using: &random))
            }
            if Bool.random(using: &random) {
                var settings = PencilPreferences()
                settings.preferredTapAction = PreferredAction.allCases.randomElement(using: &random)!
                settings.penButtons = [.stylus2: .scroll]
                let keys: Set<String> = Bool.random(using: &random) ? ["preferredTapAction"] : ["preferredTapAction", "penButtons"]
                preferences.profiles[["krita", "org.inkscape.Inkscape", "Gimp-2.10"].randomElement(using: &random)!] = PreferencesProfile(settings: keys.contains("penButtons") ? settings : { var only = PencilPreferences(); only.preferredTapAction = settings.preferredTapAction; return only }(), keys: keys)
            }
            for _ in 0..<Int.random(in: 0...2, using: &random) {
                preferences.penButtons[TapSource.allCases.randomElement(using: &random)!] = PenButtonAction.allCases.randomElement(using: &random)!
            }
            return preferences
        }

        func randomApp(_ random: inout SeededRandom) -> AppGesturePreferences {
            let inks = ["pencil", "marker", "pen", "fountain pen", "crayon \"wax\"", "a/b\\c", "tab\there", "ünïcödé ✏️", "x:y"]
            let custom: AppCustomAction?
            switch Int.random(in: 0...3, using: &random) {
            case 0: custom = nil
            case 1: custom = .selectTool(DrawingTool(ink: inks.randomElement(using: &random)!))
            case 2: custom = .togglePalette(Palette.allCases.randomElement(using: &random)!)
            default: custom = .toggleWidth(points: Double.random(in: PreferencesFile.customWidthRange, using: &random))
            }
            return AppGesturePreferences(customTapAction: custom, isCustomActionOptedIn: Bool.random(using: &random))
        }

        @Test func seededPreferencesWrittenReadBackTheSame() throws {
            var random = SeededRandom(seed: 0x5EED_0019_0003)
            for _ in 0..<200 {
                let preferences = randomPreferences(&random)
                let written = PreferencesFile.encode(preferences)
                #expect(try PreferencesFile.read(try file(written)) == preferences)
                // What `quill preferences show` prints reads back too, and is the file's encoding on one line.
                let line = PreferencesFile.json(preferences)
                #expect(try PreferencesFile.decode(Data(line.utf8), path: "show") == preferences)
                #expect(!line.contains("\n") && line.filter { !$0.isWhitespace } == String(decoding: written, as: UTF8.self).filter { !$0.isWhitespace })
                // The same preferences are the same bytes (sorted keys), and every key is written.
                #expect(PreferencesFile.encode(preferences) == written)
                let keys = try JSONDecoder().decode([String: AnyJSON].self, from: written).keys
                #expect(Set(keys) == Set(PreferencesFile.keys))
                let app = randomApp(&random)
                #expect(try PreferencesFile.readApp(try file(PreferencesFile.encodeApp(app))) == app)
            }
        }

        @Test func theTypesAreCodableWithoutThePreferencesFile() throws {
            // A host may embed the preferences in its own JSON: the same decoder, a generic file name.
            struct Host: Codable, Equatable { var pencil: PencilPreferences; var app: AppGesturePreferences }
            var preferences = PencilPreferences()
            preferences.padButtons = [3: .squeeze, 12: .action(.showInkAttributes)]
            preferences.puckButtons = ["BTN_SIDE": .doubleTap]
            let host = Host(pencil: preferences, app: AppGesturePreferences(customTapAction: .togglePalette(.inkAttributes), isCustomActionOptedIn: true))
            #expect(try JSONDecoder().decode(Host.self, from: JSONEncoder().encode(host)) == host)
            #expect(throws: PreferencesFile.Failure(path: "preferences", key: "theme", message: "unknown key (expected one of \(PreferencesFile.keys.joined(separator: ", ")))")) {
                try JSONDecoder().decode(PencilPreferences.self, from: Data(#"{"theme":"dark"}"#.utf8))
            }
        }

        @Test func aMissingKeyIsItsDefault() throws {
            let defaults = PencilPreferences()
            for key in PreferencesFile.keys {
                // Every key but one, with a value unlike its default: the missing one keeps its default.
                var full: [String: AnyJSON] = [
                    "preferredTapAction": .string("ignore"), "preferredSqueezeAction": .string("switchPrevious"),
                    "prefersPencilOnlyDrawing": .bool(true), "prefersHoverToolPreview": .bool(false), "padDialControlsWidth": .bool(true),
                    "padButtons": .object(["1": .string("squeeze")]), "puckButtons": .object(["BTN_LEFT": .string("doubleTap")]),
                    "keyChords": .object(["showColorPalette": .string("ctrl+shift+c")]),
                    "penPressure": .object(["*/pen": .object(["tipThreshold": .number(8)])]),
                    "penButtons": .object(["BTN_STYLUS2": .string("scroll")]),
                    "tabletAreas": .object(["*": .object(["leftHanded": .bool(true)])]),
                    "profiles": .object(["krita": .object(["preferredTapAction": .string("ignore")])]),
                ]
                full[key] = nil
                let read = try PreferencesFile.decode(JSONEncoder().encode(full), path: "p.json")
                switch key {
                case "preferredTapAction": #expect(read.preferredTapAction == defaults.preferredTapAction)
                case "preferredSqueezeAction": #expect(read.preferredSqueezeAction == defaults.preferredSqueezeAction)
                case "prefersPencilOnlyDrawing": #expect(read.prefersPencilOnlyDrawing == defaults.prefersPencilOnlyDrawing)
                case "prefersHoverToolPreview": #expect(read.prefersHoverToolPreview == defaults.prefersHoverToolPreview)
                case "padDialControlsWidth": #expect(read.padDialControlsWidth == defaults.padDialControlsWidth)
                case "padButtons": #expect(read.padButtons.isEmpty)
                case "puckButtons": #expect(read.puckButtons.isEmpty)
                case "keyChords": #expect(read.keyChords.isEmpty)
                case "penPressure": #expect(read.penPressure.isEmpty)
                case "penButtons": #expect(read.penButtons.isEmpty)
                case "tabletAreas": #expect(read.tabletAreas.isEmpty)
                case "profiles": #expect(read.profiles.isEmpty)
                default: Issue.record("untested key \(key)")
                }
                #expect(read != defaults)
            }
            #expect(try PreferencesFile.read(TestScratch.directory.appendingPathComponent("no-such-file.json").path) == defaults)
            #expect(try PreferencesFile.readApp(TestScratch.directory.appendingPathComponent("no-such-file.json").path) == AppGesturePreferences())
        }

        /// Values of every JSON type; each key refuses all but its own.
        static let values: [String: String] = [
            "number": "1", "zero": "0", "float": "2.5", "huge": "1e400", "string": #""yes""#, "null": "null", "true": "true",
            "array": "[true]", "object": #"{"a":1}"#, "emptyString": #""""#,
        ]

        @Test func everyBadValueOfEveryKeyIsRefusedNamingTheFileAndTheKey() throws {
            let expected: [String: (accepts: Set<String>, message: String)] = [
                "preferredTapAction": ([], "unknown action"),
                "preferredSqueezeAction": ([], "unknown action"),
                "prefersPencilOnlyDrawing": (["true"], "expected true or false"),
                "prefersHoverToolPreview": (["true"], "expected true or false"),
                "padDialControlsWidth": (["true"], "expected true or false"),
                "padButtons": (["object"], "expected an object of buttons to binding names"),
                "puckButtons": (["object"], "expected an object of buttons to binding names"),
                "keyChords": (["object"], "expected an object of actions to key chords"),
                "penPressure": (["object"], "expected an object of pen scopes to pressure settings"),
                "penButtons": (["object"], "expected an object of barrel buttons to scroll, clickWhileTouching or pan"),
                "tabletAreas": (["object"], "expected an object of tablets (vvvv:pppp or *) to areas"),
                "profiles": (["object"], "expected an object of app ids to preferences"),
            ]
            #expect(Set(expected.keys) == Set(PreferencesFile.keys))
            for (key, (accepts, message)) in expected {
                for (kind, value) in Self.values.sorted(by: { $0.key < $1.key }) where !accepts.contains(kind) {
                    let other = key == "preferredTapAction" ? "preferredSqueezeAction" : "preferredTapAction"
                    let path = try file(Data(#"{"\#(other)":"switchEraser","\#(key)":\#(value)}"#.utf8))
                    do {
                        let read = try PreferencesFile.read(path)
                        Issue.record("\(key): \(value) was accepted as \(read)")
                    } catch let failure as PreferencesFile.Failure {
                        #expect(failure.path == path && failure.key == key && failure.message.contains(message), "\(key) = \(value): \(failure)")
                        #expect(failure.description.hasPrefix("\(path): key '\(key)': "))
                    }
                }
            }
            // An object for padButtons and puckButtons: its first button is named.
            #expect(throws: PreferencesFile.Failure(path: "p.json", key: "padButtons.a", message: "expected a pad button number 0…63")) {
                try PreferencesFile.decode(Data(#"{"padButtons":{"a":1}}"#.utf8), path: "p.json")
            }
            #expect(throws: PreferencesFile.Failure(path: "p.json", key: "puckButtons.a", message: "expected a puck button, one of BTN_LEFT, BTN_RIGHT, BTN_MIDDLE, BTN_SIDE, BTN_EXTRA")) {
                try PreferencesFile.decode(Data(#"{"puckButtons":{"a":1}}"#.utf8), path: "p.json")
            }
        }

        @Test(arguments: [
            // A binding of every wrong type, and buttons out of range, for both kinds of button.
            (#"{"padButtons":{"1":7}}"#, "padButtons.1", "unknown binding 7"),
            (#"{"padButtons":{"1":null}}"#, "padButtons.1", "unknown binding null"),
            (#"{"padButtons":{"1":true}}"#, "padButtons.1", "unknown binding true"),
            (#"{"padButtons":{"1":["doubleTap"]}}"#, "padButtons.1", "unknown binding an array"),
            (#"{"padButtons":{"1":"none"}}"#, "padButtons.1", "unknown binding 'none'"),
            (#"{"padButtons":{"1.5":"squeeze"}}"#, "padButtons.1.5", "0…63"),
            (#"{"padButtons":{"":"squeeze"}}"#, "padButtons.", "0…63"),
            (#"{"padButtons":{"99999999999999999999":"squeeze"}}"#, "padButtons.99999999999999999999", "0…63"),
            (#"{"puckButtons":{"BTN_SIDE":"clear"}}"#, "puckButtons.BTN_SIDE", "unknown binding 'clear'"),
            (#"{"puckButtons":{"BTN_SIDE":{}}}"#, "puckButtons.BTN_SIDE", "unknown binding an object"),
            (#"{"puckButtons":{"btn_side":"doubleTap"}}"#, "puckButtons.btn_side", "expected a puck button, one of BTN_LEFT, BTN_RIGHT, BTN_MIDDLE, BTN_SIDE, BTN_EXTRA"),
            (#"{"puckButtons":{"BTN_STYLUS":"doubleTap"}}"#, "puckButtons.BTN_STYLUS", "expected a puck button"),
            (#"{"preferredTapAction":"SwitchEraser"}"#, "preferredTapAction", "unknown action 'SwitchEraser' (expected one of ignore, switchEraser, switchPrevious, showColorPalette, showInkAttributes, showContextualPalette, runSystemShortcut)"),
            (#"{"preferredSqueezeAction":"doubleTap"}"#, "preferredSqueezeAction", "unknown action 'doubleTap'"),
            (#"{"prefersHoverToolPreview":"true"}"#, "prefersHoverToolPreview", "expected true or false, found 'true'"),
            (#"{"padDialControlsWidth":0}"#, "padDialControlsWidth", "expected true or false, found 0"),
            (#"{"PreferredTapAction":"ignore"}"#, "PreferredTapAction", "unknown key (expected one of preferredTapAction, preferredSqueezeAction, prefersPencilOnlyDrawing, prefersHoverToolPreview, padButtons, padDialControlsWidth, puckButtons, keyChords, penPressure, penButtons, tabletAreas, profiles)"),
            // The first bad key in order is named.
            (#"{"zzz":1,"aaa":2}"#, "aaa", "unknown key"),
            ("5", nil, "expected a JSON object"),
            (#""{}""#, nil, "expected a JSON object"),
            ("", nil, "not valid JSON"),
            ("{\"preferredTapAction\":\"ignore\"} {}", nil, "not valid JSON"),
            ("\u{FEFF}{", nil, "not valid JSON"),
        ] as [(String, String?, String)])
        func aBadSystemFileNamesTheKey(text: String, key: String?, message: String) throws {
            let path = try file(Data(text.utf8))
            #expect(throws: (any Error).self) { try PreferencesFile.read(path) }
            do {
                _ = try PreferencesFile.read(path)
            } catch let failure as PreferencesFile.Failure {
                #expect(failure.path == path && failure.key == key && failure.message.contains(message), "\(failure)")
            }
        }

        @Test(arguments: [
            (#"{"optedIn":1}"#, "optedIn", "expected true or false, found 1"),
            (#"{"optedIn":"yes"}"#, "optedIn", "expected true or false, found 'yes'"),
            (#"{"customTapAction":null}"#, "customTapAction", "found null"),
            (#"{"customTapAction":3}"#, "customTapAction", "found 3"),
            (#"{"customTapAction":"undo:all"}"#, "customTapAction", "expected selectTool:INK, togglePalette:color|ink-attributes|contextual or toggleWidth:POINTS (0.5 … 80), found 'undo:all'"),
            (#"{"customTapAction":"toggleWidth:81"}"#, "customTapAction", "found 'toggleWidth:81'"),
            (#"{"customTapAction":"selectTool:pen","optIn":true}"#, "optIn", "unknown key (expected customTapAction, optedIn)"),
            ("[]", nil, "expected a JSON object"),
            ("{", nil, "not valid JSON"),
        ] as [(String, String?, String)])
        func aBadAppFileNamesTheKey(text: String, key: String?, message: String) throws {
            let path = try file(Data(text.utf8))
            do {
                let read = try PreferencesFile.readApp(path)
                Issue.record("\(text) was accepted as \(read)")
            } catch let failure as PreferencesFile.Failure {
                #expect(failure.path == path && failure.key == key && failure.message.contains(message), "\(failure)")
            }
        }

        @Test func untrustedInputIsBounded() throws {
            // Larger than the cap: refused before it is parsed (a valid file padded with spaces).
            let big = Data("{".utf8) + Data(repeating: UInt8(ascii: " "), count: PreferencesFile.maximumFileSize) + Data("}".utf8)
            let path = try file(big)
            #expect(throws: PreferencesFile.Failure(path: path, key: nil, message: "larger than 1 MiB, not a preferences file")) { try PreferencesFile.read(path) }
            #expect(throws: PreferencesFile.Failure.self) { try PreferencesFile.readApp(path) }
            #expect(throws: PreferencesFile.Failure.self) { try PreferencesFile.decode(big, path: "big") }
            // Just under the cap is read.
            let fits = Data("{".utf8) + Data(repeating: UInt8(ascii: " "), count: PreferencesFile.maximumFileSize - 2) + Data("}".utf8)
            #expect(try PreferencesFile.decode(fits, path: "fits") == PencilPreferences())
            // Nesting a hundred thousand deep is refused, not a crash (the parser's depth limit).
            for (open, close) in [("[", "]"), (#"{"a":"#, "}")] {
                let deep = #"{"padButtons":"# + String(repeating: open, count: 100_000) + "1" + String(repeating: close, count: 100_000) + "}"
                #expect(throws: PreferencesFile.Failure.self) { try PreferencesFile.decode(Data(deep.utf8), path: "deep") }
                #expect(throws: PreferencesFile.Failure.self) { try PreferencesFile.decodeApp(Data(deep.utf8), path: "deep") }
            }
            // A directory is not a file.
            let directory = TestScratch.directory.path
            #expect(throws: PreferencesFile.Failure(path: directory, key: nil, message: "cannot read the file (a directory)")) { try PreferencesFile.read(directory) }
        }

        // MARK: - quill preferences set

        @Test func setWritesOneKeyThroughTheDecoderAndKeepsTheOthers() throws {
            var preferences = PencilPreferences()
            preferences.padButtons = [1: .squeeze]
            preferences = try PreferencesFile.set("preferredTapAction", to: "ignore", in: preferences, path: "p.json")
            preferences = try PreferencesFile.set("preferredSqueezeAction", to: "showColorPalette", in: preferences, path: "p.json")
            preferences = try PreferencesFile.set("prefersPencilOnlyDrawing", to: "true", in: preferences, path: "p.json")
            preferences = try PreferencesFile.set("prefersHoverToolPreview", to: "false", in: preferences, path: "p.json")
            preferences = try PreferencesFile.set("padDialControlsWidth", to: "true", in: preferences, path: "p.json")
            preferences = try PreferencesFile.set("padButton.03", to: "doubleTap", in: preferences, path: "p.json")
            preferences = try PreferencesFile.set("padButton.63", to: "runSystemShortcut", in: preferences, path: "p.json")
            preferences = try PreferencesFile.set("puckButton.BTN_EXTRA", to: "squeeze", in: preferences, path: "p.json")
            var expected = PencilPreferences()
            expected.preferredTapAction = .ignore
            expected.preferredSqueezeAction = .showColorPalette
            expected.prefersPencilOnlyDrawing = true
            expected.prefersHoverToolPreview = false
            expected.padDialControlsWidth = true
            expected.padButtons = [1: .squeeze, 3: .doubleTap, 63: .action(.runSystemShortcut)]
            expected.puckButtons = ["BTN_EXTRA": .squeeze]
            #expect(preferences == expected)
            // none unbinds (an unbound button stays unbound).
            preferences = try PreferencesFile.set("padButton.1", to: "none", in: preferences, path: "p.json")
            preferences = try PreferencesFile.set("padButton.2", to: "none", in: preferences, path: "p.json")
            preferences = try PreferencesFile.set("puckButton.BTN_EXTRA", to: "none", in: preferences, path: "p.json")
            expected.padButtons[1] = nil
            expected.puckButtons = [:]
            #expect(preferences == expected)
            preferences = try PreferencesFile.set("prefersPencilOnlyDrawing", to: "false", in: preferences, path: "p.json")
            #expect(preferences.prefersPencilOnlyDrawing == false)
        }

        @Test(arguments: [
            ("preferredTapAction", "undoEverything", "unknown action 'undoEverything' (expected one of ignore, switchEraser"),
            ("preferredSqueezeAction", "", "unknown action ''"),
            ("preferredTapAction", "doubleTap", "unknown action 'doubleTap'"),
            ("prefersPencilOnlyDrawing", "yes", "expected true or false, found 'yes'"),
            ("prefersHoverToolPreview", "1", "expected true or false, found '1'"),
            ("padDialControlsWidth", "TRUE", "expected true or false, found 'TRUE'"),
            ("padButton.2", "undo", "unknown binding 'undo' (expected none or one of doubleTap, squeeze, ignore"),
            ("padButton.64", "doubleTap", "expected a pad button number 0…63"),
            ("padButton.64", "none", "expected a pad button number 0…63"),
            ("padButton.x", "squeeze", "expected a pad button number 0…63"),
            ("padButton.", "squeeze", "expected a pad button number 0…63"),
            ("puckButton.BTN_9", "doubleTap", "expected a puck button, one of BTN_LEFT, BTN_RIGHT"),
            ("puckButton.BTN_9", "none", "expected a puck button"),
            ("puckButton.BTN_LEFT", "\"}", "unknown binding '\"}'"),
            ("padButtons", "{}", "unknown key (expected one of preferredTapAction, preferredSqueezeAction, prefersPencilOnlyDrawing, prefersHoverToolPreview, padButtons, padDialControlsWidth, puckButtons, keyChords, penPressure, penButtons, tabletAreas, profiles, or padButton.N, puckButton.NAME, keyChord.NAME, penButton.NAME, penPressure.SCOPE.curve, penPressure.SCOPE.tipThreshold, tabletArea.TABLET.FIELD, profile/APP/KEY)"),
            ("theme", "dark", "unknown key"),
        ])
        func setRefusesABadKeyOrValueNamingIt(key: String, text: String, message: String) {
            var preferences = PencilPreferences()
            preferences.padButtons = [2: .squeeze]
            do {
                let set = try PreferencesFile.set(key, to: text, in: preferences, path: "p.json")
                Issue.record("\(key) \(text) was accepted as \(set)")
            } catch let failure as PreferencesFile.Failure {
                #expect(failure.path == "p.json" && failure.key == key && failure.message.contains(message), "\(failure)")
            } catch {
                Issue.record("\(error)")
            }
        }

        @Test func setAcceptsWhatTheFileAcceptsAndNothingElse() throws {
            // One validator: a value is set exactly when the file holding it is read.
            var random = SeededRandom(seed: 0x5EED_0019_5E7)
            let words = ["true", "false", "none", "yes", "1", ""] + Self.bindings.map(\.name) + PreferredAction.allCases.map(\.name)
            let keys = ["preferredTapAction", "preferredSqueezeAction", "prefersPencilOnlyDrawing", "prefersHoverToolPreview", "padDialControlsWidth"]
            for _ in 0..<300 {
                let key = keys.randomElement(using: &random)!
                let word = words.randomElement(using: &random)!
                let json = word == "true" || word == "false" ? word : "\"\(word)\""
                let fromFile = try? PreferencesFile.decode(Data(#"{"\#(key)":\#(json)}"#.utf8), path: "p.json")
                let fromSet = try? PreferencesFile.set(key, to: word, in: PencilPreferences(), path: "p.json")
                #expect(fromFile == fromSet, "\(key) \(word)")
            }
        }

        // MARK: - One codec

        @Test func theOldCodecsAreGone() throws {
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            let sources = ["Sources/QuillGestures", "Sources/quill"].flatMap { directory in
                ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(directory).path)) ?? [])
                    .filter { $0.hasSuffix(".swift") }.map { "\(directory)/\($0)" }
            }
            #expect(sources.contains("Sources/QuillGestures/PreferencesFile.swift") && sources.contains("Sources/quill/Gestures.swift"))
            for source in sources {
                let text = try String(contentsOf: root.appendingPathComponent(source), encoding: .utf8)
                // No JSONSerialization (the [String: Any] walk, and the command's writer).
                #expect(!text.contains("JSONSerialization"), "\(source)")
                guard source.hasSuffix("PreferencesFile.swift") || source.hasSuffix("PencilPreferences.swift") || source.hasSuffix("Gestures.swift") else { continue }
                #expect(!text.contains("[String: Any]") && !text.contains("jsonObject"), "\(source)")
                // No JSON written by interpolation (the old one-line writer).
                #expect(!text.contains(#"\"\("#) && !text.contains(#"{\""#), "\(source)")
            }
        }
    }
}

/// Any JSON value, for the tests to look at what was written.
enum AnyJSON: Codable, Hashable {
    case string(String), bool(Bool), number(Double), null, array([AnyJSON]), object([String: AnyJSON])
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let bool = try? container.decode(Bool.self) { self = .bool(bool) }
        else if let number = try? container.decode(Double.self) { self = .number(number) }
        else if let string = try? container.decode(String.self) { self = .string(string) }
        else if let array = try? container.decode([AnyJSON].self) { self = .array(array) }
        else { self = .object(try container.decode([String: AnyJSON].self)) }
    }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case let .string(value): try container.encode(value)
        case let .bool(value): try container.encode(value)
        case let .number(value): try container.encode(value)
        case .null: try container.encodeNil()
        case let .array(value): try container.encode(value)
        case let .object(value): try container.encode(value)
        }
    }
}
