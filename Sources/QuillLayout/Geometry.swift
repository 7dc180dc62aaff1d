import QuillCore

// A layout's geometry is QuillCore's (one point type for samples, strokes, layouts and the
// canvas); these names keep `import QuillLayout` alone enough to use it. Every value a layout
// gives is in points, in its window's coordinate space.

/// QuillCore's `Point`: in a layout, points from the window's top-left corner.
public typealias Point = QuillCore.Point
/// QuillCore's `Size`: in a layout, points.
public typealias Size = QuillCore.Size
/// QuillCore's `Rect`: in a layout, points in the window's coordinate space.
public typealias Rect = QuillCore.Rect
