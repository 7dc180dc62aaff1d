"""Hold to snap measured on real people's drawings, end to end through `quill shapes`.

Each drawing becomes a stroke of an evemu recording (a 200 units/mm pen, 100 Hz points, the
drawing fitted into 22 mm), held 0.7 s at its end or lifted at once; `quill shapes` says what each
stroke snapped to. Reported per set and part:

  * Apple Pencil drawings (github:antoninbouchal/Drawn-shapes-Dataset, iPad Pro, no licence
    stated: read from its git dir, never copied). The set names no people; its drawings were made
    in sessions (file names carry Unix times). Sessions of 2019-09-06 were tuned on ("tune", 1 775
    one-stroke drawings); those of 09-08 to 09-10 were not ("held", 1 249).
  * Quick, Draw! (Google, CC BY 4.0), one-stroke drawings, every one by another player:
    `--quickdraw-tune DIR` (looked at while tuning: borismus/exupery's raw circle, star, zigzag)
    and `--quickdraw DIR` (never looked at: lamnguyen5464/Sketch-dataset's circle, square,
    triangle, line, star, diamond, moon, lightning, hexagon, octagon) — DIR holds <word>.ndjson.
  * False snaps: UNIPEN words written in one stroke (three letters or more: cursive), held, by the
    training writers split in two by a hash of their name (`--unipen ROOT`); the writers
    ink-recognition.md reserves are never read. Every drawing again, lifted without a hold: none
    may snap.

  python3 -m quill_research.shapes.real [--drawn GITDIR] [--quickdraw DIR] [--quickdraw-tune DIR] [--unipen ROOT [--words N]]
                       [--quill .build/release/quill] [--part held|tune|all] [--show N]
"""
import argparse
import collections
import json
import os
import subprocess
import sys
import tempfile
import zlib

from quill_research.common import evemu
from quill_research.common.reserved import RESERVED_WRITERS
SESSION_SPLIT = 1567814400  # 2019-09-07 00:00 UTC
MEANT = {"circle": {"circle", "ellipse"}, "oval": {"ellipse", "circle"}, "rectangle": {"rectangle", "square"},
         "square": {"square", "rectangle"}, "triangle": {"triangle"}, "diamond": {"quadrilateral", "square", "rectangle"},
         "line": {"line"}, "star": {"star"}}
NOT_SHAPES = {"moon"}  # drawn, but none of the shapes: snapping is a false snap


def evemu_header():
    keys = [0] * 96
    for code in (0x140, 0x141, 0x14a, 0x14b, 0x14c):
        keys[code // 8] |= 1 << (code % 8)
    axes = [0] * 8
    for code in (0x00, 0x01, 0x18, 0x19):
        axes[code // 8] |= 1 << (code % 8)
    return (["# EVEMU 1.3", "N: Quill Real Drawing Pen", "I: 0003 056a 0357 0110", "P: 00 00 00 00 00 00 00 00",
             "B: 00 0b 00 00 00 00 00 00 00"]
            + ["B: 01 " + " ".join(f"{b:02x}" for b in keys[i:i + 8]) for i in range(0, 96, 8)]
            + ["B: 02 00 00 00 00 00 00 00 00", "B: 03 " + " ".join(f"{b:02x}" for b in axes), "B: 04 00 00 00 00 00 00 00 00",
               "A: 00 0 60000 4 0 200", "A: 01 0 60000 4 0 200", "A: 18 0 8191 0 0 0", "A: 19 0 63 0 0 0"])


def fitted(points, box=22.0):
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    k = box / max(max(xs) - min(xs), max(ys) - min(ys), 1e-9)
    return [((x - min(xs)) * k, (y - min(ys)) * k) for x, y in points]


def densified(points, step=1.0):
    """Points at most `step` mm apart along the polyline: Quick, Draw!'s simplified drawings keep
    only the vertices of a Ramer–Douglas–Peucker fit, which a pen drawing them would have sampled
    all along (100 Hz at 1 mm a point: 100 mm/s)."""
    out = [points[0]]
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        n = max(1, int(((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5 / step + 0.999))
        out += [(x0 + (x1 - x0) * k / n, y0 + (y1 - y0) * k / n) for k in range(1, n + 1)]
    return out


def write_recording(path, strokes, hold):
    """strokes: point lists in mm; each drawn at 100 Hz in its own 25 mm cell, 1 s apart."""
    lines = []
    frame = evemu.EvemuWriter(lines, evemu_header(), offset=0.0).frame

    frame(0.000001, [(1, 0x140, 1), (3, 0, 1000), (3, 1, 1000), (3, 0x19, 30)])
    t = 0.05
    for index, points in enumerate(strokes):
        ox, oy = 5 + (index % 10) * 25, 5 + (index // 10) * 25
        for i, (x, y) in enumerate(points):
            t += 0.01
            events = [(3, 0, round((ox + x) * 200)), (3, 1, round((oy + y) * 200)), (3, 0x18, 4000)]
            frame(t, events + ([(1, 0x14a, 1), (3, 0x19, 0)] if i == 0 else []))
        end = t + hold
        while t + 0.01 <= end:
            t += 0.01
            frame(t, [(3, 0x18, 4001 if round(t * 100) % 2 else 4000)])
        t += 0.01
        frame(t, [(1, 0x14a, 0), (3, 0x18, 0), (3, 0x19, 10)])
        t += 1.0
    frame(t, [(1, 0x140, 0)])
    with open(path, "w") as f:
        f.writelines(lines)


def snapped(quill, items, hold, workdir):
    """What `quill shapes` makes of each item's stroke: its shape when held (and held), else none."""
    results = []
    for start in range(0, len(items), 100):
        part = items[start:start + 100]
        path = os.path.join(workdir, f"drawings-{start}.evemu")
        write_recording(path, [densified(fitted(item["points"])) if item["set"] == "Quick, Draw!" else fitted(item["points"]) for item in part], hold)
        run = subprocess.run([quill, "shapes", path], capture_output=True, text=True, timeout=900)
        if run.returncode != 0:
            sys.exit(f"real.py: quill shapes {path} failed: {run.stderr.strip()[-400:]}")
        rows = [row for row in map(json.loads, (line for line in run.stdout.splitlines() if line.startswith("{"))) if "shape" in row]
        if len(rows) != len(part):
            sys.exit(f"real.py: {path}: {len(part)} strokes drawn, quill shapes found {len(rows)}")
        results += [row["shape"] if row["held"] else "none" for row in rows]
    return results


def git_files(git, folder):
    out = subprocess.run(["git", "-C", git, "ls-tree", "-r", "--name-only", "HEAD", folder], capture_output=True, text=True, check=True)
    return [line for line in out.stdout.splitlines() if line.endswith(".json")]


def drawn_items(git):
    items = []
    for path in git_files(git, "paths"):
        word, name = path.split("/")[1], path.split("/")[2]
        strokes = json.loads(subprocess.run(["git", "-C", git, "show", "HEAD:" + path], capture_output=True, check=True).stdout)
        if len(strokes) != 1:
            continue
        points = [(float(x), float(y)) for x, y in strokes[0]]
        points = [points[0]] + [q for p, q in zip(points, points[1:]) if q != p]
        if len(points) < 5:
            continue
        part = "tune" if int(name.split(" ")[-1][:-5]) < SESSION_SPLIT else "held"
        items.append({"set": "Apple Pencil", "part": part, "word": word, "id": name, "points": points})
    return items


def quickdraw_items(directory, part):
    items = []
    for name in sorted(os.listdir(directory)):
        if not name.endswith(".ndjson"):
            continue
        for line in open(os.path.join(directory, name)):
            if not line.strip():
                continue
            drawing = json.loads(line)
            if len(drawing["drawing"]) != 1:
                continue
            stroke = drawing["drawing"][0]
            points = [(float(x), float(y)) for x, y in zip(stroke[0], stroke[1])]
            points = [points[0]] + [q for p, q in zip(points, points[1:]) if q != p]
            if len(points) >= 2:
                items.append({"set": "Quick, Draw!", "part": part, "word": drawing["word"], "id": drawing["key_id"], "points": points})
    return items


def unipen_words(root, limit):
    from quill_research.common import unipen
    items = []
    for rec in unipen.iter_recordings(root, categories=["6", "7"], on_error=lambda *args: None):
        if rec.writer in RESERVED_WRITERS:
            continue
        for segment in rec.segments:
            if segment.kind.upper() != "WORD" or len(segment.strokes) != 1 or sum(c.isalpha() for c in segment.label) < 3:
                continue
            points = [(x, y) for _, x, y in rec.strokes[segment.strokes[0]] if x is not None and y is not None]
            if len(points) >= 10:
                part = "tune" if zlib.crc32(rec.writer.encode()) % 2 == 0 else "held"
                items.append({"set": "UNIPEN cursive words", "part": part, "word": "handwriting", "id": f"{rec.writer}:{segment.label}", "points": points})
    step = max(1, len(items) // limit)
    return items[::step]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--drawn")
    parser.add_argument("--quickdraw")
    parser.add_argument("--quickdraw-tune")
    parser.add_argument("--unipen")
    parser.add_argument("--words", type=int, default=3000, help="about this many UNIPEN words, every k-th")
    parser.add_argument("--quill", default=".build/release/quill")
    parser.add_argument("--part", choices=["held", "tune", "all"], default="held")
    parser.add_argument("--show", type=int, default=0, help="print N misses (never for the held part)")
    args = parser.parse_args()
    items = drawn_items(args.drawn) if args.drawn else []
    if args.quickdraw:
        items += quickdraw_items(args.quickdraw, "held")
    if args.quickdraw_tune:
        items += quickdraw_items(args.quickdraw_tune, "tune")
    if args.unipen:
        items += unipen_words(args.unipen, args.words)
    items = [item for item in items if args.part == "all" or item["part"] == args.part]
    with tempfile.TemporaryDirectory(prefix="quill-real-shapes-") as workdir:
        held = snapped(args.quill, items, 0.7, workdir)
        lifted = snapped(args.quill, items, 0.0, workdir)
    table = collections.defaultdict(lambda: [0, 0, collections.Counter()])
    false_snaps = collections.defaultdict(lambda: [0, 0])
    for item, shape in zip(items, held):
        key = (item["set"], item["part"])
        if item["word"] in MEANT:
            entry = table[key + (item["word"],)]
            entry[1] += 1
            if shape in MEANT[item["word"]]:
                entry[0] += 1
            else:
                entry[2][shape] += 1
        elif item["word"] in NOT_SHAPES or item["word"] == "handwriting":
            false_snaps[key][1] += 1
            false_snaps[key][0] += shape != "none"
        else:
            table[key + ("other: " + item["word"],)][2][shape] += 1
    print("| set | part | drawn as | held drawings | snapped to it | taken for |")
    print("|---|---|---|---|---|---|")
    totals = collections.defaultdict(lambda: [0, 0])
    for (name, part, word), (right, total, confusions) in sorted(table.items()):
        taken = ", ".join(f"{k} {v}" for k, v in confusions.most_common(3))
        if total:
            print(f"| {name} | {part} | {word} | {total} | {right} ({100 * right / total:.0f} %) | {taken} |")
            totals[(name, part)][0] += right
            totals[(name, part)][1] += total
        else:
            print(f"| {name} | {part} | {word} | {sum(confusions.values())} | — | {taken} |")
    for (name, part), (right, total) in sorted(totals.items()):
        print(f"| {name} | {part} | all | {total} | {right} ({100 * right / total:.1f} %) | |")
    for (name, part), (wrong, total) in sorted(false_snaps.items()):
        print(f"false snaps, {name} ({part}), held: {wrong} of {total} ({100 * wrong / max(1, total):.2f} %)")
    lifted_snaps = sum(shape != "none" for shape in lifted)
    print(f"lifted without a hold: {lifted_snaps} of {len(items)} snapped")
    if args.show:
        misses = [(item["word"], shape, item["id"]) for item, shape in zip(items, held)
                  if item["part"] == "tune" and item["word"] in MEANT and shape not in MEANT[item["word"]]]
        for miss in misses[:args.show]:
            print("miss (tune):", miss)


if __name__ == "__main__":
    main()
