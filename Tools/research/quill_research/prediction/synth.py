"""Synthetic profiles of Tools/research/quill_research/compare (same rng sequence as generate.generate), prediction error
exactly as compare.prediction_error: nearest 2 kHz truth of the noise-free path at t+h, counted
if t+h ≤ duration. Shapes scored: circle, loops, cursive (as compare.py)."""
import math, random
import numpy as np
from quill_research.compare import generate as g
from quill_research.prediction import core

HS = (0.0083, 0.010, 0.0167, 0.0333)


def cases(seed=20261123):
    rng = random.Random(seed)
    shapes = {
        "line-5": g.line(5.0, length=10.0), "line-20": g.line(20.0, length=30.0), "line-100": g.line(100.0), "line-300": g.line(300.0),
        "circle": g.circle(), "zigzag-stops": g.zigzag(True)[:2], "zigzag-through": g.zigzag(False)[:2], "loops": g.loops(),
        "cursive": g.cursive(7), "rest": g.rest(),
    }
    out = []
    for profile, (rate, noise, jitter, drop, units) in g.PROFILES.items():
        for name, (duration, path) in shapes.items():
            samples = g.sample(path, duration, rate, rng, noise, jitter, drop, units)
            if name not in ("circle", "loops", "cursive"):
                continue
            q = []
            for t, x, y in samples:
                micros = int(round((t + 1.0) * 1e6))
                tt = micros / 1e6 - 1.0
                if q and (x / units, y / units) == (q[-1][1], q[-1][2]):
                    continue
                q.append((tt, x / units, y / units))
            truth = np.array([path(i / 2000) for i in range(int(duration * 2000) + 1)])
            out.append({"profile": profile, "name": name, "q": np.array(q), "truth": truth, "duration": duration})
    return out


def error(case, pred, h):
    q = case["q"]
    t = q[:, 0] + h
    m = t <= case["duration"]
    idx = np.clip(np.rint(t * 2000).astype(int), 0, len(case["truth"]) - 1)
    e = ((pred - case["truth"][idx]) ** 2).sum(1)[m]
    return math.sqrt(e.mean())


def kalman(case, h):
    return core.kalman_predictions([case["q"]], [h])[h][0]

