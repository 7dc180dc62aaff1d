"""Trains Quill's English word network (conv stack + bidirectional GRU + CTC) on UNIPEN's real words
and characters of the training writers (data.py: never the reserved writers), validating on our own
validation writers (data.VALIDATION, split by writer), and writes the model for WordNetwork.swift.

    OMP_NUM_THREADS=1 nice -n 10 python3 -m quill_research.handwriting.words.train UNIPEN_ROOT [--minutes 40] [--out DIR]

Writes DIR/words.network (format: export.py) and DIR/check_vectors.json; prints validation figures.
"""
import argparse, json, math, os, random, time
import numpy as np
import torch
import torch.nn as nn

from quill_research.handwriting.words import data as wdata, export
from quill_research.handwriting.words.features import features, FEATURES
from quill_research.handwriting.words.model import WordNet, ALPHABET

INDEX = {c: i + 1 for i, c in enumerate(ALPHABET)}  # 0 is CTC's blank


def distort(strokes, rng, strength=1.0):
    """A random affine distortion (slant, squeeze, rotation), then with `strength` > 0: a random
    resampling of the pen's points (another speed or sampling rate), a small shift of each stroke
    and jitter of each point, all in units of the ink's height."""
    shear = rng.uniform(-0.35, 0.35) * (1.0 + 0.4 * strength)
    sx = math.exp(rng.uniform(-0.2, 0.2) * (1.0 + 0.5 * strength))
    rot = rng.uniform(-0.08, 0.08) * (1.0 + 0.5 * strength)
    c, s = math.cos(rot), math.sin(rot)
    m = np.array([[sx * c, -s + shear], [sx * s, c]])
    arrays = [np.asarray(st, dtype=np.float64) @ m.T for st in strokes]
    if strength <= 0:
        return [a.tolist() for a in arrays]
    allp = np.concatenate(arrays)
    h = max(float(np.ptp(allp[:, 1])), 1e-6)
    nrng = np.random.default_rng(rng.getrandbits(32))
    keep = rng.choice((1, 1, 2, 3))  # every k-th point: a slower sampling rate / faster pen
    shift = 0.03 * strength * h if rng.random() < 0.5 else 0.0
    jitter = rng.uniform(0.0, 0.012) * strength * h
    out = []
    for a in arrays:
        if keep > 1 and len(a) > 2 * keep:
            idx = list(range(0, len(a), keep))
            if idx[-1] != len(a) - 1:
                idx.append(len(a) - 1)
            a = a[idx]
        a = a + nrng.normal(0.0, shift, 2)[None, :] if shift else a
        if jitter:
            a = a + nrng.normal(0.0, jitter, a.shape)
        out.append(a.tolist())
    return out


def compose(chars_by_writer, rng, words):
    """A printed word composed from one writer's isolated letters, side by side."""
    writer = rng.choice(list(chars_by_writer))
    table = chars_by_writer[writer]
    word = rng.choice(words)
    word = "".join(c for c in word if c in table)
    if not word:
        return None
    strokes, x = [], 0.0
    hs = [np.ptp(np.concatenate([np.asarray(s) for s in rng.choice(table[c])])[:, 1]) for c in word]
    for c in word:
        st = [np.asarray(s, dtype=np.float64) for s in rng.choice(table[c])]
        allp = np.concatenate(st)
        x0 = allp[:, 0].min()
        # letters keep their own size; baseline = bottom except descenders (rough)
        y1 = allp[:, 1].max()
        gap = rng.uniform(0.15, 0.5) * (np.median(hs) + 1e-6)
        for s in st:
            strokes.append(np.stack([s[:, 0] - x0 + x, s[:, 1] - y1 + (0.3 * np.ptp(allp[:, 1]) if c in "gjpqy" else 0)], 1).tolist())
        x += np.ptp(allp[:, 0]) + gap
    return word, strokes


def encode(label):
    return [INDEX[c] for c in label if c in INDEX]


def batchify(items):
    """items: [(features (n, F), target list)] -> padded tensors."""
    n = max(len(f) for f, _ in items)
    x = np.zeros((len(items), n, FEATURES), dtype=np.float32)
    lens = []
    for i, (f, _) in enumerate(items):
        x[i, :len(f)] = f
        lens.append(len(f))
    targets = [t for _, t in items]
    return torch.from_numpy(x), torch.tensor(lens), torch.tensor(sum(targets, [])), torch.tensor([len(t) for t in targets])


def greedy(logp, length):
    best = logp[:length].argmax(-1).tolist()
    out, prev = [], 0
    for b in best:
        if b != prev and b != 0:
            out.append(ALPHABET[b - 1])
        prev = b
    return "".join(out)


def edit(a, b):
    d = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        prev, d[0] = d[0], i
        for j, cb in enumerate(b, 1):
            prev, d[j] = d[j], min(d[j] + 1, d[j - 1] + 1, prev + (ca != cb))
    return d[len(b)]


def evaluate(net, items, dictionary=None):
    net.eval()
    right = right_ci = errs = chars = 0
    with torch.no_grad():
        for k in range(0, len(items), 64):
            part = items[k:k + 64]
            x, lens, _, _ = batchify([(f, [1]) for f, _ in part])
            logp, olens = net(x, lens)
            for i, (_, label) in enumerate(part):
                text = greedy(logp[i], int(olens[i]))
                right += text == label
                right_ci += text.lower() == label.lower()
                errs += edit(text, label)
                chars += len(label)
    net.train()
    return right / len(items), right_ci / len(items), errs / max(chars, 1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("root")
    ap.add_argument("--minutes", type=float, default=40)
    ap.add_argument("--out", default="/tmp/quill-words-out")
    ap.add_argument("--batch", type=int, default=48)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--compose", type=float, default=0.1, help="share of composed printed words")
    ap.add_argument("--init", help="a checkpoint (best.pt) to continue from")
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--augment", type=float, default=0.0, help="strength of resampling, stroke shift and jitter (0: affine only)")
    ap.add_argument("--distort", type=float, default=0.8, help="share of distorted samples")
    a = ap.parse_args()
    torch.manual_seed(a.seed)
    rng = random.Random(a.seed)
    os.makedirs(a.out, exist_ok=True)
    d = wdata.load(a.root)
    train = [(w, l, s) for w, l, s in d["words"] if w not in wdata.VALIDATION]
    val = [(w, l, s) for w, l, s in d["words"] if w in wdata.VALIDATION]
    rng.shuffle(val)
    val_items = [(features(s), l) for _, l, s in val[:1500]]
    val_items = [(f, l) for f, l in val_items if f is not None]
    chars_by_writer = {}
    for w, l, s in d["chars"]:
        if w in wdata.VALIDATION:
            continue
        chars_by_writer.setdefault(w, {}).setdefault(l, []).append(s)
    chars_by_writer = {w: t for w, t in chars_by_writer.items() if len(t) >= 20}
    vocab = [l for _, l, _ in train]
    singles = [(l, s) for w, l, s in d["chars"] if w not in wdata.VALIDATION]
    print(f"train words {len(train)} ({len({w for w, _, _ in train})} writers), validation words {len(val)} "
          f"({sorted(wdata.VALIDATION)}), characters {len(singles)}", flush=True)

    net = WordNet()
    if a.init:
        net.load_state_dict(torch.load(a.init))
    print("parameters", sum(p.numel() for p in net.parameters()), flush=True)
    opt = torch.optim.Adam(net.parameters(), lr=a.lr)
    ctc = nn.CTCLoss(blank=0, zero_infinity=True)
    start = time.time()
    limit = a.minutes * 60
    step, best, losses = 0, -1.0, []
    while time.time() - start < limit:
        items = []
        while len(items) < a.batch:
            r = rng.random()
            if r < a.compose:
                c = compose(chars_by_writer, rng, vocab)
                if c is None:
                    continue
                label, strokes = c
            elif r < a.compose + 0.05:
                label, strokes = rng.choice(singles)
            else:
                _, label, strokes = rng.choice(train)
            if rng.random() < a.distort:
                strokes = distort(strokes, rng, a.augment)
            f = features(strokes)
            t = encode(label)
            if f is None or not t or len(f) // 2 < 2 * len(t):
                continue
            items.append((f, t))
        items.sort(key=lambda it: len(it[0]))
        x, lens, targets, tlens = batchify(items)
        logp, olens = net(x, lens)
        loss = ctc(logp.transpose(0, 1), targets, olens, tlens)
        opt.zero_grad()
        loss.backward()
        nn.utils.clip_grad_norm_(net.parameters(), 5.0)
        frac = (time.time() - start) / limit
        for g in opt.param_groups:
            g["lr"] = a.lr * (0.5 * (1 + math.cos(math.pi * min(frac, 1.0)))) + 5e-5
        opt.step()
        losses.append(float(loss.detach()))
        step += 1
        if step % 200 == 0:
            acc, acc_ci, cer = evaluate(net, val_items[:600])
            print(f"{time.time() - start:6.0f} s step {step} loss {np.mean(losses[-200:]):.3f} "
                  f"val best-path words {acc:.3f} (case ignored {acc_ci:.3f}) CER {cer:.3f}", flush=True)
            if acc_ci > best:
                best = acc_ci
                torch.save(net.state_dict(), os.path.join(a.out, "best.pt"))
    if best < 0:
        torch.save(net.state_dict(), os.path.join(a.out, "best.pt"))
    net.load_state_dict(torch.load(os.path.join(a.out, "best.pt")))
    acc, acc_ci, cer = evaluate(net, val_items)
    print(f"final (best checkpoint) on {len(val_items)} validation words: best path {acc:.3f}, case ignored {acc_ci:.3f}, CER {cer:.3f}")
    export.write(net, os.path.join(a.out, "words.network"))
    export.check_vectors(net, [s for _, _, s in val[:0]] + [s for _, _, s in train[:3]], os.path.join(a.out, "check_vectors.json"))


if __name__ == "__main__":
    main()
