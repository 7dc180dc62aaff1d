/// A pressure curve as desktop tablet settings give it (GNOME's `pressure-curve`, the Wacom X
/// driver's `PressureCurve`): a cubic Bézier from (0, 0) to (100, 100) with two control points,
/// in percent of the pressure range. The pen's normalized pressure p (0 … 1) becomes the curve's
/// height at p. `0,0,100,100` is linear (no change); `0,50,50,100` is softer (more ink for a light
/// touch); `50,0,100,50` firmer. libinput 1.22 has no pressure curve, so Quill applies it.
public struct PressureCurve: Hashable, Sendable {
    /// The control points x1, y1, x2, y2 in percent, each 0 … 100.
    public let controlPoints: [Double]
    /// The curve's height at 257 evenly spaced pressures (empty when linear).
    private let table: [Double]

    /// Throws ``ParameterError`` unless there are four numbers, each within 0 … 100.
    public init(_ controlPoints: [Double]) throws {
        guard controlPoints.count == 4, controlPoints.allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= 100 }) else {
            throw ParameterError(field: "PressureCurve", value: "\(controlPoints)", expected: "four control-point values x1,y1,x2,y2, each 0 … 100 (percent)")
        }
        self.controlPoints = controlPoints
        table = controlPoints == [0, 0, 100, 100] ? [] : PressureCurve.tabulate(controlPoints.map { $0 / 100 })
    }

    /// Parses "x1,y1,x2,y2", e.g. "0,0,100,100".
    public init(parsing text: String) throws {
        guard let values = NumberList.parse(text, count: 4) else {
            throw ParameterError(field: "pressure curve", value: "\"\(text)\"", expected: "four comma-separated control-point values x1,y1,x2,y2 in percent, e.g. 0,0,100,100")
        }
        try self.init(values)
    }

    /// Linear: pressure unchanged. The default.
    public static let linear = PressureCurve(linearUnchecked: ())

    private init(linearUnchecked: Void) {
        controlPoints = [0, 0, 100, 100]
        table = []
    }

    public var isLinear: Bool { table.isEmpty }

    /// The curve's height for normalized pressure `pressure` (0 … 1; values outside are held at the ends).
    /// Constant cost: a table lookup and a linear interpolation.
    @inlinable
    public func apply(_ pressure: Double) -> Double {
        guard !isLinear else { return pressure }
        return lookUp(pressure)
    }

    @usableFromInline
    func lookUp(_ pressure: Double) -> Double {
        let position = Swift.min(1, Swift.max(0, pressure)) * Double(table.count - 1)
        let index = Swift.min(table.count - 2, Int(position))
        let fraction = position - Double(index)
        return table[index] + (table[index + 1] - table[index]) * fraction
    }

    /// Heights at x = i/256: for each x, the Bézier parameter t with x(t) = x is found by bisection
    /// (x(t) never decreases, as both control x values lie within 0 … 1).
    private static func tabulate(_ points: [Double]) -> [Double] {
        func bezier(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
            let u = 1 - t
            return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
        }
        return (0...256).map { step in
            // The curve's ends are (0, 0) and (1, 1) exactly.
            if step == 0 || step == 256 { return Double(step) / 256 }
            let x = Double(step) / 256
            var low = 0.0, high = 1.0
            for _ in 0..<50 {
                let middle = (low + high) / 2
                if bezier(middle, points[0], points[2]) < x { low = middle } else { high = middle }
            }
            return bezier((low + high) / 2, points[1], points[3])
        }
    }
}
