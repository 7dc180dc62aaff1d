"""How well `quill recognize --language en` reads printed English words written by hands its model
never saw (issue 22: "printed words with the word list ≥ 75 %"). A measurement only: nothing is tuned.

    python3 -m quill_research.scribble.words_eval --data /tmp/up1 [--quill PATH] [--count 400] [--seed 22]
                                         [--out /tmp/words_eval.json] [--writers held-out|W1,W2,…]

`--writers` develops on training writers' letters (e.g. aga,apa,apb,ced,imp,lou,pri,tos: the dot
rule of CharacterSegmenter was checked there first, 65.2 → 75.5 % as written) so that the
held-out writers (the default) are measured, not tuned on. Measured 2026-11-27 on the held-out
writers: 76.8 % as written, 78.5 % at one x-height (67.2 and 71.8 % before the dot rule).

What it measures: the share of words whose reading (the recognized units' texts joined by spaces,
as Tests/QuillHandwritingTests/LatinTests.swift joins them) equals the word, ignoring case, with a
95 % Wilson interval; by word length; the kinds of error (one letter wrong, several letters wrong,
split into two or more units, letters dropped or added (the rest right), a shorter or longer
reading with letters wrong too, nothing read or a failed run); the
most common letter confusions (from an edit-distance alignment of word and reading); seconds per word.

How:
  * Words: a fixed sample (random.Random(seed).sample) of COUNT distinct words of 3–8 letters from
    /usr/share/dict/words (Debian's wamerican, the recognizer's own word list), lower-case ASCII
    letters only (words with capitals, apostrophes or other characters are skipped).
  * Letters: UNIPEN category 1c (lower case) of the held-out writers (Tools/research/quill_research/handwriting/train.py
    HELD_OUT: art gmd kai lav mot sie uqb val), read by train.py's characters() (single-character segments, not BAD,
    pen-down strokes in millimetres with y growing downwards; UNIPEN's y grows upwards and the reader flips it). For each word ONE
    writer is drawn (same random generator) among those with samples of every letter the word
    needs, then for each letter one random sample of it by that writer: one writer's hand.
  * Two layouts of the same letters, as Tests/QuillHandwritingTests/HeldOutWriting.swift
    `word(_:oneHand:)` places them: "as written" (the writer's own letter sizes, each letter's box
    moved a fifth of its height after the previous one, bottoms on one baseline) and "one
    x-height" (oneHand: every letter scaled to 1 unit tall, or 1.6 for letters outside
    "acemnorsuvwxz" (ascenders, descenders, i and j with their dots), g j p q y hanging 0.6 below
    the baseline).
  * Each word is written as Tools/research/quill_research/scribble/generate.py writes one (its placed() and write(): the
    word scaled to 8 mm tall at (40, 40) mm on a 224 × 148 mm tablet, 60 mm/s, 240 Hz, σ 0.03 mm
    noise, hovering between strokes; noise seeded per word) to an evemu recording, read by
    `quill recognize FILE --language en` (60 s deadline: a timeout or a failed run is an error,
    with its message); its JSON Lines are parsed.

The data: UNIPEN train_r01_v07, International Unipen Foundation, "Unipen data set of on-line
(vectorial) handwriting - train_r01_v07 (December 1999)", Zenodo, doi:10.5281/zenodo.1195803,
licensed CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/); cite I. Guyon, L. Schomaker,
R. Plamondon, M. Liberman, S. Janet, "UNIPEN project of on-line data exchange and recognizer
benchmarks", ICPR 1994. The per-word JSON written to --out holds no UNIPEN ink, only which
writer's letters were used and what was read.

Python 3 standard library only (plus Tools/research/quill_research/scribble/generate.py and Tools/research/quill_research/handwriting/train.py
with its unipen.py reader). Runs one
`quill` process at a time.
"""
import argparse
import collections
import json
import math
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

from quill_research.common.paths import REPOSITORY
from quill_research.common.reserved import RESERVED_WRITERS
from quill_research.handwriting import train  # its characters(): how the English model reads UNIPEN
from quill_research.scribble import generate

ROOT = str(REPOSITORY)
HELD_OUT = sorted(RESERVED_WRITERS)
WORDS = "/usr/share/dict/words"
LETTERS = "abcdefghijklmnopqrstuvwxyz"
SMALL = "acemnorsuvwxz"       # HeldOutWriting.word: letters one x-height tall with oneHand
DESCENDERS = "gjpqy"
LAYOUTS = ["as written", "one x-height"]
HEIGHT_MM, AT_MM, TIMEOUT = 8.0, (40.0, 40.0), 60.0


def load_words(path, count, rng):
    seen, pool = set(), []
    with open(path, encoding="utf-8", errors="replace") as handle:
        for line in handle:
            word = line.strip()
            if 3 <= len(word) <= 8 and word.isascii() and word.isalpha() and word.islower() and word not in seen:
                seen.add(word)
                pool.append(word)
    return rng.sample(pool, count), len(pool)


def load_letters(root, writers):
    """{writer: {letter: [strokes]}}: category 1c of `writers`, as Tools/research/quill_research/handwriting/train.py's
    characters() reads them (strokes [[(x, y)]], millimetres, y down), no writer skipped."""
    found = collections.defaultdict(lambda: collections.defaultdict(list))
    for writer, label, strokes in train.characters(root, lambda w: w in writers, categories=["1c"], skipped=()):
        if label in LETTERS:
            found[writer][label].append(strokes)
    return found


def laid_out(letters, one_hand):
    """HeldOutWriting.word(_:oneHand:) over the chosen samples [(letter, strokes)]: y down, baseline at 20."""
    out, x = [], 0.0
    for letter, sample in letters:
        xs = [p[0] for s in sample for p in s]
        ys = [p[1] for s in sample for p in s]
        left, width, bottom, height = min(xs), max(xs) - min(xs), max(ys), max(ys) - min(ys)
        scale = ((1.0 if letter in SMALL else 1.6) / max(height, 1e-9)) if one_hand else 1.0
        drop = 0.6 if one_hand and letter in DESCENDERS else 0.0
        for stroke in sample:
            out.append([((px - left) * scale + x, (py - bottom) * scale + 20 + drop) for px, py in stroke])
        x += (width + 0.2 * height) * scale
    return out


def wilson(k, n, z=1.959964):
    if n == 0:
        return (0.0, 0.0)
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def alignment(truth, read):
    """Edit operations turning truth into read: [(kind, a, b)], kind in same/sub/del/ins."""
    n, m = len(truth), len(read)
    d = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n + 1):
        d[i][0] = i
    for j in range(m + 1):
        d[0][j] = j
    for i in range(1, n + 1):
        for j in range(1, m + 1):
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (truth[i - 1] != read[j - 1]))
    ops, i, j = [], n, m
    while i > 0 or j > 0:
        if i > 0 and j > 0 and d[i][j] == d[i - 1][j - 1] + (truth[i - 1] != read[j - 1]):
            ops.append(("same" if truth[i - 1] == read[j - 1] else "sub", truth[i - 1], read[j - 1]))
            i, j = i - 1, j - 1
        elif i > 0 and d[i][j] == d[i - 1][j] + 1:
            ops.append(("del", truth[i - 1], ""))
            i -= 1
        else:
            ops.append(("ins", "", read[j - 1]))
            j -= 1
    return ops[::-1]


def error_kind(word, units, failure):
    if failure:
        return "failed run"
    text = " ".join(units).lower()
    if text == word:
        return "right"
    if not units or not text.strip():
        return "nothing read"
    if len(units) > 1:
        return "split (joined it is right)" if "".join(units).lower() == word else "split, and letters wrong"
    if len(text) == len(word):
        wrong = sum(a != b for a, b in zip(word, text))
        return "one letter wrong" if wrong == 1 else "several letters wrong (same length)"
    if len(text) < len(word):
        return "letters dropped" if subsequence(text, word) else "shorter, letters wrong"
    return "letters added" if subsequence(word, text) else "longer, letters wrong"


def subsequence(short, long):
    rest = iter(long)
    return all(c in rest for c in short)


def run(quill, path):
    """(units [{text, candidates, strokes}], failure message or None, seconds)."""
    start = time.monotonic()
    try:
        done = subprocess.run([quill, "recognize", path, "--language", "en"], capture_output=True,
                              text=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return [], f"timed out after {TIMEOUT:.0f} s", time.monotonic() - start
    except OSError as error:
        return [], f"cannot run {quill}: {error}", time.monotonic() - start
    seconds = time.monotonic() - start
    if done.returncode != 0:
        return [], f"exit {done.returncode}: {done.stderr.strip()[:300]}", seconds
    units = []
    try:
        for line in done.stdout.splitlines():
            if line.strip():
                units.append(json.loads(line))
    except json.JSONDecodeError as error:
        return units, f"unreadable output: {error}", seconds
    return units, None, seconds


def summarize(results, layout):
    rows = [r for r in results if r["layout"] == layout]
    right = sum(r["right"] for r in rows)
    low, high = wilson(right, len(rows))
    by_length = {}
    for length in sorted({len(r["word"]) for r in rows}):
        sub = [r for r in rows if len(r["word"]) == length]
        k = sum(r["right"] for r in sub)
        by_length[str(length)] = {"right": k, "of": len(sub), "accuracy": k / len(sub),
                                  "interval95": [round(v, 4) for v in wilson(k, len(sub))]}
    by_writer = {}
    for writer in sorted({r["writer"] for r in rows}):
        sub = [r for r in rows if r["writer"] == writer]
        by_writer[writer] = {"right": sum(r["right"] for r in sub), "of": len(sub)}
    kinds = collections.Counter(r["kind"] for r in rows if not r["right"])
    subs, drops, adds = collections.Counter(), collections.Counter(), collections.Counter()
    for r in rows:
        if r["right"] or r["failure"]:
            continue
        for kind, a, b in alignment(r["word"], "".join(r["units"]).lower()):
            if kind == "sub":
                subs[f"{a}→{b}"] += 1
            elif kind == "del":
                drops[a] += 1
            elif kind == "ins":
                adds[b] += 1
    seconds = [r["seconds"] for r in rows]
    return {"right": right, "of": len(rows), "accuracy": right / len(rows) if rows else 0.0,
            "interval95": [round(low, 4), round(high, 4)], "by_length": by_length, "by_writer": by_writer,
            "errors": dict(kinds.most_common()), "confusions": subs.most_common(20),
            "dropped_letters": drops.most_common(10), "added_letters": adds.most_common(10),
            "seconds_per_word": {"mean": statistics.mean(seconds), "median": statistics.median(seconds),
                                 "max": max(seconds)} if seconds else None}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", required=True, help="UNIPEN train_r01_v07 (the folder holding data/ and include/)")
    parser.add_argument("--quill", default=os.path.join(ROOT, ".build", "release", "quill"))
    parser.add_argument("--count", type=int, default=400)
    parser.add_argument("--seed", type=int, default=22)
    parser.add_argument("--out", default="/tmp/words_eval.json")
    parser.add_argument("--words", default=WORDS, help="the word list to draw words from")
    parser.add_argument("--writers", default="held-out",
                        help="held-out (the eight writers kept out of training: the measurement) or a comma list of "
                             "training writers (to develop on without looking at the held-out ones)")
    args = parser.parse_args()
    began = time.monotonic()

    rng = random.Random(args.seed)
    words, pool = load_words(args.words, args.count, rng)
    writers = HELD_OUT if args.writers == "held-out" else args.writers.split(",")
    letters = load_letters(args.data, writers)  # files that fail to read are said on standard error
    coverage = {w: "".join(sorted(letters[w])) if w in letters else "" for w in writers}
    for writer, have in coverage.items():
        if have != LETTERS:
            missing = "".join(c for c in LETTERS if c not in have)
            print(f"note: held-out writer {writer} has no 1c samples of {missing or '-'}"
                  + (" (no category 1c at all)" if not have else ""), file=sys.stderr)

    results, skipped = [], []
    with tempfile.TemporaryDirectory(prefix="words-eval-") as scratch:
        for index, word in enumerate(words):
            eligible = [w for w in writers if w in letters and all(letters[w].get(c) for c in word)]
            if not eligible:
                skipped.append(word)
                continue
            writer = rng.choice(eligible)
            picks = []
            for c in word:
                choice = rng.randrange(len(letters[writer][c]))
                picks.append((c, choice))
            chosen = [(c, letters[writer][c][i]) for c, i in picks]
            for number, layout in enumerate(LAYOUTS):
                strokes = generate.placed(laid_out(chosen, one_hand=(layout == "one x-height")), *AT_MM, HEIGHT_MM)
                right_edge = max(p[0] for s in strokes for p in s)
                path = os.path.join(scratch, f"{index:04d}-{number}.events")
                generate.write(path, strokes, random.Random(args.seed * 100003 + index * 2 + number))
                units, failure, seconds = run(args.quill, path)
                texts = [u.get("text", "") for u in units]
                read = " ".join(texts)
                covered = sorted(i for u in units for i in u.get("strokes", []))
                kind = error_kind(word, texts, failure)
                results.append({
                    "word": word, "writer": writer, "layout": layout,
                    "samples": [i for _, i in picks],
                    "read": read, "right": kind == "right", "kind": kind, "failure": failure,
                    "units": texts,
                    "candidates": [[c.get("text") for c in u.get("candidates", [])] for u in units],
                    "strokes": len(strokes), "every_stroke_read_once": covered == list(range(len(strokes))),
                    "width_mm": round(right_edge - AT_MM[0], 1), "seconds": round(seconds, 3)})
                if failure:
                    print(f"{word} ({writer}, {layout}): {failure}", file=sys.stderr)
            if (index + 1) % 50 == 0:
                done = [r for r in results]
                print(f"{index + 1}/{len(words)} words: "
                      + ", ".join(f"{l} {sum(r['right'] for r in done if r['layout'] == l)}" for l in LAYOUTS),
                      file=sys.stderr)

    summary = {layout: summarize(results, layout) for layout in LAYOUTS}
    both = collections.Counter()
    for r in results:
        if not r["right"] and not r["failure"]:
            for kind, a, b in alignment(r["word"], "".join(r["units"]).lower()):
                if kind == "sub":
                    both[f"{a}→{b}"] += 1
    report = {
        "measures": "printed English words of held-out UNIPEN writers read by quill recognize --language en",
        "data": "UNIPEN train_r01_v07 category 1c, CC BY 4.0, doi:10.5281/zenodo.1195803",
        "command": " ".join([os.path.relpath(sys.argv[0], ROOT) if sys.argv[0].startswith(ROOT) else sys.argv[0]] + sys.argv[1:]),
        "quill": args.quill, "seed": args.seed, "count": args.count, "word_pool": pool,
        "writers_letters": coverage,
        "samples_per_writer": {w: sum(len(v) for v in letters[w].values()) for w in writers if w in letters},
        "words_without_eligible_writer": skipped,
        "summary": summary, "confusions_both_layouts": both.most_common(20),
        "wall_seconds": round(time.monotonic() - began, 1),
        "words": results,
    }
    with open(args.out, "w", encoding="utf-8") as handle:
        json.dump(report, handle, ensure_ascii=False, indent=1)

    print(f"{len(words)} words ({pool} in the pool), seed {args.seed}; per-word results: {args.out}")
    for layout in LAYOUTS:
        s = summary[layout]
        print(f"\n{layout}: {s['right']}/{s['of']} = {100 * s['accuracy']:.1f} % "
              f"(95 % Wilson {100 * s['interval95'][0]:.1f}–{100 * s['interval95'][1]:.1f} %)")
        print("  by length: " + ", ".join(f"{n}: {v['right']}/{v['of']} ({100 * v['accuracy']:.0f} %)"
                                          for n, v in s["by_length"].items()))
        print("  by writer: " + ", ".join(f"{w}: {v['right']}/{v['of']}" for w, v in s["by_writer"].items()))
        print("  errors: " + ", ".join(f"{k} {v}" for k, v in s["errors"].items()))
        print("  confusions: " + ", ".join(f"{k} {v}" for k, v in s["confusions"]))
        print("  dropped: " + ", ".join(f"{k} {v}" for k, v in s["dropped_letters"])
              + "; added: " + ", ".join(f"{k} {v}" for k, v in s["added_letters"]))
        t = s["seconds_per_word"]
        print(f"  seconds per word (quill run): mean {t['mean']:.3f}, median {t['median']:.3f}, max {t['max']:.3f}")
    print("\nconfusions, both layouts: " + ", ".join(f"{k} {v}" for k, v in both.most_common(20)))
    print(f"wall time {report['wall_seconds']} s")


if __name__ == "__main__":
    main()
