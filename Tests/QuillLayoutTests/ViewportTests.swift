import QuillTestSupport
import QuillLayout
import Testing

@Suite("Viewport preservation")
struct ViewportTests {
    @Test("Rotating the 11-inch iPad Pro keeps the centre point and the zoom")
    func rotatingKeepsTheCentrePointAndTheZoom() throws {
        let portrait = try LayoutEnvironment(deviceID: "ipad-pro-11", orientation: .portrait).layout()
        let landscape = try LayoutEnvironment(deviceID: "ipad-pro-11", orientation: .landscape).layout()
        let before = Viewport(contentOffset: Point(x: 0, y: 0), zoom: 2, viewSize: portrait.canvas.size)
        let after = before.resized(to: landscape.canvas.size)
        // Centre (834 / 4, 1194 / 4) = (208.5, 298.5); landscape half-view in content points (298.5, 208.5).
        #expect(before.contentCentre == Point(x: 208.5, y: 298.5))
        #expect(after.contentOffset == Point(x: -90, y: 90))
        #expect(after.contentCentre == before.contentCentre)
        #expect(after.zoom == 2)
        #expect(after.viewSize == Size(width: 1194, height: 834))
    }

    @Test("Every rotation and split resize keeps the centre point and the zoom (seeded)")
    func everyRotationAndSplitResizeKeepsTheCentreAndZoom() throws {
        var random = SeededRandom(seed: 0x5EED_1A40)
        for device in DeviceCatalog.all {
            var canvases: [Size] = []
            for orientation in Orientation.allCases {
                for mode in device.availableModes(orientation) {
                    canvases.append(try LayoutEnvironment(deviceID: device.id, orientation: orientation, mode: mode).layout().canvas.size)
                }
            }
            for from in canvases {
                for to in canvases {
                    let old = Viewport(
                        contentOffset: Point(x: Double.random(in: -5000...5000, using: &random), y: Double.random(in: -5000...5000, using: &random)),
                        zoom: Double.random(in: 0.1...8, using: &random),
                        viewSize: from
                    )
                    let new = old.resized(to: to)
                    let tolerance = 1e-9 * max(1, abs(old.contentCentre.x), abs(old.contentCentre.y))
                    let failing = "\(device.id): \(old) → \(to)"
                    #expect(abs(new.contentCentre.x - old.contentCentre.x) <= tolerance, "\(failing)")
                    #expect(abs(new.contentCentre.y - old.contentCentre.y) <= tolerance, "\(failing)")
                    #expect(new.zoom == old.zoom, "\(failing)")
                    #expect(new.viewSize == to, "\(failing)")
                    let back = new.resized(to: from)
                    #expect(abs(back.contentOffset.x - old.contentOffset.x) <= tolerance, "\(failing)")
                    #expect(abs(back.contentOffset.y - old.contentOffset.y) <= tolerance, "\(failing)")
                }
            }
        }
    }
}
