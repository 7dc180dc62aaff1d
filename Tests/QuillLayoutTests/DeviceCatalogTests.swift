import QuillLayout
import Testing

@Suite("Device catalog")
struct DeviceCatalogTests {
    @Test("Screen sizes, scales and corners match the reference", arguments: screenTable)
    func screenSizesScalesAndCornersMatchTheReference(row: ScreenRow) throws {
        let device = try #require(DeviceCatalog.device(id: row.deviceID))
        #expect(device.portraitSize == Size(width: row.width, height: row.height))
        #expect(device.scale == row.scale)
        #expect(device.hasRoundedCorners == row.hasRoundedCorners)
        #expect((device.cornerRadius > 0) == row.hasRoundedCorners)
        #expect(device.family == (row.deviceID.hasPrefix("ipad") ? .ipad : .iphone))
    }

    @Test("Safe-area insets match the reference per device and orientation", arguments: screenTable)
    func safeAreaInsetsMatchTheReference(row: ScreenRow) throws {
        let portrait = try LayoutEnvironment(deviceID: row.deviceID, orientation: .portrait).layout()
        let landscape = try LayoutEnvironment(deviceID: row.deviceID, orientation: .landscape).layout()
        #expect(portrait.safeArea == row.portraitInsets)
        #expect(landscape.safeArea == row.landscapeInsets)
        #expect(portrait.window == Size(width: row.width, height: row.height))
        #expect(landscape.window == Size(width: row.height, height: row.width))
        #expect(portrait.scale == row.scale)
    }

    @Test("iPads have no left or right inset in either orientation")
    func iPadsHaveNoSideInsets() {
        for device in DeviceCatalog.all where device.family == .ipad {
            for orientation in Orientation.allCases {
                #expect(device.safeArea[orientation].left == 0, "\(device.id) \(orientation)")
                #expect(device.safeArea[orientation].right == 0, "\(device.id) \(orientation)")
            }
        }
    }

    @Test("Split widths match the reference per device and orientation", arguments: splitTable)
    func splitWidthsMatchTheReference(row: SplitRow) throws {
        for window in row.windows {
            let layout = try LayoutEnvironment(deviceID: row.deviceID, orientation: window.orientation, mode: window.mode).layout()
            #expect(layout.window.width == window.width, "\(row.deviceID) \(window.orientation) \(window.mode.rawValue)")
        }
    }

    @Test("Split windows are as tall as the screen and Slide Over 40 points shorter", arguments: splitTable)
    func splitWindowsAreAsTallAsTheScreen(row: SplitRow) throws {
        let screen = try #require(screenTable.first { $0.deviceID == row.deviceID })
        for window in row.windows {
            let layout = try LayoutEnvironment(deviceID: row.deviceID, orientation: window.orientation, mode: window.mode).layout()
            let screenHeight = window.orientation == .portrait ? screen.height : screen.width
            #expect(layout.window.height == (window.mode == .slideOver ? screenHeight - 40 : screenHeight))
        }
    }

    @Test("The two sides of a split and the 10 point divider fill the screen", arguments: splitTable)
    func theTwoSidesOfASplitAndTheDividerFillTheScreen(row: SplitRow) {
        #expect(row.landscapeTwoThirds + row.landscapeOneThird + 10 == row.landscapeFull)
        #expect(row.landscapeHalf * 2 + 10 == row.landscapeFull)
        #expect(row.portraitTwoThirds + row.portraitOneThird + 10 == row.portraitFull)
    }

    @Test("Slide Over has zero top and bottom insets and no Home indicator inside its window")
    func slideOverHasZeroTopAndBottomInsets() throws {
        for row in splitTable {
            for orientation in Orientation.allCases {
                let layout = try LayoutEnvironment(deviceID: row.deviceID, orientation: orientation, mode: .slideOver).layout()
                #expect(layout.safeArea == .zero)
                #expect(layout.homeIndicatorArea == nil)
            }
        }
    }

    @Test("A split keeps the full-screen insets: 24 top and 20 bottom on the iPad Pro 11-inch")
    func aSplitKeepsTheFullScreenInsets() throws {
        for mode in [MultitaskingMode.splitTwoThirds, .splitHalf, .splitOneThird] {
            let layout = try LayoutEnvironment(deviceID: "ipad-pro-11", orientation: .landscape, mode: mode).layout()
            #expect(layout.safeArea == EdgeInsets(top: 24, left: 0, bottom: 20, right: 0))
            #expect(layout.homeIndicatorArea?.height == 20)
        }
    }

    @Test("Only edge-to-edge devices have a Home indicator area, as tall as the bottom inset")
    func onlyEdgeToEdgeDevicesHaveAHomeIndicatorArea() throws {
        for row in screenTable {
            for orientation in Orientation.allCases {
                let layout = try LayoutEnvironment(deviceID: row.deviceID, orientation: orientation).layout()
                let bottom = orientation == .portrait ? row.portraitInsets.bottom : row.landscapeInsets.bottom
                if row.hasRoundedCorners {
                    let area = try #require(layout.homeIndicatorArea)
                    #expect(area == Rect(x: 0, y: layout.window.height - bottom, width: layout.window.width, height: bottom))
                } else {
                    #expect(layout.homeIndicatorArea == nil)
                }
            }
        }
    }
}
