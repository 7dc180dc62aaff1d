"""Build Tests/Fixtures/handwriting/kanjivg-sample.json from KanjiVG SVG files.

KanjiVG (https://kanjivg.tagaini.net) is copyright Ulrich Apel and distributed
under CC BY-SA 3.0; the generated fixture is a derived work under the same
licence (see Tests/Fixtures/handwriting/KANJIVG-LICENSE.md).

Usage:
    make_fixture.py KANJIVG_DIR [OUTPUT_JSON]

KANJIVG_DIR is a KanjiVG checkout (or its kanji/ directory). Each character is
read from kanji/<5-digit lower-case hex code point>.svg; variant files (names
containing '-') are never used. Every <path d="..."> is one stroke, in stroke
order (ordered by the -sN suffix of its id). Path data is flattened to a
polyline: the start point, the end point of each line segment, and 8 evenly
spaced parameter values (t = 1/8 .. 8/8) of each cubic or quadratic Bézier.
Coordinates stay in KanjiVG's 109 x 109 box (y down), rounded to 0.1;
consecutive points that are equal after rounding are merged.

Output: a JSON list, sorted by code point, of
    {"character": "日", "strokes": [[[x, y], ...], ...]}
one character per line. Standard library only.
"""

import json
import math
import os
import re
import sys
import xml.etree.ElementTree as ET

from quill_research.common.paths import REPOSITORY

# The 46 basic hiragana (no dakuten, no small kana, no ゐ/ゑ).
HIRAGANA = (
    "あいうえお" "かきくけこ" "さしすせそ" "たちつてと" "なにぬねの"
    "はひふへほ" "まみむめも" "やゆよ" "らりるれろ" "わを" "ん"
)

# All 80 first-grade kyōiku kanji.
GRADE1 = (
    "一右雨円王音下火花貝学気九休玉金空月犬見五口校左三山子四糸字耳七車手"
    "十出女小上森人水正生青夕石赤千川先早草足村大男竹中虫町天田土二日入年"
    "白八百文木本名目立力林六"
)

# 74 of the 160 second-grade kyōiku kanji: from the grade list in its usual
# (reading) order, the characters at indices floor(i * 160 / 74), i = 0..73.
GRADE2 = (
    "引雲遠科家画会外楽間岩汽帰魚強近形元原午語公交考高谷黒才作止矢紙自室"
    "弱秋春場食新図西星切線組多体地知長朝通店電冬答同読南馬買番風聞歩方毎"
    "明毛夜友曜里"
)

SAMPLES_PER_CURVE = 8
SVG_NS = "{http://www.w3.org/2000/svg}"

_TOKEN = re.compile(
    r"([MmLlHhVvCcSsQqTtZzAa])|([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)"
)
_PARAMS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2,
           "Z": 0, "A": 7}


def tokenize(d):
    pos = 0
    out = []
    for m in _TOKEN.finditer(d):
        gap = d[pos:m.start()]
        if gap.strip(" \t\r\n,"):
            raise ValueError("unexpected path data %r in %r" % (gap, d))
        pos = m.end()
        out.append(m.group(1) if m.group(1) else float(m.group(2)))
    if d[pos:].strip(" \t\r\n,"):
        raise ValueError("unexpected path data %r in %r" % (d[pos:], d))
    return out


def _cubic(p0, p1, p2, p3, t):
    u = 1.0 - t
    return (u * u * u * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t * t * t * p3[0],
            u * u * u * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t * t * t * p3[1])


def _quad(p0, p1, p2, t):
    u = 1.0 - t
    return (u * u * p0[0] + 2 * u * t * p1[0] + t * t * p2[0],
            u * u * p0[1] + 2 * u * t * p1[1] + t * t * p2[1])


def flatten(d):
    """Flatten SVG path data into a list of (x, y) points (absolute)."""
    toks = tokenize(d)
    pts = []
    cur = (0.0, 0.0)
    start = (0.0, 0.0)
    last_cubic_ctrl = None   # second control point of the previous C/S
    last_quad_ctrl = None    # control point of the previous Q/T
    cmd = None
    i = 0
    n_samples = SAMPLES_PER_CURVE
    while i < len(toks):
        if isinstance(toks[i], str):
            cmd = toks[i]
            i += 1
        elif cmd is None:
            raise ValueError("path data does not start with a command: %r" % d)
        upper = cmd.upper()
        rel = cmd != upper
        k = _PARAMS[upper]
        args = toks[i:i + k]
        if len(args) != k or any(isinstance(a, str) for a in args):
            raise ValueError("bad arguments for %s in %r" % (cmd, d))
        i += k
        ox, oy = cur if rel else (0.0, 0.0)
        cubic_ctrl = None
        quad_ctrl = None
        if upper == "M":
            cur = (ox + args[0], oy + args[1])
            start = cur
            pts.append(cur)
            # Further coordinate pairs after M/m are implicit L/l.
            cmd = "l" if rel else "L"
        elif upper == "L":
            cur = (ox + args[0], oy + args[1])
            pts.append(cur)
        elif upper == "H":
            cur = ((ox if rel else 0.0) + args[0], cur[1])
            pts.append(cur)
        elif upper == "V":
            cur = (cur[0], (oy if rel else 0.0) + args[0])
            pts.append(cur)
        elif upper in ("C", "S"):
            if upper == "C":
                c1 = (ox + args[0], oy + args[1])
                c2 = (ox + args[2], oy + args[3])
                end = (ox + args[4], oy + args[5])
            else:
                if last_cubic_ctrl is not None:
                    c1 = (2 * cur[0] - last_cubic_ctrl[0], 2 * cur[1] - last_cubic_ctrl[1])
                else:
                    c1 = cur
                c2 = (ox + args[0], oy + args[1])
                end = (ox + args[2], oy + args[3])
            for s in range(1, n_samples + 1):
                pts.append(_cubic(cur, c1, c2, end, s / n_samples))
            cubic_ctrl = c2
            cur = end
        elif upper in ("Q", "T"):
            if upper == "Q":
                c = (ox + args[0], oy + args[1])
                end = (ox + args[2], oy + args[3])
            else:
                if last_quad_ctrl is not None:
                    c = (2 * cur[0] - last_quad_ctrl[0], 2 * cur[1] - last_quad_ctrl[1])
                else:
                    c = cur
                end = (ox + args[0], oy + args[1])
            for s in range(1, n_samples + 1):
                pts.append(_quad(cur, c, end, s / n_samples))
            quad_ctrl = c
            cur = end
        elif upper == "Z":
            cur = start
            pts.append(cur)
        else:  # "A": elliptical arcs never occur in KanjiVG stroke data.
            raise ValueError("arc commands are not supported: %r" % d)
        last_cubic_ctrl = cubic_ctrl
        last_quad_ctrl = quad_ctrl
    return pts


def _r(v):
    v = round(v, 1)
    return 0.0 if v == 0 else v  # no "-0.0"


def read_strokes(path):
    root = ET.parse(path).getroot()
    paths = list(root.iter(SVG_NS + "path"))
    order = []
    for p in paths:
        m = re.search(r"-s(\d+)$", p.get("id", ""))
        if not m:
            raise ValueError("%s: path without stroke number: %r" % (path, p.get("id")))
        order.append(int(m.group(1)))
    if sorted(order) != list(range(1, len(paths) + 1)):
        raise ValueError("%s: stroke numbers %r are not 1..N" % (path, order))
    strokes = []
    for _, p in sorted(zip(order, paths), key=lambda x: x[0]):
        poly = []
        for x, y in flatten(p.get("d")):
            q = [_r(x), _r(y)]
            if not poly or poly[-1] != q:
                poly.append(q)
        strokes.append(poly)
    return strokes


def main(argv):
    if len(argv) not in (2, 3):
        sys.stderr.write(__doc__)
        return 2
    src = argv[1]
    if os.path.isdir(os.path.join(src, "kanji")):
        src = os.path.join(src, "kanji")
    out = argv[2] if len(argv) == 3 else os.path.join(
        REPOSITORY, "Tests", "Fixtures", "handwriting", "kanjivg-sample.json")

    chars = HIRAGANA + GRADE1 + GRADE2
    assert len(HIRAGANA) == 46 and len(GRADE1) == 80 and len(GRADE2) == 74
    assert len(set(chars)) == len(chars), "duplicate character in the lists"

    entries = []
    for ch in sorted(chars, key=ord):
        name = "%05x.svg" % ord(ch)
        assert "-" not in name
        strokes = read_strokes(os.path.join(src, name))
        entries.append({"character": ch, "strokes": strokes})

    lines = [json.dumps(e, ensure_ascii=False, separators=(",", ":")) for e in entries]
    text = "[\n" + ",\n".join(lines) + "\n]\n"
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with open(out, "w", encoding="utf-8") as f:
        f.write(text)
    npts = sum(len(s) for e in entries for s in e["strokes"])
    nstrokes = sum(len(e["strokes"]) for e in entries)
    print("%s: %d characters, %d strokes, %d points, %d bytes"
          % (out, len(entries), nstrokes, npts, len(text.encode("utf-8"))))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
