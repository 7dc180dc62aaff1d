"""Training data for Quill's Japanese character network (japanese.network).

Read from git mirrors (what `fetch` returns; files through `git cat-file --batch`):
- Tegaki (github:tegaki/tegaki, GPL-2.0): tegaki-lab/data/train/ only — tomoe-ja-kanji (6 356 kanji,
  one sample each; the data Debian's Zinnia model was trained from) for training, and the real-pen
  writers japanese-native1 / japanese-learner1 (50 kanji x 4 each) held out for validation.
  tegaki-lab/data/eval/ is reserved for independent measurement: refused here.
- KanjiVG (github:KanjiVG/kanjivg, CC BY-SA 3.0): one font-like glyph per class, distorted when
  training (the kanji of the classes, all kana, 、。・ー！?).
The classes: those of Debian's Zinnia model (6 420) plus kana and punctuation it lacks (CLASSES).
"""
import gzip, io, os, pickle, subprocess, sys
import xml.etree.ElementTree as ET

from quill_research.kanjivg_fixture import make_fixture as kvg

ZINNIA_MODEL = "/usr/share/tegaki/models/zinnia/handwriting-ja.model"
# Kana beyond Zinnia's 46 hiragana and イエオジラン: all of Unicode's hiragana and katakana that
# KanjiVG draws, iteration marks; punctuation (「」 drawn here: KanjiVG has no glyph for them).
EXTRA = ([chr(c) for c in range(0x3041, 0x3097)] + [chr(c) for c in range(0x30A1, 0x30FB)]
         + list("ゝゞヽヾ") + list("、。・ー！？「」"))
VALIDATION_WRITERS = ("japanese-native1", "japanese-learner1")


def zinnia_classes():
    import ctypes
    z = ctypes.CDLL("libzinnia.so.0")
    z.zinnia_recognizer_new.restype = ctypes.c_void_p
    z.zinnia_recognizer_open.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
    z.zinnia_recognizer_size.argtypes = [ctypes.c_void_p]
    z.zinnia_recognizer_size.restype = ctypes.c_size_t
    z.zinnia_recognizer_value.argtypes = [ctypes.c_void_p, ctypes.c_size_t]
    z.zinnia_recognizer_value.restype = ctypes.c_char_p
    r = z.zinnia_recognizer_new()
    assert z.zinnia_recognizer_open(r, ZINNIA_MODEL.encode())
    return [z.zinnia_recognizer_value(r, i).decode() for i in range(z.zinnia_recognizer_size(r))]


class Git:
    def __init__(self, git):
        self.git = git
        self.p = subprocess.Popen(["git", "--git-dir", git, "cat-file", "--batch"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def ls(self, path):
        out = subprocess.run(["git", "--git-dir", self.git, "ls-tree", "-r", "--name-only", "HEAD", path], capture_output=True, text=True, check=True).stdout
        return [l for l in out.split("\n") if l]

    def show(self, path):
        self.p.stdin.write(f"HEAD:{path}\n".encode())
        self.p.stdin.flush()
        header = self.p.stdout.readline().split()
        assert header[1] == b"blob", header
        data = self.p.stdout.read(int(header[2]))
        self.p.stdout.read(1)
        return data


def tegaki_character(data):
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    root = ET.fromstring(data)
    strokes = [[(float(p.get("x")), float(p.get("y"))) for p in s.iter("point")] for s in root.iter("stroke")]
    return root.findtext("utf8"), [s for s in strokes if s]


def tegaki(git, name):
    """(label, strokes) of one TRAINING set of Tegaki, e.g. tomoe-ja-kanji or japanese-native1."""
    assert "eval" not in name and "/" not in name, "Tegaki's eval/ is reserved for measurement"
    g = Git(git)
    items = []
    for path in g.ls(f"tegaki-lab/data/train/{name}"):
        if path.endswith(".xml") or path.endswith(".xml.gz"):
            label, strokes = tegaki_character(g.show(path))
            if label and strokes:
                items.append((label, strokes))
    return items


def bracket(right):
    """「 or 」 as a pen draws it (KanjiVG has neither), in KanjiVG's 109 units."""
    return [[(70.0, 12.0), (40.0, 12.0), (40.0, 60.0)]] if not right else [[(40.0, 50.0), (40.0, 98.0), (10.0, 98.0)]]


def kanjivg(git, classes):
    g = Git(git)
    names = set(g.ls("kanji"))
    out = []
    for c in classes:
        if c in "「」":
            out.append((c, bracket(c == "」")))
            continue
        code = {"？": "?"}.get(c, c)
        path = "kanji/%05x.svg" % ord(code)
        if path in names:
            out.append((c, [[tuple(p) for p in s] for s in kvg.read_strokes(io.BytesIO(g.show(path)))]))
    return out


def load(tegaki_git, kanjivg_git, cache="/tmp/quill-japanese-data.pkl"):
    if os.path.exists(cache):
        return pickle.load(open(cache, "rb"))
    zc = zinnia_classes()
    classes = zc + [c for c in EXTRA if c not in zc]
    d = dict(classes=classes, tomoe=tegaki(tegaki_git, "tomoe-ja-kanji"), kanjivg=kanjivg(kanjivg_git, classes),
             writers={w: tegaki(tegaki_git, w) for w in VALIDATION_WRITERS})
    pickle.dump(d, open(cache, "wb"))
    return d


if __name__ == "__main__":
    d = load(sys.argv[1], sys.argv[2])
    have = {l for l, _ in d["tomoe"]} | {l for l, _ in d["kanjivg"]}
    print(len(d["classes"]), "classes;", len(d["tomoe"]), "Tomoe;", len(d["kanjivg"]), "KanjiVG;",
          {w: len(v) for w, v in d["writers"].items()}, "; classes without data:", [c for c in d["classes"] if c not in have])
