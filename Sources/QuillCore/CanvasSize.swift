/// The size of the canvas samples are mapped onto, in points.
public struct CanvasSize: Hashable, Sendable {
    /// Width in points, finite and > 0.
    public let width: Double
    /// Height in points, finite and > 0.
    public let height: Double

    /// Throws ``ParameterError`` when either side is not a finite number above zero.
    public init(width: Double, height: Double) throws {
        for (name, value) in [("width", width), ("height", height)] where !(value.isFinite && value > 0) {
            throw ParameterError(field: "CanvasSize.\(name)", value: "\(value)", expected: "a finite number of points > 0")
        }
        self.width = width
        self.height = height
    }

    /// The 12.9" iPad Pro in landscape: 1366 × 1024 pt. The default canvas.
    public static let iPadPro129Landscape = CanvasSize(checkedWidth: 1366, height: 1024)

    private init(checkedWidth width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// Parses "WIDTHxHEIGHT" (points), e.g. "1366x1024".
    public init(parsing text: String) throws {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]) else {
            throw ParameterError(field: "canvas", value: "\"\(text)\"", expected: "WIDTHxHEIGHT in points, e.g. 1366x1024")
        }
        try self.init(width: width, height: height)
    }
}
