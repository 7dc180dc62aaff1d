import QuillCore

/// The drawing-tool state a tap or squeeze acts on: current tool, previous tool, the eraser, and
/// which palettes are shown. Only modes: no action here changes the drawing's content.
public struct ToolState: Hashable, Sendable {
    /// The tool that draws now (the eraser when switched to it or when the eraser end is in range).
    public private(set) var current: DrawingTool
    /// The tool used before the current one.
    public private(set) var previous: DrawingTool
    /// Palettes shown.
    public private(set) var shownPalettes: Set<Palette> = []
    /// Where the contextual palette opened (canvas points), when shown at a hover location.
    public private(set) var contextualPaletteLocation: Point?
    private var toolBeforeEraserEnd: DrawingTool?
    private var toolBeforeEraserSwitch: DrawingTool?
    private var toolsBeforeCustomSelect: (current: DrawingTool, previous: DrawingTool)?
    private var widthBeforeToggle: Double?

    public init(current: DrawingTool = .pen, previous: DrawingTool = DrawingTool(ink: "pencil", color: "#333333", width: 3)) {
        self.current = current
        self.previous = previous
    }

    /// What changed.
    public enum Change: Hashable, Sendable {
        case toolChanged(before: DrawingTool, after: DrawingTool)
        case paletteShown(Palette)
        case paletteHidden(Palette)
        case shortcutRequested
        case widthChanged(before: Double, after: Double)
    }

    /// Sets the current tool's width (points, > 0), as a pad's ring or strip does; [] when unchanged.
    public mutating func setWidth(_ width: Double) -> [Change] {
        guard width.isFinite, width > 0, width != current.width else { return [] }
        let before = current.width
        current.width = width
        widthBeforeToggle = nil
        return [.widthChanged(before: before, after: width)]
    }

    /// Selects `tool` as the person picking it from the palette would.
    public mutating func select(_ tool: DrawingTool) -> [Change] {
        guard tool != current else { return [] }
        let before = current
        previous = current
        current = tool
        return [.toolChanged(before: before, after: tool)]
    }

    /// Performs a preferred action. `ignore` changes nothing; `runSystemShortcut` only reports it.
    public mutating func perform(_ action: PreferredAction, at pose: HoverPose?) -> [Change] {
        switch action {
        case .ignore:
            return []
        case .switchEraser:
            // Toggle current ↔ eraser; tapping again brings back exactly the tool before.
            let before = current
            if current.isEraser {
                current = toolBeforeEraserSwitch ?? previous
                toolBeforeEraserSwitch = nil
            } else {
                toolBeforeEraserSwitch = current
                current = .eraser
            }
            return [.toolChanged(before: before, after: current)]
        case .switchPrevious:
            return swapWithPrevious()
        case .showColorPalette:
            return toggle(.color, at: nil)
        case .showInkAttributes:
            return toggle(.inkAttributes, at: nil)
        case .showContextualPalette:
            return toggle(.contextual, at: pose)
        case .runSystemShortcut:
            return [.shortcutRequested]
        }
    }

    /// Performs an app's custom action (mode changes only).
    public mutating func perform(_ action: AppCustomAction, at pose: HoverPose?) -> [Change] {
        switch action {
        case .selectTool(let tool):
            let before = current
            if let saved = toolsBeforeCustomSelect, tool == current {
                (current, previous) = saved
                toolsBeforeCustomSelect = nil
            } else {
                guard tool != current else { return [] }
                toolsBeforeCustomSelect = (current, previous)
                previous = current
                current = tool
            }
            return [.toolChanged(before: before, after: current)]
        case .togglePalette(let palette):
            return toggle(palette, at: palette == .contextual ? pose : nil)
        case .toggleWidth(let step):
            let before = current.width
            if let original = widthBeforeToggle {
                current.width = original
                widthBeforeToggle = nil
            } else {
                widthBeforeToggle = before
                current.width = max(0.5, before + step)
            }
            return [.widthChanged(before: before, after: current.width)]
        }
    }

    /// The eraser end came into range (the eraser draws) or left it (the tool before it returns).
    public mutating func eraserEnd(isInProximity: Bool) -> [Change] {
        if isInProximity {
            guard !current.isEraser else { return [] }
            toolBeforeEraserEnd = current
            let before = current
            current = .eraser
            return [.toolChanged(before: before, after: current)]
        }
        guard let restored = toolBeforeEraserEnd else { return [] }
        toolBeforeEraserEnd = nil
        let before = current
        current = restored
        return [.toolChanged(before: before, after: restored)]
    }

    private mutating func swapWithPrevious() -> [Change] {
        let before = current
        (current, previous) = (previous, current)
        return [.toolChanged(before: before, after: current)]
    }

    private mutating func toggle(_ palette: Palette, at pose: HoverPose?) -> [Change] {
        if shownPalettes.contains(palette) {
            shownPalettes.remove(palette)
            if palette == .contextual { contextualPaletteLocation = nil }
            return [.paletteHidden(palette)]
        }
        shownPalettes.insert(palette)
        if palette == .contextual { contextualPaletteLocation = pose.map { Point(x: $0.x, y: $0.y) } }
        return [.paletteShown(palette)]
    }

    public static func == (lhs: ToolState, rhs: ToolState) -> Bool {
        lhs.current == rhs.current && lhs.previous == rhs.previous && lhs.shownPalettes == rhs.shownPalettes
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(current)
        hasher.combine(previous)
        hasher.combine(shownPalettes)
    }
}
