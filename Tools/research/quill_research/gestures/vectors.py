"""Writes vectors.json: ~24 strokes with the first rule's and today's verdicts and the intermediate
quantities (computed on the points exactly as stored: mm rounded to 0.01), and
scratch-out-vectors.json, the test fixture (Tests/Fixtures/handwriting/): the same without the
EditingGestureTests zig-zags (the Swift tests draw their own), keys as EditingGestureTests reads them."""
import json, pickle, random
from quill_research.gestures.scratch import analyse, scratch_out_old, scratch_out_new, retraced, bulge
from quill_research.gestures.generate_scratches import generate, test_scratches
from quill_research.gestures.paths import work

def entry(source, points):
    pts = [(round(x, 2), round(y, 2)) for x, y in points]
    a = analyse(pts)
    o, n = scratch_out_old(pts, a), scratch_out_new(pts, a)
    return {"source": source, "points": [list(p) for p in pts],
            "old": {"scratch_out": o[0], "passes": o[1], "fails": o[2]},
            "new": {"scratch_out": n[0], "fails": n[2]},
            "values": {"extent": a["extent"], "width": a["width"], "path": a["path"], "slant": a["slant"], "turns": a["turns"],
                       "retraced_share": retraced(a["along"], a["turns"]) / a["extent"], "bulge": bulge(a)}}


def main():
    rng = random.Random(3)
    d = pickle.load(open(work("scan.pkl"), "rb"))
    ps = [p for p in d["positives"] if p["split"] == "dev"]
    kept = [p for p in ps if scratch_out_new(p["points"])[0]]
    cut = [p for p in ps if not scratch_out_new(p["points"])[0]]
    out = []
    for p in rng.sample(cut, 9) + rng.sample(kept, 3):
        out.append(entry(f"UNIPEN {p['writer']} {p['file']} stroke {p['index']} {p['label'][:40]!r} (mm, y up)", p["points"]))
    gens = generate(2, 1000)
    for kind in ("horizontal", "tilted", "wwww"):
        for g in [g for g in gens if g["kind"] == kind][:3]:
            out.append(entry(f"generated {kind}, {g['passes']} passes, {g['size']:.1f} mm (seed 2)", [(x, y) for x, y, t in g["points"]]))
    for name, pts, exp in test_scratches():
        out.append(entry(f"EditingGestureTests zig-zag {name}", pts))
    json.dump(out, open(work("vectors.json"), "w"))
    for e in out: print(e["old"]["scratch_out"], e["new"]["scratch_out"], e["new"]["fails"], e["source"][:70])
    fixture = [{"source": e["source"], "points": e["points"],
                "oldRule": {"scratchOut": e["old"]["scratch_out"], "passes": e["old"].get("passes")},
                "scratchOut": e["new"]["scratch_out"], "fails": e["new"].get("fails", ""),
                "retracedShare": e["values"]["retraced_share"], "bulge": e["values"]["bulge"]}
               for e in out if not e["source"].startswith("EditingGestureTests")]
    json.dump(fixture, open(work("scratch-out-vectors.json"), "w"), separators=(",", ":"))


if __name__ == "__main__":
    main()
