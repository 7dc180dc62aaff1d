"""Reads UNIPEN train_r01_v07 (categories 1a 1b 1c 2 3 6 7 8) once into strokes.pkl.

Each row: (category, writer, data file relative to data/, stroke index in the file, label of the
smallest segment holding the stroke or "", points [(x, y)] in mm (y as the reader gives it) or raw
units when the file has no resolution). Pen data shared by several data files (same .INCLUDE
lines) is read once, under the first category in the order above (duplicates counted).
"""
import pickle
import sys
from collections import Counter

from quill_research.common import unipen
from quill_research.gestures.paths import UNIPEN_ROOT, work

ROOT = UNIPEN_ROOT
CATEGORIES = ["1a", "1b", "1c", "2", "3", "6", "7", "8"]


def main():
    rows, stats, seen = [], Counter(), set()
    for category in CATEGORIES:
        for path in unipen.iter_data_files(ROOT, [category]):
            if not path.endswith(".dat") and "." in path.rsplit("/", 1)[-1]:
                pass
            key = unipen.include_key(path)
            if key in seen:
                stats[f"duplicate pen data {category}"] += 1
                continue
            seen.add(key)
            try:
                rec = unipen.read(path, ROOT)
            except Exception as error:  # noqa: BLE001
                stats[f"parse error {type(error).__name__}"] += 1
                continue
            stats[f"files {category}"] += 1
            label_of = {}
            for seg in sorted(rec.segments, key=lambda s: -len(s.strokes)):
                for i in seg.strokes:
                    label_of[i] = seg.label  # smallest segment last wins
            rel = path.split("/data/", 1)[1]
            mm = rec.x_ppmm is not None and rec.y_ppmm is not None
            for i, (raw, pts) in enumerate(zip(rec.raw_strokes, rec.strokes)):
                points = [(p[1], p[2]) for p in pts] if mm else [(float(x), float(y)) for x, y in raw]
                rows.append((category, rec.writer, rel, i, label_of.get(i, ""), points))
        print(category, len(rows), dict(stats), file=sys.stderr, flush=True)
    with open(work("strokes.pkl"), "wb") as out:
        pickle.dump({"rows": rows, "stats": dict(stats)}, out, protocol=pickle.HIGHEST_PROTOCOL)


if __name__ == "__main__":
    main()
