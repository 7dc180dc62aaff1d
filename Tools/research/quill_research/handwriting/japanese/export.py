"""Writes japanese.network for JapaneseNetwork.swift, and check vectors for its test.

  python3 -m quill_research.handwriting.japanese.export OUT/net.pt OUT/classes.txt RESOURCES_DIR [--vectors Tests/Fixtures/handwriting/japanese-check-vectors.json]

File layout (little-endian): the 8 bytes "QUILLJN1"; UInt32 byte count of the classes and the
classes (UTF-8, one per line, each line ended by "\\n"); UInt32 tensor count (6); each tensor: UInt32
rank, rank x UInt32 dimensions, Float32 values row-major: l1.weight (384, FEATURES), l1.bias,
l2.weight (192, 384), l2.bias, out.weight (classes, 192), out.bias.

The check vectors: for characters of Tests/Fixtures/handwriting/tegaki-train-sample.json (Tegaki's
training writers, GPL-2.0 as TEGAKI-LICENSE.md says) and two odd inks, the cleaned strokes
(CharacterCanvas units), the features and the five best classes with their log-probabilities.
"""
import argparse, json, os, struct
import numpy as np
import torch
from quill_research.common.paths import REPOSITORY
from quill_research.handwriting.japanese.features import canvas, features
from quill_research.handwriting.japanese.train import JapaneseNet


def write(net, classes, path):
    sd = {k: v.detach().numpy().astype(np.float32) for k, v in net.state_dict().items()}
    with open(path, "wb") as f:
        f.write(b"QUILLJN1")
        text = "".join(c + "\n" for c in classes).encode()
        f.write(struct.pack("<I", len(text)) + text)
        names = ["l1.weight", "l1.bias", "l2.weight", "l2.bias", "out.weight", "out.bias"]
        f.write(struct.pack("<I", len(names)))
        for n in names:
            t = sd[n]
            f.write(struct.pack("<I", t.ndim) + struct.pack(f"<{t.ndim}I", *t.shape))
            f.write(np.ascontiguousarray(t, dtype="<f4").tobytes())


def log_probabilities(net, strokes):
    with torch.no_grad():
        return torch.log_softmax(net(torch.from_numpy(features(strokes))[None]), 1)[0].numpy()


def check_vectors(net, classes, path):
    sample = json.load(open(os.path.join(REPOSITORY, "Tests", "Fixtures", "handwriting", "tegaki-train-sample.json")))
    inks = []
    for e in sample[::17][:6]:
        flat = e["strokes"]
        inks.append((e["character"], canvas([[(s[i], s[i + 1]) for i in range(0, len(s), 2)] for s in flat])))
    # One point; a retrace with a single-point stroke (cleaned by hand: canvas units).
    inks.append(("", [[(500, 500)]]))
    inks.append(("", [[(150, 300), (850, 300), (150, 300)], [(500, 100)], [(500, 150), (520, 850)]]))
    cases = []
    for label, strokes in inks:
        lp = log_probabilities(net, strokes)
        top = np.argsort(-lp)[:5]
        cases.append({"character": label, "strokes": [[[int(x), int(y)] for x, y in s] for s in strokes],
                      "features": [round(float(v), 6) for v in features(strokes)],
                      "best": [classes[k] for k in top], "logProbabilities": [round(float(lp[k]), 5) for k in top]})
    json.dump({"classes": len(classes), "cases": cases}, open(path, "w"), ensure_ascii=False)


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("weights")
    ap.add_argument("classes")
    ap.add_argument("resources")
    ap.add_argument("--vectors")
    a = ap.parse_args()
    classes = open(a.classes).read().split("\n")[:-1]
    net = JapaneseNet(len(classes))
    net.load_state_dict(torch.load(a.weights))
    net.eval()
    write(net, classes, os.path.join(a.resources, "japanese.network"))
    if a.vectors:
        check_vectors(net, classes, a.vectors)
    print("wrote", os.path.join(a.resources, "japanese.network"), a.vectors or "")
