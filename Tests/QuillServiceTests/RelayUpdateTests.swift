import QuillCore
import QuillGestures
import QuillInput
import QuillTestSupport
import Testing

@testable import QuillService

/// Preferences that change while the service runs (issue 39): they apply from the next idle frame.
struct RelayUpdateTests {
    @Test(arguments: [21, 22, 23] as [UInt64])
    func aThresholdSetMidStreamAppliesFromThen(seed: UInt64) throws {
        let input = PenPressureRelayTests.stream(seed: seed, frames: 1_200)
        let firm = try PenPressureRelayTests.preferences("*/*", try PenPressure(tipThreshold: 25))
        // Split where no tool is in proximity, half way.
        let states = PenPressureRelayTests.states(input)
        let split = try #require((states.count / 2..<states.count).first { states[$0].tool == nil })
        var frameEnds: [Int] = []
        for (index, event) in input.enumerated() where event.isFrameEnd { frameEnds.append(index) }
        let cut = frameEnds[split] + 1
        var relay = try TabletRelay(device: PenPressureRelayTests.device, preferences: PencilPreferences())
        var output = RelayOutput()
        func feed(_ events: ArraySlice<InputEvent>) {
            var start = events.startIndex
            for index in events.indices where events[index].isFrameEnd {
                relay.relay(events[start...index], into: &output)
                start = index + 1
            }
        }
        feed(input[..<cut])
        try relay.update(preferences: firm)
        #expect(!relay.hasPendingPreferences, "nothing under way: applied at once")
        feed(input[cut...])
        // Before the split as without a threshold; after it as with one from the start.
        let plain = PenPressureRelayTests.states(try RelayPropertyTests.relay(input, PencilPreferences()).pen)
        let thresholded = PenPressureRelayTests.states(try RelayPropertyTests.relay(input, firm).pen)
        let got = PenPressureRelayTests.states(output.pen)
        #expect(Array(got[...split]) == Array(plain[...split]), "seed \(seed)")
        #expect(Array(got[(split + 1)...]) == Array(thresholded[(split + 1)...]), "seed \(seed)")
        #expect(plain != thresholded, "seed \(seed): the threshold changes something")
    }

    @Test func aPressWaitingToBeDecidedKeepsTheRulesItBeganUnder() throws {
        var relay = try TabletRelay(device: RelayPropertyTests.device, preferences: PencilPreferences())
        var output = RelayOutput()
        for frame in [
            RelayPropertyTests.frame(1_000_000, [(3, EvdevCode.Abs.misc, 0x802), (1, EvdevCode.Key.toolPen, 1), (3, 0, 1000), (3, 1, 1000)]),
            RelayPropertyTests.frame(1_100_000, [(1, EvdevCode.Key.stylus, 1), (3, 0, 1001)]),
            RelayPropertyTests.frame(1_200_000, [(1, EvdevCode.Key.stylus, 0), (3, 0, 1002)]),
        ] { relay.relay(frame[...], into: &output) }
        // A first press waits for its deadline (a double tap?): the new preferences wait too.
        var ignoring = PencilPreferences()
        ignoring.preferredTapAction = .ignore
        try relay.update(preferences: ignoring)
        #expect(relay.hasPendingPreferences)
        let deadline = try #require(relay.nextDeadline)
        relay.advance(to: deadline, into: &output)
        // Decided as a single press under the old rules (held back, then sent) …
        #expect(output.pen.filter { $0.type == 1 && $0.code == EvdevCode.Key.stylus }.map(\.value) == [1, 0])
        // … and from the next frame the new ones: the button passes as it is.
        output.removeAll()
        relay.relay(RelayPropertyTests.frame(2_000_000, [(1, EvdevCode.Key.stylus, 1), (3, 0, 1003)])[...], into: &output)
        #expect(!relay.hasPendingPreferences)
        #expect(output.pen.contains { $0.type == 1 && $0.code == EvdevCode.Key.stylus && $0.value == 1 })
    }

    @Test func preferencesThatCannotApplyAreRefusedAndTheOldOnesStay() throws {
        var relay = try TabletRelay(device: RelayPropertyTests.device, preferences: PencilPreferences())
        var offTheTablet = PencilPreferences()
        offTheTablet.tabletAreas[ModelID?.none] = try TabletAreaSettings(area: try TabletAreaSettings.Region(x: 0, y: 0, width: 500, height: 10))
        #expect(throws: ParameterError.self) { try relay.update(preferences: offTheTablet) }
        #expect(!relay.hasPendingPreferences)
    }
}
