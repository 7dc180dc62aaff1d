import Foundation
import Testing
import QuillCore
@testable import QuillStroke

@Suite struct EngineTests {
    let mapping = try! TabletMapping(areaWidth: 224, areaHeight: 148, canvas: .iPadPro129Landscape)

    func sample(_ t: Double, _ x: Double, _ y: Double, _ phase: PenPhase, tool: PenTool = .pen, pressure: Double = 0.4) -> PenSample {
        let mm = TabletPoint(x: x, y: y)
        return PenSample(
            time: t, location: mapping.canvasPoint(for: mm), tabletLocation: mm, phase: phase, tool: tool, force: pressure * 25 / 6,
            pressure: pressure, altitude: 1.2, azimuth: 0.5)
    }

    func stroke(from x0: Double, to x1: Double, y: Double, start: Double, tool: PenTool = .pen) -> [PenSample] {
        (0...20).map { index in
            let phase: PenPhase = index == 0 ? .began : (index == 20 ? .ended : .moved)
            return sample(start + Double(index) * 0.005, x0 + (x1 - x0) * Double(index) / 20, y, phase, tool: tool)
        }
    }

    @Test func badSamplesNeverReachTheOutput() throws {
        var engine = StrokeEngine(ink: try Ink(type: .pen), mapping: mapping)
        var geometry = BrushGeometry()
        let inputs = [
            sample(0, 10, 10, .began), sample(0, 10, 10, .moved), sample(0.001, .nan, 10, .moved),
            sample(0.002, 1e12, 10, .moved), sample(0.001, 11, 10, .moved), sample(5, 12, 10, .moved), sample(5.01, 12, 10, .ended),
        ]
        var updates = 0
        for input in inputs {
            if let update = engine.add(input, geometry: &geometry) {
                updates += 1
                #expect(update.point.x.isFinite && update.point.y.isFinite && update.predictedPoint.x.isFinite)
            }
        }
        #expect(updates == 5)
        #expect(geometry.vertices.allSatisfy { $0.x.isFinite && $0.y.isFinite && $0.x > 50 && $0.y > 50 }, "nothing reaches the origin")
    }

    /// Two horizontal strokes, then the eraser end crossing only the first, in its middle,
    /// vertically: recorded with a vector and a bitmap eraser.
    func erasedDrawings() throws -> (vector: DrawingRecorder, bitmap: DrawingRecorder) {
        let ink = try Ink(type: .pen)
        var vector = DrawingRecorder(ink: ink, mapping: mapping, eraser: .vector)
        var bitmap = DrawingRecorder(ink: ink, mapping: mapping, eraser: .bitmap)
        var inputs: [PenSample] = stroke(from: 20, to: 120, y: 40, start: 0)
        inputs += stroke(from: 20, to: 120, y: 100, start: 1)
        for index in 0...10 {
            let phase: PenPhase = index == 0 ? .began : (index == 10 ? .ended : .moved)
            inputs.append(sample(2 + Double(index) * 0.005, 70, 30 + Double(index) * 2, phase, tool: .eraser))
        }
        for input in inputs {
            vector.add(input)
            bitmap.add(input)
        }
        vector.finish()
        bitmap.finish()
        return (vector, bitmap)
    }

    @Test func theEraserEndErasesWhatItTouches() throws {
        let (vector, bitmap) = try erasedDrawings()
        #expect(vector.drawing.strokes.count == 1)  // the whole first stroke is gone
        #expect(bitmap.drawing.strokes.count == 3)  // the first stroke split in two, the second intact
        let second = try #require(vector.drawing.strokes.first)
        #expect(abs(mapping.tabletPoint(for: CanvasPoint(x: second.path.points[0].x, y: second.path.points[0].y)).y - 100) < 0.5)
    }

    /// Strokes keep stable ids; the eraser's work is told by id: a cut stroke leaves pieces with
    /// new ids in its place, an erased one is gone.
    @Test func theEraserSaysWhatItDidByStrokeID() throws {
        var (vector, bitmap) = try erasedDrawings()
        #expect(bitmap.takeChanges() == [.split(id: 0, into: [2, 3])])
        #expect(bitmap.strokeIDs == [2, 3, 1] && bitmap.drawing.strokes.count == 3)
        #expect(bitmap.takeChanges().isEmpty)
        #expect(vector.takeChanges() == [.erased(id: 0)])
        #expect(vector.strokeIDs == [1] && vector.drawing.strokes.count == 1)
    }

    @Test func aDrawingReadsBackIdenticallyFromJSON() throws {
        var recorder = DrawingRecorder(ink: try Ink(type: .fountainPen, color: InkColor(hex: "#112233"), width: 6), mapping: mapping)
        for input in stroke(from: 10, to: 50, y: 20, start: 0) + stroke(from: 10, to: 50, y: 60, start: 1) { recorder.add(input) }
        recorder.finish()
        let data = try JSONEncoder().encode(recorder.drawing)
        let decoded = try JSONDecoder().decode(Drawing.self, from: data)
        #expect(decoded == recorder.drawing)
        #expect(decoded.strokes.count == 2 && decoded.strokes[0].ink.type == .fountainPen)
    }

    @Test func oneSampleStrokesAndGapsOfSecondsAreKept() throws {
        var recorder = DrawingRecorder(ink: try Ink(type: .pen), mapping: mapping)
        recorder.add(sample(0, 30, 30, .began))
        recorder.add(sample(0, 30, 30, .ended))
        recorder.add(sample(1, 60, 30, .began))
        recorder.add(sample(9, 61, 30, .moved))  // eight seconds later
        recorder.add(sample(9.01, 62, 30, .ended))
        recorder.finish()
        #expect(recorder.drawing.strokes.map(\.path.points.count) == [2, 3])
        #expect(recorder.drawing.strokes.allSatisfy { $0.path.points.allSatisfy { $0.x.isFinite && $0.y.isFinite } })
    }
}
