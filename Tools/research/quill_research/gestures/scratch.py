"""Faithful Python port of Quill's scratch-out shape test (EditingGesture.shaped → scratchOut),
plus the proposed stricter rule (`scratch_out_new`, see RULE.md).

Port of: Sources/QuillShapes/EditingGesture.swift (shaped, scratchOut),
Sources/QuillShapes/PlaneGeometry.swift (length, resampled),
Sources/QuillShapes/PiecewiseLineFit.swift (1 piece: total least squares, line(0, n-1)).
Points are (x, y) tuples in any unit; the test is scale-, rotation- and reflection-invariant.
"""
import math

RESAMPLED = 128
MINIMUM_PASSES = 4


def length(points):
    total = 0.0
    for i in range(1, len(points)):
        total += math.hypot(points[i - 1][0] - points[i][0], points[i - 1][1] - points[i][1])
    return total


def distance(a, b):
    dx, dy = a[0] - b[0], a[1] - b[1]
    return math.sqrt(dx * dx + dy * dy)


def resampled(points, count):
    """PlaneGeometry.resampled: `count` points evenly spaced by arc length, ends included."""
    total = 0.0
    for i in range(1, len(points)):
        total += distance(points[i - 1], points[i])
    if not (len(points) >= 2 and total > 0 and count >= 2):
        return list(points)
    result = [points[0]]
    step = total / (count - 1)
    target = step
    travelled = 0.0
    for i in range(1, len(points)):
        a, b = points[i - 1], points[i]
        piece = distance(a, b)
        while piece > 0 and travelled + piece >= target and len(result) < count - 1:
            fraction = (target - travelled) / piece
            result.append((a[0] + (b[0] - a[0]) * fraction, a[1] + (b[1] - a[1]) * fraction))
            target += step
        travelled += piece
    result.append(points[-1])
    return result


def clean(points):
    out = []
    for p in points:
        x, y = float(p[0]), float(p[1])
        if math.isfinite(x) and math.isfinite(y) and abs(x) < 1e12 and abs(y) < 1e12 and (not out or (x, y) != out[-1]):
            out.append((x, y))
    return out


def line_fit(points):
    """PiecewiseLineFit(points:, maximumPieces: 1).line(0, n - 1): (point, direction)."""
    n = len(points)
    mx0 = sum(p[0] for p in points) / n
    my0 = sum(p[1] for p in points) / n
    sx = sy = sxx = syy = sxy = 0.0
    for p in points:
        x, y = p[0] - mx0, p[1] - my0
        sx += x; sy += y; sxx += x * x; syy += y * y; sxy += x * y
    count = float(n)
    mx, my = sx / count, sy / count
    xx, yy, xy = sxx / count - mx * mx, syy / count - my * my, sxy / count - mx * my
    theta = math.atan2(2 * xy, xx - yy) / 2
    d = (math.cos(theta), math.sin(theta))
    run = (points[-1][0] - points[0][0], points[-1][1] - points[0][1])
    if run[0] * d[0] + run[1] * d[1] < 0:
        d = (-d[0], -d[1])
    return (mx0 + mx, my0 + my), d


def analyse(points):
    """The quantities the scratch-out test uses, on the cleaned, resampled stroke; None when
    `shaped` returns nil before the test (fewer than 3 distinct points or zero length)."""
    pts = clean(points)
    if len(pts) < 3 or length(pts) <= 0:
        return None
    stroke = resampled(pts, RESAMPLED)
    (px, py), (c, s) = line_fit(stroke)
    along = [(p[0] - px) * c + (p[1] - py) * s for p in stroke]
    across = [-(p[0] - px) * s + (p[1] - py) * c for p in stroke]
    low, high = min(along), max(along)
    if not high > low:
        return None
    extent = high - low
    hysteresis = 0.4 * extent
    turns = [0]
    direction, extreme, extreme_index = 0.0, along[0], 0
    for index in range(1, len(along)):
        u = along[index]
        if direction == 0:
            if abs(u - extreme) > hysteresis:
                direction = 1.0 if u > extreme else -1.0
                extreme, extreme_index = u, index
        elif (u - extreme) * direction > 0:
            extreme, extreme_index = u, index
        elif abs(u - extreme) > hysteresis:
            turns.append(extreme_index)
            direction = -direction
            extreme, extreme_index = u, index
    turns.append(len(stroke) - 1)
    passes = len(turns) - 1
    slants = [math.atan(abs(across[e] - across[b]) / max(abs(along[e] - along[b]), 1e-12)) for b, e in zip(turns, turns[1:])]
    return {
        "stroke": stroke, "along": along, "across": across, "turns": turns, "passes": passes,
        "extent": extent, "width": max(across) - min(across), "path": length(stroke),
        "slant": sum(slants) / passes, "low": low, "high": high,
    }


def scratch_out_old(points, a=None):
    """Today's verdict: (is scratch-out, passes, reason it is not)."""
    a = a if a is not None else analyse(points)
    if a is None:
        return False, 0, "degenerate"
    if a["passes"] < MINIMUM_PASSES:
        return False, a["passes"], "passes"
    if a["path"] < 3 * a["extent"]:
        return False, a["passes"], "path"
    if a["width"] > 0.8 * a["extent"]:
        return False, a["passes"], "width"
    if a["slant"] > 0.35:
        return False, a["passes"], "slant"
    return True, a["passes"], ""



# The proposed rule: today's, and two more guards (RULE.md).
MINIMUM_RETRACED = 0.65    # share of the extent gone over by >= 3 passes
MAXIMUM_BULGE = 0.10       # mean over passes of the farthest point from the pass's chord, / extent


def retraced(along, turns, depth=3):
    """The length of the axis covered by at least `depth` passes (each pass covering the interval
    between the along-positions of its two ends), by a sweep over the passes' ends."""
    events = []
    for b, e in zip(turns, turns[1:]):
        lo, hi = min(along[b], along[e]), max(along[b], along[e])
        events.append((lo, 1))
        events.append((hi, -1))
    events.sort(key=lambda ev: (ev[0], -ev[1]))  # at equal positions, starts first
    covered, level, previous = 0.0, 0, None
    for position, step in events:
        if level >= depth:
            covered += position - previous
        level += step
        previous = position
    return covered


def segment_distance(px, py, ax, ay, bx, by):
    """PlaneGeometry.squaredDistance(_:toSegment:_:), square-rooted."""
    dx, dy = bx - ax, by - ay
    ls = dx * dx + dy * dy
    t = ((px - ax) * dx + (py - ay) * dy) / ls if ls > 0 else 0.0
    t = min(1.0, max(0.0, t))
    x, y = ax + t * dx - px, ay + t * dy - py
    return math.sqrt(x * x + y * y)


def bulge(a):
    """Mean over passes of (largest distance from a point of the pass to the segment joining its
    two ends) / extent, in (along, across) coordinates."""
    along, across, turns = a["along"], a["across"], a["turns"]
    total = 0.0
    for b, e in zip(turns, turns[1:]):
        total += max(segment_distance(along[i], across[i], along[b], across[b], along[e], across[e]) for i in range(b, e + 1))
    return total / a["passes"] / a["extent"]


def scratch_out_new(points, a=None):
    """Proposed verdict: (is scratch-out, passes, reason it is not)."""
    a = a if a is not None else analyse(points)
    ok, passes, reason = scratch_out_old(points, a)
    if not ok:
        return ok, passes, reason
    if retraced(a["along"], a["turns"]) < MINIMUM_RETRACED * a["extent"]:
        return False, passes, "retraced"
    if bulge(a) > MAXIMUM_BULGE:
        return False, passes, "bulge"
    return True, passes, ""
