"""Synthetic pen strokes with known ground truth, written as evemu recordings Quill reads.

Each stroke is a true path p(t) in millimetres; it is sampled as one of four tablets would —
240 Hz with little noise, a 240 Hz EMR pen as real ones are (0.03 mm of noise, 0.01 mm steps), a
133 Hz EMR pen, a noisy 120 Hz one (PROFILES) — with timing jitter, Gaussian position noise, the
tablet's quantization and dropped samples.
The device header is an Intuos-Pro-like tablet (pressure 0…8191, tilt at 57 units/rad).
"""
import json
import math
import random
from pathlib import Path

from quill_research.common import evemu

UNITS_PER_MM = 200


def header(units_per_mm=UNITS_PER_MM):
    """The device description for a tablet of 224 × 148 mm at `units_per_mm`."""
    return evemu.header(224 * units_per_mm, 148 * units_per_mm, units_per_mm)


HEADER = header()


def line(speed, length=120.0):
    duration = length / speed
    return duration, lambda t: (40 + speed * min(t, duration), 70.0)


def circle(speed=150.0, radius=20.0, turns=1.5):
    duration = turns * 2 * math.pi * radius / speed
    return duration, lambda t: (110 + radius * math.cos(speed * t / radius), 70 + radius * math.sin(speed * t / radius))


def zigzag(stops, speed=150.0, leg=25.0, legs=6, dwell=0.15):
    """A zig-zag; with stops the pen rests `dwell` s at each corner (ease in/out), without it turns at speed.
    Returns (duration, path, corners, visits): visits[i] = (when the pen leaves corner i − 1, when it
    leaves corner i), seconds — the time it moves toward corner i and rests there."""
    corners = [(40 + i * leg * 0.8, 60 + (15 if i % 2 else 0)) for i in range(legs + 1)]
    segments = []
    t = 0.0
    for a, b in zip(corners, corners[1:]):
        length = math.dist(a, b)
        move = length / speed * (1.6 if stops else 1.0)
        segments.append((t, move, a, b))
        t += move + (dwell if stops else 0.0)
    duration = t
    visits = [(0.0, 0.0)] + [(start, start + move + (dwell if stops else 0.0)) for start, move, _, _ in segments]

    def path(time):
        for start, move, a, b in segments:
            if time <= start + move:
                u = max(0.0, (time - start) / move)
                if stops:
                    u = u * u * (3 - 2 * u)  # smoothstep: slows into and out of each corner
                return (a[0] + (b[0] - a[0]) * u, a[1] + (b[1] - a[1]) * u)
            if time <= start + move + (dwell if stops else 0.0):
                return b
        return corners[-1]

    return duration, path, corners, visits


def loops(speed=120.0, duration=2.5):
    """Handwriting-like loops: a prolate cycloid drifting to the right."""
    return duration, lambda t: (40 + 18 * t + 6 * math.sin(2 * math.pi * 2.2 * t) * 1.0, 70 + 7 * math.cos(2 * math.pi * 2.2 * t))


def cursive(seed, duration=3.0):
    """Handwriting-like cursive: two loops of 3–5 Hz and 3–7 mm drifting right at 15–30 mm/s."""
    rng = random.Random(seed)
    loops = [(rng.uniform(3, 5), rng.uniform(3, 7), rng.uniform(0, 6.28)) for _ in range(2)]
    drift = rng.uniform(15, 30)
    return duration, lambda t: (40 + drift * t + sum(a * math.sin(2 * math.pi * f * t + p) for f, a, p in loops),
                                70 + sum(a * math.cos(2 * math.pi * f * t * 1.07 + p) for f, a, p in loops))


# rate (Hz), position noise σ (mm), timing jitter (s), share of dropped samples, units per mm
PROFILES = {
    "240 Hz low noise": (240, 0.005, 0.0003, 0.0, UNITS_PER_MM),
    "133 Hz EMR": (133, 0.02, 0.0008, 0.01, UNITS_PER_MM),
    "120 Hz noisy": (120, 0.06, 0.001, 0.02, UNITS_PER_MM),
    "240 Hz realistic EMR": (240, 0.03, 0.0003, 0.0, 100),  # last: the others keep their random draws
}


def rest(duration=1.5):
    return duration, lambda t: (100.0, 70.0)


def sample(path, duration, rate, rng, noise, jitter, drop, units=UNITS_PER_MM):
    """Samples (t, x units, y units) as the tablet reports them."""
    samples = []
    n = int(duration * rate)
    for i in range(n + 1):
        if 0 < i < n and rng.random() < drop:
            continue
        t = i / rate + (rng.uniform(-jitter, jitter) if 0 < i < n else 0.0)
        x, y = path(min(max(t, 0.0), duration))
        x += rng.gauss(0, noise)
        y += rng.gauss(0, noise)
        samples.append((t, round(x * units), round(y * units)))
    return samples


def write_evemu(path, samples, pressure=3000, tilt=(10, -5), units=UNITS_PER_MM):
    with open(path, "w") as out:
        event = evemu.EvemuWriter(out, header(units)).event
        t0 = samples[0][0]
        event(t0 - 0.05, 3, 0, samples[0][1]); event(t0 - 0.05, 3, 1, samples[0][2]); event(t0 - 0.05, 3, 0x19, 20)
        event(t0 - 0.05, 3, 0x1a, tilt[0]); event(t0 - 0.05, 3, 0x1b, tilt[1]); event(t0 - 0.05, 1, 0x140, 1); event(t0 - 0.05, 0, 0, 0)
        for index, (t, x, y) in enumerate(samples):
            event(t, 3, 0, x); event(t, 3, 1, y)
            if index == 0:
                event(t, 3, 0x19, 0); event(t, 3, 0x18, pressure); event(t, 1, 0x14a, 1)
            event(t, 0, 0, 0)
        t_end = samples[-1][0] + 0.008
        event(t_end, 3, 0x18, 0); event(t_end, 1, 0x14a, 0); event(t_end, 0, 0, 0)
        event(t_end + 0.008, 3, 0, 0); event(t_end + 0.008, 3, 1, 0); event(t_end + 0.008, 1, 0x140, 0); event(t_end + 0.008, 0, 0, 0)


def generate(directory, seed=20261123):
    """Writes every synthetic stroke for each profile; returns their descriptions."""
    rng = random.Random(seed)
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    shapes = {
        "line-5": line(5.0, length=10.0), "line-20": line(20.0, length=30.0), "line-100": line(100.0), "line-300": line(300.0),
        "circle": circle(), "zigzag-stops": zigzag(True)[:2], "zigzag-through": zigzag(False)[:2], "loops": loops(),
        "cursive": cursive(7), "rest": rest(),
    }
    corners = {"zigzag-stops": zigzag(True)[2], "zigzag-through": zigzag(False)[2]}
    visits = {"zigzag-stops": zigzag(True)[3], "zigzag-through": zigzag(False)[3]}
    cases = []
    for profile, (rate, noise, jitter, drop, units) in PROFILES.items():
        for name, (duration, path) in shapes.items():
            samples = sample(path, duration, rate, rng, noise, jitter, drop, units)
            file = out / f"{name}-{rate}hz-{round(noise * 1000)}um.events"
            write_evemu(file, samples, units=units)
            truth = [(i / 2000, *path(i / 2000)) for i in range(int(duration * 2000) + 1)]
            cases.append({"name": name, "profile": profile, "rate": rate, "file": str(file), "duration": duration, "truth": truth,
                          "path": path, "corners": corners.get(name, []), "visits": visits.get(name, []), "time_offset": samples[0][0] + 1.0})
    (out / "truth.json").write_text(json.dumps([{k: v for k, v in c.items() if k not in ("truth", "path")} for c in cases], indent=1))
    return cases


def hour(path, strokes=1800, seconds=2.0, rate=240, seed=20261126):
    """An hour of handwriting in one recording: `strokes` cursive strokes of `seconds` each at `rate`
    Hz (1 800 × 2 s × 240 Hz: 864 000 contact samples), each in and out of proximity, on rows of the
    tablet; written as it goes (the file is about 120 MB)."""
    rng = random.Random(seed)
    rate_noise = PROFILES["240 Hz low noise"]
    with open(path, "w") as out:
        event = evemu.EvemuWriter(out, HEADER).event
        start = 0.0
        for index in range(strokes):
            duration, shape = cursive(rng.randrange(1 << 30), duration=seconds)
            row = 20.0 + (index % 11) * 11.0  # cursive reaches 14 mm either side: 6 … 144 mm of the 148

            def moved(t, shape=shape, row=row):
                x, y = shape(t)
                return x, y - 70.0 + row

            samples = sample(moved, duration, rate, rng, rate_noise[1], rate_noise[2], 0.0, rate_noise[4])
            samples = [(start + t, x, y) for t, x, y in samples]
            t0 = samples[0][0]
            event(t0 - 0.05, 3, 0, samples[0][1]); event(t0 - 0.05, 3, 1, samples[0][2]); event(t0 - 0.05, 3, 0x19, 20)
            event(t0 - 0.05, 1, 0x140, 1); event(t0 - 0.05, 0, 0, 0)
            for i, (t, x, y) in enumerate(samples):
                event(t, 3, 0, x); event(t, 3, 1, y)
                if i == 0:
                    event(t, 3, 0x19, 0); event(t, 1, 0x14a, 1)
                event(t, 3, 0x18, 2000 + (i * 37) % 3000)
                event(t, 0, 0, 0)
            t_end = samples[-1][0] + 0.004
            event(t_end, 3, 0x18, 0); event(t_end, 1, 0x14a, 0); event(t_end, 0, 0, 0)
            event(t_end + 0.004, 3, 0, 0); event(t_end + 0.004, 3, 1, 0); event(t_end + 0.004, 1, 0x140, 0); event(t_end + 0.004, 0, 0, 0)
            start = t_end + 0.004 + 0.05 - (samples[0][0] - start)
            start = max(start, t_end + 0.06)


if __name__ == "__main__":
    import sys
    # python3 -m quill_research.compare.generate [OUT_DIR | --hour [FILE]]
    if len(sys.argv) > 1 and sys.argv[1] == "--hour":
        hour(sys.argv[2] if len(sys.argv) > 2 else "hour-240hz.events")
    else:
        for case in generate(sys.argv[1] if len(sys.argv) > 1 else "synthetic"):
            print(case["file"])
