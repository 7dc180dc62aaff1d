"""Trains Quill's English (Latin) handwriting model for Zinnia from UNIPEN train_r01_v07.

    python3 -m quill_research.handwriting.train UNIPEN_ROOT [--out Sources/QuillHandwritingModel/Resources/latin.model]
                                     [--validate] [--evaluate]

UNIPEN_ROOT holds data/ and include/ of the UNIPEN train_r01_v07 distribution (Zenodo, CC BY 4.0,
https://doi.org/10.5281/zenodo.1195803; fetch github:GreenCappuccino/train_r01_v07). Categories 1a
(digits), 1b (upper case), 1c (lower case) and 1d (symbols: the punctuation kept below) of every
contributor except the held-out writers (art gmd kai lav mot sie uqb val: kept for measuring, never
trained or tuned on) and pri, tos (their files do not parse cleanly). Each character is cleaned as
Quill cleans it before recognition (cleaning.py), written in Zinnia's S-expression form and
trained with zinnia_learn (Debian zinnia-utils; it has no options). --validate first trains on nine
tenths of the training writers and reports the other tenth (what a change to the cleaning or the
classes does, judged without the held-out writers); --evaluate reports the held-out writers'
accuracy with the model.
"""
import argparse
import os
import random
import subprocess
import sys
import tempfile
import time

from quill_research.common import unipen
from quill_research.common.paths import REPOSITORY
from quill_research.common.reserved import RESERVED_WRITERS as HELD_OUT
from quill_research.handwriting import cleaning
UNPARSED = {"pri", "tos"}
# Punctuation kept: Zinnia's S-expressions cannot hold ( ) or a space, and its text model cannot
# hold ':' (it separates a feature's index from its value: zinnia_convert fails).
PUNCTUATION = set(".,;!?'-+=/*#&%$@\"")
CATEGORIES = ["1a", "1b", "1c", "1d"]


def characters(root, writers_wanted, *, categories=CATEGORIES, skipped=UNPARSED):
    """(writer, label, strokes) for every single-character segment of the wanted writers (of
    `categories`; writers in `skipped` never: the training leaves UNPARSED out)."""
    errors = []
    for rec in unipen.iter_recordings(root, categories=categories, on_error=lambda p, e: errors.append(str(e))):
        if rec.writer in skipped or not writers_wanted(rec.writer):
            continue
        millimetres = rec.x_ppmm is not None and rec.y_ppmm is not None
        for seg in rec.segments:
            label = seg.label
            if len(label) != 1 or not (label.isascii() and (label.isalnum() or label in PUNCTUATION)):
                continue
            if seg.quality.upper() == "BAD" or not seg.strokes:
                continue
            if millimetres:
                strokes = [[(x, y) for _, x, y in rec.strokes[i]] for i in seg.strokes if i < len(rec.strokes)]
            else:
                flip = -1 if rec.y_up else 1
                strokes = [[(x, flip * y) for x, y in rec.raw_strokes[i]] for i in seg.strokes if i < len(rec.raw_strokes)]
            if strokes:
                yield rec.writer, label, strokes
    for error in errors[:10]:
        print(f"skipped: {error}", file=sys.stderr)


def write_training(samples, path):
    count = 0
    with open(path, "w", encoding="utf-8") as handle:
        for _, label, strokes in samples:
            cleaned = cleaning.clean(strokes)
            if cleaned and all(len(s) >= 1 for s in cleaned):
                handle.write(cleaning.sexpr(label, cleaned) + "\n")
                count += 1
    return count


def train(training_file, model):
    command = ["zinnia_learn", training_file, model]
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    return command


def classify(model, samples, nbest=5):
    """The n-best labels for each sample, by Zinnia itself (classify.c beside this file)."""
    here = os.path.dirname(os.path.abspath(__file__))
    binary = os.path.join(tempfile.gettempdir(), "quill-zinnia-classify")
    source = os.path.join(here, "classify.c")
    if not os.path.exists(binary) or os.path.getmtime(binary) < os.path.getmtime(source):
        flags = subprocess.run(["pkg-config", "--cflags", "--libs", "zinnia"], check=True, capture_output=True, text=True).stdout.split()
        subprocess.run(["cc", "-O2", source, "-o", binary] + flags, check=True)
    lines = []
    for _, _, strokes in samples:
        cleaned = cleaning.clean(strokes) or [[(500, 500)]]
        lines.append(cleaning.sexpr(None, cleaned))
    started = time.perf_counter()
    out = subprocess.run([binary, model, str(nbest)], input="\n".join(lines) + "\n", capture_output=True, text=True, check=True).stdout
    elapsed = time.perf_counter() - started
    return [line.split(" ") if line else [] for line in out.split("\n")[: len(samples)]], elapsed


def report(samples, results, elapsed, title):
    groups = {"digits": str.isdigit, "upper": str.isupper, "lower": str.islower, "punctuation": lambda c: c in PUNCTUATION}
    print(f"{title}: {len(samples)} characters, {1000 * elapsed / max(1, len(samples)):.3f} ms each (Zinnia, one process)")
    print("| class | n | top-1 | top-1 ignoring case | top-5 |")
    print("|---|---|---|---|---|")
    for name, test in list(groups.items()) + [("all", lambda c: True)]:
        chosen = [(s, r) for s, r in zip(samples, results) if test(s[1])]
        if not chosen:
            continue
        top1 = sum(1 for s, r in chosen if r and r[0] == s[1])
        nocase = sum(1 for s, r in chosen if r and r[0].lower() == s[1].lower())
        top5 = sum(1 for s, r in chosen if s[1] in r[:5])
        n = len(chosen)
        print(f"| {name} | {n} | {100 * top1 / n:.1f} % | {100 * nocase / n:.1f} % | {100 * top5 / n:.1f} % |")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("root")
    parser.add_argument("--out", default=os.path.join(REPOSITORY, "Sources", "QuillHandwritingModel", "Resources", "latin.model"))
    parser.add_argument("--validate", action="store_true")
    parser.add_argument("--evaluate", action="store_true")
    args = parser.parse_args()
    if not os.path.isdir(os.path.join(args.root, "data")):
        sys.exit(f"{args.root}: no data/ folder: give the root of UNIPEN train_r01_v07 (github:GreenCappuccino/train_r01_v07)")
    training = list(characters(args.root, lambda w: w not in HELD_OUT))
    writers = sorted({w for w, _, _ in training})
    print(f"training writers ({len(writers)}): {' '.join(writers)}; {len(training)} characters")
    with tempfile.TemporaryDirectory() as work:
        if args.validate:
            rng = random.Random(22)
            validation_writers = set(rng.sample(writers, max(1, len(writers) // 10)))
            fit = [s for s in training if s[0] not in validation_writers]
            check = [s for s in training if s[0] in validation_writers]
            write_training(fit, os.path.join(work, "fit.s"))
            model = os.path.join(work, "fit.model")
            train(os.path.join(work, "fit.s"), model)
            results, elapsed = classify(model, check)
            report(check, results, elapsed, f"validation writers {' '.join(sorted(validation_writers))}")
        count = write_training(training, os.path.join(work, "train.s"))
        started = time.perf_counter()
        command = train(os.path.join(work, "train.s"), args.out)
        print(f"trained on {count} characters in {time.perf_counter() - started:.0f} s: {' '.join(command[:-2])} train.s {os.path.relpath(args.out)}")
        print(f"model: {os.path.getsize(args.out)} bytes")
    if args.evaluate:
        held = list(characters(args.root, lambda w: w in HELD_OUT))
        results, elapsed = classify(args.out, held)
        report(held, results, elapsed, f"held-out writers {' '.join(sorted({w for w, _, _ in held}))}")


if __name__ == "__main__":
    main()
