import Foundation
import QuillCanvas
import QuillCore
import QuillGestures
import QuillInput
import QuillLayout
import QuillStroke
import QuillSystem
import Testing

/// The canvas without its window: layout, ink, gestures, palette, undo — what `quill canvas` shows.
struct CanvasModelTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let cintiq22HDT = root.appendingPathComponent("Recordings/evemu-devices/Wacom-Cintiq-22HDT-Pen.events").path
    static let intuosDrag = root.appendingPathComponent("Recordings/evemu-devices/Wacom-Intuos4-6x9.stylus-drag.events").path
    static let intuosDescription = root.appendingPathComponent("Recordings/evemu-devices/Wacom-Intuos4-6x9-Pen.desc").path

    enum Item {
        case sample(PenSample)
        case proximityOut(Double)
    }

    /// A recording as the window plays it: its samples and proximity-outs in the recording's
    /// order, decoded with libwacom's true sizes as `quill render` does.
    static func timeline(_ path: String, deviceFile: String? = nil) throws -> (items: [Item], mapping: TabletMapping) {
        let replay = try SampleReplay(path: path, deviceFile: deviceFile, catalog: WacomCatalog.loadIfAvailable())
        var items: [Item] = []
        var mapping: TabletMapping?
        for event in try replay.allEvents() {
            switch event {
            case .sample(let sample):
                if mapping == nil { mapping = replay.mapping(forDevice: sample.deviceIndex) }
                items.append(.sample(sample))
            case let .proximityOut(_, _, time, _): items.append(.proximityOut(time))
            default: break
            }
        }
        return (items, try #require(mapping))
    }

    static func model(_ mapping: TabletMapping, preferences: PencilPreferences = PencilPreferences(), width: Double = 1024, height: Double = 720) throws -> CanvasModel {
        let model = try CanvasModel(options: CanvasOptions(windowWidth: width, windowHeight: height, preferences: preferences), mapping: mapping)
        model.penUsesPalette = false
        return model
    }

    @Test func theWindowsSizeClassPlacesThePalette() throws {
        // layout.md: a window is regular in width from 678 pt (and 400 pt tall), compact below;
        // a compact width docks the palette, a regular one floats it away from the drawing hand.
        let wide = try CanvasModel(options: CanvasOptions(windowWidth: 1024, windowHeight: 720))
        #expect(wide.layout.sizeClass == SizeClassPair(horizontal: .regular, vertical: .regular))
        #expect(!wide.layout.palette.isDocked)
        // Right-handed: the floating palette keeps to the left half.
        #expect(wide.layout.palette.background.x + wide.layout.palette.background.width <= 512)
        let left = try CanvasModel(options: CanvasOptions(windowWidth: 1024, windowHeight: 720, hand: .left))
        #expect(left.layout.palette.background.x >= 512)
        let narrow = try CanvasModel(options: CanvasOptions(windowWidth: 677, windowHeight: 720))
        #expect(narrow.layout.sizeClass.horizontal == .compact && narrow.layout.palette.isDocked)
        for model in [wide, left, narrow] {
            #expect(model.layout.safeAreaRect.contains(model.layout.palette.background))
        }
        // Resizing across 678 pt changes the class and redraws everything; the drawing stays.
        _ = wide.takeChanges()
        try wide.resize(width: 600, height: 720)
        #expect(wide.layout.sizeClass.horizontal == .compact && wide.layout.palette.isDocked)
        #expect(wide.takeChanges().contains { if case .redrawAll = $0 { return true } else { return false } })
        #expect(throws: (any Error).self) { try wide.resize(width: 319, height: 720) }
    }

    @Test func aWindowUnder320PointsIsRejectedNotClamped() {
        #expect(throws: ParameterError.self) { try CanvasOptions(windowWidth: 200, windowHeight: 720) }
        #expect(throws: ParameterError.self) { try CanvasOptions(windowWidth: 1024, windowHeight: .nan) }
    }

    @Test func eachStrokesPiecesAddUpToItsWholeGeometry() throws {
        // The painter draws each sample's new pieces only; together they must be exactly the
        // geometry of the finished stroke built in one go (what `quill render` draws).
        let (items, mapping) = try Self.timeline(Self.intuosDrag, deviceFile: Self.intuosDescription)
        let model = try Self.model(mapping)
        var pieces = BrushGeometry()
        var tail = BrushGeometry()
        var checked = 0
        var tails = 0
        for item in items {
            guard case let .sample(sample) = item else { continue }
            model.add(sample, now: 0)
            // Each frame draws the prediction tail too; it must not disturb what follows.
            model.predictionTail(into: &tail)
            if !tail.triangles.isEmpty { tails += 1 }
            for change in model.takeChanges() {
                switch change {
                case let .pieces(geometry, _): pieces.append(geometry)
                case .strokeEnded:
                    let stroke = try #require(model.recorder.drawing.strokes.last)
                    var whole = BrushGeometry()
                    var builder = BrushGeometryBuilder(inkType: stroke.ink.type)
                    for point in stroke.path.points { builder.add(point, into: &whole) }
                    #expect(pieces.vertices == whole.vertices && pieces.triangles == whole.triangles, "stroke \(checked)")
                    pieces.removeAll()
                    checked += 1
                case .redrawAll: break
                }
            }
        }
        #expect(checked == model.recorder.drawing.strokes.count && checked > 0)
        #expect(tails > 0, "a moving pen has a prediction tail")
    }

    @Test func aDoubleTapSwitchesTheToolAndNeverChangesTheDrawing() throws {
        // The 22HDT's four double taps (GestureCommandLineTests counts them from the raw presses):
        // each flashes the tool indicator and switches pen ↔ eraser; the strokes stay as they were.
        let (items, mapping) = try Self.timeline(Self.cintiq22HDT)
        let model = try Self.model(mapping)
        var taps: [String] = []
        for item in items {
            switch item {
            case let .proximityOut(time): model.proximityOut(at: time, now: 0)
            case let .sample(sample):
                let before = model.recorder.drawing.strokes
                let feedback = model.feedback
                model.add(sample, now: sample.time)
                if let shown = model.feedback, shown != feedback, shown.text.hasPrefix("double tap") {
                    taps.append(shown.text)
                    #expect(model.recorder.drawing.strokes == before, "the double tap at \(sample.time) s changed the drawing")
                }
            }
        }
        // Four: the presses at 9.06, 46.77 and 59.49 s are settled by the tip touching before the next (issue 39).
        #expect(taps == ["double tap → eraser", "double tap → pen", "double tap → eraser", "double tap → pen"])
        #expect(!model.interaction.state.current.isEraser)
        // Strokes drawn while the double tap had switched to the eraser erased instead of inking.
        #expect(model.recorder.drawing.strokes.count < 29)
    }

    @Test func ignoreIsHonoured() throws {
        var preferences = PencilPreferences()
        preferences.preferredTapAction = .ignore
        let (items, mapping) = try Self.timeline(Self.cintiq22HDT)
        let model = try Self.model(mapping, preferences: preferences)
        var ignored = 0
        for item in items {
            switch item {
            case let .proximityOut(time): model.proximityOut(at: time, now: 0)
            case let .sample(sample):
                let feedback = model.feedback
                let tool = model.interaction.state.current
                model.add(sample, now: sample.time)
                if let shown = model.feedback, shown != feedback, shown.text == "double tap ignored" {
                    ignored += 1
                    #expect(model.interaction.state.current == tool)
                }
            }
        }
        model.finish()
        #expect(ignored == 4)  // the recording's four double taps (issue 39)
        // Nothing erased: the recording's 29 pen strokes are all ink (`quill render --no-gestures`).
        #expect(model.recorder.drawing.strokes.count == 29)
    }

    /// Samples of a straight stroke from one window point to another (a pen on a screen tablet,
    /// in input points: the model puts them on the page where it is shown under the pen).
    static func stroke(on model: CanvasModel, from start: (x: Double, y: Double), to end: (x: Double, y: Double), time: Double) throws -> [PenSample] {
        var adapter = try ToolkitSampleAdapter(pointsPerMillimetre: CanvasModel.pointerPointsPerMillimetre, window: model.document)
        var samples: [PenSample] = []
        for step in 0...10 {
            let f = Double(step) / 10
            let window = (x: start.x + (end.x - start.x) * f, y: start.y + (end.y - start.y) * f)
            let point = model.inputPoint(windowX: window.x, y: window.y)
            var sample = try adapter.sample(x: point.x, y: point.y, time: time + f * 0.2, isTouching: step < 10, pressure: 0.5)
            sample.tabletLocation = model.recorder.engine.mapping.tabletPoint(for: point)
            samples.append(sample)
        }
        return samples
    }

    @Test func aPenStrokeOnThePalettePicksAnInkAndInksNothing() throws {
        let model = try CanvasModel(options: CanvasOptions())
        let marker = try #require(CanvasModel.paletteInks.firstIndex(of: .marker))
        let control = model.layout.palette.controls[marker]
        let centre = (x: control.x + control.width / 2, y: control.y + control.height / 2)
        for sample in try Self.stroke(on: model, from: centre, to: (centre.x + 4, centre.y + 4), time: 1) { model.add(sample, now: 1) }
        #expect(model.interaction.state.current.ink == "marker")
        #expect(model.recorder.drawing.strokes.isEmpty)
        #expect(model.feedback?.text == "palette → marker")
        for sample in try Self.stroke(on: model, from: (500, 300), to: (700, 400), time: 2) { model.add(sample, now: 2) }
        #expect(model.recorder.drawing.strokes.map(\.ink.type) == [.marker])
        // The stroke lands where the pen was, in window points.
        let first = try #require(model.recorder.drawing.strokes.first?.path.points.first)
        let shown = model.windowPoint(x: first.x, y: first.y)
        #expect(abs(shown.x - 500) < 1 && abs(shown.y - 300) < 1)
    }

    @Test func aDoubleTapSetToShowColoursShowsThemAndAPenTapPicksOne() throws {
        // The 22HDT's double taps with "show colour palette": shown, hidden, shown (the replay stops
        // at the third of its four, the palette showing).
        var preferences = PencilPreferences()
        preferences.preferredTapAction = .showColorPalette
        let (items, mapping) = try Self.timeline(Self.cintiq22HDT)
        let model = try Self.model(mapping, preferences: preferences)
        var shown: [Bool] = []
        replay: for item in items {
            switch item {
            case let .proximityOut(time): model.proximityOut(at: time, now: 0)
            case let .sample(sample):
                let before = model.feedback
                model.add(sample, now: sample.time)
                if let feedback = model.feedback, feedback != before, feedback.text.hasPrefix("double tap") { shown.append(!model.colorSwatches.isEmpty) }
                if shown.count == 3 { break replay }
            }
        }
        #expect(shown == [true, false, true])
        let swatches = model.colorSwatches
        #expect(swatches.count == CanvasModel.paletteColors.count && swatches.allSatisfy { model.layout.safeAreaRect.contains($0) })
        // A tap on the third swatch: the tool takes that colour, the drawing gets no stroke.
        model.penUsesPalette = true
        let strokes = model.recorder.drawing.strokes.count
        let swatch = swatches[2]
        let centre = (x: swatch.x + swatch.width / 2, y: swatch.y + swatch.height / 2)
        for sample in try Self.stroke(on: model, from: centre, to: (centre.x + 2, centre.y + 2), time: 200) { model.add(sample, now: 200) }
        #expect(model.recorder.drawing.strokes.count == strokes)
        #expect(model.interaction.state.current.color == CanvasModel.paletteColors[2])
        #expect(model.recorder.engine.ink.color == (try InkColor(hex: CanvasModel.paletteColors[2])))
    }

    @Test func undoRedoAndClearAreKeysNotGestures() throws {
        let model = try CanvasModel(options: CanvasOptions())
        for (index, y) in [200.0, 300, 400].enumerated() {
            for sample in try Self.stroke(on: model, from: (300, y), to: (600, y), time: Double(index)) { model.add(sample, now: 0) }
        }
        #expect(model.recorder.drawing.strokes.count == 3 && model.hasUnsavedChanges)
        let all = model.recorder.drawing.strokes
        model.undo()
        #expect(model.recorder.drawing.strokes == Array(all.prefix(2)))
        model.redo()
        #expect(model.recorder.drawing.strokes == all)
        model.clear()
        #expect(model.recorder.drawing.strokes.isEmpty)
        model.undo()
        #expect(model.recorder.drawing.strokes == all)
        // A new stroke after an undo drops what redo could have brought back.
        model.undo()
        for sample in try Self.stroke(on: model, from: (300, 500), to: (600, 500), time: 9) { model.add(sample, now: 0) }
        model.redo()
        #expect(model.recorder.drawing.strokes.count == 3 && model.recorder.drawing.strokes[2] != all[2])
        model.markSaved()
        #expect(!model.hasUnsavedChanges)
    }
}
