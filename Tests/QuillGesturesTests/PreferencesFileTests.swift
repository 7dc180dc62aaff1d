import Foundation
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
