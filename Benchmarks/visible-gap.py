#!/usr/bin/env python3
"""The gap a person sees (issue 36, part 5): real strokes replayed at their own pace into the
`quill canvas` window on Xvfb (GTK 4, Cairo, a 60 Hz frame clock), and for every frame that shows
the ink of a stroke in contact, the distance from the ink's end to where the pen is when the frame
is painted — with prediction (the prediction tail's tip, drawn for that frame only) and without it
(the last committed point), both measured in the same frames.

Usage: python3 Benchmarks/visible-gap.py [--quill PATH] [--runs N] [--speed S] [--presentation-delay MS]
                                        [--json OUT] [RECORDING[@DESC] ...]

How it measures (CanvasModel.visibleGap, VisibleGapMeter): the window hands a recorded sample to
the canvas once its moment has passed on the monotonic clock (start + (t − first) / speed), so the
replayed pen is where its recording says at that moment; each frame notes its paint-end time and
the ink's end as drawn; when later samples arrive, the pen's position at the frame's time is
interpolated between the two samples that bracket it. Tablet millimetres. The pen's speed at a
frame is its displacement over 1/60 s around it. Gaps are read from `quill canvas --gap-frames`
(one JSON line per frame), pooled over runs and recordings; the summary line's `visible_gap_mm`
(percentiles per run) is checked against them.

What it is not: a replay hands samples over with no transport delay (a live tablet adds its USB
and kernel path), and a frame's paint end is a lower bound of the moment it shows (GTK still
composes it, the X server copies it, the display scans it out). Xvfb has no vsync: GTK's frame
clock paces frames at 60 Hz itself (the measured frame interval is printed).
`--presentation-delay MS` takes each frame to show MS after its paint end instead (16.7: a display
that shows a frame one 60 Hz refresh after it is painted). The lead (the gap's part along the
pen's way: + the ink's end is ahead of the pen, − behind) tells a prediction that overshoots from
one that lags.

Default recordings (Recordings/README.md): real handwriting — `shapes/handwriting.events`, 24
strokes of UNIPEN writers' words as written (resampled at 240 Hz) — and real pens moved by people,
recorded by evemu on Wacom tablets at their own rates (Cintiq 22HDT, Cintiq 12WX, Intuos4 6x9,
the Dell Canvas's ISD-V4). Each plays for its own duration: about 2 minutes a run in all.

Build first (a release build gives the canvas's real paint times):
    swift build -c release --product quill
Needs xvfb-run (Debian: xvfb, xauth). Example:
    python3 Benchmarks/visible-gap.py --runs 3
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RECORDINGS = ROOT / "Recordings"
HANDWRITING = [str(RECORDINGS / "shapes" / "handwriting.events")]
DEVICE_RECORDINGS = [
    str(RECORDINGS / "evemu-devices" / "Wacom-Cintiq-22HDT-Pen.events"),
    str(RECORDINGS / "evemu-devices" / "Wacom-Cintiq-12WX.events"),
    str(RECORDINGS / "evemu-devices" / "Wacom-Intuos4-6x9.stylus-drag.events")
    + "@" + str(RECORDINGS / "evemu-devices" / "Wacom-Intuos4-6x9-Pen.desc"),
    str(RECORDINGS / "evemu-devices" / "dell_canvas_pen.evemu"),
]
# The goal: at 100 mm/s on a 60 Hz canvas, median ≤ 0.5 mm and p99 ≤ 2 mm.
BAND = (80.0, 120.0)
GOAL_MEDIAN, GOAL_P99 = 0.5, 2.0
SPEED_BINS = [(0, 40), (40, 80), (80, 120), (120, 200), (200, float("inf"))]


def percentile(values, p):
    """Nearest rank as the canvas's summary takes it: the value at index ⌊n·p⌋ of the sorted values."""
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * p))]


def stats(values):
    return {
        "p50": percentile(values, 0.5), "p90": percentile(values, 0.9), "p99": percentile(values, 0.99),
        "max": max(values) if values else None, "count": len(values),
    }


def text(s, unit="mm"):
    if not s["count"]:
        return "no frames"
    return f"p50 {s['p50']:.3f}, p90 {s['p90']:.3f}, p99 {s['p99']:.3f}, max {s['max']:.3f} {unit} ({s['count']} frames)"


def duration(quill, recording, desc):
    """The recording's length in seconds (`quill summary`)."""
    command = [quill, "summary", recording] + (["--device", desc] if desc else [])
    done = subprocess.run(command, capture_output=True, text=True, timeout=300)
    if done.returncode != 0:
        sys.exit(f"visible-gap.py: {' '.join(command)} failed: {done.stderr.strip()[:400]}")
    match = re.search(r"^duration:\s+([0-9.]+) s", done.stdout, re.MULTILINE)
    if not match:
        sys.exit(f"visible-gap.py: no duration in quill summary of {recording}")
    return float(match.group(1))


def replay(quill, recording, desc, speed, seconds, delay, horizon):
    """One run of the canvas on Xvfb: (frames, summary)."""
    scratch = Path(tempfile.mkdtemp(prefix="quill-visible-gap-"))
    try:
        frames_file = scratch / "frames.jsonl"
        # A fresh configuration (the default preferences, no autosave left behind), GTK's Cairo renderer.
        environment = dict(os.environ, XDG_CONFIG_HOME=str(scratch / "config"), XDG_STATE_HOME=str(scratch / "state"),
                           GSK_RENDERER="cairo", NO_AT_BRIDGE="1")
        command = ["xvfb-run", "-a", "-s", "-screen 0 1280x1024x24", quill, "canvas", "--replay", recording,
                   "--speed", str(speed), "--duration", f"{seconds / speed + 1.5:.3f}", "--stats",
                   "--gap-frames", str(frames_file), "--presentation-delay", str(delay), "--horizon", str(horizon), "--save", str(scratch / "drawing.json")]
        if desc:
            command[6:6] = ["--device-file", desc]
        done = subprocess.run(command, capture_output=True, text=True, env=environment, timeout=seconds / speed + 120)
        if done.returncode != 0:
            sys.exit(f"visible-gap.py: {' '.join(command)} failed ({done.returncode}): {done.stderr.strip()[-800:]}")
        summary = json.loads(done.stdout.strip().splitlines()[-1])
        frames = [json.loads(line) for line in frames_file.read_text().splitlines() if line.strip()]
        return frames, summary
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def report(name, frames, intervals):
    """The rows of one set of frames."""
    gap = [f["gap_mm"] for f in frames]
    without = [f["gap_without_prediction_mm"] for f in frames]
    speeds = [f["speed_mm_s"] for f in frames if f["speed_mm_s"] is not None]
    band = [f for f in frames if f["speed_mm_s"] is not None and BAND[0] <= f["speed_mm_s"] <= BAND[1]]
    result = {
        "frames": len(frames),
        "frame_interval_ms": stats([i * 1000 for i in intervals]),
        "pen_speed_mm_s": stats(speeds),
        "with_prediction": stats(gap),
        "without_prediction": stats(without),
        "at_80_120_mm_s": {
            "with_prediction": stats([f["gap_mm"] for f in band]),
            "without_prediction": stats([f["gap_without_prediction_mm"] for f in band]),
        },
        "by_speed": [],
    }
    print(f"\n## {name}")
    print(f"frames showing ink in contact: {len(frames)}; frame interval {text(result['frame_interval_ms'], 'ms')}")
    print(f"pen speed at those frames: {text(result['pen_speed_mm_s'], 'mm/s')}")
    print(f"gap with prediction:    {text(result['with_prediction'])}")
    print(f"gap without prediction: {text(result['without_prediction'])}")
    print(f"\n| pen speed (mm/s) | frames | with prediction p50 / p90 / p99 (mm) | lead p50 (mm) | without p50 / p90 / p99 (mm) | lead p50 (mm) |")
    print("|---|---|---|---|---|---|")
    for low, high in SPEED_BINS:
        chosen = [f for f in frames if f["speed_mm_s"] is not None and low <= f["speed_mm_s"] < high]
        on, off = stats([f["gap_mm"] for f in chosen]), stats([f["gap_without_prediction_mm"] for f in chosen])
        lead_on = percentile([f["lead_mm"] for f in chosen if f["lead_mm"] is not None], 0.5)
        lead_off = percentile([f["lead_without_prediction_mm"] for f in chosen if f["lead_without_prediction_mm"] is not None], 0.5)
        result["by_speed"].append({"speed_mm_s": [low, high if high != float("inf") else None], "with_prediction": on, "without_prediction": off,
                                   "lead_p50_mm": lead_on, "lead_without_prediction_p50_mm": lead_off})
        cell = lambda s: "—" if not s["count"] else f"{s['p50']:.2f} / {s['p90']:.2f} / {s['p99']:.2f}"
        signed = lambda v: "—" if v is None else f"{v:+.2f}"
        label = f"{low}–{high}" if high != float("inf") else f"≥ {low}"
        print(f"| {label} | {len(chosen)} | {cell(on)} | {signed(lead_on)} | {cell(off)} | {signed(lead_off)} |")
    on, off = result["at_80_120_mm_s"]["with_prediction"], result["at_80_120_mm_s"]["without_prediction"]
    print(f"\nat 80–120 mm/s: with prediction {text(on)}; without {text(off)}")
    for label, s in (("with prediction", on), ("without prediction", off)):
        if not s["count"]:
            print(f"  goal (median ≤ {GOAL_MEDIAN} mm, p99 ≤ {GOAL_P99} mm) {label}: no frames")
            continue
        verdict = "met" if s["p50"] <= GOAL_MEDIAN and s["p99"] <= GOAL_P99 else "not met"
        caution = f" (only {s['count']} frames: the p99 is the {'largest' if s['count'] < 100 else 'near-largest'} value)" if s["count"] < 200 else ""
        print(f"  goal (median ≤ {GOAL_MEDIAN} mm, p99 ≤ {GOAL_P99} mm) {label}: {verdict}{caution}")
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    release = ROOT / ".build" / "release" / "quill"
    parser.add_argument("--quill", default=str(release if release.exists() else ROOT / ".build" / "debug" / "quill"))
    parser.add_argument("--runs", type=int, default=1, help="runs of each recording (the frames are pooled)")
    parser.add_argument("--speed", type=float, default=1.0, help="replay speed (1: the recording's own pace)")
    parser.add_argument("--presentation-delay", type=float, default=0.0,
                        help="milliseconds from a frame's paint end to when it shows (0: the paint end; 16.7: one 60 Hz refresh later)")
    parser.add_argument("--horizon", type=float, default=1 / 60,
                        help="the canvas's prediction horizon, seconds (0.008 … 0.034; default 1/60): a frame's read → shown latency")
    parser.add_argument("--json", help="also write the results as JSON to this file")
    parser.add_argument("recordings", nargs="*", help="RECORDING or RECORDING@DESC (an evemu .desc for a header-less event file)")
    args = parser.parse_args()
    if not Path(args.quill).exists():
        sys.exit(f"visible-gap.py: no quill at {args.quill}: swift build -c release --product quill")
    if shutil.which("xvfb-run") is None:
        sys.exit("visible-gap.py: xvfb-run is not installed (Debian: apt-get install xvfb xauth)")
    if "/debug/" in args.quill:
        print(f"note: {args.quill} is a debug build; paint times (and so the gap) are a release build's or more", file=sys.stderr)
    recordings = args.recordings or HANDWRITING + DEVICE_RECORDINGS
    handwriting = set(HANDWRITING)
    per_recording, pooled, pooled_handwriting, pooled_devices = {}, [], [], []
    intervals_all, intervals_handwriting, intervals_devices = [], [], []
    for item in recordings:
        recording, _, desc = item.partition("@")
        seconds = duration(args.quill, recording, desc or None)
        frames, intervals = [], []
        for run in range(args.runs):
            print(f"{Path(recording).name}: run {run + 1} of {args.runs} ({seconds / args.speed:.1f} s) …", file=sys.stderr)
            got, summary = replay(args.quill, recording, desc or None, args.speed, seconds, args.presentation_delay, args.horizon)
            # The summary's own count is the same frames'.
            counted = summary["visible_gap_mm"]["with_prediction"]["count"]
            if counted != len(got):
                sys.exit(f"visible-gap.py: {recording}: {len(got)} frames written, the summary counts {counted}")
            # Frame intervals within a stroke (consecutive measured frames less than 50 ms apart).
            intervals += [b["t"] - a["t"] for a, b in zip(got, got[1:]) if 0 < b["t"] - a["t"] < 0.05]
            frames += got
        per_recording[Path(recording).name] = (frames, intervals)
        pooled += frames
        intervals_all += intervals
        if recording in handwriting:
            pooled_handwriting += frames
            intervals_handwriting += intervals
        else:
            pooled_devices += frames
            intervals_devices += intervals

    moment = "painted" if not args.presentation_delay else f"painted + {args.presentation_delay:g} ms"
    print(f"# Visible gap: pen → ink's end when the frame is {moment} (tablet mm); quill {args.quill}, ×{args.speed:g} pace, {args.runs} run(s)")
    results = {"quill": args.quill, "speed": args.speed, "runs": args.runs, "presentation_delay_ms": args.presentation_delay, "recordings": {}}
    for name, (frames, intervals) in per_recording.items():
        results["recordings"][name] = report(name, frames, intervals)
    if pooled_handwriting and len(per_recording) > 1:
        results["handwriting"] = report("real handwriting (pooled)", pooled_handwriting, intervals_handwriting)
    if pooled_devices and len(per_recording) > 1:
        results["device_recordings"] = report("real pens on Wacom tablets (pooled)", pooled_devices, intervals_devices)
    if len(per_recording) > 1:
        results["all"] = report("all recordings (pooled)", pooled, intervals_all)
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1) + "\n")


if __name__ == "__main__":
    main()
