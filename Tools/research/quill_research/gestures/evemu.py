"""Writes strokes (mm points with times) as an evemu recording Quill reads, by
quill_research.compare.unipen_prediction's write_evemu (Intuos-Pro-like header, constant pressure)."""
from quill_research.compare.unipen_prediction import write_evemu

UNITS = 100


def write(path, strokes, width_mm, height_mm):
    """strokes: [[(x mm, y mm, t s)]] with x, y >= 1 mm; each in and out of proximity, 150 ms apart.
    Consecutive samples at the same unit position are dropped (no event would reach Quill), and a
    sample's time is moved on to 1 µs after the one before when it is not later. Returns the strokes
    as written: [[(x units, y units, t s)]]."""
    written = []
    for stroke in strokes:
        pts = []
        for x, y, t in stroke:
            q = (int(round(x * UNITS)), int(round(y * UNITS)))
            if pts and q == pts[-1][:2]:
                continue
            pts.append((q[0], q[1], t))
        written.append(pts)
    rows = []
    for pts in written:
        t0, last, row = pts[0][2], None, []
        for x, y, t in pts:
            us = int(round((t - t0) * 1e6))
            if last is not None and us <= last:
                us = last + 1
            last = us
            row.append((t0 + us / 1e6, x, y))
        rows.append(row)
    write_evemu(path, "scratch-out check", UNITS, rows, area=(int(width_mm * UNITS), int(height_mm * UNITS)))
    return written
