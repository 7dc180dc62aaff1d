"""Trains the Latin (0-9 A-Z a-z) isolated-character classifier from UNIPEN train_r01_v07.

    OMP_NUM_THREADS=1 python3 -m quill_research.handwriting.latin.train_latin UNIPEN_ROOT [OUT_DIR]

Default (MODEL=mlp, no other env needed for the shipped model): the LAT3 model of SPEC.md -- features of features.py with a G x G writing grid (env G,
default 8) and optionally TRAJ trajectory points (env TRAJ, default 0), sqrt + standardize, two hidden ReLU layers
(env H, default 512, and H2, default 256; H2=0 gives the one-layer LAT2), trained with Adam (mlp.py, EPOCHS default 25) on the non-held-out contributors plus COPIES
(default 4) distorted copies of each character (AUG default 2 = distort2; epoch e uses the originals + copy e mod COPIES). MODEL=softmax reproduces the old LAT1
softmax regression (env LAM, COPIES, ITERS).

OUT_DIR defaults to Sources/QuillHandwritingModel/Resources (latin.classifier, latin.classes); check_vectors.json
and heldout.md go to the current folder. Needs numpy (and scipy for MODEL=softmax only).
"""
import json, os, struct, sys, time
import numpy as np
sys.dont_write_bytecode = True
from quill_research.common.paths import REPOSITORY
from quill_research.handwriting import train
from quill_research.handwriting.latin.features import raw_features, NPLANE
from quill_research.handwriting.latin.load_data import load
from quill_research.handwriting.latin.metrics import CLASSES, CI, metrics, fmt

E = os.environ
MODEL = E.get("MODEL", "mlp")
LAM = float(E.get("LAM", "1e-3"))
COPIES = int(E.get("COPIES", "4" if MODEL == "mlp" else "2"))
ITERS = int(E.get("ITERS", "300"))
G = int(E.get("G", "8")); TRAJ = int(E.get("TRAJ", "0"))
H = int(E.get("H", "512")); EPOCHS = int(E.get("EPOCHS", "25")); LR = float(E.get("LR", "2e-3"))
WD = float(E.get("WD", "0.05")); DIN = float(E.get("DIN", "0.1")); DH = float(E.get("DH", "0.3"))
H2 = int(E.get("H2", "256"))      # > 0: second hidden layer (LAT3 file, the shipped model); 0: one layer (LAT2)
BS = int(E.get("BS", "256")); MSEED = int(E.get("MSEED", "0"))
SEED = 7
CFG = {"g": G, "traj": TRAJ}
NPL = 8 * G * G + 8 * 16          # sqrt-transformed (non-negative direction) values


def distort(strokes, rng):
    th = rng.normal(0, 0.10); sh = rng.normal(0, 0.15); ax = np.exp(rng.normal(0, 0.12))
    M = np.array([[np.cos(th), -np.sin(th)], [np.sin(th), np.cos(th)]]) @ np.array([[ax, sh], [0, 1.0]])
    return [(np.asarray(s, float).reshape(-1, 2) @ M.T) for s in strokes]


def distort2(strokes, rng):
    """Stronger variant (AUG=2): distort() with wider spreads, then each stroke shifted by N(0, 0.03) of the
    character's size and a smooth sinusoidal warp x += a*sin(2 pi y/size + phi), a ~ N(0, 0.03 size)."""
    th = rng.normal(0, 0.12); sh = rng.normal(0, 0.2); ax = np.exp(rng.normal(0, 0.15))
    M = np.array([[np.cos(th), -np.sin(th)], [np.sin(th), np.cos(th)]]) @ np.array([[ax, sh], [0, 1.0]])
    S = [(np.asarray(s, float).reshape(-1, 2) @ M.T) for s in strokes]
    allp = np.concatenate(S); size = max(np.ptp(allp[:, 0]), np.ptp(allp[:, 1]), 1e-9); lo = allp.min(0)
    a = rng.normal(0, 0.03) * size; phi = rng.uniform(0, 2 * np.pi); b = rng.normal(0, 0.03) * size; psi = rng.uniform(0, 2 * np.pi)
    out = []
    for st in S:
        st = st + rng.normal(0, 0.03, 2) * size
        u = (st - lo) / size
        st = st + np.stack([a * np.sin(2 * np.pi * u[:, 1] + phi), b * np.sin(2 * np.pi * u[:, 0] + psi)], 1)
        out.append(st)
    return out


if E.get("AUG", "2" if MODEL == "mlp" else "1") == "2":
    distort = distort2


def transform(F, nplane=NPL):
    F = np.asarray(F, np.float64).copy()
    F[..., :nplane] = np.sqrt(np.maximum(F[..., :nplane], 0.0))
    return F


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "/tmp/up1"
    out = sys.argv[2] if len(sys.argv) > 2 else os.path.join(REPOSITORY, "Sources", "QuillHandwritingModel", "Resources")
    data = load(root)
    fit_rows = [d for d in data if d[0] not in train.HELD_OUT]
    held = [d for d in data if d[0] in train.HELD_OUT]
    rng = np.random.default_rng(SEED)
    t = time.time()
    F0 = np.array([raw_features(s, CFG) for _, _, s in fit_rows]); y = np.array([CI[l] for _, l, _ in fit_rows])
    copies = [np.array([raw_features(distort(s, rng), CFG) for _, _, s in fit_rows]) for _ in range(COPIES)]
    print(f"features {time.time()-t:.0f} s", flush=True)
    X0 = transform(F0)
    mean = X0.mean(0); std = X0.std(0) + 1e-3
    mean32 = mean.astype(np.float32); std32 = std.astype(np.float32)
    Z0 = ((X0 - mean) / std).astype(np.float32)
    Zc = [((transform(c) - mean) / std).astype(np.float32) for c in copies]
    D = Z0.shape[1]; K = len(CLASSES)
    t = time.time()
    if MODEL == "mlp" and H2 > 0:
        from quill_research.handwriting.latin.mlp_deep import train_mlp2
        def get_epoch(e):
            if not Zc:
                return Z0, y
            return np.vstack([Z0, Zc[e % len(Zc)]]), np.concatenate([y, y])
        f = train_mlp2(get_epoch, K, H1=H, H2=H2, epochs=EPOCHS, bs=BS, lr=LR, wd=WD, drop_in=DIN, drop_h=DH, seed=MSEED,
                       log=lambda s: print(s, flush=True))
        Ws = [np.ascontiguousarray(a, np.float32) for a in f.Ws]; Bs = [np.ascontiguousarray(a, np.float32) for a in f.bs]
        with open(os.path.join(out, "latin.classifier"), "wb") as h:
            h.write(struct.pack("<4s8I", b"LAT3", D, K, NPL, G, TRAJ, 2, H, H2))
            for a in [mean32, std32] + [x for pair in zip(Ws, Bs) for x in pair]:
                h.write(np.ascontiguousarray(a, "<f4").tobytes())
        W64 = [w.astype(np.float64) for w in Ws]; B64 = [b.astype(np.float64) for b in Bs]
        def score(z):
            v = z
            for i in range(len(W64)):
                v = W64[i] @ v + B64[i]
                if i < len(W64) - 1:
                    v = np.maximum(v, 0.0)
            return v
        desc = f"MLP {D}-{H}-{H2}-{K}, G={G}, TRAJ={TRAJ}, {EPOCHS} epochs, {COPIES} distorted copies"
    elif MODEL == "mlp":
        from quill_research.handwriting.latin.mlp import train_mlp
        def get_epoch(e):
            if not Zc:
                return Z0, y
            return np.vstack([Z0, Zc[e % len(Zc)]]), np.concatenate([y, y])
        m = train_mlp(get_epoch, K, H=H, epochs=EPOCHS, bs=BS, lr=LR, wd=WD, drop_in=DIN, drop_h=DH, seed=MSEED,
                      log=lambda s: print(s, flush=True))
        W1, b1, W2, b2 = (np.ascontiguousarray(a, np.float32) for a in (m.W1, m.b1, m.W2, m.b2))
        with open(os.path.join(out, "latin.classifier"), "wb") as h:
            h.write(struct.pack("<4s6I", b"LAT2", D, H, K, NPL, G, TRAJ))
            for a in (mean32, std32, W1, b1, W2, b2):
                h.write(np.ascontiguousarray(a, "<f4").tobytes())
        def score(z):
            hid = np.maximum(W1.astype(np.float64) @ z + b1, 0.0)
            return W2.astype(np.float64) @ hid + b2
        desc = f"MLP {D}-{H}-{K}, G={G}, TRAJ={TRAJ}, {EPOCHS} epochs, {COPIES} distorted copies"
    else:
        from quill_research.handwriting.latin.fit import softmax_fit
        Xa = np.vstack([Z0] + Zc); ya = np.concatenate([y] * (1 + len(Zc)))
        Wb = softmax_fit(Xa.astype(np.float64), ya, LAM, iters=ITERS)
        W = Wb[:-1].T.astype(np.float32); b = Wb[-1].astype(np.float32)
        with open(os.path.join(out, "latin.classifier"), "wb") as h:
            h.write(struct.pack("<4sIII", b"LAT1", D, K, NPL))
            for a in (mean32, std32, W, b):
                h.write(np.ascontiguousarray(a, "<f4").tobytes())
        def score(z):
            return W.astype(np.float64) @ z + b
        desc = f"softmax lambda {LAM}, {ITERS} iterations, {COPIES} distorted copies"
    print(f"trained on {len(fit_rows)} characters (+{COPIES} distorted copies each), {time.time()-t:.0f} s", flush=True)
    open(os.path.join(out, "latin.classes"), "w").write("\n".join(CLASSES) + "\n")

    def classify(strokes):
        z = (transform(raw_features(strokes, CFG)) - mean32.astype(np.float64)) / std32.astype(np.float64)
        return score(z), z
    t = time.perf_counter()
    S = np.array([classify(s)[0] for _, _, s in held])
    ms = 1000 * (time.perf_counter() - t) / len(held)
    yh = np.array([CI[l] for _, l, _ in held])
    r = metrics(S, yh)
    table = (f"{desc}\nheld-out contributors {' '.join(sorted(train.HELD_OUT))}: {len(held)} characters\n"
             f"case-insensitive all {r['all_ci']:.2f} % (argmax of 62, lower-cased) / {r['all_ci_merge']:.2f} % (both cases' "
             f"probabilities summed)\ncapitals {r['upper_ci']:.2f} / {r['upper_ci_merge']:.2f}, lower {r['lower_ci']:.2f} / "
             f"{r['lower_ci_merge']:.2f}\ndigits top-1 of 62 {r['digits62']:.2f} % (merged rule {r['digits62_merge']:.2f}), "
             f"digits among the 10 digit rows {r['digits_only']:.2f} %, exact 62-class top-1 {r['top1']:.2f} %\n"
             f"{ms:.3f} ms per character (features + scores, numpy float64, one thread)")
    print(table)
    open("heldout.md", "w").write(table + "\n")
    np.save("heldout_scores.npy", S)

    checks = []
    pick = np.random.default_rng(1).choice(len(held), 5, replace=False)
    for i in pick:
        w, label, strokes = held[i]
        s, z = classify(strokes)
        raw = raw_features(strokes, CFG)
        top = np.argsort(-s)[:3]
        checks.append({"writer": w, "label": label,
                       "strokes": [[[float(x), float(y)] for x, y in st] for st in strokes],
                       "raw_features_first20": [float(v) for v in raw[:20]],
                       "raw_features_nonplane": [float(v) for v in raw[NPL:]],
                       "raw_features": [float(v) for v in raw],
                       "standardized_first20": [float(v) for v in z[:20]],
                       "standardized": [float(v) for v in z],
                       "top3": [[CLASSES[j], float(s[j])] for j in top]})
    json.dump(checks, open("check_vectors.json", "w"), indent=1)


if __name__ == "__main__":
    main()
