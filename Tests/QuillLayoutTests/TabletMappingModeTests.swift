import QuillCore
import QuillTestSupport
import QuillLayout
import Testing

/// `TabletMapping`'s modes and rotations onto the canvases of the catalog's layouts.
@Suite("Tablet area mapping")
struct TabletMappingModeTests {
    /// Canvases of every full-screen and split layout in the catalog, in points.
    static let canvases: [Rect] = DeviceCatalog.all.flatMap { device in
        Orientation.allCases.flatMap { orientation in
            device.availableModes(orientation).compactMap { mode in
                try? LayoutEnvironment(deviceID: device.id, orientation: orientation, mode: mode).layout().canvas
            }
        }
    }

    /// The mapping of a `width` × `height` mm area onto a layout's canvas rectangle.
    static func mapping(
        widthMillimetres width: Double, heightMillimetres height: Double, canvas: Rect,
        mode: TabletMapping.Mode = .fit, rotation: TabletMapping.Rotation = .degrees0
    ) throws -> TabletMapping {
        try TabletMapping(areaWidth: width, areaHeight: height, canvasRect: canvas, mode: mode, rotation: rotation)
    }

    /// A random active area, 40…320 mm a side.
    static func randomArea(_ random: inout SeededRandom) -> Size {
        Size(width: Double.random(in: 40...320, using: &random), height: Double.random(in: 40...320, using: &random))
    }

    @Test("Fit letterboxes a 16:10 area on a 4:3 iPad canvas without distortion")
    func fitLetterboxesWithoutDistortion() throws {
        // 9.7-inch iPad landscape: canvas 1024×768. A 160×100 mm area scales by min(1024/160, 768/100) = 6.4.
        let canvas = try LayoutEnvironment(deviceID: "ipad-9.7", orientation: .landscape).layout().canvas
        let mapping = try Self.mapping(widthMillimetres: 160, heightMillimetres: 100, canvas: canvas)
        #expect(mapping.mode == .fit)
        #expect(mapping.mappedArea == Rect(x: 0, y: 64, width: 1024, height: 640))
        #expect(mapping.canvasPoint(for: Point(x: 80, y: 50)) == Point(x: 512, y: 384))
    }

    @Test("Fit keeps the aspect ratio and stays inside the canvas (seeded)")
    func fitKeepsTheAspectRatio() throws {
        var random = SeededRandom(seed: 0xF17)
        for canvas in Self.canvases {
            for rotation in TabletMapping.Rotation.allCases {
                let area = Self.randomArea(&random)
                let mapping = try Self.mapping(widthMillimetres: area.width, heightMillimetres: area.height, canvas: canvas, mode: .fit, rotation: rotation)
                let turned = rotation == .degrees90 || rotation == .degrees270 ? area.transposed : area
                let failing = "area \(area) rotation \(rotation.rawValue) canvas \(canvas)"
                let mapped = mapping.mappedArea
                #expect(mapping.horizontalPointsPerMillimetre == mapping.verticalPointsPerMillimetre, "\(failing)")
                let ratio = (mapped.width / mapped.height) / (turned.width / turned.height)
                #expect(abs(ratio - 1) <= 1e-12, "\(failing)")
                #expect(canvas.contains(mapped, tolerance: 1e-9), "\(failing)")
                let touchesSides = abs(mapped.width - canvas.width) <= 1e-9
                let touchesTopAndBottom = abs(mapped.height - canvas.height) <= 1e-9
                #expect(touchesSides || touchesTopAndBottom, "\(failing)")
            }
        }
    }

    @Test("Fill keeps the aspect ratio and covers the whole canvas (seeded)")
    func fillCoversTheCanvas() throws {
        var random = SeededRandom(seed: 0xF111)
        for canvas in Self.canvases {
            let area = Self.randomArea(&random)
            let mapping = try Self.mapping(widthMillimetres: area.width, heightMillimetres: area.height, canvas: canvas, mode: .fill)
            #expect(mapping.horizontalPointsPerMillimetre == mapping.verticalPointsPerMillimetre)
            #expect(mapping.mappedArea.contains(canvas, tolerance: 1e-9), "area \(area) canvas \(canvas)")
        }
    }

    @Test("Stretch maps the area's corners onto the canvas corners in every rotation")
    func stretchMapsAreaCornersToCanvasCorners() throws {
        let canvas = try LayoutEnvironment(deviceID: "ipad-pro-11", orientation: .landscape).layout().canvas
        let w = 216.0, h = 135.0
        let topLeft = Point(x: 0, y: 0), topRight = Point(x: w, y: 0)
        let bottomLeft = Point(x: 0, y: h), bottomRight = Point(x: w, y: h)
        let cTL = Point(x: canvas.minX, y: canvas.minY), cTR = Point(x: canvas.maxX, y: canvas.minY)
        let cBL = Point(x: canvas.minX, y: canvas.maxY), cBR = Point(x: canvas.maxX, y: canvas.maxY)
        // Where each reported corner (TL, TR, BL, BR) lands after turning the tablet clockwise.
        let expected: [TabletMapping.Rotation: [Point]] = [
            .degrees0: [cTL, cTR, cBL, cBR],
            .degrees90: [cTR, cBR, cTL, cBL],
            .degrees180: [cBR, cBL, cTR, cTL],
            .degrees270: [cBL, cTL, cBR, cTR],
        ]
        for rotation in TabletMapping.Rotation.allCases {
            let mapping = try Self.mapping(widthMillimetres: w, heightMillimetres: h, canvas: canvas, mode: .stretch, rotation: rotation)
            let mapped = [topLeft, topRight, bottomLeft, bottomRight].map { mapping.canvasPoint(for: $0) }
            for (got, want) in zip(mapped, expected[rotation] ?? []) {
                #expect(abs(got.x - want.x) <= Tolerance.points && abs(got.y - want.y) <= Tolerance.points, "rotation \(rotation.rawValue): \(got) vs \(want)")
            }
        }
    }

    @Test("The left-handed setting puts the reported top-left corner at the bottom right")
    func theLeftHandedSettingTurnsTheAreaUpsideDown() throws {
        let canvas = Rect(x: 0, y: 0, width: 1194, height: 834)
        let mapping = try Self.mapping(widthMillimetres: 216, heightMillimetres: 135, canvas: canvas, rotation: .degrees180)
        let corner = mapping.canvasPoint(for: Point(x: 0, y: 0))
        #expect(abs(corner.x - mapping.mappedArea.maxX) <= Tolerance.points)
        #expect(abs(corner.y - mapping.mappedArea.maxY) <= Tolerance.points)
    }

    @Test("The inverse round-trips in every mode and rotation (seeded)")
    func theInverseRoundTrips() throws {
        var random = SeededRandom(seed: 0x1A7E_2024)
        for canvas in Self.canvases {
            for mode in TabletMapping.Mode.allCases {
                for rotation in TabletMapping.Rotation.allCases {
                    let area = Self.randomArea(&random)
                    let mapping = try Self.mapping(widthMillimetres: area.width, heightMillimetres: area.height, canvas: canvas, mode: mode, rotation: rotation)
                    for _ in 0..<20 {
                        // Points on and somewhat beyond the active area.
                        let tablet = Point(
                            x: Double.random(in: -0.1...1.1, using: &random) * area.width,
                            y: Double.random(in: -0.1...1.1, using: &random) * area.height
                        )
                        let canvasPoint = mapping.canvasPoint(for: tablet)
                        let back = mapping.tabletPoint(for: canvasPoint)
                        let tolerance = Tolerance.roundTripMillimetres * 400
                        #expect(
                            abs(back.x - tablet.x) <= tolerance && abs(back.y - tablet.y) <= tolerance,
                            "mode \(mode) rotation \(rotation.rawValue) area \(area) canvas \(canvas): \(tablet) → \(canvasPoint) → \(back)"
                        )
                    }
                }
            }
        }
    }

    @Test("A non-positive active area is rejected by field name")
    func aNonPositiveActiveAreaIsRejected() {
        let error = #expect(throws: ParameterError.self) {
            try Self.mapping(widthMillimetres: 0, heightMillimetres: 100, canvas: Rect(x: 0, y: 0, width: 100, height: 100))
        }
        #expect(error?.field == "TabletMapping.areaWidth")
    }
}
