"""The values quill hands to Python callers: frozen dataclasses named as quill.h's structs and fields.

Fields carry quill.h's names (``time``, ``x_mm``, ``tool_id``) and enum types (Phase, Tool, Button …);
a value quill.h marks as absent (NaN "not reported", −1 "none", "") is None; C's 0/1 flags are bools.
``to_dict()`` is the form of the ``quill`` command's JSON Lines (``t``, "began", ["BTN_STYLUS"]).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Dict, Mapping, Optional, Tuple, Union

from ._enums import (Action, Button, FingerGestureKind, FingerRequest, Gesture, GestureChange, Ink, PadKind, Phase,
                     SizeClass, StrokeChangeKind, Tool, ToolEventKind, TouchPhase, TransformPhase)
from ._json import _sample_dict
from ._native import (_FingerGesture, _GestureOutcome, _Layout, _PadEvent, _Rect, _Sample, _StrokeChange,
                      _StrokePoint, _StrokeUpdate, _ToolEvent, _Touch)

__all__ = ["Rect", "Sample", "ToolEvent", "PadEvent", "Touch", "StrokeUpdate", "StrokeChange", "StrokePoint",
           "GestureOutcome", "FingerGesture", "Layout", "SampleInput"]


def _enum(cls: Any, value: int) -> Any:
    member = cls._value2member_map_.get(value)
    return member if member is not None else cls(value)


def _none_if_nan(value: float) -> Optional[float]:
    return None if math.isnan(value) else value


@dataclass(frozen=True, slots=True)
class Rect:
    """struct quill_rect: a rectangle in canvas or window points."""
    x: float
    y: float
    width: float
    height: float

    @classmethod
    def _from(cls, r: _Rect) -> "Rect":
        return cls(r.x, r.y, r.width, r.height)

    def to_dict(self) -> Dict[str, float]:
        return {"x": self.x, "y": self.y, "width": self.width, "height": self.height}


@dataclass(frozen=True, slots=True, kw_only=True)
class Sample:
    """struct quill_sample: one pen sample. Seconds, canvas points (y down), millimetres from the tablet's
    active area's top-left, radians; tilt_x/tilt_y/tilt_range in degrees (0 from a libquill of 0.4.0).
    Every field has a default, so ``Sample(time=…, x_mm=…, y_mm=…, phase=Phase.BEGAN, pressure=…)`` makes
    a sample to feed an Engine or Gestures (the engine draws from x_mm and y_mm)."""
    device: int = 0
    time: float = 0.0
    x: float = 0.0
    y: float = 0.0
    x_mm: float = 0.0
    y_mm: float = 0.0
    phase: Phase = Phase.HOVER
    tool: Tool = Tool.PEN
    force: float = 0.0
    pressure: float = 0.0
    altitude: float = 0.0
    azimuth: float = 0.0
    roll: float = 0.0
    distance: float = 0.0
    wheel: float = 0.0
    buttons: Button = Button(0)
    serial: int = 0
    tool_id: int = 0
    tilt_x: float = 0.0
    tilt_y: float = 0.0
    tilt_range: float = 0.0

    @classmethod
    def _from(cls, s: _Sample) -> "Sample":
        return cls(device=s.device, time=s.time, x=s.x, y=s.y, x_mm=s.x_mm, y_mm=s.y_mm, phase=s.phase, tool=s.tool,
                   force=s.force, pressure=s.pressure, altitude=s.altitude, azimuth=s.azimuth, roll=s.roll,
                   distance=s.distance, wheel=s.wheel, buttons=Button(s._buttons), serial=s.serial, tool_id=s.tool_id,
                   tilt_x=s.tilt_x, tilt_y=s.tilt_y, tilt_range=s.tilt_range)

    def _fill(self, s: _Sample) -> _Sample:
        s.device, s.time, s.x, s.y, s.x_mm, s.y_mm = self.device, self.time, self.x, self.y, self.x_mm, self.y_mm
        s._phase, s._tool, s._buttons = int(self.phase), int(self.tool), int(self.buttons)
        s.force, s.pressure, s.altitude, s.azimuth = self.force, self.pressure, self.altitude, self.azimuth
        s.roll, s.distance, s.wheel, s.serial, s.tool_id = self.roll, self.distance, self.wheel, self.serial, self.tool_id
        s.tilt_x, s.tilt_y, s.tilt_range = self.tilt_x, self.tilt_y, self.tilt_range
        return s

    def to_dict(self) -> Dict[str, Any]:
        """The sample with the keys and values of ``quill samples`` JSON Lines (``t``, phase "began", buttons
        ["BTN_STYLUS"], …)."""
        return _sample_dict(self)

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "Sample":
        """A sample from a dict as :meth:`to_dict` gives (``t`` or ``time``; names or numbers; missing keys 0)."""
        kwargs = {key: d[key] for key in ("device", "x", "y", "x_mm", "y_mm", "force", "pressure", "altitude", "azimuth",
                                          "roll", "distance", "wheel", "serial", "tool_id", "tilt_x", "tilt_y",
                                          "tilt_range") if key in d}
        return cls(time=d.get("t", d.get("time", 0.0)), phase=Phase.parse(d.get("phase", 0)),
                   tool=Tool.parse(d.get("tool", 0)), buttons=Button.parse(d.get("buttons", 0)), **kwargs)


# What Engine.add and Gestures.add take: a Sample, a raw sample (Source.samples(raw=True)) or a dict as
# Sample.to_dict gives.
SampleInput = Union[Sample, _Sample, Mapping[str, Any]]


@dataclass(frozen=True, slots=True, kw_only=True)
class ToolEvent:
    """struct quill_tool_event: a tool coming into (PROXIMITY_IN: its first sample follows) or leaving
    (PROXIMITY_OUT: its last sample came before) proximity of a pen device. tool_changed: on PROXIMITY_IN,
    the tool differs from the one last in proximity (the pen turned to its eraser end); forced: on
    PROXIMITY_OUT, a silent hovering pen was taken out after proximity_timeout."""
    device: int
    time: float
    kind: ToolEventKind
    tool: Tool
    tool_changed: bool
    forced: bool
    serial: int
    tool_id: int

    @classmethod
    def _from(cls, e: _ToolEvent) -> "ToolEvent":
        return cls(device=e.device, time=e.time, kind=_enum(ToolEventKind, e.kind), tool=_enum(Tool, e.tool),
                   tool_changed=bool(e.tool_changed), forced=bool(e.forced), serial=e.serial, tool_id=e.tool_id)

    def to_dict(self) -> Dict[str, Any]:
        """``t``, device, event ("proximityIn", "proximityOut"), tool, tool_changed, forced, serial, tool_id."""
        return {"t": self.time, "device": self.device, "event": self.kind.cli_name, "tool": self.tool.cli_name,
                "tool_changed": self.tool_changed, "forced": self.forced, "serial": self.serial,
                "tool_id": self.tool_id}


@dataclass(frozen=True, slots=True, kw_only=True)
class PadEvent:
    """struct quill_pad_event: an ExpressKey (kind BUTTON, ``pressed``), a touch ring (RING, ``value``
    degrees 0 … <360) or strip (STRIP, ``value`` 0 … 1); value −1: the finger left."""
    device: int = 0
    time: float = 0.0
    kind: PadKind = PadKind.BUTTON
    number: int = 0
    pressed: bool = False
    value: float = 0.0
    mode_group: int = 0
    mode: int = 0

    @classmethod
    def _from(cls, e: _PadEvent) -> "PadEvent":
        return cls(device=e.device, time=e.time, kind=_enum(PadKind, e.kind), number=e.number, pressed=bool(e.pressed),
                   value=e.value, mode_group=e.mode_group, mode=e.mode)

    def _struct(self) -> _PadEvent:
        return _PadEvent(device=self.device, time=self.time, kind=int(self.kind), number=self.number,
                         pressed=1 if self.pressed else 0, value=self.value, mode_group=self.mode_group, mode=self.mode)

    def to_dict(self) -> Dict[str, Any]:
        """The keys and values of ``quill pad`` JSON Lines: t, device, type, number, state or value, mode_group, mode."""
        d: Dict[str, Any] = {"t": self.time, "device": self.device, "type": self.kind.cli_name, "number": self.number}
        if self.kind == PadKind.BUTTON:
            d["state"] = "pressed" if self.pressed else "released"
        else:
            d["value"] = self.value
        d["mode_group"], d["mode"] = self.mode_group, self.mode
        return d

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "PadEvent":
        """A pad event from a dict as :meth:`to_dict` gives."""
        return cls(device=d.get("device", 0), time=d.get("t", d.get("time", 0.0)),
                   kind=PadKind.parse(d.get("type", d.get("kind", 0))), number=d.get("number", 0),
                   pressed=d.get("state") == "pressed" or bool(d.get("pressed", False)), value=d.get("value", 0.0),
                   mode_group=d.get("mode_group", 0), mode=d.get("mode", 0))


@dataclass(frozen=True, slots=True, kw_only=True)
class Touch:
    """struct quill_touch: one finger of a touchscreen (direct) or touchpad. major_mm, minor_mm, pressure:
    None when the node does not report them; tracking_id None when libinput gave the touch; rejected:
    palm rejection took it (never act on it); frame_end: the last touch of a frame."""
    device: int = 0
    time: float = 0.0
    id: int = 0
    slot: int = 0
    tracking_id: Optional[int] = None
    phase: TouchPhase = TouchPhase.BEGAN
    x: float = 0.0
    y: float = 0.0
    x_mm: float = 0.0
    y_mm: float = 0.0
    major_mm: Optional[float] = None
    minor_mm: Optional[float] = None
    pressure: Optional[float] = None
    direct: bool = True
    rejected: bool = False
    frame_end: bool = True

    @classmethod
    def _from(cls, t: _Touch) -> "Touch":
        return cls(device=t.device, time=t.time, id=t.id, slot=t.slot,
                   tracking_id=None if t.tracking_id == -1 else t.tracking_id, phase=_enum(TouchPhase, t.phase),
                   x=t.x, y=t.y, x_mm=t.x_mm, y_mm=t.y_mm, major_mm=_none_if_nan(t.major_mm),
                   minor_mm=_none_if_nan(t.minor_mm), pressure=_none_if_nan(t.pressure), direct=bool(t.direct),
                   rejected=bool(t.rejected), frame_end=bool(t.frame_end))

    def _struct(self) -> _Touch:
        nan = math.nan
        return _Touch(device=self.device, time=self.time, id=self.id, slot=self.slot,
                      tracking_id=-1 if self.tracking_id is None else self.tracking_id, phase=int(self.phase),
                      x=self.x, y=self.y, x_mm=self.x_mm, y_mm=self.y_mm,
                      major_mm=nan if self.major_mm is None else self.major_mm,
                      minor_mm=nan if self.minor_mm is None else self.minor_mm,
                      pressure=nan if self.pressure is None else self.pressure, direct=1 if self.direct else 0,
                      rejected=1 if self.rejected else 0, frame_end=1 if self.frame_end else 0)

    def to_dict(self) -> Dict[str, Any]:
        """The keys and values of ``quill touches`` JSON Lines, plus frame_end."""
        d: Dict[str, Any] = {"t": self.time, "device": self.device, "id": self.id, "slot": self.slot,
                             "tracking_id": -1 if self.tracking_id is None else self.tracking_id,
                             "phase": self.phase.cli_name, "tool": "finger", "x_mm": self.x_mm, "y_mm": self.y_mm,
                             "x": self.x, "y": self.y, "direct": self.direct}
        for key in ("major_mm", "minor_mm", "pressure"):
            value = getattr(self, key)
            if value is not None:
                d[key] = value
        if self.rejected:
            d["rejected"] = "palm"
        d["frame_end"] = self.frame_end
        return d

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "Touch":
        """A touch from a dict as :meth:`to_dict` gives."""
        tracking_id = d.get("tracking_id", -1)
        return cls(device=d.get("device", 0), time=d.get("t", d.get("time", 0.0)), id=d.get("id", 0),
                   slot=d.get("slot", 0), tracking_id=None if tracking_id == -1 else tracking_id,
                   phase=TouchPhase.parse(d.get("phase", 0)), x=d.get("x", 0.0), y=d.get("y", 0.0),
                   x_mm=d.get("x_mm", 0.0), y_mm=d.get("y_mm", 0.0), major_mm=d.get("major_mm"),
                   minor_mm=d.get("minor_mm"), pressure=d.get("pressure"), direct=bool(d.get("direct", True)),
                   rejected=bool(d.get("rejected")), frame_end=bool(d.get("frame_end", True)))


@dataclass(frozen=True, slots=True, kw_only=True)
class StrokeUpdate:
    """struct quill_stroke_update: what the engine shows after one sample in contact. stroke: the stroke's
    number over the engine's life; stroke_id: its stable id in the drawing (what StrokeChange and
    Engine.stroke_points name), None for an eraser stroke; erasing: an eraser sample (no ink: x, y the
    eraser's point, width its diameter); change_count: StrokeChanges waiting for Engine.changes(); dirty:
    the canvas region this sample committed, None when it committed nothing."""
    stroke: int
    time: float
    x: float
    y: float
    width: float
    predicted_x: float
    predicted_y: float
    is_end: bool
    dirty: Optional[Rect]
    stroke_id: Optional[int]
    erasing: bool
    change_count: int

    @classmethod
    def _from(cls, u: _StrokeUpdate) -> "StrokeUpdate":
        return cls(stroke=u.stroke, time=u.time, x=u.x, y=u.y, width=u.width, predicted_x=u.predicted_x,
                   predicted_y=u.predicted_y, is_end=bool(u.is_end), dirty=Rect._from(u.dirty) if u.has_dirty else None,
                   stroke_id=None if u.stroke_id < 0 else u.stroke_id, erasing=bool(u.erasing),
                   change_count=u.change_count)

    def to_dict(self) -> Dict[str, Any]:
        """stroke, time, x, y, width, predicted_x, predicted_y, is_end, dirty (a dict or None), stroke_id, erasing,
        change_count (there is no command that prints updates: quill.h's names)."""
        return {"stroke": self.stroke, "time": self.time, "x": self.x, "y": self.y, "width": self.width,
                "predicted_x": self.predicted_x, "predicted_y": self.predicted_y, "is_end": self.is_end,
                "dirty": None if self.dirty is None else self.dirty.to_dict(), "stroke_id": self.stroke_id,
                "erasing": self.erasing, "change_count": self.change_count}


@dataclass(frozen=True, slots=True, kw_only=True)
class StrokeChange:
    """struct quill_stroke_change: what the eraser did to kept stroke ``stroke`` at ``time`` (the end of the
    eraser stroke). ERASED: remove it. SPLIT: remove it and draw its pieces, ids ``pieces`` (first_piece …
    first_piece + piece_count − 1, in painting order; one piece: trimmed) with Engine.stroke_geometry or
    Engine.stroke_points."""
    kind: StrokeChangeKind
    stroke: int
    first_piece: Optional[int]
    piece_count: int
    time: float

    @property
    def pieces(self) -> range:
        """The pieces' ids (empty for ERASED)."""
        return range(0) if self.first_piece is None else range(self.first_piece, self.first_piece + self.piece_count)

    @classmethod
    def _from(cls, c: _StrokeChange) -> "StrokeChange":
        return cls(kind=_enum(StrokeChangeKind, c.kind), stroke=c.stroke,
                   first_piece=None if c.first_piece < 0 else c.first_piece, piece_count=c.piece_count, time=c.time)

    def to_dict(self) -> Dict[str, Any]:
        return {"t": self.time, "kind": self.kind.cli_name, "stroke": self.stroke, "pieces": list(self.pieces)}


@dataclass(frozen=True, slots=True, kw_only=True)
class StrokePoint:
    """struct quill_stroke_point: a point of a kept stroke where the engine drew it (PencilKit's PKStrokePoint), one
    per ink update: canvas points; seconds from the stroke's start (a piece's: from its stroke's start); width in
    points; opacity 0 … 2; force 0 … 25/6 and pressure 0 … 1; azimuth and altitude in radians; tilt_x, tilt_y in
    degrees (as Sample's: divide by the samples' tilt_range for MyPaint's xtilt, ytilt)."""
    x: float
    y: float
    time: float
    width: float
    opacity: float
    force: float
    azimuth: float
    altitude: float
    pressure: float
    tilt_x: float
    tilt_y: float

    @classmethod
    def _from(cls, p: _StrokePoint) -> "StrokePoint":
        return cls(x=p.x, y=p.y, time=p.time, width=p.width, opacity=p.opacity, force=p.force, azimuth=p.azimuth,
                   altitude=p.altitude, pressure=p.pressure, tilt_x=p.tilt_x, tilt_y=p.tilt_y)


def _text(raw: bytes) -> str:
    return raw.decode("utf-8", "replace")


@dataclass(frozen=True, slots=True, kw_only=True)
class GestureOutcome:
    """struct quill_gesture_outcome: a recognized gesture and what it did to the tool state. action: the
    action carried out (IGNORE for the kinds that carry none, Gesture.carries_action); tool_before/after:
    the tool's ink names ("pen", …, "eraser"), ink_before/after the same as Ink (None for an ink this
    libquill does not know; give ink_after and width_after to Engine.set_ink when changes has
    GestureChange.TOOL); hover_x/hover_y: the hovering pen, None when not hovering; number: the pad button
    or ring/strip, else None; button: the puck's or barrel's libevdev name, else None."""
    time: float
    gesture: Gesture
    action: Action
    tool_before: str
    tool_after: str
    hover_x: Optional[float]
    hover_y: Optional[float]
    number: Optional[int]
    changes: GestureChange
    button: Optional[str]
    width_before: float
    width_after: float
    ink_before: Optional[Ink]
    ink_after: Optional[Ink]

    @classmethod
    def _from(cls, o: _GestureOutcome) -> "GestureOutcome":
        before, after = _text(o.tool_before), _text(o.tool_after)
        return cls(time=o.time, gesture=_enum(Gesture, o.gesture), action=_enum(Action, o.action), tool_before=before,
                   tool_after=after, hover_x=_none_if_nan(o.hover_x), hover_y=_none_if_nan(o.hover_y),
                   number=None if o.number < 0 else o.number, changes=GestureChange(o.changes),
                   button=_text(o.button) or None, width_before=o.width_before, width_after=o.width_after,
                   ink_before=_ink(o.ink_before, before), ink_after=_ink(o.ink_after, after))

    def to_dict(self) -> Dict[str, Any]:
        """t, gesture, action (None for the kinds that carry none, as ``quill gestures`` prints null), tool_before,
        tool_after, hover_x, hover_y, number, button, changes (names: "toolChanged", …), width_before, width_after,
        in the ``quill gestures`` command's names."""
        return {"t": self.time, "gesture": self.gesture.cli_name,
                "action": self.action.cli_name if self.gesture.carries_action else None,
                "tool_before": self.tool_before, "tool_after": self.tool_after, "hover_x": self.hover_x,
                "hover_y": self.hover_y, "number": self.number, "button": self.button,
                "changes": self.changes.cli_names, "width_before": self.width_before, "width_after": self.width_after}


_INK_UNSET = -2  # written into ink_before/ink_after before each call: a libquill of before V3 leaves it


def _ink(value: int, name: str) -> Optional[Ink]:
    if value == _INK_UNSET:  # a libquill that does not fill ink_before/ink_after: the name says it
        try:
            return Ink.parse(name)
        except ValueError:
            return None
    return None if value < 0 else _enum(Ink, value)


@dataclass(frozen=True, slots=True, kw_only=True)
class FingerGesture:
    """struct quill_finger_gesture: TAP (``fingers`` at x, y; request UNDO for two, REDO for three), TRANSFORM
    (pinch, rotation and pan as one: phase, scale, rotation radians, dx, dy points since start_x, start_y) or
    INK (a finger that draws: ``ink`` is its sample, for Engine.add; None for the other kinds)."""
    kind: FingerGestureKind
    time: float
    request: FingerRequest
    fingers: int
    phase: TransformPhase
    x: float
    y: float
    scale: float
    rotation: float
    dx: float
    dy: float
    start_x: float
    start_y: float
    ink: Optional[Sample]

    @classmethod
    def _from(cls, g: _FingerGesture) -> "FingerGesture":
        kind = _enum(FingerGestureKind, g.kind)
        return cls(kind=kind, time=g.time, request=_enum(FingerRequest, g.request), fingers=g.fingers,
                   phase=_enum(TransformPhase, g.phase), x=g.x, y=g.y, scale=g.scale, rotation=g.rotation, dx=g.dx,
                   dy=g.dy, start_x=g.start_x, start_y=g.start_y,
                   ink=Sample._from(g.ink) if kind == FingerGestureKind.INK else None)

    @property
    def event(self) -> str:
        """The ``quill gestures`` command's name: "twoFingerTap", "threeFingerTap", "tap"; for a transform "pinch",
        "rotate" or "pan", whichever dominates so far; "ink"."""
        if self.kind == FingerGestureKind.TAP:
            return {2: "twoFingerTap", 3: "threeFingerTap"}.get(self.fingers, "tap")
        if self.kind == FingerGestureKind.TRANSFORM:
            # What dominates so far, as quill gestures names it (FingerTransform.dominantKind).
            if self.scale > 0 and abs(math.log(self.scale)) > 0.05:
                return "pinch"
            return "rotate" if abs(self.rotation) > 5 * math.pi / 180 else "pan"
        return self.kind.cli_name

    def to_dict(self) -> Dict[str, Any]:
        """The finger rows of ``quill gestures`` JSON Lines: t, event, action ("undo", "redo" or None), phase, fingers,
        x, y; a transform's scale, rotation, dx, dy; an ink's sample (Sample.to_dict's)."""
        d: Dict[str, Any] = {"t": self.time, "event": self.event, "action": None if self.request == FingerRequest.NONE else self.request.cli_name,
                             "phase": None, "fingers": self.fingers, "x": self.x, "y": self.y}
        if self.kind == FingerGestureKind.TRANSFORM:
            d.update(phase=self.phase.cli_name, scale=self.scale, rotation=self.rotation, dx=self.dx, dy=self.dy)
        if self.ink is not None:
            d["sample"] = self.ink.to_dict()
        return d


@dataclass(frozen=True, slots=True, kw_only=True)
class Layout:
    """struct quill_layout: size classes, the safe area (a rect, not insets), canvas and palette in points;
    scale: pixels per point (1 for a window; 0 from a libquill of 0.4.0)."""
    horizontal_size_class: SizeClass
    vertical_size_class: SizeClass
    safe_area: Rect
    canvas: Rect
    palette: Rect
    palette_docked: bool
    scale: float

    @classmethod
    def _from(cls, layout: _Layout) -> "Layout":
        return cls(horizontal_size_class=_enum(SizeClass, layout.horizontal_size_class),
                   vertical_size_class=_enum(SizeClass, layout.vertical_size_class),
                   safe_area=Rect._from(layout.safe_area), canvas=Rect._from(layout.canvas),
                   palette=Rect._from(layout.palette), palette_docked=bool(layout.palette_docked), scale=layout.scale)

    def to_dict(self) -> Dict[str, Any]:
        """size_class {horizontal, vertical}, safe_area, canvas, palette {…, docked}, scale: ``quill layout``'s names
        (its safe_area is insets; this one is the rect)."""
        return {"size_class": {"horizontal": self.horizontal_size_class.cli_name,
                               "vertical": self.vertical_size_class.cli_name},
                "safe_area": self.safe_area.to_dict(), "canvas": self.canvas.to_dict(),
                "palette": dict(self.palette.to_dict(), docked=self.palette_docked), "scale": self.scale}


@dataclass(frozen=True, slots=True)
class Candidate:
    """A reading of a recognized unit: its text and score (higher is better)."""
    text: str
    score: float

    def to_dict(self) -> Dict[str, Any]:
        return {"text": self.text, "score": self.score}


@dataclass(frozen=True, slots=True, kw_only=True)
class RecognizedUnit:
    """A word (English) or character (Japanese, Chinese) read from ink: its candidates, best first, and the
    indexes of the strokes it was read from. ``to_dict()``: a line of ``quill recognize``."""
    candidates: Tuple[Candidate, ...]
    strokes: Tuple[int, ...]

    @property
    def text(self) -> str:
        """The best candidate's text."""
        return self.candidates[0].text if self.candidates else ""

    def to_dict(self) -> Dict[str, Any]:
        return {"text": self.text, "candidates": [c.to_dict() for c in self.candidates], "strokes": list(self.strokes)}
