/// Where the person wants the tool palette.
public enum PalettePreference: String, CaseIterable, Hashable, Sendable {
    /// A bar along the bottom of the safe area; the canvas ends above it.
    case docked
    /// A small panel over the canvas on the side away from the drawing hand.
    case floating
    /// Floating in a regular-width environment, docked in a compact-width one (the default).
    case auto
}
