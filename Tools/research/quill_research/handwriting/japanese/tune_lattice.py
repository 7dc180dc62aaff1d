"""Choose and measure CharacterLatticeParameters (Quill's Japanese segmentation) on real writers.

A model of Quill's `CharacterLattice` (Sources/QuillHandwriting/CharacterLattice.swift) in Python:
Zinnia through ctypes with Debian's Japanese model and the cleaning of `CharacterCanvas`, the same
groupings, pitch estimate, scores and dynamic programming. It reads only Tegaki's TRAINING writers,
tegaki-lab/data/train/japanese-native1 and japanese-learner1 (never data/eval/, which is reserved
for independent measurement). Held out by writer: parameters are chosen on one writer (--tune) and
reported on the other (--test).

  tune_lattice.py --tegaki GITDIR [--tune native1] [--test learner1] [--search 0] [--set k=v ...]

Each character is fitted into an 18 mm square (as ../shared/tools/real-ink.py writes them), alone
and in rows of eight at a 25 mm and a 20 mm pitch; points at 100 Hz, the pen up 0.25 s inside a
character, 1 s between characters. Reports: characters alone read as one character and read right,
rows read as eight and their characters right (with and without the pen's times), next to Zinnia
reading each character alone. Classifications are cached in --cache (default /tmp/tune-lattice).
"""
import argparse, collections, ctypes, math, subprocess, sys
import xml.etree.ElementTree as ET

MODEL = "/usr/share/tegaki/models/zinnia/handwriting-ja.model"
z = ctypes.CDLL("libzinnia.so.0")
z.zinnia_recognizer_new.restype = ctypes.c_void_p
z.zinnia_character_new.restype = ctypes.c_void_p
z.zinnia_recognizer_open.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
z.zinnia_recognizer_classify.restype = ctypes.c_void_p
z.zinnia_recognizer_classify.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t]
z.zinnia_character_clear.argtypes = [ctypes.c_void_p]
z.zinnia_character_set_width.argtypes = [ctypes.c_void_p, ctypes.c_size_t]
z.zinnia_character_set_height.argtypes = [ctypes.c_void_p, ctypes.c_size_t]
z.zinnia_character_add.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int]
z.zinnia_result_value.restype = ctypes.c_char_p
z.zinnia_result_value.argtypes = [ctypes.c_void_p, ctypes.c_size_t]
z.zinnia_result_score.restype = ctypes.c_float
z.zinnia_result_score.argtypes = [ctypes.c_void_p, ctypes.c_size_t]
z.zinnia_result_size.restype = ctypes.c_size_t
z.zinnia_result_size.argtypes = [ctypes.c_void_p]
z.zinnia_result_destroy.argtypes = [ctypes.c_void_p]
REC = z.zinnia_recognizer_new()
CHAR = z.zinnia_character_new()
assert z.zinnia_recognizer_open(REC, MODEL.encode())


def simplified(points, tol):
    if len(points) <= 2:
        return points
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    pending = [(0, len(points) - 1)]
    while pending:
        f, l = pending.pop()
        if l <= f + 1:
            continue
        ax, ay = points[f]; bx, by = points[l]
        dx, dy = bx - ax, by - ay
        n = math.hypot(dx, dy)
        best, far = -1, f
        for k in range(f + 1, l):
            px, py = points[k][0] - ax, points[k][1] - ay
            d = abs(px * dy - py * dx) / n if n > 0 else math.hypot(px, py)
            if d > best:
                best, far = d, k
        if best > tol:
            keep[far] = True
            pending += [(f, far), (far, l)]
    return [p for p, k in zip(points, keep) if k]


FILL = 700.0  # CharacterCanvas.tegakiFill


def canvas(strokes):
    """CharacterCanvas with no cell: fitted to FILL of 1000, centred, deduplicated, ≤ 16 vertices."""
    xs = [p[0] for s in strokes for p in s]; ys = [p[1] for s in strokes for p in s]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    ext = max(x1 - x0, y1 - y0)
    k = FILL / ext if ext > 0 else 1
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    out = []
    for s in strokes[:40]:
        seen, pts = set(), []
        for p in s:
            q = (round((p[0] - cx) * k + 500), round((p[1] - cy) * k + 500))
            if q in seen:
                continue
            seen.add(q); pts.append(q)
        tol = 6.0
        sp = simplified(pts, tol)
        while len(sp) > 16:
            tol *= 2
            sp = simplified(pts, tol)
        out.append(sp)
    return out


NETWORK_PATH = None
NETWORK = None  # (weights as numpy, classes) with --network: Quill's Japanese network reads instead


def classify(strokes, n=1):
    """The n best (class, raw score): Zinnia's score, or the network's log-probability."""
    if NETWORK is not None:
        import numpy as np
        from quill_research.handwriting.japanese.features import features
        (w1, b1, w2, b2, w3, b3), classes = NETWORK
        h = np.maximum(w1 @ features(canvas(strokes)).astype(np.float64) + b1, 0)
        h = np.maximum(w2 @ h + b2, 0)
        o = w3 @ h + b3
        o = o - o.max()
        o = o - np.log(np.exp(o).sum())
        top = np.argsort(-o)[:n]
        return [(classes[k], float(o[k])) for k in top]
    z.zinnia_character_clear(CHAR)
    z.zinnia_character_set_width(CHAR, 1000)
    z.zinnia_character_set_height(CHAR, 1000)
    for i, s in enumerate(canvas(strokes)):
        for x, y in s:
            z.zinnia_character_add(CHAR, i, x, y)
    r = z.zinnia_recognizer_classify(REC, CHAR, n)
    if not r:
        return []
    out = [(z.zinnia_result_value(r, i).decode(), z.zinnia_result_score(r, i)) for i in range(z.zinnia_result_size(r))]
    z.zinnia_result_destroy(r)
    return out


def git_ls(git, path):
    out = subprocess.run(["git", "-C", git, "ls-tree", "-r", "--name-only", "HEAD", path], capture_output=True, text=True, check=True).stdout
    return [l for l in out.split("\n") if l.endswith(".xml")]


def load(git, writer):
    assert "/eval" not in writer
    items = []
    for path in git_ls(git, f"tegaki-lab/data/train/japanese-{writer}"):
        root = ET.fromstring(subprocess.run(["git", "-C", git, "show", "HEAD:" + path], capture_output=True, check=True).stdout)
        strokes = [[(float(p.get("x")), float(p.get("y"))) for p in s.iter("point")] for s in root.iter("stroke")]
        strokes = [s for s in strokes if s]
        if root.findtext("utf8") and strokes:
            items.append((root.findtext("utf8"), strokes))
    return items


def written(strokes, at, box=18.0, pen_up=0.25, t0=0.0):
    """(points [(x, y)], t_start, t_end) per stroke, fitted into a `box` mm square at `at`."""
    pts = [p for s in strokes for p in s]
    x0, y0 = min(p[0] for p in pts), min(p[1] for p in pts)
    k = box / max(max(p[0] for p in pts) - x0, max(p[1] for p in pts) - y0, 1e-9)
    out, t = [], t0
    for s in strokes:
        o = [(at[0] + (x - x0) * k, at[1] + (y - y0) * k) for x, y in s]
        out.append((o, t, t + 0.01 * (len(s) - 1)))
        t += 0.01 * len(s) + pen_up
    return out, t


# ------------------------------------------------------------------ the lattice, as in Swift
import os, pickle, random

DEFAULTS = dict(maximumStrokes=30, maximumWidth=1.6, maximumOverlap=0.5, pitchWindow=15, groupingsPerStroke=12,
                classifierWeight=0.71, marginWeight=0.23, narrowWidth=0.69, narrowWeight=2.0, wideWeight=3.05,
                smallWeight=1.1, cutCost=2.12, gapWeight=0.0, overlapWeight=3.6, timeWeight=0.5,
                scoreScale=1.0, scoreOffset=0.0)
# With --network: JapaneseNetwork.scoreScale / scoreOffset (searched with --search-score).
NETWORK_SCORE = dict(scoreScale=0.25, scoreOffset=0.5)
# timeWeight is not searched: the training writers' ink has no times (the ones written here are alike).
SEARCHED = dict(classifierWeight=(0, 3), marginWeight=(0, 3), narrowWidth=(0.2, 0.9), narrowWeight=(0, 8), wideWeight=(0, 10),
                smallWeight=(0, 5), cutCost=(-1, 3), gapWeight=(0, 10), overlapWeight=(0, 5))
FORBIDDEN = 50.0


def box(strokes):
    """(min x, min y, max x, max y) of written strokes [(points, t0, t1)]."""
    xs = [p[0] for s in strokes for p in s[0]]
    ys = [p[1] for s in strokes for p in s[0]]
    return min(xs), min(ys), max(xs), max(ys)


def pitches(boxes, window):
    out = []
    for k in range(len(boxes)):
        near = boxes[max(0, k - window):k + window + 1]
        longest = max(max(b[2] - b[0], b[3] - b[1]) for b in near)
        c = (boxes[k][0] + boxes[k][2]) / 2
        sel = [b for b in near if abs((b[0] + b[2]) / 2 - c) <= longest]
        p = max(max(b[3] for b in sel) - min(b[1] for b in sel), longest)
        out.append(p if p > 0 else 1.0)
    return out


def overlap(a, b, slack):
    shared = min(a[2], b[2]) - max(a[0], b[0]) + slack
    return max(0.0, shared) / (min(a[2] - a[0], b[2] - b[0]) + slack)


def lattice(ink, labels, counts, p):
    """The groupings (classified) and transitions of one ink; what the search varies is scored later."""
    n = len(ink)
    boxes = [box([s]) for s in ink]
    P = pitches(boxes, int(p["pitchWindow"]))
    pauses = [ink[k][1] - ink[k - 1][2] for k in range(1, n)]
    med = max(sorted(pauses)[len(pauses) // 2], 1e-3) if pauses else 1.0
    logpause = [0.0] + [max(-2, min(2, math.log(max(d, 1e-3) / med))) for d in pauses]
    groups = {}
    for j in range(1, n + 1):
        u, kept, pitch = None, 0, P[j - 1]
        for i in range(j - 1, max(0, j - int(p["maximumStrokes"])) - 1, -1):
            if kept >= p["groupingsPerStroke"]:
                break
            pitch = max(pitch, P[i])
            slack = 0.05 * pitch
            b = boxes[i]
            u = b if u is None else (min(u[0], b[0]), min(u[1], b[1]), max(u[2], b[2]), max(u[3], b[3]))
            if j - i > 1 and u[2] - u[0] > p["maximumWidth"] * pitch:
                break
            closed = (j == n or overlap(boxes[j], u, slack) <= p["maximumOverlap"]) and (i == 0 or overlap(boxes[i - 1], u, slack) <= p["maximumOverlap"])
            if j - i == 1 or closed:
                r = classify([s[0] for s in ink[i:j]], 2) if closed else []
                s1 = r[0][1] if r else None
                s2 = r[1][1] if len(r) > 1 else None
                groups[(i, j)] = dict(box=u, label=r[0][0] if r else "", s1=s1, s2=s2, w=(u[2] - u[0]) / pitch,
                                      e=max(u[2] - u[0], u[3] - u[1]) / pitch, pitch=pitch)
                kept += 1
    trans = {}
    for (i, j), g in groups.items():
        for h in range(max(0, i - int(p["maximumStrokes"])), i):
            if (h, i) not in groups:
                continue
            a, b = groups[(h, i)]["box"], g["box"]
            ov = overlap(a, b, 0.05 * g["pitch"])
            bad = ov > p["maximumOverlap"] or (b[0] + b[2]) < (a[0] + a[2])
            trans[(h, i, j)] = ((b[0] - a[2]) / g["pitch"], ov, bad, logpause[i])
    bounds = [sum(counts[:k]) for k in range(len(counts) + 1)]
    return dict(n=n, groups=groups, trans=trans, truth=list(zip(bounds, bounds[1:])), labels=labels)


def group_score(g, p):
    """As CharacterLattice.score; a raw score mapped as the classifier maps it (scoreOffset + scoreScale x raw)."""
    s1 = -2.0 if g["s1"] is None else p["scoreOffset"] + p["scoreScale"] * g["s1"]
    s2 = s1 - 1 if g["s2"] is None else p["scoreOffset"] + p["scoreScale"] * g["s2"]
    s = p["classifierWeight"] * s1 + p["marginWeight"] * min(s1 - s2, 1.0)
    return s - p["narrowWeight"] * max(0, p["narrowWidth"] - g["w"]) - p["wideWeight"] * max(0, g["e"] - 1.15) - p["smallWeight"] * max(0, 0.35 - g["e"])


def cut_score(t, p, timed):
    gap, ov, bad, lp = t
    c = -p["cutCost"] - p["overlapWeight"] * ov - (FORBIDDEN if bad else 0) + p["gapWeight"] * max(-0.5, min(0.6, gap))
    return c + (p["timeWeight"] * lp if timed else 0)


def best_path(f, p, timed):
    G, best, back = f["groups"], {}, {}
    preds = {}
    for (h, i, j), t in f["trans"].items():
        preds.setdefault((i, j), []).append((h, t))
    for (i, j) in sorted(G, key=lambda k: (k[1], -k[0])):
        s = group_score(G[(i, j)], p)
        if i == 0:
            best[(i, j)], back[(i, j)] = s, None
            continue
        cand = [(best[(h, i)] + cut_score(t, p, timed), h) for h, t in preds.get((i, j), []) if (h, i) in best]
        if cand:
            v, h = max(cand)
            best[(i, j)], back[(i, j)] = v + s, h
    ends = [(v, i) for (i, j), v in best.items() if j == f["n"]]
    if not ends:
        return [(0, f["n"])]
    i, j, path = max(ends)[1], f["n"], []
    while i is not None:
        path.append((i, j))
        i, j = back[(i, j)], i
    return path[::-1]


def evaluate(data, p, timed):
    m = collections.Counter()
    for kind, f in data:
        path = set(best_path(f, p, timed))
        right = sum(t in path and f["groups"].get(t, {}).get("label") == l for t, l in zip(f["truth"], f["labels"]))
        m[kind + "n"] += 1
        m[kind + "chars"] += len(f["labels"])
        m[kind + "right"] += right
        m[kind + "whole"] += len(path) == len(f["labels"]) and all(t in path for t in f["truth"])
    return m


def inks(git, writer, p, cache):
    kind = "network-" + os.path.basename(os.path.dirname(os.path.abspath(NETWORK_PATH))) if NETWORK is not None else "zinnia"
    path = os.path.join(cache, f"v5-{kind}-fill{FILL:.0f}-{writer}-{p['maximumStrokes']}-{p['maximumWidth']}-{p['maximumOverlap']}-{p['pitchWindow']}-{p['groupingsPerStroke']}.pkl")
    if os.path.exists(path):
        return pickle.load(open(path, "rb"))
    items = load(git, writer)
    alone = [("alone", lattice(written(s, (20, 20))[0], [l], [len(s)], p)) for l, s in items]
    isolated = sum(f["groups"][(0, f["n"])]["label"] == f["labels"][0] for _, f in alone if (0, f["n"]) in f["groups"])
    rows = {}
    for pitch in (25.0, 20.0):
        rows[pitch] = []
        for g in range(0, len(items) - 7, 8):
            ink, t = [], 0.0
            for k, (label, strokes) in enumerate(items[g:g + 8]):
                s, t = written(strokes, (10 + pitch * k, 20), t0=t)
                ink += s
                t += 0.75
            part = items[g:g + 8]
            rows[pitch].append((f"rows{int(pitch)}", lattice(ink, [l for l, _ in part], [len(s) for _, s in part], p)))
    data = dict(alone=alone, isolated=isolated, rows=rows)
    os.makedirs(cache, exist_ok=True)
    pickle.dump(data, open(path, "wb"))
    return data


def report(name, d, p):
    a = evaluate(d["alone"], p, True)
    n = a["alonen"]
    print(f"{name}: alone {a['alonewhole']}/{n} one character ({a['alonewhole'] / n:.1%}), {a['aloneright']}/{n} right "
          f"({a['aloneright'] / n:.1%}; {'the network' if NETWORK is not None else 'Zinnia'} alone {d['isolated']}/{n} = {d['isolated'] / n:.1%})")
    for pitch, rows in d["rows"].items():
        for timed in (True, False):
            r = evaluate(rows, p, timed)
            k = f"rows{int(pitch)}"
            print(f"  rows of eight at {pitch:.0f} mm ({'timed' if timed else 'no times'}): {r[k + 'whole']}/{r[k + 'n']} as eight, "
                  f"characters {r[k + 'right']}/{r[k + 'chars']} right ({r[k + 'right'] / r[k + 'chars']:.1%})")


def objective(d, p):
    a = evaluate(d["alone"], p, True)
    r = evaluate(d["rows"][25.0] + d["rows"][20.0], p, False)
    return a["aloneright"] / a["alonen"] + 2 * a["alonewhole"] / a["alonen"] + (r["rows25right"] + r["rows20right"]) / (r["rows25chars"] + r["rows20chars"]) \
        + (r["rows25whole"] + r["rows20whole"]) / (r["rows25n"] + r["rows20n"])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tegaki", required=True)
    ap.add_argument("--tune", default="native1", choices=["native1", "learner1"])
    ap.add_argument("--test", default="learner1", choices=["native1", "learner1"])
    ap.add_argument("--search", type=int, default=0, help="random-search steps on the --tune writer")
    ap.add_argument("--set", nargs="*", default=[], help="parameter=value")
    ap.add_argument("--cache", default="/tmp/tune-lattice")
    ap.add_argument("--network", help="net.pt of train.py (classes.txt beside it): the network reads instead of Zinnia")
    ap.add_argument("--search-score", action="store_true", help="search only scoreScale and scoreOffset (the lattice's weights kept)")
    a = ap.parse_args()
    p = dict(DEFAULTS)
    if a.network:
        global NETWORK, NETWORK_PATH, SEARCHED
        import torch
        sd = torch.load(a.network)
        w = [sd[k].numpy().astype("float64") for k in ("l1.weight", "l1.bias", "l2.weight", "l2.bias", "out.weight", "out.bias")]
        NETWORK = (w, open(os.path.join(os.path.dirname(a.network), "classes.txt")).read().split("\n")[:-1])
        NETWORK_PATH = a.network
        p.update(NETWORK_SCORE)
        if a.search_score:
            SEARCHED = dict(scoreScale=(0.02, 2.0), scoreOffset=(-2.0, 2.0))
    for kv in a.set:
        k, v = kv.split("=")
        p[k] = float(v)
    tune = inks(a.tegaki, a.tune, p, a.cache)
    rnd, best = random.Random(1), (objective(tune, p), dict(p))
    for step in range(a.search):
        q = dict(best[1])
        for k in rnd.sample(sorted(SEARCHED), rnd.randint(1, min(3, len(SEARCHED)))):
            lo, hi = SEARCHED[k]
            q[k] = min(hi, max(lo, q[k] + rnd.gauss(0, (hi - lo) * rnd.choice([0.05, 0.15, 0.4]))))
        o = objective(tune, q)
        if o > best[0]:
            best = (o, q)
            print(f"step {step}: {o:.4f}", flush=True)
    p = best[1]
    print("parameters:", {k: round(v, 3) for k, v in p.items()})
    report(f"tuned on {a.tune}", tune, p)
    if a.test != a.tune:
        report(f"held out {a.test}", inks(a.tegaki, a.test, p, a.cache), p)


if __name__ == "__main__":
    main()
