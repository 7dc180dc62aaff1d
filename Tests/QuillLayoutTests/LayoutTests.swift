import QuillLayout
import Testing

@Suite("Layout")
struct LayoutTests {
    @Test("Margins are 20 points in regular width and 16 in compact width")
    func marginsAre20InRegularAnd16InCompactWidth() {
        var seen = Set<SizeClass>()
        for item in allLayouts() {
            let expected: Double = item.layout.sizeClass.horizontal == .regular ? 20 : 16
            #expect(item.layout.layoutMargins == LayoutMargins(left: expected, right: expected), "\(item.environment)")
            seen.insert(item.layout.sizeClass.horizontal)
        }
        #expect(seen == [.compact, .regular])
    }

    @Test("Margins are measured inside the safe area: iPhone 12 landscape content starts at 47 + 16")
    func marginsAreMeasuredInsideTheSafeArea() throws {
        let layout = try LayoutEnvironment(deviceID: "iphone-12", orientation: .landscape).layout()
        #expect(layout.marginRect.minX == 47 + 16)
        #expect(layout.marginRect.maxX == 844 - 47 - 16)
    }

    @Test("Readable width is 672 points at the default text size")
    func readableWidthIs672AtTheDefaultTextSize() throws {
        #expect(TextSize.default == .large)
        #expect(TextSize.large.readableWidth == 672)
        let layout = try LayoutEnvironment(deviceID: "ipad-pro-12.9-gen3plus", orientation: .landscape).layout()
        #expect(layout.readableWidth == 672)
    }

    @Test("The readable guide on a 9.7-inch iPad in landscape is 672 wide and inset 176 each side")
    func theReadableGuideOnA97InchIPadInLandscapeIsInset176() throws {
        // devices.json: "iPad Air 2 landscape (1024 wide): 672 wide, inset 176 each side".
        let layout = try LayoutEnvironment(deviceID: "ipad-9.7", orientation: .landscape).layout()
        #expect(layout.readableGuide.width == 672)
        #expect(layout.readableGuide.minX == 176)
        #expect(layout.window.width - layout.readableGuide.maxX == 176)
    }

    @Test("Readable width grows with the text size and never exceeds the space between the margins")
    func readableWidthGrowsWithTextSizeAndStaysWithinTheMargins() throws {
        let sizes = TextSize.allCases
        for (smaller, larger) in zip(sizes, sizes.dropFirst()) {
            #expect(smaller.readableWidth < larger.readableWidth, "\(smaller) vs \(larger)")
        }
        for item in allLayouts() {
            let layout = item.layout
            #expect(layout.readableWidth <= layout.marginRect.width + Tolerance.points, "\(item.environment)")
            #expect(layout.readableWidth == min(layout.textSize.readableWidth, layout.marginRect.width))
            #expect(abs(layout.readableGuide.midX - layout.marginRect.midX) <= Tolerance.points)
        }
        // On a compact iPhone the guide is limited to the margins: 375 - 2 × 16.
        let phone = try LayoutEnvironment(deviceID: "iphone-x", orientation: .portrait, textSize: .xSmall).layout()
        #expect(phone.readableWidth == 375 - 32)
    }

    @Test("A half split in portrait throws an error naming the mode and what is allowed", arguments: splitTable)
    func aHalfSplitInPortraitThrows(row: SplitRow) {
        let error = #expect(throws: LayoutError.self) {
            try LayoutEnvironment(deviceID: row.deviceID, orientation: .portrait, mode: .splitHalf).layout()
        }
        #expect(error?.field == "mode")
        #expect(error?.value == "split-1/2")
        #expect(error?.allowed == "full, split-2/3, split-1/3, slide-over")
        #expect(error?.description.contains("no 1/2 split in portrait") == true)
    }

    @Test("Any split or Slide Over on an iPhone throws", arguments: fullScreenTable.filter { $0.deviceID.hasPrefix("iphone") })
    func anySplitOnAnIPhoneThrows(row: FullScreenRow) {
        for orientation in Orientation.allCases {
            for mode in MultitaskingMode.allCases where mode != .full {
                let error = #expect(throws: LayoutError.self) {
                    try LayoutEnvironment(deviceID: row.deviceID, orientation: orientation, mode: mode).layout()
                }
                #expect(error?.field == "mode")
                #expect(error?.value == mode.rawValue)
                #expect(error?.allowed == "full")
                #expect(error?.description.contains("iPhone") == true)
            }
        }
    }

    @Test("An unknown device id throws an error listing the known ids")
    func anUnknownDeviceIdThrows() {
        let error = #expect(throws: LayoutError.self) {
            try LayoutEnvironment(deviceID: "ipad-pro-13", orientation: .portrait).layout()
        }
        #expect(error?.field == "device")
        #expect(error?.value == "ipad-pro-13")
        #expect(error?.allowed.contains("ipad-pro-11") == true)
        #expect(error?.allowed.contains("iphone-se-1") == true)
    }

    @Test("Exactly the impossible combinations throw")
    func exactlyTheImpossibleCombinationsThrow() {
        for environment in allEnvironments() {
            let device = DeviceCatalog.device(id: environment.deviceID)
            let possible = environment.mode == .full
                || (device?.family == .ipad && !(environment.mode == .splitHalf && environment.orientation == .portrait))
            #expect((try? environment.layout()) != nil || !possible, "\(environment)")
            #expect((try? environment.layout()) == nil || possible, "\(environment)")
        }
    }

    @Test("Command-line words parse, and a wrong one names the field and the choices")
    func commandLineWordsParse() throws {
        #expect(try LayoutError.parse("split-2/3", as: MultitaskingMode.self, field: "mode") == .splitTwoThirds)
        #expect(try LayoutError.parse("slide-over", as: MultitaskingMode.self, field: "mode") == .slideOver)
        let error = #expect(throws: LayoutError.self) {
            try LayoutError.parse("sideways", as: Orientation.self, field: "orientation")
        }
        #expect(error?.field == "orientation")
        #expect(error?.allowed == "portrait, landscape")
        #expect(MultitaskingMode.allCases.map(\.rawValue) == ["full", "split-2/3", "split-1/2", "split-1/3", "slide-over"])
    }

    @Test("A window-only layout uses the width rule and has no safe area")
    func aWindowOnlyLayoutUsesTheWidthRule() throws {
        let wide = try Layout(windowWidth: 1366, height: 1024, scale: 2)
        #expect(wide.deviceID == nil)
        #expect(wide.orientation == .landscape)
        #expect(wide.sizeClass == SizeClassPair(horizontal: .regular, vertical: .regular))
        #expect(wide.layoutMargins.left == 20)
        #expect(wide.readableWidth == 672)
        #expect(wide.palette.isDocked == false)
        let narrow = try Layout(windowWidth: 375, height: 1366, scale: 2)
        #expect(narrow.sizeClass.horizontal == .compact)
        #expect(narrow.layoutMargins.left == 16)
        #expect(narrow.palette.isDocked)
    }

    @Test("A window-only layout rejects a window smaller than any in the reference")
    func aWindowOnlyLayoutRejectsTinyWindows() {
        let error = #expect(throws: LayoutError.self) { try Layout(windowWidth: 200, height: 800, scale: 1) }
        #expect(error?.field == "windowWidth")
        #expect(error?.value == "200")
        let scale = #expect(throws: LayoutError.self) { try Layout(windowWidth: 800, height: 800, scale: 0) }
        #expect(scale?.field == "scale")
    }

    @Test("Palette metrics below the minimum hit target are rejected by name")
    func paletteMetricsBelowTheMinimumHitTargetAreRejected() {
        var metrics = PaletteMetrics.standard
        metrics.controlSide = 40
        let error = #expect(throws: LayoutError.self) {
            try LayoutEnvironment(deviceID: "ipad-pro-11", orientation: .portrait).layout(metrics: metrics)
        }
        #expect(error?.field == "controlSide")
    }
}
