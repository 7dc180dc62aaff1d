"""Writes evemu recordings (the text format `evemu-record` writes and `quill` reads): one writer for
every research script.

A recording is a device header (`# EVEMU`, N:, I:, P:, B: and A: lines) and then one line per input
event, `E: <seconds>.<microseconds> <type> <code> <value>` (type and code in hexadecimal, as in
linux/input-event-codes.h: EV_SYN 0, EV_KEY 1, EV_ABS 3; a frame ends with SYN_REPORT `0000 0000 0`).

    with open(path, "w") as out:
        writer = EvemuWriter(out, header(width, height, units))
        writer.event(t, 3, 0x00, x)        # t in seconds; written as t + offset (default 1 s)
        writer.frame(t, [(3, 0x01, y)])    # the events, then SYN_REPORT
"""

__all__ = ["HEADER_TEMPLATE", "header", "stamp", "EvemuWriter"]

# An Intuos-Pro-like pen: x, y at `units` per mm, pressure 0…8191, distance 0…63, tilt ±64 at 57 units/rad.
HEADER_TEMPLATE = """# EVEMU 1.3
N: {name}
I: 0003 056a 0357 0110
P: 01 00 00 00 00 00 00 00
B: 00 1b 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 03 1c 00 00 00 00 00 00
B: 04 01 00 00 00 00 00 00 00
A: 00 0 {width} 0 0 {units}
A: 01 0 {height} 0 0 {units}
A: 18 0 8191 0 0 0
A: 19 0 63 0 0 0
A: 1a -64 63 0 0 57
A: 1b -64 63 0 0 57
"""


def header(width, height, units, name="Synthetic Tablet Pen"):
    """The Intuos-Pro-like device description: x 0…`width`, y 0…`height` (device units), `units`
    per mm, named `name`. Ends with a newline."""
    return HEADER_TEMPLATE.format(name=name, width=width, height=height, units=units)


def stamp(micros):
    """An event time of `micros` µs (an int >= 0) as evemu writes it: seconds.microseconds."""
    return f"{micros // 1_000_000}.{micros % 1_000_000:06d}"


class EvemuWriter:
    """Writes `header` (text ending in a newline, or a list of its lines) to `out`, a text stream or
    a list of strings (each write appended), then events. Event times are seconds; each is written
    as round((t + offset) × 10⁶) µs (offset 1 s by default: evemu times are positive)."""

    def __init__(self, out, header, offset=1.0):
        self.out, self.offset = out, offset
        self._write = out.append if isinstance(out, list) else out.write
        self._write(header if isinstance(header, str) else "".join(line + "\n" for line in header))

    def event_us(self, micros, type_, code, value):
        """One event at `micros` µs as written (no offset added)."""
        self._write(f"E: {stamp(micros)} {type_:04x} {code:04x} {value}\n")

    def event(self, t, type_, code, value):
        """One event at `t` seconds (plus the offset)."""
        self.event_us(int(round((t + self.offset) * 1e6)), type_, code, value)

    def frame(self, t, events):
        """`events` [(type, code, value)] at `t` seconds, then SYN_REPORT."""
        for type_, code, value in events:
            self.event(t, type_, code, value)
        self.event(t, 0, 0, 0)
