import QuillTestSupport
import Testing
@testable import QuillCore

@Suite struct TabletMappingTests {
    @Test func fitsTheAreaCentredWithoutDistortion() throws {
        // A 224 × 148 mm Intuos Pro M into 1366 × 1024 pt: width limits (1366/224 < 1024/148).
        let mapping = try TabletMapping(areaWidth: 224, areaHeight: 148, canvas: .iPadPro129Landscape)
        #expect(abs(mapping.pointsPerMillimetre - 1366.0 / 224.0) < 1e-12)
        #expect(mapping.originX == 0)
        #expect(abs(mapping.originY - (1024 - 148 * 1366.0 / 224.0) / 2) < 1e-9)
        let corner = mapping.canvasPoint(for: TabletPoint(x: 224, y: 148))
        #expect(abs(corner.x - 1366) < 1e-9)
        #expect(abs((1024 - corner.y) - mapping.originY) < 1e-9, "letterbox is the same above and below")
    }

    @Test func keepsTheAspectRatioAndInvertsForRandomAreasAndCanvases() throws {
        var random = SeededRandom(seed: 0x5EED_0003)
        for index in 0..<2000 {
            let area = (Double.random(in: 10...500, using: &random), Double.random(in: 10...500, using: &random))
            let canvas = try CanvasSize(width: Double.random(in: 100...4000, using: &random), height: Double.random(in: 100...4000, using: &random))
            let mapping = try TabletMapping(areaWidth: area.0, areaHeight: area.1, canvas: canvas)
            let topLeft = mapping.canvasPoint(for: TabletPoint(x: 0, y: 0))
            let bottomRight = mapping.canvasPoint(for: TabletPoint(x: area.0, y: area.1))
            let width = bottomRight.x - topLeft.x, height = bottomRight.y - topLeft.y
            #expect(abs(width / height - area.0 / area.1) < 1e-9, "case \(index)")
            #expect(topLeft.x >= -1e-9 && topLeft.y >= -1e-9 && bottomRight.x <= canvas.width + 1e-9 && bottomRight.y <= canvas.height + 1e-9, "case \(index): inside the canvas")
            #expect(abs(width - canvas.width) < 1e-6 || abs(height - canvas.height) < 1e-6, "case \(index): touches two edges")
            let point = TabletPoint(x: Double.random(in: 0...area.0, using: &random), y: Double.random(in: 0...area.1, using: &random))
            let back = mapping.tabletPoint(for: mapping.canvasPoint(for: point))
            #expect(abs(back.x - point.x) < 1e-9 && abs(back.y - point.y) < 1e-9, "case \(index)")
        }
    }

    @Test func rejectsInvalidCanvasSizesNamingTheField() {
        #expect(throws: ParameterError(field: "CanvasSize.width", value: "0.0", expected: "a finite number of points > 0")) {
            try CanvasSize(width: 0, height: 10)
        }
        #expect(throws: ParameterError.self) { try CanvasSize(width: 10, height: .nan) }
        #expect(throws: ParameterError.self) { try CanvasSize(parsing: "1366by1024") }
        #expect((try? CanvasSize(parsing: "800x600")) == (try? CanvasSize(width: 800, height: 600)))
    }

    @Test func rejectsAnEmptyArea() {
        #expect(throws: ParameterError.self) { try TabletMapping(areaWidth: 0, areaHeight: 10, canvas: .iPadPro129Landscape) }
    }

    @Test func theDefaultIsTheFittedMappingOf040BitForBit() throws {
        // 0.4.0's formulas, kept here: fit, centred, not turned, canvas at (0, 0).
        var random = SeededRandom(seed: 0x5EED_0019)
        for index in 0..<2000 {
            let area = (Double.random(in: 10...500, using: &random), Double.random(in: 10...500, using: &random))
            let canvas = try CanvasSize(width: Double.random(in: 100...4000, using: &random), height: Double.random(in: 100...4000, using: &random))
            let mapping = try TabletMapping(areaWidth: area.0, areaHeight: area.1, canvas: canvas)
            #expect(mapping.mode == .fit && mapping.rotation == .degrees0)
            let scale = min(canvas.width / area.0, canvas.height / area.1)
            let originX = (canvas.width - area.0 * scale) / 2, originY = (canvas.height - area.1 * scale) / 2
            #expect(mapping.pointsPerMillimetre == scale && mapping.originX == originX && mapping.originY == originY, "case \(index)")
            let point = TabletPoint(x: Double.random(in: -10...area.0 + 10, using: &random), y: Double.random(in: -10...area.1 + 10, using: &random))
            #expect(mapping.canvasPoint(for: point) == CanvasPoint(x: originX + point.x * scale, y: originY + point.y * scale), "case \(index)")
            let canvasPoint = CanvasPoint(x: Double.random(in: 0...canvas.width, using: &random), y: Double.random(in: 0...canvas.height, using: &random))
            #expect(mapping.tabletPoint(for: canvasPoint) == TabletPoint(x: (canvasPoint.x - originX) / scale, y: (canvasPoint.y - originY) / scale), "case \(index)")
        }
    }

    @Test func stretchScalesEachAxisOnItsOwn() throws {
        let canvas = try CanvasSize(width: 1000, height: 500)
        let mapping = try TabletMapping(areaWidth: 200, areaHeight: 200, canvas: canvas, canvasOrigin: CanvasPoint(x: 10, y: 20), mode: .stretch)
        #expect(mapping.horizontalPointsPerMillimetre == 5 && mapping.verticalPointsPerMillimetre == 2.5)
        #expect(abs(mapping.pointsPerMillimetre - (12.5).squareRoot()) < 1e-12)
        #expect(mapping.canvasPoint(for: TabletPoint(x: 200, y: 200)) == CanvasPoint(x: 1010, y: 520))
        #expect(mapping.tabletPoint(for: CanvasPoint(x: 10, y: 20)) == TabletPoint(x: 0, y: 0))
        #expect(mapping.mappedArea == mapping.canvasRect && mapping.canvasRect == Rect(x: 10, y: 20, width: 1000, height: 500))
    }

    @Test func aQuarterTurnExchangesTheSidesOfTheArea() throws {
        // 200 × 100 mm turned 90° clockwise is 100 × 200 mm: fitted into 1000 × 1000 pt by 5 pt/mm.
        let mapping = try TabletMapping(areaWidth: 200, areaHeight: 100, canvas: try CanvasSize(width: 1000, height: 1000), rotation: .degrees90)
        #expect(mapping.pointsPerMillimetre == 5 && mapping.mappedArea == Rect(x: 250, y: 0, width: 500, height: 1000))
        #expect(mapping.originX == 250 && mapping.originY == 0 && mapping.canvasRect == Rect(x: 0, y: 0, width: 1000, height: 1000))
        // The reported top-left corner is now the top-right one.
        #expect(mapping.canvasPoint(for: TabletPoint(x: 0, y: 0)) == CanvasPoint(x: 750, y: 0))
        #expect(mapping.tabletPoint(for: CanvasPoint(x: 750, y: 0)) == TabletPoint(x: 0, y: 0))
    }

    @Test func rejectsABadRotationAndANonFiniteOriginNamingTheField() {
        #expect(throws: ParameterError(field: "TabletMapping.rotation", value: "45", expected: "0, 90, 180 or 270 degrees")) {
            try TabletMapping.Rotation(degrees: 45)
        }
        #expect((try? TabletMapping.Rotation(degrees: 180)) == .degrees180)
        let error = #expect(throws: ParameterError.self) {
            try TabletMapping(areaWidth: 10, areaHeight: 10, canvas: .iPadPro129Landscape, canvasOrigin: CanvasPoint(x: .infinity, y: 0))
        }
        #expect(error?.field == "TabletMapping.canvasOrigin.x")
        #expect(throws: ParameterError.self) {
            try TabletMapping(areaWidth: 10, areaHeight: 10, canvasRect: Rect(x: 0, y: 0, width: 0, height: 10))
        }
    }
}
