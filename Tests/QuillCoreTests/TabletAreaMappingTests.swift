import QuillCore
import QuillTestSupport
import Testing

/// The part of a tablet used and the part of the screen it maps to (issue 39), on the axes of a
/// Wacom Intuos Pro M (0 … 44800 × 0 … 29600 at 200 units a millimetre: 224 × 148 mm).
struct TabletAreaMappingTests {
    static let x = AxisInfo(minimum: 0, maximum: 44800, fuzz: 0, flat: 0, resolution: 200)
    static let y = AxisInfo(minimum: 0, maximum: 29600, fuzz: 0, flat: 0, resolution: 200)

    static func mapping(_ settings: TabletAreaSettings) throws -> TabletAreaMapping {
        try TabletAreaMapping(settings: settings, xAxis: x, yAxis: y, unitsPerMillimetre: (200, 200))
    }

    @Test func theAreasCornersLandOnTheScreenPartsCorners() throws {
        // 100 × 50 mm from (20, 10) mm onto the screen's left half.
        let area = try TabletAreaSettings.Region(x: 20, y: 10, width: 100, height: 50)
        let left = try TabletAreaSettings.Region(x: 0, y: 0, width: 0.5, height: 1)
        let mapping = try Self.mapping(try TabletAreaSettings(area: area, screen: left))
        #expect(mapping.mapX(4_000) == 0 && mapping.mapX(24_000) == 22_400 && mapping.mapX(14_000) == 11_200)
        #expect(mapping.mapY(2_000) == 0 && mapping.mapY(12_000) == 29_600)
        // Outside the area: held at the screen part's edge.
        #expect(mapping.mapX(0) == 0 && mapping.mapX(44_800) == 22_400 && mapping.mapY(29_600) == 29_600)
    }

    @Test func aLeftHandTurnsTheTabletRound() throws {
        let mapping = try Self.mapping(try TabletAreaSettings(isLeftHanded: true))
        #expect(mapping.mapX(0) == 44_800 && mapping.mapX(44_800) == 0 && mapping.mapY(100) == 29_500)
        #expect(mapping.isLeftHanded)
    }

    @Test func keptProportionsDrawACircleAsACircle() throws {
        // A 16:9 screen: the 224 × 148 mm tablet is used 224 × 126 mm, centred (11 mm off each edge).
        let mapping = try Self.mapping(try TabletAreaSettings(screenSize: [1920, 1080], keepsProportions: true))
        #expect(mapping.mapY(11 * 200) == 0 && mapping.mapY(137 * 200) == 29_600 && mapping.mapX(0) == 0 && mapping.mapX(44_800) == 44_800)
        // A millimetre is as many pixels across as down.
        let across = Double(mapping.mapX(20_200) - mapping.mapX(20_000)) / 44_800 * 1920
        let down = Double(mapping.mapY(15_200) - mapping.mapY(15_000)) / 29_600 * 1080
        #expect(abs(across - down) < 0.05, "\(across) px across, \(down) px down a millimetre")
    }

    @Test func seededSettingsMapInOrderAndWithinTheAxes() throws {
        var random = SeededRandom(seed: 0x0A_2EA)
        for _ in 0..<200 {
            let width = Double.random(in: 20...224, using: &random), height = Double.random(in: 20...148, using: &random)
            let area = try TabletAreaSettings.Region(x: Double.random(in: 0...(224 - width), using: &random), y: Double.random(in: 0...(148 - height), using: &random), width: width, height: height)
            let screenWidth = Double.random(in: 0.1...1, using: &random), screenHeight = Double.random(in: 0.1...1, using: &random)
            let screen = try TabletAreaSettings.Region(x: Double.random(in: 0...(1 - screenWidth), using: &random), y: Double.random(in: 0...(1 - screenHeight), using: &random), width: screenWidth, height: screenHeight)
            let leftHanded = Bool.random(using: &random)
            let mapping = try Self.mapping(try TabletAreaSettings(area: area, screen: screen, screenSize: [2560, 1600], keepsProportions: Bool.random(using: &random), isLeftHanded: leftHanded))
            var previous: (Int32, Int32)?
            for raw in stride(from: Int32(0), through: 29_600, by: 370) {
                let mapped = (mapping.mapX(raw), mapping.mapY(raw))
                #expect((0...44_800).contains(mapped.0) && (0...29_600).contains(mapped.1))
                if let previous {
                    // Never back (forward), turned round for a left hand.
                    #expect(leftHanded ? mapped.0 <= previous.0 && mapped.1 <= previous.1 : mapped.0 >= previous.0 && mapped.1 >= previous.1)
                }
                previous = mapped
            }
        }
    }

    @Test func settingsThatCannotBeAreRefused() throws {
        #expect(throws: ParameterError.self) { try TabletAreaSettings.Region(x: 0, y: 0, width: 0, height: 10) }
        #expect(throws: ParameterError.self) { try TabletAreaSettings(screen: try TabletAreaSettings.Region(x: 0.6, y: 0, width: 0.5, height: 1)) }
        #expect(throws: ParameterError.self) { try TabletAreaSettings(keepsProportions: true) }
        #expect(throws: ParameterError.self) { try TabletAreaSettings(screenSize: [1920]) }
        // An area off the tablet names the tablet's size.
        do {
            _ = try Self.mapping(try TabletAreaSettings(area: try TabletAreaSettings.Region(x: 200, y: 0, width: 50, height: 50)))
            Issue.record("an area off the tablet was taken")
        } catch let error as ParameterError {
            #expect(error.expected.contains("224.0 × 148.0 mm"), "\(error)")
        }
    }
}
