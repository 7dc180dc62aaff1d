#!/usr/bin/env python3
"""Writes Recordings/showcase/showcase.events: real handwriting and real drawings as one evemu
recording of the Wacom Cintiq 22HDT's pen, for the showcase picture (`quill showcase`).

Two steps, so that the recording can be rebuilt and checked without the UNIPEN distribution:

  Tools/generate/showcase-recording.py --extract UNIPEN_ROOT   # once: picks the ink, writes sources.json
  Tools/generate/showcase-recording.py                         # sources.json -> showcase.events
  Tools/generate/showcase-recording.py --check                 # regenerates into a temp dir and diffs

`--extract` reads lines of a UNIPEN train_r01_v07 page (a training writer, never one of the
writers ink-recognition.md reserves: quill_research.common.reserved) with the research package's
reader (Tools/research/quill_research/common/unipen.py, loaded from its file: standard library only), and one-stroke Quick, Draw!
drawings from Tests/Fixtures/shapes/quickdraw-one-stroke.ndjson (by key_id), and writes them,
unchanged but for units, to Recordings/showcase/sources.json.

The recording (deterministic: no clock, no randomness):
  * the device header is the Cintiq 22HDT pen's own (Recordings/evemu-devices/Wacom-Cintiq-22HDT-Pen.events:
    200 units/mm, pressure 0 … 2047, tilt 0 … 127), and so are its tool id (ABS_MISC) and serial;
  * the writing: each line as the writer wrote it (their points, their timing at their 200 Hz,
    their pressure scaled to the 22HDT's range), the lines stacked LINE_PITCH mm apart from
    WRITING_ORIGIN; the pen hovers between strokes for the writer's own pen-up time where the file
    knows it, else HOVER_BASE + distance / HOVER_SPEED; a stroke with a pen-down point of P <= 0
    is cut there (the pen lifted, as the writer's tablet said);
  * the drawings: each fitted into SHAPE_SIZE mm, drawn at DRAW_SPEED mm/s at 200 Hz (Quick, Draw!
    keeps only the vertices of a simplified line: the pen's path between them is a straight line),
    then held still HOLD seconds before lifting, so that hold to snap makes it its shape; pressure
    (which the drawings do not have) is a plain profile, rising over the first 30 ms (so is the
    pressure of a writer whose tablet recorded none);
  * tilt is constant (the drawings and this writer have none);
  * the pen leaves proximity after the writing and at the end.
"""
import argparse
import difflib
import importlib.util
import json
import math
import os
import re
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
OUT_DIR = os.path.join(ROOT, "Recordings", "showcase")
SOURCES = os.path.join(OUT_DIR, "sources.json")
RECORDING = "showcase.events"
DEVICE = os.path.join(ROOT, "Recordings", "evemu-devices", "Wacom-Cintiq-22HDT-Pen.events")
QUICKDRAW = os.path.join(ROOT, "Tests", "Fixtures", "shapes", "quickdraw-one-stroke.ndjson")

RESEARCH_COMMON = os.path.join(ROOT, "Tools", "research", "quill_research", "common")

# What --extract takes (see Recordings/showcase/README.md for why these).
PAGES = "data/8/cea/Balgi.dat:0,1,2;data/8/dar/dar2/isk.dat:0"  # file:.SEGMENT TEXT lines;…
DRAWINGS = "4737095195164672,4848879067463680,4636899014606848,4624556264259584"  # circle, triangle, square, star

UNITS_PER_MM = 200           # the 22HDT: ABS_X/ABS_Y resolution
PRESSURE_MAX = 2047
RATE = 200.0                 # Hz: the drawings (the writing keeps its writer's rate)
HOVER_RATE = 100.0           # Hz, while the pen hovers between strokes
WRITING_ORIGIN = (40.0, 40.0)  # mm: the first line's left end, and its baseline region's top
LINE_PITCH = 22.0            # mm between lines
SHAPE_ORIGIN = (40.0, 150.0)  # mm: the first drawing's top left
SHAPE_SIZE = 36.0            # mm
SHAPE_PITCH = 60.0           # mm between drawings' left edges
DRAW_SPEED = 110.0           # mm/s
HOLD = 0.7                   # s, still at the end of each drawing
HOVER_BASE = 0.12            # s
HOVER_SPEED = 250.0          # mm/s
MAX_PEN_UP = 0.6             # s: a longer pen-up time of the writer's is cut to this
TILT = (80, 76)              # ABS_TILT_X/Y (64 is upright)
TOOL_ID = 1050628            # ABS_MISC of the 22HDT recording's pen
SERIAL = -1686110160         # its MSC_SERIAL


# ------------------------------------------------------------------ extract

def research_module(name):
    """Tools/research/quill_research/common/<name>.py (standard library only, no imports of the
    package), loaded from its file: this generator runs with a plain python3 and no install."""
    spec = importlib.util.spec_from_file_location(f"quill_research.common.{name}", os.path.join(RESEARCH_COMMON, f"{name}.py"))
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the file runs
    spec.loader.exec_module(module)
    return module


def extract(unipen_root, pages, drawings, destination):
    """pages: [(data file under the root, [indexes of its .SEGMENT TEXT lines])]."""
    unipen = research_module("unipen")
    reserved_writers = research_module("reserved").RESERVED_WRITERS
    out_pages = []
    for page, lines in pages:
        writer = page.split("/")[2]
        if writer in reserved_writers:
            sys.exit(f"showcase-recording.py: {writer} is a reserved writer (ink-recognition.md): never used")
        path = os.path.join(unipen_root, page)
        rec = unipen.read(path, unipen_root)
        # The raw points (all columns) of each pen-down component, aligned with rec.strokes.
        state = unipen._State()
        unipen._walk(path, unipen_root, state, 0, frozenset())
        downs = [points for down, points, *_ in state.components if down]
        if len(downs) != len(rec.strokes):
            sys.exit(f"showcase-recording.py: {page}: {len(downs)} pen-down components, {len(rec.strokes)} strokes")
        ip = rec.coord.index("P") if "P" in rec.coord else None
        texts = [s for s in rec.segments if s.kind.upper() == "TEXT"]
        out_lines = []
        for number in lines:
            segment = texts[number]
            strokes = []
            for index in segment.strokes:
                raw = downs[index]
                strokes.append({
                    "gap_known": rec.gap_known[index],
                    "points": [[round(t, 6), round(x, 4), round(y, 4)] + ([raw[k][ip]] if ip is not None else [])
                               for k, (t, x, y) in enumerate(rec.strokes[index])]})
            out_lines.append({"label": segment.label, "segment": number, "strokes": strokes})
        out_pages.append({
            "file": page, "writer": writer, "writer_id": rec.writer_id, "rate": rec.rate,
            "points_per_mm": [rec.x_ppmm, rec.y_ppmm], "coord": list(rec.coord), "timing": rec.timing,
            "columns": ["t s", "x mm", "y mm (down)"] + (["P (as written)"] if ip is not None else []),
            "lines": out_lines})
    by_id = {}
    with open(QUICKDRAW) as handle:
        for line in handle:
            if line.strip():
                drawing = json.loads(line)
                by_id[drawing["key_id"]] = drawing
    chosen = []
    for key in drawings:
        if key not in by_id:
            sys.exit(f"showcase-recording.py: no drawing {key} in {QUICKDRAW}")
        chosen.append(by_id[key])
    sources = {
        "writing": {
            "dataset": "UNIPEN train_r01_v07 (International Unipen Foundation), CC BY 4.0, https://doi.org/10.5281/zenodo.1195803",
            "pages": out_pages},
        "drawings": {
            "dataset": "The Quick, Draw! Dataset (Google), CC BY 4.0, via Tests/Fixtures/shapes/quickdraw-one-stroke.ndjson",
            "items": chosen},
    }
    write_sources(sources, destination)


def write_sources(sources, path):
    """JSON with a stroke per line: small diffs, readable."""
    text = json.dumps(sources, indent=1, ensure_ascii=False)
    # Each point (a list of numbers) on one line.
    text = re.sub(r"\[\s+([-0-9.e,\s]+?)\s+\]", lambda m: "[" + ",".join(x.strip() for x in m.group(1).split(",")) + "]", text)
    # … and each stroke's points on one line.
    text = re.sub(r"\[\s+(\[[^\[\]]*\](?:,\s+\[[^\[\]]*\])*)\s+\]", lambda m: "[" + re.sub(r",\s+", ",", m.group(1)) + "]", text)
    with open(path, "w") as handle:
        handle.write(text + "\n")


# ------------------------------------------------------------------ recording

class Writer:
    """evemu frames, each value written only when it changes (as the kernel reports them)."""

    def __init__(self):
        self.lines = []
        self.state = {}
        self.t = 0.5

    def frame(self, values, keys=(), force=()):
        events = []
        for (kind, code), value in values:
            if self.state.get((kind, code)) != value or (kind, code) in force:
                self.state[(kind, code)] = value
                events.append((kind, code, value))
        for code, value in keys:
            events.append((1, code, value))
            self.state[(1, code)] = value
        if not events:
            return
        stamp = f"{self.t:.6f}"
        for kind, code, value in events:
            self.lines.append(f"E: {stamp} {kind:04x} {code:04x} {value}")
        self.lines.append(f"E: {stamp} 0004 0000 {SERIAL}")
        self.lines.append(f"E: {stamp} 0000 0000 0")

    def advance(self, seconds):
        self.t += seconds


ABS_X, ABS_Y, ABS_PRESSURE, ABS_DISTANCE, ABS_TILT_X, ABS_TILT_Y, ABS_MISC = 0x00, 0x01, 0x18, 0x19, 0x1a, 0x1b, 0x28
BTN_TOOL_PEN, BTN_TOUCH = 0x140, 0x14a


def units(mm):
    return int(round(mm * UNITS_PER_MM))


def position(x, y):
    return [((3, ABS_X), units(x)), ((3, ABS_Y), units(y))]


def proximity_in(w, x, y):
    w.frame(position(x, y) + [((3, ABS_DISTANCE), 40), ((3, ABS_TILT_X), TILT[0]), ((3, ABS_TILT_Y), TILT[1]),
                              ((3, ABS_MISC), TOOL_ID)], keys=[(BTN_TOOL_PEN, 1)])


def proximity_out(w):
    w.advance(1 / RATE)
    w.frame([((3, ABS_X), 0), ((3, ABS_Y), 0), ((3, ABS_DISTANCE), 0), ((3, ABS_TILT_X), 0), ((3, ABS_TILT_Y), 0),
             ((3, ABS_MISC), 0)], keys=[(BTN_TOOL_PEN, 0)])


def hover(w, start, end, seconds):
    """Hover frames at HOVER_RATE from start to end (mm), taking `seconds`; the pen rises and comes back."""
    steps = max(1, int(round(seconds * HOVER_RATE)))
    for k in range(1, steps + 1):
        f = k / steps
        x, y = start[0] + (end[0] - start[0]) * f, start[1] + (end[1] - start[1]) * f
        w.advance(seconds / steps)
        w.frame(position(x, y) + [((3, ABS_DISTANCE), int(round(8 + 24 * math.sin(math.pi * f))))])


def stroke(w, points):
    """points: [(dt before it s, x mm, y mm, pressure 0…1)]; the first touches, then the tip lifts."""
    for k, (dt, x, y, p) in enumerate(points):
        w.advance(dt)
        keys = [(BTN_TOUCH, 1)] if k == 0 else []
        w.frame(position(x, y) + [((3, ABS_PRESSURE), max(1, int(round(p * PRESSURE_MAX)))), ((3, ABS_DISTANCE), 0)], keys=keys)
    w.advance(1 / RATE)
    w.frame([((3, ABS_PRESSURE), 0), ((3, ABS_DISTANCE), 6)], keys=[(BTN_TOUCH, 0)])


def plain_pressure(t):
    """Pressure (0 … 1) t seconds into a stroke, for ink recorded without any: rising over 30 ms."""
    return 0.2 + 0.3 * min(1.0, t / 0.03)


def writing_strokes(writing):
    """[(gap s or None, [(t s, x mm, y mm, pressure 0…1)])] of every line of every page, placed on
    the tablet one below another; ("line", None) after each line."""
    out = []
    number = 0
    for page in writing["pages"]:
        pressures = sorted(p[3] for line in page["lines"] for s in line["strokes"] for p in s["points"] if len(p) > 3 and p[3] > 0)
        top = pressures[int(0.98 * (len(pressures) - 1))] if pressures else None
        for line in page["lines"]:
            xs = [p[1] for s in line["strokes"] for p in s["points"]]
            ys = [p[2] for s in line["strokes"] for p in s["points"]]
            dx, dy = WRITING_ORIGIN[0] - min(xs), WRITING_ORIGIN[1] + number * LINE_PITCH - min(ys)
            number += 1
            previous_end = None
            for s in line["strokes"]:
                pieces, piece = [], []
                for p in s["points"]:
                    if len(p) > 3 and p[3] <= 0:  # the writer's pen lifted inside the component
                        if piece:
                            pieces.append(piece)
                        piece = []
                        continue
                    pressure = min(1.0, 0.85 * p[3] / top) if top else plain_pressure(p[0] - s["points"][0][0])
                    piece.append((p[0], p[1] + dx, p[2] + dy, max(0.02, pressure)))
                if piece:
                    pieces.append(piece)
                for k, piece in enumerate(pieces):
                    gap = None
                    if previous_end is not None and (s["gap_known"] or k > 0):
                        gap = piece[0][0] - previous_end
                    out.append((gap, piece))
                    previous_end = piece[-1][0]
            out.append(("line", None))
    return out


def fitted_drawing(drawing, left, top):
    xs, ys = drawing["drawing"][0][0], drawing["drawing"][0][1]
    k = SHAPE_SIZE / max(max(xs) - min(xs), max(ys) - min(ys), 1)
    ox = left + (SHAPE_SIZE - (max(xs) - min(xs)) * k) / 2
    oy = top + (SHAPE_SIZE - (max(ys) - min(ys)) * k) / 2
    vertices = [(ox + (x - min(xs)) * k, oy + (y - min(ys)) * k) for x, y in zip(xs, ys)]
    return [v for i, v in enumerate(vertices) if i == 0 or v != vertices[i - 1]]


def drawn_points(vertices):
    """[(dt, x, y, pressure)] along the polyline at DRAW_SPEED (slower in the first and last 8 mm),
    sampled at RATE, then HOLD seconds still at the end."""
    lengths = [0.0]
    for (x0, y0), (x1, y1) in zip(vertices, vertices[1:]):
        lengths.append(lengths[-1] + math.hypot(x1 - x0, y1 - y0))
    total = lengths[-1]

    def at(s):
        for i in range(1, len(lengths)):
            if s <= lengths[i] or i == len(lengths) - 1:
                span = lengths[i] - lengths[i - 1]
                f = 0.0 if span == 0 else min(1.0, max(0.0, (s - lengths[i - 1]) / span))
                (x0, y0), (x1, y1) = vertices[i - 1], vertices[i]
                return x0 + (x1 - x0) * f, y0 + (y1 - y0) * f
        return vertices[-1]

    points, s, t = [], 0.0, 0.0
    while True:
        pressure = plain_pressure(t)
        x, y = at(min(s, total))
        points.append((1 / RATE if points else 0.0, x, y, pressure))
        if s >= total:
            break
        edge = min(s, total - s)
        speed = DRAW_SPEED * (0.35 + 0.65 * min(1.0, edge / 8.0))
        s += speed / RATE
        t += 1 / RATE
    for k in range(int(round(HOLD * RATE))):
        points.append((1 / RATE, points[-1][1], points[-1][2], plain_pressure(1.0) + (1 / PRESSURE_MAX if k % 2 else 0.0)))
    return points


def recording(sources):
    header = [line.rstrip("\n") for line in open(DEVICE) if line[:2] in ("N:", "I:", "P:", "B:", "A:")]
    w = Writer()
    pieces = writing_strokes(sources["writing"])
    first = pieces[0][1][0]
    proximity_in(w, first[1], first[2])
    w.advance(0.08)
    last = (first[1], first[2])
    previous_t = None
    new_line = False
    for gap, piece in pieces:
        if gap == "line":
            new_line = True
            continue
        start = (piece[0][1], piece[0][2])
        distance = math.hypot(start[0] - last[0], start[1] - last[1])
        seconds = min(gap, MAX_PEN_UP) if gap is not None and gap > 0 and not new_line else HOVER_BASE + distance / HOVER_SPEED
        if new_line:
            seconds += 0.4
        if previous_t is not None:
            hover(w, last, start, seconds)
        stroke(w, [(0.0 if k == 0 else piece[k][0] - piece[k - 1][0], x, y, p) for k, (_, x, y, p) in enumerate(piece)])
        last = (piece[-1][1], piece[-1][2])
        previous_t = piece[-1][0]
        new_line = False
    hover(w, last, (last[0] + 10, last[1] + 6), 0.15)
    proximity_out(w)
    w.advance(1.5)
    drawings = sources["drawings"]["items"]
    for index, drawing in enumerate(drawings):
        vertices = fitted_drawing(drawing, SHAPE_ORIGIN[0] + index * SHAPE_PITCH, SHAPE_ORIGIN[1])
        if index == 0:
            proximity_in(w, vertices[0][0] - 12, vertices[0][1] - 8)
            w.advance(0.08)
            last = (vertices[0][0] - 12, vertices[0][1] - 8)
        hover(w, last, vertices[0], HOVER_BASE + math.hypot(vertices[0][0] - last[0], vertices[0][1] - last[1]) / HOVER_SPEED)
        stroke(w, drawn_points(vertices))
        last = vertices[-1]
    if drawings:
        hover(w, last, (last[0] + 10, last[1] + 10), 0.15)
        proximity_out(w)
    preamble = ["# EVEMU 1.1",
                "# Quill's showcase: real handwriting (UNIPEN, CC BY 4.0) and real drawings (Quick, Draw!, CC BY 4.0)",
                "# replayed through the Wacom Cintiq 22HDT pen's device. Made by Tools/generate/showcase-recording.py;",
                "# provenance and licences: Recordings/showcase/README.md."]
    return "\n".join(preamble + header + w.lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--extract", metavar="UNIPEN_ROOT", help="pick the ink from the UNIPEN distribution into sources.json first")
    parser.add_argument("--pages", default=PAGES, help="with --extract: FILE:LINE,LINE;FILE:LINE… (.SEGMENT TEXT lines, 0-based)")
    parser.add_argument("--drawings", default=DRAWINGS, help="with --extract: Quick, Draw! key_ids, left to right")
    parser.add_argument("--sources", default=SOURCES)
    parser.add_argument("--output", default=os.path.join(OUT_DIR, RECORDING))
    parser.add_argument("--check", action="store_true", help="regenerate into a temp dir and diff with the committed recording")
    args = parser.parse_args()
    if args.extract:
        pages = [(item.split(":")[0], [int(n) for n in item.split(":")[1].split(",")]) for item in args.pages.split(";") if item]
        extract(args.extract, pages, [d for d in args.drawings.split(",") if d], args.sources)
    with open(args.sources) as handle:
        text = recording(json.load(handle))
    if args.check:
        with tempfile.TemporaryDirectory(prefix="quill-showcase-") as scratch:
            fresh = os.path.join(scratch, RECORDING)
            with open(fresh, "w") as handle:
                handle.write(text)
            with open(fresh) as a, open(args.output) as b:
                diff = list(difflib.unified_diff(b.readlines(), a.readlines(), args.output, "regenerated", n=1))
        if diff:
            sys.stdout.writelines(diff[:40])
            sys.exit(f"showcase-recording.py --check: {args.output} differs from what sources.json makes ({len(diff)} diff lines)")
        print(f"showcase-recording.py --check: {args.output} is what sources.json makes")
        return
    with open(args.output, "w") as handle:
        handle.write(text)
    print(f"wrote {args.output}")


if __name__ == "__main__":
    main()
