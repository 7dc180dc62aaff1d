"""Reference per-sample implementation of the ALSK-8(G) predictor, written to be ported 1:1 to Swift
(fixed-size rings, no allocation per sample). See SPEC.md. Uses core.Kalman (port of TipPredictor)."""
import math
import numpy as np
from quill_research.prediction import core

K = 8
GATE_S0 = 0.0   # mm/s (set_gate); 0 disables the speed-gated features (ALSK-8); 30 in alsk8g.json
NF = K + 1
DT_FLOOR = 1e-4


def set_gate(s0):
    global GATE_S0, NF
    GATE_S0 = s0
    NF = K + 1 + (3 if s0 else 0)


def cholesky_solve(A, b):
    n = len(b)
    L = [[0.0] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1):
            s = A[i][j]
            for k in range(j):
                s -= L[i][k] * L[j][k]
            if i == j:
                L[i][i] = math.sqrt(s)
            else:
                L[i][j] = s / L[j][j]
    y = [0.0] * n
    for i in range(n):
        s = b[i]
        for k in range(i):
            s -= L[i][k] * y[k]
        y[i] = s / L[i][i]
    x = [0.0] * n
    for i in reversed(range(n)):
        s = y[i]
        for k in range(i + 1, n):
            s -= L[k][i] * x[k]
        x[i] = s / L[i][i]
    return x


class ALSK:
    def __init__(self, horizon, abar_over_h2, n0=10.0, resolve_every=16, pending_cap=32):
        h = horizon
        self.h = h
        self.A = [[n0 * h * h * abar_over_h2[i][j] for j in range(NF)] for i in range(NF)]
        c0 = [0.0] * NF; c0[K] = 1.0
        self.b = [sum(self.A[i][j] * c0[j] for j in range(NF)) for i in range(NF)]
        self.c = c0[:]
        self.every = resolve_every
        self.count = 0
        self.kalman = core.Kalman()
        self.cap = pending_cap
        self.reset_stroke_state()

    def reset_stroke_state(self):
        self.n = 0                      # samples in this stroke
        self.ring_t = [0.0] * (K + 1)   # last K+1 samples (t, x, y), index n % (K+1)
        self.ring_x = [0.0] * (K + 1)
        self.ring_y = [0.0] * (K + 1)
        self.vel = [(0.0, 0.0)] * K     # last K interval velocities, newest at (nv-1) % K
        self.nv = 0
        self.pending = []               # (t_i, x_i, y_i, fx[NF], fy[NF]) awaiting truth at t_i + h (ring of ≤ cap in Swift)
        self.prev = None                # previous sample (t, x, y)

    # ---- stroke events
    def begin(self, t, x, y):
        self.reset_stroke_state()
        self.kalman.reset()
        return self.add(t, x, y)

    def end(self):
        """Pen up: pending rows whose t+h is after the stroke's last sample are dropped; re-solve."""
        if self.n > 1:
            self.c = cholesky_solve(self.A, self.b)
        self.pending = []

    # ---- per sample
    def add(self, t, x, y):
        """Feeds a stroke sample (after begin); returns the predicted (x, y) at t + h."""
        h = self.h
        self.kalman.add(x, y, t)
        first = self.n == 0
        if not first:
            pt, px, py = self.prev
            dt = max(t - pt, DT_FLOOR)
            self.vel[self.nv % K] = ((x - px) / dt, (y - py) / dt)
            self.nv += 1
            # rows whose truth is now known (t ≥ t_i + h − 1e-9): truth interpolated between the two
            # stream samples around t_i + h (this sample and the previous one, or exactly this one)
            while self.pending and t >= self.pending[0][0] + h - 1e-9:
                ti, xi, yi, fx, fy = self.pending.pop(0)
                target = ti + h
                if target >= t:   # (only when t == target within 1e-9)
                    tx, ty = x, y
                else:
                    # target in [prev.t, t): the previous sample is the last one ≤ target because
                    # rows are consumed as soon as a sample reaches their target
                    u = (target - pt) / (t - pt)
                    tx, ty = px + (x - px) * u, py + (y - py) * u
                dx, dy = tx - xi, ty - yi
                for a in range(NF):
                    ba = self.b
                    ba[a] += fx[a] * dx + fy[a] * dy
                    Aa = self.A[a]
                    for bb in range(NF):
                        Aa[bb] += fx[a] * fx[bb] + fy[a] * fy[bb]
        self.count += 1
        if self.count % self.every == 0:
            self.c = cholesky_solve(self.A, self.b)
        self.prev = (t, x, y)
        self.n += 1
        if first:
            return x, y
        # features: h·v_k for k = 0..K-1 (newest first; missing lags = oldest available), Kalman displacement
        fx = [0.0] * NF; fy = [0.0] * NF
        avail = min(self.nv, K)
        for k in range(K):
            kk = min(k, avail - 1)
            vx, vy = self.vel[(self.nv - 1 - kk) % K]
            fx[k] = h * vx; fy[k] = h * vy
        kx, ky = self.kalman.predict(h)
        fx[K] = kx - x; fy[K] = ky - y
        if GATE_S0:
            # speed gate from the mean of the two newest velocities (padded like the features)
            vbx = (fx[0] + fx[1]) / (2 * h); vby = (fy[0] + fy[1]) / (2 * h)
            phi = 1.0 / (1.0 + math.sqrt(vbx * vbx + vby * vby) / GATE_S0)
            fx[K + 1] = phi * fx[0]; fy[K + 1] = phi * fy[0]
            fx[K + 2] = phi * fx[1]; fy[K + 2] = phi * fy[1]
            fx[K + 3] = phi * fx[K]; fy[K + 3] = phi * fy[K]
        self.pending.append((t, x, y, fx, fy))
        px_ = x + sum(self.c[f] * fx[f] for f in range(NF))
        py_ = y + sum(self.c[f] * fy[f] for f in range(NF))
        return px_, py_


def run_strokes(strokes_q, horizon, abar_over_h2, n0=10.0, every=16):
    """Runs one recording (state kept across strokes); returns per-stroke (M, 2) predictions."""
    p = ALSK(horizon, abar_over_h2, n0, every)
    outs = []
    for q in strokes_q:
        out = np.empty((len(q), 2))
        for i, (t, x, y) in enumerate(q):
            out[i] = p.begin(t, x, y) if i == 0 else p.add(t, x, y)
        p.end()
        outs.append(out)
    return outs
