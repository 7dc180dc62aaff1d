"""The character cleaning Quill's HandwritingRecognizer applies before Zinnia sees a character
(Sources/QuillHandwriting/CharacterCanvas.swift), the same here so that the model is trained on
what it will be shown. Keep the two in step.

1. At most the first 40 strokes; points with a non-finite or huge (|v| ≥ 1e9) coordinate dropped,
   then strokes left empty.
2. The character's box scaled to 800 of the 1000-unit canvas on its longer side (aspect kept) and
   centred; coordinates clamped to −4000 … 5000 and rounded half away from zero.
3. A point equal to an earlier point of its stroke dropped.
4. Douglas–Peucker (distance to the line through the piece's ends), tolerance 6 units, doubled
   until the stroke has at most 16 points.
"""
import math

SIZE, FILL, TOLERANCE, MAXIMUM_VERTICES, MAXIMUM_STROKES = 1000, 800.0, 6.0, 16, 40


def _round(v):
    return int(math.copysign(math.floor(abs(v) + 0.5), v))


def simplified(points, tolerance):
    if len(points) <= 2:
        return list(points)
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    pending = [(0, len(points) - 1)]
    while pending:
        first, last = pending.pop()
        if last <= first + 1:
            continue
        ax, ay = points[first]
        bx, by = points[last]
        dx, dy = float(bx - ax), float(by - ay)
        length = math.sqrt(dx * dx + dy * dy)
        farthest, distance = first, -1.0
        for index in range(first + 1, last):
            px, py = float(points[index][0] - ax), float(points[index][1] - ay)
            d = abs(px * dy - py * dx) / length if length > 0 else math.sqrt(px * px + py * py)
            if d > distance:
                distance, farthest = d, index
        if distance > tolerance:
            keep[farthest] = True
            pending.append((first, farthest))
            pending.append((farthest, last))
    return [p for p, k in zip(points, keep) if k]


def clean(strokes):
    """strokes: [[(x, y), …], …] in any unit, y down. Returns [[(x, y) ints], …] or None."""
    finite = []
    for stroke in strokes[:MAXIMUM_STROKES]:
        kept = [(x, y) for x, y in stroke if math.isfinite(x) and math.isfinite(y) and abs(x) < 1e9 and abs(y) < 1e9]
        if kept:
            finite.append(kept)
    if not finite:
        return None
    xs = [x for s in finite for x, _ in s]
    ys = [y for s in finite for _, y in s]
    extent = max(max(xs) - min(xs), max(ys) - min(ys))
    scale = FILL / extent if extent > 0 else 1.0
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    result = []
    for stroke in finite:
        seen, points = set(), []
        for x, y in stroke:
            ix = _round(min(max((x - cx) * scale + SIZE / 2, -4000.0), 5000.0))
            iy = _round(min(max((y - cy) * scale + SIZE / 2, -4000.0), 5000.0))
            if (ix, iy) in seen:
                continue
            seen.add((ix, iy))
            points.append((ix, iy))
        tolerance = TOLERANCE
        simple = simplified(points, tolerance)
        while len(simple) > MAXIMUM_VERTICES:
            tolerance *= 2
            simple = simplified(points, tolerance)
        result.append(simple)
    return result


def sexpr(value, strokes):
    body = " ".join("(" + "".join(f"({x} {y})" for x, y in s) + ")" for s in strokes)
    head = f"(value {value}) " if value is not None else ""
    return f"(character {head}(width {SIZE}) (height {SIZE}) (strokes {body}))"
