import Foundation
import QuillCore
import QuillDevices
import QuillSystem
import Testing

/// `quill devices`' tablet groups: libwacom's `PairedID` joins the Dell Canvas's Wacom pen
/// (056a:4200) and its Advanced Silicon touchscreen (2575:0204), whose names differ.
@Suite struct TabletGroupTests {
    @Test func theDellCanvasIsOneTablet() throws {
        let catalog = try #require(WacomCatalog.loadIfAvailable(), "libwacom's data (Tools/setup installs it)")
        let pen = try RecordedTablet("dell_canvas_pen.evemu", start: 0).description
        let touch = try RecordedTablet("dell_canvas_touch.evemu", start: 0).description
        let cintiq = try RecordedTablet("Wacom-Cintiq-13HD-touch-Finger.events", start: 0).description
        let paired: (DeviceDescription) -> WacomDeviceID? = { catalog.tablet(for: $0)?.paired }
        #expect(TabletGroup.group([pen, touch], paired: paired).map(\.members) == [[0, 1]])
        #expect(TabletGroup.group([pen, touch, cintiq], paired: paired).map(\.members) == [[0, 1], [2]])
        #expect(TabletGroup.group([pen, touch]).map(\.members) == [[0], [1]], "without libwacom, nothing joins them")
    }
}
