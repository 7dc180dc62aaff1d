import CQuill
import QuillLayout

private func rect(_ value: Rect) -> quill_rect { quill_rect(x: value.x, y: value.y, width: value.width, height: value.height) }

private func write(_ layout: Layout, to out: UnsafeMutablePointer<quill_layout>?) throws {
    let target = try CStatus.checkOutput(out, "quill_layout")
    var value = quill_layout()
    value.size = UInt32(MemoryLayout<quill_layout>.size)
    value.horizontal_size_class = layout.sizeClass.horizontal == .regular ? Int32(QUILL_SIZE_CLASS_REGULAR.rawValue) : Int32(QUILL_SIZE_CLASS_COMPACT.rawValue)
    value.vertical_size_class = layout.sizeClass.vertical == .regular ? Int32(QUILL_SIZE_CLASS_REGULAR.rawValue) : Int32(QUILL_SIZE_CLASS_COMPACT.rawValue)
    value.safe_area = rect(layout.safeAreaRect)
    value.canvas = rect(layout.canvas)
    value.palette = rect(layout.palette.frame)
    value.palette_docked = layout.palette.isDocked ? 1 : 0
    value.scale = layout.scale
    target.write(value)
}

@_cdecl("quill_layout_window")
public func quill_layout_window(_ width: Double, _ height: Double, _ leftHanded: Int32, _ out: UnsafeMutablePointer<quill_layout>?) -> Int32 {
    guarded {
        try write(Layout(windowWidth: width, height: height, hand: leftHanded != 0 ? .left : .right), to: out)
        return CStatus.ok
    }
}

@_cdecl("quill_layout_device")
public func quill_layout_device(_ id: UnsafePointer<CChar>?, _ landscape: Int32, _ leftHanded: Int32, _ out: UnsafeMutablePointer<quill_layout>?) -> Int32 {
    guarded {
        guard let id else { throw CFailure.invalid("device_id is NULL") }
        let name = String(cString: id)
        guard DeviceCatalog.device(id: name) != nil else {
            throw CFailure(status: QUILL_ERROR_NOT_FOUND.rawValue, message: "no device \"\(name)\" in the catalogue (quill layout --list names them)")
        }
        let environment = LayoutEnvironment(deviceID: name, orientation: landscape != 0 ? .landscape : .portrait, hand: leftHanded != 0 ? .left : .right)
        try write(environment.layout(), to: out)
        return CStatus.ok
    }
}
