import Foundation
import QuillCanvas
import QuillCore
import QuillGestures
import QuillRender
import QuillStroke
import QuillTestSupport
import Testing

/// The hover preview (`prefersHoverToolPreview`): the tool's nib outline under a hovering pen.
struct HoverPreviewTests {
    @Test func theHoverPreviewIsTheNibUnderTheHoveringPen() throws {
        let model = try CanvasModel(options: CanvasOptions())
        var adapter = try CanvasPageTests.adapter(model)
        let at = Point(x: 600, y: 300)
        model.add(try CanvasPageTests.sample(model, &adapter, at: at, time: 1, touching: false), now: 1)
        let preview = try #require(model.hoverPreview, "hovering: a preview")
        // The pen ink at its width (4 pt), round, centred under the pen.
        #expect(preview.ink == .pen && abs(preview.width - 4) < 1e-9 && preview.width == preview.height)
        #expect(CanvasPageTests.near(model.windowPoint(preview.center), at, 1e-9))
        // Touching: none (the ink shows the mark); lifted and hovering again: back.
        model.add(try CanvasPageTests.sample(model, &adapter, at: at, time: 1.01, touching: true), now: 1)
        #expect(model.hoverPreview == nil && model.pointer?.isTouching == true)
        model.add(try CanvasPageTests.sample(model, &adapter, at: at, time: 1.02, touching: true), now: 1)
        model.add(try CanvasPageTests.sample(model, &adapter, at: at, time: 1.03, touching: false), now: 1)
        model.add(try CanvasPageTests.sample(model, &adapter, at: at, time: 1.04, touching: false), now: 1)
        #expect(model.hoverPreview != nil)
        // Out of proximity: none.
        model.proximityOut(at: 1.05, now: 1)
        #expect(model.hoverPreview == nil)
        // Over the palette the pen picks: no preview there.
        let control = model.layout.palette.controls[0]
        model.add(try CanvasPageTests.sample(model, &adapter, at: Point(x: control.x + 20, y: control.y + 20), time: 1.1, touching: false), now: 1)
        #expect(model.hoverPreview == nil && model.pointer != nil)
    }

    @Test func theHoverPreviewFollowsTheToolAndThePage() throws {
        let model = try CanvasModel(options: CanvasOptions())
        var adapter = try CanvasPageTests.adapter(model)
        // The marker's chisel turns with the azimuth as the page sees it: the page turned 0.5 rad.
        model.choose(control: try #require(CanvasModel.paletteInks.firstIndex(of: .marker)), now: 0)
        try model.applyPageGesture(phase: .began, scale: 1, rotation: 0, translation: .zero, centroid: Point(x: 600, y: 400))
        try model.applyPageGesture(phase: .ended, scale: 1.5, rotation: 0.5, translation: .zero, centroid: Point(x: 600, y: 400))
        let sample = try CanvasPageTests.sample(model, &adapter, at: Point(x: 640, y: 420), time: 1, touching: false, tiltX: 30, tiltY: 10)
        model.add(sample, now: 1)
        let marker = try #require(model.hoverPreview)
        let expected = sample.azimuth - 0.5 + .pi / 2
        #expect(marker.ink == .marker && abs(sin(marker.angle - expected)) < 1e-9 && abs(cos(marker.angle - expected) - 1) < 1e-9)
        #expect(marker.width > marker.height)
        #expect(CanvasPageTests.near(model.windowPoint(marker.center), Point(x: 640, y: 420), 1e-9))
        // The outline's points are on the nib's ellipse, `width` across.
        let outline = marker.outline(count: 4)
        #expect(abs(hypot(outline[0].x - outline[2].x, outline[0].y - outline[2].y) - marker.width) < 1e-9)
        // The eraser: its own circle, the eraser's radius.
        model.choose(control: CanvasModel.paletteInks.count - 1, now: 0)
        model.add(try CanvasPageTests.sample(model, &adapter, at: Point(x: 640, y: 420), time: 1.1, touching: false), now: 1)
        let eraser = try #require(model.hoverPreview)
        #expect(eraser.isEraser && eraser.width == 2 * model.recorder.eraserRadius && eraser.height == eraser.width)
    }

    @Test func noHoverPreviewWhenThePreferenceIsOff() throws {
        var preferences = PencilPreferences()
        preferences.prefersHoverToolPreview = false
        let model = try CanvasModel(options: CanvasOptions(preferences: preferences))
        var adapter = try CanvasPageTests.adapter(model)
        model.add(try CanvasPageTests.sample(model, &adapter, at: Point(x: 600, y: 300), time: 1, touching: false), now: 1)
        #expect(model.hoverPreview == nil)
        // The plain hover cursor still shows where the pen is.
        #expect(model.pointer != nil && model.pointer?.isTouching == false)
    }
}
