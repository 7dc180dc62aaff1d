"""Vectorised ALSK features and least-squares normal equations over a recording (used to fit the
prior matrix; the per-sample predictor itself is alsk_ref.py). Features per sample, both axes:
h·v_k for the last K interval velocities (newest first, missing lags padded with the oldest), the
Kalman displacement, and with a speed gate s0 > 0 the gated copies φ·f_0, φ·f_1, φ·f_K."""
import numpy as np
from quill_research.prediction import core


def velocity_history(q, K):
    """(M, K, 2) velocities v_k of the last K intervals (k=0 newest), padded with the oldest
    available; row 0 (no interval) is zeros."""
    M = len(q)
    if M < 2:
        return np.zeros((M, K, 2))
    dt = np.maximum(np.diff(q[:, 0]), 1e-4)
    vel = np.diff(q[:, 1:3], axis=0) / dt[:, None]  # vel[j] = velocity of interval ending at sample j+1
    idx = np.arange(M)[:, None] - 1 - np.arange(K)[None, :]  # interval index for sample n, lag k
    oldest = np.maximum(0, np.arange(M) - np.minimum(np.arange(M), K))  # index of the oldest used
    idx = np.clip(np.maximum(idx, oldest[:, None]), 0, M - 2)
    v = vel[idx]
    v[0] = 0
    return v


def feats(q, kd, h, K, s0):
    """(M, n_features, 2) features of stroke q (M×3: t, x, y) with Kalman displacements kd (M×2)."""
    v = velocity_history(q, K)
    F = np.concatenate([v * h, kd[:, None, :]], axis=1)
    if s0:
        vb = (v[:, 0] + v[:, 1]) / 2
        phi = (1.0 / (1.0 + np.sqrt((vb ** 2).sum(1)) / s0))[:, None]
        F = np.concatenate([F] + [e[:, None, :] for e in (F[:, 0] * phi, F[:, 1] * phi, kd * phi)], axis=1)
    return F


def rows(q, F, truth, mask):
    """Learning rows (x rows then y rows) of the counted samples, except each stroke's first."""
    m = mask.copy(); m[0] = False
    d = truth - q[:, 1:3]
    return np.concatenate([F[m, :, 0], F[m, :, 1]]), np.concatenate([d[m, 0], d[m, 1]])


def normal_eqs(strokes, h, K, s0):
    """XᵀX, Xᵀy, CV squared error sum and its sample count over one recording [(rec, q), ...]."""
    qs = [q for _, q in strokes]
    kds = [p - q[:, 1:3] for p, q in zip(core.kalman_predictions(qs, [h])[h], qs)]
    A = 0; b = 0; cvs = 0.0; n = 0
    for (rec, q), kd in zip(strokes, kds):
        tr, m = core.truth_and_mask(rec, q, h)
        if not m[1:].any():
            continue
        X, Y = rows(q, feats(q, kd, h, K, s0), tr, m)
        A = A + X.T @ X; b = b + X.T @ Y
        cvs += ((core.cv_predict(q, h) - tr)[m] ** 2).sum(); n += m.sum()
    return A, b, cvs, n
