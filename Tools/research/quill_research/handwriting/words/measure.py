"""Measures `quill recognize --language en` on real words of OUR VALIDATION writers (data.VALIDATION,
never trained on), written as /work/shared/tools/real-ink.py writes them (9 mm tall, 100 Hz,
0.12 s pen-up): dictionary words (Debian wamerican) of categories 6 and 7.

    python3 -m quill_research.handwriting.words.measure --quill PATH [-n 300] [--seed 1] [--real-ink PATH_TO_real-ink.py]
"""
import argparse, collections, importlib.util, os, pickle, random, time
from quill_research.handwriting.words import data as wdata


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--quill", required=True)
    ap.add_argument("-n", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--real-ink", default="/work/shared/tools/real-ink.py")
    ap.add_argument("--cache", default="/tmp/quill-words-unipen.pkl")
    ap.add_argument("--show", type=int, default=0)
    a = ap.parse_args()
    spec = importlib.util.spec_from_file_location("real_ink", a.real_ink)
    ri = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(ri)
    dictionary = set(w.strip().lower() for w in open("/usr/share/dict/american-english", encoding="utf-8", errors="replace"))
    d = pickle.load(open(a.cache, "rb"))
    words = [(w, l, s) for w, l, s in d["words"] if w in wdata.VALIDATION and l.isalpha() and l.lower() in dictionary]
    random.Random(a.seed).shuffle(words)
    words = words[:a.n]
    right, by, misses, took = 0, collections.defaultdict(lambda: [0, 0]), [], time.time()
    for i, (writer, label, strokes) in enumerate(words):
        p = os.path.join(ri.TMP, f"vword-{i}.evemu")
        ri.write(p, [ri.as_written(strokes, (20, 20), height=9.0, pen_up=0.12)])
        text = " ".join(o["text"] for o in ri.quill(["recognize", p, "--language", "en"], a.quill) if "text" in o)
        ok = text.lower() == label.lower()
        right += ok
        by[writer][0] += ok
        by[writer][1] += 1
        if not ok:
            misses.append((label, text, writer))
    print(f"English, real words of our validation writers ({len(words)}, dictionary words, 9 mm tall): "
          f"{right} right ({right / max(len(words), 1):.1%}) [{time.time() - took:.0f} s]")
    print("  per writer:", ", ".join(f"{w} {r}/{n}" for w, (r, n) in sorted(by.items())))
    for m in misses[:a.show]:
        print("  miss:", m)


if __name__ == "__main__":
    main()
