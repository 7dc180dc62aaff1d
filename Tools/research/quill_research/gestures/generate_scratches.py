"""Seeded generator of realistic scratch-out strokes, sampled as a pen does.

Kinds
  horizontal  back and forth along the baseline over a word (axis within ±8° of it)
  tilted      the same drawn at 15°–60° to the baseline (forearm scratch)
  wwww        a vertical zig-zag that progresses sideways (passes up and down, each a step to the
              side): its sideways spread is 0.2–1.0 times the pass height (wider ones look like a
              row of W and fit their long axis sideways; measured separately as `wwww-wide`,
              spread 1.0–2.0)
Parameters: passes 4–12 (uniform), pass length 5–80 mm (log-uniform), band across the passes
0.05–0.6 of the pass length (horizontal/tilted; the passes drift across it monotonically,
up-and-down, or stay on one line), pass-to-pass length jitter 8 %, endpoint jitter 6 % of the
length, rounded turns (the pen slows into each reversal: along = cos of the phase), passes bulging
alternately by 0–50 % of the spacing across (loopy turns), all passes bowed by 0–10 % of their length
(the wrist pivots), a low-frequency hand wobble across (0.02–0.1 of the band, at most of 0.3 × the pass length; 2–6 Hz)
and sensor noise (0.02–0.08 mm); sampled at 120–240 Hz (timing jitter 3 %) at a mean speed of
50–300 mm/s; points are the pen samples in mm.
"""
import json
import math
import random
import sys

KINDS = ("horizontal", "tilted", "wwww", "wwww-wide")


def scratch(rng, kind):
    passes = rng.randint(4, 12)
    size = math.exp(rng.uniform(math.log(5), math.log(80)))  # pass length, mm
    rate = rng.uniform(120, 240)
    speed = rng.uniform(50, 300)
    if kind in ("horizontal", "tilted"):
        band = size * rng.uniform(0.05, 0.6)
        angle = math.radians(rng.uniform(-8, 8)) if kind == "horizontal" else math.radians(rng.uniform(15, 60)) * rng.choice((-1, 1))
        pattern = rng.choice(("drift", "drift", "updown", "line"))
    else:
        spread = size * (rng.uniform(0.2, 1.0) if kind == "wwww" else rng.uniform(1.0, 2.0))
        band = spread
        angle = math.pi / 2 + math.radians(rng.uniform(-10, 10))  # passes vertical
        pattern = "drift"
    # Pass endpoints along the axis (alternating ends, jittered) and across it.
    lengths = [size * (1 + 0.08 * rng.gauss(0, 1)) for _ in range(passes)]
    centre = 0.0
    ends = []
    side = rng.choice((-1, 1))
    for k in range(passes + 1):
        centre += 0.04 * size * rng.gauss(0, 1)
        half = lengths[min(k, passes - 1)] / 2
        ends.append(centre + side * half + 0.06 * size * rng.gauss(0, 1))
        side = -side
    if pattern == "drift":
        cross = [band * k / passes for k in range(passes + 1)]
    elif pattern == "updown":
        cross = [band * (1 - abs(2 * k / passes - 1)) for k in range(passes + 1)]
    else:
        cross = [band * 0.1 * rng.gauss(0, 1) for _ in range(passes + 1)]
    cross = [c + 0.05 * band * rng.gauss(0, 1) for c in cross]
    spacing = band / passes
    loop = spacing * rng.uniform(0, 0.5) * rng.choice((-1, 1))
    bow = size * rng.uniform(0, 0.1) * rng.choice((-1, 1))  # passes bowed as the wrist pivots
    wobble_amp = min(band, 0.3 * size) * rng.uniform(0.02, 0.1)
    wobble_f = rng.uniform(2, 6)
    wobble_phase = rng.uniform(0, 2 * math.pi)
    noise = rng.uniform(0.02, 0.08)
    # Time along: each pass takes its length / speed; inside a pass the phase goes 0 → 1 and the
    # pen follows along = a + (b − a)(1 − cos πφ)/2 (slow at the turns), across linearly plus a loop.
    durations = [abs(ends[k + 1] - ends[k]) / speed * rng.uniform(0.85, 1.15) + 1e-3 for k in range(passes)]
    total = sum(durations)
    points, t, starts = [], 0.0, [0.0]
    for d in durations:
        starts.append(starts[-1] + d)
    dt = 1 / rate
    k = 0
    while t <= total:
        while k < passes - 1 and t > starts[k + 1]:
            k += 1
        phi = min(1.0, (t - starts[k]) / durations[k])
        u = ends[k] + (ends[k + 1] - ends[k]) * (1 - math.cos(math.pi * phi)) / 2
        v = cross[k] + (cross[k + 1] - cross[k]) * phi + loop * math.sin(math.pi * phi) * (1 if k % 2 else -1)
        v += bow * (1 - min(1.0, (2 * u / size) ** 2))
        v += wobble_amp * math.sin(2 * math.pi * wobble_f * t + wobble_phase)
        x = u * math.cos(angle) - v * math.sin(angle) + noise * rng.gauss(0, 1)
        y = u * math.sin(angle) + v * math.cos(angle) + noise * rng.gauss(0, 1)
        points.append((x + 100, y + 70, t))
        t += dt * (1 + 0.03 * rng.gauss(0, 1))
    return {"kind": kind, "passes": passes, "size": size, "band": band, "rate": rate, "speed": speed,
            "angle_deg": math.degrees(angle), "pattern": pattern, "points": points}


def generate(seed=1, per_kind=1000):
    rng = random.Random(seed)
    return [scratch(rng, kind) for kind in KINDS for _ in range(per_kind)]


def test_scratches(seed=91):
    """The zig-zags of Tests/QuillShapesTests/EditingGestureTests.swift, drawn as HandDrawing.sampled
    does (0.3 mm steps, 0.03 mm Gaussian noise); (name, points, expected scratch-out)."""
    rng = random.Random(seed)

    def zig(x, y, width, height, passes):
        return [(x + (0 if i % 2 == 0 else width), y + height * i / passes) for i in range(passes + 1)]

    def sampled(path):
        out = []
        for a, b in zip(path, path[1:]):
            steps = max(1, int(math.dist(a, b) / 0.3))
            for s in range(steps):
                f = s / steps
                out.append((a[0] + (b[0] - a[0]) * f + 0.03 * rng.gauss(0, 1), a[1] + (b[1] - a[1]) * f + 0.03 * rng.gauss(0, 1)))
        out.append(path[-1])
        return out

    return [
        ("6 passes 30x8", sampled(zig(10, 10, 30, 8, 6)), True),
        ("4 passes 30x8", sampled(zig(10, 10, 30, 8, 4)), True),
        ("3 passes 30x8", sampled(zig(10, 10, 30, 8, 3)), False),
        ("7 passes 72x14 (over words)", sampled(zig(16, 40, 72, 14, 7)), True),
        ("7 passes 60x14 (over paper)", sampled(zig(20, 100, 60, 14, 7)), True),
    ]


if __name__ == "__main__":
    json.dump(generate(int(sys.argv[1]) if len(sys.argv) > 1 else 1, 3), sys.stdout)
