"""Labelled recordings for hold to snap (issue 22): shapes drawn in one stroke by a simulated hand,
and real handwriting (UNIPEN) that must not snap, written as evemu recordings `quill shapes` reads.

    python3 -m quill_research.shapes.generate OUT_DIR [--per-class N] [--lifted N] [--unipen ROOT] [--handwriting N] [--seed S]

OUT_DIR gets one recording per class (`<class>.events`, its strokes one after another, the pen
leaving proximity between them) and `labels.jsonl`: one line per stroke, in the order `quill
shapes` numbers them: {file, stroke, class, held, rest, size, truth} — `class` a ShapeKind name or
"none" (handwriting), `held` whether the pen rested ≥ 0.45 s before lifting, `rest` the rest drawn,
`truth` the shape's defining points in mm (tablet coordinates, y down).

The hand (written here, not the recognizer's outlines): corners misplaced by σ 2.5 % of the size,
sides bowed by σ 2 %, a closed shape stopping short of or running past its start by up to 8 % of its
first side, round shapes wobbling 3 %; each straight side (or the whole of a round shape) drawn
with a minimum-jerk speed profile (from rest to rest: slow at the corners) at 80–220 mm/s on
average. Then either a hold — the tip resting 0.45–0.9 s with a physiological tremor (a random walk
held within σ 0.05–0.2 mm) — or a natural end: a rest drawn from a log-normal of median 30 ms and p99
200 ms (ink-recognition.md: 24–41 ms median, ≤ 224 ms p99 in the $1 logs). Sampled as the
"240 Hz realistic EMR" profile of Tools/research/quill_research/compare (σ 0.03 mm, 0.01 mm steps, ±0.3 ms jitter).

Handwriting: pen-down strokes of real words (UNIPEN train_r01_v07 categories 6 and 7, CC BY 4.0,
https://doi.org/10.5281/zenodo.1195803; Guyon et al., ICPR 1994), held-out writers first
(art gmd kai lav mot sie uqb val), each as written (its own rest), and again with 0.5 s of resting
tremor added at its end (what the recognizer alone makes of held handwriting).
"""
import argparse
import json
import math
import random
from pathlib import Path

from quill_research.common import evemu, unipen
from quill_research.common.reserved import RESERVED_WRITERS as HELD_OUT
from quill_research.compare import generate as compare

RATE, NOISE, JITTER, UNITS = 240, 0.03, 0.0003, 100
KINDS = ["line", "polyline", "triangle", "rectangle", "square", "quadrilateral", "circle", "ellipse", "arc", "arrow", "star", "heart"]


def rotate(points, angle, centre):
    c, s = math.cos(angle), math.sin(angle)
    return [(centre[0] + c * (x - centre[0]) - s * (y - centre[1]), centre[1] + s * (x - centre[0]) + c * (y - centre[1])) for x, y in points]


def shape(kind, rng, centre, size):
    """(pieces, truth): pieces are polylines each drawn from rest to rest; truth its defining points."""
    s = size / 2
    turn = rng.uniform(-0.5, 0.5)
    cx, cy = centre

    def at(x, y, angle=turn):
        return rotate([(cx + x, cy + y)], angle, centre)[0]

    def sloppy(points):
        return [(x + rng.gauss(0, 0.025 * size), y + rng.gauss(0, 0.025 * size)) for x, y in points]

    def sides(corners, closed):
        corners = sloppy(corners)
        route = corners + ([corners[0]] if closed else [])
        pieces = []
        for a, b in zip(route, route[1:]):
            bow = rng.gauss(0, 0.02)
            nx, ny = -(b[1] - a[1]), b[0] - a[0]
            pieces.append([(a[0] + (b[0] - a[0]) * f + nx * bow * 4 * f * (1 - f), a[1] + (b[1] - a[1]) * f + ny * bow * 4 * f * (1 - f))
                           for f in (i / 40 for i in range(41))])
        if closed:  # short of the start, or past it along the first side
            f = rng.uniform(-0.08, 0.08)
            a, b = route[0], route[1]
            end = (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f)  # past the start when f > 0
            if f < 0:
                pieces[-1] = pieces[-1][:max(2, int(41 * (1 + f)))]
            else:
                pieces.append([a, end])
        return pieces, corners

    def round_shape(a, b, angle, sweep):
        start = rng.uniform(0, 2 * math.pi)
        sign = rng.choice([1, -1])
        wobble = rng.uniform(0, 2 * math.pi)
        points = []
        for i in range(241):
            t = start + sign * sweep * i / 240
            r = 1 + 0.03 * math.sin(3 * t + wobble)
            x, y = a * r * math.cos(t), b * r * math.sin(t)
            points.append((cx + math.cos(angle) * x - math.sin(angle) * y, cy + math.sin(angle) * x + math.cos(angle) * y))
        return [points]

    if kind == "line":
        return sides([at(-s, 0), at(s, 0)], False)
    if kind == "polyline":
        return sides([at(-s, s / 2), at(-s / 3, -s / 2), at(s / 3, s / 2), at(s, -s / 2)], False)
    if kind == "triangle":
        return sides([at(0, -s), at(s, s * 0.7), at(-s, s * 0.7)], True)
    if kind in ("rectangle", "square"):
        t = rng.uniform(-0.08, 0.08) if rng.random() < 0.7 else rng.uniform(-0.6, 0.6)
        h = s if kind == "square" else s * rng.uniform(0.35, 0.7)
        return sides([at(-s, -h, t), at(s, -h, t), at(s, h, t), at(-s, h, t)], True)
    if kind == "quadrilateral":
        return sides([at(-s, -s * 0.5), at(s * 0.5, -s * 0.6), at(s, s * 0.7), at(-s * 0.7, s * 0.4)], True)
    if kind == "circle":
        return round_shape(s, s, turn, 2 * math.pi * rng.uniform(0.95, 1.08)), [centre, (s, s)]
    if kind == "ellipse":
        ratio = rng.uniform(0.35, 0.7)
        return round_shape(s, s * ratio, turn, 2 * math.pi * rng.uniform(0.97, 1.06)), [centre, (s, s * ratio)]
    if kind == "arc":
        return round_shape(s, s, turn, rng.uniform(1.2, 4.4)), [centre, (s, s)]
    if kind == "arrow":
        tip, barb, spread = at(s, 0), s * rng.uniform(0.3, 0.5), rng.uniform(0.35, 0.75)
        back = turn + math.pi
        one = (tip[0] + barb * math.cos(back + spread), tip[1] + barb * math.sin(back + spread))
        other = (tip[0] + barb * math.cos(back - spread), tip[1] + barb * math.sin(back - spread))
        return sides([at(-s, 0), tip, one, tip, other], False)
    if kind == "star":
        return sides([at(s * math.cos(-math.pi / 2 + i * 4 * math.pi / 5), s * math.sin(-math.pi / 2 + i * 4 * math.pi / 5), turn / 3) for i in range(5)], True)
    # heart: from the cusp round one lobe to the point and back up the other
    upright = turn / 3
    sign = rng.choice([1, -1])
    points = []
    for i in range(241):
        t = sign * 2 * math.pi * i / 240
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        points.append(at(x * s / 16, (y - 2.5) * s / 14.5, upright))
    return [points], [centre, (s, s)]


def timed(pieces, rng):
    """(t, x, y) every 1/2000 s: each piece from rest to rest with a minimum-jerk profile."""
    speed = rng.uniform(80, 220)
    out, t0 = [], 0.0
    for piece in pieces:
        lengths = [0.0]
        for a, b in zip(piece, piece[1:]):
            lengths.append(lengths[-1] + math.hypot(b[0] - a[0], b[1] - a[1]))
        total = lengths[-1]
        if total <= 0:
            continue
        duration = max(0.04, total / speed)
        steps = max(2, int(duration * 2000))
        j = 0
        for i in range(steps + 1):
            tau = i / steps
            d = total * (10 * tau ** 3 - 15 * tau ** 4 + 6 * tau ** 5)
            while j < len(lengths) - 2 and lengths[j + 1] < d:
                j += 1
            seg = lengths[j + 1] - lengths[j]
            f = (d - lengths[j]) / seg if seg > 0 else 0
            a, b = piece[j], piece[j + 1]
            out.append((t0 + duration * tau, a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f))
        t0 += duration
    return out


def ending(path, rng, held):
    """The rest before lifting: a hold with tremor, or a natural one."""
    rest = rng.uniform(0.45, 0.9) if held else min(0.4, math.exp(math.log(0.030) + 0.816 * rng.gauss(0, 1)))
    sigma = rng.uniform(0.05, 0.2)
    t, x, y = path[-1]
    ox = oy = 0.0
    steps = int(rest * 2000)
    for i in range(1, steps + 1):
        ox = 0.98 * ox + rng.gauss(0, sigma * 0.2)
        oy = 0.98 * oy + rng.gauss(0, sigma * 0.2)
        path.append((t + i / 2000, x + ox, y + oy))
    return rest


def sampled(path, rng):
    """As the tablet reports it: 240 Hz, σ 0.03 mm, 0.01 mm steps."""
    end = path[-1][0]
    samples = []
    n = int(end * RATE)
    for i in range(n + 1):
        t = i / RATE + (rng.uniform(-JITTER, JITTER) if 0 < i < n else 0.0)
        k = min(len(path) - 1, max(0, int(round(t * 2000))))
        _, x, y = path[k]
        samples.append((t, round((x + rng.gauss(0, NOISE)) * UNITS), round((y + rng.gauss(0, NOISE)) * UNITS)))
    return samples


def write(path, strokes):
    """Strokes (lists of (t, x units, y units), t from 0) one after another, proximity out between."""
    with open(path, "w") as out:
        event = evemu.EvemuWriter(out, compare.header(UNITS)).event

        start = 0.0
        for samples in strokes:
            t0 = start
            x0, y0 = samples[0][1], samples[0][2]
            event(t0, 3, 0, x0); event(t0, 3, 1, y0); event(t0, 3, 0x19, 20); event(t0, 1, 0x140, 1); event(t0, 0, 0, 0)
            n = len(samples)
            for i, (t, x, y) in enumerate(samples):
                tt = t0 + 0.05 + t
                event(tt, 3, 0, x); event(tt, 3, 1, y)
                # Pressure: rises over the first 30 ms, then steady with a slow swell.
                pressure = int(3000 * min(1.0, (i + 1) / 8) * (1 + 0.15 * math.sin(6 * t)))
                event(tt, 3, 0x18, pressure)
                if i == 0:
                    event(tt, 3, 0x19, 0); event(tt, 1, 0x14a, 1)
                event(tt, 0, 0, 0)
            end = t0 + 0.05 + samples[-1][0] + 0.004
            event(end, 3, 0x18, 0); event(end, 1, 0x14a, 0); event(end, 0, 0, 0)
            event(end + 0.01, 1, 0x140, 0); event(end + 0.01, 0, 0, 0)
            start = end + 0.3


def handwriting(root, count, rng):
    """(writer, strokes in mm with t) of real words, held-out writers first."""
    found = []
    for writers in (HELD_OUT, None):
        for rec in unipen.iter_recordings(root, categories=["6", "7"], writers=writers, on_error=lambda p, e: None):
            # Timing that can be trusted: a declared rate of a real tablet (art declares 10 Hz and kai
            # 9 600, a baud rate: their strokes would rest for seconds).
            if rec.rate is None or not 60 <= rec.rate <= 250 or rec.x_ppmm is None or (writers is None and rec.writer in HELD_OUT):
                continue
            for stroke in rec.strokes:
                # Strokes a tablet reports as strokes: 20 ms or longer, reaching 0.5 mm or more.
                if len(stroke) < 2 or any(t is None for t, _, _ in stroke) or stroke[-1][0] - stroke[0][0] < 0.02:
                    continue
                if max(x for _, x, _ in stroke) - min(x for _, x, _ in stroke) + max(y for _, _, y in stroke) - min(y for _, _, y in stroke) >= 0.5:
                    found.append((rec.writer, stroke))
            if len(found) >= 20 * count:
                break
        if len(found) >= 20 * count:
            break
    rng.shuffle(found)
    return found[:count]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out")
    parser.add_argument("--per-class", type=int, default=6, help="held drawings per class")
    parser.add_argument("--lifted", type=int, default=2, help="drawings per class lifted normally")
    parser.add_argument("--unipen", help="UNIPEN train_r01_v07 root (for the handwriting that must not snap)")
    parser.add_argument("--handwriting", type=int, default=40, help="handwriting strokes (each also with a 0.5 s hold added)")
    parser.add_argument("--seed", type=int, default=20261126)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    labels = []
    for kind in KINDS:
        strokes = []
        for index in range(args.per_class + args.lifted):
            held = index < args.per_class
            size = rng.uniform(12, 80)
            centre = (rng.uniform(20 + size / 2, 204 - size / 2), rng.uniform(20 + size / 2, 128 - size / 2))
            pieces, truth = shape(kind, rng, centre, size)
            path = timed(pieces, rng)
            rest = ending(path, rng, held)
            strokes.append(sampled(path, rng))
            labels.append({"file": f"{kind}.events", "stroke": index, "class": kind, "held": held, "rest": round(rest, 4), "size": round(size, 2),
                           "truth": [[round(v, 3) for v in p] for p in truth]})
        write(out / f"{kind}.events", strokes)
    if args.unipen and args.handwriting > 0:
        words = handwriting(args.unipen, args.handwriting, rng)
        for held in (False, True):
            strokes = []
            for index, (writer, stroke) in enumerate(words):
                t0 = stroke[0][0]
                xs, ys = [x for _, x, _ in stroke], [y for _, _, y in stroke]
                dx, dy = 112 - (min(xs) + max(xs)) / 2, 74 - (min(ys) + max(ys)) / 2
                path = [(t - t0, x + dx, y + dy) for t, x, y in stroke]
                # Resample the recording's own timing every 1/2000 s (hold each point until the next).
                dense, k = [], 0
                for i in range(int(path[-1][0] * 2000) + 1):
                    t = i / 2000
                    while k + 1 < len(path) and path[k + 1][0] <= t:
                        k += 1
                    dense.append((t, path[k][1], path[k][2]))
                rest = ending(dense, rng, True) if held else 0.0
                strokes.append(sampled(dense, rng))
                name = "handwriting-held.events" if held else "handwriting.events"
                labels.append({"file": name, "stroke": index, "class": "none", "held": held, "rest": round(rest, 4), "writer": writer})
            write(out / ("handwriting-held.events" if held else "handwriting.events"), strokes)
    with open(out / "labels.jsonl", "w") as handle:
        for label in labels:
            handle.write(json.dumps(label) + "\n")


if __name__ == "__main__":
    main()
