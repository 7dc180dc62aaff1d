import CQuill
import QuillCore
import QuillStroke

/// What a quill_engine handle holds: the engine and the geometry committed since the last take.
final class EngineBox {
    var engine: StrokeEngine
    /// Committed geometry not yet taken by the caller (emptied, capacity kept, at each take).
    var pending = BrushGeometry()
    var strokeCount = 0

    init(engine: StrokeEngine) { self.engine = engine }

    static func from(_ handle: OpaquePointer?) throws -> EngineBox {
        try CHandle.object(handle, "engine")
    }
}

private let inks: [InkType] = [.pen, .pencil, .marker, .monoline, .fountainPen, .watercolor, .crayon]

@_cdecl("quill_engine_new")
public func quill_engine_new(_ options: UnsafePointer<quill_engine_options>?, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    guarded(naming: [
        "TabletMapping.areaWidth": "quill_engine_options.area_width_mm", "TabletMapping.areaHeight": "quill_engine_options.area_height_mm",
        "CanvasSize.width": "quill_engine_options.canvas_width", "CanvasSize.height": "quill_engine_options.canvas_height",
        "Ink.width": "quill_engine_options.width",
    ]) {
        let value = try CStatus.check(options, "quill_engine_options")
        guard value.ink >= 0, Int(value.ink) < inks.count else { throw CFailure.invalid("quill_engine_options.ink is \(value.ink); expected 0…6 (enum quill_ink)") }
        let ink = try Ink(type: inks[Int(value.ink)], width: value.width == 0 ? nil : value.width)
        let canvas = try CanvasSize(
            width: value.canvas_width == 0 ? CanvasSize.iPadPro129Landscape.width : value.canvas_width,
            height: value.canvas_height == 0 ? CanvasSize.iPadPro129Landscape.height : value.canvas_height)
        let mapping = try TabletMapping(areaWidth: value.area_width_mm, areaHeight: value.area_height_mm, canvas: canvas)
        var engine = StrokeEngine(ink: ink, mapping: mapping, recordsPath: value.records_path != 0)
        engine.isSmoothingEnabled = value.smoothing_off == 0
        engine.isPredictionEnabled = value.prediction_off == 0
        try CHandle.handOut(EngineBox(engine: engine), to: out, "engine")
        return CStatus.ok
    }
}

@_cdecl("quill_engine_add_sample")
public func quill_engine_add_sample(_ handle: OpaquePointer?, _ sample: UnsafePointer<quill_sample>?, _ update: UnsafeMutablePointer<quill_stroke_update>?) -> Int32 {
    addSample(handle, sample, nil, update)
}

@_cdecl("quill_engine_add_sample_predicted")
public func quill_engine_add_sample_predicted(
    _ handle: OpaquePointer?, _ sample: UnsafePointer<quill_sample>?, _ predicted: UnsafePointer<quill_sample>?, _ update: UnsafeMutablePointer<quill_stroke_update>?
) -> Int32 {
    guard predicted != nil else { return guarded { throw CFailure.invalid("predicted is NULL (quill_engine_add_sample takes no prediction)") } }
    return addSample(handle, sample, predicted, update)
}

private func addSample(
    _ handle: OpaquePointer?, _ sample: UnsafePointer<quill_sample>?, _ predicted: UnsafePointer<quill_sample>?, _ update: UnsafeMutablePointer<quill_stroke_update>?
) -> Int32 {
    guarded {
        let box = try EngineBox.from(handle)
        let input = try CSample.read(sample)
        let prediction = try predicted.map { try CSample.read($0).tabletLocation }
        let target = try update.map { try CStatus.checkOutput($0, "quill_stroke_update") }
        // A finished stroke is not kept: the caller has its geometry (memory stays flat).
        guard let result = box.engine.add(input, geometry: &box.pending, prediction: prediction) else { return 0 }
        box.strokeCount = result.strokeIndex + 1
        if let target {
            var out = quill_stroke_update()
            out.size = UInt32(MemoryLayout<quill_stroke_update>.size)
            out.stroke = Int32(truncatingIfNeeded: result.strokeIndex)
            out.time = result.time
            out.x = result.point.x
            out.y = result.point.y
            out.width = result.point.width
            out.predicted_x = result.predictedPoint.x
            out.predicted_y = result.predictedPoint.y
            out.is_end = result.isEnd ? 1 : 0
            if let dirty = result.dirty {
                out.has_dirty = 1
                out.dirty = quill_rect(x: dirty.minX, y: dirty.minY, width: dirty.width, height: dirty.height)
            }
            target.write(out)
        }
        return 1
    }
}

@_cdecl("quill_engine_take_geometry")
public func quill_engine_take_geometry(
    _ handle: OpaquePointer?, _ vertices: UnsafeMutablePointer<quill_vertex>?, _ vertexCapacity: Int, _ vertexCount: UnsafeMutablePointer<Int>?,
    _ indices: UnsafeMutablePointer<UInt32>?, _ indexCapacity: Int, _ indexCount: UnsafeMutablePointer<Int>?
) -> Int32 {
    guarded {
        let box = try EngineBox.from(handle)
        guard let vertexCount, let indexCount else { throw CFailure.invalid("vertex_count or index_count is NULL") }
        // Read in place: a local copy of the geometry would share its buffers, and emptying them
        // below would then allocate new ones on every call.
        let vertexTotal = box.pending.vertices.count, indexTotal = box.pending.triangles.count
        vertexCount.pointee = vertexTotal
        indexCount.pointee = indexTotal
        guard vertexTotal <= vertexCapacity, indexTotal <= indexCapacity else {
            throw CFailure(
                status: QUILL_ERROR_BUFFER_TOO_SMALL.rawValue,
                message: "geometry needs \(vertexTotal) vertices and \(indexTotal) indices; the buffers hold \(vertexCapacity) and \(indexCapacity)")
        }
        if vertexTotal > 0 {
            guard let vertices else { throw CFailure.invalid("vertices is NULL") }
            box.pending.vertices.withUnsafeBufferPointer { source in
                for (i, vertex) in source.enumerated() { vertices[i] = quill_vertex(x: vertex.x, y: vertex.y, opacity: vertex.opacity) }
            }
        }
        if indexTotal > 0 {
            guard let indices else { throw CFailure.invalid("indices is NULL") }
            box.pending.triangles.withUnsafeBufferPointer { source in
                for (i, index) in source.enumerated() { indices[i] = index }
            }
        }
        box.pending.removeAll()
        return CStatus.ok
    }
}

@_cdecl("quill_engine_finish")
public func quill_engine_finish(_ handle: OpaquePointer?) -> Int32 {
    guarded {
        let box = try EngineBox.from(handle)
        box.engine.finish { _ in }
        return CStatus.ok
    }
}

@_cdecl("quill_engine_set_ink")
public func quill_engine_set_ink(_ handle: OpaquePointer?, _ ink: Int32, _ width: Double) -> Int32 {
    guarded(naming: ["Ink.width": "width"]) {
        let box = try EngineBox.from(handle)
        guard ink >= 0, Int(ink) < inks.count else { throw CFailure.invalid("ink is \(ink); expected 0…6 (enum quill_ink)") }
        box.engine.setInk(try Ink(type: inks[Int(ink)], width: width == 0 ? nil : width))
        return CStatus.ok
    }
}

@_cdecl("quill_engine_clone")
public func quill_engine_clone(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    guarded {
        let box = try EngineBox.from(handle)
        // The engine is a value: the copy is the whole state, the stroke in progress included.
        let copy = EngineBox(engine: box.engine)
        copy.pending = box.pending
        copy.strokeCount = box.strokeCount
        try CHandle.handOut(copy, to: out, "copy")
        return CStatus.ok
    }
}

@_cdecl("quill_engine_stroke_count")
public func quill_engine_stroke_count(_ handle: OpaquePointer?) -> Int32 {
    guard let box = try? EngineBox.from(handle) else { return QUILL_ERROR_INVALID_ARGUMENT.rawValue }
    return Int32(truncatingIfNeeded: box.strokeCount)
}

@_cdecl("quill_engine_free")
public func quill_engine_free(_ handle: OpaquePointer?) {
    CHandle.release(handle, as: EngineBox.self)
}
