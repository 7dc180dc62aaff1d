/// One value for each orientation, such as a device's safe-area insets.
public struct PerOrientation<Value: Hashable & Sendable>: Hashable, Sendable {
    /// The value with the device held in portrait.
    public var portrait: Value
    /// The value with the device held in landscape.
    public var landscape: Value

    public init(portrait: Value, landscape: Value) {
        self.portrait = portrait
        self.landscape = landscape
    }

    /// The value for `orientation`.
    public subscript(_ orientation: Orientation) -> Value {
        switch orientation {
        case .portrait: return portrait
        case .landscape: return landscape
        }
    }
}
