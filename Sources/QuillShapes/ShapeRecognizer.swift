import QuillCore
import RealModule

/// Recognizes the shape a single stroke was drawn as: line, polyline, triangle, rectangle, square,
/// quadrilateral, circle, ellipse, arc, arrow, star or heart. Pure Swift, no state.
///
/// The stroke is resampled to 64 points evenly spaced along it; every kind of shape is fitted —
/// straight pieces by an optimal piecewise fit (dynamic programming over least-squares lines,
/// corners where neighbouring lines meet), circles and ellipses by least-squares conics, hearts by
/// a template turned and stretched onto the stroke — and each fit is scored by the larger of the
/// RMS distance from the stroke to the shape and from the shape to the stroke, as a fraction of the
/// stroke's size. The fit with the least error, plus a small charge for each degree of freedom
/// (so that a wobbly line stays a line rather than a polyline), wins when its error is within
/// ``ShapeParameters/maximumError``. A polyline gives way to an arrow and to any named shape that
/// fits nearly as well (within 3 × its error + 0.5 %), and must fit within a quarter of the limit.
/// What a person means decides too: a stroke going round is closed though its ends are apart, a
/// gentle turn or a blunt corner is not a corner, and a stroke that travels much further or less
/// than a shape's outline is not that shape (``explain(_:unitsPerMillimetre:)`` says which rule moved a fit).
public struct ShapeRecognizer: Sendable {
    public let parameters: ShapeParameters

    /// How many points the stroke is resampled to.
    static let resampledCount = 64
    /// The error charged per degree of freedom of a shape (see ``complexity(_:)``).
    static let complexityCharge = 0.006
    /// A stroke whose ends are this close, as a fraction of its size, is closed.
    static let closedGap = 0.25
    /// A polygon's side shorter than this fraction of its longest is a corner drawn round.
    static let bluntCorner = 0.2
    /// How much longer or shorter than its shape's outline a stroke may be (a circle left open, one
    /// that goes round again; not a cursive word's travel across a line).
    static let travelRange = 0.6...1.4
    /// A polygon's vertex that turns less than this is a bent side, radians (30°).
    static let gentleTurn = 0.52
    /// A stroke whose ends are this far apart, as a fraction of its size, is closed when it turns
    /// ``closingSweep`` round its centroid.
    static let openGap = 0.5
    /// How far round its centroid an open stroke must turn to be taken as closed, radians (300°).
    static let closingSweep = 5.24
    /// An ellipse whose axes are within this ratio is a circle; a rectangle whose sides are, a square.
    static let roundness = 0.85, squareness = 0.88

    public init(parameters: ShapeParameters = .defaults) {
        self.parameters = parameters
    }

    /// The shape drawn through `points` (the stroke's drawn part, in order, in a unit of which
    /// `unitsPerMillimetre` make a millimetre), or nil when none fits within
    /// ``ShapeParameters/maximumError`` or the stroke is smaller than ``ShapeParameters/minimumSize``.
    /// Non-finite points are skipped.
    public func recognize(_ points: [Point], unitsPerMillimetre: Double = 1) -> ShapeMatch? {
        guard let best = weigh(points, unitsPerMillimetre: unitsPerMillimetre).first else { return nil }
        return best.recognized(within: limit(best.match.shape.kind))
    }

    /// Every shape fitted to the stroke, best first (its error plus the charge for its degrees of
    /// freedom), those beyond ``ShapeParameters/maximumError`` included: what the recognizer
    /// weighed. Empty for a stroke smaller than ``ShapeParameters/minimumSize``.
    public func candidates(_ points: [Point], unitsPerMillimetre: Double = 1) -> [ShapeMatch] {
        weigh(points, unitsPerMillimetre: unitsPerMillimetre).map(\.match)
    }

    /// Why the stroke became what it did: every fit weighed, best first, with its error, its
    /// charge, its rank and what moved it (`quill shapes --explain`).
    public func explain(_ points: [Point], unitsPerMillimetre: Double = 1) -> ShapeExplanation {
        let weighed = weigh(points, unitsPerMillimetre: unitsPerMillimetre)
        let fits = weighed.map { ShapeExplanation.Fit(kind: $0.match.shape.kind, error: $0.match.error, charge: $0.charge, rank: $0.rank, limit: limit($0.match.shape.kind), notes: $0.notes) }
        let winner = weighed.first.flatMap { $0.recognized(within: limit($0.match.shape.kind)) }
        return ShapeExplanation(fits: fits, winner: winner)
    }

    /// A fit and how it was ranked: its error plus its charge, plus what demoted it.
    struct Weighed {
        var match: ShapeMatch
        var charge: Double
        var rank: Double
        var notes: [String]
        /// Never the shape recognized, however well it fits.
        var refused = false
        /// What the recognizer may answer: the fit when it is within its limit and not refused.
        func recognized(within limit: Double) -> ShapeMatch? { !refused && match.error <= limit ? match : nil }
    }

    /// A shape fitted, with what demotes it before it is scored (a corner that is not one).
    struct Fitted {
        var shape: Shape
        var demotion: String?
    }

    /// Every fit, ranked: the work of ``candidates(_:unitsPerMillimetre:)`` and ``explain(_:unitsPerMillimetre:)``.
    func weigh(_ points: [Point], unitsPerMillimetre: Double) -> [Weighed] {
        var clean: [Point] = []
        clean.reserveCapacity(points.count)
        for p in points where p.x.isFinite && p.y.isFinite && p != clean.last { clean.append(p) }
        let size = PlaneGeometry.diagonal(clean)
        let units = unitsPerMillimetre > 0 && unitsPerMillimetre.isFinite ? unitsPerMillimetre : 1
        guard clean.count >= 2, size > 0, size.isFinite, size >= parameters.minimumSize * units else { return [] }
        let stroke = PlaneGeometry.resampled(clean, count: Self.resampledCount)
        let closed = Self.isClosed(stroke, size: size)
        let fit = PiecewiseLineFit(points: stroke, maximumPieces: 8)
        var shapes: [Fitted] = [Fitted(shape: line(fit))]
        if closed {
            for pieces in 3...Swift.min(7, fit.maximumPieces) {
                if let polygon = polygon(fit, pieces: pieces) { shapes.append(polygon) }
            }
            shapes += round(stroke, closed: true).map { Fitted(shape: $0) }
            shapes += heart(stroke).map { Fitted(shape: $0) }
        } else {
            for pieces in 2...Swift.min(6, fit.maximumPieces) {
                shapes.append(Fitted(shape: polyline(fit, pieces: pieces)))
                // The shaft is the first piece, or the first few when a hand bowed it.
                for shaftPieces in 1...Swift.max(1, pieces - 2) where pieces >= 3 {
                    if let arrow = arrow(fit, pieces: pieces, shaftPieces: shaftPieces) { shapes.append(Fitted(shape: arrow)) }
                }
            }
            shapes += round(stroke, closed: false).map { Fitted(shape: $0) }
        }
        // Round outlines at half the stroke's spacing: a chord of 1/70 of a circle strays 0.1 % of its radius.
        let spacing = 2 * size / Double(Self.resampledCount)
        let strokeLength = PlaneGeometry.length(stroke)
        var weighed: [Weighed] = []
        for fitted in shapes {
            let shape = fitted.shape
            let outline = shape.outline(spacing: spacing).map(\.point)
            guard outline.count >= 2, PlaneGeometry.length(outline) > 0 else { continue }
            let forward = PlaneGeometry.rmsDistance(from: stroke, to: outline)
            let backward = PlaneGeometry.rmsDistance(from: PlaneGeometry.resampled(outline, count: Self.resampledCount), to: stroke)
            let error = Swift.max(forward, backward) / size
            guard error.isFinite else { continue }
            let score = Swift.max(0, 1 - error / parameters.maximumError)
            let charge = Self.complexityCharge * Self.complexity(shape)
            var entry = Weighed(match: ShapeMatch(shape: shape, error: error, score: score), charge: charge, rank: error + charge, notes: [])
            // A shape is drawn once along its outline: a stroke that travels much further (a word
            // written across a line, a scribble) or much less is not it.
            let travel = strokeLength / PlaneGeometry.length(outline)
            if !(Self.travelRange ~= travel) {
                entry.rank += 4
                entry.refused = true
                entry.notes.append("the stroke travels \(Self.decimal(travel)) × the shape's length: not drawn once along it")
            }
            if let demotion = fitted.demotion {
                entry.rank += 1
                entry.notes.append(demotion)
            }
            weighed.append(entry)
        }
        // A chain of straight sides gives way to a named shape that fits nearly as well: a sloppy
        // arrow's head or a wobbly line is nearer some chain of pieces, but is not meant as one.
        // An arrow always wins (its head was found by its barbs); another shape when its error is
        // within 3 × the best chain's + 0.5 % of the size (a V is not an arc). A polyline must also
        // fit closely (``limit(_:)``): a letter is a chain of pieces too.
        let chain = weighed.filter { $0.match.shape.kind == .polyline }.map(\.match.error).min() ?? .infinity
        if let named = weighed.first(where: { named in
            named.match.shape.kind != .polyline && named.match.error <= parameters.maximumError
                && (named.match.shape.kind == .arrow || named.match.error <= 3 * chain + 0.005)
        }) {
            for index in weighed.indices where weighed[index].match.shape.kind == .polyline {
                weighed[index].rank += 1
                weighed[index].notes.append("gives way to the \(named.match.shape.kind.rawValue), which fits nearly as well (a chain of sides is not meant)")
            }
        }
        for index in weighed.indices where weighed[index].match.error > limit(weighed[index].match.shape.kind) {
            weighed[index].rank += 2
            weighed[index].notes.append("error \(Self.decimal(weighed[index].match.error)) over the limit \(Self.decimal(limit(weighed[index].match.shape.kind)))")
        }
        return weighed.sorted { $0.rank < $1.rank }
    }

    /// `value` with three decimals, for notes.
    static func decimal(_ value: Double) -> String {
        // Beyond 10¹² the thousandths would not fit an Int (a fuzzed stroke's error can be 10¹⁶).
        guard value.isFinite, abs(value) < 1e12 else { return "\(value)" }
        let thousandths = Int((abs(value) * 1000).rounded())
        let digits = String(thousandths % 1000)
        return (value < 0 ? "-" : "") + "\(thousandths / 1000)." + String(repeating: "0", count: 3 - digits.count) + digits
    }

    /// Whether the stroke goes round: its ends within ``closedGap`` of its size, or within
    /// ``openGap`` when it turns at least ``closingSweep`` round its centroid. People rarely close
    /// a circle or a rectangle they draw: on Apple Pencil drawings of circles and ovals the ends
    /// are 0.25–0.5 of the size apart in one of six (Tools/research/quill_research/shapes/real.py).
    static func isClosed(_ stroke: [Point], size: Double) -> Bool {
        let gap = PlaneGeometry.distance(stroke[0], stroke[stroke.count - 1])
        if gap <= closedGap * size { return true }
        guard gap <= openGap * size else { return false }
        let centroid = PlaneGeometry.centroid(stroke)
        return abs(sweep(stroke, around: centroid)) >= closingSweep
    }

    /// The largest error a shape of `kind` may have: ``ShapeParameters/maximumError``, a quarter
    /// of it for a polyline (hand-drawn polylines fit within 1.2 % of their size; a handwritten
    /// letter's pieces, curved, 1.3–3 %), 1.4 × for a star.
    func limit(_ kind: ShapeKind) -> Double {
        switch kind {
        case .polyline: parameters.maximumError / 4
        // A pentagram is told by its five sharp turns, all one way; people's points differ in
        // length (Quick, Draw! stars fit a regular one within 6–8 %).
        case .star: parameters.maximumError * 1.4
        default: parameters.maximumError
        }
    }

    /// Degrees of freedom, roughly: what a shape is charged for fitting more.
    static func complexity(_ shape: Shape) -> Double {
        switch shape.kind {
        case .line: 1
        case .circle, .arc: 2
        case .ellipse, .triangle, .rectangle, .square: 3
        case .quadrilateral, .heart: 4
        // An arrow's head is small beside its shaft: charged like a round shape, so that a line or an
        // arc that leaves the head out does not win on the shaft alone.
        case .arrow: 2
        case .star: 5
        case .polyline: 1.5 * Double(shape.vertices.count)
        }
    }

    // MARK: - Straight pieces

    private func line(_ fit: PiecewiseLineFit) -> Shape {
        let points = fit.points
        let (origin, direction) = fit.line(0, points.count - 1)
        func project(_ p: Point) -> Point {
            let t = (p.x - origin.x) * direction.x + (p.y - origin.y) * direction.y
            return Point(x: origin.x + t * direction.x, y: origin.y + t * direction.y)
        }
        var start = project(points[0]), end = project(points[points.count - 1])
        let angle = PlaneGeometry.direction(start, end)
        let snap = axisCorrection(angle, period: .pi / 2)
        if snap != 0 {
            let middle = Point(x: (start.x + end.x) / 2, y: (start.y + end.y) / 2)
            start = PlaneGeometry.rotated(start, by: snap, about: middle)
            end = PlaneGeometry.rotated(end, by: snap, about: middle)
        }
        return Shape(kind: .line, vertices: [start, end], angle: PlaneGeometry.direction(start, end))
    }

    /// How far to turn `angle` to lie on the nearest multiple of `period`, when that is within
    /// ``ShapeParameters/axisSnap``; 0 otherwise.
    private func axisCorrection(_ angle: Double, period: Double) -> Double {
        let nearest = (angle / period).rounded() * period
        let correction = nearest - angle
        return abs(correction) <= parameters.axisSnap ? correction : 0
    }

    /// The lines of the best fit with `pieces` pieces.
    private func lines(_ fit: PiecewiseLineFit, pieces: Int) -> [(point: Point, direction: Point)] {
        let cuts = fit.breaks[pieces]
        return (0..<pieces).map { fit.line(cuts[$0], cuts[$0 + 1]) }
    }

    /// Where two fitted lines meet; the shared breakpoint when they are nearly parallel.
    private func corner(_ a: (point: Point, direction: Point), _ b: (point: Point, direction: Point), fallback: Point) -> Point {
        let a2 = Point(x: a.point.x + a.direction.x, y: a.point.y + a.direction.y)
        let b2 = Point(x: b.point.x + b.direction.x, y: b.point.y + b.direction.y)
        return PlaneGeometry.intersection(a.point, a2, b.point, b2) ?? fallback
    }

    private func polyline(_ fit: PiecewiseLineFit, pieces: Int) -> Shape {
        let points = fit.points, cuts = fit.breaks[pieces]
        let fitted = lines(fit, pieces: pieces)
        func project(_ p: Point, _ line: (point: Point, direction: Point)) -> Point {
            let t = (p.x - line.point.x) * line.direction.x + (p.y - line.point.y) * line.direction.y
            return Point(x: line.point.x + t * line.direction.x, y: line.point.y + t * line.direction.y)
        }
        var vertices = [project(points[0], fitted[0])]
        for index in 1..<pieces {
            vertices.append(corner(fitted[index - 1], fitted[index], fallback: points[cuts[index]]))
        }
        vertices.append(project(points[points.count - 1], fitted[pieces - 1]))
        return Shape(kind: .polyline, vertices: vertices)
    }

    /// A closed polygon from the best fit with `pieces` pieces: the first and last pieces are one
    /// side when they are nearly parallel (the stroke started mid-side, or went past its start).
    private func polygon(_ fit: PiecewiseLineFit, pieces: Int) -> Fitted? {
        let cuts = fit.breaks[pieces]
        var sides = lines(fit, pieces: pieces)
        let first = sides[0].direction, last = sides[pieces - 1].direction
        if first.x * last.x + first.y * last.y > Double.cos(0.35) {  // within 20°: one side
            sides[0] = fit.line(joining: cuts[0]...cuts[1], cuts[pieces - 1]...cuts[pieces])
            sides.removeLast()
        }
        let count = sides.count
        guard (3...5).contains(count) else { return nil }
        var vertices: [Point] = []
        for index in 0..<count {
            let before = sides[(index + count - 1) % count], after = sides[index]
            let a2 = Point(x: before.point.x + before.direction.x, y: before.point.y + before.direction.y)
            let b2 = Point(x: after.point.x + after.direction.x, y: after.point.y + after.direction.y)
            guard let vertex = PlaneGeometry.intersection(before.point, a2, after.point, b2) else { return nil }
            vertices.append(vertex)
        }
        // Corners a person did not mean: a vertex the stroke turns through gently is a bent side; a
        // side much shorter than the longest whose neighbours meet close by is a corner drawn round
        // (a thin rectangle's short side has neighbours that never meet).
        var demotion: String?
        if count > 3 {
            let lengths = (0..<count).map { PlaneGeometry.distance(vertices[$0], vertices[($0 + 1) % count]) }
            let longest = lengths.max()!
            for index in 0..<count {
                let a = vertices[(index + count - 1) % count], b = vertices[index], c = vertices[(index + 1) % count]
                let turn = abs(PlaneGeometry.turn(a, b, c))
                if turn < Self.gentleTurn {
                    demotion = "a corner turning \(Int((turn * 180 / .pi).rounded()))°: a bent side, not a corner"
                    break
                }
                let d = vertices[(index + 2) % count]
                if lengths[index] < Self.bluntCorner * longest, let meet = PlaneGeometry.intersection(a, b, c, d),
                   PlaneGeometry.distance(meet, Point(x: (b.x + c.x) / 2, y: (b.y + c.y) / 2)) < Self.bluntCorner * longest {
                    demotion = "a side \(Self.decimal(lengths[index] / longest)) of the longest whose neighbours meet close by: a blunt corner, not two corners"
                    break
                }
            }
        }
        switch count {
        case 3: return Fitted(shape: Shape(kind: .triangle, vertices: vertices))
        case 4: return Fitted(shape: quadrilateral(vertices), demotion: demotion)
        default: return star(vertices).map { Fitted(shape: $0) }
        }
    }

    /// A rectangle (or square) when every corner is within ``ShapeParameters/rightAngleTolerance``
    /// of 90°, squared and turned onto the axes within ``ShapeParameters/axisSnap``; otherwise the
    /// quadrilateral as fitted.
    private func quadrilateral(_ vertices: [Point]) -> Shape {
        var turns: [Double] = []
        for index in 0..<4 {
            let a = vertices[(index + 3) % 4], b = vertices[index], c = vertices[(index + 1) % 4]
            turns.append(PlaneGeometry.turn(a, b, c))
        }
        let convex = turns.allSatisfy { $0 > 0 } || turns.allSatisfy { $0 < 0 }
        // People's rectangles have corners of 70°–110°; the first one, where the stroke closes,
        // strays most: the corners' mean departure from 90° decides, none more than twice it.
        let departures = turns.map { abs(abs($0) - .pi / 2) }
        let meanDeparture = departures.reduce(0, +) / 4
        guard convex, meanDeparture <= parameters.rightAngleTolerance, departures.allSatisfy({ $0 <= 2 * parameters.rightAngleTolerance }) else {
            return Shape(kind: .quadrilateral, vertices: vertices)
        }
        // The orientation: the sides' directions averaged modulo 90° (angles × 4 on the circle).
        var sx = 0.0, sy = 0.0
        for index in 0..<4 {
            let theta = PlaneGeometry.direction(vertices[index], vertices[(index + 1) % 4])
            sx += Double.cos(4 * theta)
            sy += Double.sin(4 * theta)
        }
        var angle = Double.atan2(y: sy, x: sx) / 4
        angle += axisCorrection(angle, period: .pi / 2)
        let centre = Point(x: vertices.map(\.x).reduce(0, +) / 4, y: vertices.map(\.y).reduce(0, +) / 4)
        let (c, s) = (Double.cos(angle), Double.sin(angle))
        // Half-extents along and across the orientation: the mean of each vertex's distance from the centre.
        var along = 0.0, across = 0.0
        for v in vertices {
            let x = v.x - centre.x, y = v.y - centre.y
            along += abs(c * x + s * y) / 4
            across += abs(-s * x + c * y) / 4
        }
        var kind = ShapeKind.rectangle
        if Swift.min(along, across) >= Self.squareness * Swift.max(along, across) {
            kind = .square
            along = (along + across) / 2
            across = along
        }
        // The corners in the direction drawn, from the one nearest the first fitted corner.
        let clockwise = turns[0] > 0
        let local: [(Double, Double)] = clockwise ? [(-1, -1), (1, -1), (1, 1), (-1, 1)] : [(-1, -1), (-1, 1), (1, 1), (1, -1)]
        var corners = local.map { u, v in
            Point(x: centre.x + c * u * along - s * v * across, y: centre.y + s * u * along + c * v * across)
        }
        let nearest = corners.indices.min { PlaneGeometry.distance(corners[$0], vertices[0]) < PlaneGeometry.distance(corners[$1], vertices[0]) } ?? 0
        corners = Array(corners[nearest...] + corners[..<nearest])
        return Shape(kind: kind, vertices: corners, angle: PlaneGeometry.wrapped(PlaneGeometry.direction(corners[0], corners[1])))
    }

    /// A regular five-pointed star when the five sides turn sharply (> 108° each, all one way, as a
    /// pentagram drawn in one stroke does); nil for a pentagon.
    private func star(_ vertices: [Point]) -> Shape? {
        var turns: [Double] = []
        for index in 0..<5 {
            let a = vertices[(index + 4) % 5], b = vertices[index], c = vertices[(index + 1) % 5]
            turns.append(PlaneGeometry.turn(a, b, c))
        }
        guard turns.allSatisfy({ $0 > 1.885 }) || turns.allSatisfy({ $0 < -1.885 }) else { return nil }
        let centre = Point(x: vertices.map(\.x).reduce(0, +) / 5, y: vertices.map(\.y).reduce(0, +) / 5)
        let radius = vertices.map { PlaneGeometry.distance($0, centre) }.reduce(0, +) / 5
        // Each point is 144° round from the one before, the way the stroke turns.
        let step = (turns[0] > 0 ? 1.0 : -1.0) * 4 * .pi / 5
        var sx = 0.0, sy = 0.0
        for (index, v) in vertices.enumerated() {
            let phase = PlaneGeometry.direction(centre, v) - Double(index) * step
            sx += Double.cos(phase)
            sy += Double.sin(phase)
        }
        let start = Double.atan2(y: sy, x: sx)
        let points = (0..<5).map { index in
            let theta = start + Double(index) * step
            return Point(x: centre.x + radius * Double.cos(theta), y: centre.y + radius * Double.sin(theta))
        }
        return Shape(kind: .star, vertices: points, centre: centre, radii: ShapeRadii(along: radius, across: radius), angle: PlaneGeometry.wrapped(start))
    }

    /// An arrow drawn in one stroke: a shaft (the first `shaftPieces` pieces, one line at least a third of the stroke),
    /// then a head near the shaft's end reaching out on both sides of it, each barb 3°–75° off the
    /// shaft. The perfect arrow has two equal barbs at their mean angle.
    private func arrow(_ fit: PiecewiseLineFit, pieces: Int, shaftPieces: Int) -> Shape? {
        let points = fit.points, cuts = fit.breaks[pieces]
        let shaft = fit.line(cuts[0], cuts[shaftPieces])
        func along(_ p: Point) -> Double { (p.x - shaft.point.x) * shaft.direction.x + (p.y - shaft.point.y) * shaft.direction.y }
        func side(_ p: Point) -> Double { -(p.x - shaft.point.x) * shaft.direction.y + (p.y - shaft.point.y) * shaft.direction.x }
        func onShaft(_ t: Double) -> Point { Point(x: shaft.point.x + t * shaft.direction.x, y: shaft.point.y + t * shaft.direction.y) }
        let tail = onShaft(along(points[0])), tip = onShaft(along(points[cuts[shaftPieces]]))
        let length = PlaneGeometry.distance(tail, tip)
        guard length > 0, length >= PlaneGeometry.length(points) / 3 else { return nil }
        let head = points[cuts[shaftPieces]...]
        guard head.allSatisfy({ PlaneGeometry.distance($0, tip) <= 0.6 * length }) else { return nil }
        // The barbs' ends: the head's farthest points from the tip on either side of the shaft.
        var barbs: [Int: (point: Point, reach: Double, order: Int)] = [:]
        for (order, p) in head.enumerated() {
            let reach = PlaneGeometry.distance(p, tip)
            guard reach >= 0.05 * length else { continue }
            let key = side(p) > 0 ? 1 : -1
            if reach > barbs[key]?.reach ?? 0 { barbs[key] = (p, reach, barbs[key]?.order ?? order) }
        }
        guard let left = barbs[1], let right = barbs[-1] else { return nil }
        let back = PlaneGeometry.direction(tip, tail)
        let leftAngle = abs(PlaneGeometry.wrapped(PlaneGeometry.direction(tip, left.point) - back))
        let rightAngle = abs(PlaneGeometry.wrapped(PlaneGeometry.direction(tip, right.point) - back))
        let spread = 0.05...1.31  // 3° … 75°
        guard spread.contains(leftAngle), spread.contains(rightAngle) else { return nil }
        let reach = (left.reach + right.reach) / 2, angle = (leftAngle + rightAngle) / 2
        func barb(_ turn: Double) -> Point {
            Point(x: tip.x + reach * Double.cos(back + turn), y: tip.y + reach * Double.sin(back + turn))
        }
        // Which barb was drawn first decides their order; "left" has the positive offset, which is a
        // positive turn from the backward shaft direction.
        let first = left.order <= right.order ? barb(angle) : barb(-angle)
        let second = left.order <= right.order ? barb(-angle) : barb(angle)
        return Shape(kind: .arrow, vertices: [tail, tip, first, second], angle: PlaneGeometry.direction(tail, tip))
    }

    // MARK: - Round shapes

    /// A circle or arc (Kåsa's fit) and, for a closed stroke, an ellipse (a circle when nearly round).
    private func round(_ stroke: [Point], closed: Bool) -> [Shape] {
        var shapes: [Shape] = []
        if let circle = ConicFit.circle(stroke) {
            let sweep = Self.sweep(stroke, around: circle.centre)
            let start = PlaneGeometry.direction(circle.centre, stroke[0])
            let radii = ShapeRadii(along: circle.radius, across: circle.radius)
            if closed, abs(sweep) >= 1.5 * .pi {
                shapes.append(Shape(kind: .circle, centre: circle.centre, radii: radii, startAngle: start, sweep: sweep < 0 ? -2 * .pi : 2 * .pi))
            } else if !closed, abs(sweep) >= 0.35, abs(sweep) <= 1.9 * .pi {
                shapes.append(Shape(kind: .arc, centre: circle.centre, radii: radii, startAngle: start, sweep: sweep))
            }
        }
        if closed, let ellipse = ConicFit.ellipse(stroke) {
            let sweep = Self.sweep(stroke, around: ellipse.centre)
            guard abs(sweep) >= 1.5 * .pi else { return shapes }
            let full: Double = sweep < 0 ? -2 * .pi : 2 * .pi
            let (c, s) = (Double.cos(ellipse.angle), Double.sin(ellipse.angle))
            let x = stroke[0].x - ellipse.centre.x, y = stroke[0].y - ellipse.centre.y
            let start = Double.atan2(y: (-s * x + c * y) / ellipse.radii.across, x: (c * x + s * y) / ellipse.radii.along)
            if ellipse.radii.across >= Self.roundness * ellipse.radii.along {
                let radius = (ellipse.radii.along + ellipse.radii.across) / 2
                shapes.append(Shape(kind: .circle, centre: ellipse.centre, radii: ShapeRadii(along: radius, across: radius),
                                    startAngle: PlaneGeometry.direction(ellipse.centre, stroke[0]), sweep: full))
            } else {
                shapes.append(Shape(kind: .ellipse, centre: ellipse.centre, radii: ellipse.radii, angle: ellipse.angle, startAngle: start, sweep: full))
            }
        }
        return shapes
    }

    /// The signed angle the stroke turns through around `centre`, radians.
    static func sweep(_ points: [Point], around centre: Point) -> Double {
        var total = 0.0
        var previous = PlaneGeometry.direction(centre, points[0])
        for p in points.dropFirst() {
            let current = PlaneGeometry.direction(centre, p)
            total += PlaneGeometry.wrapped(current - previous)
            previous = current
        }
        return total
    }

    /// Hearts, upright within ±30°: the template turned and stretched onto the stroke's box.
    private func heart(_ stroke: [Point]) -> [Shape] {
        let centroid = PlaneGeometry.centroid(stroke)
        var best: (shape: Shape, error: Double)?
        // The template goes round clockwise on screen (y down) from its cusp; the stroke's way round
        // is the sign of its area.
        var area = 0.0
        for index in stroke.indices {
            let a = stroke[index], b = stroke[(index + 1) % stroke.count]
            area += a.x * b.y - b.x * a.y
        }
        let sweep = area >= 0 ? 2 * Double.pi : -2 * Double.pi
        let sparse = stride(from: 0, to: stroke.count, by: 4).map { stroke[$0] }
        for step in -6...6 {
            let angle = Double(step) * .pi / 36  // 5° steps
            let upright = stroke.map { PlaneGeometry.rotated($0, by: -angle, about: centroid) }
            guard let minX = upright.map(\.x).min(), let maxX = upright.map(\.x).max(),
                  let minY = upright.map(\.y).min(), let maxY = upright.map(\.y).max(), maxX > minX, maxY > minY else { continue }
            let boxCentre = Point(x: (minX + maxX) / 2, y: (minY + maxY) / 2)
            let radii = ShapeRadii(along: (maxX - minX) / 2, across: (maxY - minY) / 2)
            // Start where the template is nearest the stroke's first point.
            var start = 0.0, nearest = Double.infinity
            for index in 0..<64 {
                let t = Double(index) * 2 * .pi / 64
                let unit = HeartCurve.point(at: t)
                let d = PlaneGeometry.distance(Point(x: boxCentre.x + radii.along * unit.x, y: boxCentre.y + radii.across * unit.y), upright[0])
                if d < nearest { nearest = d; start = t }
            }
            let shape = Shape(kind: .heart, centre: PlaneGeometry.rotated(boxCentre, by: angle, about: centroid), radii: radii,
                              angle: angle, startAngle: start, sweep: sweep)
            // The turn is chosen on every fourth point, coarsely drawn: the fit itself is weighed later.
            let outline = shape.outline(spacing: 2 * (radii.along + radii.across) / 32).map(\.point)
            let error = PlaneGeometry.rmsDistance(from: sparse, to: outline)
            if error < best?.error ?? .infinity { best = (shape, error) }
        }
        return best.map { [$0.shape] } ?? []
    }
}
