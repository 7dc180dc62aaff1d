"""Recall of today's and the proposed rule on generated scratch-outs (seed 2, 1000 per kind;
the thresholds were chosen on seed 1) and on the zig-zags of EditingGestureTests."""
import collections
from quill_research.gestures.generate_scratches import generate, test_scratches, KINDS
from quill_research.gestures.scratch import analyse, scratch_out_old, scratch_out_new

if __name__ == "__main__":
    res = collections.defaultdict(lambda: [0, 0, 0]); fails = collections.Counter()
    for g in generate(2, 1000):
        pts = [(x, y) for x, y, t in g["points"]]
        a = analyse(pts)
        o, n = scratch_out_old(pts, a), scratch_out_new(pts, a)
        r = res[g["kind"]]; r[0] += o[0]; r[1] += n[0]; r[2] += 1
        if o[0] and not n[0]: fails[(g["kind"], n[2])] += 1
    print("| kind | n | today | new |\n|---|---:|---:|---:|")
    for k in KINDS:
        o, n, t = res[k]; print(f"| {k} | {t} | {100*o/t:.1f} % | {100*n/t:.1f} % |")
    o = sum(res[k][0] for k in KINDS[:3]); n = sum(res[k][1] for k in KINDS[:3]); t = sum(res[k][2] for k in KINDS[:3])
    print(f"| horizontal+tilted+wwww | {t} | {100*o/t:.1f} % | {100*n/t:.1f} % |")
    print("lost by the new guards:", dict(fails))
    for name, pts, exp in test_scratches():
        print(f"EditingGestureTests {name}: expected {exp}, today {scratch_out_old(pts)[:2]}, new {scratch_out_new(pts)[:2]}")
