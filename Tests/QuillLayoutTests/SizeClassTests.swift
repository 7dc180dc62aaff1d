import QuillLayout
import Testing

@Suite("Size classes")
struct SizeClassTests {
    @Test("Full-screen size classes match the reference table", arguments: fullScreenTable)
    func fullScreenSizeClassesMatchTheReferenceTable(row: FullScreenRow) throws {
        let portrait = try LayoutEnvironment(deviceID: row.deviceID, orientation: .portrait).layout()
        let landscape = try LayoutEnvironment(deviceID: row.deviceID, orientation: .landscape).layout()
        #expect(portrait.sizeClass == row.portrait)
        #expect(landscape.sizeClass == row.landscape)
    }

    @Test("The full-screen table names every device in the catalog")
    func theFullScreenTableNamesEveryDeviceInTheCatalog() {
        #expect(Set(fullScreenTable.map(\.deviceID)) == Set(DeviceCatalog.all.map(\.id)))
        #expect(fullScreenTable.count == DeviceCatalog.all.count)
    }

    @Test("Multitasking size classes match the reference table", arguments: splitTable)
    func multitaskingSizeClassesMatchTheReferenceTable(row: SplitRow) throws {
        for window in row.windows {
            let layout = try LayoutEnvironment(deviceID: row.deviceID, orientation: window.orientation, mode: window.mode).layout()
            #expect(
                layout.sizeClass == SizeClassPair(horizontal: window.horizontal, vertical: .regular),
                "\(row.deviceID) \(window.orientation) \(window.mode.rawValue)"
            )
        }
    }

    @Test("The window rule agrees with every iPad row of the full-screen and multitasking tables", arguments: splitTable)
    func theWindowRuleAgreesWithEveryIPadRow(row: SplitRow) throws {
        let screen = try #require(screenTable.first { $0.deviceID == row.deviceID })
        for window in row.windows {
            let screenHeight = window.orientation == .portrait ? screen.height : screen.width
            let height = window.mode == .slideOver ? screenHeight - 40 : screenHeight
            let classes = WindowSizeClassRule.sizeClasses(for: Size(width: window.width, height: height))
            #expect(
                classes == SizeClassPair(horizontal: window.horizontal, vertical: .regular),
                "\(row.deviceID) \(window.orientation) \(window.mode.rawValue): \(window.width)×\(height) gave \(classes)"
            )
        }
    }

    @Test("The window rule agrees with every iPhone row of the full-screen table", arguments: fullScreenTable.filter { $0.deviceID.hasPrefix("iphone") })
    func theWindowRuleAgreesWithEveryIPhoneRow(row: FullScreenRow) throws {
        let screen = try #require(screenTable.first { $0.deviceID == row.deviceID })
        let portrait = WindowSizeClassRule.sizeClasses(for: Size(width: screen.width, height: screen.height))
        let landscape = WindowSizeClassRule.sizeClasses(for: Size(width: screen.height, height: screen.width))
        #expect(portrait == row.portrait)
        #expect(landscape == row.landscape, "\(screen.height)×\(screen.width) gave \(landscape)")
    }

    @Test("The window rule agrees with every window the catalog can produce")
    func theWindowRuleAgreesWithEveryCatalogWindow() throws {
        var checked = 0
        for device in DeviceCatalog.all {
            for orientation in Orientation.allCases {
                for mode in device.availableModes(orientation) {
                    let layout = try LayoutEnvironment(deviceID: device.id, orientation: orientation, mode: mode).layout()
                    let rule = WindowSizeClassRule.sizeClasses(for: layout.window)
                    #expect(rule == layout.sizeClass, "\(device.id) \(orientation) \(mode.rawValue) \(layout.window)")
                    checked += 1
                }
            }
        }
        // 8 iPads × (5 landscape + 4 portrait modes) + 9 iPhones × 2 orientations.
        #expect(checked == 8 * 9 + 9 * 2)
    }

    @Test("The width threshold lies between the widest compact and the narrowest regular iPad window")
    func theWidthThresholdLiesBetweenTheObservedWidths() throws {
        // 12.9-inch: 2/3 split in portrait is 639 pt and compact; 1/2 split in landscape is 678 pt and regular.
        #expect(try Layout(windowWidth: 639, height: 1366).sizeClass.horizontal == .compact)
        #expect(try Layout(windowWidth: 678, height: 1024).sizeClass.horizontal == .regular)
        // iPhone 8 Plus landscape (736×414) is regular, iPhone 12 landscape (844×390) compact.
        #expect(try Layout(windowWidth: 736, height: 414).sizeClass == SizeClassPair(horizontal: .regular, vertical: .compact))
        #expect(try Layout(windowWidth: 844, height: 390).sizeClass == SizeClassPair(horizontal: .compact, vertical: .compact))
    }
}
