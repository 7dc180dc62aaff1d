#!/usr/bin/env python3
"""Builds the palm-rejection fixtures in Recordings/libinput-record/palm/ from real recordings.

No real recording has a pen and a touchscreen interleaved in time, so each fixture puts a REAL pen
stream and REAL touch tracks of the same tablet onto one clock, as a two-device `libinput record`
YAML file (the pen is device 0, the touchscreen device 1, both in one LIBINPUT_DEVICE_GROUP), and a
`.labels.json` beside it says what libinput 1.22.1 should do with every touch (the live tier's
PalmOracleTests check that against libinput itself, Tests/QuillInputTests/LibinputTouchOracle.swift).

What is changed, and only this: where the touches sit (their tracks are moved by whole
millimetres, or mirrored with the pen), when they begin (each track keeps its own frame timing and
jitter), how long a finger rests motionless after touching down (a resting finger sends no
frames), and, in the Cintiq fixtures, one 78 ms gap of the pen's hover shortened to 40 ms (see
CINTIQ_LAST_GAP). The touch node's events are encoded again as the kernel's input-mt core does:
lowest free slot, increasing tracking ids, a value sent only when it changed for that slot,
ABS_MT_SLOT only when the slot changes, BTN_TOUCH and ABS_X/ABS_Y from the oldest contact, and
MSC_TIMESTAMP on a node that has it.

Every cross-node pair of events whose order decides libinput's answer is at least 150 ms apart
(MIN_ORDER_GAP), so real-time playback on a loaded machine cannot reorder them; where a gap is
shorter (a touch 40 ms after proximity-out), both orders give the same answer and the label says so.

Reads only Recordings/evemu-devices/ (the evemu project's files, MIT). Standard library only.
Usage: Tools/generate/palm-fixtures.py [--check]   (--check: fail if the committed files differ)
"""
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SOURCES = os.path.join(ROOT, "Recordings", "evemu-devices")
OUTPUT = os.path.join(ROOT, "Recordings", "libinput-record", "palm")

EV_SYN, EV_KEY, EV_ABS, EV_MSC = 0, 1, 3, 4
ABS_X, ABS_Y, ABS_TILT_X = 0x00, 0x01, 0x1A
ABS_MT_SLOT, ABS_MT_POSITION_X, ABS_MT_POSITION_Y, ABS_MT_TRACKING_ID = 0x2F, 0x35, 0x36, 0x39
BTN_TOUCH, MSC_TIMESTAMP = 0x14A, 0x05
MIN_ORDER_GAP = 150_000  # µs between cross-node events whose order matters
MS = 1000
S = 1_000_000

NAMES = {
    (EV_SYN, 0): "SYN_REPORT", (EV_KEY, 0x140): "BTN_TOOL_PEN", (EV_KEY, 0x141): "BTN_TOOL_RUBBER",
    (EV_KEY, 0x14A): "BTN_TOUCH", (EV_KEY, 0x14B): "BTN_STYLUS", (EV_KEY, 0x14C): "BTN_STYLUS2",
    (EV_ABS, 0x00): "ABS_X", (EV_ABS, 0x01): "ABS_Y", (EV_ABS, 0x02): "ABS_Z", (EV_ABS, 0x08): "ABS_WHEEL",
    (EV_ABS, 0x18): "ABS_PRESSURE", (EV_ABS, 0x19): "ABS_DISTANCE", (EV_ABS, 0x1A): "ABS_TILT_X",
    (EV_ABS, 0x1B): "ABS_TILT_Y", (EV_ABS, 0x28): "ABS_MISC", (EV_ABS, 0x2F): "ABS_MT_SLOT",
    (EV_ABS, 0x30): "ABS_MT_TOUCH_MAJOR", (EV_ABS, 0x32): "ABS_MT_WIDTH_MAJOR", (EV_ABS, 0x33): "ABS_MT_WIDTH_MINOR",
    (EV_ABS, 0x34): "ABS_MT_ORIENTATION", (EV_ABS, 0x35): "ABS_MT_POSITION_X", (EV_ABS, 0x36): "ABS_MT_POSITION_Y",
    (EV_ABS, 0x39): "ABS_MT_TRACKING_ID", (EV_MSC, 0x00): "MSC_SERIAL", (EV_MSC, 0x05): "MSC_TIMESTAMP",
}
TYPE_NAMES = {0: "EV_SYN", 1: "EV_KEY", 2: "EV_REL", 3: "EV_ABS", 4: "EV_MSC", 5: "EV_SW"}


# MARK: - Reading evemu recordings

class Device:
    """An evemu recording's device (N:, I:, P:, B:, A: lines) and its frames."""

    def __init__(self, path):
        self.file = os.path.basename(path)
        self.name, self.ids, self.properties = "", (0, 0, 0, 0), []
        self.codes, self.axes, self.frames = {}, {}, []
        masks, frame = {}, []
        with open(path, encoding="utf-8", errors="replace") as text:
            for line in text:
                if line.startswith("N: "):
                    self.name = line[3:].rstrip("\n")
                elif line.startswith("I: "):
                    self.ids = tuple(int(word, 16) for word in line.split()[1:5])
                elif line.startswith("P: "):
                    self.properties = bits([int(word, 16) for word in line.split()[1:]])
                elif line.startswith("B: "):
                    words = line.split()
                    masks.setdefault(int(words[1], 16), []).extend(int(word, 16) for word in words[2:])
                elif line.startswith("A: "):
                    words = line.split()
                    self.axes[int(words[1], 16)] = [int(word) for word in words[2:7]]
                elif line.startswith("E: "):
                    words = line.split("#")[0].split()
                    seconds, micro = words[1].split(".")
                    event = (int(seconds) * S + int(micro.ljust(6, "0")[:6]), int(words[2], 16), int(words[3], 16), int(words[4]))
                    frame.append(event)
                    if event[1] == EV_SYN and event[2] == 0:
                        self.frames.append(frame)
                        frame = []
        self.codes = {kind: bits(mask) for kind, mask in masks.items() if bits(mask) and kind != EV_ABS}
        self.codes[EV_ABS] = sorted(self.axes)

    def mm(self, code, value):
        """Millimetres from the axis minimum, as libinput measures (evdev_device_units_to_mm)."""
        minimum, _, _, _, resolution = self.axes[code]
        return (value - minimum) / resolution

    def units(self, code, millimetres):
        minimum, _, _, _, resolution = self.axes[code]
        return round(millimetres * resolution)


def bits(mask):
    return [index * 8 + bit for index, byte in enumerate(mask) for bit in range(8) if byte >> bit & 1]


# MARK: - Pen streams

def pen_frames(device, start, end, shift, mirror=False, gaps=None):
    """The device's frames from `start` to `end` (µs, inclusive) moved by `shift` µs.

    `mirror` mirrors X about the middle of its range and negates ABS_TILT_X (a left hand).
    `gaps` maps a frame's index (in the selection) to the µs it follows the previous one by."""
    selected = [f for f in device.frames if start <= f[-1][0] <= end]
    low, high = device.axes[ABS_X][0], device.axes[ABS_X][1]
    frames, time = [], None
    for index, frame in enumerate(selected):
        original = frame[-1][0]
        if time is None:
            time = original + shift
        else:
            time += (gaps or {}).get(index, original - previous)
        previous = original
        events = []
        for (_, kind, code, value) in frame:
            if mirror and kind == EV_ABS and code == ABS_X and value != 0:
                value = low + high - value
            if mirror and kind == EV_ABS and code == ABS_TILT_X:
                value = -value
            events.append((kind, code, value))
        frames.append((time, events))
    return frames


def proximity(frames):
    """(in, out) times of the pen's BTN_TOOL_PEN 1 and 0 frames."""
    times = {}
    for time, events in frames:
        for kind, code, value in events:
            if kind == EV_KEY and code == 0x140:
                times.setdefault(value, time)
    return times[1], times[0]


# MARK: - Touch tracks

class Track:
    """One real contact (a tracking id) of a touch recording: its samples, each the contact's
    ABS_MT_* values after a frame in which it was down, and when it lifted."""

    def __init__(self, tracking_id, begin):
        self.tracking_id, self.begin, self.samples, self.end = tracking_id, begin, [], None


def tracks(device):
    slot, values, active, found = 0, {}, {}, {}
    for frame in device.frames:
        time = frame[-1][0]
        for (_, kind, code, value) in frame:
            if kind != EV_ABS:
                continue
            if code == ABS_MT_SLOT:
                slot = value
            elif code == ABS_MT_TRACKING_ID:
                if value >= 0:
                    active[slot] = found[value] = Track(value, time)
                else:
                    active.pop(slot).end = time
            elif 0x30 <= code <= 0x3D:
                values[(slot, code)] = value
        for contact_slot, track in active.items():
            track.samples.append((time, {code: values[(s, code)] for (s, code) in values if s == contact_slot}))
    return found


class Placed:
    """A track put into a fixture: `start` (µs on the fixture's clock) for its touch-down,
    moved by (dx, dy) mm, resting `rest` µs after its first sample, mirrored in X if asked."""

    def __init__(self, name, track, start, dx=0.0, dy=0.0, rest=0, expect="normal", why="", source=""):
        self.name, self.track, self.start, self.dx, self.dy, self.rest = name, track, start, dx, dy, rest
        self.expect, self.why, self.source = expect, why, source
        self.mirror = False

    def samples(self, device):
        """(time, values) per frame of the contact on the fixture's clock, then the lift time."""
        out = []
        for index, (time, values) in enumerate(self.track.samples):
            moved = dict(values)
            moved[ABS_MT_POSITION_X] = self.position(device, ABS_MT_POSITION_X, values[ABS_MT_POSITION_X], self.dx)
            moved[ABS_MT_POSITION_Y] = self.position(device, ABS_MT_POSITION_Y, values[ABS_MT_POSITION_Y], self.dy)
            out.append((self.at(time, index), moved))
        return out, self.at(self.track.end, len(self.track.samples))

    def at(self, time, index):
        return self.start + time - self.track.begin + (self.rest if index >= 1 else 0)

    def position(self, device, code, value, offset):
        low, high = device.axes[code][0], device.axes[code][1]
        value += device.units(code, offset)
        if self.mirror and code == ABS_MT_POSITION_X:
            value = low + high - value
        if not low <= value <= high:
            raise SystemExit(f"{self.name}: {NAMES[(EV_ABS, code)]} {value} outside {low}…{high}")
        return value


def encode_touches(device, placed):
    """The touch node's frames, encoded as the kernel's input-mt core does (see the top)."""
    changes = {}
    for contact in placed:
        samples, end = contact.samples(device)
        for index, (time, values) in enumerate(samples):
            changes.setdefault(time, []).append(("begin" if index == 0 else "move", contact, values))
        changes.setdefault(end, []).append(("end", contact, None))
    slots_count = device.axes[ABS_MT_SLOT][1] + 1
    slot_of, last, occupied, order = {}, {}, {}, []
    current_slot, next_id, touching, pointer = 0, 1, False, {}
    first_time = min(changes)
    frames = []
    for time in sorted(changes):
        per_slot = {}
        kinds = {kind for kind, _, _ in changes[time]}
        if "begin" in kinds and "end" in kinds:
            raise SystemExit(f"a touch begins and another ends in the frame at {time} µs: move one")
        for kind, contact, values in changes[time]:
            if kind == "begin":
                slot = min(s for s in range(slots_count) if s not in occupied)
                occupied[slot] = contact
                slot_of[contact] = slot
                contact.slot, contact.tracking_id = slot, next_id
                next_id += 1
                order.append(contact)
                events = [(EV_ABS, ABS_MT_TRACKING_ID, contact.tracking_id)]
            elif kind == "move":
                slot = slot_of[contact]
                events = []
            else:
                slot = slot_of[contact]
                del occupied[slot]
                order.remove(contact)
                contact.end_time = time
                per_slot[slot] = [(EV_ABS, ABS_MT_TRACKING_ID, -1)]
                continue
            if kind == "begin":
                contact.begin_time = time
            for code in sorted(values):
                if last.get((slot, code)) != values[code]:
                    last[(slot, code)] = values[code]
                    events.append((EV_ABS, code, values[code]))
            per_slot[slot] = events
        events = []
        for slot in sorted(per_slot):
            if not per_slot[slot]:
                continue
            if slot != current_slot:
                events.append((EV_ABS, ABS_MT_SLOT, slot))
                current_slot = slot
            events += per_slot[slot]
        if bool(occupied) != touching:
            touching = bool(occupied)
            events.append((EV_KEY, BTN_TOUCH, int(touching)))
        if order and ABS_X in device.axes:
            oldest = order[0]
            x, y = last[(oldest.slot, ABS_MT_POSITION_X)], last[(oldest.slot, ABS_MT_POSITION_Y)]
            for code, value in ((ABS_X, x), (ABS_Y, y)):
                if pointer.get(code) != value:
                    pointer[code] = value
                    events.append((EV_ABS, code, value))
        if MSC_TIMESTAMP in device.codes.get(EV_MSC, []):
            events.append((EV_MSC, MSC_TIMESTAMP, (time - first_time) // 100 * 100))
        if events:
            frames.append((time, events))
    return frames


# MARK: - Writing libinput record YAML

def yaml_device(device, node, tags, group, frames, quirks=()):
    name = device.name.replace('"', '\\"')
    bus, vendor, product, version = device.ids
    lines = [f"- node: {node}", "  evdev:", f"    # Name: {device.name}",
             f"    # ID: bus {bus:#x} vendor {vendor:#x} product {product:#x} version {version:#x}",
             f'    name: "{name}"', f"    id: [{bus}, {vendor}, {product}, {version}]", "    codes:"]
    for kind in sorted(device.codes):
        lines.append(f"      {kind}: [{', '.join(str(c) for c in device.codes[kind])}] # {TYPE_NAMES.get(kind, kind)}")
    lines.append("    absinfo:")
    for code in sorted(device.axes):
        lines.append(f"      {code}: [{', '.join(str(v) for v in device.axes[code])}]")
    lines.append(f"    properties: [{', '.join(str(p) for p in device.properties)}]")
    lines += ["  udev:", "    properties:", "    - ID_INPUT=1"] + [f"    - {tag}=1" for tag in tags]
    lines.append(f"    - LIBINPUT_DEVICE_GROUP={group}")
    lines.append("  quirks:")
    lines += [f"  - {quirk}" for quirk in quirks]
    lines.append("  events:")
    for time, events in frames:
        lines.append("  - evdev:")
        for kind, code, value in events + [(EV_SYN, 0, 0)]:
            label = NAMES.get((kind, code), f"{TYPE_NAMES.get(kind, kind)} {code}")
            lines.append(f"    - [{time // S:3d}, {time % S:6d}, {kind:3d}, {code:3d}, {value:7d}] # {label}")
    return lines


def write_fixture(name, summary, pen, pen_node_frames, pen_tags, touch, touch_frames, placed, group, expectations, quirks=()):
    """Writes NAME.yml and NAME.labels.json; returns their paths and texts."""
    origin = min(pen_node_frames[0][0], touch_frames[0][0])
    if origin != 0:
        raise SystemExit(f"{name}: the fixture's first event must be at 0 µs, not {origin}")
    header = ["# libinput record", "# Derived fixture, not a recording: " + summary,
              "# Built by Tools/generate/palm-fixtures.py from Recordings/evemu-devices/"
              f"{pen.file} (device 0) and {touch.file} (device 1); labels in {name}.labels.json.",
              "version: 1", "ndevices: 2", "libinput:", '  version: "1.22.1"', '  git: "unknown"', "system:",
              '  os: "debian:12"', '  kernel: "unknown"', '  dmi: "unknown"', "devices:"]
    text = "\n".join(header + yaml_device(pen, "/dev/input/event13", pen_tags, group, pen_node_frames, quirks)
                     + yaml_device(touch, "/dev/input/event14", ["ID_INPUT_TOUCHSCREEN"], group, touch_frames)) + "\n"
    pen_in, pen_out = proximity(pen_node_frames)
    labels = {
        "fixture": f"{name}.yml",
        "summary": summary,
        "derived": True,
        "pen": dict(device=0, source=pen.file, proximity_in=seconds(pen_in), proximity_out=seconds(pen_out), **expectations),
        "touch": {"device": 1, "source": touch.file},
        "touches": [],
    }
    for contact in sorted(placed, key=lambda c: c.begin_time):
        samples, _ = contact.samples(touch)
        x, y = samples[0][1][ABS_MT_POSITION_X], samples[0][1][ABS_MT_POSITION_Y]
        entry = dict(name=contact.name, tracking_id=contact.tracking_id, slot=contact.slot,
                     begins=seconds(contact.begin_time), ends=seconds(contact.end_time),
                     x_mm=round(touch.mm(ABS_MT_POSITION_X, x), 1), y_mm=round(touch.mm(ABS_MT_POSITION_Y, y), 1),
                     expect=contact.expect, why=contact.why, source=contact.source)
        labels["touches"].append(entry)
    return {f"{name}.yml": text, f"{name}.labels.json": json.dumps(labels, indent=2, ensure_ascii=False) + "\n"}


def seconds(microseconds):
    return round(microseconds / S, 6)


def check_order(name, pen_frames, placed, exempt=()):
    """Every touch-down is MIN_ORDER_GAP from the pen's proximity-in and -out, and every lift from
    its proximity-in (a touch cancelled there must still be down), unless exempt. A lift near the
    proximity-out gives the same answer in either order (the touch is cancelled, ignored, or
    normal on both sides), so it is not checked."""
    pen_in, pen_out = proximity(pen_frames)
    for contact in placed:
        for what, time, changes in (("begins", contact.begin_time, (("proximity-in", pen_in), ("proximity-out", pen_out))),
                                    ("ends", contact.end_time, (("proximity-in", pen_in),))):
            if (contact.name, what) in exempt:
                continue
            for change, at in changes:
                if abs(time - at) < MIN_ORDER_GAP:
                    raise SystemExit(f"{name}: touch {contact.name} {what} {abs(time - at) / MS:.0f} ms from the pen's {change}")


# MARK: - The fixtures

def cintiq_rect(mirror):
    """Scenarios a (right hand) and c (its mirror, left hand) on the Cintiq 13HD touch."""
    pen = Device(os.path.join(SOURCES, "Wacom-Cintiq-13HD-touch-Pen.events"))
    finger = Device(os.path.join(SOURCES, "Wacom-Cintiq-13HD-touch-Finger.events"))
    tap = tracks(finger)[1]  # the recording's one touch: 0.248 s, 4 frames, at (144.2, 75.2) mm
    pen_in = 300 * MS
    # The pen's last hover frame is 78 ms before its proximity-out: libinput 1.22's forced
    # proximity-out (50 ms, armed until a tablet's first real proximity-out) would fire first, at a
    # time that depends on which event libinput reads next. Shortened to 40 ms (CINTIQ_LAST_GAP).
    gaps = {len(pen.frames) - 1: CINTIQ_LAST_GAP}
    frames = pen_frames(pen, 0, 10 * S, pen_in - pen.frames[0][-1][0], mirror=mirror, gaps=gaps)
    _, pen_out = proximity(frames)
    source = "Wacom-Cintiq-13HD-touch-Finger.events, its one touch (tracking id 1)"
    rest = 450 * MS
    placed = [
        Placed("A", tap, 0, dx=55, rest=rest, expect="cancelled",
               why="down before the pen, inside the rectangle when the pen comes into proximity: cancelled once",
               source=f"{source}, +55 mm in x, resting {rest // MS} ms after touching down"),
        Placed("B", tap, 50 * MS, dx=-95, rest=rest, expect="normal",
               why="down before the pen, outside the rectangle: lives on (moves and lifts while the pen is in proximity)",
               source=f"{source}, -95 mm in x, resting {rest // MS} ms after touching down"),
        Placed("C", tap, pen_in + 200 * MS, dx=95, expect="ignored",
               why="begins inside the rectangle while the pen is in proximity: ignored until it lifts (no event at all)",
               source=f"{source}, +95 mm in x"),
        Placed("E", tap, pen_out + 40 * MS, dx=-95, expect="normal",
               why="begins 40 ms after proximity-out, outside the rectangle: a normal touch (the rectangle mode "
                   "leaves no 90 ms mute; were it read before the proximity-out it would still be outside)",
               source=f"{source}, -95 mm in x"),
        Placed("D", tap, pen_out + 200 * MS, dx=55, expect="normal",
               why="begins 200 ms after proximity-out where the rectangle was: a normal touch",
               source=f"{source}, +55 mm in x"),
    ]
    for contact in placed:
        contact.mirror = mirror
    touch_frames = encode_touches(finger, placed)
    check_order("cintiq", frames, placed, exempt={("E", "begins")})
    hand = "left" if mirror else "right"
    name = f"cintiq-13hd-rect-{hand}"
    summary = (f"Cintiq 13HD touch: the real pen (tilt x {'-19…-8' if mirror else '8…19'} raw, {hand} hand: libinput "
               f"ignores a 200x250 mm rectangle) hovers and draws two strokes while touches come and go"
               + ("; pen and touches mirrored in x, tilt x negated" if mirror else ""))
    expectations = dict(arbitration="rectangle", hand=hand,
                        rectangle=("x from tip+20-200 mm, width 200; y from tip-100 mm, height 250" if mirror
                                   else "x from tip-20 mm, width 200; y from tip-100 mm, height 250"),
                        note="the Wacom kernel driver's own touch arbitration (wacom.touch_arbitration=1, the "
                             "default) would lift these touches itself on a real Cintiq 13HD; the fixture is "
                             "libinput's side, as with that arbitration off")
    return write_fixture(name, summary, pen, frames, ["ID_INPUT_TABLET"], finger, touch_frames, placed,
                         "3/56a/333:palm-fixture", expectations)


CINTIQ_LAST_GAP = 40 * MS


def dell_ignore_all():
    """Scenario b on the Dell Canvas: libinput ignores every touch while the pen is in proximity."""
    pen = Device(os.path.join(SOURCES, "dell_canvas_pen.evemu"))
    screen = Device(os.path.join(SOURCES, "dell_canvas_touch.evemu"))
    found = tracks(screen)
    pen_in = 350 * MS
    # The first proximity of the pen recording: 1.851 s of hover, no tilt event (the ISD-V4 pen
    # sends tilt only in contact, and libinput's quirk disables its tilt axes anyway).
    first_out = next(f[-1][0] for f in pen.frames if any(e[1] == EV_KEY and e[2] == 0x140 and e[3] == 0 for e in f))
    frames = pen_frames(pen, 0, first_out, pen_in - pen.frames[0][-1][0])
    _, pen_out = proximity(frames)
    source = "dell_canvas_touch.evemu, tracking id"
    drag = found[2].begin  # the four-finger drag: ids 2 and 3 keep their real relative timing
    placed = [
        Placed("A", found[2], 0, dx=200, dy=-60, expect="cancelled",
               why="down before the pen, near where the pen comes: cancelled when the pen comes into proximity",
               source=f"{source} 2 (four-finger drag), +200 mm in x, -60 mm in y"),
        Placed("B", found[3], found[3].begin - drag, dx=-100, expect="cancelled",
               why="down before the pen, far from it: cancelled too (upright pen: every touch)",
               source=f"{source} 3 (the same drag, its real timing against id 2), -100 mm in x"),
        Placed("C", found[11], pen_in + 500 * MS, dx=80, dy=-40, expect="ignored",
               why="begins while the pen is in proximity: never reported",
               source=f"{source} 11 (one-finger swipe), +80 mm in x, -40 mm in y"),
        Placed("G", found[7], pen_out - 300 * MS, dx=130, dy=40, expect="ignored",
               why="begins while the pen is in proximity and lifts 318 ms after proximity-out: never reported",
               source=f"{source} 7 (five-finger pinch), +130 mm in x, +40 mm in y"),
        Placed("D", found[10], pen_out + 40 * MS, dx=160, dy=-50, expect="ignored",
               why="begins 40 ms after proximity-out, within libinput's 90 ms: muted until it lifts (were it read "
                   "before the proximity-out, ignored all the same)",
               source=f"{source} 10 (five-finger pinch), +160 mm in x, -50 mm in y"),
        Placed("E", found[6], pen_out + 250 * MS, dx=130, dy=30, expect="normal",
               why="begins 250 ms after proximity-out: a normal touch",
               source=f"{source} 6 (five-finger pinch), +130 mm in x, +30 mm in y"),
    ]
    touch_frames = encode_touches(screen, placed)
    check_order("dell", frames, placed, exempt={("D", "begins")})
    summary = ("Dell Canvas 27: the real Wacom pen (056a:4200) hovers 1.85 s with tilt x 0 (it sends no tilt in "
               "hover, and libinput 1.22's quirk disables its tilt axes): libinput ignores every touch, and for "
               "90 ms after proximity-out")
    expectations = dict(arbitration="all", hand="none",
                        note="tilt x is 0: every touch down is cancelled, new ones are dropped, and libinput keeps "
                             "dropping the touchscreen's events until 90 ms after proximity-out")
    return write_fixture("dell-canvas-ignore-all", summary, pen, frames, ["ID_INPUT_TABLET"], screen, touch_frames,
                         placed, "3/56a/4200:palm-fixture", expectations,
                         quirks=["AttrEventCodeDisable=ABS_TILT_X;ABS_TILT_Y;"])


def main():
    outputs = {}
    outputs.update(cintiq_rect(mirror=False))
    outputs.update(cintiq_rect(mirror=True))
    outputs.update(dell_ignore_all())
    check = "--check" in sys.argv[1:]
    os.makedirs(OUTPUT, exist_ok=True)
    stale = []
    for name, text in sorted(outputs.items()):
        path = os.path.join(OUTPUT, name)
        if check:
            with open(path, encoding="utf-8") as existing:
                if existing.read() != text:
                    stale.append(name)
        else:
            with open(path, "w", encoding="utf-8") as file:
                file.write(text)
            print(f"wrote {os.path.relpath(path, ROOT)}")
    if stale:
        raise SystemExit("not what Tools/generate/palm-fixtures.py writes: " + ", ".join(stale))


if __name__ == "__main__":
    main()
