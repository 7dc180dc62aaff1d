"""Quill's pen-tip prediction on real handwriting: UNIPEN train_r01_v07, categories 6–8.

Data: "Unipen data set of on-line (vectorial) handwriting - train_r01_v07 (December 1999)",
International Unipen Foundation, CC BY 4.0, https://doi.org/10.5281/zenodo.1195803, read with
Tools/research/quill_research/common/unipen.py from an extracted copy (data/ and include/).
Categories (CDROM-README): 6 isolated cursive or mixed-style words, 7 isolated words of any
style, 8 free text of at least two words. "Writer" here is the contributor (data/<cat>/<writer>/),
as the project's held-out list names them; each contributor holds one or many people.

For every writer: up to --limit data files (seeded shuffle; a pen-data file that categories 6
and 7 both include is used once) and up to --max-samples pen-down samples; all its pen-down
strokes of ≥ 2 samples go one after another into ONE evemu recording per device setup (rate and
resolution), each stroke in and out of proximity with 50 ms out of proximity between strokes, as
generate.hour() writes them (Intuos-Pro-like header, constant pressure 3000). The header's
resolution is the writer's own points per mm when that is an integer (raw coordinates written
as they are), else 100 units/mm (millimetres × 100, rounded); coordinates are offset to ≥ 0 per
data file; y is downwards (UNIPEN's Y is up: flipped). Samples whose time does not increase are
dropped (counted).

Then `quill samples` (the samples as Quill reads them: phases began/moved/ended) and
`quill strokes --emit predicted --horizon H` for each horizon. Each prediction made at sample
time t is compared with the true pen position at t + H: the stroke's samples (began/moved, as
Quill read them) linearly interpolated in time; only predictions whose t + H is not after the
stroke's last sample count. Predictors: quill; constant velocity from the last two samples
(x_n + (x_n − x_{n−1}) / (t_n − t_{n−1}) · H; at a stroke's first sample the sample itself); no
prediction (the last sample). RMS over all counted predictions of a group.

Files are skipped (with the reason counted) without a rate or resolution, with an implausible rate
(outside 20…1000 Hz: kai's 9600 is a baud rate, art's 10 Hz contradicts its dense points), with
pen-down points at pressure ≤ 0 (atu: the pen lifts inside a .PEN_DOWN), or if they fail to parse.

Usage: python3 -m quill_research.compare.unipen_prediction --data /tmp/unipen-work [--quill PATH]
       [--limit 200] [--max-samples 30000] [--all] [--seed N] [--jobs 2] [--output DIR]
       [--tuning-run [--quill-arg ARG]...]
Writes OUTPUT/unipen-prediction.md and .json (a --tuning-run: unipen-prediction-tuning.*).
--tuning-run evaluates tuning writers only (held-out never touched); only then may --quill-arg
pass extra options to `quill strokes` (Quill has no predictor options today: only --horizon and the
general canvas/mapping/calibration/pressure-curve ones).
"""
import argparse
import bisect
import json
import math
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from quill_research.common import evemu, unipen
from quill_research.common.paths import REPOSITORY as ROOT
from quill_research.common.reserved import RESERVED_WRITERS as HELD_OUT

HERE = Path(__file__).resolve().parent
CATEGORIES = ("6", "7", "8")
HORIZONS = (0.010, 0.0167)
PREDICTORS = ("quill", "constant velocity", "no prediction")
PRESSURE = 3000
RATE_RANGE = (20.0, 1000.0)
CHUNK = 250_000  # with --all, samples per recording (a writer's setup may need several)


def rate_group(rate):
    return "60–70 Hz" if rate < 75 else "80–140 Hz" if rate <= 150 else "200–205 Hz" if rate <= 210 else f"{rate:g} Hz"


# ---------------------------------------------------------------- choosing files

def choose_files(data_root, writers, seed):
    """writer → its data files of categories 6–8, one per distinct ink, in a seeded random order."""
    chosen = {}
    by_writer = defaultdict(list)
    for path in unipen.iter_data_files(data_root, CATEGORIES, writers):
        by_writer[Path(path).relative_to(Path(data_root) / "data").parts[1]].append(path)
    for writer, paths in sorted(by_writer.items()):
        seen, unique = set(), []
        for path in paths:  # sorted: category 6 first
            key = unipen.include_key(path)
            if key not in seen:
                seen.add(key)
                unique.append(path)
        random.Random(f"{seed}:{writer}").shuffle(unique)
        chosen[writer] = unique
    return chosen


def orientation(rec, slant, dots):
    """Evidence for the file's Y direction, added to slant = [Σ dx·dy, Σ |dx·dy|] (forward-slanted
    writing gives > 0 when Y is up) and dots = [above, below]: small strokes (< 0.8 mm: i and j dots,
    t bars) after a stroke of > 3 mm, with larger / smaller file Y than all of it (Y up: above)."""
    previous = None
    for s in rec.raw_strokes:
        if all(x == 0 and y == 0 for x, y in s):
            continue  # placeholder components
        for (x0, y0), (x1, y1) in zip(s, s[1:]):
            slant[0] += (x1 - x0) * (y1 - y0)
            slant[1] += abs((x1 - x0) * (y1 - y0))
        xs, ys = [p[0] for p in s], [p[1] for p in s]
        extent = max(max(xs) - min(xs), max(ys) - min(ys)) / rec.y_ppmm
        if extent < 0.8 and previous is not None and previous[2] > 3.0:
            centre = sum(ys) / len(ys)
            dots[0] += centre > previous[1]
            dots[1] += centre < previous[0]
        if extent >= 0.8:
            previous = (min(ys), max(ys), (max(ys) - min(ys)) / rec.y_ppmm)


def unusable(rec):
    """Why a recording cannot be used, or None."""
    if rec.rate is None:
        return "no rate (.POINTS_PER_SECOND)"
    if rec.x_ppmm is None or rec.y_ppmm is None:
        return "no resolution"
    if rec.rate is not None and not RATE_RANGE[0] <= rec.rate <= RATE_RANGE[1]:
        return f"implausible rate {rec.rate:g} Hz"
    if any("P <= 0" in note for note in rec.notes):
        return "pen lifts inside .PEN_DOWN (P <= 0)"
    if not any(len(s) >= 2 for s in rec.strokes):
        return "no stroke of 2 samples"
    return None


# ---------------------------------------------------------------- converting and writing

def integral(value):
    return abs(value - round(value)) < 1e-9


def convert(rec, stats):
    """(setup key, units per mm, strokes [[(t s, x units, y units, x_mm ref, y_mm ref)]]) with
    coordinates ≥ 0; x_mm/y_mm ref: the UNIPEN point in mm with the same offset (validation)."""
    sign = -1.0 if rec.y_up else 1.0
    raw_ok = (integral(rec.x_ppmm) and integral(rec.y_ppmm) and round(rec.x_ppmm) == round(rec.y_ppmm)
              and all(integral(x) and integral(y) for s in rec.raw_strokes for x, y in s))
    units = int(round(rec.x_ppmm)) if raw_ok else 100
    strokes = []
    for raw, mm in zip(rec.raw_strokes, rec.strokes):
        if len(raw) < 2:
            stats["single-sample strokes"] += 1
            if all(x == 0 and y == 0 for x, y in raw):
                stats["single-sample strokes at (0, 0) (placeholders)"] += 1
            continue
        points = []
        for (x, y), (t, xm, ym) in zip(raw, mm):
            if points and t <= points[-1][0]:
                stats["samples dropped: time not increasing"] += 1
                continue
            if raw_ok:
                points.append((t, int(x), int(sign * y), xm, ym))
            else:
                points.append((t, int(round(xm * units)), int(round(ym * units)), xm, ym))
        for a, b in zip(points, points[1:]):
            if a[1] == b[1] and a[2] == b[2]:
                stats["repeated positions (consecutive samples; no event reaches Quill)"] += 1
        if len(points) >= 2:
            strokes.append(points)
    if not strokes:
        return None
    margin = 2 * units
    min_x = min(p[1] for s in strokes for p in s)
    min_y = min(p[2] for s in strokes for p in s)
    out = [[(t, x - min_x + margin, y - min_y + margin, xm - min_x / units + margin / units, ym - min_y / units + margin / units)
            for t, x, y, xm, ym in s] for s in strokes]
    key = (rec.rate, round(rec.x_ppmm, 6), round(rec.y_ppmm, 6), units)
    return key, units, out


def write_evemu(path, name, units, strokes, area=None):
    """One recording: every stroke in and out of proximity, 50 ms out of proximity between them.
    strokes: [[(t s, x, y in units, …)]], times increasing. area: the tablet's (width, height) in
    units (default: the points' reach plus 2 mm). Returns the strokes' sample times as written (µs
    from the file's first event)."""
    width, height = area or (max(p[1] for s in strokes for p in s) + 2 * units, max(p[2] for s in strokes for p in s) + 2 * units)
    written = []
    with open(path, "w") as out:
        writer = evemu.EvemuWriter(out, evemu.header(width, height, units, name=f"UNIPEN {name}"))

        def event(us, type_, code, value):
            writer.event_us(us + 1_000_000, type_, code, value)

        cursor = 50_000  # µs: the first stroke's first sample; proximity 50 ms before
        for stroke in strokes:
            t0 = stroke[0][0]
            times = [cursor + int(round((p[0] - t0) * 1e6)) for p in stroke]
            enter = times[0] - 50_000
            event(enter, 3, 0, stroke[0][1]); event(enter, 3, 1, stroke[0][2]); event(enter, 3, 0x19, 20)
            event(enter, 1, 0x140, 1); event(enter, 0, 0, 0)
            for i, (us, p) in enumerate(zip(times, stroke)):
                event(us, 3, 0, p[1]); event(us, 3, 1, p[2])
                if i == 0:
                    event(us, 3, 0x19, 0); event(us, 1, 0x14a, 1)
                event(us, 3, 0x18, PRESSURE)
                event(us, 0, 0, 0)
            end = times[-1] + 4_000
            event(end, 3, 0x18, 0); event(end, 1, 0x14a, 0); event(end, 0, 0, 0)
            event(end + 4_000, 3, 0, 0); event(end + 4_000, 3, 1, 0); event(end + 4_000, 1, 0x140, 0); event(end + 4_000, 0, 0, 0)
            written.append(times)
            cursor = end + 4_000 + 50_000 + 50_000
    return written


# ---------------------------------------------------------------- running Quill and measuring

def jsonl(command):
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(command[:3])} … failed: {result.stderr.strip()[:300]}")
    return [json.loads(line) for line in result.stdout.splitlines() if line.strip()]


def quill_strokes(samples):
    """Quill's contact samples grouped by stroke: [[(t, x_mm, y_mm)]] (began + moved; ended apart)."""
    strokes, current = [], None
    for s in samples:
        phase = s.get("phase")
        if phase == "began":
            current = [(s["t"], s["x_mm"], s["y_mm"])]
        elif phase == "moved" and current is not None:
            current.append((s["t"], s["x_mm"], s["y_mm"]))
        elif phase in ("ended", "cancelled") and current is not None:
            strokes.append(current)
            current = None
    return strokes


def truth(stroke, times, t):
    j = bisect.bisect_right(times, t) - 1
    if j >= len(stroke) - 1:
        return stroke[-1][1], stroke[-1][2]
    a, b = stroke[j], stroke[j + 1]
    u = (t - a[0]) / (b[0] - a[0])
    return a[1] + (b[1] - a[1]) * u, a[2] + (b[2] - a[2]) * u


def measure(stroke, recorded, predicted, horizon):
    """{predictor: (sum of squared errors, count)} for one stroke: `stroke` the samples as Quill read
    them (t, x_mm, y_mm), `recorded` every recorded sample (Quill's time base), `predicted` Quill's."""
    times = [p[0] for p in recorded]
    last = times[-1]
    sums = {p: [0.0, 0] for p in PREDICTORS}
    for i, (t, x, y) in enumerate(stroke):
        target = t + horizon
        if target > last + 1e-9:
            break
        tx, ty = truth(recorded, times, target)
        if i == 0:
            cv = (x, y)
        else:
            tp, xp, yp = stroke[i - 1]
            cv = (x + (x - xp) / (t - tp) * horizon, y + (y - yp) / (t - tp) * horizon)
        for name, (px, py) in (("quill", predicted[i]), ("constant velocity", cv), ("no prediction", (x, y))):
            sums[name][0] += (px - tx) ** 2 + (py - ty) ** 2
            sums[name][1] += 1
    return sums


def process_writer(job):
    """process_writer_unguarded, with an unexpected failure reported as the writer's error."""
    try:
        return process_writer_unguarded(job)
    except Exception as error:  # noqa: BLE001 — one writer's failure must not end the run
        writer = job[0]
        return {"writer": writer, "split": "held-out" if writer in HELD_OUT else "tuning", "files": 0, "people": 0,
                "skipped": {}, "notes": {}, "stats": {}, "slant": None, "setups": [], "mismatches": 0,
                "errors": [f"{type(error).__name__}: {error}"], "seconds": 0.0}


def run_chunk(args, name, file, units, strokes, setup, result):
    """Writes one recording of `strokes`, runs Quill on it, validates and adds the errors to `setup`.

    For studies built on this comparison (Tools/research/quill_research/compare/prediction_bound.py): `args["variants"]`
    (optional) names more `quill strokes` option lists whose predictions are read too, and
    `args["on_measured"]` (optional) is called per recording and horizon with (name, result,
    horizon, read_back, measured): `measured` holds, for every stroke that was scored, (stroke as
    Quill read it, the recorded samples, Quill's prediction rows, {variant: its rows})."""
    written = write_evemu(file, name, units, strokes)
    variants = args.get("variants", {})
    try:
        read_back = quill_strokes(jsonl([args["quill"], "samples", str(file)]))

        def predictions(horizon, extra):
            rows = jsonl([args["quill"], "strokes", str(file), "--emit", "predicted", "--horizon", str(horizon), *extra])
            by_stroke = defaultdict(list)
            for r in rows:
                by_stroke[r["stroke"]].append(r)
            return [by_stroke[k] for k in sorted(by_stroke)]

        predicted = {horizon: predictions(horizon, args["quill_args"]) for horizon in HORIZONS}
        varied = {v: {horizon: predictions(horizon, extra) for horizon in HORIZONS} for v, extra in variants.items()}
    except (RuntimeError, ValueError, KeyError) as error:
        result["errors"].append(f"{name}: {error}")
        return
    finally:
        if not args["keep"]:
            file.unlink(missing_ok=True)
    setup["strokes"] += len(strokes)
    setup["samples"] += sum(len(s) for s in strokes)
    # Validation: Quill's samples against the UNIPEN points converted (count; position within one
    # unit; time). A sample that repeats the previous position changes no axis, so no event
    # reaches Quill (as the kernel filters unchanged values): those are expected to be missing.
    mismatch = abs(len(read_back) - len(strokes))
    origin = read_back[0][0][0] - written[0][0] / 1e6 if read_back else 0.0
    recorded = []  # every recorded sample in Quill's time base and units
    for ours, times in zip(strokes, written):
        recorded.append([(origin + us / 1e6, p[1] / units, p[2] / units) for p, us in zip(ours, times)])
    good = []
    for ours, times, theirs in zip(strokes, written, read_back):
        expected = [(p, us) for i, (p, us) in enumerate(zip(ours, times)) if i == 0 or p[1:3] != ours[i - 1][1:3]]
        ok = len(expected) == len(theirs) and all(
            abs(qx - p[3]) <= 1.0 / units and abs(qy - p[4]) <= 1.0 / units and abs(qt - origin - us / 1e6) <= 2e-6
            for (p, us), (qt, qx, qy) in zip(expected, theirs))
        mismatch += not ok
        good.append(ok)
    result["mismatches"] += mismatch
    setup["mismatched strokes"] += mismatch
    speeds = [math.dist(a[1:], b[1:]) / (b[0] - a[0]) for q in read_back for a, b in zip(q, q[1:]) if b[0] > a[0]]
    setup["_speeds"].extend(speeds[::max(1, len(speeds) // 50000)])
    for horizon in HORIZONS:
        total = setup["measures"].setdefault(f"{horizon:g}", {"strokes": 0, "predictions": 0, **{p: 0.0 for p in PREDICTORS}})
        measured = []
        for k, stroke in enumerate(read_back):
            if k >= len(good) or not good[k]:
                continue
            rows = predicted[horizon][k] if k < len(predicted[horizon]) else []
            others = {v: (by[horizon][k] if k < len(by[horizon]) else []) for v, by in varied.items()}
            if any(len(r) < len(stroke) or any(abs(q["t"] - s[0]) > 1e-6 for q, s in zip(r, stroke)) for r in [rows, *others.values()]):
                result["errors"].append(f"{name}: predictions of stroke {k} do not line up with its samples")
                continue
            sums = measure(stroke, recorded[k], [(r["x_mm"], r["y_mm"]) for r in rows], horizon)
            total["strokes"] += sums["quill"][1] > 0
            total["predictions"] += sums["quill"][1]
            for p in PREDICTORS:
                total[p] += sums[p][0]
            measured.append((stroke, recorded[k], rows, others))
        if args.get("on_measured"):
            args["on_measured"](name, result, horizon, read_back, measured)


def process_writer_unguarded(job):
    """Reads, converts, writes, runs Quill and measures one writer; returns a plain dict. The
    strokes of one device setup go into one recording (with --all: one per CHUNK samples)."""
    writer, files, args = job
    began = time.perf_counter()
    stats, skipped, notes = Counter(), Counter(), Counter()
    slant, dots = [0.0, 0.0], [0, 0]
    samples_taken = files_used = 0
    writer_ids = set()
    result = {"writer": writer, "split": "held-out" if writer in HELD_OUT else "tuning", "setups": [], "mismatches": 0, "errors": []}
    work = Path(args["work"])
    pending = {}  # setup key → [units, strokes, samples]
    setups = {}   # setup key → its result

    def flush(key):
        units, strokes, _ = pending.pop(key)
        if not strokes:
            return
        rate, xp, yp, _ = key
        name = f"{writer}-{rate:g}hz-{xp:g}ppmm"
        setup = setups.get(key)
        if setup is None:
            setup = setups[key] = {"name": name, "rate": rate, "group": rate_group(rate), "x_ppmm": xp, "y_ppmm": yp, "units": units,
                                   "strokes": 0, "samples": 0, "recordings": 0, "mismatched strokes": 0, "measures": {}, "_speeds": []}
        setup["recordings"] += 1
        part = f"-{setup['recordings']}" if setup["recordings"] > 1 else ""
        run_chunk(args, name, work / f"{name}{part}.events", units, strokes, setup, result)

    for path in files:
        if not args["all"] and (files_used >= args["limit"] or samples_taken >= args["max_samples"]):
            break
        try:
            rec = unipen.read(path, args["data"])
        except (ValueError, RecursionError, MemoryError) as error:
            skipped[f"parse error: {str(error).split(': ', 1)[-1][:80]}"] += 1
            continue
        reason = unusable(rec)
        for note in rec.notes:
            notes[re.sub(r"[-\d.]+", "N", note.split(" at ")[0])] += 1
        if reason:
            skipped[reason] += 1
            continue
        stats["pen-up components with points"] += sum(1 for down, pts, _ in rec.components if not down)
        stats["strokes with unknown pen-up time before them"] += sum(1 for k in rec.gap_known if not k)
        stats[f"timing {rec.timing}"] += 1
        orientation(rec, slant, dots)
        converted = convert(rec, stats)
        if converted is None:
            skipped["no stroke of 2 samples"] += 1
            continue
        key, units, strokes = converted
        if not args["all"] and samples_taken + sum(len(s) for s in strokes) > args["max_samples"]:
            room = args["max_samples"] - samples_taken
            kept, n = [], 0
            for s in strokes:
                if n + len(s) > room:
                    break
                kept.append(s)
                n += len(s)
            strokes = kept or strokes[:1]
        files_used += 1
        writer_ids.add(rec.writer_id)
        samples_taken += sum(len(s) for s in strokes)
        entry = pending.setdefault(key, [units, [], 0])
        entry[1].extend(strokes)
        entry[2] += sum(len(s) for s in strokes)
        if args["all"] and entry[2] >= CHUNK:
            flush(key)
    for key in list(pending):
        flush(key)
    for setup in setups.values():
        speeds = sorted(setup.pop("_speeds"))
        setup["speed median (mm/s)"] = speeds[len(speeds) // 2] if speeds else None
        setup["speed p95 (mm/s)"] = speeds[int(len(speeds) * 0.95)] if speeds else None
        result["setups"].append(setup)
    result.update({"files": files_used, "people": len(writer_ids), "skipped": dict(skipped), "notes": dict(notes), "stats": dict(stats),
                   "slant": slant[0] / slant[1] if slant[1] else None, "dots above": dots[0], "dots below": dots[1],
                   "seconds": time.perf_counter() - began})
    return result


# ---------------------------------------------------------------- report

def rms(sum_sq, n):
    return math.sqrt(sum_sq / n) if n else float("nan")


def aggregate(results):
    """(split, group) → horizon → totals; group "all" too."""
    table = {}
    for r in results:
        for setup in r["setups"]:
            for group in (setup["group"], "all rates"):
                for h, m in setup["measures"].items():
                    cell = table.setdefault((r["split"], group), {}).setdefault(h, {"writers": set(), "strokes": 0, "predictions": 0, "per writer": {},
                                                                                 **{p: 0.0 for p in PREDICTORS}})
                    if m["predictions"]:
                        cell["writers"].add(r["writer"])
                        mine = cell["per writer"].setdefault(r["writer"], [0.0, 0.0])
                        mine[0] += m["quill"]
                        mine[1] += m["constant velocity"]
                    cell["strokes"] += m["strokes"]
                    cell["predictions"] += m["predictions"]
                    for p in PREDICTORS:
                        cell[p] += m[p]
    return table


def group_order(key):
    split, group = key
    return (split != "tuning", group == "all rates", float(group.split("–")[0].split(" ")[0]) if group[0].isdigit() else 0)


def report(results, args, seconds, present):
    table = aggregate(results)
    lines = ["# Pen-tip prediction on real handwriting (UNIPEN train_r01_v07, categories 6–8)", "",
             "Data: UNIPEN train_r01_v07 (International Unipen Foundation, CC BY 4.0, doi:10.5281/zenodo.1195803),",
             "categories 6 (cursive/mixed words), 7 (words, any style) and 8 (free text). A writer is a contributor",
             "directory; held-out = " + ", ".join(sorted(HELD_OUT)) + " (never used for tuning; of them only "
             + ", ".join(sorted(HELD_OUT & set(present))) + " have data in categories 6–8).",
             f"Per writer up to {'all' if args.all else args.limit} files and {'all' if args.all else f'{args.max_samples:,}'} pen-down samples (seed {args.seed});"
             " each writer's strokes in one evemu recording per device setup, read back by `quill samples`.",
             "Error: RMS distance (mm) from the prediction made at sample time t to the recorded pen position at t + H",
             "(samples linearly interpolated), only where t + H is within the stroke. Constant velocity: from the last",
             "two samples. No prediction: the last sample. Ratio: quill / constant velocity (< 1: Quill better).", ""]
    lines += ["| split | rate | writers | strokes | predictions | H (ms) | quill | const. velocity | no prediction | quill / CV | writers quill < CV |",
              "|---|---|---|---|---|---|---|---|---|---|---|"]
    summary = {}
    for key in sorted(table, key=group_order):
        for h in sorted(table[key], key=float):
            c = table[key][h]
            q, cv, none = (rms(c[p], c["predictions"]) for p in PREDICTORS)
            better = sum(1 for a, b in c["per writer"].values() if a < b)
            lines.append(f"| {key[0]} | {key[1]} | {len(c['writers'])} | {c['strokes']:,} | {c['predictions']:,} | {float(h) * 1000:.1f} | "
                         f"{q:.3f} | {cv:.3f} | {none:.3f} | {q / cv:.2f} | {better} of {len(c['per writer'])} |")
            summary[f"{key[0]} / {key[1]} / {float(h) * 1000:.1f} ms"] = {"writers": sorted(c["writers"]), "strokes": c["strokes"],
                                                                            "predictions": c["predictions"], "quill": q,
                                                                            "constant velocity": cv, "no prediction": none,
                                                                            "quill / constant velocity": q / cv,
                                                                            "writers where quill < constant velocity": better}
    lines += ["", "Per writer and device setup (people: distinct .WRITER_IDs in the files used; speed: median / 95th",
              "percentile between Quill's samples; Y up: i-dots above / below the stroke before them, and the sign of",
              "Σdx·dy, > 0 for forward slant with Y up; RMS mm at 10.0 / 16.7 ms: quill, constant velocity):", "",
              "| writer | split | people | rate (Hz) | points/mm | units/mm | files | strokes | samples | speed (mm/s) | Y up: dots, slant | quill 10 | CV 10 | quill 16.7 | CV 16.7 |",
              "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in sorted(results, key=lambda r: (r["split"] != "tuning", r["writer"])):
        for s in r["setups"]:
            m10, m16 = s["measures"].get(f"{HORIZONS[0]:g}"), s["measures"].get(f"{HORIZONS[1]:g}")
            cells = [f"{rms(m[p], m['predictions']):.3f}" for m in (m10, m16) if m for p in ("quill", "constant velocity")]
            speed = f"{s['speed median (mm/s)']:.0f} / {s['speed p95 (mm/s)']:.0f}" if s.get("speed median (mm/s)") else "–"
            evidence = f"{r['dots above']}/{r['dots below']}, {r['slant']:+.2f}" if r["slant"] is not None else "–"
            lines.append(f"| {r['writer']} | {r['split']} | {r['people']} | {s['rate']:g} | {s['x_ppmm']:.3g} | {s['units']} | {r['files']} | "
                         f"{s['strokes']:,} | {s['samples']:,} | {speed} | {evidence} | " + " | ".join(cells) + " |")
    skipped = Counter()
    for r in results:
        for reason, n in r["skipped"].items():
            skipped[(r["writer"], reason)] += n
    if skipped:
        lines += ["", "Skipped files (writer: reason × files examined):", ""]
        lines += [f"- {w}: {reason} × {n}" for (w, reason), n in sorted(skipped.items())]
    stats = Counter()
    for r in results:
        stats.update(r["stats"])
    lines += ["", "Data oddities in the files used: " + "; ".join(f"{k}: {v:,}" for k, v in sorted(stats.items()) if not k.startswith("timing")) + ".",
              f"Timing: {', '.join(f'{k[7:]} {v}' for k, v in sorted(stats.items()) if k.startswith('timing'))} files"
              " (T = the file's T column in ms; rate = sample index / .POINTS_PER_SECOND).",
              f"Validation: {sum(r['mismatches'] for r in results)} strokes whose samples as Quill reads them differ from the"
              " UNIPEN points converted (count, position beyond one unit, or time).",
              f"Run: {seconds:.0f} s, {args.jobs} jobs.", ""]
    return "\n".join(lines), summary


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", required=True, help="extracted train_r01_v07 (with data/ and include/)")
    parser.add_argument("--quill", default=str(ROOT / ".build" / "release" / "quill"))
    parser.add_argument("--output", default=str(ROOT / "out" / "compare"))
    parser.add_argument("--limit", type=int, default=200, help="files per writer (default 200)")
    parser.add_argument("--max-samples", type=int, default=30000, help="pen-down samples per writer (default 30000)")
    parser.add_argument("--all", action="store_true", help="every file of every writer")
    parser.add_argument("--seed", type=int, default=20260101)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--writers", help="comma-separated writers (default: all with data in categories 6–8)")
    parser.add_argument("--tuning-run", action="store_true", help="tuning writers only (held-out never read)")
    parser.add_argument("--quill-arg", action="append", default=[], help="extra option for `quill strokes` (with --tuning-run only)")
    parser.add_argument("--keep", action="store_true", help="keep the evemu recordings (in OUTPUT/unipen-recordings)")
    args = parser.parse_args()
    if args.quill_arg and not args.tuning_run:
        parser.error("--quill-arg is for tuning runs: add --tuning-run (held-out writers stay out of tuning)")
    if not shutil.which(args.quill) and not Path(args.quill).is_file():
        parser.error(f"no quill at {args.quill}")
    began = time.perf_counter()
    wanted = set(args.writers.split(",")) if args.writers else None
    chosen = choose_files(args.data, wanted, args.seed)
    if args.tuning_run:
        chosen = {w: f for w, f in chosen.items() if w not in HELD_OUT}
    out = Path(args.output)
    out.mkdir(parents=True, exist_ok=True)
    work = out / "unipen-recordings" if args.keep else Path(tempfile.mkdtemp(prefix="unipen-"))
    work.mkdir(parents=True, exist_ok=True)
    shared = {"data": args.data, "quill": args.quill, "limit": args.limit, "max_samples": args.max_samples, "all": args.all,
              "work": str(work), "keep": args.keep, "quill_args": args.quill_arg}
    jobs = [(w, files, shared) for w, files in sorted(chosen.items(), key=lambda kv: -len(kv[1]))]
    results = []
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for r in pool.map(process_writer, jobs):
            results.append(r)
            used = sum(s["samples"] for s in r["setups"])
            print(f"{r['writer']:4} {r['split']:8} files {r['files']:3} samples {used:7,} "
                  f"skipped {sum(r['skipped'].values())} mismatches {r['mismatches']} {r['seconds']:.1f} s"
                  + (f" errors {r['errors'][:2]}" if r["errors"] else ""), file=sys.stderr)
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    results.sort(key=lambda r: r["writer"])
    seconds = time.perf_counter() - began
    text, summary = report(results, args, seconds, choose_files(args.data, None, args.seed) if args.tuning_run else chosen)
    negative = [r["writer"] for r in results if r.get("dots below", 0) > r.get("dots above", 0) and (r["slant"] or 0) < 0]
    if negative:
        text += f"\nWarning: i-dots and slant both suggest Y grows downwards for: {', '.join(negative)}.\n"
    stem = "unipen-prediction-tuning" if args.tuning_run else "unipen-prediction"
    (out / f"{stem}.md").write_text(text)
    (out / f"{stem}.json").write_text(json.dumps({"summary": summary, "writers": results, "seconds": seconds,
                                                            "options": {k: v for k, v in vars(args).items()}}, indent=1))
    print(text)
    print(f"validation mismatches: {sum(r['mismatches'] for r in results)}", file=sys.stderr)


if __name__ == "__main__":
    main()
