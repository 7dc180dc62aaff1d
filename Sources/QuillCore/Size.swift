/// A width and a height, in points unless the name of the value says otherwise (a tablet's area
/// is in millimetres).
///
/// Both are at least 0 in every value Quill returns. ``CanvasSize`` is the validated size of a
/// canvas (finite and > 0).
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// Horizontal extent.
    public var width: Double
    /// Vertical extent.
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The same size turned a quarter: width and height exchanged.
    public var transposed: Size { Size(width: height, height: width) }

    public var description: String { "\(width)×\(height)" }
}
