import QuillCore
import QuillGestures
import QuillInput
import Testing

@testable import QuillService

/// The area settings on the virtual tablet (issue 39): the Cintiq 22HDT's recording turned for a
/// left hand, and the service's refusal of an area off the tablet.
struct TabletAreaRelayTests {
    @Test func aLeftHandTurnsPositionsAndTiltAndNothingElse() throws {
        var preferences = PencilPreferences()
        preferences.preferredTapAction = .ignore
        preferences.preferredSqueezeAction = .ignore
        preferences.tabletAreas[ModelID?.none] = try TabletAreaSettings(isLeftHanded: true)
        let (input, output, virtual) = try TabletRelayTests.relayed(TabletRelayTests.cintiq22HDT, preferences)
        #expect(input.count == output.pen.count && input.count > 10_000)
        var turned = 0
        for (real, sent) in zip(input, output.pen) {
            #expect(real.type == sent.type && real.code == sent.code && real.microseconds == sent.microseconds)
            if real.type == EvdevCode.EventType.abs, [EvdevCode.Abs.x, EvdevCode.Abs.y, EvdevCode.Abs.tiltX, EvdevCode.Abs.tiltY].contains(real.code) {
                let axis = try #require(virtual.axes[real.code])
                #expect(sent.value == axis.minimum + axis.maximum - real.value)
                turned += 1
            } else {
                #expect(sent.value == real.value)
            }
        }
        #expect(turned > 5_000)
    }

    @Test func anAreaOffTheTabletIsRefusedNamingItsSize() throws {
        var preferences = PencilPreferences()
        preferences.tabletAreas[ModelID?.none] = try TabletAreaSettings(area: try TabletAreaSettings.Region(x: 0, y: 0, width: 600, height: 100))
        #expect(throws: ParameterError.self) { try RecordingRelay(path: TabletRelayTests.cintiq22HDT, preferences: preferences, catalog: TabletRelayTests.catalog) }
    }
}
