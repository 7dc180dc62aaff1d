"""Scores `quill shapes` on a corpus written by Tools/research/quill_research/shapes/generate.py.

    python3 -m quill_research.shapes.measure CORPUS_DIR [--quill .build/release/quill]

Prints, per class, how many held drawings became that shape; how many strokes would snap that
must not (drawings lifted normally, handwriting as written: false snaps); and what the recognizer
alone makes of handwriting held 0.5 s (what would snap if a person rested on a letter).
"""
import argparse
import collections
import json
import subprocess
from pathlib import Path


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpus")
    parser.add_argument("--quill", default=".build/release/quill")
    args = parser.parse_args()
    corpus = Path(args.corpus)
    labels = [json.loads(line) for line in (corpus / "labels.jsonl").read_text().splitlines()]
    results = {}
    for name in sorted({label["file"] for label in labels}):
        run = subprocess.run([args.quill, "shapes", str(corpus / name)], capture_output=True, text=True, timeout=600)
        if run.returncode != 0:
            raise SystemExit(f"quill shapes {name} failed: {run.stderr.strip()}")
        # One row per stroke, by its id (the order strokes began); the eraser's lines left out.
        results[name] = {row["stroke"]: row for row in map(json.loads, run.stdout.splitlines()) if "shape" in row}
    right = collections.Counter()
    total = collections.Counter()
    confusions = collections.Counter()
    false_snaps, natural, held_handwriting, held_handwriting_shapes = 0, 0, 0, collections.Counter()
    missing = 0
    for label in labels:
        rows = results[label["file"]]
        if label["stroke"] not in rows:
            missing += 1
            continue
        row = rows[label["stroke"]]
        snaps = row["held"] and row["shape"] != "none"
        if label["class"] != "none" and label["held"]:
            total[label["class"]] += 1
            if snaps and row["shape"] == label["class"]:
                right[label["class"]] += 1
            else:
                confusions[(label["class"], row["shape"] if row["held"] else "not held")] += 1
        elif not label["held"]:
            natural += 1
            false_snaps += snaps
        else:
            held_handwriting += 1
            held_handwriting_shapes[row["shape"]] += 1
    print("| class | held drawings | snapped to it |")
    print("|---|---|---|")
    for kind in total:
        print(f"| {kind} | {total[kind]} | {right[kind]} ({100 * right[kind] / total[kind]:.0f} %) |")
    all_right, all_total = sum(right.values()), sum(total.values())
    print(f"| all | {all_total} | {all_right} ({100 * all_right / max(1, all_total):.1f} %) |")
    print(f"false snaps: {false_snaps} of {natural} strokes lifted normally ({100 * false_snaps / max(1, natural):.2f} %)")
    if held_handwriting:
        shaped = held_handwriting - held_handwriting_shapes["none"]
        print(f"handwriting held 0.5 s: {shaped} of {held_handwriting} would snap ({100 * shaped / held_handwriting:.1f} %): "
              + ", ".join(f"{k} {v}" for k, v in held_handwriting_shapes.most_common() if k != "none"))
    if confusions:
        print("misses: " + ", ".join(f"{a}→{b} {n}" for (a, b), n in confusions.most_common()))
    if missing:
        print(f"{missing} labelled strokes had no line (quill found fewer strokes)")


if __name__ == "__main__":
    main()
