"""Feature extraction for the Latin isolated-character classifier (see SPEC.md)."""
import math
import numpy as np

SPACING = 0.02     # resampling step, unit-square units
G = 8              # spatial grid side
ND = 8             # directions
PEN_G = 4          # pen-up grid side
NPLANE = ND * G * G + ND * PEN_G * PEN_G   # 640 non-negative direction values (sqrt applied)
KERNEL = np.array([1.0, 2.0, 1.0]) / 4.0


def normalize(strokes):
    """Strokes -> list of float64 arrays (n,2), bounding box longer side 1, centred at (0.5, 0.5)."""
    out = []
    for s in strokes:
        a = np.asarray(s, dtype=np.float64).reshape(-1, 2)
        if len(a) > 1:
            keep = np.ones(len(a), bool)
            keep[1:] = np.any(a[1:] != a[:-1], axis=1)
            a = a[keep]
        out.append(a)
    allp = np.concatenate(out)
    lo = allp.min(0); hi = allp.max(0)
    size = max(hi[0] - lo[0], hi[1] - lo[1])
    if size <= 0:
        size = 1.0
    c = (lo + hi) / 2.0
    return [(a - c) / size + 0.5 for a in out], (hi - lo) / size


def resample(a, step=SPACING):
    """Points at arc length 0, step, 2 step, ... plus the last point if the remainder > 0."""
    if len(a) < 2:
        return a.copy()
    seg = np.sqrt(((a[1:] - a[:-1]) ** 2).sum(1))
    cum = np.concatenate([[0.0], np.cumsum(seg)])
    total = cum[-1]
    if total <= 0:
        return a[:1].copy()
    n = int(math.floor(total / step))
    t = np.arange(n + 1) * step
    if total - t[-1] > 1e-9:
        t = np.append(t, total)
    x = np.interp(t, cum, a[:, 0]); y = np.interp(t, cum, a[:, 1])
    return np.stack([x, y], 1)


def _splat(planes, p0, p1, g):
    """Direction + bilinear-position accumulation of segments p0->p1 into planes[ND, g, g]."""
    d = p1 - p0
    L = np.sqrt((d ** 2).sum(1))
    m = L > 0
    if not m.any():
        return
    d = d[m]; L = L[m]; mid = ((p0 + p1) / 2.0)[m]
    ang = np.arctan2(d[:, 1], d[:, 0])            # y down: 0 = right, pi/2 = down
    f = np.mod(ang / (math.pi / 4.0), 8.0)
    k0 = np.floor(f).astype(int) % 8
    w1 = f - np.floor(f)
    k1 = (k0 + 1) % 8
    gx = np.clip(mid[:, 0] * g - 0.5, 0.0, g - 1.0)
    gy = np.clip(mid[:, 1] * g - 0.5, 0.0, g - 1.0)
    ix = np.minimum(np.floor(gx).astype(int), g - 2); fx = gx - ix
    iy = np.minimum(np.floor(gy).astype(int), g - 2); fy = gy - iy
    for k, wk in ((k0, (1 - w1) * L), (k1, w1 * L)):
        for dy_, wy in ((0, 1 - fy), (1, fy)):
            for dx_, wx in ((0, 1 - fx), (1, fx)):
                np.add.at(planes, (k, iy + dy_, ix + dx_), wk * wy * wx)


def blur(planes):
    """Separable [1,2,1]/4 blur of each plane, zero padding."""
    p = np.pad(planes, ((0, 0), (1, 1), (1, 1)))
    p = KERNEL[0] * p[:, :-2, :] + KERNEL[1] * p[:, 1:-1, :] + KERNEL[2] * p[:, 2:, :]
    p = KERNEL[0] * p[:, :, :-2] + KERNEL[1] * p[:, :, 1:-1] + KERNEL[2] * p[:, :, 2:]
    return p


def raw_features(strokes, cfg):
    norm, extent = normalize(strokes)
    rs = [resample(a) for a in norm]
    g = cfg.get("g", G)
    planes = np.zeros((ND, g, g))
    for a in rs:
        if len(a) >= 2:
            _splat(planes, a[:-1], a[1:], g)
    if cfg.get("blur", True):
        planes = blur(planes)
    parts = [planes.ravel()]
    if cfg.get("pen", True):
        pen = np.zeros((ND, PEN_G, PEN_G))
        if len(rs) > 1:
            p0 = np.array([a[-1] for a in rs[:-1]]); p1 = np.array([a[0] for a in rs[1:]])
            _splat(pen, p0, p1, PEN_G)
        parts.append(pen.ravel())
    if cfg.get("glob", True):
        n = len(strokes)
        sc = np.zeros(4); sc[min(n, 4) - 1] = 1.0
        first = rs[0][0]; last = rs[-1][-1]
        parts.append(np.concatenate([sc, extent, first, last]))
    if cfg.get("traj", 0):
        parts.append(trajectory(rs, cfg["traj"]))
    return np.concatenate(parts)


def trajectory(rs, n):
    """The whole pen path (resampled strokes joined in order, pen-up jumps included as straight segments, exact
    repeats of the previous point dropped) resampled to n points equally spaced in arc length: x0,y0,x1,y1,..."""
    pts = np.concatenate(rs)
    keep = np.ones(len(pts), bool); keep[1:] = np.any(pts[1:] != pts[:-1], axis=1)
    pts = pts[keep]
    if len(pts) < 2:
        return np.tile(pts[0], n)
    seg = np.sqrt(((pts[1:] - pts[:-1]) ** 2).sum(1))
    cum = np.concatenate([[0.0], np.cumsum(seg)])
    t = np.arange(n) * (cum[-1] / (n - 1))
    return np.stack([np.interp(t, cum, pts[:, 0]), np.interp(t, cum, pts[:, 1])], 1).ravel()
