"""Writes strokes (mm points with times) as an evemu recording Quill reads (as
Tools/compare/unipen_prediction.py does: Intuos-Pro-like header, constant pressure 3000)."""
import os
import sys
from paths import REPOSITORY
sys.path.insert(0, os.path.join(REPOSITORY, "Tools", "compare"))
from generate import HEADER_TEMPLATE

UNITS = 100
PRESSURE = 3000


def write(path, strokes, width_mm, height_mm):
    """strokes: [[(x mm, y mm, t s)]] with x, y >= 1 mm; each in and out of proximity, 150 ms apart.
    Consecutive samples at the same unit position are dropped (no event would reach Quill)."""
    header = HEADER_TEMPLATE.format(width=int(width_mm * UNITS), height=int(height_mm * UNITS), units=UNITS)
    lines = [header]

    def event(us, type_, code, value):
        us += 1_000_000
        lines.append(f"E: {us // 1_000_000}.{us % 1_000_000:06d} {type_:04x} {code:04x} {value}\n")

    cursor = 50_000
    written = []
    for stroke in strokes:
        pts = []
        for x, y, t in stroke:
            q = (int(round(x * UNITS)), int(round(y * UNITS)))
            if pts and q == pts[-1][:2]:
                continue
            pts.append((q[0], q[1], t))
        written.append(pts)
        t0 = pts[0][2]
        times = []
        for p in pts:
            us = cursor + int(round((p[2] - t0) * 1e6))
            if times and us <= times[-1]:
                us = times[-1] + 1
            times.append(us)
        enter = times[0] - 50_000
        event(enter, 3, 0, pts[0][0]); event(enter, 3, 1, pts[0][1]); event(enter, 3, 0x19, 20)
        event(enter, 1, 0x140, 1); event(enter, 0, 0, 0)
        for i, (us, p) in enumerate(zip(times, pts)):
            event(us, 3, 0, p[0]); event(us, 3, 1, p[1])
            if i == 0:
                event(us, 3, 0x19, 0); event(us, 1, 0x14a, 1)
            event(us, 3, 0x18, PRESSURE)
            event(us, 0, 0, 0)
        end = times[-1] + 4_000
        event(end, 3, 0x18, 0); event(end, 1, 0x14a, 0); event(end, 0, 0, 0)
        event(end + 4_000, 3, 0, 0); event(end + 4_000, 3, 1, 0); event(end + 4_000, 1, 0x140, 0); event(end + 4_000, 0, 0, 0)
        cursor = end + 4_000 + 100_000
    with open(path, "w") as out:
        out.writelines(lines)
    return written
