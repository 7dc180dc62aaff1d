"""Writes Tests/Fixtures/handwriting/tegaki-train-sample.json: Tegaki's real-pen TRAINING characters
(tegaki-lab/data/train/japanese-native1/s1 and japanese-learner1/s1: 50 characters by each of two
writers) as plain stroke lists, for Quill's Japanese segmentation tests. Never reads data/eval/.

  make_fixture.py --tegaki GITDIR [--out PATH]

GITDIR is the bare git directory of github:tegaki/tegaki (`fetch` returns it); the commit used is
recorded in the fixture's README (TEGAKI-LICENSE.md).
"""
import argparse, json, subprocess
import xml.etree.ElementTree as ET


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tegaki", required=True)
    ap.add_argument("--out", default="Tests/Fixtures/handwriting/tegaki-train-sample.json")
    a = ap.parse_args()
    git = lambda *args: subprocess.run(["git", "-C", a.tegaki] + list(args), capture_output=True, check=True).stdout
    commit = git("rev-parse", "HEAD").decode().strip()
    out = []
    for writer in ("native1", "learner1"):
        folder = f"tegaki-lab/data/train/japanese-{writer}/s1"
        assert "/eval" not in folder
        for path in git("ls-tree", "-r", "--name-only", "HEAD", folder).decode().split():
            root = ET.fromstring(git("show", "HEAD:" + path))
            strokes = [[int(float(v)) for p in s.iter("point") for v in (p.get("x"), p.get("y"))] for s in root.iter("stroke")]
            out.append({"character": root.findtext("utf8"), "writer": writer, "file": path, "strokes": [s for s in strokes if s]})
    with open(a.out, "w") as f:
        f.write("[\n" + ",\n".join(json.dumps(c, ensure_ascii=False, separators=(",", ":")) for c in out) + "\n]\n")
    print(f"{len(out)} characters from {commit} -> {a.out}")


if __name__ == "__main__":
    main()
