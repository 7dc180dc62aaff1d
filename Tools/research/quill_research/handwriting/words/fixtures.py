"""Writes Tests/Fixtures/handwriting/unipen-training-words.json: real dictionary words of UNIPEN
training writers (never the reserved or validation ones), strokes in mm (y down), for the Swift tests.
UNIPEN train_r01_v07, CC BY 4.0 (Guyon et al. 1994)."""
import json, pickle, random, sys
from quill_research.handwriting.words import data as wdata

WRITERS = ["anj", "not", "cec", "sta", "kar", "pap"]  # anj and not write cursive


def main(out):
    d = pickle.load(open("/tmp/quill-words-unipen.pkl", "rb"))
    dictionary = set(w.strip() for w in open("/usr/share/dict/american-english", encoding="utf-8", errors="replace"))
    rng = random.Random(7)
    cases = []
    for writer in WRITERS:
        assert writer not in wdata.RESERVED and writer not in wdata.VALIDATION
        words = [(l, s) for w, l, s in d["words"] if w == writer and l.isalpha() and len(l) >= 4 and l.lower() in dictionary]
        for l, s in rng.sample(words, 3):
            cases.append({"writer": writer, "label": l, "strokes": [[[round(x, 2), round(y, 2)] for x, y in st] for st in s]})
    json.dump(cases, open(out, "w"))
    print(out, [(c["writer"], c["label"]) for c in cases])


if __name__ == "__main__":
    main(sys.argv[1])
