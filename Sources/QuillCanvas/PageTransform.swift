import Foundation
import QuillCore

/// How the page lies in the window once zoomed, turned and moved: a scale, a rotation and a
/// translation, applied to the page as the window fits it (``CanvasModel/documentToWindow``).
///
/// window = scale · R(rotation) · fitted + translation, where `fitted` is a point of the page in
/// window points at the identity (the document fitted into the layout's canvas rectangle) and
/// R turns clockwise on the screen (y grows downward) — the way the samples' azimuth turns.
/// The identity shows the page fitted, as the canvas opens and as Ctrl+0 puts it back.
///
/// A gesture moves it like a sheet of paper under the fingers (``applying(scale:rotation:translation:centroid:)``):
/// the page point that was under the touches' centroid when the gesture began stays under the
/// centroid wherever it goes, while the page scales and turns about it.
///
/// The scale stays within ``scaleRange`` (0.125 … 8, Procreate's zoom limits). Parameters are
/// checked, never clamped: ``init(scale:rotation:translation:)`` rejects a scale outside the range
/// and a gesture's non-finite or non-positive values with a `ParameterError`. A gesture that
/// would zoom past either limit is different: that is the person pinching on, and the zoom stops at
/// the limit (clamped) with the centroid's page point still under the fingers.
public struct PageTransform: Hashable, Sendable, CustomStringConvertible {
    /// The zoom relative to the fitted page (1: fitted), 0.125 … 8.
    public private(set) var scale: Double
    /// Radians, clockwise on the screen, normalized to −π … π.
    public private(set) var rotation: Double
    /// Where the fitted page's origin goes, in window points.
    public private(set) var translation: Point

    /// The zoom limits: 1/8 … 8 times the fitted page (Procreate's).
    public static let scaleRange: ClosedRange<Double> = 0.125...8

    /// The page as fitted: scale 1, no rotation, no translation.
    public static let identity = PageTransform(checkedScale: 1, rotation: 0, translation: .zero)

    /// Throws `ParameterError` for a scale outside ``scaleRange`` or any value not finite.
    /// `rotation` in radians (any finite angle, kept as its equivalent in −π … π); `translation`
    /// in window points.
    public init(scale: Double = 1, rotation: Double = 0, translation: Point = .zero) throws {
        guard scale.isFinite, Self.scaleRange.contains(scale) else {
            throw ParameterError(field: "PageTransform.scale", value: "\(scale)", expected: "a zoom 0.125 … 8 (Procreate's limits; 1: the page fitted)")
        }
        guard rotation.isFinite else {
            throw ParameterError(field: "PageTransform.rotation", value: "\(rotation)", expected: "a finite angle in radians")
        }
        guard translation.x.isFinite, translation.y.isFinite else {
            throw ParameterError(field: "PageTransform.translation", value: "\(translation)", expected: "finite window points")
        }
        self.init(checkedScale: scale, rotation: rotation, translation: translation)
    }

    private init(checkedScale scale: Double, rotation: Double, translation: Point) {
        self.scale = scale
        self.rotation = Self.normalized(rotation)
        self.translation = translation
    }

    /// True for the fitted page (nothing zoomed, turned or moved).
    public var isIdentity: Bool { self == .identity }

    /// The window point (points) of a point of the fitted page (window points at the identity).
    public func windowPoint(for fitted: Point) -> Point {
        let c = cos(rotation), s = sin(rotation)
        return Point(x: scale * (c * fitted.x - s * fitted.y) + translation.x,
                     y: scale * (s * fitted.x + c * fitted.y) + translation.y)
    }

    /// The point of the fitted page (window points at the identity) shown at a window point
    /// (points): the inverse of ``windowPoint(for:)``, for input.
    public func fittedPoint(for window: Point) -> Point {
        let c = cos(rotation), s = sin(rotation)
        let x = (window.x - translation.x) / scale, y = (window.y - translation.y) / scale
        return Point(x: c * x + s * y, y: -s * x + c * y)
    }

    /// This transform moved by a gesture, like a sheet of paper under the fingers: `scale`
    /// (> 0, 1: unchanged), `rotation` (radians, clockwise on the screen) and `translation` (window
    /// points) are the gesture's since it began, and `centroid` is where the touches' centroid is
    /// now (window points), so it was at `centroid − translation` when the gesture began. The page
    /// point that was there is at `centroid` afterwards, and the page has scaled and turned about it.
    ///
    /// Call it on the transform the gesture began with, with the gesture's values so far (or with
    /// one step's values on the transform of the step before: the two compose the same way).
    /// Throws `ParameterError` for a scale not > 0 or a value not finite. A zoom past
    /// ``scaleRange`` stops at the limit (the intended behaviour, not an error); the centroid's page
    /// point stays under the centroid.
    public func applying(scale gestureScale: Double, rotation gestureRotation: Double, translation gestureTranslation: Point, centroid: Point) throws -> PageTransform {
        guard gestureScale.isFinite, gestureScale > 0 else {
            throw ParameterError(field: "PageTransform gesture scale", value: "\(gestureScale)", expected: "a finite factor > 0 (1: no zoom)")
        }
        guard gestureRotation.isFinite else {
            throw ParameterError(field: "PageTransform gesture rotation", value: "\(gestureRotation)", expected: "a finite angle in radians")
        }
        for (name, value) in [("translation.x", gestureTranslation.x), ("translation.y", gestureTranslation.y), ("centroid.x", centroid.x), ("centroid.y", centroid.y)] where !value.isFinite {
            throw ParameterError(field: "PageTransform gesture \(name)", value: "\(value)", expected: "finite window points")
        }
        // The zoom stops at the limits: the gesture's scale is what is left up to them.
        let newScale = min(max(scale * gestureScale, Self.scaleRange.lowerBound), Self.scaleRange.upperBound)
        let factor = newScale / scale
        // window' = centroid + factor · R(θ) · (window − start), start = centroid − translation.
        let start = Point(x: centroid.x - gestureTranslation.x, y: centroid.y - gestureTranslation.y)
        let c = cos(gestureRotation), s = sin(gestureRotation)
        let dx = translation.x - start.x, dy = translation.y - start.y
        let moved = Point(x: centroid.x + factor * (c * dx - s * dy), y: centroid.y + factor * (s * dx + c * dy))
        guard moved.x.isFinite, moved.y.isFinite else {
            throw ParameterError(field: "PageTransform gesture translation", value: "\(gestureTranslation)", expected: "window points that keep the page's position finite")
        }
        return PageTransform(checkedScale: newScale, rotation: rotation + gestureRotation, translation: moved)
    }

    /// The same angle in −π … π.
    static func normalized(_ angle: Double) -> Double {
        let turned = angle.remainder(dividingBy: 2 * .pi)
        return turned == -.pi ? .pi : turned
    }

    public var description: String {
        "PageTransform(scale: \(scale), rotation: \(rotation) rad, translation: \(translation))"
    }
}
