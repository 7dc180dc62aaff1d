"""Writes real dictionary words of our validation writers (data.VALIDATION, never trained on) as
JSON for the Swift bench (bench/bench.sh): [{"writer", "label", "strokes"}].

    python3 -m quill_research.handwriting.words.dump OUT.json [-n 1000] [--seed 3]
"""
import argparse, json, pickle, random
from quill_research.handwriting.words import data as wdata, priors



def main():
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


if __name__ == "__main__":
    main()
