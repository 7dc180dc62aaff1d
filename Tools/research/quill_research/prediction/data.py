"""UNIPEN loader: selects and converts UNIPEN categories 6-8 exactly as
Tools/research/quill_research/compare/unipen_prediction.py does, and returns per writer the strokes as Quill reads them
(repeated positions removed) plus every recorded sample (the truth).

The UNIPEN root (the extracted train_r01_v07 folder, the one holding `data/` and `include/`) comes
from --unipen or the environment variable UNIPEN_ROOT. The converted data is cached (pickle) under
the system temp directory, or at --cache."""
import hashlib, os, pickle, sys, tempfile
from collections import Counter
import numpy as np

from quill_research.common import unipen
from quill_research.compare import unipen_prediction as up

HERE = os.path.dirname(os.path.abspath(__file__))

SEED = 20260101  # writer/file selection seed of unipen_prediction.py


def add_arguments(parser):
    parser.add_argument("--unipen", default=os.environ.get("UNIPEN_ROOT"),
                        help="extracted UNIPEN train_r01_v07 folder (default: $UNIPEN_ROOT)")
    parser.add_argument("--cache", help="pickle of the converted data (default: under the system temp directory)")


def load_from_args(args):
    root = args.unipen
    if not root:
        sys.exit("error: no UNIPEN data: pass --unipen DIR or set UNIPEN_ROOT to the extracted "
                 "train_r01_v07 folder (doi:10.5281/zenodo.1195803)")
    if not os.path.isdir(os.path.join(root, "data")):
        sys.exit(f"error: {root!r} does not look like UNIPEN train_r01_v07 (no data/ folder inside)")
    cache = args.cache or os.path.join(
        tempfile.gettempdir(), "quill-prediction",
        "unipen-" + hashlib.sha1(os.path.abspath(root).encode()).hexdigest()[:10] + ".pkl")
    return load(root, cache)


def load_writer(root, files, limit=200, max_samples=30000):
    stats = Counter()
    samples_taken = files_used = 0
    setups = {}
    for path in files:
        if files_used >= limit or samples_taken >= max_samples:
            break
        try:
            rec = unipen.read(path, root)
        except (ValueError, RecursionError, MemoryError):
            continue
        if up.unusable(rec):
            continue
        converted = up.convert(rec, stats)
        if converted is None:
            continue
        key, units, strokes = converted
        if samples_taken + sum(len(s) for s in strokes) > max_samples:
            room = max_samples - samples_taken
            kept, n = [], 0
            for s in strokes:
                if n + len(s) > room:
                    break
                kept.append(s); n += len(s)
            strokes = kept or strokes[:1]
        files_used += 1
        samples_taken += sum(len(s) for s in strokes)
        setups.setdefault(key, [units, []])[1].extend(strokes)
    out = []
    for key, (units, strokes) in setups.items():
        conv = []
        for s in strokes:
            t0 = s[0][0]
            us = np.array([int(round((p[0] - t0) * 1e6)) for p in s], dtype=np.int64)
            rec = np.column_stack([us / 1e6, np.array([p[1] for p in s]) / units, np.array([p[2] for p in s]) / units])
            keep = [0] + [i for i in range(1, len(s)) if s[i][1:3] != s[i - 1][1:3]]
            conv.append((rec, rec[keep]))   # (recorded samples = truth, samples Quill sees)
        out.append({"rate": key[0], "units": units, "ppmm": key[1], "strokes": conv})
    return out


def load(root, cache):
    """{writer: [setup {"rate", "units", "ppmm", "strokes": [(rec, q), ...]}]}, rows (t s, x mm, y mm)."""
    if os.path.exists(cache):
        with open(cache, "rb") as f:
            return pickle.load(f)
    chosen = up.choose_files(root, None, SEED)
    res = {}
    for w, files in sorted(chosen.items()):
        res[w] = load_writer(root, files)
        print("loaded", w, sum(len(s["strokes"]) for s in res[w]), "strokes", file=sys.stderr, flush=True)
    os.makedirs(os.path.dirname(os.path.abspath(cache)), exist_ok=True)
    with open(cache, "wb") as f:
        pickle.dump(res, f)
    return res
