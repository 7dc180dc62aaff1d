"""Measures Japanese reading on Tegaki's real-pen TRAINING writers (japanese-native1, -learner1:
the network's validation writers, never trained on; data/eval/ is never read), by writer.

  measure.py --tegaki GITDIR [--quill .build/debug/quill] [--json OUT.json] [--no-quill]

- `quill recognize --language ja` on one character a recording, written as ../shared/tools/real-ink.py
  writes it (an 18 mm square, 100 Hz, pen up 0.25 s between strokes): read right, read as one character;
- Zinnia alone (Debian's model through ctypes, the character fitted as CharacterCanvas fits it) and
  the network alone (numpy, --network net.pt) on the same characters;
- --json: the characters as written (mm, s), for measure_release.sh's timing.
"""
import argparse, collections, importlib.util, json, os, sys

from quill_research.common.paths import REPOSITORY


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tegaki", required=True)
    ap.add_argument("--quill", default=".build/debug/quill")
    ap.add_argument("--real-ink", default=os.path.join(REPOSITORY.parent, "shared", "tools", "real-ink.py"))
    ap.add_argument("--json")
    ap.add_argument("--network")
    ap.add_argument("--no-quill", action="store_true")
    a = ap.parse_args()
    spec = importlib.util.spec_from_file_location("real_ink", a.real_ink)
    ri = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(ri)
    sys.argv = [sys.argv[0]]
    from quill_research.handwriting.japanese import tune_lattice as tl  # Zinnia through ctypes, CharacterCanvas's cleaning

    items = []
    for writer in ("native1", "learner1"):
        items += [(writer, label, strokes) for label, strokes in tl.load(a.tegaki, writer)]
    if a.json:
        json.dump([{"label": l, "writer": w, "strokes": [[list(p) for p in s] for s in ri.as_written(st, (20, 20), box=18.0)]}
                   for w, l, st in items], open(a.json, "w"), ensure_ascii=False)
    m = collections.Counter()
    if a.network:
        import torch
        sd = torch.load(a.network)
        tl.NETWORK = ([sd[k].numpy().astype("float64") for k in ("l1.weight", "l1.bias", "l2.weight", "l2.bias", "out.weight", "out.bias")],
                      open(os.path.join(os.path.dirname(a.network), "classes.txt")).read().split("\n")[:-1])
        for w, label, strokes in items:
            m[w + " network"] += tl.classify(strokes, 1)[0][0] == label
        tl.NETWORK = None
    for w, label, strokes in items:
        m[w + " n"] += 1
        m[w + " zinnia"] += tl.classify(strokes, 1)[0][0] == label
        if not a.no_quill:
            p = os.path.join(ri.TMP, "ja.evemu")
            ri.write(p, [ri.as_written(strokes, (20, 20), box=18.0)])
            rows = [o for o in ri.quill(["recognize", p, "--language", "ja"], a.quill) if "text" in o]
            m[w + " quill"] += "".join(o["text"] for o in rows) == label
            m[w + " one"] += len(rows) == 1
    for w in ("native1", "learner1"):
        n = m[w + " n"]
        line = f"{w}: Zinnia alone {m[w + ' zinnia']}/{n} ({m[w + ' zinnia'] / n:.1%})"
        if a.network:
            line += f"; network alone {m[w + ' network']}/{n} ({m[w + ' network'] / n:.1%})"
        if not a.no_quill:
            line += f"; quill recognize {m[w + ' quill']}/{n} right ({m[w + ' quill'] / n:.1%}), {m[w + ' one']}/{n} one character"
        print(line, flush=True)


if __name__ == "__main__":
    main()
