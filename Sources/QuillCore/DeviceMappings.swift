/// Where a source's devices land on the canvas: the pen's mapping and a touch surface's. A replay,
/// a live tablet and an app's own source answer alike.
public protocol DeviceMappings {
    /// The pen or puck device's mapping from its millimetres to canvas points; nil for a device
    /// that is not one.
    func mapping(forDevice index: Int) -> TabletMapping?
    /// A touch surface's mapping; nil for a device without touches.
    func touchMapping(forDevice index: Int) -> TabletMapping?
}
