/// The part of a tablet a person uses and the part of the screen it maps to, as a desktop's
/// tablet panel sets them (GNOME's `area` and `keep-aspect`, the Wacom driver's `Area` and
/// `Rotate half`), for a mapping every compositor honours: ``TabletAreaMapping`` applies them to
/// the positions themselves.
public struct TabletAreaSettings: Hashable, Sendable {
    /// A rectangle: its top-left corner and its size.
    public struct Region: Hashable, Sendable {
        public let x: Double
        public let y: Double
        public let width: Double
        public let height: Double

        /// Throws ``ParameterError`` unless all four are finite, the corner ≥ 0 and the size > 0.
        public init(x: Double, y: Double, width: Double, height: Double) throws {
            guard [x, y, width, height].allSatisfy(\.isFinite), x >= 0, y >= 0, width > 0, height > 0 else {
                throw ParameterError(field: "TabletAreaSettings.Region", value: "\(x),\(y),\(width),\(height)", expected: "x,y ≥ 0 and width,height > 0, all finite")
            }
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }

        /// The four numbers x, y, width, height.
        public var values: [Double] { [x, y, width, height] }
    }

    /// The part of the tablet used, millimetres from the active area's top-left corner, or nil
    /// (the default): the whole active area.
    public let area: Region?
    /// The part of the screen the area maps to, as fractions of the screen (each 0 … 1, the
    /// region within it), or nil (the default): the whole screen.
    public let screen: Region?
    /// The screen's size in pixels (width, height), which keeping proportions needs, or nil.
    public let screenSize: [Double]?
    /// Whether the area is narrowed (centred) to the screen part's shape, so a circle drawn is a
    /// circle on the screen. Default false (the area stretched over the screen part).
    public let keepsProportions: Bool
    /// Whether the tablet is turned round for a left hand (positions and tilt turned 180°).
    /// Default false.
    public let isLeftHanded: Bool

    /// Throws ``ParameterError`` when the screen part leaves the screen, the screen size is not
    /// two sizes > 0, or proportions are to be kept without a screen size.
    public init(area: Region? = nil, screen: Region? = nil, screenSize: [Double]? = nil, keepsProportions: Bool = false, isLeftHanded: Bool = false) throws {
        if let screen, screen.x + screen.width > 1 + 1e-9 || screen.y + screen.height > 1 + 1e-9 {
            throw ParameterError(field: "TabletAreaSettings.screen", value: screen.values.map { "\($0)" }.joined(separator: ","), expected: "a part of the screen: x + width ≤ 1 and y + height ≤ 1 (fractions of the screen)")
        }
        if let screenSize, screenSize.count != 2 || !screenSize.allSatisfy({ $0.isFinite && $0 > 0 }) {
            throw ParameterError(field: "TabletAreaSettings.screenSize", value: screenSize.map { "\($0)" }.joined(separator: ","), expected: "width,height in pixels, each > 0")
        }
        if keepsProportions, screenSize == nil {
            throw ParameterError(field: "TabletAreaSettings.keepProportions", value: "true", expected: "a screenSize to keep the proportions of")
        }
        self.area = area
        self.screen = screen
        self.screenSize = screenSize
        self.keepsProportions = keepsProportions
        self.isLeftHanded = isLeftHanded
    }
}

/// ``TabletAreaSettings`` applied to one tablet's raw positions: each axis a scale and an offset
/// into the same axis range, held within the screen part (a pen outside the area stays at its
/// edge). The compositor then maps the whole range to the screen as it always does.
public struct TabletAreaMapping: Sendable {
    /// Raw value → raw value along x and y: value × scale + offset, held within the screen part.
    private let x: (scale: Double, offset: Double, minimum: Double, maximum: Double)
    private let y: (scale: Double, offset: Double, minimum: Double, maximum: Double)
    public let isLeftHanded: Bool

    /// The mapping of `settings` for a tablet with axes `xAxis`, `yAxis` and
    /// `unitsPerMillimetre` along each. Throws ``ParameterError`` when the area does not lie on
    /// the tablet (naming its size).
    public init(settings: TabletAreaSettings, xAxis: AxisInfo, yAxis: AxisInfo, unitsPerMillimetre: (x: Double, y: Double)) throws {
        let width = xAxis.span / unitsPerMillimetre.x, height = yAxis.span / unitsPerMillimetre.y
        var area = try settings.area ?? TabletAreaSettings.Region(x: 0, y: 0, width: width, height: height)
        guard area.x + area.width <= width + 0.5, area.y + area.height <= height + 0.5 else {
            throw ParameterError(
                field: "TabletAreaSettings.area", value: area.values.map { "\($0)" }.joined(separator: ","),
                expected: "a part of this tablet's \((width * 10).rounded() / 10) × \((height * 10).rounded() / 10) mm active area")
        }
        let screen = try settings.screen ?? TabletAreaSettings.Region(x: 0, y: 0, width: 1, height: 1)
        if settings.keepsProportions, let size = settings.screenSize {
            // The area narrowed, centred, to the shape of the screen part in pixels.
            let shape = (screen.width * size[0]) / (screen.height * size[1])
            if area.width / area.height > shape {
                let narrowed = area.height * shape
                area = try TabletAreaSettings.Region(x: area.x + (area.width - narrowed) / 2, y: area.y, width: narrowed, height: area.height)
            } else {
                let lowered = area.width / shape
                area = try TabletAreaSettings.Region(x: area.x, y: area.y + (area.height - lowered) / 2, width: area.width, height: lowered)
            }
        }
        // Along one axis: raw → millimetres (turned round for a left hand) → the fraction of the
        // area → the fraction of the screen part → raw.
        func axis(_ info: AxisInfo, units: Double, start: Double, length: Double, screenStart: Double, screenLength: Double) -> (Double, Double, Double, Double) {
            let span = info.span
            let perMillimetre = screenLength * span / length
            let sign: Double = settings.isLeftHanded ? -1 : 1
            // millimetres = sign × (raw − origin) / units, origin the maximum for a left hand.
            let origin = Double(settings.isLeftHanded ? info.maximum : info.minimum)
            let scale = sign * perMillimetre / units
            let offset = Double(info.minimum) + screenStart * span - start * perMillimetre - scale * origin
            let low = (Double(info.minimum) + screenStart * span).rounded()
            return (scale, offset, low, Swift.min(Double(info.maximum), (low + screenLength * span).rounded()))
        }
        x = axis(xAxis, units: unitsPerMillimetre.x, start: area.x, length: area.width, screenStart: screen.x, screenLength: screen.width)
        y = axis(yAxis, units: unitsPerMillimetre.y, start: area.y, length: area.height, screenStart: screen.y, screenLength: screen.height)
        isLeftHanded = settings.isLeftHanded
    }

    /// The raw x the virtual tablet gives for the real tablet's raw x.
    public func mapX(_ raw: Int32) -> Int32 { Self.map(raw, x) }
    /// The raw y the virtual tablet gives for the real tablet's raw y.
    public func mapY(_ raw: Int32) -> Int32 { Self.map(raw, y) }

    private static func map(_ raw: Int32, _ axis: (scale: Double, offset: Double, minimum: Double, maximum: Double)) -> Int32 {
        let value = (Double(raw) * axis.scale + axis.offset).rounded()
        return Int32(Swift.min(axis.maximum, Swift.max(axis.minimum, value)))
    }
}
