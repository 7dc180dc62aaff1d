import QuillCore
import QuillLayout
import QuillRender
import QuillStroke
import QuillSystem

/// Paints a ``CanvasModel`` with Cairo: the paper, the committed ink (kept in a layer and only
/// added to), the stroke in contact (its own layer, composited with the ink's alpha), the
/// prediction tail for this frame only, the hover or eraser cursor (the tool's nib outline while
/// the pen hovers, ``CanvasModel/hoverPreview``), the palette placed by the layout, the tool
/// indicator's flash and a status line (size class, palette, tool). The page goes through the fit
/// and the page transform (zoom, rotation, pan); the palette and the status stay put.
///
/// Per frame only what changed is drawn into the layers: each sample's new pieces, a stroke's
/// layer folded into the committed one when it ends. The whole drawing is drawn again only after
/// a resize, a change of the page transform, an erase, undo, redo, clear or open.
public final class CanvasPainter {
    private var committed: CairoLayer?
    private var stroke: CairoLayer?
    private var tail = BrushGeometry()
    private var strokeInk: Ink?
    /// The palette's labels for the control width they were laid out for.
    private var labels: (width: Double, labels: [PaletteLabel])?
    /// Milliseconds from a sample's read (or its entry into the model) to the end of the frame
    /// that first painted it, every sample so far.
    public private(set) var latencies: [Double] = []
    /// Milliseconds each frame that painted samples took to paint (from the start of ``paint(_:on:width:height:now:)``
    /// to its end): the part of ``latencies`` that is the canvas's own work.
    public private(set) var paintTimes: [Double] = []
    /// Frames painted.
    public private(set) var frameCount = 0
    /// The clock a frame's end is read from, monotonic seconds (the samples' read times' clock).
    public var clock: @Sendable () -> Double = { MonotonicClock.now() }
    /// Seconds from a frame's paint end to the moment it is taken to show, for the visible gap
    /// (``CanvasModel/visibleGap``): 0, the paint end itself (a lower bound: composing, the
    /// display's refresh and scan-out come after); a display's latency when it is known.
    public var presentationDelay = 0.0

    public init() {}

    /// Paints `model` onto `target` (`width` × `height` points of the window) at monotonic second `now`.
    public func paint(_ model: CanvasModel, on target: CairoCanvas, width: Int, height: Int, now: Double) throws {
        let started = clock()
        frameCount += 1
        var redraw = false
        if committed?.pixelWidth != width || committed?.pixelHeight != height {
            committed = try CairoLayer(pixelWidth: max(1, width), pixelHeight: max(1, height))
            stroke = try CairoLayer(pixelWidth: max(1, width), pixelHeight: max(1, height))
            redraw = true
        }
        guard let committed, let stroke else { return }
        let changes = model.takeChanges()
        let reads = model.takeReadTimes()
        if redraw || changes.contains(where: { if case .redrawAll = $0 { return true } else { return false } }) {
            redrawAll(model, committed: committed, stroke: stroke)
        } else {
            for change in changes {
                switch change {
                case let .pieces(geometry, ink):
                    strokeInk = ink
                    inDocument(stroke.canvas, model) { DrawingRenderer.drawPieces(of: geometry, color: ink.color, on: $0) }
                case let .strokeEnded(ink):
                    stroke.paint(on: committed.canvas, alpha: ink.color.alpha)
                    stroke.clear()
                    strokeInk = nil
                case .redrawAll:
                    break
                }
            }
        }

        // The window: background, paper (its edge one window point wide), ink.
        target.setColor(red: 0.91, green: 0.91, blue: 0.93)
        target.paint()
        let edge = 1 / model.pageScale
        inDocument(target, model) { page in
            page.setColor(red: 0.75, green: 0.75, blue: 0.78)
            page.rectangle(x: -edge, y: -edge, width: model.document.width + 2 * edge, height: model.document.height + 2 * edge)
            page.fill()
            page.setColor(red: 1, green: 1, blue: 1)
            page.rectangle(x: 0, y: 0, width: model.document.width, height: model.document.height)
            page.fill()
        }
        committed.paint(on: target)
        if let strokeInk { stroke.paint(on: target, alpha: strokeInk.color.alpha) }
        model.predictionTail(into: &tail)
        if !tail.triangles.isEmpty, let ink = strokeInk {
            inDocument(target, model) { DrawingRenderer.draw(tail, color: ink.color, on: $0) }
        }
        if !model.textFields.isEmpty { inDocument(target, model) { drawTextFields(model, on: $0) } }
        drawPointer(model, on: target)
        drawPalette(model, on: target)
        drawShownPalettes(model, on: target)
        drawStatus(model, on: target, now: now)
        let painted = clock()
        if !reads.isEmpty {
            for read in reads { latencies.append((painted - read) * 1000) }
            paintTimes.append((painted - started) * 1000)
        }
        // The frame is painted: the ink's end it shows, for the gap to the pen at this moment.
        model.notePresentedFrame(at: painted + presentationDelay, showsPrediction: !tail.triangles.isEmpty && strokeInk != nil)
    }

    private func redrawAll(_ model: CanvasModel, committed: CairoLayer, stroke: CairoLayer) {
        committed.clear()
        stroke.clear()
        inDocument(committed.canvas, model) { DrawingRenderer.drawStrokes(of: model.recorder.drawing, on: $0) }
        strokeInk = nil
        // The stroke still in contact, drawn again from its path.
        guard model.lastUpdate != nil, let open = model.recorder.engine.currentStroke else { return }
        var geometry = BrushGeometry()
        var builder = BrushGeometryBuilder(inkType: open.ink.type)
        for point in open.path.points { builder.add(point, into: &geometry) }
        strokeInk = open.ink
        inDocument(stroke.canvas, model) { DrawingRenderer.drawPieces(of: geometry, color: open.ink.color, on: $0) }
    }

    /// Runs `body` with `canvas` in document points: the page transform, then the fit.
    private func inDocument(_ canvas: CairoCanvas, _ model: CanvasModel, _ body: (CairoCanvas) -> Void) {
        let fit = model.documentToWindow, page = model.pageTransform
        canvas.save()
        if !page.isIdentity {
            canvas.translate(x: page.translation.x, y: page.translation.y)
            canvas.rotate(page.rotation)
            canvas.scale(page.scale)
        }
        canvas.translate(x: fit.x, y: fit.y)
        canvas.scale(fit.scale)
        body(canvas)
        canvas.restore()
    }

    /// The text boxes (document points): the field (grown while written in, outlined in blue),
    /// its selection, text or placeholder clipped to it, and the ink written and not yet read.
    private func drawTextFields(_ model: CanvasModel, on page: CairoCanvas) {
        for field in model.textFields {
            let frame = field.writingFrame
            page.setColor(red: 0.97, green: 0.98, blue: 1, alpha: 0.95)
            page.roundedRectangle(x: frame.x, y: frame.y, width: frame.width, height: frame.height, radius: 6)
            page.fill()
            if field.isWriting { page.setColor(red: 0.1, green: 0.5, blue: 1) } else { page.setColor(red: 0.6, green: 0.62, blue: 0.68) }
            page.setLineWidth(field.isWriting ? 2 : 1)
            page.roundedRectangle(x: frame.x, y: frame.y, width: frame.width, height: frame.height, radius: 6)
            page.stroke()
            page.save()
            page.rectangle(x: frame.x, y: frame.y, width: frame.width, height: frame.height)
            page.clip()
            if let selection = field.selection {
                let left = field.caretX(selection.lowerBound), right = field.caretX(selection.upperBound)
                page.setColor(red: 0.1, green: 0.5, blue: 1, alpha: 0.25)
                page.rectangle(x: left, y: field.frame.midY - field.fontSize * 0.6, width: right - left, height: field.fontSize * 1.2)
                page.fill()
            }
            if field.showsPlaceholder {
                page.setColor(red: 0.55, green: 0.56, blue: 0.6)
                page.text(field.placeholder, x: field.caretX(0), y: field.baseline, size: field.fontSize)
            } else {
                page.setColor(red: 0.1, green: 0.1, blue: 0.12)
                page.text(field.text, x: field.caretX(0), y: field.baseline, size: field.fontSize)
            }
            page.restore()
            page.setColor(red: 0.1, green: 0.1, blue: 0.2, alpha: 0.85)
            page.setLineWidth(max(1.5, field.fontSize / 14))
            for stroke in field.pendingInk + (field.strokeInContact.map { [$0] } ?? []) {
                for (index, point) in stroke.points.enumerated() {
                    if index == 0 { page.moveTo(x: point.x, y: point.y) } else { page.lineTo(x: point.x, y: point.y) }
                }
                if stroke.points.count == 1, let point = stroke.points.first { page.lineTo(x: point.x + 0.1, y: point.y) }
                page.stroke()
            }
        }
    }

    /// The pen's cursor: the tool's nib outline while it hovers (when the preferences ask for
    /// it), else a ring (the eraser's size while erasing).
    private func drawPointer(_ model: CanvasModel, on target: CairoCanvas) {
        guard let pointer = model.pointer else { return }
        target.setLineWidth(1)
        if let preview = model.hoverPreview {
            let outline = preview.outline(count: max(12, min(96, Int(max(preview.width, preview.height) * model.pageScale))))
            // A dark line with a light halo: seen on white paper and on dark ink alike.
            for (alpha, width, light) in [(0.7, 3.0, true), (0.85, 1.0, false)] {
                target.setColor(red: light ? 1 : 0.15, green: light ? 1 : 0.15, blue: light ? 1 : 0.2, alpha: alpha)
                target.setLineWidth(width)
                for (index, point) in outline.enumerated() {
                    let at = model.windowPoint(point)
                    if index == 0 { target.moveTo(x: at.x, y: at.y) } else { target.lineTo(x: at.x, y: at.y) }
                }
                target.closePath()
                target.stroke()
            }
            return
        }
        let at = model.windowPoint(pointer.location)
        let radius = pointer.isEraser ? model.recorder.eraserRadius * model.pageScale : 3
        target.setColor(red: 0.2, green: 0.2, blue: 0.25, alpha: pointer.isTouching ? 0.8 : 0.45)
        target.circle(x: at.x, y: at.y, radius: max(2, radius))
        target.stroke()
    }

    /// The palette's labels for controls `width` points wide (laid out once per width).
    private func paletteLabels(width: Double, on target: CairoCanvas) -> [PaletteLabel] {
        if let labels, labels.width == width { return labels.labels }
        let laid = CanvasModel.paletteLabels.map { PaletteLabel($0, width: width, measure: { target.textWidth($0, size: $1) }) }
        labels = (width, laid)
        return laid
    }

    private func drawPalette(_ model: CanvasModel, on target: CairoCanvas) {
        let palette = model.layout.palette
        let background = palette.background
        target.setColor(red: 0.16, green: 0.17, blue: 0.2, alpha: 0.94)
        target.roundedRectangle(x: background.x, y: background.y, width: background.width, height: background.height, radius: palette.isDocked ? 0 : 12)
        target.fill()
        let tool = model.interaction.state.current
        for (index, control) in palette.controls.enumerated() where index < CanvasModel.paletteInks.count {
            let type = CanvasModel.paletteInks[index]
            let selected = type.map { $0.rawValue == tool.ink } ?? tool.isEraser
            target.setColor(red: 0.97, green: 0.97, blue: 0.98, alpha: selected ? 1 : 0.82)
            target.roundedRectangle(x: control.x, y: control.y, width: control.width, height: control.height, radius: 8)
            target.fill()
            if selected {
                target.setColor(red: 0.1, green: 0.5, blue: 1)
                target.setLineWidth(3)
                target.roundedRectangle(x: control.x + 1.5, y: control.y + 1.5, width: control.width - 3, height: control.height - 3, radius: 7)
                target.stroke()
            }
            // The ink's whole name at the bottom (one line or two), its swatch in the room above.
            let label = paletteLabels(width: PaletteLabel.width(inControl: control.width), on: target)[index]
            let lastBaseline = control.y + control.height - 4
            let labelTop = lastBaseline - Double(label.lines.count) * label.lineHeight
            let room = (top: control.y + 3, bottom: labelTop)
            let centre = (x: control.x + control.width / 2, y: (room.top + room.bottom) / 2)
            let fits = max(2, (room.bottom - room.top) / 2)
            if let type {
                let color = (try? InkColor(hex: tool.isEraser ? model.interaction.state.previous.color : tool.color)) ?? .blue
                target.setColor(red: color.red, green: color.green, blue: color.blue)
                target.circle(x: centre.x, y: centre.y, radius: min(12, fits, max(2, type.defaultWidth / 3)))
                target.fill()
            } else {
                let height = min(14, 2 * fits)
                target.setColor(red: 0.95, green: 0.55, blue: 0.6)
                target.roundedRectangle(x: centre.x - 12, y: centre.y - height / 2, width: 24, height: height, radius: 3)
                target.fill()
            }
            target.setColor(red: 0.2, green: 0.2, blue: 0.25)
            for (line, text) in label.lines.enumerated() {
                let baseline = lastBaseline - Double(label.lines.count - 1 - line) * label.lineHeight
                target.text(text, x: centre.x - target.textWidth(text, size: label.fontSize) / 2, y: baseline, size: label.fontSize)
            }
        }
    }

    /// The palettes a double tap or squeeze showed: colours beside the tool palette, the
    /// contextual palette where the pen hovered, the ink's width.
    private func drawShownPalettes(_ model: CanvasModel, on target: CairoCanvas) {
        let state = model.interaction.state
        let tool = state.current.isEraser ? state.previous : state.current
        for (index, swatch) in model.colorSwatches.enumerated() {
            let color = (try? InkColor(hex: CanvasModel.paletteColors[index])) ?? .black
            target.setColor(red: 0.16, green: 0.17, blue: 0.2, alpha: 0.94)
            target.roundedRectangle(x: swatch.x - 3, y: swatch.y - 3, width: swatch.width + 6, height: swatch.height + 6, radius: 8)
            target.fill()
            target.setColor(red: color.red, green: color.green, blue: color.blue)
            target.roundedRectangle(x: swatch.x, y: swatch.y, width: swatch.width, height: swatch.height, radius: 6)
            target.fill()
            if CanvasModel.paletteColors[index] == tool.color.uppercased() {
                target.setColor(red: 0.1, green: 0.5, blue: 1)
                target.setLineWidth(3)
                target.roundedRectangle(x: swatch.x - 1.5, y: swatch.y - 1.5, width: swatch.width + 3, height: swatch.height + 3, radius: 7)
                target.stroke()
            }
        }
        if state.shownPalettes.contains(.contextual), let location = state.contextualPaletteLocation {
            // The contextual palette at the hover location: the tool, its colour and width.
            let at = model.windowPoint(forInput: location)
            let label = "\(tool.ink) · \(tool.color) · \(String(format: "%.1f", tool.width)) pt"
            let width = target.textWidth(label, size: 12) + 24
            target.setColor(red: 0.16, green: 0.17, blue: 0.2, alpha: 0.94)
            target.roundedRectangle(x: at.x + 12, y: at.y - 40, width: width, height: 28, radius: 14)
            target.fill()
            target.setColor(red: 1, green: 1, blue: 1)
            target.text(label, x: at.x + 24, y: at.y - 21, size: 12)
        }
        if state.shownPalettes.contains(.inkAttributes) {
            let palette = model.layout.palette.background
            let label = "width \(String(format: "%.1f", tool.width)) pt"
            let y = palette.y > model.layout.window.height / 2 ? palette.y - 84 : palette.y + palette.height + 52
            target.setColor(red: 0.16, green: 0.17, blue: 0.2, alpha: 0.94)
            target.roundedRectangle(x: palette.x, y: y, width: target.textWidth(label, size: 12) + 24, height: 28, radius: 14)
            target.fill()
            target.setColor(red: 1, green: 1, blue: 1)
            target.text(label, x: palette.x + 12, y: y + 19, size: 12)
        }
    }

    private func drawStatus(_ model: CanvasModel, on target: CairoCanvas, now: Double) {
        let layout = model.layout
        let status = "\(layout.sizeClass.horizontal.rawValue) × \(layout.sizeClass.vertical.rawValue) · palette \(layout.palette.isDocked ? "docked" : "floating") · \(model.interaction.state.current.ink)"
        target.setColor(red: 0.3, green: 0.3, blue: 0.35)
        target.text(status, x: layout.safeAreaRect.x + 8, y: layout.safeAreaRect.y + 14, size: 11)
        guard let feedback = model.visibleFeedback(at: now) else { return }
        // The tool indicator's flash: beside the palette, fading out.
        let fade = 1 - (now - feedback.shownAt) / CanvasModel.feedbackDuration
        let palette = layout.palette.background
        let width = target.textWidth(feedback.text, size: 15.5) + 24
        let x = min(max(layout.safeAreaRect.x + 8, palette.x + palette.width / 2 - width / 2), layout.safeAreaRect.x + layout.safeAreaRect.width - width - 8)
        let y = palette.y > layout.window.height / 2 ? palette.y - 44 : palette.y + palette.height + 12
        target.setColor(red: 0.1, green: 0.5, blue: 1, alpha: 0.9 * fade)
        target.roundedRectangle(x: x, y: y, width: width, height: 30, radius: 15)
        target.fill()
        target.setColor(red: 1, green: 1, blue: 1, alpha: fade)
        target.text(feedback.text, x: x + 12, y: y + 20, size: 14, bold: true)
    }
}
