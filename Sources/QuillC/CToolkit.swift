import CQuill
import QuillCore

/// What a quill_toolkit handle holds.
final class ToolkitBox {
    var adapter: ToolkitSampleAdapter
    init(adapter: ToolkitSampleAdapter) { self.adapter = adapter }

    static func from(_ handle: OpaquePointer?) throws -> ToolkitBox {
        try CHandle.object(handle, "toolkit")
    }
}

@_cdecl("quill_toolkit_new")
public func quill_toolkit_new(_ pointsPerMillimetre: Double, _ width: Double, _ height: Double, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    guarded {
        let adapter = try ToolkitSampleAdapter(pointsPerMillimetre: pointsPerMillimetre, window: CanvasSize(width: width, height: height))
        try CHandle.handOut(ToolkitBox(adapter: adapter), to: out, "toolkit")
        return CStatus.ok
    }
}

@_cdecl("quill_toolkit_sample")
public func quill_toolkit_sample(_ handle: OpaquePointer?, _ event: UnsafePointer<quill_toolkit_event>?, _ out: UnsafeMutablePointer<quill_sample>?) -> Int32 {
    guarded {
        let box = try ToolkitBox.from(handle)
        let value = try CStatus.check(event, "quill_toolkit_event")
        let target = try CStatus.checkOutput(out, "quill_sample")
        guard value.tool >= 0, Int(value.tool) < CSample.tools.count else {
            throw CFailure.invalid("quill_toolkit_event.tool is \(value.tool); expected 0…6 (enum quill_tool)")
        }
        func given(_ number: Double) -> Double? { number.isNaN ? nil : number }
        let sample = try box.adapter.sample(
            x: value.x, y: value.y, time: value.time, isTouching: value.touching != 0, pressure: given(value.pressure),
            tiltX: given(value.tilt_x), tiltY: given(value.tilt_y), rotation: given(value.rotation),
            tool: CSample.tools[Int(value.tool)], buttons: PenButtons(rawValue: UInt16(truncatingIfNeeded: value.buttons)))
        // A toolkit's tilt is in degrees −90 … 90: its range is the whole of it when given.
        target.write(CSample.make(sample, tiltRange: value.tilt_x.isNaN && value.tilt_y.isNaN ? 0 : 90))
        return CStatus.ok
    }
}

@_cdecl("quill_toolkit_get_area")
public func quill_toolkit_get_area(_ handle: OpaquePointer?, _ width: UnsafeMutablePointer<Double>?, _ height: UnsafeMutablePointer<Double>?) -> Int32 {
    guarded {
        let box = try ToolkitBox.from(handle)
        return try CStatus.writeArea(of: box.adapter.mapping, width, height)
    }
}

@_cdecl("quill_toolkit_free")
public func quill_toolkit_free(_ handle: OpaquePointer?) {
    CHandle.release(handle, as: ToolkitBox.self)
}
