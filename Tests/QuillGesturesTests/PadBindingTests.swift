import Testing
import QuillCore
@testable import QuillGestures

/// Pad buttons in the Apple Pencil model: none bound by default; a bound button is the double-tap
/// or squeeze source or performs its own preferred action; a ring or strip sets the width when chosen.
@Suite struct PadBindingTests {
    func press(_ number: Int, at time: Double, _ pressed: Bool = true) -> PadEvent {
        PadEvent(time: time, kind: .button(number: number, isPressed: pressed))
    }

    @Test func nothingIsBoundByDefault() {
        var interaction = PencilInteraction()
        for number in 0..<9 {
            #expect(interaction.handle(press(number, at: Double(number)), pose: nil) == nil)
        }
        #expect(interaction.handle(PadEvent(time: 10, kind: .ring(number: 0, degrees: 90)), pose: nil) == nil)
        #expect(interaction.state.current == .pen)
    }

    @Test func aBoundButtonIsTheDoubleTapWithThePreferredAction() {
        var preferences = PencilPreferences()
        preferences.padButtons = [1: .doubleTap]
        var interaction = PencilInteraction(preferences: preferences)
        let outcome = interaction.handle(press(1, at: 0.5), pose: nil)
        #expect(outcome?.gesture == .doubleTap && outcome?.action == .switchEraser && outcome?.isRecognizedGesture == true)
        #expect(interaction.state.current.isEraser)
        #expect(interaction.handle(press(1, at: 0.6, false), pose: nil) == nil)  // the release does nothing
        #expect(interaction.handle(press(1, at: 1.0), pose: nil)?.toolAfter == .pen)
        // "ignore" is honoured for the pad's double tap too.
        preferences.preferredTapAction = .ignore
        var ignoring = PencilInteraction(preferences: preferences)
        let ignored = ignoring.handle(press(1, at: 0), pose: nil)
        #expect(ignored?.changes == [] && ignored?.action == .ignore && ignoring.state.current == .pen)
    }

    @Test func aBoundButtonIsTheSqueezeWhileHeld() {
        var preferences = PencilPreferences()
        preferences.padButtons = [2: .squeeze]
        var interaction = PencilInteraction(preferences: preferences)
        let pose = HoverPose(PenSample(
            time: 0, location: CanvasPoint(x: 100, y: 200), tabletLocation: TabletPoint(x: 10, y: 20), phase: .hover, tool: .pen,
            force: 0, pressure: 0, altitude: 1, azimuth: 0))
        let began = interaction.handle(press(2, at: 1), pose: pose)
        #expect(began?.gesture == .squeeze(.began) && began?.changes == [.paletteShown(.contextual)])
        #expect(interaction.state.contextualPaletteLocation?.x == 100 && interaction.state.contextualPaletteLocation?.y == 200)
        #expect(interaction.handle(press(2, at: 2, false), pose: pose)?.gesture == .squeeze(.ended))
    }

    @Test(arguments: PreferredAction.allCases)
    func aButtonBoundToAnActionPerformsItAndNeverChangesContent(action: PreferredAction) {
        var preferences = PencilPreferences()
        preferences.padButtons = [0: .action(action)]
        var interaction = PencilInteraction(preferences: preferences)
        let outcome = interaction.handle(press(0, at: 0), pose: nil)
        #expect(outcome?.gesture == .padButton(number: 0) && outcome?.action == action && outcome?.isRecognizedGesture == true)
        var reference = ToolState()
        let expected = action == .ignore ? [] : reference.perform(action, at: nil)
        #expect(outcome?.changes == expected)
        // Only mode changes exist: tool, palettes, width, a shortcut request — never content.
        #expect(interaction.handle(press(0, at: 0.1, false), pose: nil) == nil)
    }

    @Test func aRingOrStripSetsTheWidthWhenChosen() {
        var preferences = PencilPreferences()
        preferences.padDialControlsWidth = true
        var interaction = PencilInteraction(preferences: preferences)
        // Ring 0…360° and strip 0…1 map onto 1…25 pt; a release (−1) changes nothing.
        #expect(interaction.handle(PadEvent(time: 0, kind: .ring(number: 0, degrees: 180)), pose: nil)?.changes == [.widthChanged(before: 4, after: 13)])
        #expect(interaction.handle(PadEvent(time: 1, kind: .ring(number: 0, degrees: -1)), pose: nil) == nil)
        #expect(interaction.handle(PadEvent(time: 2, kind: .strip(number: 0, position: 1)), pose: nil)?.toolAfter.width == 25)
        #expect(interaction.handle(PadEvent(time: 3, kind: .strip(number: 0, position: 0)), pose: nil)?.toolAfter.width == 1)
        for degrees in stride(from: 0.0, to: 360, by: 7.5) {
            let width = PadWidthControl.width(for: .ring(number: 0, degrees: degrees)) ?? 0
            #expect(PadWidthControl.range.contains(width) && abs(width - (1 + degrees / 360 * 24)) < 1e-12)
        }
    }

    @Test func bindingNamesRoundTrip() {
        for name in PadBinding.names { #expect(PadBinding(name: name)?.name == name) }
        #expect(PadBinding(name: "deleteAll") == nil)
    }
}
