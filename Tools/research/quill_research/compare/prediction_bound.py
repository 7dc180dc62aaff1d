"""How far can a predictor LINEAR in the recent samples go on UNIPEN lav+sie? (bound study)

Reuses Tools/research/quill_research/compare/unipen_prediction.py (imported): the same file choice, conversion, evemu
recordings, `quill samples` read-back, validation (only strokes read back exactly count), counted
predictions (t + H within the stroke) and truth (the recorded samples linearly interpolated).
Its run_chunk also reads Quill's Kalman-only predictions (a variant) and hands every scored stroke
to collect(), which keeps, per counted prediction: the last 16 velocities × H (from the samples as Quill read them), the target
displacement x(t+H) − x_n, Quill's prediction (adaptive, the default) and Quill's Kalman-only
prediction (`--no-adaptive-prediction`).

Linear predictors: displacement = Σ_j w_j · v_{n−j}·H over the last k velocities (no intercept),
one weight set per number of velocities available (min(n, k): stroke starts), per horizon;
"sep": x from x velocities, y from y velocities (own weights per axis); "joint": each axis from
both axes' k velocities. At a stroke's first sample (no velocity) the prediction is the sample
(as constant velocity). Fitted by least squares:
  - in-sample on lav+sie (the very predictions scored: an oracle, optimistic bound);
  - on the tuning writers (categories 6–8 minus the held-out list), applied to lav+sie.

Usage: python3 -m quill_research.compare.prediction_bound --data /tmp/up1 --out /tmp/bound/run [--tuning-limit N]
(about 4 minutes, one process; writes report.md, bound.json and the arrays to --out)
"""
import argparse
import json
import math
import sys
import time
from pathlib import Path

import numpy as np

from quill_research.common.paths import REPOSITORY as ROOT
from quill_research.compare import unipen_prediction as up

K = 16
KS = (2, 4, 8, 16)
COLLECT = []  # dicts of numpy arrays, one per (recording, horizon)


def collect(name, result, horizon, read_back, measured):
    """unipen_prediction.run_chunk's hook: every counted prediction of the strokes it scored, with
    the last K velocities × H (from the samples as Quill read them), the target displacement, and
    Quill's adaptive and Kalman-only predictions, relative to the newest sample."""
    feats, counts, target, quill, kal = [], [], [], [], []
    for stroke, rec, rows, others in measured:
        krows = others["kalman"]
        times = [p[0] for p in rec]
        last = times[-1]
        vel = [(0.0, 0.0)] + [((b[1] - a[1]) / (b[0] - a[0]) * horizon, (b[2] - a[2]) / (b[0] - a[0]) * horizon)
                              for a, b in zip(stroke, stroke[1:])]
        # The counted instants and truth of unipen_prediction.measure.
        for i, (t, x, y) in enumerate(stroke):
            if t + horizon > last + 1e-9:
                break
            tx, ty = up.truth(rec, times, t + horizon)
            f = np.zeros((K, 2))
            for j in range(min(i, K)):
                f[j] = vel[i - j]
            feats.append(f)
            counts.append(min(i, K))
            target.append((tx - x, ty - y))
            quill.append((rows[i]["x_mm"] - x, rows[i]["y_mm"] - y))
            kal.append((krows[i]["x_mm"] - x, krows[i]["y_mm"] - y))
    if feats:
        gaps = sorted(b[0] - a[0] for q in read_back for a, b in zip(q, q[1:]))
        COLLECT.append({"writer": result["writer"], "split": result["split"], "setup": name, "horizon": horizon,
                        "interval": gaps[len(gaps) // 2],
                        "v": np.array(feats), "m": np.array(counts), "d": np.array(target),
                        "quill": np.array(quill), "kalman": np.array(kal)})


def gather(split, horizon):
    parts = [c for c in COLLECT if c["split"] == split and c["horizon"] == horizon]
    cat = {key: np.concatenate([c[key] for c in parts]) for key in ("v", "m", "d", "quill", "kalman")}
    cat["setup"] = np.concatenate([[c["setup"]] * len(c["m"]) for c in parts])
    cat["interval"] = np.concatenate([[c["interval"]] * len(c["m"]) for c in parts])
    return cat


def design(v, k, axis, joint):
    """Feature matrix for predicting `axis` from the first k velocities."""
    return v[:, :k, :].reshape(len(v), 2 * k) if joint else v[:, :k, axis]


def fit(train, k, joint):
    """{(m, axis): weights} for m = 1 … k velocities available."""
    weights = {}
    mm = np.minimum(train["m"], k)
    for m in range(1, k + 1):
        sel = mm == m
        for axis in (0, 1):
            if sel.sum() < 4 * m:
                weights[(m, axis)] = None
                continue
            X = design(train["v"][sel], m, axis, joint)
            weights[(m, axis)], *_ = np.linalg.lstsq(X, train["d"][sel, axis], rcond=None)
    return weights


def apply(weights, test, k, joint):
    pred = np.zeros_like(test["d"])
    mm = np.minimum(test["m"], k)
    for m in range(1, k + 1):
        sel = mm == m
        for axis in (0, 1):
            w = weights.get((m, axis))
            if w is None:  # too few training rows: constant velocity
                pred[sel, axis] = test["v"][sel, 0, axis]
            elif sel.any():
                pred[sel, axis] = design(test["v"][sel], m, axis, joint) @ w
    return pred


def rms(pred, d):
    return float(np.sqrt(np.mean(np.sum((pred - d) ** 2, axis=1))))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", required=True)
    parser.add_argument("--quill", default=str(ROOT / ".build" / "release" / "quill"))
    parser.add_argument("--out", required=True)
    parser.add_argument("--tuning-writers", help="comma-separated (default: every tuning writer with data in 6–8)")
    parser.add_argument("--seed", type=int, default=20260101)
    args = parser.parse_args()
    out = Path(args.out)
    work = out / "recordings"
    work.mkdir(parents=True, exist_ok=True)
    chosen = up.choose_files(args.data, None, args.seed)
    tuning = [w for w in chosen if w not in up.HELD_OUT]
    if args.tuning_writers:
        tuning = [w for w in args.tuning_writers.split(",") if w in chosen]
    writers = ["lav", "sie"] + sorted(tuning)
    shared = {"data": args.data, "quill": args.quill, "limit": 200, "max_samples": 30000, "all": False,
              "work": str(work), "keep": False, "quill_args": [],
              "variants": {"kalman": ["--no-adaptive-prediction"]}, "on_measured": collect}
    results = []
    began = time.perf_counter()
    for w in writers:  # one at a time (--jobs 1)
        r = up.process_writer_unguarded((w, chosen[w], shared))
        for s in r["setups"]:
            s.pop("_speeds", None)
        results.append(r)
        print(f"{w} {r['split']} samples {sum(s['samples'] for s in r['setups']):,} mismatches {r['mismatches']}"
              f" errors {r['errors'][:2]} {time.perf_counter() - began:.0f} s", file=sys.stderr, flush=True)
    table = up.aggregate(results)
    summary = {"writers": {"held-out": ["lav", "sie"], "tuning": sorted(tuning)}, "horizons": {}}
    for h in up.HORIZONS:
        held, tun = gather("held-out", h), gather("tuning", h)
        cell = table[("held-out", "all rates")][f"{h:g}"]
        n = cell["predictions"]
        tool = {p: math.sqrt(cell[p] / n) for p in up.PREDICTORS}
        cv_pred = held["v"][:, 0, :]
        cv = rms(cv_pred, held["d"])
        row = {"predictions": int(len(held["m"])), "tool predictions": n, "tool CV": tool["constant velocity"],
               "tool quill": tool["quill"], "tool no prediction": tool["no prediction"],
               "CV": cv, "no prediction": rms(np.zeros_like(held["d"]), held["d"]),
               "quill": rms(held["quill"], held["d"]), "kalman only": rms(held["kalman"], held["d"]),
               "tuning predictions": int(len(tun["m"])), "tuning CV": rms(tun["v"][:, 0, :], tun["d"]),
               "tuning quill": rms(tun["quill"], tun["d"]), "tuning kalman only": rms(tun["kalman"], tun["d"]),
               "linear": {}}
        intervals = {}
        row["held-out setups"] = intervals
        np.savez_compressed(out / f"arrays-{h:g}.npz", **{f"{split}_{key}": (a.astype(np.float32) if a.dtype == np.float64 else a)
                                                         for split, part in (("held", held), ("tun", tun)) for key, a in part.items()})
        for k in KS:
            for joint in (False, True):
                label = f"k={k} {'joint' if joint else 'sep'}"
                oracle = rms(apply(fit(held, k, joint), held, k, joint), held["d"])
                honest = rms(apply(fit(tun, k, joint), held, k, joint), held["d"])
                tun_in = rms(apply(fit(tun, k, joint), tun, k, joint), tun["d"])
                # per-setup oracle: its own weights for each device setup (rate/resolution)
                per = np.zeros_like(held["d"])
                for name in np.unique(held["setup"]):
                    sel = held["setup"] == name
                    part = {key: held[key][sel] for key in ("v", "m", "d")}
                    per[sel] = apply(fit(part, k, joint), part, k, joint)
                # tuning-fitted per sampling interval: each held-out setup gets weights fitted on the
                # tuning setups whose median sample interval is within 15 % of its own
                same = np.zeros_like(held["d"])
                for name in np.unique(held["setup"]):
                    sel = held["setup"] == name
                    dt = held["interval"][sel][0]
                    near = np.abs(tun["interval"] / dt - 1) <= 0.15
                    if not near.any():  # none near: every tuning setup
                        near = np.ones(len(near), dtype=bool)
                    part = {key: held[key][sel] for key in ("v", "m", "d")}
                    same[sel] = apply(fit({key: tun[key][near] for key in ("v", "m", "d")}, k, joint), part, k, joint)
                    intervals.setdefault(name, {"interval ms": round(dt * 1000, 2), "tuning setups near": sorted(set(tun["setup"][near]))})
                row["linear"][label] = {"oracle in-sample": oracle, "oracle per setup": rms(per, held["d"]),
                                        "tuning-fitted": honest, "tuning-fitted same interval": rms(same, held["d"]),
                                        "tuning in-sample": tun_in}
        # extra: the oracle may also use Quill's own Kalman prediction as a feature (k=8 joint + Kalman)
        ext = {key: held[key] for key in ("m", "d")}
        ext["v"] = np.concatenate([held["v"][:, :8, :], (held["kalman"])[:, None, :]], axis=1)
        ext["m"] = np.where(held["m"] > 0, np.minimum(held["m"], 8), 0)
        # put the Kalman column first so that every history length sees it
        ext["v"] = np.concatenate([ext["v"][:, 8:9, :], ext["v"][:, :8, :]], axis=1)
        ext["m"] = np.where(held["m"] > 0, ext["m"] + 1, 0)
        row["oracle k=8 joint + Kalman prediction"] = rms(apply(fit(ext, 9, True), ext, 9, True), held["d"])
        summary["horizons"][f"{h:g}"] = row
        print(json.dumps({f"{h:g}": row}, indent=1), file=sys.stderr)
    (out / "bound.json").write_text(json.dumps(summary, indent=1))
    print(f"done in {time.perf_counter() - began:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
