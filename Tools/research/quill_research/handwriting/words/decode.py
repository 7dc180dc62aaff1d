"""The word search of WordBeamSearch.swift in Python (a CTC prefix beam over the word list's trie),
with a language prior, for choosing the decoder's settings on our validation writers.

    python3 -m quill_research.handwriting.words.decode CHECKPOINT [-n 1000] [--seed 3] [--weight 0.3 ...]

Prints, per setting, the share of the validation writers' dictionary words read right (case ignored).
"""
import argparse, math, pickle, random, time
import numpy as np
import torch

from quill_research.handwriting.words import data as wdata
from quill_research.handwriting.words import priors as wpriors
from quill_research.handwriting.words.features import features
from quill_research.handwriting.words.model import WordNet, ALPHABET

NEG = -math.inf


def lse(a, b):
    if a == NEG:
        return b
    if b == NEG:
        return a
    m = a if a > b else b
    return m + math.log1p(math.exp(-abs(a - b)))


class Trie:
    def __init__(self, words, prior):
        """words: lower-case a-z strings; prior: word -> log prior (nats)."""
        self.children = [{}]
        self.letter = [-1]
        self.parent = [-1]
        self.word = [None]
        for w in sorted(set(words)):
            n = 0
            for c in w:
                k = ord(c) - 97
                nxt = self.children[n].get(k)
                if nxt is None:
                    nxt = len(self.children)
                    self.children[n][k] = nxt
                    self.children.append({})
                    self.letter.append(k)
                    self.parent.append(n)
                    self.word.append(None)
                n = nxt
            self.word[n] = w
        # look-ahead: the best prior among the words below each node
        self.best = [NEG] * len(self.children)
        for n in range(len(self.children) - 1, -1, -1):
            b = prior.get(self.word[n], NEG) if self.word[n] else NEG
            for c in self.children[n].values():
                b = max(b, self.best[c])
            self.best[n] = b
        self.prior = prior


def letters_of(logp):
    """(frames, 26) log-probabilities of each letter, either case."""
    lo = logp[:, 1:27]
    up = logp[:, 27:53]
    return np.logaddexp(lo, up)


def beam(trie, logp, width=48, floor=-12.0, weight=0.0, lookahead=True):
    """Returns [(word, ctc log p, prior)] of the beam's word nodes."""
    L = letters_of(logp)
    blank = logp[:, 0]
    b = {0: (0.0, NEG)}
    for t in range(len(logp)):
        lt = L[t]
        bl = float(blank[t])
        nxt = {}
        for node, (pb, pl) in b.items():
            tot = lse(pb, pl)
            e = nxt.get(node, (NEG, NEG))
            eb = lse(e[0], tot + bl)
            el = e[1]
            if node != 0:
                el = lse(el, pl + float(lt[trie.letter[node]]))
            nxt[node] = (eb, el)
            for k, child in trie.children[node].items():
                v = float(lt[k])
                if v < floor:
                    continue
                frm = pb if (node != 0 and trie.letter[node] == k) else tot
                c = nxt.get(child, (NEG, NEG))
                nxt[child] = (c[0], lse(c[1], frm + v))
        if len(nxt) > width:
            if weight and lookahead:
                key = lambda kv: lse(*kv[1]) + weight * trie.best[kv[0]]
            else:
                key = lambda kv: lse(*kv[1])
            b = dict(sorted(nxt.items(), key=key, reverse=True)[:width])
        else:
            b = nxt
    out = []
    for node, p in b.items():
        w = trie.word[node]
        if w:
            out.append((w, lse(*p), trie.prior.get(w, NEG)))
    return out


def raw(logp):
    best = logp.argmax(-1)
    s, prev, score = [], 0, float(logp.max(-1).sum())
    for k in best:
        if k != prev and k != 0:
            s.append(ALPHABET[k - 1])
        prev = k
    return "".join(s), score


def priors(kind, words):
    """log prior (nats) of each word of the list."""
    if kind == "none":
        return {w: 0.0 for w in words}
    if kind.startswith("scowl"):
        tiers = wpriors.scowl_tiers(words, kind[5:] or wpriors.LEVELS)
        lp = dict(tiers["tiers"])
        return {w: lp.get(tiers["level"].get(w), tiers["unlisted"]) for w in words}
    if kind == "wordfreq":
        import gzip, msgpack
        d = msgpack.load(gzip.open("/tmp/qw-pip/wf/wordfreq/data/large_en.msgpack.gz"), raw=False)
        # cB bins: list index i holds words with frequency 10^(-i/100)
        freq = {}
        for i, bucket in enumerate(d[1:]):
            for w in bucket:
                if w not in freq:
                    freq[w] = -i / 100 * math.log(10)
        floor = min(freq.get(w, 0) for w in words if w in freq) - 1
        return {w: freq.get(w, floor) for w in words}
    raise ValueError(kind)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("checkpoint")
    ap.add_argument("-n", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--prior", default="scowl")
    ap.add_argument("--weights", default="0,0.5")
    ap.add_argument("--width", type=int, default=48)
    ap.add_argument("--margin", type=float, default=8.0)
    ap.add_argument("--show", type=int, default=0)
    a = ap.parse_args()
    torch.set_num_threads(1)
    net = WordNet()
    net.load_state_dict(torch.load(a.checkpoint))
    net.eval()
    listwords = wpriors.list_words()
    prior = priors(a.prior, listwords)
    trie = Trie(listwords, prior)
    d = pickle.load(open("/tmp/quill-words-unipen.pkl", "rb"))
    lset = set(listwords)
    items = [(w, l, s) for w, l, s in d["words"] if w in wdata.VALIDATION and l.isalpha() and l.lower() in lset]
    random.Random(a.seed).shuffle(items)
    items = items[:a.n]
    outs = []
    with torch.no_grad():
        for w, l, s in items:
            f = features(s)
            lp, _ = net(torch.from_numpy(f)[None], torch.tensor([len(f)]))
            outs.append((w, l, lp[0].numpy().astype(np.float64)))
    for weight in [float(x) for x in a.weights.split(",")]:
        t0 = time.time()
        right, by, misses = 0, {}, []
        for w, l, lp in outs:
            cands = beam(trie, lp, a.width, weight=weight)
            cands.sort(key=lambda c: c[1] + weight * c[2], reverse=True)
            rt, rs = raw(lp)
            text = cands[0][0] if cands else rt
            if rt and cands and rt.lower() not in lset and rs > cands[0][1] + a.margin:
                text = rt
            ok = text.lower() == l.lower()
            right += ok
            r = by.setdefault(w, [0, 0])
            r[0] += ok
            r[1] += 1
            if not ok:
                misses.append((l, text, w))
        print(f"{a.prior} weight {weight}: {right}/{len(outs)} = {right / len(outs):.3f}  "
              + " ".join(f"{k} {v[0]}/{v[1]}" for k, v in sorted(by.items())) + f"  [{time.time() - t0:.0f} s]", flush=True)
        for m in misses[:a.show]:
            print("   miss", m)


if __name__ == "__main__":
    main()
