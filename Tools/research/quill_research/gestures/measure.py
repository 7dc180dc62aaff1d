"""Today's scratch-out shape rule (and the proposed one) on UNIPEN handwriting.

python3 -m quill_research.gestures.measure scan            every stroke of strokes.pkl → scan.pkl (counts + the strokes
                                   today's rule shapes as scratch-outs, with their analysis)
python3 -m quill_research.gestures.measure report [--held-out]   the table, old vs new rule; worst examples
Development writers only unless --held-out (then held-out writers only: run once, at the end).
"""
import pickle
import sys
from collections import Counter, defaultdict

from quill_research.common.reserved import RESERVED_WRITERS as HELD_OUT
from quill_research.gestures.paths import work
from quill_research.gestures.scratch import analyse, scratch_out_old, scratch_out_new
CATEGORIES = ["1a", "1b", "1c", "2", "3", "6", "7", "8"]


def scan():
    rows = pickle.load(open(work("strokes.pkl"), "rb"))["rows"]
    counts = Counter()  # (split, category) → strokes
    positives = []
    for cat, writer, rel, index, label, points in rows:
        split = "held-out" if writer in HELD_OUT else "dev"
        if split == "held-out" and "--held-out" not in sys.argv:
            # counted without looking at the verdicts (scan once; report separates)
            pass
        a = analyse(points)
        if a is None:
            continue
        counts[(split, cat)] += 1
        if a["passes"] >= 4:
            ok, passes, _ = scratch_out_old(points, a)
            if ok:
                positives.append({"split": split, "cat": cat, "writer": writer, "file": rel, "index": index,
                                  "label": label, "points": points, "passes": passes})
    pickle.dump({"counts": counts, "positives": positives}, open(work("scan.pkl"), "wb"))
    print(sum(counts.values()), "strokes;", len(positives), "today's scratch-outs (all splits, not reported)")


def report(split):
    data = pickle.load(open(work("scan.pkl"), "rb"))
    counts, positives = data["counts"], [p for p in data["positives"] if p["split"] == split]
    old, new = Counter(), Counter()
    for p in positives:
        old[p["cat"]] += 1
        p["new"] = scratch_out_new(p["points"])[0]
        new[p["cat"]] += p["new"]
    total = sum(counts[(split, c)] for c in CATEGORIES)
    print(f"| {split} | strokes | today | % | new rule | % |")
    print("|---|---:|---:|---:|---:|---:|")
    for c in CATEGORIES:
        n = counts[(split, c)]
        if n:
            print(f"| {c} | {n} | {old[c]} | {100 * old[c] / n:.2f} | {new[c]} | {100 * new[c] / n:.3f} |")
    o, w = sum(old.values()), sum(new.values())
    print(f"| all | {total} | {o} | {100 * o / total:.2f} | {w} | {100 * w / total:.3f} |")
    return positives


if __name__ == "__main__":
    if sys.argv[1] == "scan":
        scan()
    else:
        split = "held-out" if "--held-out" in sys.argv else "dev"
        ps = report(split)
        ps.sort(key=lambda p: -p["passes"])
        print("\nworst (most passes):")
        for p in ps[:20]:
            print(p["writer"], p["file"], p["index"], p["passes"], repr(p["label"]), "new:", p["new"])
        if split == "dev":
            print("\nnew-rule survivors:")
            for p in [p for p in ps if p["new"]][:40]:
                print(p["writer"], p["file"], p["index"], p["passes"], repr(p["label"]))
