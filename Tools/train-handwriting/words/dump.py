"""Writes real dictionary words of our validation writers (data.VALIDATION, never trained on) as
JSON for the Swift bench (bench/bench.sh): [{"writer", "label", "strokes"}].

    python3 dump.py OUT.json [-n 1000] [--seed 3]
"""
import argparse, json, os, pickle, random, sys
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import data as wdata  # noqa: E402
import priors  # noqa: E402

ap = argparse.ArgumentParser()
ap.add_argument("out")
ap.add_argument("-n", type=int, default=1000)
ap.add_argument("--seed", type=int, default=3)
a = ap.parse_args()
words = set(priors.list_words())
d = pickle.load(open("/tmp/quill-words-unipen.pkl", "rb"))
items = [(w, l, s) for w, l, s in d["words"] if w in wdata.VALIDATION and l.isalpha() and l.lower() in words]
random.Random(a.seed).shuffle(items)
json.dump([{"writer": w, "label": l, "strokes": s} for w, l, s in items[:a.n]], open(a.out, "w"))
