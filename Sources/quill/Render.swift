import ArgumentParser
import Foundation
import QuillCore
import QuillDrawing
import QuillGestures
import QuillInput
import QuillRender
import QuillStroke

/// `quill render FILE -o OUT`: the strokes of a recording (or a drawing file) as a picture.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw the strokes of a recording, or of a drawing file (.json), to PNG, SVG or PDF with Cairo.",
        discussion: "Strokes of the pen, pencil, brush and airbrush ends are inked; strokes of the eraser end erase (--eraser bitmap|vector).")

    @OptionGroup var recording: RecordingOptions
    @OptionGroup var inkOptions: InkOptions

    @Option(name: .shortAndLong, help: "The picture to write: .png, .svg or .pdf.")
    var output: String

    @Option(help: "How the eraser end erases: bitmap (only what it touches) or vector (whole strokes).")
    var eraser: DrawingRecorder.EraserKind = .bitmap

    @Option(help: "Also write the drawing (strokes, inks, points) as JSON to this file.")
    var saveDrawing: String?

    @Option(help: "Pixels per point for PNG.")
    var scale: Double = 1

    @Option(help: "Cut the page to the strokes plus this margin in points (default: the whole canvas).")
    var crop: Double?

    @OptionGroup var drawingOptions: DrawingOptions

    @Flag(help: "Draw the finger touches over the picture: grey tracks, red dashed for those palm rejection took (a ring where it cancelled one).")
    var touches = false

    func run() throws {
        RenderMemory.keepFreedMemoryBetweenLayers()  // a layer per stroke: no page faults per layer
        var overlay = TouchOverlay()
        let drawing: Drawing
        if recording.file.lowercased().hasSuffix(".json") {
            drawing = try DrawingFile.read(recording.file)
        } else {
            var session = DrawingSession(
                ink: try inkOptions.makeInk(), pencil: try drawingOptions.pencilSession(),
                options: .init(gestures: !drawingOptions.noGestures, eraser: eraser, corners: inkOptions.corners, shapes: inkOptions.shapes))
            var outcomes: [PencilInteraction.Outcome] = []
            var fingers: [FingerGesture] = []
            var pensIn: Set<Int> = []
            let touches = self.touches  // read once: a property wrapper's getter is not free per event
            var lastTime = 0.0
            _ = try recording.replayEvents { events, replay in
                for event in events {
                    session.handle(event, from: replay, outcomes: &outcomes, fingers: &fingers)
                    if touches, case .touch(let touch) = event { overlay.add(session.placed(touch)) }
                    outcomes.removeAll(keepingCapacity: true)
                    fingers.removeAll(keepingCapacity: true)
                    if let time = event.time { lastTime = max(lastTime, time) }
                    if touches { noteRejectionArea(of: event, replay: replay, pensIn: &pensIn, into: &overlay) }
                }
            }
            session.finish(at: lastTime, outcomes: &outcomes)
            guard let made = session.drawing else {
                Console.error("\(recording.file): no pen samples to draw")
                throw ExitCode.failure
            }
            drawing = made
        }
        do {
            try DrawingRenderer.render(drawing, to: output, scale: scale, cropMargin: crop, touches: touches ? overlay : nil)
            if let saveDrawing { try DrawingFile.write(drawing, to: saveDrawing) }
        } catch {
            Console.error(error)
            throw ExitCode.failure
        }
        print("wrote \(output): \(drawing.strokes.count) strokes, \(drawing.strokes.reduce(0) { $0 + $1.path.points.count }) points")
    }
}

extension Render {
    /// The area a paired pen rejects touches in as it comes into proximity (its first sample), for
    /// the overlay: libinput's rectangle beside a tilted pen, the whole surface for a pen without tilt.
    func noteRejectionArea(of event: TabletEvent, replay: SampleReplay, pensIn: inout Set<Int>, into overlay: inout TouchOverlay) {
        switch event {
        case let .proximityOut(device, _, _, _): pensIn.remove(device)
        case .sample(let sample):
            guard replay.palmPairs.contains(where: { $0.pen == sample.deviceIndex }), pensIn.insert(sample.deviceIndex).inserted,
                let mapping = replay.mapping(forDevice: sample.deviceIndex) else { return }
            let tiltX = PalmArbiter.tiltX(of: sample)
            let area = tiltX == 0
                ? Rect(x: 0, y: 0, width: mapping.areaWidth, height: mapping.areaHeight)
                : PalmArbiter.rejectionRectangle(tip: sample.tabletLocation, tiltX: tiltX)
            let a = mapping.canvasPoint(for: area.origin), b = mapping.canvasPoint(for: Point(x: area.maxX, y: area.maxY))
            overlay.addRejectionArea(Rect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y)))
        default: break
        }
    }
}

/// `quill plot FILE -o OUT`: pressure, altitude, azimuth and speed over time.
struct Plot: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Plot pressure, altitude, azimuth and speed over time (PNG, SVG or PDF, with Cairo).")

    @OptionGroup var recording: RecordingOptions

    @Option(name: .shortAndLong, help: "The plot to write: .png, .svg or .pdf.")
    var output: String

    func run() throws {
        var samples: [PenSample] = []
        let replay = try recording.replay { batch, _ in samples.append(contentsOf: batch) }
        let name = replay.devices.first?.name ?? recording.file
        do {
            try SamplePlot.render(samples, title: "\(name) — \(URL(fileURLWithPath: recording.file).lastPathComponent)", to: output)
        } catch {
            Console.error(error)
            throw ExitCode.failure
        }
        print("wrote \(output): \(samples.count) samples")
    }
}
