import QuillCore
import QuillStroke

/// The texture of an ink: seeded noise that takes away up to `strength` of the ink's opacity,
/// in texels of `scale` points (``CairoCanvas/endLayer(opacity:grain:)``).
public struct Grain: Hashable, Sendable {
    /// The seed (a stroke's `randomSeed`): the same seed, the same texture.
    public var seed: UInt32
    /// How much opacity the noise can take away, 0 … 1.
    public var strength: Double
    /// Texel size in points (> 0); above 1 the texels are blended (soft blotches).
    public var scale: Double

    /// Side of the noise tile, texels.
    static let tileSize = 64

    /// Throws `ParameterError` for a strength outside 0 … 1 or a scale that is not positive.
    public init(seed: UInt32, strength: Double, scale: Double) throws {
        guard strength.isFinite, (0...1).contains(strength) else {
            throw ParameterError(field: "Grain.strength", value: "\(strength)", expected: "0 … 1")
        }
        guard scale.isFinite, scale > 0, scale <= 100 else {
            throw ParameterError(field: "Grain.scale", value: "\(scale)", expected: "points > 0 and ≤ 100")
        }
        self.seed = seed
        self.strength = strength
        self.scale = scale
    }

    /// The grain of an ink, or nil for inks without one: crayon (the paper's tooth: strong,
    /// fine) and watercolour (pigment pooling: gentle, soft blotches of 3 points).
    public static func of(_ type: InkType, seed: UInt32) -> Grain? {
        switch type {
        case .crayon: return try? Grain(seed: seed, strength: 0.55, scale: 1)
        case .watercolor: return try? Grain(seed: seed, strength: 0.3, scale: 3)
        default: return nil
        }
    }
}
