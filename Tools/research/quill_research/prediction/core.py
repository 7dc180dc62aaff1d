"""Error measure (exactly Tools/research/quill_research/compare/unipen_prediction.py `measure`), the constant-velocity
baseline, and a Python port of Quill's Kalman TipPredictor (TipPredictor.swift)."""
import math
import numpy as np


def truth_and_mask(rec, q, h):
    """For each Quill sample (q rows) the true position at t+h (recorded samples linearly
    interpolated) and whether it counts (t+h not after the last recorded sample; measure() breaks at
    the first one that does not, and times increase, so it is a prefix)."""
    times = rec[:, 0]
    target = q[:, 0] + h
    mask = target <= times[-1] + 1e-9
    j = np.searchsorted(times, target, side="right") - 1
    j = np.clip(j, 0, len(times) - 1)
    last = j >= len(times) - 1
    jj = np.minimum(j, len(times) - 2)
    a, b = rec[jj], rec[jj + 1]
    u = (target - a[:, 0]) / (b[:, 0] - a[:, 0])
    tx = a[:, 1] + (b[:, 1] - a[:, 1]) * u
    ty = a[:, 2] + (b[:, 2] - a[:, 2]) * u
    tx = np.where(last, rec[-1, 1], tx)
    ty = np.where(last, rec[-1, 2], ty)
    return np.column_stack([tx, ty]), mask


def cv_predict(q, h):
    p = q[:, 1:3].copy()
    if len(q) > 1:
        dt = np.diff(q[:, 0])
        v = np.diff(q[:, 1:3], axis=0) / dt[:, None]
        p[1:] += v * h
    return p


# ---------------------------------------------------------------- Kalman port (TipPredictor.swift)

def _alpha(cutoff, dt):
    k = 2 * math.pi * cutoff * dt
    return k / (k + 1)


class Kalman:
    def __init__(self, q=3e8, noise=0.02):
        self.q = q
        self.noise_var = 0.0
        self.m0 = noise
        self.has = False

    def add(self, x, y, t):
        if not self.has:
            if self.noise_var == 0:
                self.noise_var = self.m0 * self.m0
            r = max(self.noise_var, 0.002 ** 2)
            self.ax = [x, 0.0, 0.0, r, 0.0, 0.0, 1e6, 0.0, 1e8]
            self.ay = [y, 0.0, 0.0, r, 0.0, 0.0, 1e6, 0.0, 1e8]
            self.last = t
            self.has = True
            self.hc = 1
            self.hist_c = (x, y)
            return
        dt = max(t - self.last, 1e-4)
        self._noise(x, y, dt)
        r = 2.0 * max(self.noise_var, 0.002 ** 2)
        self._upd(self.ax, x, dt, r)
        self._upd(self.ay, y, dt, r)
        self.last = max(t, self.last)

    def _noise(self, x, y, dt):
        if self.hc >= 3:
            sp = (self.hist_a[2], self.hist_b[2], dt)
            lo, hi = min(sp), max(sp)
            if lo > 0 and hi <= 1.3 * lo:
                d3x = x - 3 * self.hist_c[0] + 3 * self.hist_b[0] - self.hist_a[0]
                d3y = y - 3 * self.hist_c[1] + 3 * self.hist_b[1] - self.hist_a[1]
                s = (d3x * d3x + d3y * d3y) / 40
                self.noise_var += _alpha(0.43, dt) * (s - self.noise_var)
        if self.hc >= 2:
            self.hist_a = self.hist_b
        self.hist_b = (self.hist_c[0], self.hist_c[1], dt)
        self.hist_c = (x, y)
        self.hc = min(self.hc + 1, 4)

    def _upd(self, s, z, dt, r):
        x, v, a, p00, p01, p02, p11, p12, p22 = s
        q = self.q
        h = dt * dt / 2
        x1 = x + v * dt + a * h; v1 = v + a * dt
        f00 = p00 + dt * p01 + h * p02; f01 = p01 + dt * p11 + h * p12; f02 = p02 + dt * p12 + h * p22
        f11 = p11 + dt * p12; f12 = p12 + dt * p22
        dt2 = dt * dt; dt3 = dt2 * dt
        n00 = f00 + dt * f01 + h * f02 + q * dt3 * dt2 / 20
        n01 = f01 + dt * f02 + q * dt2 * dt2 / 8
        n02 = f02 + q * dt3 / 6
        n11 = f11 + dt * f12 + q * dt3 / 3
        n12 = f12 + q * dt2 / 2
        n22 = p22 + q * dt
        S = n00 + r
        k0, k1, k2 = n00 / S, n01 / S, n02 / S
        inn = z - x1
        x = x1 + k0 * inn; v = v1 + k1 * inn; a = a + k2 * inn
        n11 -= k1 * n01; n12 -= k1 * n02; n22 -= k2 * n02
        n01 -= k0 * n01; n02 -= k0 * n02; n00 -= k0 * n00
        s[:] = [x, v, a, n00, n01, n02, n11, n12, n22]

    def reset(self):
        self.has = False

    def predict(self, h):
        px, vx, ax_ = self.ax[0], self.ax[1], self.ax[2]
        py, vy, ay_ = self.ay[0], self.ay[1], self.ay[2]
        speed = math.hypot(vx, vy)
        if not (speed > 1e-6 and math.isfinite(speed)):
            return px, py
        dx, dy = vx / speed, vy / speed
        tan = ax_ * dx + ay_ * dy
        nx, ny = ax_ - tan * dx, ay_ - tan * dy
        along = speed * h + 0.5 * tan * h * h
        if tan < 0:
            if speed / -tan < h:
                along = speed * speed / (2 * -tan)
        along = max(0.0, along)
        return px + dx * along + 0.5 * nx * h * h, py + dy * along + 0.5 * ny * h * h


def kalman_predictions(strokes_q, horizons, q=3e8):
    """One Kalman per recording (noise learnt across strokes); strokes_q: list of (M×3) arrays."""
    k = Kalman(q=q)
    out = {h: [] for h in horizons}
    for s in strokes_q:
        k.reset()
        preds = {h: np.empty((len(s), 2)) for h in horizons}
        for i, (t, x, y) in enumerate(s):
            k.add(x, y, t)
            for h in horizons:
                preds[h][i] = k.predict(h)
        for h in horizons:
            out[h].append(preds[h])
    return out

