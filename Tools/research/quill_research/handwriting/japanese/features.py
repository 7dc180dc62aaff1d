"""The features of Quill's Japanese network, as JapaneseNetwork.swift computes them.

A character is first cleaned as CharacterCanvas does (fitted to 700 of a 1 000-unit canvas,
centred, repeated points dropped, Douglas-Peucker to <= 16 vertices a stroke; `canvas`). Then the
pen's directions: each segment of a stroke (on the paper) and each jump between strokes (pen up,
in the air) is split into SAMPLES equal parts; each part's length goes to the two nearest of eight
directions (linear in angle) and, bilinearly, to the four nearest cells of a GRID x GRID grid over
[100, 900] (cell centres 150 ... 850; beyond it, the border cells) after the strokes' box is
fitted again to 700 units, centred (`refitted`: a no-op but for rounding when fitted by canvas). Channels 0-7: on the paper,
8-15: in the air. Values are divided by the on-paper length and square-rooted; then one last
value, min(strokes, 30) / 10. FEATURES values in all, channel-major (channel, row y, column x).
"""
import math
import numpy as np

GRID = 8
CELL = 100.0
ORIGIN = 100.0
SAMPLES = 8
FEATURES = 16 * GRID * GRID + 1
FILL = 700.0  # CharacterCanvas.tegakiFill


def simplified(points, tol):
    if len(points) <= 2:
        return points
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    pending = [(0, len(points) - 1)]
    while pending:
        f, l = pending.pop()
        if l <= f + 1:
            continue
        ax, ay = points[f]; bx, by = points[l]
        dx, dy = bx - ax, by - ay
        n = math.hypot(dx, dy)
        best, far = -1, f
        for k in range(f + 1, l):
            px, py = points[k][0] - ax, points[k][1] - ay
            d = abs(px * dy - py * dx) / n if n > 0 else math.hypot(px, py)
            if d > best:
                best, far = d, k
        if best > tol:
            keep[far] = True
            pending += [(f, far), (far, l)]
    return [p for p, k in zip(points, keep) if k]


def canvas(strokes, fill=FILL):
    """CharacterCanvas with no cell (Swift: CharacterCanvas.init(_:cell:fill:))."""
    xs = [p[0] for s in strokes for p in s]; ys = [p[1] for s in strokes for p in s]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    ext = max(x1 - x0, y1 - y0)
    k = fill / ext if ext > 0 else 1
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    out = []
    for s in strokes[:40]:
        seen, pts = set(), []
        for p in s:
            q = (round(min(max((p[0] - cx) * k + 500, -4000), 5000)), round(min(max((p[1] - cy) * k + 500, -4000), 5000)))
            if q in seen:
                continue
            seen.add(q); pts.append(q)
        tol = 6.0
        sp = simplified(pts, tol)
        while len(sp) > 16:
            tol *= 2
            sp = simplified(pts, tol)
        out.append(sp)
    return out


def refitted(strokes):
    """The strokes' box fitted again to FILL, centred on 500 (a character cleaned in its cell, as a
    boxed field does, is read like one fitted to the canvas); float64, as JapaneseNetwork.swift."""
    xs = [p[0] for s in strokes for p in s]; ys = [p[1] for s in strokes for p in s]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    ext = max(x1 - x0, y1 - y0)
    k = FILL / ext if ext > 0 else 1.0
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    return [[((x - cx) * k + 500.0, (y - cy) * k + 500.0) for x, y in s] for s in strokes]


def segments(strokes):
    """(x0, y0, x1, y1, in_air) rows of a cleaned character's strokes, refitted."""
    strokes = refitted(strokes)
    rows = []
    last = None
    for s in strokes:
        if last is not None:
            rows.append((last[0], last[1], s[0][0], s[0][1], 1.0))
        for a, b in zip(s, s[1:]):
            rows.append((a[0], a[1], b[0], b[1], 0.0))
        last = s[-1]
    return np.array(rows, dtype=np.float64).reshape(-1, 5)


def features(strokes):
    """FEATURES float32 values of a cleaned character (canvas units)."""
    seg = segments(strokes)
    v = np.zeros((16, GRID, GRID))
    if len(seg):
        dx, dy = seg[:, 2] - seg[:, 0], seg[:, 3] - seg[:, 1]
        length = np.hypot(dx, dy)
        keep = length > 0
        seg, dx, dy, length = seg[keep], dx[keep], dy[keep], length[keep]
        d = np.mod(np.arctan2(dy, dx) / (math.pi / 4), 8.0)
        d0 = np.floor(d).astype(int) % 8
        f = d - np.floor(d)
        air = seg[:, 4].astype(int) * 8
        t = (np.arange(SAMPLES) + 0.5) / SAMPLES
        x = seg[:, None, 0] + dx[:, None] * t  # (segments, samples)
        y = seg[:, None, 1] + dy[:, None] * t
        u = np.clip((x - ORIGIN) / CELL - 0.5, 0, GRID - 1)
        w = np.clip((y - ORIGIN) / CELL - 0.5, 0, GRID - 1)
        u0 = np.minimum(np.floor(u).astype(int), GRID - 2); fu = u - u0
        w0 = np.minimum(np.floor(w).astype(int), GRID - 2); fw = w - w0
        part = (length / SAMPLES)[:, None] * np.ones_like(t)
        for ch, cw in ((d0, 1 - f), ((d0 + 1) % 8, f)):
            c = np.broadcast_to((ch + air)[:, None], u.shape)
            m = part * cw[:, None]
            for du, wu in ((0, 1 - fu), (1, fu)):
                for dw, ww in ((0, 1 - fw), (1, fw)):
                    np.add.at(v, (c, w0 + dw, u0 + du), m * wu * ww)
        total = max(length[seg[:, 4] == 0].sum(), 1.0)
        v = np.sqrt(v / total)
    return np.concatenate([v.ravel(), [min(len(strokes), 30) / 10.0]]).astype(np.float32)
