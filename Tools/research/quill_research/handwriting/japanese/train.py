"""Trains Quill's Japanese character network on Tomoe and KanjiVG, distorted; validates on the
real-pen TRAINING writers of Tegaki (japanese-native1, japanese-learner1), which it never trains on.

  OMP_NUM_THREADS=1 nice -n 19 python3 -m quill_research.handwriting.japanese.train --tegaki GITDIR --kanjivg GITDIR [--out /tmp/quill-japanese]

Writes OUT/net.pt (the network), OUT/classes.txt and a log of top-1 per validation writer per epoch.
"""
import argparse, math, os, time
import numpy as np
import torch
import torch.nn as nn
from quill_research.handwriting.japanese import data
from quill_research.handwriting.japanese.features import FEATURES, FILL, canvas, features

HIDDEN = (384, 192)


class JapaneseNet(nn.Module):
    def __init__(self, classes):
        super().__init__()
        self.l1 = nn.Linear(FEATURES, HIDDEN[0])
        self.l2 = nn.Linear(HIDDEN[0], HIDDEN[1])
        self.out = nn.Linear(HIDDEN[1], classes)
        self.drop = nn.Dropout(0.15)

    def forward(self, x):
        h = torch.relu(self.l1(self.drop(x)))
        h = torch.relu(self.l2(self.drop(h)))
        return self.out(h)


def refit(strokes):
    """A distorted character fitted back as CharacterCanvas fits it (700 of 1000, centred, whole units)."""
    pts = np.concatenate(strokes)
    lo, hi = pts.min(0), pts.max(0)
    k = FILL / max((hi - lo).max(), 1e-9)
    c = (lo + hi) / 2
    return [np.round((s - c) * k + 500) for s in strokes]


def augment(strokes, rng):
    """Distortions of a cleaned character: per-stroke shifts, scales and turns, a global slant,
    shear and aspect, a smooth warp, and now and then two strokes written without lifting the pen."""
    out = []
    for s in strokes:
        s = np.asarray(s, dtype=np.float64)
        c = s.mean(0)
        a = rng.normal(0, 0.08)
        r = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]]) * math.exp(rng.normal(0, 0.1))
        s = (s - c) @ r.T + c + rng.normal(0, 22, 2)
        s = s + rng.normal(0, 4, s.shape)
        out.append(s)
    a, sh, asp = rng.normal(0, 0.1), rng.normal(0, 0.15), math.exp(rng.normal(0, 0.15))
    m = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]]) @ np.array([[asp, sh], [0, 1 / asp]])
    ph = rng.uniform(0, 2 * math.pi, 4)
    amp = rng.normal(0, 25, 2)
    res = []
    for s in out:
        s = (s - 500) @ m.T + 500
        x, y = s[:, 0].copy(), s[:, 1].copy()
        s[:, 0] += amp[0] * np.sin(y / 350 + ph[0]) * np.cos(x / 500 + ph[1])
        s[:, 1] += amp[1] * np.sin(x / 350 + ph[2]) * np.cos(y / 500 + ph[3])
        if res and rng.random() < 0.12:
            res[-1] = np.concatenate([res[-1], s])
        else:
            res.append(s)
    return refit(res)


def as_lists(strokes):
    return [[(float(x), float(y)) for x, y in s] for s in strokes]


def build(d, per, seed, sources=("tomoe", "kanjivg")):
    index = {c: i for i, c in enumerate(d["classes"])}
    rng = np.random.default_rng(seed)
    base = [(index[l], canvas(s)) for source in sources for l, s in d[source] if l in index]
    n = len(base) * (per + 1)
    X = np.zeros((n, FEATURES), dtype=np.float16)
    Y = np.zeros(n, dtype=np.int64)
    k = 0
    for y, c in base:
        X[k], Y[k] = features(c), y
        k += 1
        for _ in range(per):
            X[k], Y[k] = features(augment(c, rng)), y
            k += 1
    return X, Y


def validation(d):
    index = {c: i for i, c in enumerate(d["classes"])}
    return {w: (np.stack([features(canvas(s)) for _, s in items]), np.array([index[l] for l, _ in items]))
            for w, items in d["writers"].items()}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tegaki", required=True)
    ap.add_argument("--kanjivg", required=True)
    ap.add_argument("--out", default="/tmp/quill-japanese")
    ap.add_argument("--per", type=int, default=20, help="distorted copies of each Tomoe / KanjiVG character")
    ap.add_argument("--epochs", type=int, default=14)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sources", default="tomoe,kanjivg", help="tomoe, kanjivg or both (comma-separated)")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    torch.manual_seed(a.seed)
    d = data.load(a.tegaki, a.kanjivg)
    open(os.path.join(a.out, "classes.txt"), "w").write("\n".join(d["classes"]) + "\n")
    t0 = time.time()
    sources = tuple(a.sources.split(","))
    cache = os.path.join(a.out, f"train-{'+'.join(sources)}-{a.per}-{a.seed}.npz")
    if os.path.exists(cache):
        z = np.load(cache); X, Y = z["X"], z["Y"]
    else:
        X, Y = build(d, a.per, a.seed, sources)
        np.savez(cache, X=X, Y=Y)
    print(f"{len(X)} training characters ({time.time() - t0:.0f} s)", flush=True)
    val = validation(d)
    net = JapaneseNet(len(d["classes"]))
    opt = torch.optim.Adam(net.parameters(), lr=2e-3)
    steps = a.epochs * math.ceil(len(X) / 512)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=2e-3, total_steps=steps, pct_start=0.1)
    loss_fn = nn.CrossEntropyLoss(label_smoothing=0.1)
    Xt, Yt = torch.from_numpy(X), torch.from_numpy(Y)
    for epoch in range(a.epochs):
        net.train()
        perm = torch.randperm(len(X))
        total = 0.0
        for i in range(0, len(X), 512):
            b = perm[i:i + 512]
            loss = loss_fn(net(Xt[b].float()), Yt[b])
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            total += loss.item() * len(b)
        net.eval()
        with torch.no_grad():
            acc = {w: float((net(torch.from_numpy(x)).argmax(1).numpy() == y).mean()) for w, (x, y) in val.items()}
        print(f"epoch {epoch}: loss {total / len(X):.3f}; top-1 " + ", ".join(f"{w} {v:.1%}" for w, v in acc.items())
              + f" ({time.time() - t0:.0f} s)", flush=True)
        torch.save(net.state_dict(), os.path.join(a.out, "net.pt"))


if __name__ == "__main__":
    main()
