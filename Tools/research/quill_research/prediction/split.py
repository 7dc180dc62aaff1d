"""The writer split and horizons used throughout: 8 held-out writers (never used for fitting),
the remaining writers with data are the tuning writers."""
from quill_research.common.reserved import RESERVED_WRITERS as HELD_OUT

HORIZONS = (0.010, 0.0167)          # horizons of the held-out figures (s)
PRIOR_HORIZONS = (0.0083, 0.010, 0.0167, 0.0333)   # horizons the prior matrix is fitted at (s)


def tuning_writers(D):
    """Sorted writers of the data set D (data.load) that are not held out and have strokes."""
    return sorted(w for w, s in D.items() if w not in HELD_OUT and any(x["strokes"] for x in s))
