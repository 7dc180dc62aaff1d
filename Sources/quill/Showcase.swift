import ArgumentParser
import QuillCore
import QuillDrawing
import QuillHandwriting
import QuillInput
import QuillRender
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
        let showcase: SortedInk
        do {
            showcase = try SortedInk(samples: samples, mapping: mapping, lineInks: lineInks, shapeInk: Ink(type: shapeInk, color: InkColor(hex: "#C2410C"), width: Self.shapeWidth(shapeInk)))
        } catch let error as SortedInkError {
            throw ValidationError(error.description)
        }
        let writing = showcase.writing.map { HandwritingStroke(points: $0.map { HandwritingPoint(x: $0.location.x, y: $0.location.y, t: $0.time) }) }
        let lines = recognizer.recognizeLines(HandwritingInk(strokes: writing), candidates: 1)
        var rows: [ShowcasePicture.Row] = lines.enumerated().map { number, line in
            let ink = number % lineInks.count
            return .writing(showcase.inked(writing: line.strokes, ink: ink), ink: lineInks[ink].type, pressureVaries: showcase.pressureVaries(line.strokes), text: line.text)
        }
        if !showcase.drawings.isEmpty {
            rows.append(.snapped(drawn: showcase.drawings.map(\.drawn), snapped: showcase.drawings.map(\.snapped), shapes: showcase.drawings.map(\.shape.rawValue)))
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
}
