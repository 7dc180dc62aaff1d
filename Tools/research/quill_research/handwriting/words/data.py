"""UNIPEN train_r01_v07 real words (categories 6 and 7, `.SEGMENT WORD`) and characters (1a-1c)
of the TRAINING writers, as (writer, label, strokes) with strokes [[(x mm, y mm), ...], ...], y
downwards. The writers reserved for independent measurement are never read."""
import os, pickle, sys, time

from quill_research.common import unipen
from quill_research.common.reserved import RESERVED_WRITERS as RESERVED

# Validation writers (ours, never trained on): chosen by name before any result was seen.
VALIDATION = frozenset("apc cea hpb lou nic".split())
ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'-"


def _strokes(rec, segment):
    out = []
    for i in segment.strokes:
        s = [(x, y) for _, x, y in rec.strokes[i]] if rec.strokes[i] and rec.strokes[i][0][1] is not None else []
        if s and not all(abs(x) < 1e-9 and abs(y) < 1e-9 for x, y in s):
            out.append(s)
    return out


def load(root, cache="/tmp/quill-words-unipen.pkl"):
    if os.path.exists(cache):
        return pickle.load(open(cache, "rb"))
    t = time.time()
    words, chars = [], []
    for kind, cats, seg_kind in (("word", ["6", "7"], "WORD"), ("char", ["1a", "1b", "1c"], "CHARACTER")):
        writers = sorted(w for c in cats for w in os.listdir(os.path.join(root, "data", c)) if w not in RESERVED)
        for rec in unipen.iter_recordings(root, categories=cats, writers=set(writers), on_error=lambda p, e: None):
            if rec.writer in RESERVED or rec.x_ppmm is None:
                continue
            for seg in rec.segments:
                if seg.kind != seg_kind or not seg.label or any(c not in ALPHABET for c in seg.label):
                    continue
                if kind == "char" and len(seg.label) != 1:
                    continue
                st = _strokes(rec, seg)
                if not st or sum(len(s) for s in st) < 2:
                    continue
                (words if kind == "word" else chars).append((rec.writer, seg.label, st))
    data = {"words": words, "chars": chars}
    pickle.dump(data, open(cache, "wb"))
    print(f"loaded {len(words)} words, {len(chars)} characters in {time.time() - t:.0f} s", file=sys.stderr)
    return data


if __name__ == "__main__":
    import collections
    d = load(sys.argv[1])
    for k in ("words", "chars"):
        c = collections.Counter(w for w, _, _ in d[k])
        print(k, len(d[k]), sorted(c.items()))
