import QuillCore

/// The inks of PencilKit, with the width ranges measured on devices (`pencil-model.md`).
public enum InkType: String, CaseIterable, Codable, Hashable, Sendable {
    case pen, pencil, marker, monoline
    case fountainPen = "fountain-pen"
    case watercolor, crayon

    /// Smallest and largest mark width in points (pen 0.88–25.66, pencil 2.4–16, marker 7.5–60,
    /// monoline 0.5–4, fountain pen 1.5–14, watercolor 10–80, crayon 10–50).
    public var widthRange: ClosedRange<Double> {
        switch self {
        case .pen: return 0.88...25.66
        case .pencil: return 2.4...16
        case .marker: return 7.5...60
        case .monoline: return 0.5...4
        case .fountainPen: return 1.5...14
        case .watercolor: return 10...80
        case .crayon: return 10...50
        }
    }

    /// The width a new ink of this type gets when none is given, in points.
    public var defaultWidth: Double {
        switch self {
        case .pen: return 4
        case .pencil: return 4
        case .marker: return 15
        case .monoline: return 2
        case .fountainPen: return 5
        case .watercolor: return 25
        case .crayon: return 15
        }
    }
}

/// A colour with straight (not premultiplied) alpha, each component 0 … 1.
public struct InkColor: Hashable, Codable, Sendable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    /// Throws `ParameterError` for components outside 0 … 1.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) throws {
        for (name, value) in [("red", red), ("green", green), ("blue", blue), ("alpha", alpha)] where !(0...1).contains(value) {
            throw ParameterError(field: "InkColor.\(name)", value: "\(value)", expected: "a component 0 … 1")
        }
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    init(checked red: Double, _ green: Double, _ blue: Double, _ alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public static let black = InkColor(checked: 0, 0, 0)
    public static let blue = InkColor(checked: 0.05, 0.25, 0.75)
    public static let white = InkColor(checked: 1, 1, 1)

    /// Parses "#RRGGBB" or "#RRGGBBAA".
    public init(hex text: String) throws {
        let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
        guard digits.count == 6 || digits.count == 8, let value = UInt32(digits, radix: 16) else {
            throw ParameterError(field: "color", value: "\"\(text)\"", expected: "#RRGGBB or #RRGGBBAA")
        }
        let full = digits.count == 6 ? (value << 8) | 0xFF : value
        self.init(
            checked: Double((full >> 24) & 0xFF) / 255, Double((full >> 16) & 0xFF) / 255, Double((full >> 8) & 0xFF) / 255,
            Double(full & 0xFF) / 255)
    }

    /// "#RRGGBB", or "#RRGGBBAA" when not opaque: what ``init(hex:)`` reads back.
    public var hexString: String {
        func byte(_ value: Double) -> String {
            let digits = String(Int((value * 255).rounded()), radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }
        return "#" + byte(red) + byte(green) + byte(blue) + (alpha < 1 ? byte(alpha) : "")
    }
}

/// An ink: type, colour and nominal width.
public struct Ink: Hashable, Codable, Sendable {
    public var type: InkType
    public var color: InkColor
    /// Nominal width in points, inside the type's ``InkType/widthRange``.
    public var width: Double

    /// Throws `ParameterError` when `width` is outside the ink's range.
    public init(type: InkType, color: InkColor = .black, width: Double? = nil) throws {
        let width = width ?? type.defaultWidth
        guard width.isFinite, type.widthRange.contains(width) else {
            throw ParameterError(
                field: "Ink.width", value: "\(width)",
                expected: "points within the \(type.rawValue) range \(type.widthRange.lowerBound)…\(type.widthRange.upperBound)")
        }
        self.type = type
        self.color = color
        self.width = width
    }
}

