"""The word network's input: the ink resampled along the pen's path, one feature vector per point.
WordNetwork.swift computes the same (keep the two in step; check_vectors.json pins them).

  * points that are not finite or not within 1e12 are dropped, and repeats of the point before;
    then strokes with no point;
  * scale = max(height of the ink's box, 0.25 x its width, 1e-6) (height: y extent; y downwards);
  * every stroke resampled along its path at `step` = SPACING x scale: its first point, then a point
    each `step` of path length (linear interpolation); when the ink's whole path would give more than
    MAX_POINTS points, step = total length / (MAX_POINTS - strokes) instead; at most MAX_STROKES
    strokes (more: no features, the ink is not a word);
  * per point: dx, dy (from the previous resampled point, in scale units; 0 at the first), pen-up
    (1 at the first point of every stroke but the first), y (from the box's top, in scale units, - 0.5).
"""
import math
import numpy as np

SPACING = 0.1
MAX_POINTS = 1024
MAX_STROKES = 256
FEATURES = 4


def features(strokes):
    """strokes: [[(x, y), ...], ...]; returns float32 array (n, 4), or None when there is no ink."""
    st = []
    for s in strokes:
        p = []
        for x, y in s:
            x, y = float(x), float(y)
            if math.isfinite(x) and math.isfinite(y) and abs(x) < 1e12 and abs(y) < 1e12 and (not p or p[-1] != (x, y)):
                p.append((x, y))
        if p:
            st.append(np.array(p, dtype=np.float64))
    if not st or len(st) > MAX_STROKES:
        return None
    allp = np.concatenate(st)
    min_x, max_x = allp[:, 0].min(), allp[:, 0].max()
    min_y, max_y = allp[:, 1].min(), allp[:, 1].max()
    scale = max(max_y - min_y, 0.25 * (max_x - min_x), 1e-6)
    seglens = [np.sqrt(((s[1:] - s[:-1]) ** 2).sum(1)) / scale for s in st]
    total = sum(float(l.sum()) for l in seglens)
    step = SPACING
    if total / step + len(st) > MAX_POINTS:
        step = total / (MAX_POINTS - len(st))
    out = []
    for s, l in zip(st, seglens):
        q = (s - np.array([min_x, min_y])) / scale
        cum = np.concatenate([[0.0], np.cumsum(l)])
        n = int(math.floor(cum[-1] / step)) if step > 0 else 0
        ds = np.arange(n + 1) * step
        xs = np.interp(ds, cum, q[:, 0])
        ys = np.interp(ds, cum, q[:, 1])
        pts = np.stack([xs, ys], 1)
        out.append(pts)
    feats = []
    prev = None
    for k, pts in enumerate(out):
        for i, (x, y) in enumerate(pts):
            if len(feats) >= MAX_POINTS:
                break
            dx, dy = (0.0, 0.0) if prev is None else (x - prev[0], y - prev[1])
            feats.append((dx, dy, 1.0 if (i == 0 and k > 0) else 0.0, y - 0.5))
            prev = (x, y)
    return np.array(feats, dtype=np.float32)
