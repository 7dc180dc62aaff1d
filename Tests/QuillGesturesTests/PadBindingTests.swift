import Testing
import QuillCore
@testable import QuillGestures

/// Pad buttons in the Apple Pencil model: none bound by default; a bound button is the double-tap
/// or squeeze source or performs its own preferred action; a ring or strip sets the width when chosen.
@Suite struct PadBindingTests {
    func press(_ number: Int, at time: Double, _ pressed: Bool = true) -> PadEvent {
        PadEvent(time: time, kind: .button(number: number, isPressed: pressed))
    }

    func puckSample(_ tool: PenTool, at time: Double, _ buttons: PenButtons, device: Int = 0) -> PenSample {
        PenSample(
            time: time, location: CanvasPoint(x: 10, y: 20), tabletLocation: TabletPoint(x: 1, y: 2), phase: .hover, tool: tool,
            force: 0, pressure: 0, altitude: .pi / 2, azimuth: 0, buttons: buttons, deviceIndex: device)
    }

    @Test func aPucksButtonsAreBoundAsPadButtonsAndNothingByDefault() {
        // None bound: a lens's presses do nothing.
        var unbound = PencilInteraction()
        #expect(unbound.handlePuckButtons(of: puckSample(.lens, at: 0, [.side]), pose: nil).isEmpty)
        #expect(unbound.state.current == .pen)
        var preferences = PencilPreferences()
        preferences.puckButtons = ["BTN_SIDE": .doubleTap, "BTN_LEFT": .action(.showColorPalette), "BTN_EXTRA": .squeeze]
        var interaction = PencilInteraction(preferences: preferences)
        // BTN_SIDE pressed: the double tap with the preferred action; held, nothing more; released, nothing.
        let tap = interaction.handlePuckButtons(of: puckSample(.lens, at: 1, [.side]), pose: nil)
        #expect(tap.map(\.gesture) == [.doubleTap] && tap.first?.action == .switchEraser && interaction.state.current.isEraser)
        #expect(interaction.handlePuckButtons(of: puckSample(.lens, at: 1.1, [.side]), pose: nil).isEmpty)
        #expect(interaction.handlePuckButtons(of: puckSample(.lens, at: 1.2, []), pose: nil).isEmpty)
        // BTN_LEFT and BTN_EXTRA in one sample: in the order of the names; the squeeze ends at its release.
        let both = interaction.handlePuckButtons(of: puckSample(.mouse, at: 2, [.left, .extra]), pose: nil)
        #expect(both.map(\.gesture) == [.puckButton(name: "BTN_LEFT"), .squeeze(.began)])
        #expect(both.first?.changes == [.paletteShown(.color)] && both.first?.isRecognizedGesture == true)
        // The pen on the same device releases what the puck held: the squeeze ends.
        let released = interaction.handlePuckButtons(of: puckSample(.pen, at: 3, [.stylus]), pose: nil)
        #expect(released.map(\.gesture) == [.squeeze(.ended)])
        // A pen's own buttons (BTN_STYLUS…) are never puck buttons; another device keeps its own state.
        #expect(interaction.handlePuckButtons(of: puckSample(.pen, at: 4, [.stylus, .stylus2]), pose: nil).isEmpty)
        #expect(interaction.handlePuckButtons(of: puckSample(.lens, at: 5, [.side], device: 1), pose: nil).map(\.gesture) == [.doubleTap])
    }

    @Test func aPuckLeavingProximityReleasesItsButtons() {
        // The kernel releases a puck's buttons with the tool, and the decoder gives no sample then:
        // the proximity-out ends a squeeze held on a puck button at once, and the next press is a press.
        var preferences = PencilPreferences()
        preferences.puckButtons = ["BTN_EXTRA": .squeeze]
        var interaction = PencilInteraction(preferences: preferences)
        #expect(interaction.handlePuckButtons(of: puckSample(.lens, at: 1, [.extra]), pose: nil).map(\.gesture) == [.squeeze(.began)])
        #expect(interaction.releasePuckButtons(device: 1, at: 1.5).isEmpty)  // another device's puck held nothing
        let released = interaction.releasePuckButtons(device: 0, at: 2)
        #expect(released.map(\.gesture) == [.squeeze(.ended)] && released.first?.time == 2)
        #expect(interaction.releasePuckButtons(device: 0, at: 2.5).isEmpty)
        #expect(interaction.handlePuckButtons(of: puckSample(.lens, at: 3, [.extra]), pose: nil).map(\.gesture) == [.squeeze(.began)])
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
