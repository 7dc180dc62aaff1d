import Foundation
import QuillCore
import QuillStroke

/// The outline of the tool's nib under a hovering pen (iPadOS's hover tool preview, shown while
/// the person's `prefersHoverToolPreview` is on): the mark the tool would make if the tip touched
/// down here, so the person sees its size and, for a flat nib, its angle before drawing.
///
/// An ellipse in page (document) points: `width` across the nib, `height` along it, its width
/// turned `angle` radians clockwise from the page's x axis — the nib the stroke engine draws
/// (`BrushGeometryBuilder`); a circle for round nibs and the eraser.
public struct HoverPreview: Hashable, Sendable {
    /// Where the tip hovers, in page (document) points.
    public var center: Point
    /// The nib's size across, page points.
    public var width: Double
    /// The nib's size along, page points (= `width` for a round nib).
    public var height: Double
    /// Radians, clockwise on the page: the direction of `width`.
    public var angle: Double
    /// The ink whose nib it is; nil for the eraser.
    public var ink: InkType?

    /// True for the eraser's outline.
    public var isEraser: Bool { ink == nil }

    /// The pressure of the ink's nominal width: the one where the pressure curve gives 1×
    /// (`InkModel.pressureFactor(_:)`, ≈ 0.46). A hovering pen has no pressure of its own.
    public static let nominalPressure = pow(0.7 / 1.2, 1 / 0.7)

    /// The eraser's outline: a circle of `radius` page points.
    public init(eraserAt center: Point, radius: Double) {
        self.center = center
        width = 2 * radius
        height = 2 * radius
        angle = 0
        ink = nil
    }

    /// `ink`'s nib at `center` (page points) for a pen of `altitude` and `azimuth` (radians, as
    /// the page sees them), at ``nominalPressure``: its width at the hover position (a tilted
    /// pencil's is wider, a marker's chisel turns with the azimuth).
    public init(ink: Ink, at center: Point, altitude: Double, azimuth: Double) {
        let mark = InkModel.mark(ink: ink, pressure: Self.nominalPressure, altitude: altitude.isFinite ? altitude : .pi / 2, azimuth: azimuth.isFinite ? azimuth : 0, direction: nil)
        self.center = center
        width = mark.width
        height = mark.height
        let angle = InkModel.nibAngle(for: ink.type, azimuth: azimuth.isFinite ? azimuth : 0)
        self.angle = angle.isFinite ? angle : 0
        self.ink = ink.type
    }

    /// The outline as `count` (≥ 3) points around the ellipse, in page points.
    public func outline(count: Int = 48) -> [Point] {
        let n = max(3, count)
        let c = cos(angle), s = sin(angle)
        return (0..<n).map { index in
            let t = Double(index) / Double(n) * 2 * .pi
            let ex = width / 2 * cos(t), ey = height / 2 * sin(t)
            return Point(x: center.x + ex * c - ey * s, y: center.y + ex * s + ey * c)
        }
    }
}
