/// Which part of the drawing a view shows: where, at what zoom, in how large a view.
///
/// Content coordinates are the drawing's own points; view coordinates are the view's points.
/// A content point `c` appears at view point `(c - contentOffset) × zoom`.
public struct Viewport: Hashable, Sendable, CustomStringConvertible {
    /// The content point shown at the view's top-left corner, in content points.
    public var contentOffset: Point
    /// View points per content point, greater than 0 (1 = actual size).
    public var zoom: Double
    /// The view's size, in view points.
    public var viewSize: Size

    public init(contentOffset: Point, zoom: Double, viewSize: Size) {
        precondition(zoom > 0 && zoom.isFinite, "zoom must be a positive number")
        self.contentOffset = contentOffset
        self.zoom = zoom
        self.viewSize = viewSize
    }

    /// The content point shown at the centre of the view, in content points.
    public var contentCentre: Point {
        Point(x: contentOffset.x + viewSize.width / (2 * zoom), y: contentOffset.y + viewSize.height / (2 * zoom))
    }

    /// The content rectangle the view shows, in content points.
    public var visibleContent: Rect {
        Rect(origin: contentOffset, size: Size(width: viewSize.width / zoom, height: viewSize.height / zoom))
    }

    /// The viewport after the view becomes `newViewSize` (a rotation, a split resized): the same
    /// content point stays at the centre and the zoom stays the same (reference rule 6, keep the
    /// focus on the current content), so only the offset changes.
    public func resized(to newViewSize: Size) -> Viewport {
        let centre = contentCentre
        return Viewport(
            contentOffset: Point(x: centre.x - newViewSize.width / (2 * zoom), y: centre.y - newViewSize.height / (2 * zoom)),
            zoom: zoom,
            viewSize: newViewSize
        )
    }

    public var description: String { "offset \(contentOffset), zoom \(zoom), view \(viewSize)" }
}
