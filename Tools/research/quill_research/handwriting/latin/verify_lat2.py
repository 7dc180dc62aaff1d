"""Independent check of SPEC.md: parse latin.classifier (LAT2 or LAT3) by the spec's layout, recompute the features
(features.py) and scores for check_vectors.json, report the largest deviations, and time one character.
    python3 verify_lat2.py latin.classifier check_vectors.json"""
import json, struct, sys, time
import numpy as np
sys.dont_write_bytecode = True
from quill_research.handwriting.latin.features import raw_features


def main():
    blob = open(sys.argv[1], "rb").read()
    magic = blob[:4]
    if magic == b"LAT2":
        _, D, H, K, NPLANE, G, TRAJ = struct.unpack("<4s6I", blob[:28]); sizes = [D, H, K]; off = 28
    else:                                   # LAT3: D K NPLANE G TRAJ L H_1..H_L
        assert magic == b"LAT3"
        D, K, NPLANE, G, TRAJ, L = struct.unpack("<6I", blob[4:28]); hs = list(struct.unpack(f"<{L}I", blob[28:28 + 4 * L]))
        sizes = [D] + hs + [K]; off = 28 + 4 * L
    assert D == 8 * G * G + 128 + 10 + 2 * TRAJ and NPLANE == 8 * G * G + 128
    a = np.frombuffer(blob, "<f4", offset=off).astype(np.float64)
    assert len(a) == 2 * D + sum(sizes[i + 1] * sizes[i] + sizes[i + 1] for i in range(len(sizes) - 1)), len(a)
    o = 0
    def take(n):
        nonlocal o
        r = a[o:o + n]; o += n; return r
    mean, std = take(D), take(D)
    layers = [(take(sizes[i + 1] * sizes[i]).reshape(sizes[i + 1], sizes[i]), take(sizes[i + 1])) for i in range(len(sizes) - 1)]
    W1, b1 = layers[0]
    print(magic, "layer sizes", sizes)
    classes = [str(i) for i in range(10)] + [chr(c) for c in range(65, 91)] + [chr(c) for c in range(97, 123)]
    def run(strokes):
        v = raw_features(strokes, {"g": G, "traj": TRAJ})
        x = v.copy(); x[:NPLANE] = np.sqrt(np.maximum(x[:NPLANE], 0))
        z = (x - mean) / std
        h = z
        for i, (W, b) in enumerate(layers):
            h = W @ h + b
            if i < len(layers) - 1:
                h = np.maximum(h, 0)
        return v, z, h
    worst = {"raw": 0, "z": 0, "score": 0}
    for c in json.load(open(sys.argv[2])):
        v, z, s = run(c["strokes"])
        worst["raw"] = max(worst["raw"], np.abs(v - np.array(c["raw_features"])).max())
        worst["z"] = max(worst["z"], np.abs(z - np.array(c["standardized"])).max())
        for lab, sc in c["top3"]:
            worst["score"] = max(worst["score"], abs(s[classes.index(lab)] - sc))
        top = [classes[j] for j in np.argsort(-s)[:3]]
        print(c["writer"], c["label"], "top3", top, "expected", [l for l, _ in c["top3"]])
    print("max abs deviation", worst)
    st = json.load(open(sys.argv[2]))[0]["strokes"]
    t = time.perf_counter(); n = 2000
    for _ in range(n):
        run(st)
    print(f"{1000*(time.perf_counter()-t)/n:.3f} ms per character (numpy float64, features + MLP)")
    t = time.perf_counter()
    z = np.random.default_rng(0).standard_normal(D)
    for _ in range(n):
        h = z
        for W, b in layers: h = np.maximum(W @ h + b, 0)
    print(f"{1000*(time.perf_counter()-t)/n:.3f} ms for the dense layers alone (numpy float64 matvecs)")


if __name__ == "__main__":
    main()
