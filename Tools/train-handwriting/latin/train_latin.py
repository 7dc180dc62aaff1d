#!/usr/bin/env python3
"""Trains the Latin (0-9 A-Z a-z) isolated-character classifier from UNIPEN train_r01_v07.

    OMP_NUM_THREADS=1 COPIES=1 ITERS=150 python3 Tools/train-handwriting/latin/train_latin.py UNIPEN_ROOT [OUT_DIR]

(the delivered model's settings; OUT_DIR defaults to Sources/QuillHandwritingModel/Resources, where it
writes latin.classifier and latin.classes; check_vectors.json and heldout.md go to the current folder.)

Needs numpy and scipy (L-BFGS for training only). Reads UNIPEN with
/work/main/Tools/train-handwriting/train.py's characters() (categories 1a 1b 1c), trains on every
contributor except train.HELD_OUT, measures the held-out contributors, and writes weights.bin,
classes.txt, check_vectors.json and heldout.md next to this script. Features: features.py; SPEC.md.
"""
import json, os, struct, sys, time
import numpy as np
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from features import raw_features, NPLANE
from load_data import load
import train
from fit import CLASSES, CI, softmax_fit, report

LAM = float(os.environ.get("LAM", "1e-3"))
COPIES = int(os.environ.get("COPIES", "2"))
ITERS = int(os.environ.get("ITERS", "300"))
SEED = 7


def distort(strokes, rng):
    th = rng.normal(0, 0.10); sh = rng.normal(0, 0.15); ax = np.exp(rng.normal(0, 0.12))
    M = np.array([[np.cos(th), -np.sin(th)], [np.sin(th), np.cos(th)]]) @ np.array([[ax, sh], [0, 1.0]])
    return [(np.asarray(s, float).reshape(-1, 2) @ M.T) for s in strokes]


def transform(F):
    F = np.asarray(F, np.float64).copy()
    F[..., :NPLANE] = np.sqrt(np.maximum(F[..., :NPLANE], 0.0))
    return F


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "/tmp/up1"
    out = sys.argv[2] if len(sys.argv) > 2 else os.path.join(HERE, "..", "..", "..", "Sources", "QuillHandwritingModel", "Resources")
    data = load(root)
    fit_rows = [d for d in data if d[0] not in train.HELD_OUT]
    held = [d for d in data if d[0] in train.HELD_OUT]
    rng = np.random.default_rng(SEED)
    F, y = [], []
    for _, label, strokes in fit_rows:       # originals, then COPIES distorted copies each
        F.append(raw_features(strokes, {})); y.append(CI[label])
        for _ in range(COPIES):
            F.append(raw_features(distort(strokes, rng), {})); y.append(CI[label])
    X = transform(np.array(F)); y = np.array(y)
    orig = np.zeros(len(X), bool); orig[::COPIES + 1] = True
    mean = X[orig].mean(0); std = X[orig].std(0) + 1e-3
    t = time.time()
    Wb = softmax_fit((X - mean) / std, y, LAM, iters=ITERS)
    print(f"trained on {len(fit_rows)} characters (+{COPIES} distorted copies each), {time.time()-t:.0f} s", flush=True)
    W = Wb[:-1].T.astype(np.float32); b = Wb[-1].astype(np.float32)      # W: [K][D]
    mean32 = mean.astype(np.float32); std32 = std.astype(np.float32)
    with open(os.path.join(out, "latin.classifier"), "wb") as h:
        h.write(struct.pack("<4sIII", b"LAT1", X.shape[1], len(CLASSES), NPLANE))
        for a in (mean32, std32, W, b):
            h.write(np.ascontiguousarray(a, "<f4").tobytes())
    open(os.path.join(out, "latin.classes"), "w").write("\n".join(CLASSES) + "\n")

    def classify(strokes):
        z = (transform(raw_features(strokes, {})).astype(np.float32) - mean32) / std32
        return W @ z + b, z
    t = time.perf_counter()
    S = np.array([classify(s)[0] for _, _, s in held])
    ms = 1000 * (time.perf_counter() - t) / len(held)
    table = report(S, [l for _, l, _ in held], f"held-out contributors {' '.join(sorted(train.HELD_OUT))}")
    table += f"\n{ms:.3f} ms per character (features + scores, numpy, one thread)"
    print(table)
    open("heldout.md", "w").write(table + "\n")

    checks = []
    pick = np.random.default_rng(1).choice(len(held), 5, replace=False)
    for i in pick:
        w, label, strokes = held[i]
        s, z = classify(strokes)
        raw = raw_features(strokes, {})
        top = np.argsort(-s)[:3]
        checks.append({"writer": w, "label": label,
                       "strokes": [[[float(x), float(y)] for x, y in st] for st in strokes],
                       "raw_features_first20": [float(v) for v in raw[:20]],
                       "raw_features_nonplane": [float(v) for v in raw[NPLANE:]],
                       "standardized_first20": [float(v) for v in z[:20]],
                       "top3": [[CLASSES[j], float(s[j])] for j in top]})
    json.dump(checks, open("check_vectors.json", "w"), indent=1)


if __name__ == "__main__":
    main()
