"""Checks the Python port against Quill's release binary.

Every test stroke is written twice at the same place in its own evemu recording (the second copy
lies over ink: the first copy); `quill gestures` reports a scratch-out for stroke 1 exactly when
Quill shapes the second copy as one (it then covers all of the first). The port is run on
(a) the pen samples as written (mm, 0.01 mm units) and (b) Quill's smoothed points of stroke 1
(`quill strokes --emit smoothed`, which is what the ink path is built from before corners are kept).

Strokes: today's false positives on development writers (up to 60, from scan.pkl), every stroke of
12 random development word files (categories 6–8), 25 generated scratches of each kind, the 5
zig-zags of EditingGestureTests. Writes validation.json.
"""
import json
import os
import pickle
import random
import subprocess

from quill_research.common import unipen
from quill_research.common.reserved import RESERVED_WRITERS as HELD_OUT
from quill_research.gestures import evemu
from quill_research.gestures.generate_scratches import generate, test_scratches
from quill_research.gestures.paths import UNIPEN_ROOT, QUILL, work
from quill_research.gestures.scratch import scratch_out_old, scratch_out_new


def timed_stroke(rel, index):
    rec = unipen.read(os.path.join(UNIPEN_ROOT, "data", rel), UNIPEN_ROOT)
    s = rec.strokes[index]
    if rec.x_ppmm is None or s[0][0] is None:
        return None
    return [(x, -y, t) for t, x, y in s]  # y down for the tablet (reflection does not change the test)


def run_pair(points, path):
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    shifted = [(x - min(xs) + 5, y - min(ys) + 5, t) for x, y, t in points]
    w, h = max(xs) - min(xs) + 10, max(ys) - min(ys) + 10
    written = evemu.write(path, [shifted, shifted], max(w, 50), max(h, 50))
    out = subprocess.run([QUILL, "gestures", path], capture_output=True, text=True, check=True).stdout
    events = [json.loads(l) for l in out.splitlines() if l.startswith("{")]
    swift = any(e.get("event") == "scratch-out" and e.get("stroke") == 1 for e in events)
    lasso = any(e.get("event") == "lasso" and e.get("stroke") == 1 for e in events)
    out = subprocess.run([QUILL, "strokes", "--emit", "smoothed", path], capture_output=True, text=True, check=True).stdout
    smooth = [(r["x"], r["y"]) for r in map(json.loads, out.splitlines()) if r["stroke"] == 1]
    raw = [(x / evemu.UNITS, y / evemu.UNITS) for x, y, _ in written[1]]
    return swift, lasso, raw, smooth


def main():
    rng = random.Random(7)
    cases = []
    scan = pickle.load(open(work("scan.pkl"), "rb"))
    fps = [p for p in scan["positives"] if p["split"] == "dev"]
    rng.shuffle(fps)
    for p in fps[:60]:
        cases.append(("false positive today", f"{p['writer']} {p['file']} #{p['index']} {p['label']!r}", p["file"], p["index"]))
    files = sorted({(r[1], r[2]) for r in pickle.load(open(work("strokes.pkl"), "rb"))["rows"]
                    if r[0] in ("6", "7", "8") and r[1] not in HELD_OUT})
    for writer, rel in rng.sample(files, 12):
        rec = unipen.read(os.path.join(UNIPEN_ROOT, "data", rel), UNIPEN_ROOT)
        for i in range(len(rec.strokes)):
            cases.append(("word stroke", f"{writer} {rel} #{i}", rel, i))
    results = []
    tmp = work("pair.evemu")
    for kind, name, rel, index in cases:
        pts = timed_stroke(rel, index)
        if pts is None or len({(x, y) for x, y, _ in pts}) < 3:
            continue
        results.append((kind, name, *run_pair(pts, tmp)))
    gen = generate(11, 25)
    for g in gen:
        results.append(("generated " + g["kind"], f"passes {g['passes']} size {g['size']:.1f}", *run_pair(g["points"], tmp)))
    for name, pts, _ in test_scratches():
        timed = [(x + 5, y + 5, i / 240) for i, (x, y) in enumerate(pts)]
        results.append(("EditingGestureTests", name, *run_pair(timed, tmp)))
    rows, agree_raw, agree_smooth = [], 0, 0
    for kind, name, swift, lasso, raw, smooth in results:
        # `quill` runs the rule as it is now (the two guards); the first rule stays as a column.
        pr, ps = scratch_out_new(raw), scratch_out_new(smooth)
        agree_raw += pr[0] == swift
        agree_smooth += ps[0] == swift
        rows.append({"kind": kind, "name": name, "quill": swift, "quill_lasso": lasso, "port_raw": pr[0], "port_raw_passes": pr[1],
                     "port_smoothed": ps[0], "port_smoothed_passes": ps[1], "first_rule_raw": scratch_out_old(raw)[0]})
    n = len(rows)
    print(f"{n} strokes; Quill scratch-outs {sum(r['quill'] for r in rows)}; port on samples agrees {agree_raw}/{n}, "
          f"on Quill's smoothed points {agree_smooth}/{n}")
    for r in rows:
        if r["quill"] != r["port_raw"] or r["quill"] != r["port_smoothed"]:
            print("disagree:", r)
    from collections import Counter
    print(Counter((r["kind"], r["quill"], r["port_raw"], r["port_smoothed"]) for r in rows))
    json.dump(rows, open(work("validation.json"), "w"), indent=1)


if __name__ == "__main__":
    main()
