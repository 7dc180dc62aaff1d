"""UNIPEN's 1a/1b/1c characters as (writer, label, strokes), parsed once and cached (data.pkl beside the
output, or $LATIN_CACHE)."""
import sys, os, pickle, time
from quill_research.handwriting import train
train.CATEGORIES = ["1a", "1b", "1c"]
def load(root="/tmp/up1"):
    cache = os.environ.get("LATIN_CACHE", os.path.join("/tmp", "quill-latin-unipen.pkl"))
    if os.path.exists(cache):
        return pickle.load(open(cache, "rb"))
    t = time.time()
    try:
        found = list(train.characters(root, lambda w: True))
    except TypeError:  # a train.py whose characters() also takes the classes wanted
        found = list(train.characters(root, lambda w: True, set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")))
    data = [(w, l, [list(map(tuple, s)) for s in st]) for w, l, st in found]
    data = [d for d in data if d[1].isalnum()]
    pickle.dump(data, open(cache, "wb"))
    print("loaded", len(data), time.time() - t, file=sys.stderr)
    return data
if __name__ == "__main__":
    d = load()
    from collections import Counter
    held = [x for x in d if x[0] in train.HELD_OUT]
    print(len(d), len(held), len({x[0] for x in d}))
    print(Counter(x[1] for x in held).most_common(70))
