#!/usr/bin/env python3
"""Independent check of SPEC.md: parse latin.classifier (LAT2) by the spec's layout, recompute the features
(features.py) and scores for check_vectors.json, report the largest deviations, and time one character.
    python3 verify_lat2.py latin.classifier check_vectors.json"""
import json, struct, sys, os, time
import numpy as np
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from features import raw_features
blob = open(sys.argv[1], "rb").read()
magic, D, H, K, NPLANE, G, TRAJ = struct.unpack("<4s6I", blob[:28])
assert magic == b"LAT2" and D == 8 * G * G + 128 + 10 + 2 * TRAJ and NPLANE == 8 * G * G + 128
a = np.frombuffer(blob, "<f4", offset=28).astype(np.float64)
assert len(a) == 2 * D + H * D + H + K * H + K, (len(a), D, H, K)
o = 0
def take(n):
    global o
    r = a[o:o + n]; o += n; return r
mean, std = take(D), take(D); W1 = take(H * D).reshape(H, D); b1 = take(H); W2 = take(K * H).reshape(K, H); b2 = take(K)
classes = [str(i) for i in range(10)] + [chr(c) for c in range(65, 91)] + [chr(c) for c in range(97, 123)]
def run(strokes):
    v = raw_features(strokes, {"g": G, "traj": TRAJ})
    x = v.copy(); x[:NPLANE] = np.sqrt(np.maximum(x[:NPLANE], 0))
    z = (x - mean) / std
    h = np.maximum(W1 @ z + b1, 0)
    return v, z, W2 @ h + b2
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
    np.maximum(W1 @ z + b1, 0)
print(f"{1000*(time.perf_counter()-t)/n:.3f} ms for the hidden layer alone (numpy float64 matvec)")
