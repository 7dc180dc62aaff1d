"""Writes the predictor JSON (alsk8g.json): the settings of ALSK-8G and its prior matrix
Ā(h)/h² (mean x xᵀ per learning row over all tuning writers of UNIPEN) at four horizons.

    make_json.py [--unipen DIR] [--cache FILE] S0 OUT.json     (S0 = speed gate in mm/s: 30; 0 = ALSK-8)
"""
import sys
sys.dont_write_bytecode = True
import argparse, json
import numpy as np
from quill_research.prediction import data, fitprior, split

K = 8


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("s0", type=float, help="speed gate s0 in mm/s (30 for ALSK-8G, 0 for ALSK-8)")
    ap.add_argument("out", help="output JSON path")
    data.add_arguments(ap)
    args = ap.parse_args()
    D = data.load_from_args(args)
    s0 = args.s0
    nf = K + 1 + (3 if s0 else 0)
    J = {"name": "ALSK-8" + ("G" if s0 else ""), "K": K, "gate_s0_mm_per_s": s0, "n_features": nf,
         "c0": [0.0] * K + [1.0] + [0.0] * (nf - K - 1), "N0": 10.0, "resolve_every": 16, "dt_floor_s": 1e-4,
         "truth_epsilon_s": 1e-9, "prior_matrix_over_h2": {}}
    writers = split.tuning_writers(D)
    for h in split.PRIOR_HORIZONS:
        c, Abar = fitprior.prior(D, writers, h, K, s0)
        A = Abar / h / h
        A = (A + A.T) / 2
        J["prior_matrix_over_h2"][f"{h:g}"] = [[float(f"{v:.6g}") for v in row] for row in A]
        print(h, "fixed global fit (not used; for reference):", np.round(c, 3), flush=True)
    with open(args.out, "w") as f:
        json.dump(J, f, indent=1)


if __name__ == "__main__":
    main()
