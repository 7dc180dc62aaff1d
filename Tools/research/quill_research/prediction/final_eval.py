"""Figures of ALSK from the per-sample reference (alsk_ref.py) with the prior in alsk8g.json,
compared with Quill's Kalman TipPredictor and constant velocity (CV):

    final_eval.py heldout  [--json F] [--unipen DIR] [--cache FILE]   held-out writers lav+sie, 10 / 16.7 ms
    final_eval.py profiles [--json F]   synthetic profiles of Tools/research/quill_research/compare: pooled and worst shape per horizon
    final_eval.py synth    [--json F]   synthetic, per profile and shape: ALSK/Kalman/CV RMS error (mm)
"""
import sys
sys.dont_write_bytecode = True
import argparse, json, math, os
import numpy as np
from quill_research.prediction import alsk_ref, core, split

J = None


def prior_for(h):
    """The prior matrix fitted at the horizon nearest to h in log scale."""
    keys = sorted(J["prior_matrix_over_h2"], key=lambda k: abs(math.log(float(k) / h)))
    return J["prior_matrix_over_h2"][keys[0]]


def run(qs, h):
    return alsk_ref.run_strokes(qs, h, prior_for(h), J["N0"], J["resolve_every"])


def heldout(D):
    tot = {h: np.zeros(4) for h in split.HORIZONS}
    for w in ("lav", "sie"):
        acc = {h: np.zeros(4) for h in split.HORIZONS}
        for s in D[w]:
            qs = [q for _, q in s["strokes"]]
            for h in split.HORIZONS:
                kp = core.kalman_predictions(qs, [h])[h]
                for (rec, q), p, k in zip(s["strokes"], run(qs, h), kp):
                    tr, m = core.truth_and_mask(rec, q, h)
                    acc[h] += [((p - tr)[m] ** 2).sum(), ((k - tr)[m] ** 2).sum(), ((core.cv_predict(q, h) - tr)[m] ** 2).sum(), m.sum()]
        for h in split.HORIZONS:
            a = acc[h]; tot[h] += a
            r = np.sqrt(a[:3] / a[3])
            print(f"{w} h={h*1000:.1f}ms ALSK {r[0]:.3f} Kalman {r[1]:.3f} CV {r[2]:.3f} mm | ALSK/CV {r[0]/r[2]:.3f} Kalman/CV {r[1]/r[2]:.3f} n={int(a[3])}", flush=True)
    for h in split.HORIZONS:
        a = tot[h]; r = np.sqrt(a[:3] / a[3])
        print(f"POOLED lav+sie h={h*1000:.1f}ms ALSK {r[0]:.3f} Kalman {r[1]:.3f} CV {r[2]:.3f} mm | ALSK/CV {r[0]/r[2]:.3f} Kalman/CV {r[1]/r[2]:.3f} n={int(a[3])}")


def synth_shapes():
    from quill_research.prediction import synth
    worse = []
    for c in synth.cases():
        cells = []
        for h in synth.HS:
            e = synth.error(c, run([c["q"]], h)[0], h)
            ek = synth.error(c, synth.kalman(c, h), h)
            ec = synth.error(c, core.cv_predict(c["q"], h), h)
            cells.append(f"{e:.4f}/{ek:.4f}/{ec:.4f}")
            if e > ek:
                worse.append((c["profile"], c["name"], h, e, ek))
        print(f"{c['profile']:22} {c['name']:8} " + "  ".join(cells), flush=True)
    print("cases where ALSK > Kalman:", worse)


def synth_profiles():
    """Per profile: RMS over the circle, loops and cursive predictions pooled (and the worst single
    shape), ALSK / CV and Kalman / CV at each horizon."""
    from quill_research.prediction import synth
    rows = {}
    for c in synth.cases():
        for h in synth.HS:
            q = c["q"]; t = q[:, 0] + h; m = t <= c["duration"]
            tr = c["truth"][np.clip(np.rint(t * 2000).astype(int), 0, len(c["truth"]) - 1)]
            acc = rows.setdefault((c["profile"], h), {"n": 0, "alsk": 0.0, "kalman": 0.0, "cv": 0.0, "worst": 0.0})
            e = {}
            for name, p in (("alsk", run([q], h)[0]), ("kalman", synth.kalman(c, h)), ("cv", core.cv_predict(q, h))):
                e[name] = ((p - tr) ** 2).sum(1)[m].sum(); acc[name] += e[name]
            acc["n"] += m.sum()
            acc["worst"] = max(acc["worst"], np.sqrt(e["alsk"] / e["cv"]))
    for (prof, h), a in rows.items():
        print(f"{prof:22} h={h*1000:4.1f}ms pooled ALSK/CV {np.sqrt(a['alsk']/a['cv']):.3f}  Kalman/CV {np.sqrt(a['kalman']/a['cv']):.3f}  worst shape ALSK/CV {a['worst']:.3f}")


def main():
    global J
    from quill_research.prediction import data
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("what", choices=("heldout", "profiles", "synth"))
    ap.add_argument("--json", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "alsk8g.json"))
    data.add_arguments(ap)
    args = ap.parse_args()
    with open(args.json) as f:
        J = json.load(f)
    alsk_ref.set_gate(J.get("gate_s0_mm_per_s", 0.0))
    if args.what == "heldout":
        heldout(data.load_from_args(args))
    elif args.what == "profiles":
        synth_profiles()
    else:
        synth_shapes()


if __name__ == "__main__":
    main()
