import QuillLayout
import Testing

// The reference tables of layout.md, transcribed by hand (independently of DeviceCatalog, which is
// generated from devices.json), so each test checks the catalog and the model against the text.

/// Tolerances, one per quantity.
enum Tolerance {
    /// For lengths in points that are sums and differences of whole numbers.
    static let points = 1e-9
    /// For positions in points after a round trip through scaling, rotation and inverse.
    static let roundTripMillimetres = 1e-9
    /// For ratios (aspect ratios, scale factors).
    static let ratio = 1e-12
}

/// One row of the full-screen size-class table, for one device.
struct FullScreenRow: Sendable, CustomTestStringConvertible {
    let deviceID: String
    let portrait: SizeClassPair
    let landscape: SizeClassPair
    var testDescription: String { deviceID }
}

private let regularRegular = SizeClassPair(horizontal: .regular, vertical: .regular)
private let compactRegular = SizeClassPair(horizontal: .compact, vertical: .regular)
private let regularCompact = SizeClassPair(horizontal: .regular, vertical: .compact)
private let compactCompact = SizeClassPair(horizontal: .compact, vertical: .compact)

/// "every iPad (12.9", 11", 10.5", 9.7", 7.9" mini, 10.2") | regular, regular | regular, regular"
/// "iPhone 12 Pro Max, 11 Pro Max, 11, XS Max, XR, 8 Plus, … | compact, regular | regular, compact"
/// "iPhone 12 Pro, 12, 12 mini, 11 Pro, XS, X, 8, 7, 6s, SE, iPod touch | compact, regular | compact, compact"
let fullScreenTable: [FullScreenRow] =
    ["ipad-pro-12.9-gen3plus", "ipad-pro-12.9-gen1-2", "ipad-pro-11", "ipad-pro-10.5", "ipad-air-10.5",
     "ipad-9.7", "ipad-mini-7.9", "ipad-10.2"].map {
        FullScreenRow(deviceID: $0, portrait: regularRegular, landscape: regularRegular)
    }
    + ["iphone-12-pro-max", "iphone-11-pro-max", "iphone-11", "iphone-8-plus"].map {
        FullScreenRow(deviceID: $0, portrait: compactRegular, landscape: regularCompact)
    }
    + ["iphone-12", "iphone-12-mini", "iphone-x", "iphone-8", "iphone-se-1"].map {
        FullScreenRow(deviceID: $0, portrait: compactRegular, landscape: compactCompact)
    }

/// One iPad's Split View widths (layout.md "Split View widths in points") and width size classes
/// (layout.md "iPad multitasking"), per orientation. Height is always regular.
struct SplitRow: Sendable, CustomTestStringConvertible {
    let deviceID: String
    let landscapeFull: Double, landscapeTwoThirds: Double, landscapeHalf: Double, landscapeOneThird: Double
    let portraitFull: Double, portraitTwoThirds: Double, portraitOneThird: Double
    /// Width class of the landscape 1/2 split: regular only on the 12.9-inch.
    let landscapeHalfClass: SizeClass
    var testDescription: String { deviceID }

    /// Every (orientation, mode, width, width class) the two tables give for this iPad. Full screen
    /// is regular (full-screen table); 2/3 is compact in portrait and regular in landscape; 1/3
    /// and Slide Over ("behaves as the 1/3 width") are compact.
    var windows: [SplitWindow] {
        [
            SplitWindow(orientation: .landscape, mode: .full, width: landscapeFull, horizontal: .regular),
            SplitWindow(orientation: .landscape, mode: .splitTwoThirds, width: landscapeTwoThirds, horizontal: .regular),
            SplitWindow(orientation: .landscape, mode: .splitHalf, width: landscapeHalf, horizontal: landscapeHalfClass),
            SplitWindow(orientation: .landscape, mode: .splitOneThird, width: landscapeOneThird, horizontal: .compact),
            SplitWindow(orientation: .landscape, mode: .slideOver, width: landscapeOneThird, horizontal: .compact),
            SplitWindow(orientation: .portrait, mode: .full, width: portraitFull, horizontal: .regular),
            SplitWindow(orientation: .portrait, mode: .splitTwoThirds, width: portraitTwoThirds, horizontal: .compact),
            SplitWindow(orientation: .portrait, mode: .splitOneThird, width: portraitOneThird, horizontal: .compact),
            SplitWindow(orientation: .portrait, mode: .slideOver, width: portraitOneThird, horizontal: .compact),
        ]
    }
}

/// One window of `SplitRow`.
struct SplitWindow: Sendable {
    let orientation: Orientation
    let mode: MultitaskingMode
    let width: Double
    let horizontal: SizeClass
}

private func split(
    _ id: String, _ lf: Double, _ l23: Double, _ l12: Double, _ l13: Double,
    _ pf: Double, _ p23: Double, _ p13: Double, half: SizeClass
) -> SplitRow {
    SplitRow(deviceID: id, landscapeFull: lf, landscapeTwoThirds: l23, landscapeHalf: l12, landscapeOneThird: l13,
             portraitFull: pf, portraitTwoThirds: p23, portraitOneThird: p13, landscapeHalfClass: half)
}

/// The 10.2-inch iPad is in the width table but not in the multitasking size-class table of
/// layout.md; its classes come from its devices.json row (1/2 compact, like the other non-12.9).
let splitTable: [SplitRow] = [
    split("ipad-pro-12.9-gen3plus", 1366, 981, 678, 375, 1024, 639, 375, half: .regular),
    split("ipad-pro-12.9-gen1-2", 1366, 981, 678, 375, 1024, 639, 375, half: .regular),
    split("ipad-pro-11", 1194, 809, 592, 375, 834, 504, 320, half: .compact),
    split("ipad-pro-10.5", 1112, 782, 551, 320, 834, 504, 320, half: .compact),
    split("ipad-air-10.5", 1112, 782, 551, 320, 834, 504, 320, half: .compact),
    split("ipad-9.7", 1024, 694, 507, 320, 768, 438, 320, half: .compact),
    split("ipad-mini-7.9", 1024, 694, 507, 320, 768, 438, 320, half: .compact),
    split("ipad-10.2", 1080, 750, 535, 320, 810, 480, 320, half: .compact),
]

/// A device's screen (layout.md "Screens (points, portrait) and scale") and its safe-area insets
/// (layout.md "Safe area, margins, guides").
struct ScreenRow: Sendable, CustomTestStringConvertible {
    let deviceID: String
    let width: Double
    let height: Double
    let scale: Double
    let hasRoundedCorners: Bool
    let portraitInsets: EdgeInsets
    let landscapeInsets: EdgeInsets
    var testDescription: String { deviceID }
}

private func insets(_ t: Double, _ l: Double, _ b: Double, _ r: Double) -> EdgeInsets {
    EdgeInsets(top: t, left: l, bottom: b, right: r)
}

let screenTable: [ScreenRow] = [
    ScreenRow(deviceID: "ipad-pro-12.9-gen3plus", width: 1024, height: 1366, scale: 2, hasRoundedCorners: true,
              portraitInsets: insets(24, 0, 20, 0), landscapeInsets: insets(24, 0, 20, 0)),
    ScreenRow(deviceID: "ipad-pro-12.9-gen1-2", width: 1024, height: 1366, scale: 2, hasRoundedCorners: false,
              portraitInsets: insets(20, 0, 0, 0), landscapeInsets: insets(20, 0, 0, 0)),
    ScreenRow(deviceID: "ipad-pro-11", width: 834, height: 1194, scale: 2, hasRoundedCorners: true,
              portraitInsets: insets(24, 0, 20, 0), landscapeInsets: insets(24, 0, 20, 0)),
    ScreenRow(deviceID: "ipad-pro-10.5", width: 834, height: 1112, scale: 2, hasRoundedCorners: false,
              portraitInsets: insets(20, 0, 0, 0), landscapeInsets: insets(20, 0, 0, 0)),
    ScreenRow(deviceID: "ipad-air-10.5", width: 834, height: 1112, scale: 2, hasRoundedCorners: false,
              portraitInsets: insets(20, 0, 0, 0), landscapeInsets: insets(20, 0, 0, 0)),
    ScreenRow(deviceID: "ipad-9.7", width: 768, height: 1024, scale: 2, hasRoundedCorners: false,
              portraitInsets: insets(20, 0, 0, 0), landscapeInsets: insets(20, 0, 0, 0)),
    ScreenRow(deviceID: "ipad-mini-7.9", width: 768, height: 1024, scale: 2, hasRoundedCorners: false,
              portraitInsets: insets(20, 0, 0, 0), landscapeInsets: insets(20, 0, 0, 0)),
    ScreenRow(deviceID: "ipad-10.2", width: 810, height: 1080, scale: 2, hasRoundedCorners: false,
              portraitInsets: insets(20, 0, 0, 0), landscapeInsets: insets(20, 0, 0, 0)),
    ScreenRow(deviceID: "iphone-12-pro-max", width: 428, height: 926, scale: 3, hasRoundedCorners: true,
              portraitInsets: insets(47, 0, 34, 0), landscapeInsets: insets(0, 47, 21, 47)),
    ScreenRow(deviceID: "iphone-12", width: 390, height: 844, scale: 3, hasRoundedCorners: true,
              portraitInsets: insets(47, 0, 34, 0), landscapeInsets: insets(0, 47, 21, 47)),
    ScreenRow(deviceID: "iphone-12-mini", width: 375, height: 812, scale: 3, hasRoundedCorners: true,
              portraitInsets: insets(50, 0, 34, 0), landscapeInsets: insets(0, 50, 21, 50)),
    ScreenRow(deviceID: "iphone-11-pro-max", width: 414, height: 896, scale: 3, hasRoundedCorners: true,
              portraitInsets: insets(44, 0, 34, 0), landscapeInsets: insets(0, 44, 21, 44)),
    ScreenRow(deviceID: "iphone-11", width: 414, height: 896, scale: 2, hasRoundedCorners: true,
              portraitInsets: insets(48, 0, 34, 0), landscapeInsets: insets(0, 48, 21, 48)),
    ScreenRow(deviceID: "iphone-x", width: 375, height: 812, scale: 3, hasRoundedCorners: true,
              portraitInsets: insets(44, 0, 34, 0), landscapeInsets: insets(0, 44, 21, 44)),
    ScreenRow(deviceID: "iphone-8-plus", width: 414, height: 736, scale: 3, hasRoundedCorners: false,
              portraitInsets: insets(20, 0, 0, 0), landscapeInsets: .zero),
    ScreenRow(deviceID: "iphone-8", width: 375, height: 667, scale: 2, hasRoundedCorners: false,
              portraitInsets: insets(20, 0, 0, 0), landscapeInsets: .zero),
    ScreenRow(deviceID: "iphone-se-1", width: 320, height: 568, scale: 2, hasRoundedCorners: false,
              portraitInsets: insets(20, 0, 0, 0), landscapeInsets: .zero),
]

/// Every environment the catalog can be asked about: devices × orientations × modes × text sizes
/// × hands × palette choices, valid or not.
func allEnvironments() -> [LayoutEnvironment] {
    var result: [LayoutEnvironment] = []
    for device in DeviceCatalog.all {
        for orientation in Orientation.allCases {
            for mode in MultitaskingMode.allCases {
                for textSize in TextSize.allCases {
                    for hand in DrawingHand.allCases {
                        for palette in PalettePreference.allCases {
                            result.append(LayoutEnvironment(
                                deviceID: device.id, orientation: orientation, mode: mode,
                                textSize: textSize, hand: hand, palette: palette
                            ))
                        }
                    }
                }
            }
        }
    }
    return result
}

/// A possible environment and its layout.
struct LayoutCase {
    let environment: LayoutEnvironment
    let layout: Layout
}

/// Every possible environment with its layout (impossible ones, which throw, left out).
func allLayouts() -> [LayoutCase] {
    allEnvironments().compactMap { environment in
        guard let layout = try? environment.layout() else { return nil }
        return LayoutCase(environment: environment, layout: layout)
    }
}

