#!/usr/bin/env python3
"""An hour of 240 Hz writing through whole `quill` commands, in one run (issue 24's rows).

Usage: python3 Benchmarks/hour.py [--quill PATH] [--runs N] [--file PATH]

Generates the hour once (Tools/research/quill_research/compare/generate.py --hour: 1 800 cursive strokes of 2 s, 864 000
contact samples, ≈ 102 MB) into out/hour/, then times each command on it (best of N runs, wall
clock, output to /dev/null) and prints a
Markdown table with each command's time as a multiple of `quill summary`'s — reading and decoding
the same file, the floor every command pays. Build first: swift build -c release --product quill.
"""
import argparse
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(command, deadline=600):
    """(seconds, peak resident MB) of one run; fails with the command's error or at the deadline."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    began = time.perf_counter()
    try:
        done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, timeout=deadline)
    except subprocess.TimeoutExpired:
        sys.exit(f"hour.py: {' '.join(command)} ran past its {deadline} s deadline")
    elapsed = time.perf_counter() - began
    if done.returncode != 0:
        sys.exit(f"hour.py: {' '.join(command)} failed ({done.returncode}): {done.stderr.strip()[:400]}")
    # ru_maxrss of children is the largest of any child so far: report it when it grew.
    after = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return elapsed, max(after, before) / 1024


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quill", default=str(ROOT / ".build" / "release" / "quill"))
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--file", default=str(ROOT / "out" / "hour" / "hour-240hz.events"))
    args = parser.parse_args()
    if not Path(args.quill).exists():
        sys.exit(f"hour.py: no quill at {args.quill}: swift build -c release --product quill")
    hour = Path(args.file)
    if not hour.exists():
        hour.parent.mkdir(parents=True, exist_ok=True)
        print(f"generating {hour} …", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "quill_research.compare.generate", "--hour", str(hour)],
                       cwd=ROOT / "Tools" / "research", check=True, timeout=1800)
    png = hour.parent / "hour.png"
    commands = [
        ("quill summary", ["summary", str(hour)]),
        ("quill strokes --emit smoothed", ["strokes", str(hour), "--emit", "smoothed"]),
        ("quill strokes --emit final", ["strokes", str(hour), "--emit", "final"]),
        ("quill strokes --emit final --no-keep-corners", ["strokes", str(hour), "--emit", "final", "--no-keep-corners"]),
        ("quill render -o hour.png", ["render", str(hour), "-o", str(png)]),
    ]
    results = []
    for name, arguments in commands:
        times = [run([args.quill, *arguments])[0] for _ in range(args.runs)]
        results.append((name, min(times), max(times)))
        print(f"{name}: {min(times):.2f} s", file=sys.stderr)
    floor = results[0][1]
    size = hour.stat().st_size / 1e6
    lines = [f"An hour of 240 Hz writing ({size:.0f} MB, 864 000 contact samples, 1 800 strokes); best of {args.runs} runs, {os.cpu_count()} cores:", "",
             "| command | wall time | samples/s | × summary |", "|---|---|---|---|"]
    for name, best, worst in results:
        lines.append(f"| `{name}` | {best:.2f} s (worst {worst:.2f}) | {864_000 / best / 1e6:.2f} M | {best / floor:.1f} |")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
