#!/usr/bin/env python3
"""Quill's smoothing and prediction against their peers, on the same inputs, in one run.

Usage: Tools/compare/run [--quill PATH] [--output DIR]

Peers (run on the very samples `quill samples` gives):
  raw            no smoothing
  1€ per axis    PyPI OneEuroFilter (x and y filtered apart), mincutoff 1.0 Hz, beta 0.05, dcutoff 1.0 Hz
  streamline     PyPI perfect-freehand get_stroke_points(streamline=0.5): each point moves 57.5 % toward the input
  spring         pen tip pulled by a damped spring (ω = 2π·8 Hz, critically damped): the classic ink-lag model
  window         mean of the last 40 ms of samples, recomputed as samples arrive (moves displayed points)
  quill          `quill strokes --emit smoothed` (and `--emit predicted` for prediction)
Prediction peers: none (the displayed point) and constant velocity from the last two samples.
"""
import argparse
import json
import math
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
TIME_SHIFT = 0.05  # the generator's recordings start 50 ms before the first contact sample


def ensure_venv():
    """Re-runs inside Tools/compare/.venv with perfect-freehand and OneEuroFilter installed."""
    venv = HERE / ".venv"
    python = venv / "bin" / "python"
    if Path(sys.prefix).resolve() == venv.resolve():
        return
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "-q", "perfect-freehand==1.2.0", "OneEuroFilter==0.2.1", "numpy"], check=True)
    sys.exit(subprocess.call([str(python), __file__, *sys.argv[1:]]))


def jsonl(command):
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    return [json.loads(line) for line in out.splitlines() if line.strip()]


# ---------------------------------------------------------------- peers

def peer_raw(samples):
    return [(s["x_mm"], s["y_mm"]) for s in samples]


def peer_one_euro(samples):
    from OneEuroFilter import OneEuroFilter
    fx = OneEuroFilter(freq=200, mincutoff=1.0, beta=0.05, dcutoff=1.0)
    fy = OneEuroFilter(freq=200, mincutoff=1.0, beta=0.05, dcutoff=1.0)
    out, last = [], None
    for s in samples:
        t = s["t"] if last is None or s["t"] > last else last + 1e-4
        last = t
        out.append((fx(s["x_mm"], t), fy(s["y_mm"], t)))
    return out


def peer_streamline(samples):
    from perfect_freehand import get_stroke_points
    pts = [(s["x_mm"], s["y_mm"], s["pressure"]) for s in samples]
    out = []
    for i in range(1, len(pts) + 1):
        # size=0: no minimum length before the line starts, so every sample has a displayed tip.
        out.append(tuple(get_stroke_points(pts[:i], size=0.0, streamline=0.5)[-1]["point"]))
    return out


def peer_spring(samples, frequency=8.0):
    omega = 2 * math.pi * frequency
    x, v, out, last = None, (0.0, 0.0), [], None
    for s in samples:
        p = (s["x_mm"], s["y_mm"])
        if x is None:
            x, last = p, s["t"]
        else:
            dt = max(s["t"] - last, 1e-4)
            last = s["t"]
            for _ in range(4):  # semi-implicit Euler substeps
                h = dt / 4
                a = (omega * omega * (p[0] - x[0]) - 2 * omega * v[0], omega * omega * (p[1] - x[1]) - 2 * omega * v[1])
                v = (v[0] + a[0] * h, v[1] + a[1] * h)
                x = (x[0] + v[0] * h, x[1] + v[1] * h)
        out.append(x)
    return out


def peer_window(samples, width=0.04):
    """Returns (displayed tips, final positions of every point): the window moves points already shown."""
    tips, finals = [], []
    for i, s in enumerate(samples):
        window = [q for q in samples[: i + 1] if q["t"] >= s["t"] - width]
        tips.append((sum(q["x_mm"] for q in window) / len(window), sum(q["y_mm"] for q in window) / len(window)))
    for i, s in enumerate(samples):  # once the stroke is done each point is re-smoothed centred on itself
        window = [q for q in samples if abs(q["t"] - s["t"]) <= width / 2]
        finals.append((sum(q["x_mm"] for q in window) / len(window), sum(q["y_mm"] for q in window) / len(window)))
    return tips, finals


# ---------------------------------------------------------------- measures

def truth_at(case, t):
    truth = case["truth"]
    index = min(max(int(round(t * 2000)), 0), len(truth) - 1)
    return truth[index][1], truth[index][2]


def lag_ms(case, times, points):
    """The time shift (ms) that best aligns the output with the truth."""
    best = (float("inf"), 0.0)
    for shift in range(-30, 121):
        error = sum(math.dist(p, truth_at(case, t - shift / 1000)) ** 2 for t, p in zip(times, points))
        best = min(best, (error, shift))
    return best[1]


def path_deviation(case, points):
    """RMS distance to the nearest point of the true path (shape error, lag excluded)."""
    truth = [(x, y) for _, x, y in case["truth"][::4]]
    return math.sqrt(sum(min(math.dist(p, q) for q in truth) ** 2 for p in points) / len(points))


def corner_cut(case, points):
    return max(min(math.dist(p, c) for p in points) for c in case["corners"][1:-1])


def overshoot(case, times, points):
    """How far the display goes past a corner the pen stops at, along the incoming direction."""
    worst = 0.0
    corners = case["corners"]
    for a, b in zip(corners, corners[1:]):
        length = math.dist(a, b)
        direction = ((b[0] - a[0]) / length, (b[1] - a[1]) / length)
        for p in points:
            along = (p[0] - b[0]) * direction[0] + (p[1] - b[1]) * direction[1]
            across = abs((p[0] - b[0]) * direction[1] - (p[1] - b[1]) * direction[0])
            if across < 2.0:
                worst = max(worst, along)
    return worst


def rest_jitter(points):
    settled = points[len(points) // 5:]
    mx = sum(p[0] for p in settled) / len(settled)
    my = sum(p[1] for p in settled) / len(settled)
    return math.sqrt(sum((p[0] - mx) ** 2 + (p[1] - my) ** 2 for p in settled) / len(settled))


def prediction_measures(case, times, predicted, horizon):
    errors = [math.dist(p, truth_at(case, t + horizon)) for t, p in zip(times, predicted)]
    steps = [math.dist(a, b) for a, b in zip(predicted, predicted[1:])]
    mean_step = sum(steps) / max(len(steps), 1)
    jitter = math.sqrt(sum((s - mean_step) ** 2 for s in steps) / max(len(steps), 1))
    end = truth_at(case, case["duration"])
    before = truth_at(case, case["duration"] - 0.02)
    length = math.dist(end, before) or 1.0
    direction = ((end[0] - before[0]) / length, (end[1] - before[1]) / length)
    over = max(0.0, max((p[0] - end[0]) * direction[0] + (p[1] - end[1]) * direction[1] for p in predicted[-10:]))
    return sum(errors) / len(errors), jitter, over


# ---------------------------------------------------------------- main

def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quill", default=str(ROOT / ".build" / "release" / "quill"))
    parser.add_argument("--output", default=str(ROOT / "out" / "compare"))
    args = parser.parse_args()
    sys.path.insert(0, str(HERE))
    import generate

    out = Path(args.output)
    cases = generate.generate(out / "synthetic")
    methods = ["raw", "1€ per axis", "streamline", "spring", "window", "quill"]
    rows = {m: {} for m in methods}
    throughput = {m: [0, 0.0] for m in methods}
    per_case = []
    for case in cases:
        samples = [s for s in jsonl([args.quill, "samples", case["file"]]) if s["phase"] in ("began", "moved", "ended")]
        times = [s["t"] - TIME_SHIFT for s in samples]
        outputs = {}
        for name, function in [("raw", peer_raw), ("1€ per axis", peer_one_euro), ("streamline", peer_streamline), ("spring", peer_spring)]:
            began = time.perf_counter()
            outputs[name] = function(samples)
            throughput[name][0] += len(samples)
            throughput[name][1] += time.perf_counter() - began
        began = time.perf_counter()
        window_tips, window_finals = peer_window(samples)
        throughput["window"][0] += len(samples)
        throughput["window"][1] += time.perf_counter() - began
        outputs["window"] = window_tips
        began = time.perf_counter()
        smoothed = jsonl([args.quill, "strokes", case["file"], "--emit", "smoothed"])
        throughput["quill"][0] += len(samples)
        throughput["quill"][1] += time.perf_counter() - began
        outputs["quill"] = [(s["x_mm"], s["y_mm"]) for s in smoothed]
        later = {m: 0.0 for m in methods}
        later["window"] = max(math.dist(a, b) for a, b in zip(window_tips, window_finals))
        result = {"case": f'{case["name"]} @{case["rate"]} Hz'}
        for m in methods:
            points = outputs[m]
            if len(points) != len(times):
                continue
            measures = {"later movement (mm)": later[m]}
            if case["name"] == "rest":
                measures["jitter at rest (mm RMS)"] = rest_jitter(points)
            else:
                measures[f'lag {case["name"]} (ms)'] = lag_ms(case, times, points)
            if case["name"] in ("circle", "loops"):
                measures[f'deviation {case["name"]} (mm RMS)'] = path_deviation(case, points)
            if case["name"].startswith("zigzag"):
                measures[f'corner cut {case["name"]} (mm)'] = corner_cut(case, points)
            if case["name"] == "zigzag-stops":
                measures["overshoot at stops (mm)"] = overshoot(case, times, points)
            for key, value in measures.items():
                rows[m].setdefault(key, []).append(value)
            result[m] = measures
        # Prediction.
        for horizon in (0.0083, 0.0167, 0.0333):
            predicted_quill = [(p["x_mm"], p["y_mm"]) for p in jsonl([args.quill, "strokes", case["file"], "--emit", "predicted", "--horizon", str(horizon)])]
            none = outputs["quill"]
            raw = outputs["raw"]
            constant = [raw[0]] + [
                (b[0] + (b[0] - a[0]) / max(tb - ta, 1e-4) * horizon, b[1] + (b[1] - a[1]) / max(tb - ta, 1e-4) * horizon)
                for (a, b, ta, tb) in zip(raw, raw[1:], times, times[1:])]
            for name, predicted in [("quill", predicted_quill), ("no prediction", none), ("constant velocity", constant)]:
                if len(predicted) != len(times) or case["name"] == "rest":
                    continue
                error, jitter, over = prediction_measures(case, times, predicted, horizon)
                key = f"{horizon * 1000:.1f} ms"
                rows.setdefault("prediction " + name, {}).setdefault(f"error {key} (mm)", []).append(error)
                rows["prediction " + name].setdefault(f"frame jitter {key} (mm)", []).append(jitter)
                rows["prediction " + name].setdefault(f"end overshoot {key} (mm)", []).append(over)
        per_case.append(result)

    # Real recordings: jitter and throughput only (no ground truth).
    lines = ["# Smoothing and prediction: Quill against its peers", "",
             f"Inputs: {len(cases)} synthetic strokes (7 shapes × 133/200/240 Hz, noise σ 0.06 mm, 200 units/mm, ±0.8 ms timing jitter, 2 % dropped samples).",
             "Each cell is the mean over the sampling rates; lower is better everywhere (lag: closest to 0).", ""]
    measures = sorted({k for m in methods for k in rows[m]})
    lines.append("| measure | " + " | ".join(methods) + " |")
    lines.append("|---|" + "---|" * len(methods))
    for key in measures:
        cells = []
        for m in methods:
            values = rows[m].get(key)
            cells.append(f"{sum(values) / len(values):.3f}" if values else "–")
        lines.append(f"| {key} | " + " | ".join(cells) + " |")
    lines += ["", "| prediction | " + " | ".join(["quill", "no prediction", "constant velocity"]) + " |", "|---|---|---|---|"]
    keys = sorted({k for name in ("quill", "no prediction", "constant velocity") for k in rows.get("prediction " + name, {})})
    for key in keys:
        cells = []
        for name in ("quill", "no prediction", "constant velocity"):
            values = rows.get("prediction " + name, {}).get(key)
            cells.append(f"{sum(values) / len(values):.3f}" if values else "–")
        lines.append(f"| {key} | " + " | ".join(cells) + " |")
    lines += ["", "| throughput (samples/s) | " + " | ".join(methods) + " |", "|---|" + "---|" * len(methods)]
    lines.append("| | " + " | ".join(f"{n / s:,.0f}" if s > 0 else "–" for n, s in (throughput[m] for m in methods)) + " |")
    lines += ["", "Quill's throughput here is end to end through the `quill` executable (process start, file reading, JSON output);",
              "the engine's own per-sample cost is in the benchmarks (≈ 2–3 µs per sample)."]
    text = "\n".join(lines) + "\n"
    out.mkdir(parents=True, exist_ok=True)
    (out / "results.md").write_text(text)
    (out / "results.json").write_text(json.dumps({"rows": rows, "cases": per_case}, indent=1))
    print(text)


if __name__ == "__main__":
    ensure_venv()
    main()
