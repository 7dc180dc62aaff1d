import ArgumentParser
import QuillCore
import QuillHandwriting
import QuillInput
import QuillRender
import QuillShapes
import QuillStroke

/// `quill showcase FILE -o OUT`: a recording's handwriting read back and its drawings snapped, in
/// one picture.
struct Showcase: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw a recording's handwriting with the words read from each line under it, and its held drawings snapped to their shapes (PNG, SVG or PDF).",
        discussion: """
            A stroke held still before lifting that snaps to a shape (as `quill shapes` says) is a drawing: it is drawn as \
            snapped, over the stroke as the hand drew it in grey, with the shape's name under it. Every other ink stroke is \
            writing: it is split into lines, each line read (as `quill recognize` reads one line) and drawn in the next ink \
            of --inks with the recording's pressure, the words read printed under it. The eraser end's strokes are left out. \
            Recordings/showcase/showcase.events is made for it (Tools/demo).
            """)

    @OptionGroup var recording: RecordingOptions

    @Option(name: .shortAndLong, help: "The picture to write: .png, .svg or .pdf.")
    var output: String

    @Option(help: "The inks of the lines of writing, in turn, comma-separated (\(InkType.allCases.map(\.rawValue).joined(separator: ", "))).")
    var inks: String = "fountain-pen,pen"

    @Option(help: "The ink the snapped shapes are drawn in.")
    var shapeInk: InkType = .monoline

    @Option(help: "The language of the writing: en, ja or zh-Hans.")
    var language: HandwritingLanguage = .english

    @Option(help: "Picture points per canvas point of the recording's mapping (0.05 … 20): writing a few millimetres tall reads well at 1.6.")
    var zoom: Double = 1.6

    @Option(help: "Pixels per point of a PNG (0.25 … 8).")
    var scale: Double = 2

    @Option(help: "The picture's title (empty for none).")
    var title: String = "Quill: real handwriting read back, real drawings snapped"

    @Option(help: "A line under the title (empty for none).")
    var subtitle: String = ""

    @Option(help: "A line of credits at the bottom; repeat for more lines.")
    var credit: [String] = []

    func validate() throws {
        guard zoom.isFinite, (0.05...20).contains(zoom) else { throw ValidationError("--zoom must be 0.05 … 20 picture points per canvas point, not \(zoom)") }
        guard scale.isFinite, (0.25...8).contains(scale) else { throw ValidationError("--scale must be 0.25 … 8 pixels per point, not \(scale)") }
        guard CairoCanvas.Format(path: output) != nil else { throw ValidationError("--output must end in .png, .svg or .pdf, not '\(output)'") }
        _ = try lineInks()
    }

    /// The inks of --inks at the narrowest width of each, in a colour per ink type.
    func lineInks() throws -> [Ink] {
        let names = inks.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard !names.isEmpty else { throw ValidationError("--inks is empty: give one or more of \(InkType.allCases.map(\.rawValue).joined(separator: ", "))") }
        let colors: [InkType: String] = [.fountainPen: "#1B2A6B", .pen: "#0D3FBF", .pencil: "#2E2E2E", .marker: "#7A1F3D", .monoline: "#1F2937", .watercolor: "#0E7490", .crayon: "#B45309"]
        return try names.map { name in
            guard let type = InkType(rawValue: name) else {
                throw ValidationError("--inks: '\(name)' is not an ink; the inks are \(InkType.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            // Fine nibs: writing on a tablet is a few millimetres tall (a few canvas points).
            return try Ink(type: type, color: InkColor(hex: colors[type] ?? "#0D3FBF"), width: type.widthRange.lowerBound)
        }
    }

    func run() throws {
        let lineInks = try lineInks()
        let parameters = try ShowcasePicture.Parameters(scale: zoom)
        let recognizer: HandwritingRecognizer
        do {
            recognizer = try HandwritingRecognizer(language: language)
        } catch {
            throw ValidationError("\(error)")
        }
        var samples: [PenSample] = []
        var mapping: TabletMapping?
        _ = try recording.replay { batch, replay in
            for sample in batch where sample.tool != .eraser {
                if mapping == nil { mapping = replay.mapping(forDevice: sample.deviceIndex) }
                samples.append(sample)
            }
        }
        guard let mapping else {
            Console.error("\(recording.file): no pen samples to draw")
            throw ExitCode.failure
        }
        let showcase = try ShowcaseInk(samples: samples, mapping: mapping, lineInks: lineInks, shapeInk: Ink(type: shapeInk, color: InkColor(hex: "#C2410C"), width: Self.shapeWidth(shapeInk)))
        let lines = recognizer.recognizeLines(showcase.writing, candidates: 1)
        var rows: [ShowcasePicture.Row] = []
        for (number, line) in lines.enumerated() {
            let ink = lineInks[number % lineInks.count]
            let strokes = line.strokes.map { showcase.inked[number % lineInks.count][showcase.writingStrokes[$0]] }
            let pressure = showcase.pressureVaries(line.strokes) ? "the pen's pressure" : "even pressure (none recorded)"
            rows.append(.init(label: "\(Self.name(of: ink.type)), \(pressure)", cells: [.init(strokes: strokes, caption: "→ " + line.text)]))
        }
        if !showcase.drawings.isEmpty {
            rows.append(.init(label: "drawn, held still, snapped", cells: showcase.drawings.map { drawing in
                .init(strokes: [drawing.snapped], underlay: [drawing.drawn], caption: "→ " + drawing.shape.rawValue)
            }))
        }
        let picture = ShowcasePicture(title: title, subtitle: subtitle, rows: rows, footer: credit, parameters: parameters)
        do {
            try picture.render(to: output, pixelsPerPoint: scale)
        } catch {
            Console.error(error)
            throw ExitCode.failure
        }
        let words = lines.reduce(0) { $0 + $1.units.count }
        print("wrote \(output): \(lines.count) lines of writing (\(words) words read), \(showcase.drawings.count) drawings snapped")
        for line in lines { print("  read: \(line.text)") }
    }

    /// The snapped shapes' nominal width: 3 points, or the nearest the ink allows.
    static func shapeWidth(_ ink: InkType) -> Double {
        Swift.max(ink.widthRange.lowerBound, Swift.min(3, ink.widthRange.upperBound))
    }

    static func name(of ink: InkType) -> String {
        switch ink {
        case .fountainPen: return "fountain pen"
        default: return ink.rawValue
        }
    }
}

/// A recording's ink sorted for a showcase: the drawings that snap when held, the rest as writing
/// (strokes as the pen wrote them, for the recognizer) and inked in each of the line inks.
struct ShowcaseInk {
    struct SnappedDrawing {
        var drawn: Stroke
        var snapped: Stroke
        var shape: ShapeKind
    }

    /// The writing as the pen wrote it (canvas points), for the recognizer.
    var writing: HandwritingInk
    /// The pressure (0 … 1) of each contact sample of each stroke of `writing`.
    var pressures: [[Double]]
    /// For each stroke of `writing`, its index among the recording's ink strokes.
    var writingStrokes: [Int]
    /// Every ink stroke of the recording, once per line ink (same order and count).
    var inked: [[Stroke]]
    var drawings: [SnappedDrawing]

    init(samples: [PenSample], mapping: TabletMapping, lineInks: [Ink], shapeInk: Ink) throws {
        func strokes(_ ink: Ink, shapes: ShapeParameters?) -> [Stroke] {
            var recorder = DrawingRecorder(ink: ink, mapping: mapping, corners: shapes == nil ? nil : .defaults, shapes: shapes, editingGestures: false, predicts: false)
            for sample in samples { recorder.add(sample) }
            recorder.finish()
            return recorder.drawing.strokes
        }
        // The strokes as the pen wrote them, as `quill recognize` reads them.
        var written: [HandwritingStroke] = []
        var pressure: [[Double]] = []
        var open = false
        for sample in samples {
            let at = mapping.canvasPoint(for: sample.tabletLocation)
            let point = HandwritingPoint(x: at.x, y: at.y, t: sample.time)
            switch sample.phase {
            case .began:
                written.append(HandwritingStroke(points: [point]))
                pressure.append([sample.pressure])
                open = true
            case .moved where open:
                written[written.count - 1].points.append(point)
                pressure[pressure.count - 1].append(sample.pressure)
            case .ended, .cancelled: open = false
            default: break
            }
        }
        let grey = try Ink(type: .pen, color: .black, width: 3)
        let drawn = strokes(grey, shapes: nil)
        let snapped = strokes(shapeInk, shapes: .defaults)
        inked = lineInks.map { strokes($0, shapes: nil) }
        guard drawn.count == written.count, snapped.count == written.count, inked.allSatisfy({ $0.count == written.count }) else {
            throw ValidationError("the recording's \(written.count) strokes became \(drawn.count) strokes of ink: cannot show them side by side")
        }
        var writing: [HandwritingStroke] = []
        var writingStrokes: [Int] = []
        var pressures: [[Double]] = []
        var drawings: [SnappedDrawing] = []
        for index in drawn.indices {
            if let held = drawn[index].path.heldShape(pointsPerMillimetre: mapping.pointsPerMillimetre, parameters: .defaults), held.snaps,
               let kind = held.match?.shape.kind {
                drawings.append(SnappedDrawing(drawn: drawn[index], snapped: snapped[index], shape: kind))
            } else {
                writing.append(written[index])
                pressures.append(pressure[index])
                writingStrokes.append(index)
            }
        }
        self.writing = HandwritingInk(strokes: writing)
        self.writingStrokes = writingStrokes
        self.pressures = pressures
        self.drawings = drawings
    }

    /// Whether the pen's pressure varies over these strokes of `writing`: its samples' median
    /// distance from their median is over 0.03 (a tablet that recorded none gives a plain value).
    func pressureVaries(_ strokes: [Int]) -> Bool {
        let values = strokes.flatMap { pressures[$0] }.sorted()
        guard values.count >= 10 else { return false }
        let median = values[values.count / 2]
        let deviations = values.map { abs($0 - median) }.sorted()
        return deviations[deviations.count / 2] > 0.03
    }
}
