import QuillCore
import QuillLayout
import QuillRender
import QuillStroke

/// Paints a ``CanvasModel`` with Cairo: the paper, the committed ink (kept in a layer and only
/// added to), the stroke in contact (its own layer, composited with the ink's alpha), the
/// prediction tail for this frame only, the hover or eraser cursor, the palette placed by the
/// layout, the tool indicator's flash and a status line (size class, palette, tool).
///
/// Per frame only what changed is drawn into the layers: each sample's new pieces, a stroke's
/// layer folded into the committed one when it ends. The whole drawing is drawn again only after
/// a resize, an erase, undo, redo, clear or open.
public final class CanvasPainter {
    private var committed: CairoLayer?
    private var stroke: CairoLayer?
    private var tail = BrushGeometry()
    private var strokeInk: Ink?
    /// Milliseconds from a sample's read to the frame that painted it, every sample so far.
    public private(set) var latencies: [Double] = []
    /// Frames painted.
    public private(set) var frameCount = 0

    public init() {}

    /// Paints `model` onto `target` (`width` × `height` points of the window) at monotonic second `now`.
    public func paint(_ model: CanvasModel, on target: CairoCanvas, width: Int, height: Int, now: Double) throws {
        frameCount += 1
        var redraw = false
        if committed?.pixelWidth != width || committed?.pixelHeight != height {
            committed = try CairoLayer(pixelWidth: max(1, width), pixelHeight: max(1, height))
            stroke = try CairoLayer(pixelWidth: max(1, width), pixelHeight: max(1, height))
            redraw = true
        }
        guard let committed, let stroke else { return }
        let changes = model.takeChanges()
        let t = model.documentToWindow
        if redraw || changes.contains(where: { if case .redrawAll = $0 { return true } else { return false } }) {
            redrawAll(model, committed: committed, stroke: stroke)
        } else {
            for change in changes {
                switch change {
                case let .pieces(geometry, ink):
                    strokeInk = ink
                    inDocument(stroke.canvas, t) { DrawingRenderer.drawPieces(of: geometry, color: ink.color, on: $0) }
                case let .strokeEnded(ink):
                    stroke.paint(on: committed.canvas, alpha: ink.color.alpha)
                    stroke.clear()
                    strokeInk = nil
                case .redrawAll:
                    break
                }
            }
        }
        for read in model.takeReadTimes() { latencies.append((now - read) * 1000) }

        // The window: background, paper, ink.
        target.setColor(red: 0.91, green: 0.91, blue: 0.93)
        target.paint()
        let paper = (x: t.x, y: t.y, width: model.document.width * t.scale, height: model.document.height * t.scale)
        target.setColor(red: 0.75, green: 0.75, blue: 0.78)
        target.rectangle(x: paper.x - 1, y: paper.y - 1, width: paper.width + 2, height: paper.height + 2)
        target.fill()
        target.setColor(red: 1, green: 1, blue: 1)
        target.rectangle(x: paper.x, y: paper.y, width: paper.width, height: paper.height)
        target.fill()
        committed.paint(on: target)
        if let strokeInk { stroke.paint(on: target, alpha: strokeInk.color.alpha) }
        model.predictionTail(into: &tail)
        if !tail.triangles.isEmpty, let ink = strokeInk {
            inDocument(target, t) { DrawingRenderer.draw(tail, color: ink.color, on: $0) }
        }
        drawPointer(model, on: target, t)
        drawPalette(model, on: target)
        drawShownPalettes(model, on: target)
        drawStatus(model, on: target, now: now)
    }

    private func redrawAll(_ model: CanvasModel, committed: CairoLayer, stroke: CairoLayer) {
        let t = model.documentToWindow
        committed.clear()
        stroke.clear()
        inDocument(committed.canvas, t) { DrawingRenderer.drawStrokes(of: model.recorder.drawing, on: $0) }
        strokeInk = nil
        // The stroke still in contact, drawn again from its path.
        guard model.lastUpdate != nil, let open = model.recorder.engine.currentStroke else { return }
        var geometry = BrushGeometry()
        var builder = BrushGeometryBuilder(inkType: open.ink.type)
        for point in open.path.points { builder.add(point, into: &geometry) }
        strokeInk = open.ink
        inDocument(stroke.canvas, t) { DrawingRenderer.drawPieces(of: geometry, color: open.ink.color, on: $0) }
    }

    private func inDocument(_ canvas: CairoCanvas, _ t: (scale: Double, x: Double, y: Double), _ body: (CairoCanvas) -> Void) {
        canvas.save()
        canvas.translate(x: t.x, y: t.y)
        canvas.scale(t.scale)
        body(canvas)
        canvas.restore()
    }

    private func drawPointer(_ model: CanvasModel, on target: CairoCanvas, _ t: (scale: Double, x: Double, y: Double)) {
        guard let pointer = model.pointer else { return }
        let at = model.windowPoint(pointer.location)
        let radius = pointer.isEraser ? model.recorder.eraserRadius * t.scale : 3
        target.setColor(red: 0.2, green: 0.2, blue: 0.25, alpha: pointer.isTouching ? 0.8 : 0.45)
        target.setLineWidth(1)
        target.circle(x: at.x, y: at.y, radius: max(2, radius))
        target.stroke()
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
            let centre = (x: control.x + control.width / 2, y: control.y + control.height / 2)
            if let type {
                let color = (try? InkColor(hex: tool.isEraser ? model.interaction.state.previous.color : tool.color)) ?? .blue
                target.setColor(red: color.red, green: color.green, blue: color.blue)
                target.circle(x: centre.x, y: centre.y - 4, radius: min(12, max(2, type.defaultWidth / 3)))
                target.fill()
                let label = String(type.rawValue.prefix(4))
                target.setColor(red: 0.2, green: 0.2, blue: 0.25)
                target.text(label, x: centre.x - target.textWidth(label, size: 9) / 2, y: control.y + control.height - 4, size: 9)
            } else {
                target.setColor(red: 0.95, green: 0.55, blue: 0.6)
                target.roundedRectangle(x: centre.x - 12, y: centre.y - 8, width: 24, height: 14, radius: 3)
                target.fill()
                target.setColor(red: 0.2, green: 0.2, blue: 0.25)
                target.text("erase", x: centre.x - target.textWidth("erase", size: 9) / 2, y: control.y + control.height - 4, size: 9)
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
            let at = model.windowPoint(location)
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
