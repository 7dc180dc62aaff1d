import CQuill
import DequeModule
import QuillCore
import QuillDrawing
import QuillGestures
import QuillStroke

/// What a quill_engine handle holds: the drawing session (ink strokes through the stroke engine,
/// the eraser's strokes erasing them; quill_engine_set_ink(QUILL_INK_ERASER) is the session's
/// eraser tool, taking the next stroke while one is drawn, as in every client of
/// ``DrawingSession``), the geometry committed since the last take and the drawing's changes not
/// yet taken.
final class EngineBox {
    var session: DrawingSession
    /// The session's drawing (made with the engine's canvas at creation: never nil).
    var recorder: DrawingRecorder { session.recorder! }
    /// Committed geometry not yet taken by the caller (emptied, capacity kept, at each take).
    var pending = BrushGeometry()
    var strokeCount = 0
    /// The eraser's diameter in points (what an erasing update's width says).
    let eraserWidth: Double
    /// What the eraser did, not yet taken.
    var changes: Deque<quill_stroke_change> = []
    /// The last sample's time (the time of the changes quill_engine_finish makes).
    var lastTime = 0.0

    init(recorder: DrawingRecorder) {
        // The app's own double taps choose the eraser (quill_engine_set_ink): the session's pencil
        // model only keeps the tool in use.
        session = DrawingSession(pencil: PencilSession(), recorder: recorder, options: .init(gestures: false))
        eraserWidth = 2 * recorder.eraserRadius
    }

    init(copying other: EngineBox) {
        session = other.session
        pending = other.pending
        strokeCount = other.strokeCount
        eraserWidth = other.eraserWidth
        changes = other.changes
        lastTime = other.lastTime
    }

    /// Moves the recorder's changes into the queue, timed `time`.
    func collectChanges(at time: Double) {
        for change in session.takeChanges() {
            var value = quill_stroke_change()
            value.size = UInt32(MemoryLayout<quill_stroke_change>.size)
            value.time = time
            switch change {
            case .erased(let id):
                value.kind = Int32(QUILL_STROKE_ERASED.rawValue)
                value.stroke = Int32(truncatingIfNeeded: id)
                value.first_piece = -1
            case let .split(id, pieces):
                value.kind = Int32(QUILL_STROKE_SPLIT.rawValue)
                value.stroke = Int32(truncatingIfNeeded: id)
                value.first_piece = Int32(truncatingIfNeeded: pieces.first ?? -1)
                value.piece_count = Int32(truncatingIfNeeded: pieces.count)
            }
            changes.append(value)
        }
    }

    static func from(_ handle: OpaquePointer?) throws -> EngineBox {
        try CHandle.object(handle, "engine")
    }
}

/// enum quill_ink ⇄ InkType and the tool names of gesture outcomes.
enum CInk {
    static let inks: [InkType] = [.pen, .pencil, .marker, .monoline, .fountainPen, .watercolor, .crayon]
    static let eraser = Int32(QUILL_INK_ERASER.rawValue)

    /// A tool's ink name ("pen", "fountain-pen", …, "eraser") as enum quill_ink; −1 for a name libquill does not know.
    static func number(named name: String) -> Int32 {
        if name == "eraser" { return eraser }
        return InkType(rawValue: name).flatMap { inks.firstIndex(of: $0) }.map { Int32($0) } ?? -1
    }

    static func type(_ value: Int32, _ field: String) throws -> InkType {
        guard value >= 0, Int(value) < inks.count else { throw CFailure.invalid("\(field) is \(value); expected 0…7 (enum quill_ink)") }
        return inks[Int(value)]
    }
}

private let engineFieldNames: KeyValuePairs<String, String> = [
    "TabletMapping.areaWidth": "quill_engine_options.area_width_mm", "TabletMapping.areaHeight": "quill_engine_options.area_height_mm",
    "CanvasSize.width": "quill_engine_options.canvas_width", "CanvasSize.height": "quill_engine_options.canvas_height",
    "Ink.width": "quill_engine_options.width", "PredictionParameters.horizon": "quill_engine_options.prediction_horizon",
]

/// An engine box for `options` over `mapping`; `callerSize`: the caller's struct size (a 0.4.0
/// caller, whose struct has no `eraser`, keeps strokes only with records_path, as 0.4.0 did).
private func makeEngine(_ value: quill_engine_options, mapping: TabletMapping, callerSize: Int) throws -> EngineBox {
    guard value.ink >= 0, value.ink <= CInk.eraser else { throw CFailure.invalid("quill_engine_options.ink is \(value.ink); expected 0…7 (enum quill_ink)") }
    let erasing = value.ink == CInk.eraser
    let ink = try Ink(type: erasing ? .pen : CInk.inks[Int(value.ink)], width: value.width == 0 || erasing ? nil : value.width)
    let eraser: DrawingRecorder.EraserKind
    switch value.eraser {
    case Int32(QUILL_ERASER_BITMAP.rawValue), Int32(QUILL_ERASER_NONE.rawValue): eraser = .bitmap
    case Int32(QUILL_ERASER_VECTOR.rawValue): eraser = .vector
    default: throw CFailure.invalid("quill_engine_options.eraser is \(value.eraser); expected 0…2 (enum quill_eraser)")
    }
    let radius = value.eraser_radius == 0 ? 8 : value.eraser_radius
    guard radius.isFinite, radius > 0, radius <= 1000 else {
        throw CFailure.invalid("quill_engine_options.eraser_radius is \(value.eraser_radius); expected points > 0 and ≤ 1000, or 0 for the default 8")
    }
    let keeps = callerSize < Int(QUILL_ENGINE_OPTIONS_SIZE_V2) ? value.records_path != 0 : value.eraser != Int32(QUILL_ERASER_NONE.rawValue)
    // A caller's struct shorter than QUILL_ENGINE_OPTIONS_SIZE_V4 reads as zeros there: the defaults.
    let prediction = try PredictionParameters(
        horizon: value.prediction_horizon == 0 ? PredictionParameters.defaults.horizon : value.prediction_horizon,
        adapts: value.adaptive_prediction_off == 0)
    var recorder = DrawingRecorder(
        ink: ink, mapping: mapping, eraser: eraser, eraserRadius: radius, prediction: prediction, shapes: value.shapes_off == 0 ? .defaults : nil,
        editingGestures: value.editing_gestures_off == 0, keepsDrawing: keeps)
    recorder.isSmoothingEnabled = value.smoothing_off == 0
    recorder.isPredictionEnabled = value.prediction_off == 0
    let box = EngineBox(recorder: recorder)
    if erasing { _ = box.session.select(.eraser) }
    return box
}

@_cdecl("quill_engine_new")
public func quill_engine_new(_ options: UnsafePointer<quill_engine_options>?, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    guarded(naming: engineFieldNames) {
        let value = try CStatus.check(options, "quill_engine_options")
        let canvas = try CanvasSize(
            width: value.canvas_width == 0 ? CanvasSize.iPadPro129Landscape.width : value.canvas_width,
            height: value.canvas_height == 0 ? CanvasSize.iPadPro129Landscape.height : value.canvas_height)
        let mapping = try TabletMapping(areaWidth: value.area_width_mm, areaHeight: value.area_height_mm, canvas: canvas)
        try CHandle.handOut(try makeEngine(value, mapping: mapping, callerSize: Int(options!.pointee.size)), to: out, "engine")
        return CStatus.ok
    }
}

@_cdecl("quill_engine_new_for_source")
public func quill_engine_new_for_source(
    _ source: OpaquePointer?, _ device: Int32, _ options: UnsafePointer<quill_engine_options>?, _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> Int32 {
    guarded(naming: engineFieldNames) {
        let box = try SourceBox.from(source)
        guard out != nil else { throw CFailure.invalid("engine (the output pointer) is NULL") }
        var value = quill_engine_options()
        var callerSize = Int(QUILL_ENGINE_OPTIONS_SIZE_V4)  // NULL: today's defaults
        if let options {
            value = try CStatus.check(options, "quill_engine_options")
            callerSize = Int(options.pointee.size)
        }
        guard device >= 0, let mapping = try box.mapping(forDevice: Int(device)) else {
            let count = box.deviceCount
            let what = device >= 0 && Int(device) < count ? "is not a pen (no tablet area to draw from)" : "does not exist (the source has \(count) device\(count == 1 ? "" : "s"), from 0)"
            throw CFailure(status: QUILL_ERROR_NOT_FOUND.rawValue, message: "device \(device) of the source \(what)")
        }
        // One canvas: the caller's fields say nothing (0) or what the source says.
        func agree(_ given: Double, _ actual: Double, _ field: String, _ unit: String) throws {
            guard given != 0, abs(given - actual) > 1e-9 * max(1, abs(actual)) else { return }
            throw CFailure.invalid(
                "quill_engine_options.\(field) is \(given) but the source's is \(actual) \(unit) (device \(device)): leave it 0 to take the source's, or give the source that canvas (quill_source_options)")
        }
        try agree(value.area_width_mm, mapping.areaWidth, "area_width_mm", "mm")
        try agree(value.area_height_mm, mapping.areaHeight, "area_height_mm", "mm")
        try agree(value.canvas_width, mapping.canvas.width, "canvas_width", "points")
        try agree(value.canvas_height, mapping.canvas.height, "canvas_height", "points")
        try CHandle.handOut(try makeEngine(value, mapping: mapping, callerSize: callerSize), to: out, "engine")
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
        var input = try CSample.read(sample)
        let prediction = try predicted.map { try CSample.read($0).tabletLocation }
        let target = try update.map { try CStatus.checkOutput($0, "quill_stroke_update") }
        // A double tap to the eraser: every end erases (a mode, never content), from the next stroke.
        input = box.session.inking(input)
        let erasing = input.tool == .eraser
        // Only ink reaches the caller's geometry, straight into its buffer; the eraser's path is not drawn.
        guard let result = box.session.add(input, prediction: prediction, appendingInkTo: &box.pending) else { return 0 }
        box.lastTime = result.time
        // The eraser acts when its stroke ends (or another begins without an end).
        if box.recorder.hasChanges { box.collectChanges(at: result.time) }
        box.strokeCount = result.strokeIndex + 1
        if let target {
            var out = quill_stroke_update()
            out.size = UInt32(MemoryLayout<quill_stroke_update>.size)
            out.stroke = Int32(truncatingIfNeeded: result.strokeIndex)
            out.time = result.time
            out.x = result.point.x
            out.y = result.point.y
            out.width = erasing ? box.eraserWidth : result.point.width
            out.predicted_x = result.predictedPoint.x
            out.predicted_y = result.predictedPoint.y
            out.is_end = result.isEnd ? 1 : 0
            if !erasing, let dirty = result.dirty {
                out.has_dirty = 1
                out.dirty = quill_rect(x: dirty.minX, y: dirty.minY, width: dirty.width, height: dirty.height)
            }
            out.stroke_id = erasing ? -1 : Int32(truncatingIfNeeded: box.recorder.lastInkStrokeID ?? -1)
            out.erasing = erasing ? 1 : 0
            out.change_count = Int32(truncatingIfNeeded: box.changes.count)
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
        // Read in place (a local copy would share the buffers, and emptying them below would then
        // allocate new ones on every call).
        try CGeometry.write(box.pending, vertices, vertexCapacity, vertexCount, indices, indexCapacity, indexCount)
        box.pending.removeAll()
        return CStatus.ok
    }
}

/// Geometry into a caller's buffers, with the buffer rules of quill_engine_take_geometry.
enum CGeometry {
    static func write(
        _ geometry: borrowing BrushGeometry, _ vertices: UnsafeMutablePointer<quill_vertex>?, _ vertexCapacity: Int, _ vertexCount: UnsafeMutablePointer<Int>,
        _ indices: UnsafeMutablePointer<UInt32>?, _ indexCapacity: Int, _ indexCount: UnsafeMutablePointer<Int>
    ) throws {
        let vertexTotal = geometry.vertices.count, indexTotal = geometry.triangles.count
        vertexCount.pointee = vertexTotal
        indexCount.pointee = indexTotal
        guard vertexTotal <= vertexCapacity, indexTotal <= indexCapacity else {
            throw CFailure(
                status: QUILL_ERROR_BUFFER_TOO_SMALL.rawValue,
                message: "geometry needs \(vertexTotal) vertices and \(indexTotal) indices; the buffers hold \(vertexCapacity) and \(indexCapacity)")
        }
        if vertexTotal > 0 {
            guard let vertices else { throw CFailure.invalid("vertices is NULL") }
            geometry.vertices.withUnsafeBufferPointer { source in
                for (i, vertex) in source.enumerated() { vertices[i] = quill_vertex(x: vertex.x, y: vertex.y, opacity: vertex.opacity) }
            }
        }
        if indexTotal > 0 {
            guard let indices else { throw CFailure.invalid("indices is NULL") }
            geometry.triangles.withUnsafeBufferPointer { source in
                for (i, index) in source.enumerated() { indices[i] = index }
            }
        }
    }
}

@_cdecl("quill_engine_finish")
public func quill_engine_finish(_ handle: OpaquePointer?) -> Int32 {
    guarded {
        let box = try EngineBox.from(handle)
        box.session.finishStrokes()
        box.collectChanges(at: box.lastTime)
        return CStatus.ok
    }
}

@_cdecl("quill_engine_set_ink")
public func quill_engine_set_ink(_ handle: OpaquePointer?, _ ink: Int32, _ width: Double) -> Int32 {
    guarded(naming: ["Ink.width": "width"]) {
        let box = try EngineBox.from(handle)
        let erasing = ink == CInk.eraser
        if erasing {
            _ = box.session.select(.eraser)
        } else {
            let chosen = try Ink(type: try CInk.type(ink, "ink"), width: width == 0 ? nil : width)
            box.session.setInk(chosen)
            _ = box.session.select(DrawingTool(ink: chosen.type.rawValue, color: chosen.color.hexString, width: chosen.width))
        }
        // Like an ink change: at once between strokes, from the next stroke while one is drawn
        // (the session decides a stroke's tool when it begins).
        return CStatus.ok
    }
}

@_cdecl("quill_engine_clone")
public func quill_engine_clone(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    guarded {
        let box = try EngineBox.from(handle)
        // The engine is a value: the copy is the whole state, the stroke in progress included.
        try CHandle.handOut(EngineBox(copying: box), to: out, "copy")
        return CStatus.ok
    }
}

@_cdecl("quill_engine_stroke_count")
public func quill_engine_stroke_count(_ handle: OpaquePointer?) -> Int32 {
    guard let box = try? EngineBox.from(handle) else { return QUILL_ERROR_INVALID_ARGUMENT.rawValue }
    return Int32(truncatingIfNeeded: box.strokeCount)
}

@_cdecl("quill_engine_next_change")
public func quill_engine_next_change(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<quill_stroke_change>?) -> Int32 {
    guarded {
        let box = try EngineBox.from(handle)
        let target = try CStatus.checkOutput(out, "quill_stroke_change")
        guard let change = box.changes.popFirst() else { return 0 }
        target.write(change)
        return 1
    }
}

@_cdecl("quill_engine_get_stroke_ids")
public func quill_engine_get_stroke_ids(_ handle: OpaquePointer?, _ ids: UnsafeMutablePointer<Int32>?, _ capacity: Int, _ count: UnsafeMutablePointer<Int>?) -> Int32 {
    guarded {
        let box = try EngineBox.from(handle)
        guard let count else { throw CFailure.invalid("count is NULL") }
        let kept = box.recorder.strokeIDs
        count.pointee = kept.count
        guard kept.count <= capacity else {
            throw CFailure(status: QUILL_ERROR_BUFFER_TOO_SMALL.rawValue, message: "the drawing holds \(kept.count) strokes; ids holds \(capacity)")
        }
        if !kept.isEmpty {
            guard let ids else { throw CFailure.invalid("ids is NULL") }
            for (index, id) in kept.enumerated() { ids[index] = Int32(truncatingIfNeeded: id) }
        }
        return CStatus.ok
    }
}

/// The kept stroke `id` of an engine, or QUILL_ERROR_NOT_FOUND.
private func keptStroke(_ box: EngineBox, _ id: Int32) throws -> Stroke {
    guard let stroke = box.recorder.stroke(withID: Int(id)) else {
        let erasing = box.recorder.keepsDrawing ? "" : " (the engine keeps no strokes: quill_engine_options.eraser is QUILL_ERASER_NONE)"
        throw CFailure(status: QUILL_ERROR_NOT_FOUND.rawValue, message: "the drawing holds no stroke \(id)\(erasing)")
    }
    return stroke
}

/// A stroke's points where they are drawn (its transform applied).
private func drawnPoints(of stroke: Stroke) -> [StrokePoint] {
    guard stroke.transform != .identity else { return stroke.path.points }
    return stroke.path.points.map { point in
        var moved = point
        (moved.x, moved.y) = stroke.transform.apply(x: point.x, y: point.y)
        return moved
    }
}

@_cdecl("quill_engine_get_stroke")
public func quill_engine_get_stroke(
    _ handle: OpaquePointer?, _ id: Int32, _ vertices: UnsafeMutablePointer<quill_vertex>?, _ vertexCapacity: Int, _ vertexCount: UnsafeMutablePointer<Int>?,
    _ indices: UnsafeMutablePointer<UInt32>?, _ indexCapacity: Int, _ indexCount: UnsafeMutablePointer<Int>?
) -> Int32 {
    guarded {
        let box = try EngineBox.from(handle)
        guard let vertexCount, let indexCount else { throw CFailure.invalid("vertex_count or index_count is NULL") }
        let stroke = try keptStroke(box, id)
        var builder = BrushGeometryBuilder(inkType: stroke.ink.type)
        var geometry = BrushGeometry()
        for point in drawnPoints(of: stroke) { builder.add(point, into: &geometry) }
        try CGeometry.write(geometry, vertices, vertexCapacity, vertexCount, indices, indexCapacity, indexCount)
        return CStatus.ok
    }
}

@_cdecl("quill_engine_get_stroke_points")
public func quill_engine_get_stroke_points(
    _ handle: OpaquePointer?, _ id: Int32, _ points: UnsafeMutablePointer<quill_stroke_point>?, _ capacity: Int, _ count: UnsafeMutablePointer<Int>?,
    _ ink: UnsafeMutablePointer<Int32>?
) -> Int32 {
    guarded {
        let box = try EngineBox.from(handle)
        guard let count else { throw CFailure.invalid("count is NULL") }
        let stroke = try keptStroke(box, id)
        let drawn = drawnPoints(of: stroke)
        count.pointee = drawn.count
        ink?.pointee = CInk.number(named: stroke.ink.type.rawValue)
        guard drawn.count <= capacity else {
            throw CFailure(status: QUILL_ERROR_BUFFER_TOO_SMALL.rawValue, message: "stroke \(id) has \(drawn.count) points; points holds \(capacity)")
        }
        if !drawn.isEmpty {
            guard let points else { throw CFailure.invalid("points is NULL") }
            for (index, point) in drawn.enumerated() {
                let tilt = CSample.tiltDegrees(altitude: point.altitude, azimuth: point.azimuth)
                points[index] = quill_stroke_point(
                    x: point.x, y: point.y, time: point.timeOffset, width: point.width, opacity: point.opacity, force: point.force,
                    azimuth: point.azimuth, altitude: point.altitude, pressure: point.force / PenSample.maximumPossibleForce,
                    tilt_x: tilt.x, tilt_y: tilt.y)
            }
        }
        return CStatus.ok
    }
}

@_cdecl("quill_engine_free")
public func quill_engine_free(_ handle: OpaquePointer?) {
    CHandle.release(handle, as: EngineBox.self)
}
