import QuillCore
import QuillStroke

/// Plots pressure, altitude, azimuth and speed over time, one panel each, with Cairo.
public enum SamplePlot {
    /// Writes the plot of `samples` to `path` (.png or .svg).
    public static func render(_ samples: [PenSample], title: String, to path: String) throws {
        guard let fileFormat = CairoCanvas.Format(path: path) else {
            throw ParameterError(field: "output", value: "\"\(path)\"", expected: "a file ending in .png, .svg or .pdf")
        }
        let width = 1000.0, panelHeight = 160.0, top = 50.0, left = 70.0, right = 20.0, gap = 30.0
        let height = top + 4 * panelHeight + 4 * gap + 20
        let canvas = try CairoCanvas(path: path, format: fileFormat, width: width, height: height, scale: 1.5)
        canvas.setColor(red: 1, green: 1, blue: 1)
        canvas.paint()
        canvas.setColor(red: 0.1, green: 0.1, blue: 0.1)
        canvas.text(title, x: left, y: 30, size: 16, bold: true)
        let start = samples.first?.time ?? 0
        let end = Swift.max(samples.last?.time ?? 1, start + 1e-3)
        // Speed in mm/s between consecutive samples of a stroke.
        var speeds: [Double] = []
        for (index, sample) in samples.enumerated() {
            guard index > 0, sample.time > samples[index - 1].time else {
                speeds.append(0)
                continue
            }
            let previous = samples[index - 1]
            speeds.append(_hypot(sample.tabletLocation.x - previous.tabletLocation.x, sample.tabletLocation.y - previous.tabletLocation.y) / (sample.time - previous.time))
        }
        let maxSpeed = Swift.max(50, (speeds.sorted().last ?? 50))
        let panels: [(String, ClosedRange<Double>, (Int) -> Double)] = [
            ("pressure (0 … 1)", 0...1, { samples[$0].pressure }),
            ("altitude (°)", 0...90, { samples[$0].altitude * 180 / .pi }),
            ("azimuth (°)", 0...360, { samples[$0].azimuth * 180 / .pi }),
            ("speed (mm/s)", 0...maxSpeed, { speeds[$0] }),
        ]
        for (panelIndex, panel) in panels.enumerated() {
            let y0 = top + Double(panelIndex) * (panelHeight + gap)
            let plotWidth = width - left - right
            canvas.setColor(red: 0.97, green: 0.97, blue: 0.98)
            canvas.rectangle(x: left, y: y0, width: plotWidth, height: panelHeight)
            canvas.fill()
            canvas.setColor(red: 0.6, green: 0.6, blue: 0.65)
            canvas.setLineWidth(0.8)
            canvas.rectangle(x: left, y: y0, width: plotWidth, height: panelHeight)
            canvas.stroke()
            canvas.setColor(red: 0.2, green: 0.2, blue: 0.2)
            canvas.text(panel.0, x: left, y: y0 - 6, size: 12, bold: true)
            canvas.text(label(panel.1.upperBound), x: 8, y: y0 + 10, size: 10)
            canvas.text(label(panel.1.lowerBound), x: 8, y: y0 + panelHeight, size: 10)
            func px(_ t: Double) -> Double { left + (t - start) / (end - start) * plotWidth }
            func py(_ v: Double) -> Double {
                let span = panel.1.upperBound - panel.1.lowerBound
                return y0 + panelHeight - (Swift.min(Swift.max(v, panel.1.lowerBound), panel.1.upperBound) - panel.1.lowerBound) / span * panelHeight
            }
            // Contact samples as a line per stroke; hover samples as faint dots.
            canvas.setColor(red: 0.55, green: 0.6, blue: 0.7, alpha: 0.5)
            for index in samples.indices where !samples[index].phase.isInContact && samples[index].phase != .ended {
                canvas.rectangle(x: px(samples[index].time) - 0.6, y: py(panel.2(index)) - 0.6, width: 1.2, height: 1.2)
            }
            canvas.fill()
            canvas.setColor(red: 0.05, green: 0.25, blue: 0.75)
            canvas.setLineWidth(1.4)
            var isDrawing = false
            for index in samples.indices {
                let sample = samples[index]
                let inStroke = sample.phase.isInContact || sample.phase == .ended || sample.phase == .cancelled
                if inStroke {
                    // Azimuth wraps at 360°: a jump of more than half the range starts a new line.
                    let wraps = isDrawing && panelIndex == 2 && abs(panel.2(index) - panel.2(index - 1)) > 180
                    if isDrawing && !wraps { canvas.lineTo(x: px(sample.time), y: py(panel.2(index))) } else { canvas.moveTo(x: px(sample.time), y: py(panel.2(index))) }
                    isDrawing = sample.phase.isInContact
                } else {
                    isDrawing = false
                }
            }
            canvas.stroke()
        }
        canvas.setColor(red: 0.2, green: 0.2, blue: 0.2)
        canvas.text("time (s): \(label(0)) … \(label(end - start))   blue: in contact · grey dots: hovering", x: left, y: height - 8, size: 11)
        try canvas.finish()
    }

    static func label(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}

@inline(__always) func _hypot(_ x: Double, _ y: Double) -> Double { (x * x + y * y).squareRoot() }
