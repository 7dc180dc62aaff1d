"""The shape recognizers Quill's is compared with, on the same corpus: $P (Vatavu, Anthony, Wobbrock,
"Gestures as point clouds", ICMI 2012) and Protractor-style $1 (Wobbrock et al., UIST 2007; Li,
CHI 2010), written here from the papers' pseudocode — template matchers, given TEMPLATES drawings a
class from the same simulated hand with another seed (writer-dependent: the most favourable setting
for them; the literature's user-independent figures are lower).

    python3 -m quill_research.shapes.peers CORPUS_DIR [--quill .build/release/quill] [--templates 5] [--seed 99]

Scores, per class, the held drawings each recognizer names rightly (the template matchers always
name a class: they have no "none", so their false snaps are every stroke they are shown; Quill's
rejection is measured by Tools/research/quill_research/shapes/measure.py). Quill's figures on the same drawings come from
`quill shapes`.
"""
import argparse
import collections
import json
import math
import random
import subprocess
from pathlib import Path

from quill_research.shapes import generate

N = 32


def resample(points, n=N):
    length = sum(math.dist(a, b) for a, b in zip(points, points[1:]))
    if length == 0:
        return [points[0]] * n
    step, acc, out, pts = length / (n - 1), 0.0, [points[0]], list(points)
    i = 1
    while i < len(pts):
        d = math.dist(pts[i - 1], pts[i])
        if acc + d >= step and d > 0:
            t = (step - acc) / d
            q = (pts[i - 1][0] + t * (pts[i][0] - pts[i - 1][0]), pts[i - 1][1] + t * (pts[i][1] - pts[i - 1][1]))
            out.append(q)
            pts.insert(i, q)
            acc = 0.0
        else:
            acc += d
        i += 1
    while len(out) < n:
        out.append(points[-1])
    return out[:n]


def normalized(points):
    """$P: resampled, scaled uniformly by the larger side, centred on the centroid."""
    p = resample(points)
    xs, ys = [x for x, _ in p], [y for _, y in p]
    scale = max(max(xs) - min(xs), max(ys) - min(ys)) or 1.0
    p = [((x - min(xs)) / scale, (y - min(ys)) / scale) for x, y in p]
    cx, cy = sum(x for x, _ in p) / N, sum(y for _, y in p) / N
    return [(x - cx, y - cy) for x, y in p]


def cloud_distance(a, b, start):
    matched, total = [False] * N, 0.0
    i = start
    for k in range(N):
        best, index = math.inf, -1
        for j in range(N):
            if not matched[j]:
                d = math.dist(a[i], b[j])
                if d < best:
                    best, index = d, j
        matched[index] = True
        total += (1 - k / N) * best
        i = (i + 1) % N
    return total


def p_dollar(a, b):
    step = int(math.floor(N ** 0.5))
    return min(min(cloud_distance(a, b, i), cloud_distance(b, a, i)) for i in range(0, N, step))


def protractor_vector(points):
    """Protractor: resampled, centred, turned to its indicative angle, as a unit vector."""
    p = resample(points, 16)
    cx, cy = sum(x for x, _ in p) / 16, sum(y for _, y in p) / 16
    p = [(x - cx, y - cy) for x, y in p]
    angle = math.atan2(p[0][1], p[0][0])
    c, s = math.cos(-angle), math.sin(-angle)
    v = [q for x, y in p for q in (x * c - y * s, x * s + y * c)]
    norm = math.sqrt(sum(q * q for q in v)) or 1.0
    return [q / norm for q in v]


def protractor_similarity(a, b):
    """Protractor's closed form: the rotation that best aligns the two vectors, 1 / the angle left."""
    dot = sum(a[i] * b[i] + a[i + 1] * b[i + 1] for i in range(0, len(a), 2))
    cross = sum(a[i] * b[i + 1] - a[i + 1] * b[i] for i in range(0, len(a), 2))
    angle = math.atan2(cross, dot)
    aligned = math.cos(angle) * dot + math.sin(angle) * cross
    return 1 / math.acos(aligned) if aligned < 1 else math.inf


def strokes_of(quill, path):
    run = subprocess.run([quill, "samples", str(path)], capture_output=True, text=True, timeout=600, check=True)
    strokes, current = [], None
    for line in run.stdout.splitlines():
        row = json.loads(line)
        if row["phase"] == "began":
            current = [(row["x_mm"], row["y_mm"])]
        elif row["phase"] == "moved" and current is not None:
            current.append((row["x_mm"], row["y_mm"]))
        elif row["phase"] in ("ended", "cancelled") and current is not None:
            strokes.append(current)
            current = None
    return strokes


def templates(count, seed):
    rng = random.Random(seed)
    made = []
    for kind in generate.KINDS:
        for _ in range(count):
            pieces, _ = generate.shape(kind, rng, (100, 80), rng.uniform(25, 70))
            path = [p for piece in pieces for p in piece]
            made.append((kind, normalized(path), protractor_vector(path)))
    return made


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpus")
    parser.add_argument("--quill", default=".build/release/quill")
    parser.add_argument("--templates", type=int, default=3)
    parser.add_argument("--seed", type=int, default=99)
    args = parser.parse_args()
    corpus = Path(args.corpus)
    labels = [json.loads(line) for line in (corpus / "labels.jsonl").read_text().splitlines()]
    known = templates(args.templates, args.seed)
    right = {name: collections.Counter() for name in ("quill", "$P", "protractor")}
    total = collections.Counter()
    for name in sorted({label["file"] for label in labels if label["class"] != "none"}):
        strokes = strokes_of(args.quill, corpus / name)
        shapes = subprocess.run([args.quill, "shapes", str(corpus / name)], capture_output=True, text=True, timeout=600, check=True)
        rows = [json.loads(line) for line in shapes.stdout.splitlines()]
        for label in labels:
            if label["file"] != name or not label["held"] or label["stroke"] >= len(strokes):
                continue
            kind, stroke = label["class"], strokes[label["stroke"]]
            total[kind] += 1
            right["quill"][kind] += rows[label["stroke"]]["shape"] == kind
            cloud, vector = normalized(stroke), protractor_vector(stroke)
            right["$P"][kind] += min(known, key=lambda t: p_dollar(cloud, t[1]))[0] == kind
            right["protractor"][kind] += max(known, key=lambda t: protractor_similarity(vector, t[2]))[0] == kind
    print(f"held drawings: {sum(total.values())}; templates: {args.templates} a class (seed {args.seed})")
    print("class".ljust(14) + "".join(n.rjust(12) for n in right))
    for kind in generate.KINDS:
        if total[kind]:
            print(kind.ljust(14) + "".join(f"{100 * right[n][kind] / total[kind]:11.1f}%" for n in right))
    print("all".ljust(14) + "".join(f"{100 * sum(right[n].values()) / sum(total.values()):11.1f}%" for n in right))


if __name__ == "__main__":
    main()
