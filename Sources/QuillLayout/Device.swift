/// One device row of the reference: its screen, scale, safe areas and size classes.
///
/// Every length is in points, in the device's portrait or landscape frame as named. The table of
/// all devices is `DeviceCatalog.all`, generated from the reference `devices.json`.
public struct Device: Hashable, Sendable, Identifiable {
    /// Whether a device is an iPad or an iPhone.
    public enum Family: String, CaseIterable, Hashable, Sendable {
        case ipad
        case iphone
    }

    /// Identifier used on the command line, e.g. `ipad-pro-11`.
    public let id: String
    /// Marketing name, with the other models that share the screen.
    public let name: String
    /// iPad or iPhone; only iPads have Split View and Slide Over.
    public let family: Family
    /// Screen size held in portrait, in points (320×568 … 1024×1366).
    public let portraitSize: Size
    /// Pixels per point (UIKit `UIScreen.scale`): 2 or 3.
    public let scale: Double
    /// Pixels per point of the physical panel where the rendering is downsampled (`nativeScale`,
    /// e.g. 2.61 on an 8 Plus), or nil where it equals `scale`.
    public let nativeScale: Double?
    /// Whether the device has a Home button.
    public let hasHomeButton: Bool
    /// Whether the device shows a Home indicator at the bottom of the screen.
    public let hasHomeIndicator: Bool
    /// Whether the screen has rounded corners (edge-to-edge devices).
    public let hasRoundedCorners: Bool
    /// Radius of the screen corners, in points; 0 for rectangular screens. From the private
    /// `_displayCornerRadius` as published by third parties: sources disagree (18 vs 20 on iPad,
    /// 47.33 vs 42 on iPhone 12), so use it for drawing outlines, not for placement decisions.
    public let cornerRadius: Double
    /// Status bar height per orientation, in points (0 where it is hidden: iPhone landscape).
    public let statusBarHeight: PerOrientation<Double>
    /// Safe-area insets of a full-screen window with the status bar shown, per orientation.
    public let safeArea: PerOrientation<EdgeInsets>
    /// Size classes of a full-screen window, per orientation.
    public let fullScreenSizeClasses: PerOrientation<SizeClassPair>
    /// Split View and Slide Over windows per orientation (iPads), or nil (iPhones).
    public let multitasking: PerOrientation<MultitaskingColumn>?

    public init(
        id: String,
        name: String,
        family: Family,
        portraitSize: Size,
        scale: Double,
        nativeScale: Double?,
        hasHomeButton: Bool,
        hasHomeIndicator: Bool,
        hasRoundedCorners: Bool,
        cornerRadius: Double,
        statusBarHeight: PerOrientation<Double>,
        safeArea: PerOrientation<EdgeInsets>,
        fullScreenSizeClasses: PerOrientation<SizeClassPair>,
        multitasking: PerOrientation<MultitaskingColumn>?
    ) {
        self.id = id
        self.name = name
        self.family = family
        self.portraitSize = portraitSize
        self.scale = scale
        self.nativeScale = nativeScale
        self.hasHomeButton = hasHomeButton
        self.hasHomeIndicator = hasHomeIndicator
        self.hasRoundedCorners = hasRoundedCorners
        self.cornerRadius = cornerRadius
        self.statusBarHeight = statusBarHeight
        self.safeArea = safeArea
        self.fullScreenSizeClasses = fullScreenSizeClasses
        self.multitasking = multitasking
    }

    /// Screen size in `orientation`, in points.
    public func screenSize(_ orientation: Orientation) -> Size {
        orientation == .portrait ? portraitSize : portraitSize.transposed
    }

    /// The multitasking modes this device offers in `orientation`, `full` first.
    public func availableModes(_ orientation: Orientation) -> [MultitaskingMode] {
        guard let column = multitasking?[orientation] else { return [.full] }
        return MultitaskingMode.allCases.filter { column[$0] != nil }
    }
}
