"""Writes the word network for WordNetwork.swift, and check vectors.

File layout (little-endian): the 8 bytes "QUILLWN1"; UInt32 alphabet byte count and the alphabet
(UTF-8, one class per character, after CTC's blank = class 0); UInt32 tensor count; then each tensor:
UInt32 rank, rank x UInt32 dimensions, Float32 values in row-major order. Tensors in this order:
for each convolution, weight (out, in, kernel) and bias (out); GRU forward weight_ih (3H, in),
weight_hh (3H, H), bias_ih (3H), bias_hh (3H), the same for the backward direction; output weight
(classes, 2H) and bias (classes). Gate order r, z, n as PyTorch's GRU. Convolution strides and
kernels: a UInt32 header tensor first, shape (convs, 4) of Float32 (in, out, kernel, stride).
Then how common the word list's words are (priors.py: SCOWL's levels; WordPriors.swift reads it)."""
import json, struct
import numpy as np
import torch
from quill_research.handwriting.words import priors
from quill_research.handwriting.words.features import features
from quill_research.handwriting.words.model import ALPHABET, CONV


def tensors(net):
    sd = {k: v.detach().numpy().astype(np.float32) for k, v in net.state_dict().items()}
    out = [np.array(CONV, dtype=np.float32)]
    for i in range(len(CONV)):
        out += [sd[f"convs.{i}.weight"], sd[f"convs.{i}.bias"]]
    for suffix in ("", "_reverse"):
        out += [sd[f"gru.{n}_l0{suffix}"] for n in ("weight_ih", "weight_hh", "bias_ih", "bias_hh")]
    out += [sd["out.weight"], sd["out.bias"]]
    return out


def write(net, path, with_priors=True):
    with open(path, "wb") as f:
        f.write(b"QUILLWN1")
        a = ALPHABET.encode()
        f.write(struct.pack("<I", len(a)) + a)
        ts = tensors(net)
        f.write(struct.pack("<I", len(ts)))
        for t in ts:
            f.write(struct.pack("<I", t.ndim) + struct.pack(f"<{t.ndim}I", *t.shape))
            f.write(np.ascontiguousarray(t, dtype="<f4").tobytes())
        if with_priors:
            f.write(priors.section())


def check_vectors(net, inks, path):
    net.eval()
    cases = []
    with torch.no_grad():
        for strokes in inks:
            f = features(strokes)
            logp, olens = net(torch.from_numpy(f)[None], torch.tensor([len(f)]))
            cases.append({"strokes": [[[float(x), float(y)] for x, y in s] for s in strokes],
                          "features": f.round(6).tolist(),
                          "logProbabilities": logp[0].numpy().round(5).tolist()})
    json.dump({"alphabet": ALPHABET, "cases": cases}, open(path, "w"))


def check_inks():
    """The inks the check vectors are computed for: three real words of training writers (UNIPEN,
    CC BY 4.0), a one-point ink, and an ink with repeated points and a pen-up jump."""
    import pickle
    from quill_research.handwriting.words import data as wdata
    d = pickle.load(open("/tmp/quill-words-unipen.pkl", "rb"))
    picked, seen = [], set()
    for w, l, s in d["words"]:
        if w in ("anj", "cec", "sta") and w not in seen and len(l) >= 4:
            assert w not in wdata.VALIDATION and w not in wdata.RESERVED
            seen.add(w)
            picked.append(s)
    return picked + [[[(3.0, 4.0)]], [[(0.0, 0.0), (0.0, 0.0), (1.0, 2.0), (1.0, 2.0), (2.5, 0.5)], [(4.0, 1.0), (4.0, 3.0)]]]


if __name__ == "__main__":
    import sys
    from quill_research.handwriting.words.model import WordNet
    net = WordNet()
    net.load_state_dict(torch.load(sys.argv[1]))
    write(net, sys.argv[2] + "/words.network")
    check_vectors(net, check_inks(), sys.argv[2] + "/check_vectors.json")
    print("wrote", sys.argv[2] + "/words.network", sys.argv[2] + "/check_vectors.json")
