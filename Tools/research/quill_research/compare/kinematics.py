"""How fast real handwriting moves: pen-tip speed and acceleration on UNIPEN's tuning writers.

What it is for: a bound on what a pen-tip predictor may extrapolate ("a hand reaches ≈ 1.5 m/s and
≈ 100 m/s²") needs figures measured on real writing that can be cited. This script gives them.

Data: UNIPEN train_r01_v07 (International Unipen Foundation, CC BY 4.0, doi:10.5281/zenodo.1195803;
fetch github:GreenCappuccino/train_r01_v07 and extract it so that DATA/data and DATA/include exist),
read with Tools/research/quill_research/common/unipen.py. Categories 6, 7 and 8 by default (words and free text: writing as
people write, not isolated characters). Only the TUNING writers are read: the held-out writers
(unipen_prediction.HELD_OUT: art gmd kai lav mot sie uqb val) are reserved for independent
measurement and are never opened here, so a bound taken from this table is not fitted on them.
Files are chosen and skipped exactly as Tools/research/quill_research/compare/unipen_prediction.py does (choose_files:
one file per distinct ink, seeded order; unusable: no rate or resolution, a rate outside
20…1000 Hz, pen lifts inside .PEN_DOWN).

Method, per pen-down stroke, at the file's own sampling rate and resolution (unipen.Recording.strokes:
t in s from the T column or sample index / .POINTS_PER_SECOND, x and y in mm):
  * samples whose time does not increase (t ≤ the previous kept sample's t) are dropped (counted);
  * light smoothing: positions filtered with the 3-tap binomial kernel [1, 2, 1] / 4 along the
    stroke (only samples whose whole kernel lies within the stroke), so that the sensor's
    quantization (one count is 0.01…0.1 mm) does not dominate second differences. At 100 Hz it
    lowers a 10 Hz component's amplitude by 10 % (cos²(π f Δt)), at 200 Hz by 2.4 %;
  * speed at sample i: |p(i+1) − p(i−1)| / (t(i+1) − t(i−1)) (central difference, real times);
  * acceleration at sample i: |v(i+½) − v(i−½)| / ((t(i+1) − t(i−1)) / 2), v(i+½) the step velocity
    (second divided difference on the real, possibly uneven, times);
  * a sample is not used when one of the steps its estimate spans is longer than --gap periods
    (default 2.5 × 1 / rate: a dropped sample or a pause of the digitizer would make a slower,
    smoothed figure) — counted;
  * the same without smoothing ("raw") is given for comparison.
Spatially resampled ink is left out of the "real timing" rows, the figures to cite: a writer whose
steps are (99.9 %) at most 1.5 sensor counts has points that are a chain of unit steps, so their
times say nothing about the hand (pcl). Writers named by --doubtful (default kar: a median speed
4 × the median writer's, single steps of 25–50 mm in 5 ms at its declared 205 Hz — a wrong rate,
decimated points or glitches) are pooled with and without. Everything is shown per writer.
Percentiles are over samples (pooled: writers with more samples weigh more; a 200 Hz writer gives
twice the samples per second of a 100 Hz one), and per writer; "spread" is the minimum / median /
maximum of the writers' own percentile. The largest values are listed with their file and time
so they can be looked at (a digitizer glitch is not a hand).

Usage: python3 -m quill_research.compare.kinematics --data /tmp/unipen-work [--categories 6,7,8]
       [--limit N] [--seed N] [--gap 2.5] [--doubtful kar] [--jobs 2] [--output /tmp/kinematics.md]
--limit: files per writer (default 0: all). Needs Python 3 and numpy. About 3 minutes (2 jobs).
"""
import argparse
import math
import time
from collections import Counter, defaultdict
from pathlib import Path

import numpy as np

from quill_research.common import unipen
from quill_research.compare import unipen_prediction as up

HERE = Path(__file__).resolve().parent

PERCENTILES = (50, 95, 99, 99.9, 99.99)
RESAMPLED_STEP = 1.5  # sensor counts: a writer whose steps are (99.9 %) at most this is spatially resampled ink


def stroke_kinematics(t, xy, period, gap, smooth):
    """(speeds mm/s, accelerations mm/s², index of the sample in the stroke) of one stroke; t
    strictly increasing (s), xy (n, 2) mm. With smooth, xy is first filtered with [1, 2, 1] / 4.
    An estimate is dropped when any original step it draws on is longer than gap × period."""
    reach = 2 if smooth else 1  # original samples each side an estimate draws on
    if len(t) < 2 * reach + 1:
        return np.empty(0), np.empty(0), np.empty(0, int)
    long_step = np.diff(t) > gap * period
    if smooth:
        xy = (xy[:-2] + 2 * xy[1:-1] + xy[2:]) / 4.0
        t = t[1:-1]
    dt = np.diff(t)
    v = np.diff(xy, axis=0) / dt[:, None]              # step velocities, between samples
    span = t[2:] - t[:-2]
    speed = np.hypot(*(xy[2:] - xy[:-2]).T) / span     # at the interior samples
    accel = np.hypot(*(v[1:] - v[:-1]).T) / (span / 2)
    index = np.arange(reach, reach + len(speed))       # the estimate's sample in the original stroke
    window = np.lib.stride_tricks.sliding_window_view(long_step, 2 * reach)
    ok = ~window.any(axis=1)
    return speed[ok], accel[ok], index[ok]


def read_writer(job):
    writer, files, data, gap = job
    out = {"writer": writer, "files": 0, "skipped": Counter(), "dropped": 0, "gap": 0, "samples": 0,
           "rates": Counter(), "ppmm": Counter(), "people": set(),
           "speed": [], "accel": [], "speed raw": [], "accel raw": [], "top": [], "steps": []}
    for path in files:
        try:
            rec = unipen.read(path, data)
        except (ValueError, RecursionError, MemoryError) as error:
            out["skipped"][f"parse error: {str(error).split(': ', 1)[-1][:60]}"] += 1
            continue
        reason = up.unusable(rec)
        if reason:
            out["skipped"][reason] += 1
            continue
        out["files"] += 1
        out["rates"][rec.rate] += 1
        out["ppmm"][round(rec.x_ppmm, 3)] += 1
        out["people"].add(rec.writer_id)
        period = 1.0 / rec.rate
        for k, stroke in enumerate(rec.strokes):
            kept = []
            for p in stroke:
                if kept and p[0] <= kept[-1][0]:
                    out["dropped"] += 1
                    continue
                kept.append(p)
            if len(kept) < 3:
                continue
            a = np.asarray(kept, float)
            t, xy = a[:, 0], a[:, 1:3]
            out["samples"] += len(t)
            steps = np.diff(t)
            out["gap"] += int(np.sum(steps > gap * period))
            out["steps"].append(np.hypot(*np.diff(xy, axis=0).T) * rec.x_ppmm)  # in sensor counts
            for smooth, ks, ka in ((True, "speed", "accel"), (False, "speed raw", "accel raw")):
                s, acc, idx = stroke_kinematics(t, xy, period, gap, smooth)
                out[ks].append(s)
                out[ka].append(acc)
                if smooth and len(acc):
                    j = int(np.argmax(acc))
                    i = int(idx[j])
                    jump = float(np.max(np.hypot(*np.diff(xy[max(0, i - 2):i + 3], axis=0).T)))
                    out["top"].append((float(acc[j]), float(s[j]), jump, Path(path).relative_to(Path(data)).as_posix(),
                                       k, float(t[i]), rec.rate, rec.x_ppmm))
    for key in ("speed", "accel", "speed raw", "accel raw"):
        out[key] = np.concatenate(out[key]) if out[key] else np.empty(0)
    out["top"] = sorted(out["top"], reverse=True)[:3]
    steps = np.concatenate(out["steps"]) if out["steps"] else np.zeros(1)
    moving = steps[steps > 0]
    out["steps"] = {q: float(np.percentile(moving, q)) if len(moving) else 0.0 for q in (50, 99, 99.9)}
    out["resampled"] = len(moving) > 0 and out["steps"][99.9] <= RESAMPLED_STEP
    out["people"] = len(out["people"])
    return out


def pct(values, q):
    return float(np.percentile(values, q)) if len(values) else float("nan")


def fmt(v, scale=1.0):
    return "–" if not math.isfinite(v) else f"{v / scale:,.0f}"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", required=True, help="extracted train_r01_v07 (with data/ and include/)")
    parser.add_argument("--categories", default="6,7,8")
    parser.add_argument("--limit", type=int, default=0, help="files per writer (0: all)")
    parser.add_argument("--seed", type=int, default=20260101)
    parser.add_argument("--gap", type=float, default=2.5, help="a step longer than GAP sample periods breaks the estimate")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--doubtful", default="kar", help="writers whose timing is doubtful: pooled with and without them")
    parser.add_argument("--output", default="/tmp/kinematics.md")
    args = parser.parse_args()
    began = time.perf_counter()
    categories = tuple(c.strip() for c in args.categories.split(",") if c.strip())
    up.CATEGORIES = categories  # choose_files reads the module's categories
    # Held-out writers are never opened: the writer list is filtered before any data file is read.
    by_writer = defaultdict(list)
    for path in unipen.iter_data_files(args.data, categories, None):
        writer = Path(path).relative_to(Path(args.data) / "data").parts[1]
        if writer not in up.HELD_OUT:
            by_writer[writer].append(path)
    tuning = sorted(by_writer)
    chosen = up.choose_files(args.data, set(tuning), args.seed)
    assert not set(chosen) & up.HELD_OUT
    jobs = [(w, (files[:args.limit] if args.limit else files), args.data, args.gap) for w, files in chosen.items()]
    from concurrent.futures import ProcessPoolExecutor
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        results = [r for r in pool.map(read_writer, sorted(jobs, key=lambda j: -len(j[1])))]
    results = sorted((r for r in results if len(r["speed"])), key=lambda r: r["writer"])
    seconds = time.perf_counter() - began

    real = [r for r in results if not r["resampled"]]
    resampled = [r["writer"] for r in results if r["resampled"]]
    # Writers named by --doubtful (default kar: a median speed 4 × the median writer's and single steps
    # of 25–50 mm within 5 ms — a wrong declared rate, decimated points or glitches) get their own rows.
    typical = float(np.median([np.median(r["speed"]) for r in real]))
    for r in results:
        r["doubtful"] = r["writer"] in args.doubtful.split(",")
    plausible = [r for r in real if not r["doubtful"]]
    doubtful = [r["writer"] for r in results if r["doubtful"]]
    heads = [f"p{q:g}" for q in PERCENTILES] + ["max"]
    lines = ["# Pen-tip speed and acceleration of real handwriting (UNIPEN tuning writers)", "",
             f"Data: UNIPEN train_r01_v07 (CC BY 4.0, doi:10.5281/zenodo.1195803), categories {', '.join(categories)};",
             f"the {len(results)} tuning writers with usable data (held-out writers {' '.join(sorted(up.HELD_OUT))} never read);",
             f"{sum(r['files'] for r in results):,} files, {sum(r['people'] for r in results)} people (distinct .WRITER_IDs per writer, summed), "
             f"{sum(r['samples'] for r in results):,} pen-down samples; files per writer: {'all' if not args.limit else args.limit} (seed {args.seed}).",
             "Method: each file at its own rate and resolution; samples whose time does not increase dropped "
             f"({sum(r['dropped'] for r in results):,}); positions smoothed with [1, 2, 1]/4; speed = central difference,",
             "acceleration = second divided difference on the real times; no estimate across a step longer than "
             f"{args.gap:g} sample periods ({sum(r['gap'] for r in results):,} such steps). Raw = the same without smoothing.",
             f"Spatially resampled ink (99.9 % of a writer's steps ≤ {RESAMPLED_STEP:g} sensor counts, so its times are not the hand's): "
             f"{', '.join(resampled) or 'none'} — left out of the \"real timing\" rows.",
             f"Doubtful timing (--doubtful): {', '.join(doubtful) or 'none'} (median speed "
             + ", ".join(f"{np.median(r['speed']):.0f}" for r in results if r["doubtful"])
             + f" mm/s, the median writer's {typical:.0f} mm/s) — shown with and without.",
             f"Run: {seconds:.0f} s.", "",
             "## Pooled over all samples", "",
             "| writers | quantity | estimates | " + " | ".join(heads) + " |", "|---|---|---|" + "---|" * len(heads)]
    summary = {}
    for population, rs in (("real timing", real), ("real timing without doubtful", plausible), ("all", results)):
        pooled = {k: np.concatenate([r[k] for r in rs]) for k in ("speed", "accel", "speed raw", "accel raw")}
        summary[population] = pooled
        for key, label in (("speed", "speed, smoothed (mm/s)"), ("speed raw", "speed, raw (mm/s)"),
                           ("accel", "acceleration, smoothed (mm/s²)"), ("accel raw", "acceleration, raw (mm/s²)")):
            values = pooled[key]
            lines.append(f"| {population} ({len(rs)}) | {label} | {len(values):,} | " + " | ".join(fmt(pct(values, q)) for q in PERCENTILES)
                         + f" | {fmt(values.max())} |")
    pooled = summary["real timing"]
    lines += ["", "Real timing (all but resampled ink), smoothed, in SI units: speed p99 / p99.9 / p99.99 / max = "
              + " / ".join(f"{pct(pooled['speed'], q) / 1000:.2f}" for q in (99, 99.9, 99.99)) + f" / {pooled['speed'].max() / 1000:.2f} m/s; "
              "acceleration = " + " / ".join(f"{pct(pooled['accel'], q) / 1000:.1f}" for q in (99, 99.9, 99.99))
              + f" / {pooled['accel'].max() / 1000:.0f} m/s² (the maxima are digitizer glitches: see the list at the end).", ""]

    groups = defaultdict(list)
    for r in real:
        groups[up.rate_group(r["rates"].most_common(1)[0][0])].append(r)
    lines += ["## By sampling rate (real timing, smoothed)", "",
              "| rate | writers | estimates | speed p99 | p99.9 | p99.99 | max | accel p99 | p99.9 | p99.99 | max |",
              "|---|---|---|---|---|---|---|---|---|---|---|"]
    for group, rs in sorted(groups.items(), key=lambda kv: float(kv[0].split("–")[0].split(" ")[0])):
        sp = np.concatenate([r["speed"] for r in rs])
        ac = np.concatenate([r["accel"] for r in rs])
        lines.append(f"| {group} | {len(rs)} | {len(sp):,} | " + " | ".join(fmt(pct(sp, q)) for q in (99, 99.9, 99.99)) + f" | {fmt(sp.max())} | "
                     + " | ".join(fmt(pct(ac, q)) for q in (99, 99.9, 99.99)) + f" | {fmt(ac.max())} |")

    lines += ["", f"## Spread across writers (real timing, {len(real)} writers, smoothed; each writer's own percentile: "
              "min / median / max over writers)", "",
              "| quantity | p99 | p99.9 | p99.99 | max |", "|---|---|---|---|---|"]
    for key, label in (("speed", "speed (mm/s)"), ("accel", "acceleration (mm/s²)")):
        cells = []
        for q in (99, 99.9, 99.99, 100):
            per = np.array([pct(r[key], q) for r in real])
            cells.append(f"{fmt(per.min())} / {fmt(np.median(per))} / {fmt(per.max())}")
        lines.append(f"| {label} | " + " | ".join(cells) + " |")

    lines += ["", "## Per writer (smoothed)", "",
              "One count / Δt²: the acceleration one sensor count of error makes over one sample period (unsmoothed).", "",
              "| writer | people | files | rate (Hz) | points/mm | step p50 / p99.9 (counts) | estimates | speed p50 | p99 | p99.9 | max "
              "| accel p99 | p99.9 | max | 1 count / Δt² (mm/s²) |",
              "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in results:
        rate = r["rates"].most_common(1)[0][0]
        ppmm = r["ppmm"].most_common(1)[0][0]
        rates = "/".join(f"{x:g}" for x in sorted(r["rates"]))
        ppmms = "/".join(f"{x:.3g}" for x in sorted(r["ppmm"]))
        floor = (1.0 / ppmm) * rate * rate
        flag = " (resampled)" if r["resampled"] else " (doubtful timing)" if r["doubtful"] else ""
        lines.append(f"| {r['writer']}{flag} | {r['people']} | {r['files']} | {rates} | {ppmms} | {r['steps'][50]:.1f} / {r['steps'][99.9]:.1f} | "
                     f"{len(r['speed']):,} | " + " | ".join(fmt(pct(r["speed"], q)) for q in (50, 99, 99.9)) + f" | {fmt(r['speed'].max())} | "
                     + " | ".join(fmt(pct(r["accel"], q)) for q in (99, 99.9)) + f" | {fmt(r['accel'].max())} | {fmt(floor)} |")
    top = sorted((t + (r["writer"],) for r in results for t in r["top"]), reverse=True)[:8]
    lines += ["", "Largest smoothed accelerations (file, stroke index, time in the file; jump = the longest single step the estimate draws on):", ""]
    lines += [f"- {a:,.0f} mm/s² at {sp:,.0f} mm/s, jump {jump:.1f} mm: {w}, {p}, stroke {k}, t = {t:.3f} s, {rate:g} Hz, {ppmm:.3g} points/mm"
              for a, sp, jump, p, k, t, rate, ppmm, w in top]
    skipped = Counter()
    for r in results:
        skipped.update(r["skipped"])
    if skipped:
        lines += ["", "Files skipped: " + "; ".join(f"{k} × {v}" for k, v in sorted(skipped.items())) + "."]
    lines += ["", f"Command: python3 -m quill_research.compare.kinematics --data {args.data} --categories {','.join(categories)}"
              + (f" --limit {args.limit}" if args.limit else "") + f" --seed {args.seed} --gap {args.gap:g} --doubtful {args.doubtful}", ""]
    text = "\n".join(lines)
    Path(args.output).write_text(text)
    print(text)


if __name__ == "__main__":
    main()
