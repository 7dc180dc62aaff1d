"""Features of scratch-outs (generated, seed 1) and of today's false positives (scan.pkl, development
writers) for the threshold search: `compute` writes features.pkl, then the quantile table."""
import math, pickle
from quill_research.gestures.scratch import analyse, scratch_out_old
from quill_research.gestures.generate_scratches import generate, test_scratches
from quill_research.gestures.paths import work

def features(a):
    along, across, turns, ext = a["along"], a["across"], a["turns"], a["extent"]
    lo = a["low"]
    P = a["passes"]
    lens = [abs(along[e] - along[b]) / ext for b, e in zip(turns, turns[1:])]
    inner = lens[1:-1] if P > 2 else lens
    # coverage: 64 bins along the extent, count passes covering each
    bins = [0] * 64
    for b, e in zip(turns, turns[1:]):
        u0, u1 = sorted((along[b], along[e]))
        for k in range(64):
            c = lo + (k + 0.5) / 64 * ext
            if u0 <= c <= u1: bins[k] += 1
    cov = lambda m: sum(1 for v in bins if v >= m) / 64
    # straightness: per pass max distance from its chord / chord
    bulge = []
    for b, e in zip(turns, turns[1:]):
        ax, ay, bx, by = along[b], across[b], along[e], across[e]
        L = math.hypot(bx - ax, by - ay) or 1e-12
        m = max(abs((bx - ax) * (across[i] - ay) - (by - ay) * (along[i] - ax)) / L for i in range(b, e + 1))
        bulge.append(m / ext)
    return {"P": P, "mean": sum(lens) / P, "inner_min": min(inner), "inner_mean": sum(inner) / len(inner),
            "cov2": cov(2), "cov3": cov(3), "covhalf": cov(max(2, P // 2)), "bulge_max": max(bulge), "bulge_mean": sum(bulge) / P,
            "w": a["width"] / ext, "slant": a["slant"], "path": a["path"] / ext}

def compute():
    d = pickle.load(open(work("scan.pkl"), "rb"))
    neg = [features(analyse(p["points"])) for p in d["positives"] if p["split"] == "dev"]
    pos = {}
    for g in generate(1, 500):
        pts = [(x, y) for x, y, t in g["points"]]
        a = analyse(pts)
        if a and scratch_out_old(pts, a)[0]:
            pos.setdefault(g["kind"], []).append(features(a))
    pickle.dump({"neg": neg, "pos": pos}, open(work("features.pkl"), "wb"))
    return
    def q(xs, p): xs = sorted(xs); return xs[min(len(xs) - 1, int(p * len(xs)))]
    for f in neg[0]:
        print(f"{f:12s} neg q10/50/90 {q([n[f] for n in neg],.1):.3f} {q([n[f] for n in neg],.5):.3f} {q([n[f] for n in neg],.9):.3f}  " +
              "  ".join(f"{k} q01/05/50 {q([n[f] for n in v],.01):.3f} {q([n[f] for n in v],.05):.3f} {q([n[f] for n in v],.5):.3f}" for k, v in pos.items()))

def table():
    d = pickle.load(open(work("features.pkl"), "rb"))
    neg, pos = d["neg"], d["pos"]
    def q(xs, p): xs = sorted(xs); return xs[min(len(xs) - 1, int(p * len(xs)))]
    for f in neg[0]:
        print(f"{f:12s} neg q05/10/50 {q([n[f] for n in neg],.05):.3f} {q([n[f] for n in neg],.1):.3f} {q([n[f] for n in neg],.5):.3f}  " +
              "  ".join(f"{k} q95/99/max {q([n[f] for n in v],.95):.3f} {q([n[f] for n in v],.99):.3f} {max(n[f] for n in v):.3f}" for k, v in pos.items()))

if __name__ == "__main__":
    import sys
    if "compute" in sys.argv: compute()
    table()
