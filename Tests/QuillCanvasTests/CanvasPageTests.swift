import Foundation
@testable import QuillCanvas
import QuillCore
import QuillGestures
import QuillRender
import QuillStroke
import QuillTestSupport
import Testing

/// The canvas's page transform (finger gestures, Ctrl+scroll, Ctrl+0) in the model and the
/// painter: what is drawn after a zoom or a turn lands under the pen.
struct CanvasPageTests {
    static func near(_ a: Point, _ b: Point, _ tolerance: Double) -> Bool { abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance }

    /// One pointer-like sample at a window point (input points, as CanvasWindow makes them).
    static func sample(_ model: CanvasModel, _ adapter: inout ToolkitSampleAdapter, at window: Point, time: Double, touching: Bool,
                       tiltX: Double? = nil, tiltY: Double? = nil) throws -> PenSample {
        let input = model.inputPoint(windowX: window.x, y: window.y)
        var sample = try adapter.sample(x: input.x, y: input.y, time: time, isTouching: touching, pressure: touching ? 0.5 : nil, tiltX: tiltX, tiltY: tiltY)
        sample.tabletLocation = model.recorder.engine.mapping.tabletPoint(for: input)
        return sample
    }

    static func adapter(_ model: CanvasModel) throws -> ToolkitSampleAdapter {
        try ToolkitSampleAdapter(pointsPerMillimetre: CanvasModel.pointerPointsPerMillimetre, window: model.document)
    }

    /// A pinch that zooms 2.5×, turns 0.7 rad and moves the fingers (30, −20) pt.
    static func pinch(_ model: CanvasModel) throws {
        try model.applyPageGesture(phase: .began, scale: 1, rotation: 0, translation: .zero, centroid: Point(x: 500, y: 400))
        try model.applyPageGesture(phase: .changed, scale: 1.6, rotation: 0.3, translation: Point(x: 10, y: -5), centroid: Point(x: 510, y: 395))
        try model.applyPageGesture(phase: .ended, scale: 2.5, rotation: 0.7, translation: Point(x: 30, y: -20), centroid: Point(x: 530, y: 380))
    }

    static func redraws(_ model: CanvasModel) -> Bool {
        model.takeChanges().contains { if case .redrawAll = $0 { return true } else { return false } }
    }

    @Test func aPageGestureIsOneTransformRelativeToItsStart() throws {
        let model = try CanvasModel(options: CanvasOptions())
        _ = model.takeChanges()
        let underFingers = model.documentPoint(x: 500, y: 400)
        try Self.pinch(model)
        #expect(abs(model.pageTransform.scale - 2.5) < 1e-12 && abs(model.pageTransform.rotation - 0.7) < 1e-12)
        // The page point under the fingers when they came down is under them where they lifted.
        #expect(Self.near(model.windowPoint(underFingers), Point(x: 530, y: 380), 1e-9))
        #expect(Self.redraws(model))
        // A repeat of the same values changes nothing (values are since the start, not steps).
        try model.applyPageGesture(phase: .began, scale: 1, rotation: 0, translation: .zero, centroid: Point(x: 200, y: 200))
        try model.applyPageGesture(phase: .changed, scale: 1.2, rotation: 0, translation: .zero, centroid: Point(x: 200, y: 200))
        let once = model.pageTransform
        try model.applyPageGesture(phase: .changed, scale: 1.2, rotation: 0, translation: .zero, centroid: Point(x: 200, y: 200))
        #expect(model.pageTransform == once)
        // Called off: back to where it began.
        try model.applyPageGesture(phase: .cancelled, scale: 1.2, rotation: 0, translation: .zero, centroid: Point(x: 200, y: 200))
        #expect(abs(model.pageTransform.scale - 2.5) < 1e-12)
        // A bad value is refused and the page stays.
        let before = model.pageTransform
        #expect(throws: ParameterError.self) { try model.applyPageGesture(phase: .changed, scale: 0, rotation: 0, translation: .zero, centroid: .zero) }
        #expect(model.pageTransform == before)
        // Pinching on past 8×: the zoom stops there.
        try model.applyPageGesture(phase: .began, scale: 1, rotation: 0, translation: .zero, centroid: Point(x: 600, y: 300))
        try model.applyPageGesture(phase: .ended, scale: 50, rotation: 0, translation: .zero, centroid: Point(x: 600, y: 300))
        #expect(model.pageTransform.scale == 8)
    }

    @Test func drawingAfterAZoomAndATurnLandsUnderThePen() throws {
        let model = try CanvasModel(options: CanvasOptions())
        try Self.pinch(model)
        for sample in try CanvasModelTests.stroke(on: model, from: (450, 250), to: (700, 450), time: 1) { model.add(sample, now: 1) }
        let stroke = try #require(model.recorder.drawing.strokes.first)
        // Every point of the stroke, shown, is on the pen's path in the window.
        let (a, b) = (Point(x: 450, y: 250), Point(x: 700, y: 450))
        for point in stroke.path.points {
            let shown = model.windowPoint(x: point.x, y: point.y)
            let t = max(0, min(1, ((shown.x - a.x) * (b.x - a.x) + (shown.y - a.y) * (b.y - a.y)) / (pow(b.x - a.x, 2) + pow(b.y - a.y, 2))))
            let distance = hypot(shown.x - (a.x + t * (b.x - a.x)), shown.y - (a.y + t * (b.y - a.y)))
            #expect(distance < 1, "\(shown) is \(distance) pt off the pen's path")
        }
        let first = try #require(stroke.path.points.first)
        #expect(Self.near(model.windowPoint(x: first.x, y: first.y), a, 1))
        // The page keeps the ink's width: 2.5× zoom shows it 2.5× wider, it is not thinner on the page.
        #expect(stroke.path.points.allSatisfy { $0.width >= InkType.pen.widthRange.lowerBound })
    }

    @Test func aTabletsPenIsShownWhereItLands() throws {
        // A tablet (not a screen) mapped onto the document: the cursor and the ink are at the page
        // point shown where the tablet's point is in the window, whatever the zoom and turn.
        let (items, mapping) = try CanvasModelTests.timeline(CanvasModelTests.intuosDrag, deviceFile: CanvasModelTests.intuosDescription)
        let model = try CanvasModelTests.model(mapping)
        try Self.pinch(model)
        var checked = 0
        for case let .sample(sample) in items.prefix(300) {
            model.add(sample, now: 0)
            guard let pointer = model.pointer else { continue }
            let input = mapping.canvasPoint(for: sample.tabletLocation)
            #expect(Self.near(model.windowPoint(pointer.location), model.windowPoint(forInput: input), 1e-6))
            #expect(Self.near(pointer.location, model.pagePoint(forInput: input), 1e-9))
            checked += 1
        }
        #expect(checked > 100)
    }

    @Test func ctrlScrollZoomsAboutThePointerAndCtrl0FitsThePage() throws {
        let window = try CanvasWindow(options: CanvasOptions(), input: .pointer, savePath: TestScratch.path + "unused.json")
        let model = window.model
        let fitted = model.windowPoint(x: 100, y: 100)
        _ = model.takeChanges()
        // Without a pointer place: about the canvas's centre.
        let canvas = model.layout.canvas
        let centre = Point(x: canvas.x + canvas.width / 2, y: canvas.y + canvas.height / 2)
        let atCentre = model.documentPoint(centre)
        #expect(window.scrollZoom(steps: -3))
        #expect(abs(model.pageTransform.scale - pow(1.1, 3)) < 1e-12)
        #expect(Self.near(model.windowPoint(atCentre), centre, 1e-9))
        #expect(Self.redraws(model))
        // Zooming about any point keeps that point still; far past the limit it stops at 8×.
        let about = Point(x: 300, y: 500)
        let under = model.documentPoint(about)
        try model.zoomPage(by: 1000, about: about)
        #expect(model.pageTransform.scale == 8 && Self.near(model.windowPoint(under), about, 1e-9))
        #expect(throws: ParameterError.self) { try model.zoomPage(by: -1, about: about) }
        // Ctrl+0 (GDK_KEY_0 with Ctrl): the page fitted again.
        #expect(window.key(0x030, control: true, shift: false))
        #expect(model.pageTransform.isIdentity && model.windowPoint(x: 100, y: 100) == fitted)
        #expect(Self.redraws(model))
    }

    @Test func thePainterShowsTheTurnedPageUnderThePen() throws {
        let model = try CanvasModel(options: CanvasOptions())
        try Self.pinch(model)
        for sample in try CanvasModelTests.stroke(on: model, from: (450, 250), to: (700, 450), time: 1) { model.add(sample, now: 1) }
        let path = TestScratch.path + "canvas-page-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let target = try CairoCanvas(path: path, format: .png, width: 1024, height: 720)
        let painter = CanvasPainter()
        try painter.paint(model, on: target, width: 1024, height: 720, now: 2)
        try target.finish()
        let image = try CairoImage(png: path)
        // The pen's blue along the pen's path in the window (its ends aside: smoothing rounds them).
        for step in 2...8 {
            let f = Double(step) / 10
            let x = Int(450 + 250 * f), y = Int(250 + 200 * f)
            let inked = (-1...1).contains { dx in (-1...1).contains { dy in image.pixel(x: x + dx, y: y + dy).map { Int($0.blue) - Int($0.red) > 60 } == true } }
            #expect(inked, "no ink at (\(x), \(y))")
        }
    }
}
