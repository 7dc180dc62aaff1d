"""A recording of printed handwriting for Scribble (issue 22): words put together from UNIPEN
characters of writers Quill's English model never saw, written as a pen writes them (hovering
between strokes, in proximity until the end), as an evemu recording `quill canvas --replay` and
`quill recognize` read.

    python3 -m quill_research.scribble.generate OUT.events --text "cat" [--at X,Y] [--height MM] [--seed S]

The letters are the first sample of each in Tests/Fixtures/handwriting/unipen-heldout-sample.json
(UNIPEN train_r01_v07, CC BY 4.0, https://doi.org/10.5281/zenodo.1195803; Guyon et al., ICPR 1994),
each moved a fifth of its height after the one before, the word scaled to HEIGHT mm with its top-left
corner at X,Y mm on a 224 × 148 mm tablet (Tools/research/quill_research/compare's device), words a letter's height apart.
Each stroke is drawn at 60 mm/s and sampled at 240 Hz with σ 0.03 mm of noise; the pen hovers 0.15 s
between strokes and 1.2 s after the last (a writer's rest: the text box reads the ink), then leaves.
"""
import argparse
import json
import math
import os
import random

from quill_research.common import evemu
from quill_research.common.paths import REPOSITORY
from quill_research.compare import generate as compare

RATE, NOISE, UNITS, SPEED = 240, 0.03, 100, 60.0
FIXTURE = os.path.join(REPOSITORY, "Tests", "Fixtures", "handwriting", "unipen-heldout-sample.json")


def word_strokes(samples, word):
    """The word's strokes (x, y) in the samples' unit, y down, as the tests put words together."""
    strokes, x = [], 0.0
    for letter in word:
        sample = next((s for s in samples if s["label"] == letter), None)
        if sample is None:
            raise SystemExit(f"no held-out sample of {letter!r} in {FIXTURE}")
        xs = [p[0] for st in sample["strokes"] for p in st]
        ys = [p[1] for st in sample["strokes"] for p in st]
        left, width, bottom, height = min(xs), max(xs) - min(xs), max(ys), max(ys) - min(ys)
        for stroke in sample["strokes"]:
            strokes.append([(p[0] - left + x, p[1] - bottom + 20) for p in stroke])
        x += width + 0.2 * height
    return strokes


def placed(strokes, x, y, height):
    xs = [p[0] for s in strokes for p in s]
    ys = [p[1] for s in strokes for p in s]
    scale = height / max(1e-9, max(ys) - min(ys))
    return [[(x + (px - min(xs)) * scale, y + (py - min(ys)) * scale) for px, py in s] for s in strokes]


def along(stroke, rng):
    """Samples (x, y) at 240 Hz along the stroke at SPEED mm/s, noisy."""
    out = [stroke[0]]
    for a, b in zip(stroke, stroke[1:]):
        steps = max(1, int(math.dist(a, b) / SPEED * RATE))
        out += [(a[0] + (b[0] - a[0]) * i / steps, a[1] + (b[1] - a[1]) * i / steps) for i in range(1, steps + 1)]
    if len(out) == 1:
        out.append(out[0])
    return [(px + rng.gauss(0, NOISE), py + rng.gauss(0, NOISE)) for px, py in out]


def write(path, strokes, rng):
    lines = []
    writer = evemu.EvemuWriter(lines, compare.header(UNITS), offset=0.0)
    t = 1.0

    def event(type_, code, value):
        writer.event(t, type_, code, value)

    def position(p):
        event(3, 0, round(p[0] * UNITS))
        event(3, 1, round(p[1] * UNITS))

    position(strokes[0][0]); event(3, 0x19, 20); event(1, 0x140, 1); event(0, 0, 0)
    t += 0.05
    for index, stroke in enumerate(strokes):
        samples = along(stroke, rng)
        for i, p in enumerate(samples):
            position(p)
            event(3, 0x18, int(2500 * min(1.0, (i + 1) / 6)))
            if i == 0:
                event(3, 0x19, 0); event(1, 0x14a, 1)
            event(0, 0, 0)
            t += 1 / RATE
        event(3, 0x18, 0); event(3, 0x19, 10); event(1, 0x14a, 0); event(0, 0, 0)
        # Hover: to the next stroke's start, or resting 1.2 s after the last.
        end = samples[-1]
        target = strokes[index + 1][0] if index + 1 < len(strokes) else end
        hover = 0.15 if index + 1 < len(strokes) else 1.2
        steps = int(hover * RATE)
        for i in range(1, steps + 1):
            t += 1 / RATE
            u = i / steps
            position((end[0] + (target[0] - end[0]) * u, end[1] + (target[1] - end[1]) * u - 1.5 * math.sin(math.pi * u)))
            event(3, 0x19, 10); event(0, 0, 0)
    t += 0.01
    event(1, 0x140, 0); event(0, 0, 0)
    with open(path, "w") as out:
        out.writelines(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out")
    parser.add_argument("--text", required=True, help="words of letters and digits, separated by spaces")
    parser.add_argument("--at", default="40,40", help="the writing's top-left corner, X,Y mm")
    parser.add_argument("--height", type=float, default=8.0, help="the tallest word's height, mm")
    parser.add_argument("--seed", type=int, default=20261127)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    samples = json.load(open(FIXTURE))
    x, y = (float(v) for v in args.at.split(","))
    strokes = []
    for word in args.text.split():
        written = placed(word_strokes(samples, word), x, y, args.height)
        strokes += written
        x = max(p[0] for s in written for p in s) + args.height
    write(args.out, strokes, rng)


if __name__ == "__main__":
    main()
