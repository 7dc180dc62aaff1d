/// The system-wide preferred action for a double tap or a squeeze (`UIPencilPreferredAction`),
/// with the raw values of `pencil-model.md`.
public enum PreferredAction: Int, CaseIterable, Hashable, Sendable {
    /// Do nothing (also what the system reports when the person turned pencil gestures off).
    case ignore = 0
    /// Toggle between the current tool and the eraser. The default.
    case switchEraser = 1
    /// Toggle between the current tool and the last one used.
    case switchPrevious = 2
    /// Show or hide the colour palette.
    case showColorPalette = 3
    /// Show or hide the current tool's ink attributes.
    case showInkAttributes = 4
    /// Show or hide a palette of tools near the pencil.
    case showContextualPalette = 5
    /// The system runs a shortcut; the app only learns that it happened. Quill never runs a command.
    case runSystemShortcut = 6

    /// The name used in files and output, e.g. "switchEraser".
    public var name: String {
        switch self {
        case .ignore: return "ignore"
        case .switchEraser: return "switchEraser"
        case .switchPrevious: return "switchPrevious"
        case .showColorPalette: return "showColorPalette"
        case .showInkAttributes: return "showInkAttributes"
        case .showContextualPalette: return "showContextualPalette"
        case .runSystemShortcut: return "runSystemShortcut"
        }
    }

    /// The action with this name, or nil.
    public init?(name: String) {
        guard let action = PreferredAction.allCases.first(where: { $0.name == name }) else { return nil }
        self = action
    }
}

/// What an app may offer as its own double-tap action: mode changes only. There is no case that
/// changes content (undo, delete, clear): a tap can be accidental, and a mode change is undone by
/// tapping again (Human Interface Guidelines, rule 3). Such an action cannot be expressed.
public enum AppCustomAction: Hashable, Sendable {
    /// Make `tool` the current tool (toggling back on the next tap).
    case selectTool(DrawingTool)
    /// Show or hide a palette.
    case togglePalette(Palette)
    /// Step the current tool's width by `points` (toggling back on the next tap).
    case toggleWidth(points: Double)

    /// The action as an app's preferences file holds it (`selectTool:INK`, `togglePalette:NAME`,
    /// `toggleWidth:POINTS`), what ``PreferencesFile/customAction(_:)`` reads back.
    public var text: String {
        switch self {
        case let .selectTool(tool): return "selectTool:\(tool.ink)"
        case let .togglePalette(palette): return "togglePalette:\(palette.rawValue)"
        case let .toggleWidth(points): return "toggleWidth:\(points)"
        }
    }
}

/// The palettes a tap can show or hide.
public enum Palette: String, CaseIterable, Hashable, Sendable {
    case color, inkAttributes = "ink-attributes", contextual
}

/// A drawing tool: an ink (by name, e.g. "pen", "pencil", "marker") with colour and width, or the eraser.
public struct DrawingTool: Hashable, Sendable, CustomStringConvertible {
    /// Ink name, or "eraser".
    public var ink: String
    /// "#RRGGBB".
    public var color: String
    /// Width in points.
    public var width: Double

    public init(ink: String, color: String = "#0D3FBF", width: Double = 4) {
        self.ink = ink
        self.color = color
        self.width = width
    }

    public static let pen = DrawingTool(ink: "pen")
    public static let eraser = DrawingTool(ink: "eraser", color: "#FFFFFF", width: 16)

    @inlinable
    public var isEraser: Bool { ink == "eraser" }
    public var description: String { ink }
}
