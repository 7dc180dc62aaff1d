"""Rows of eight real characters through `quill recognize --language ja`, character by character.

../shared/tools/real-ink.py counts the rows read as eight; this also counts their characters read
right, next to the same characters read alone. Same data (Tegaki's TRAINING writers only,
japanese-native1 and japanese-learner1; never data/eval/), same writing (18 mm squares, 100 Hz,
pen up 0.25 s inside a character, 1 s between), rows at --pitch mm (default 25).

  rows_quill.py --tegaki GITDIR [--quill .build/debug/quill] [--pitch 25] [--real-ink PATH]
"""
import argparse, importlib.util, os

from quill_research.common.paths import REPOSITORY


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tegaki", required=True)
    ap.add_argument("--quill", default=".build/debug/quill")
    ap.add_argument("--pitch", type=float, default=25.0)
    ap.add_argument("--real-ink", default=os.path.join(REPOSITORY.parent, "shared", "tools", "real-ink.py"))
    a = ap.parse_args()
    spec = importlib.util.spec_from_file_location("real_ink", a.real_ink)
    ri = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(ri)
    items = ri.tegaki_train(a.tegaki)
    groups = [items[i:i + 8] for i in range(0, len(items) - 7, 8)]
    eight = right = alone = 0
    for g, part in enumerate(groups):
        p = os.path.join(ri.TMP, f"row-{g}.evemu")
        ri.write(p, [ri.as_written(s, (10 + a.pitch * j, 20), box=18.0) for j, (_, s) in enumerate(part)])
        rows = [o for o in ri.quill(["recognize", p, "--language", "ja"], a.quill) if "text" in o]
        if len(rows) == 8:
            eight += 1
            right += sum(o["text"] == label for o, (label, _) in zip(rows, part))
        for j, (label, s) in enumerate(part):
            q = os.path.join(ri.TMP, f"alone-{g}-{j}.evemu")
            ri.write(q, [ri.as_written(s, (20, 20), box=18.0)])
            alone += "".join(o["text"] for o in ri.quill(["recognize", q, "--language", "ja"], a.quill) if "text" in o) == label
    n = 8 * len(groups)
    print(f"rows of eight at {a.pitch:.0f} mm: {eight}/{len(groups)} read as eight; characters in them {right}/{n} right ({right / n:.1%}); "
          f"the same characters alone {alone}/{n} ({alone / n:.1%})")


if __name__ == "__main__":
    main()
