"""A small reader for UNIPEN 1.0 on-line handwriting files (standard library only).

Written for the UNIPEN train_r01_v07 distribution: "Unipen data set of on-line (vectorial)
handwriting - train_r01_v07 (December 1999)", International Unipen Foundation, Creative Commons
Attribution 4.0 International, Zenodo, https://doi.org/10.5281/zenodo.1195803 (I. Guyon,
L. Schomaker, R. Plamondon, M. Liberman, S. Janet, "UNIPEN project of on-line data exchange and
recognizer benchmarks", ICPR 1994). Cite it when publishing results made with it.

Layout of the distribution (its CDROM-README): data/<category>/<contributor>/…/*.dat hold the
.SEGMENT labels and .INCLUDE the documentation and the pen data from include/<contributor>/….
Categories: 1a digits, 1b upper case, 1c lower case, 1d symbols, 2 mixed characters, 3 characters
in context, 6 cursive or mixed-style words, 7 words of any style, 8 free text (≥ 2 words).

    import unipen
    for rec in unipen.iter_recordings("/path/to/train_r01_v07", categories=["7"], on_error=print):
        rec.writer, rec.category, rec.rate, rec.x_ppmm, rec.y_ppmm   # contributor, "7", Hz, points/mm
        rec.strokes      # pen-down components: [[(t s, x mm, y mm), …], …], y grows downwards
        rec.segments     # .SEGMENT units: kind, components, strokes, quality, label

Format points the reader relies on (UNIPEN 1.0 definition, include/*/unipen.def):
  * a keyword is a line starting with "." and upper-case letters in column 1; its arguments run
    on to the next keyword line; .COMMENT and documentation keywords are kept as text only;
  * .COORD lists the columns of each point (X Y, X Y T, X Y T P, …); T is in milliseconds;
  * .PEN_DOWN / .PEN_UP start a component; empty components are not counted; .DT is the time (ms)
    elapsed while coordinates were elided (pen immobile or out of proximity) before the next one;
  * .SEGMENT TYPE DELINEATION QUALITY "LABEL": DELINEATION is A[:M]-B[:N],C,… over component
    numbers (pen-up components with points count too), 0-based, reset per file and .START_SET;
  * .X_POINTS_PER_INCH/.Y_POINTS_PER_INCH or .X_POINTS_PER_MM/.Y_POINTS_PER_MM, .POINTS_PER_SECOND.

Y axis: the UNIPEN coordinate system has its origin at the lower left with Y pointing up (the
format definition, and the documentation shipped with some contributions). Every contributor of
categories 6–8 was checked to follow it: small strokes written after a taller one (i and j dots,
t bars) lie above it (larger Y) far more often than below, for every contributor with such dots,
and Σ dx·dy over pen-down steps is positive (forward slant with Y up) for all of them except a few
upright or back-slanted printers (ibm's files vary); drawings of samples of art, aga, ibm, kai and
sie are upright (Tools/research/quill_research/compare/unipen_prediction.py reports both measures per writer). So
y_mm = −Y / y_ppmm. Contributors found to write Y downwards would be listed in
Y_DOWN_CONTRIBUTORS (none are). Coordinates are not offset: x_mm and y_mm may be negative.

Timing: with a T column that agrees with the declared rate (median step within a factor 2 of
1000/rate ms), t = T / 1000 (atu's T steps a thousand times that: taken as microseconds, noted). Otherwise t counts samples at .POINTS_PER_SECOND across all components
(pen-up points included, as a sampling tablet reports them), and a .DT adds its milliseconds between
two components instead of one sample period. Where pen-up components are empty and there is no .DT
the pen-up time is unknown: the next stroke then starts one sample period later and its
`gap_known` is False. Within a stroke timing is always from T or the rate. t starts at 0 at the
file's first point. Without T and without a rate, `rate` is None and every t is None; without a
resolution, x_ppmm/y_ppmm are None and the millimetre coordinates are None.

`notes` lists oddities that are not errors: an ignored T column, T repeating or going backwards,
pen-down points with pressure P <= 0 (atu, dar: the pen lifts inside a .PEN_DOWN), an implausible
rate (outside 20…1000 Hz: kai declares 9600, a baud rate; art 10), .DT values ignored.
Many contributors have single-point pen-down components at (0, 0): placeholders, kept because
.SEGMENT numbering counts them.

The files are untrusted: a malformed line raises UnipenError (a ValueError) naming the file and
line; nothing else is expected to escape for odd input.
"""
import collections
import math
import os
import re
import statistics
from dataclasses import dataclass, field

__all__ = ["UnipenError", "Segment", "Recording", "read", "iter_data_files", "iter_recordings", "parse_delineation", "include_key"]

MM_PER_INCH = 25.4
Y_DOWN_CONTRIBUTORS = frozenset()  # contributors whose Y already grows downwards (none found)
KEYWORD = re.compile(r"^\.([A-Z][A-Z_]*)(?=\s|$)")
MAX_INCLUDE_DEPTH = 8
MAX_FILE_BYTES = 64 << 20


class UnipenError(ValueError):
    """A malformed UNIPEN file: `path` and `line` (1-based; 0 when not about one line)."""

    def __init__(self, path, line, message):
        self.path, self.line, self.message = path, line, message
        super().__init__(f"{path}:{line}: {message}" if line else f"{path}: {message}")


@dataclass
class Segment:
    kind: str                 # WORD, TEXT, CHARACTER, … (first argument)
    delineation: str          # as written, e.g. "1:40-3,5"; "" when omitted or "?"
    parts: list               # [(first component, first point, last component, last point or None)]
    components: list          # component indexes in the order delineated
    strokes: list             # indexes into Recording.strokes of its pen-down components
    quality: str              # BAD, OK, GOOD, ? or ""
    label: str                # unescaped label text ("" when omitted)
    set_index: int            # which .START_SET (0 = the file's first) its components belong to
    line: int                 # where it is written (in Recording.path)


@dataclass
class Recording:
    path: str                 # the data file
    category: str             # "6", "7", "8", "1a", …
    writer: str               # contributor, from the path (data/<category>/<writer>/…)
    writer_id: str            # .WRITER_ID (the person; "" if absent)
    data_source: str
    style: str
    rate: float               # .POINTS_PER_SECOND, Hz (None if absent)
    x_ppmm: float             # resolution, points per mm (None if absent)
    y_ppmm: float
    coord: tuple              # the .COORD columns
    y_up: bool                # the file's Y grows upwards (flipped in `strokes`)
    timing: str               # "T" (column), "rate" (sample index / rate, with .DT), or None
    components: list = field(default_factory=list)      # [(down, [(t or None, X, Y), …], set index)], raw units
    strokes: list = field(default_factory=list)         # pen-down: [[(t s, x mm, y mm), …]], y downwards
    raw_strokes: list = field(default_factory=list)     # pen-down: [[(X, Y), …]] as written (Y as in file)
    stroke_components: list = field(default_factory=list)  # component index (within its set) per stroke
    stroke_sets: list = field(default_factory=list)     # set index per stroke
    gap_known: list = field(default_factory=list)       # per stroke: is the time since the previous component known
    segments: list = field(default_factory=list)
    sources: list = field(default_factory=list)         # files that held pen components
    notes: list = field(default_factory=list)           # oddities worth reporting (not errors)


# ---------------------------------------------------------------- low level

def _read_lines(path):
    try:
        size = os.path.getsize(path)
    except OSError as error:
        raise UnipenError(path, 0, f"cannot read: {error.strerror or error}") from None
    if size > MAX_FILE_BYTES:
        raise UnipenError(path, 0, f"file too large ({size} bytes)")
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as error:
        raise UnipenError(path, 0, f"cannot read: {error.strerror or error}") from None
    return data.decode("latin-1").splitlines()


def _statements(path):
    """(keyword, argument text, line number) for each keyword of a file; continuation lines are
    appended to the argument text (joined with newlines)."""
    statements = []
    lines = _read_lines(path)
    keyword, text, start = None, [], 0
    for number, line in enumerate(lines, 1):
        match = KEYWORD.match(line)
        if match:
            if keyword is not None:
                statements.append((keyword, "\n".join(text), start))
            keyword, text, start = match.group(1), [line[match.end():]], number
        elif keyword is not None:
            text.append(line)
        elif line.strip() and not line.lstrip().startswith("#"):
            # text before the first keyword: tolerated only if it is not data
            pass
    if keyword is not None:
        statements.append((keyword, "\n".join(text), start))
    return statements


_NUMBER = re.compile(r"^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$")


def _number(token, path, line):
    if not _NUMBER.match(token):
        raise UnipenError(path, line, f"not a number: {token[:40]!r}")
    value = float(token)
    if not math.isfinite(value):
        raise UnipenError(path, line, f"not a finite number: {token[:40]!r}")
    return value


def _first_number(text, path, line, keyword):
    tokens = text.split()
    if not tokens:
        raise UnipenError(path, line, f".{keyword} without a value")
    value = _number(tokens[0], path, line)
    if value <= 0:
        raise UnipenError(path, line, f".{keyword} must be positive, is {tokens[0]}")
    return value


def _label(text, path, line):
    """The quoted label at the start of `text`, unescaped; whitespace runs count as spaces."""
    if not text.startswith('"'):
        raise UnipenError(path, line, f"label does not start with a quote: {text[:40]!r}")
    out, i = [], 1
    while i < len(text):
        c = text[i]
        if c == "\\":
            if i + 1 >= len(text):
                break
            n = text[i + 1]
            out.append({"n": "\n", "t": "\t"}.get(n, n))
            i += 2
            continue
        if c == '"':
            return "".join(out), text[i + 1:]
        out.append(" " if c in "\n\r\t" else c)
        i += 1
    raise UnipenError(path, line, "unterminated label")


def parse_delineation(text, path="<delineation>", line=0):
    """[(first component, first point, last component, last point or None)] for A[:M]-B[:N],C,…
    (M defaults to 0, N to the component's last point; an omitted A is 0, an omitted B is None:
    to the last component)."""
    parts = []
    for part in text.split(","):
        if not part:
            raise UnipenError(path, line, f"empty part in delineation {text!r}")
        if "-" in part:
            left, _, right = part.partition("-")
        else:
            left, right = part, part
        def point(s, default_component):
            if s == "":
                return default_component, None
            component, colon, index = s.partition(":")
            if not component.isdigit() or (colon and not index.isdigit()):
                raise UnipenError(path, line, f"bad delineation {text!r}")
            return int(component), (int(index) if colon else None)
        a, m = point(left, 0)
        b, n = point(right, None)
        if b is not None and b < a:
            raise UnipenError(path, line, f"delineation runs backwards: {part!r}")
        parts.append((a, m if m is not None else 0, b, n))
    return parts


# ---------------------------------------------------------------- reading one data file

class _State:
    def __init__(self):
        self.header = {}          # keyword → (value text, path, line)
        self.coord = ("X", "Y")
        self.components = []      # (down, [point tuples], set index, source path, line, dt_before)
        self.sets = 0
        self.counter = 0          # components in the current set
        self.pending_dt = None
        self.segments = []        # (text, path, line, set index, components in set so far)
        self.sources = []
        self.notes = []


def _walk(path, root, state, depth, stack):
    if depth > MAX_INCLUDE_DEPTH:
        raise UnipenError(path, 0, "includes nested too deeply")
    real = os.path.realpath(path)
    if real in stack:
        raise UnipenError(path, 0, "includes itself")
    stack = stack | {real}
    current = None  # (down, tokens, line)

    def close():
        nonlocal current
        if current is None:
            return
        down, tokens, line = current
        current = None
        width = len(state.coord)
        if len(tokens) % width:
            rows = collections.Counter(ln for _, ln in tokens)
            bad = next((ln for ln in sorted(rows) if rows[ln] % width), line)
            raise UnipenError(path, bad, f"{rows.get(bad, len(tokens))} numbers on a line of {width}-column points ({' '.join(state.coord)})")
        if not tokens:
            return  # empty components are not counted
        values = [_number(tok, path, ln) for tok, ln in tokens]
        points = [tuple(values[i:i + width]) for i in range(0, len(values), width)]
        state.components.append((down, points, state.sets, path, line, state.pending_dt))
        state.pending_dt = None
        state.counter += 1
        if path not in state.sources:
            state.sources.append(path)

    for keyword, text, line in _statements(path):
        if keyword in ("PEN_DOWN", "PEN_UP"):
            close()
            tokens = []
            for offset, row in enumerate(text.split("\n")):
                tokens.extend((tok, line + offset) for tok in row.split())
            current = (keyword == "PEN_DOWN", tokens, line)
            continue
        close()
        if keyword == "INCLUDE":
            name = text.split()[0] if text.split() else ""
            if not name or "\0" in name:
                raise UnipenError(path, line, ".INCLUDE without a file name")
            # include/<name> (this distribution's convention), else next to the including file
            candidates = [os.path.join(root, "include", name), os.path.join(os.path.dirname(path), name),
                          os.path.join(os.path.dirname(path), os.path.basename(name))]
            inside = os.path.realpath(root) + os.sep
            candidates = [c for c in candidates if os.path.realpath(c).startswith(inside)]
            if not candidates:
                raise UnipenError(path, line, f"included file outside the data root: {name}")
            target = next((c for c in candidates if os.path.isfile(c) and os.path.realpath(c) != real), None)
            if target is None:
                itself = any(os.path.isfile(c) and os.path.realpath(c) == real for c in candidates)
                raise UnipenError(path, line, f"included file not found: {name}" + (" (only the including file itself matches)" if itself else ""))
            _walk(target, root, state, depth + 1, stack)
        elif keyword == "COORD":
            columns = tuple(text.split())
            if "X" not in columns or "Y" not in columns or len(set(columns)) != len(columns):
                raise UnipenError(path, line, f".COORD must name X and Y once: {' '.join(columns)[:60]!r}")
            if state.components and columns != state.coord:
                state.notes.append(f".COORD changes after data at {os.path.basename(path)}:{line}")
            state.coord = columns
        elif keyword == "DT":
            state.pending_dt = (_number(text.split()[0], path, line) if text.split() else None, line)
            if state.pending_dt[0] is None:
                raise UnipenError(path, line, ".DT without a value")
        elif keyword == "START_SET":
            state.sets += 1 if state.components or state.counter else 0
            state.counter = 0
        elif keyword == "SEGMENT":
            state.segments.append((text, path, line, state.sets))
        elif keyword in ("POINTS_PER_SECOND", "X_POINTS_PER_INCH", "Y_POINTS_PER_INCH", "X_POINTS_PER_MM", "Y_POINTS_PER_MM"):
            value = _first_number(text, path, line, keyword)
            if state.components and keyword in state.header and state.header[keyword][0] != value:
                state.notes.append(f".{keyword} changes after data at {os.path.basename(path)}:{line}")
            state.header[keyword] = (value, path, line)
        elif keyword in ("WRITER_ID", "DATA_SOURCE", "STYLE"):
            state.header[keyword] = (" ".join(text.split()), path, line)
    close()


def _segment(text, path, line, set_index, set_components, stroke_of):
    """Parses one .SEGMENT's arguments; set_components: the (down, points) of its set."""
    rest = text.strip()
    tokens = rest.split(None, 1)
    if not tokens:
        raise UnipenError(path, line, ".SEGMENT without a type")
    kind = tokens[0]
    rest = tokens[1].lstrip() if len(tokens) > 1 else ""
    delineation, quality, label = "", "", ""
    if rest and not rest.startswith('"'):
        tokens = rest.split(None, 1)
        delineation = tokens[0]
        rest = tokens[1].lstrip() if len(tokens) > 1 else ""
        if rest and not rest.startswith('"'):
            tokens = rest.split(None, 1)
            quality = tokens[0]
            rest = tokens[1].lstrip() if len(tokens) > 1 else ""
    if rest:
        label, rest = _label(rest, path, line)
        if rest.strip():
            raise UnipenError(path, line, f"text after the label: {rest.strip()[:40]!r}")
    if delineation == "?":
        delineation = ""
    count = len(set_components)
    if delineation:
        parts = parse_delineation(delineation, path, line)
    else:
        parts = [(0, 0, None, None)] if count else []
    components = []
    for a, m, b, n in parts:
        last = count - 1 if b is None else b
        if a >= count or last >= count:
            raise UnipenError(path, line, f"delineation {delineation!r} names component {max(a, last)}; the set has {count}")
        if m >= len(set_components[a][1]) or (n is not None and n >= len(set_components[last][1])):
            raise UnipenError(path, line, f"delineation {delineation!r} names a point past its component's end")
        components.extend(range(a, last + 1))
    strokes = [stroke_of[(set_index, c)] for c in components if (set_index, c) in stroke_of]
    return Segment(kind, delineation, [(a, m, b, n) for a, m, b, n in parts], components, strokes, quality, label, set_index, line)


def read(path, root):
    """The Recording of one data file (path under root/data/<category>/<writer>/)."""
    path = os.fspath(path)
    root = os.fspath(root)
    relative = os.path.relpath(path, os.path.join(root, "data")).split(os.sep)
    category = relative[0] if len(relative) >= 3 else ""
    writer = relative[1] if len(relative) >= 3 else ""
    state = _State()
    _walk(path, root, state, 0, frozenset())
    header = state.header

    def value(key):
        return header[key][0] if key in header else None

    rate = value("POINTS_PER_SECOND")
    x_ppmm = value("X_POINTS_PER_MM") or (value("X_POINTS_PER_INCH") / MM_PER_INCH if value("X_POINTS_PER_INCH") else None)
    y_ppmm = value("Y_POINTS_PER_MM") or (value("Y_POINTS_PER_INCH") / MM_PER_INCH if value("Y_POINTS_PER_INCH") else None)
    if x_ppmm and not y_ppmm or y_ppmm and not x_ppmm:
        state.notes.append("only one axis has a resolution")
        x_ppmm = y_ppmm = None
    coord = state.coord
    ix, iy = coord.index("X"), coord.index("Y")
    it = coord.index("T") if "T" in coord else None
    y_up = writer not in Y_DOWN_CONTRIBUTORS

    # Timing: trust a T column only if it agrees with the rate (or there is no rate). T is in
    # milliseconds by the format; a column that steps a thousand times the sample period is taken
    # as microseconds (atu's files).
    timing = None
    t_scale = 1000.0
    if it is not None:
        steps = [b[it] - a[it] for _, points, *_ in state.components for a, b in zip(points, points[1:])]
        positive = [s for s in steps if s > 0]
        if positive:
            median = statistics.median(positive)
            if rate is None or 0.5 <= median * rate / 1000.0 <= 2.0:
                timing = "T"
            elif 0.5 <= median * rate / 1e6 <= 2.0:
                timing, t_scale = "T", 1e6
                state.notes.append("T column in microseconds")
            else:
                state.notes.append(f"T column ignored: median step {median:g} vs {1000.0 / rate:g} ms from the rate")
        if timing == "T" and any(s < 0 for s in steps):
            state.notes.append(f"T goes backwards {sum(s < 0 for s in steps)} times")
        if timing == "T" and any(s == 0 for s in steps):
            state.notes.append(f"{sum(s == 0 for s in steps)} repeated T values")
    if timing is None and rate:
        timing = "rate"

    rec = Recording(path=path, category=category, writer=writer, writer_id=value("WRITER_ID") or "",
                    data_source=value("DATA_SOURCE") or "", style=value("STYLE") or "", rate=rate,
                    x_ppmm=x_ppmm, y_ppmm=y_ppmm, coord=coord, y_up=y_up, timing=timing,
                    sources=state.sources, notes=state.notes)
    t0 = None
    previous_end = None  # time of the previous component's last point (timing == "rate")
    previous_down = None
    stroke_of = {}
    per_set = {}
    huge_dt = 0
    for down, points, set_index, source, line, dt in state.components:
        index = len(per_set.setdefault(set_index, []))
        per_set[set_index].append((down, points))
        # the time since the previous component is known from T, a .DT, or sampled pen-up points
        known = timing == "T" or previous_down is None or previous_down is False or (dt is not None and 0 <= dt[0] <= 3_600_000)
        times = []
        if timing == "T":
            if t0 is None:
                t0 = points[0][it]
            times = [(p[it] - t0) / t_scale for p in points]
        elif timing == "rate":
            if previous_end is None:
                start = 0.0
            elif dt is not None and 0 <= dt[0] <= 3_600_000:
                start = previous_end + dt[0] / 1000.0
            else:
                if dt is not None:
                    huge_dt += 1
                start = previous_end + 1.0 / rate
            times = [start + i / rate for i in range(len(points))]
            previous_end = times[-1]
        else:
            times = [None] * len(points)
        previous_down = down
        rec.components.append((down, [(t, p[ix], p[iy]) for t, p in zip(times, points)], set_index))
        if down:
            stroke_of[(set_index, index)] = len(rec.strokes)
            rec.stroke_components.append(index)
            rec.stroke_sets.append(set_index)
            rec.gap_known.append(bool(timing) and known)
            rec.raw_strokes.append([(p[ix], p[iy]) for p in points])
            sign = -1.0 if y_up else 1.0
            if x_ppmm and y_ppmm:
                rec.strokes.append([(t, p[ix] / x_ppmm, sign * p[iy] / y_ppmm) for t, p in zip(times, points)])
            else:
                rec.strokes.append([(t, None, None) for t in times])
    if "P" in coord:
        ip = coord.index("P")
        lifted = sum(1 for down, points, *_ in state.components if down for p in points if p[ip] <= 0)
        if lifted:
            state.notes.append(f"{lifted} pen-down points with P <= 0")
    if rate is not None and not 20 <= rate <= 1000:
        state.notes.append(f"implausible rate {rate:g} Hz")
    if huge_dt:
        state.notes.append(f"{huge_dt} .DT values negative or over an hour (ignored)")
    for text, source, line, set_index in state.segments:
        rec.segments.append(_segment(text, source, line, set_index, per_set.get(set_index, []), stroke_of))
    return rec


# ---------------------------------------------------------------- many files

def include_key(path):
    """The .INCLUDE lines of a data file: two data files with the same ones hold the same ink."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(1 << 16).decode("latin-1")
    except OSError:
        return (path,)
    return tuple(line.split()[1] for line in head.splitlines() if line.startswith(".INCLUDE") and len(line.split()) > 1) or (path,)


def iter_data_files(root, categories=None, writers=None):
    """Paths of the data files under root/data/<category>/<writer>/, sorted."""
    base = os.path.join(os.fspath(root), "data")
    for category in sorted(os.listdir(base)):
        if categories is not None and category not in categories:
            continue
        cdir = os.path.join(base, category)
        if not os.path.isdir(cdir):
            continue
        for writer in sorted(os.listdir(cdir)):
            if writers is not None and writer not in writers:
                continue
            for directory, subdirs, files in os.walk(os.path.join(cdir, writer)):
                subdirs.sort()
                for name in sorted(files):
                    yield os.path.join(directory, name)


def iter_recordings(root, categories=None, writers=None, on_error=None, files=None):
    """Recordings of the data files (or of `files`); a file that fails raises UnipenError,
    or, with on_error(path, error), is reported and skipped."""
    for path in (files if files is not None else iter_data_files(root, categories, writers)):
        try:
            yield read(path, root)
        except (UnipenError, RecursionError, MemoryError) as error:
            if on_error is None:
                raise
            on_error(path, error if isinstance(error, UnipenError) else UnipenError(path, 0, type(error).__name__))


if __name__ == "__main__":
    import sys
    if len(sys.argv) < 2:
        sys.exit("usage: unipen.py ROOT [CATEGORY [WRITER]]")
    cats = [sys.argv[2]] if len(sys.argv) > 2 else None
    who = [sys.argv[3]] if len(sys.argv) > 3 else None
    for rec in iter_recordings(sys.argv[1], cats, who, on_error=lambda p, e: print(f"skip {e}")):
        print(f"{rec.category} {rec.writer} {rec.writer_id!r} {rec.rate} Hz {rec.x_ppmm}/{rec.y_ppmm} pt/mm timing={rec.timing} "
              f"strokes={len(rec.strokes)} segments={len(rec.segments)} {os.path.relpath(rec.path, sys.argv[1])}"
              + (f" notes={rec.notes}" if rec.notes else ""))
