import Foundation
import Testing
import QuillCore
import QuillTestSupport
@testable import QuillStroke

/// What a drawing tool embedding the engine needs: toolkit input in window points, an ink change
/// on one engine, smoothing and prediction off, dirty regions, and a stroke that does not grow.
@Suite struct EmbeddingEngineTests {
    /// A seeded random wandering stroke in window points (toolkit events), 120 Hz.
    func toolkitStroke(_ random: inout SeededRandom, adapter: inout ToolkitSampleAdapter, count: Int, start: Double = 0) throws -> [PenSample] {
        var x = Double(random.next() % 400) + 100, y = Double(random.next() % 300) + 100
        var samples: [PenSample] = []
        for index in 0...count {
            x += Double(Int(random.next() % 21) - 10) * 0.3
            y += Double(Int(random.next() % 21) - 10) * 0.3
            let pressure = Double(random.next() % 1000) / 1000
            samples.append(try adapter.sample(x: x, y: y, time: start + Double(index) / 120, isTouching: index < count, pressure: pressure, tiltX: 20, tiltY: -10))
        }
        return samples
    }

    /// Window points in, window points out: with smoothing off the engine draws exactly where the
    /// toolkit's pointer was, on a screen of any density (seeded random windows and DPIs).
    @Test func toolkitInputDrawsWhereThePointerWas() throws {
        var random = SeededRandom(seed: 0x7001)
        for _ in 0..<50 {
            let ppm = Double(random.next() % 600 + 200) / 100  // 2 … 8 points per mm
            let window = try CanvasSize(width: Double(random.next() % 1500 + 400), height: Double(random.next() % 900 + 400))
            var adapter = try ToolkitSampleAdapter(pointsPerMillimetre: ppm, window: window)
            var engine = StrokeEngine(ink: try Ink(type: .monoline), mapping: adapter.mapping, recordsPath: false)
            engine.isSmoothingEnabled = false
            engine.isPredictionEnabled = false
            var geometry = BrushGeometry()
            for sample in try toolkitStroke(&random, adapter: &adapter, count: 40) {
                #expect(abs(sample.tabletLocation.x * ppm - sample.location.x) < 1e-9)
                guard let update = engine.add(sample, geometry: &geometry) else { continue }
                #expect(abs(update.point.x - sample.location.x) < 1e-9 && abs(update.point.y - sample.location.y) < 1e-9)
                #expect(update.predictedPoint.x == update.point.x && update.predictedPoint.y == update.point.y)
            }
        }
    }

    @Test func toolkitPhasesFollowTheContactAndBadValuesAreRefused() throws {
        var adapter = try ToolkitSampleAdapter(pointsPerMillimetre: 3.78, window: try CanvasSize(width: 800, height: 600))
        let phases = try [false, true, true, false, false, true, false].enumerated().map { index, touching in
            try adapter.sample(x: 10, y: 10, time: Double(index), isTouching: touching, pressure: touching ? 0.5 : nil).phase
        }
        #expect(phases == [.hover, .began, .moved, .ended, .hover, .began, .ended])
        // The W3C edge: a pen lying flat along x has altitude 0 and azimuth 0 (pencil-model.md).
        let flat = try adapter.sample(x: 1, y: 1, time: 10, isTouching: false, tiltX: 90, tiltY: 30)
        #expect(flat.altitude == 0 && flat.azimuth == 0)
        #expect(throws: ParameterError.self) { try adapter.sample(x: 1, y: 1, time: 11, isTouching: true, pressure: 1.2) }
        #expect(throws: ParameterError.self) { try adapter.sample(x: .nan, y: 1, time: 11, isTouching: true) }
        #expect(throws: ParameterError.self) { try adapter.sample(x: 1, y: 1, time: 11, isTouching: true, tiltX: 91) }
        #expect(throws: ParameterError.self) { try ToolkitSampleAdapter(pointsPerMillimetre: 0, window: try CanvasSize(width: 800, height: 600)) }
    }

    /// Prediction from outside (the platform's): the predicted point is where it says, mapped;
    /// a non-finite one falls back to Quill's own.
    @Test func aPlatformsPredictionReplacesQuills() throws {
        var random = SeededRandom(seed: 0x7005)
        var adapter = try ToolkitSampleAdapter(pointsPerMillimetre: 3.78, window: try CanvasSize(width: 900, height: 700))
        var engine = StrokeEngine(ink: try Ink(type: .pen), mapping: adapter.mapping)
        var own = StrokeEngine(ink: try Ink(type: .pen), mapping: adapter.mapping)
        var geometry = BrushGeometry()
        for sample in try toolkitStroke(&random, adapter: &adapter, count: 40) {
            let ahead = TabletPoint(x: sample.tabletLocation.x + 1.5, y: sample.tabletLocation.y - 0.5)
            guard let update = engine.add(sample, geometry: &geometry, prediction: ahead) else { continue }
            let expected = adapter.mapping.canvasPoint(for: ahead)
            #expect(abs(update.predictedPoint.x - expected.x) < 1e-9 && abs(update.predictedPoint.y - expected.y) < 1e-9)
            let fallback = own.add(sample, geometry: &geometry, prediction: TabletPoint(x: .nan, y: 0))
            let plain = fallback.map { ($0.predictedPoint.x, $0.predictedPoint.y) }
            #expect(plain != nil && plain!.0.isFinite)
        }
    }

    /// A tool change on one engine: between strokes at once, mid-stroke from the next stroke;
    /// stroke numbers go on.
    @Test func theInkChangesOnOneEngine() throws {
        var random = SeededRandom(seed: 0x7002)
        var adapter = try ToolkitSampleAdapter(pointsPerMillimetre: 4, window: try CanvasSize(width: 1000, height: 800))
        var engine = StrokeEngine(ink: try Ink(type: .pen), mapping: adapter.mapping)
        var geometry = BrushGeometry()
        var finished: [Stroke] = []
        let first = try toolkitStroke(&random, adapter: &adapter, count: 20, start: 0)
        for (index, sample) in first.enumerated() {
            if index == 10 { engine.setInk(try Ink(type: .marker)) }  // mid-stroke
            _ = engine.add(sample, geometry: &geometry) { finished.append($0) }
        }
        #expect(engine.ink.type == .marker)
        let second = try toolkitStroke(&random, adapter: &adapter, count: 20, start: 1)
        var indices: Set<Int> = []
        for sample in second { if let update = engine.add(sample, geometry: &geometry, finished: { finished.append($0) }) { indices.insert(update.strokeIndex) } }
        engine.setInk(try Ink(type: .pencil))  // between strokes: at once
        #expect(engine.ink.type == .pencil)
        #expect(finished.map(\.ink.type) == [.pen, .marker])
        #expect(indices == [1])
    }

    /// Every vertex a sample commits lies in that update's dirty region (seeded random strokes).
    @Test func theDirtyRegionHoldsWhatEachSampleCommitted() throws {
        var random = SeededRandom(seed: 0x7003)
        var adapter = try ToolkitSampleAdapter(pointsPerMillimetre: 3.78, window: try CanvasSize(width: 900, height: 700))
        for ink in InkType.allCases {
            var engine = StrokeEngine(ink: try Ink(type: ink), mapping: adapter.mapping)
            var geometry = BrushGeometry()
            var regions = 0
            for sample in try toolkitStroke(&random, adapter: &adapter, count: 60) {
                let before = geometry.vertices.count
                guard let update = engine.add(sample, geometry: &geometry) else { continue }
                guard let dirty = update.dirty else {
                    #expect(geometry.vertices.count == before)
                    continue
                }
                regions += 1
                for vertex in geometry.vertices[before...] {
                    #expect(vertex.x >= dirty.minX && vertex.x <= dirty.maxX && vertex.y >= dirty.minY && vertex.y <= dirty.maxY)
                }
                #expect(dirty.width < 200 && dirty.height < 200, "one sample's region is local")
            }
            #expect(regions > 30, "\(ink)")
        }
    }

    /// Without recording the path, the engine's geometry is the same and nothing grows with the stroke.
    @Test func notRecordingThePathChangesNothingDrawn() throws {
        var random = SeededRandom(seed: 0x7004)
        var adapter = try ToolkitSampleAdapter(pointsPerMillimetre: 3.78, window: try CanvasSize(width: 900, height: 700))
        let samples = try toolkitStroke(&random, adapter: &adapter, count: 500)
        var recording = StrokeEngine(ink: try Ink(type: .fountainPen), mapping: adapter.mapping)
        var flat = StrokeEngine(ink: try Ink(type: .fountainPen), mapping: adapter.mapping, recordsPath: false)
        var a = BrushGeometry(), b = BrushGeometry()
        for sample in samples.dropLast() {
            _ = recording.add(sample, geometry: &a)
            _ = flat.add(sample, geometry: &b)
        }
        #expect(recording.currentStroke?.path.points.count == 500)
        #expect(flat.currentStroke?.path.points.isEmpty == true)
        #expect(a == b)
    }
}
