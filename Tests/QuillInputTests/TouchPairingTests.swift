import Foundation
import QuillCore
import QuillSystem
import Testing
@testable import QuillInput

/// Which pen arbitrates which touch node: libwacom's pairing (the Dell Canvas: a Wacom pen
/// 056a:4200 and an Advanced Silicon touchscreen 2575:0204, `PairedID` in dell-canvas-27.tablet).
@Suite struct TouchPairingTests {
    static func device(_ name: String) throws -> DeviceDescription {
        try TouchDecoderTests.device(name)
    }

    @Test func theDellCanvasPenAndTouchscreenAreOneTablet() throws {
        let catalog = try #require(WacomCatalog.loadIfAvailable(), "libwacom's data (Tools/setup installs it)")
        let pen = try Self.device("dell_canvas_pen.evemu"), touch = try Self.device("dell_canvas_touch.evemu")
        #expect(catalog.pairedModel(of: pen) == ModelID(vendor: 0x2575, product: 0x0204))
        #expect(TabletGroupRule.pairs(pen: pen, touch: touch, catalog: catalog, isOnlyPair: false))
        #expect(!TabletGroupRule.pairs(pen: pen, touch: touch, catalog: nil, isOnlyPair: false), "the names and ids differ: only libwacom pairs them")
        // Another tablet's touch stays apart (`quill devices`' grouping: TabletGroupTests).
        let cintiq = try Self.device("Wacom-Cintiq-13HD-touch-Finger.events")
        #expect(!TabletGroupRule.pairs(pen: pen, touch: cintiq, catalog: catalog, isOnlyPair: false))
    }

    /// `quill info` on the Dell palm fixture names the pen the touchscreen is paired with.
    @Test func infoSaysWhichPenArbitrates() throws {
        let result = try Fixtures.runProcess(CommandLineTests.executable, ["info", PalmFixtureLabels.fixturePath("dell-canvas-ignore-all")])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("palm rejection: paired with \"Wacom ISD-V4 Pen\""), "\(result.output)")
        #expect(result.output.contains("touch area: 595.8 × 334.4 mm (resolution declared by the device)"))
    }
}
