import Testing
@testable import QuillGestures

/// The dispatch rules of `pencil-model.md` ("Double tap and squeeze"): ignore is honoured, a
/// custom action only when opted in, never content, and every recognized gesture gets feedback.
@Suite struct PencilInteractionTests {
    let tap = GestureEvent(time: 1.5, kind: .doubleTap, pose: nil)

    /// Tool states to start from: pen current; eraser current; a palette already shown.
    func states() -> [ToolState] {
        var eraser = ToolState()
        _ = eraser.perform(.switchEraser, at: nil)
        var withPalette = ToolState()
        _ = withPalette.perform(.showColorPalette, at: nil)
        return [ToolState(), eraser, withPalette]
    }

    @Test(arguments: PreferredAction.allCases)
    func everyPreferredActionFromEveryToolState(action: PreferredAction) {
        for start in states() {
            var preferences = PencilPreferences()
            preferences.preferredTapAction = action
            var interaction = PencilInteraction(preferences: preferences, state: start)
            let first = interaction.handle(tap)
            #expect(first?.isRecognizedGesture == true, "every recognized tap gets feedback")
            #expect(first?.action == action)
            switch action {
            case .ignore:
                #expect(interaction.state == start && first?.changes.isEmpty == true)
            case .runSystemShortcut:
                #expect(interaction.state == start && first?.changes == [.shortcutRequested])
            case .switchEraser:
                #expect(interaction.state.current.isEraser != start.current.isEraser)
            case .switchPrevious:
                #expect(interaction.state.current == start.previous && interaction.state.previous == start.current)
            case .showColorPalette:
                #expect(interaction.state.shownPalettes.contains(.color) != start.shownPalettes.contains(.color))
            case .showInkAttributes:
                #expect(interaction.state.shownPalettes.contains(.inkAttributes) != start.shownPalettes.contains(.inkAttributes))
            case .showContextualPalette:
                #expect(interaction.state.shownPalettes.contains(.contextual))
            }
            // A second tap undoes the mode change (rule 3: a tap can be accidental).
            _ = interaction.handle(tap)
            #expect(interaction.state == start, "\(action) from \(start.current) is undone by tapping again")
        }
    }

    @Test func theSwitchEraserDefaultAppliesWithoutAFile() {
        #expect(PencilPreferences().preferredTapAction == .switchEraser)
        #expect(PreferredAction.switchEraser.rawValue == 1 && PreferredAction.ignore.rawValue == 0 && PreferredAction.runSystemShortcut.rawValue == 6)
    }

    @Test func theAppsCustomActionNeedsTheOptInAndIgnoreBeatsIt() {
        let custom = AppGesturePreferences(customTapAction: .togglePalette(.contextual), isCustomActionOptedIn: false)
        var notOptedIn = PencilInteraction(appPreferences: custom)
        _ = notOptedIn.handle(tap)
        #expect(notOptedIn.state.current.isEraser, "without the opt-in the system action runs")
        var optedIn = PencilInteraction(appPreferences: AppGesturePreferences(customTapAction: .togglePalette(.contextual), isCustomActionOptedIn: true))
        let outcome = optedIn.handle(tap)
        #expect(outcome?.usedCustomAction == true && optedIn.state.shownPalettes == [.contextual])
        var preferences = PencilPreferences()
        preferences.preferredTapAction = .ignore
        var ignoring = PencilInteraction(preferences: preferences, appPreferences: AppGesturePreferences(customTapAction: .togglePalette(.color), isCustomActionOptedIn: true))
        _ = ignoring.handle(tap)
        #expect(ignoring.state == ToolState(), "ignore is honoured even over an opted-in custom action")
    }

    @Test func aCustomActionCanOnlyChangeModes() {
        // Every case an app can express, applied: only tool, palette and width change. There is no
        // case for undo, delete or clear — a content-changing double tap cannot be written.
        let all: [AppCustomAction] = [.selectTool(DrawingTool(ink: "marker")), .togglePalette(.color), .togglePalette(.inkAttributes), .togglePalette(.contextual), .toggleWidth(points: 2)]
        for action in all {
            switch action {
            case .selectTool, .togglePalette, .toggleWidth: break  // exhaustive: a new case must be added here
            }
            var state = ToolState()
            let changes = state.perform(action, at: nil)
            #expect(!changes.isEmpty)
            _ = state.perform(action, at: nil)
            #expect(state == ToolState(), "\(action) is undone by a second tap")
        }
    }

    @Test func theContextualPaletteOpensAtTheHoverLocation() {
        var state = ToolState()
        var pen = PenScript()
        pen.hover(0.05)
        let pose = HoverPose(pen.samples[0])
        _ = state.perform(.showContextualPalette, at: pose)
        #expect(state.contextualPaletteLocation?.x == pose.x && state.contextualPaletteLocation?.y == pose.y)
    }

    @Test func aSqueezeActsOnceWhenItBegins() {
        var interaction = PencilInteraction()
        for phase in [SqueezePhase.began, .changed, .changed, .ended] {
            let outcome = interaction.handle(GestureEvent(time: 2, kind: .squeeze(phase), pose: nil))
            #expect(outcome?.isRecognizedGesture == true)
        }
        #expect(interaction.state.shownPalettes == [.contextual])
    }
}
