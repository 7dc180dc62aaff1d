"""Quill for Python: a ctypes binding of libquill (quill.h), Apple-Pencil-style pen input on Linux.

Names follow quill.h: struct quill_sample is :class:`Sample` with ``time``, ``x_mm``, ``phase`` …;
enum quill_phase is :class:`Phase` (QUILL_PHASE_BEGAN is ``Phase.BEGAN``). Values handed out are
frozen dataclasses with enum-typed fields; a value quill.h marks absent (NaN, −1, "") is None.
``to_dict()`` gives the ``quill`` command's JSON Lines form (``t``, "began", ["BTN_STYLUS"]).
Wherever an enum is taken, its member, its number or the command's name works (``Engine("pen")``,
``Engine(Ink.PEN)``). Units, as in quill.h: seconds, millimetres (on the tablet), points (on the
canvas, the iPad's point), radians; tilt_x/tilt_y in degrees. Every failure raises
:class:`QuillError` with libquill's status and message.

Properties and methods: a property reads one value of an object's state (``Source.area``,
``Source.timeout_ms``, ``Engine.stroke_count``, ``Toolkit.area``, ``Gestures.next_deadline``);
whatever takes arguments, copies a collection out (``Engine.stroke_ids()``), consumes
(``samples()``, ``changes()``, ``outcomes()``: iterators that take what is waiting) or acts is a
method. ``Source.fileno()`` is a method for ``select``/``selectors``.

The per-sample loop's fast path: ``Source.samples(raw=True)`` (and ``events(raw=True)``) yields
libquill's own struct instead of a :class:`Sample` — the same attribute names, with ``phase``,
``tool`` and ``buttons`` read as Phase, Tool and Button; its other fields are quill.h's raw values
(type :data:`RawSample`; mutable; NaN, −1 and 0/1 flags as quill.h gives them, no None or bool).
``Engine.add(…, raw=True)`` likewise
returns the raw stroke update (:data:`RawStrokeUpdate`: is_end/erasing 0 or 1, stroke_id −1 for
the eraser, has_dirty and dirty as in C). Engine.add and Gestures.add take either kind of sample.

Drawing a recording, erasing included — quill.h's loop: every tool event before each sample
(``Source.events()`` gives them in order), each update's new geometry drawn, the person's
gestures handed to the engine (a double tap to the eraser: ``set_ink(ink_after)``), and the
drawing's changes applied when an update has some (the eraser acts when its stroke ends)::

    import quill
    from quill import GestureChange, ToolEvent, ToolEventKind

    strokes = {}  # the app's drawing: stroke id -> (vertices, indices)

    def apply_changes(engine):
        pieces = set()
        for change in engine.changes():    # ERASED: gone; SPLIT: gone, its pieces in its place
            strokes.pop(change.stroke, None)
            pieces.discard(change.stroke)  # a piece a later change erased again
            pieces.update(change.pieces)
        for piece in pieces:
            strokes[piece] = engine.stroke_geometry(piece)

    with quill.Source.open_recording("pen.events") as source, \\
            quill.Engine("pen", source=source, device=0) as engine, quill.Gestures() as gestures:
        for event in source.events():      # samples and tool events, in order
            if isinstance(event, ToolEvent):
                if event.kind == ToolEventKind.PROXIMITY_IN and event.tool_changed:
                    print(f"{event.time:.3f} s: the {event.tool.cli_name}")  # e.g. the pen turned over
                elif event.kind == ToolEventKind.PROXIMITY_OUT:
                    gestures.proximity_out(event.device, event.time)
                continue
            gestures.add(event)
            for outcome in gestures.outcomes():
                if GestureChange.TOOL in outcome.changes and outcome.ink_after is not None:
                    engine.set_ink(outcome.ink_after, outcome.width_after)  # Ink.ERASER: the pen end erases
            update = engine.add(event)     # a StrokeUpdate, None while hovering
            if update is None:
                continue
            if not update.erasing:
                vertices, indices = engine.take_geometry()  # this sample's new triangles: draw them
                if update.is_end:
                    strokes[update.stroke_id] = engine.stroke_geometry(update.stroke_id)
            if update.change_count:
                apply_changes(engine)
        engine.finish()
        apply_changes(engine)              # an eraser stroke the end of input closed
        assert sorted(strokes) == sorted(engine.stroke_ids())
        print(f"{engine.stroke_count} strokes drawn, {len(strokes)} kept")

``engine.set_ink(Ink.ERASER)`` makes the pen end erase too (a double tap's
``GestureOutcome.ink_after``); ``engine.stroke_points(id)`` gives a kept stroke's points and ink
for an app that draws with its own brush.

Finding libquill, at first use (importing never fails for want of it), in this order:

1. ``QUILL_LIBRARY``: the library's path. When set, it is the only one tried.
2. ``ctypes.util.find_library("quill")``: ldconfig's cache — a system prefix (/usr/local, /usr)
   after ``sudo ldconfig``.
3. ``pkg-config --variable=libdir quill`` → ``LIBDIR/libquill.so.0``: honours ``PKG_CONFIG_PATH``,
   so a prefix outside the system's works with the variable a C build against it uses
   (``PKG_CONFIG_PATH=DIR/lib/pkgconfig`` after ``Tools/ship/install --prefix DIR``).
4. ``libquill.so.0`` through the dynamic loader (``LD_LIBRARY_PATH``, the system's directories).

If none loads, the first call raises :class:`LibraryError` (a QuillError and an OSError) saying
what was tried and how to fix it; :func:`library_path` says which library was loaded and how.

Handles (Source, Engine, Toolkit, Gestures) are used by one thread at a time, as quill.h's; close
them with ``close()`` or a ``with`` block (garbage collection closes them too).
"""
from __future__ import annotations

import ctypes
import os
from ctypes import POINTER, byref, c_double, c_int32, c_size_t, c_uint32
from typing import Any, Iterator, List, Literal, Optional, Sequence, Tuple, TypeVar, Union, overload

from . import _native
from ._enums import (Action, Button, DrawingPolicy, Eraser, FingerGestureKind, FingerRequest, Gesture, GestureChange,
                     Ink, Language, MappingMode, PadKind, Phase, PuckButton, SizeClass, Status, StrokeChangeKind, Tool,
                     ToolEventKind, TouchPhase, TransformPhase)
from ._native import (LibraryError, QuillError, _EngineOptions, _FingerGesture, _GestureOutcome, _GesturePreferences,
                      _Layout, _PadEvent, _Sample, _SourceOptions, _StrokeChange, _StrokePoint, _StrokeUpdate,
                      _ToolEvent, _ToolkitEvent, _Touch, _Vertex, check as _check, lib as _L)
from ._values import (Candidate, FingerGesture, GestureOutcome, Layout, PadEvent, Rect, Sample, SampleInput, StrokeChange,
                      StrokePoint, StrokeUpdate, ToolEvent, Touch, _INK_UNSET, RecognizedUnit)

# The binding's version (pyproject.toml's, VERSION's); version() is the loaded libquill's.
__version__ = "0.4.0"

__all__ = [
    "version", "strerror", "library_path", "QuillError", "LibraryError",
    # handles
    "Source", "Engine", "Toolkit", "Gestures", "Recognizer", "layout_window", "layout_device",
    # values
    "Sample", "RawSample", "SampleInput", "ToolEvent", "PadEvent", "Touch", "StrokeUpdate", "RawStrokeUpdate",
    "StrokeChange", "StrokePoint", "GestureOutcome", "FingerGesture", "Layout", "Rect", "Vertex", "Geometry",
    "Candidate", "RecognizedUnit",
    # enums
    "Status", "Phase", "Tool", "Button", "PuckButton", "MappingMode", "Ink", "Eraser", "PadKind", "TouchPhase",
    "ToolEventKind", "StrokeChangeKind", "Action", "Gesture", "GestureChange", "DrawingPolicy", "FingerGestureKind", "FingerRequest",
    "TransformPhase", "SizeClass", "Language",
]

RawSample = _Sample
"""The type of ``Source.samples(raw=True)``'s items: libquill's struct quill_sample (see the module's text)."""
RawStrokeUpdate = _StrokeUpdate
"""The type of ``Engine.add(…, raw=True)``'s result: libquill's struct quill_stroke_update."""
Vertex = Tuple[float, float, float]
"""A geometry vertex: x, y (canvas points), opacity 0 … 1."""
Geometry = Tuple[List[Vertex], List[int]]
"""Vertices and the indices into them, three per triangle."""

_BUFFER_TOO_SMALL = int(Status.ERROR_BUFFER_TOO_SMALL)
_T = TypeVar("_T")
_H = ctypes.c_void_p


def version() -> str:
    """The loaded libquill's version, "MAJOR.MINOR.PATCH" (``__version__`` is this binding's)."""
    return str(_L().quill_version().decode())


def strerror(status: int) -> str:
    """The English name of a status ("invalid argument", …)."""
    return _native.strerror(status)


def library_path() -> str:
    """Loads libquill if need be: the path (or name) loaded and how it was found, e.g.
    "/usr/local/lib/libquill.so.0 (pkg-config's libdir)"."""
    library = _L()
    return f"{library.path} ({library.how})"


def _pair(value: Optional[Sequence[float]], name: str) -> Tuple[float, float]:
    if value is None:
        return 0.0, 0.0
    if len(value) != 2:
        raise ValueError(f"quill: {name} is (width, height), not {value!r}")
    return float(value[0]), float(value[1])


def _fixed(value: Optional[Sequence[float]], count: int, name: str) -> List[float]:
    if value is None:
        return [0.0] * count
    if len(value) != count:
        raise ValueError(f"quill: {name} takes {count} numbers, not {value!r}")
    return [float(v) for v in value]


def _raw_sample(sample: SampleInput, scratch: _Sample) -> _Sample:
    """The struct for a sample: a raw one as it is, a Sample or a dict written into `scratch`."""
    if isinstance(sample, _Sample):
        return sample
    if isinstance(sample, Sample):
        return sample._fill(scratch)
    return Sample.from_dict(sample)._fill(scratch)


class _Handle:
    """A libquill handle: closed by close(), a with block or garbage collection."""
    _free = ""

    def __init__(self) -> None:
        self._h: Optional[_H] = None

    def close(self) -> None:
        """Frees the handle (again is harmless)."""
        handle, self._h = getattr(self, "_h", None), None
        if handle and self._free:
            getattr(_L(), self._free)(handle)

    def __enter__(self: _T) -> _T:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:
            pass

    def _handle(self) -> _H:
        if not self._h:
            raise ValueError(f"quill: the {type(self).__name__} is closed")
        return self._h


class Source(_Handle):
    """A recording or a live tablet (quill_source): :meth:`open_recording`, :meth:`open_device`, :meth:`open_fd`.

    Options (keywords, each as struct quill_source_options): canvas=(width, height) points (default
    1366 × 1024); left_handed: the tablet turned 180°; proximity_timeout: seconds (None: 0.05, as
    libinput); pressure_curve=(x1, y1, x2, y2): the control points of the cubic Bézier from (0, 0)
    to (100, 100) that maps pressure, in percent 0 … 100, as ``quill --pressure-curve`` and GNOME's
    setting ((0, 50, 50, 100): softer; None: linear); calibration=(a, b, c, d, e, f): libinput's
    calibration matrix on positions normalized to the tablet's range, as ``quill --calibration``
    (None: identity); mapping_mode: how the tablet's area is placed on the canvas, a MappingMode (or "fit",
    "fill", "stretch"; default FIT), as ``quill --mapping``."""
    _free = "quill_source_close"

    def __init__(self, opener: str, target: Union[int, bytes, None], *, canvas: Optional[Sequence[float]] = None,
                 device_file: Union[str, os.PathLike[str], None] = None, left_handed: bool = False,
                 proximity_timeout: Optional[float] = None, pressure_curve: Optional[Sequence[float]] = None,
                 calibration: Optional[Sequence[float]] = None,
                 mapping_mode: Union[MappingMode, int, str] = MappingMode.FIT) -> None:
        """Use the open_… class methods."""
        super().__init__()
        self._device_file = None if device_file is None else os.fsencode(device_file)  # alive as long as the source
        width, height = _pair(canvas, "canvas")
        options = _SourceOptions(canvas_width=width, canvas_height=height, device_file=self._device_file,
                                 left_handed=1 if left_handed else 0, proximity_timeout=proximity_timeout or 0.0,
                                 mapping_mode=int(MappingMode.parse(mapping_mode)))
        options.pressure_curve[:] = _fixed(pressure_curve, 4, "pressure_curve")
        options.calibration[:] = _fixed(calibration, 6, "calibration")
        handle = _H()
        _check(getattr(_L(), opener)(target, byref(options), byref(handle)))
        self._h = handle
        self._sample = _Sample()
        self._tool_event = _ToolEvent()

    @classmethod
    def open_recording(cls, path: Union[str, os.PathLike[str]], *, canvas: Optional[Sequence[float]] = None,
                       device_file: Union[str, os.PathLike[str], None] = None, left_handed: bool = False,
                       proximity_timeout: Optional[float] = None, pressure_curve: Optional[Sequence[float]] = None,
                       calibration: Optional[Sequence[float]] = None,
                       mapping_mode: Union[MappingMode, int, str] = MappingMode.FIT) -> "Source":
        """Opens an evemu or ``libinput record`` recording (read as it is taken: flat memory). device_file: the
        .desc of a header-less evemu file. Other options: see the class."""
        return cls("quill_source_open_recording", os.fsencode(path), canvas=canvas, device_file=device_file,
                   left_handed=left_handed, proximity_timeout=proximity_timeout, pressure_curve=pressure_curve,
                   calibration=calibration, mapping_mode=mapping_mode)

    @classmethod
    def open_device(cls, node: Union[str, os.PathLike[str], None] = None, *,
                    canvas: Optional[Sequence[float]] = None, left_handed: bool = False,
                    proximity_timeout: Optional[float] = None, pressure_curve: Optional[Sequence[float]] = None,
                    calibration: Optional[Sequence[float]] = None,
                    mapping_mode: Union[MappingMode, int, str] = MappingMode.FIT) -> "Source":
        """Opens a live pen node ("/dev/input/eventN"; None: the first pen tablet). QuillError with
        Status.ERROR_NOT_A_PEN for pads and touch nodes, ERROR_PERMISSION without access to /dev/input."""
        return cls("quill_source_open_device", None if node is None else os.fsencode(node), canvas=canvas,
                   left_handed=left_handed, proximity_timeout=proximity_timeout, pressure_curve=pressure_curve,
                   calibration=calibration, mapping_mode=mapping_mode)

    @classmethod
    def open_fd(cls, fd: int, *, canvas: Optional[Sequence[float]] = None, left_handed: bool = False,
                proximity_timeout: Optional[float] = None, pressure_curve: Optional[Sequence[float]] = None,
                calibration: Optional[Sequence[float]] = None,
                mapping_mode: Union[MappingMode, int, str] = MappingMode.FIT) -> "Source":
        """Opens the live node the caller opened (O_RDONLY | O_NONBLOCK; from a portal or logind): libquill reads a
        duplicate, the fd stays the caller's."""
        return cls("quill_source_open_fd", int(fd), canvas=canvas, left_handed=left_handed,
                   proximity_timeout=proximity_timeout, pressure_curve=pressure_curve, calibration=calibration,
                   mapping_mode=mapping_mode)

    def fileno(self) -> int:
        """The fd to poll for input, -1 for a recording or while the device is away (ask again after each dispatch)."""
        return int(_L().quill_source_get_fd(self._handle()))

    def dispatch(self) -> None:
        """Reads and decodes what is pending, without blocking. QuillError with Status.ERROR_DEVICE_GONE while the
        tablet is unplugged (a source opened by path finds it again)."""
        _check(_L().quill_source_dispatch(self._handle()))

    @property
    def timeout_ms(self) -> Optional[int]:
        """Milliseconds until dispatch() must run even without input (a hovering pen's proximity timer), or None."""
        timeout = int(_L().quill_source_get_timeout(self._handle()))
        return None if timeout < 0 else timeout

    @property
    def area(self) -> Tuple[float, float]:
        """The tablet's active area of device 0, (width, height) in millimetres."""
        width, height = c_double(), c_double()
        _check(_L().quill_source_get_area(self._handle(), byref(width), byref(height)))
        return width.value, height.value

    @overload
    def samples(self, raw: Literal[False] = ...) -> Iterator[Sample]: ...
    @overload
    def samples(self, raw: Literal[True]) -> Iterator[RawSample]: ...

    def samples(self, raw: bool = False) -> Iterator[Union[Sample, RawSample]]:
        """Dispatches, then yields every waiting sample (a recording: all of them) as :class:`Sample`, or with
        raw=True as libquill's struct (:data:`RawSample`, see the module's text). Tool events are not given:
        :meth:`events` gives both in order."""
        self.dispatch()
        lib, handle, sample = _L(), self._handle(), self._sample
        next_sample = lib.quill_source_next_sample
        while _check(next_sample(handle, byref(sample))):
            yield _Sample.from_buffer_copy(sample) if raw else Sample._from(sample)

    def tool_events(self) -> Iterator[ToolEvent]:
        """Yields the tool events (proximity in and out) that come before the next sample not yet taken."""
        lib, handle, event = _L(), self._handle(), self._tool_event
        while _check(lib.quill_source_next_tool_event(handle, byref(event))):
            yield ToolEvent._from(event)

    @overload
    def events(self, raw: Literal[False] = ...) -> Iterator[Union[Sample, ToolEvent]]: ...
    @overload
    def events(self, raw: Literal[True]) -> Iterator[Union[RawSample, ToolEvent]]: ...

    def events(self, raw: bool = False) -> Iterator[Union[Sample, RawSample, ToolEvent]]:
        """Dispatches, then yields samples and tool events in order, as quill.h's loop takes them: every tool
        event before each sample (a proximity-in before its tool's first sample, a proximity-out after its
        last). raw=True: samples as :data:`RawSample`."""
        self.dispatch()
        lib, handle, sample, event = _L(), self._handle(), self._sample, self._tool_event
        next_tool_event, next_sample = lib.quill_source_next_tool_event, lib.quill_source_next_sample
        while True:
            while _check(next_tool_event(handle, byref(event))):
                yield ToolEvent._from(event)
            if not _check(next_sample(handle, byref(sample))):
                break
            yield _Sample.from_buffer_copy(sample) if raw else Sample._from(sample)
        while _check(next_tool_event(handle, byref(event))):
            yield ToolEvent._from(event)

    def pad_events(self) -> Iterator[PadEvent]:
        """Yields the pad events of a pad node or a recording with a pad (``to_dict()``: ``quill pad``'s)."""
        lib, handle, event = _L(), self._handle(), _PadEvent()
        while _check(lib.quill_source_next_pad_event(handle, byref(event))):
            yield PadEvent._from(event)

    def touches(self) -> Iterator[Touch]:
        """Yields the touches of touchscreens and touchpads, palm rejection applied (``rejected``: show it if you
        like, never act on it); ``to_dict()``: ``quill touches``' plus frame_end."""
        lib, handle, touch = _L(), self._handle(), _Touch()
        while _check(lib.quill_source_next_touch(handle, byref(touch))):
            yield Touch._from(touch)

    def finish(self) -> None:
        """Ends a live source's input: a tip still down gets its ``ended`` sample (take it with samples())."""
        _check(_L().quill_source_finish(self._handle()))


def _grow(array: Any, needed: int, kind: Any) -> Any:
    return array if needed <= len(array) else (kind * max(needed, 2 * len(array)))()


class Engine(_Handle):
    """The stroke engine (quill_engine): smoothing, prediction, brush geometry, the eraser.

    ink: an Ink (or "pen", a number); width: points (None: the ink's default). For a source's samples
    give ``source=`` (and ``device=``, default 0): the engine takes that device's area and the source's
    canvas (quill_engine_new_for_source); area_mm and canvas given as well must equal them, else
    QuillError. Without a source: area_mm=(width, height), the tablet's active area in millimetres
    (Source.area, Toolkit.area), and canvas=(width, height) points (None: 1366 × 1024).
    smoothing/prediction switch those off when False; eraser: how the eraser end (or Ink.ERASER)
    erases the kept strokes (Eraser.BITMAP: splits them; VECTOR: whole strokes; NONE: keeps no strokes,
    erases nothing, updates still say ``erasing``); eraser_radius: points (None: 8). snap_shapes: a stroke
    whose tip rested ≥ 0.45 s before lifting becomes its shape (hold to snap); editing_gestures: a
    scratch-out over ink erases what it covers (both on by default). prediction_horizon: seconds ahead the tip
    is predicted, 0.008 … 0.034 (None: 1/60); adaptive_prediction: learn from the pen how to weigh the Kalman
    prediction and the last velocities (False: the Kalman filter alone, as ``quill strokes
    --no-adaptive-prediction``)."""
    _free = "quill_engine_free"

    def __init__(self, ink: Union[Ink, int, str] = Ink.PEN, width: Optional[float] = None, *,
                 source: Optional[Source] = None, device: int = 0, area_mm: Optional[Sequence[float]] = None,
                 canvas: Optional[Sequence[float]] = None, smoothing: bool = True, prediction: bool = True,
                 eraser: Union[Eraser, int, str] = Eraser.BITMAP, eraser_radius: Optional[float] = None,
                 snap_shapes: bool = True, editing_gestures: bool = True, prediction_horizon: Optional[float] = None,
                 adaptive_prediction: bool = True) -> None:
        super().__init__()
        area_width, area_height = _pair(area_mm, "area_mm")
        canvas_width, canvas_height = _pair(canvas, "canvas")
        options = _EngineOptions(ink=int(Ink.parse(ink)), width=width or 0.0, area_width_mm=area_width,
                                 area_height_mm=area_height, canvas_width=canvas_width, canvas_height=canvas_height,
                                 smoothing_off=0 if smoothing else 1, prediction_off=0 if prediction else 1,
                                 eraser=int(Eraser.parse(eraser)), eraser_radius=eraser_radius or 0.0,
                                 shapes_off=0 if snap_shapes else 1, editing_gestures_off=0 if editing_gestures else 1,
                                 prediction_horizon=prediction_horizon or 0.0,
                                 adaptive_prediction_off=0 if adaptive_prediction else 1)
        handle = _H()
        if source is None:
            _check(_L().quill_engine_new(byref(options), byref(handle)))
        else:
            _check(_L().quill_engine_new_for_source(source._handle(), device, byref(options), byref(handle)))
        self._adopt(handle)

    def _adopt(self, handle: _H) -> None:
        self._h = handle
        self._update, self._sample, self._predicted = _StrokeUpdate(), _Sample(), _Sample()
        self._change = _StrokeChange()
        self._vertices, self._indices = (_Vertex * 1024)(), (c_uint32 * 3072)()

    @overload
    def add(self, sample: SampleInput, *, predicted: Optional[SampleInput] = ...,
            raw: Literal[False] = ...) -> Optional[StrokeUpdate]: ...
    @overload
    def add(self, sample: SampleInput, *, predicted: Optional[SampleInput] = ...,
            raw: Literal[True]) -> Optional[RawStrokeUpdate]: ...

    def add(self, sample: SampleInput, *, predicted: Optional[SampleInput] = None,
            raw: bool = False) -> Union[StrokeUpdate, RawStrokeUpdate, None]:
        """Adds a sample (a Sample, a raw sample or a dict as Sample.to_dict gives). Returns the
        :class:`StrokeUpdate` for a sample in contact (raw=True: libquill's struct, a copy), None for hover and
        skipped samples. predicted: the platform's own prediction of the tip (its x_mm, y_mm) instead of Quill's.
        An eraser sample draws no ink: its update says ``erasing``, and when its stroke ends the strokes it
        crossed change (``change_count``; take them with :meth:`changes`)."""
        lib, update = _L(), self._update
        struct = _raw_sample(sample, self._sample)
        if predicted is None:
            written = lib.quill_engine_add_sample(self._handle(), byref(struct), byref(update))
        else:
            written = lib.quill_engine_add_sample_predicted(self._handle(), byref(struct),
                                                            byref(_raw_sample(predicted, self._predicted)),
                                                            byref(update))
        if not _check(written):
            return None
        return _StrokeUpdate.from_buffer_copy(update) if raw else StrokeUpdate._from(update)

    def changes(self) -> Iterator[StrokeChange]:
        """Yields the changes of the drawing the eraser made, in order (ERASED: remove the stroke; SPLIT: remove it
        and draw its pieces)."""
        lib, handle, change = _L(), self._handle(), self._change
        while _check(lib.quill_engine_next_change(handle, byref(change))):
            yield StrokeChange._from(change)

    def set_ink(self, ink: Union[Ink, int, str], width: Optional[float] = None) -> None:
        """Changes the ink: at once between strokes, from the next stroke while one is drawn. Ink.ERASER makes every
        end erase until another ink is set (width ignored): give it GestureOutcome.ink_after and width_after."""
        _check(_L().quill_engine_set_ink(self._handle(), int(Ink.parse(ink)), width or 0.0))

    def _geometry(self, call: Any, numpy: bool) -> Any:
        vertex_count, index_count = c_size_t(), c_size_t()
        while True:
            status = call(self._vertices, len(self._vertices), byref(vertex_count), self._indices, len(self._indices),
                          byref(index_count))
            if status != _BUFFER_TOO_SMALL or (vertex_count.value <= len(self._vertices)
                                               and index_count.value <= len(self._indices)):
                break  # done, another error, or counts that would not help: _check raises
            self._vertices = _grow(self._vertices, vertex_count.value, _Vertex)
            self._indices = _grow(self._indices, index_count.value, c_uint32)
        _check(status)
        nv, ni = vertex_count.value, index_count.value
        if numpy:
            import numpy as np  # type: ignore[import-not-found, unused-ignore]
            flat = np.ctypeslib.as_array(ctypes.cast(self._vertices, POINTER(c_double)), (len(self._vertices) * 3,))
            return flat[:nv * 3].reshape(nv, 3).copy(), np.ctypeslib.as_array(self._indices)[:ni].copy()
        return [(v.x, v.y, v.opacity) for v in self._vertices[:nv]], list(self._indices[:ni])

    def take_geometry(self, numpy: bool = False) -> Geometry:
        """The geometry committed since the last call: (vertices, indices); vertices (x, y, opacity) in points and
        0 … 1, indices into them, three per triangle. numpy=True: an (N, 3) float64 array and a uint32 array."""
        handle = self._handle()
        call = _L().quill_engine_take_geometry
        return self._geometry(lambda *args: call(handle, *args), numpy)  # type: ignore[no-any-return]

    def stroke_ids(self) -> List[int]:
        """The ids of the strokes the engine keeps, in painting order (after the eraser: pieces in their strokes'
        places)."""
        lib, handle, count = _L(), self._handle(), c_size_t()
        status = lib.quill_engine_get_stroke_ids(handle, None, 0, byref(count))
        if status != _BUFFER_TOO_SMALL:
            _check(status)
        while True:
            ids = (c_int32 * max(count.value, 1))()
            status = lib.quill_engine_get_stroke_ids(handle, ids, len(ids), byref(count))
            if status != _BUFFER_TOO_SMALL or count.value <= len(ids):
                break
        _check(status)
        return list(ids[:count.value])

    def stroke_geometry(self, stroke_id: int, numpy: bool = False) -> Geometry:
        """The whole geometry of kept stroke ``stroke_id`` (a piece the eraser left, say), as take_geometry gives it.
        QuillError with Status.ERROR_NOT_FOUND for an id the drawing does not hold."""
        handle = self._handle()
        call = _L().quill_engine_get_stroke
        return self._geometry(lambda *args: call(handle, stroke_id, *args), numpy)  # type: ignore[no-any-return]

    def stroke_points(self, stroke_id: int) -> Tuple[List[StrokePoint], Ink]:
        """The points of kept stroke ``stroke_id`` (where the engine drew them) and its ink: for drawing strokes with
        your own brush. QuillError with Status.ERROR_NOT_FOUND for an id the drawing does not hold."""
        lib, handle, count, ink = _L(), self._handle(), c_size_t(), c_int32()
        points = (_StrokePoint * 256)()
        while True:
            status = lib.quill_engine_get_stroke_points(handle, stroke_id, points, len(points), byref(count), byref(ink))
            if status != _BUFFER_TOO_SMALL or count.value <= len(points):
                break
            points = (_StrokePoint * count.value)()
        _check(status)
        return [StrokePoint._from(p) for p in points[:count.value]], Ink(ink.value)

    def finish(self) -> None:
        """Ends an open stroke (end of input)."""
        _check(_L().quill_engine_finish(self._handle()))

    def clone(self) -> "Engine":
        """A copy with all the state, a stroke in progress included (keep it to go back)."""
        handle = _H()
        _check(_L().quill_engine_clone(self._handle(), byref(handle)))
        copy = Engine.__new__(Engine)
        _Handle.__init__(copy)
        copy._adopt(handle)
        return copy

    @property
    def stroke_count(self) -> int:
        """Strokes begun so far."""
        return int(_L().quill_engine_stroke_count(self._handle()))


class Toolkit(_Handle):
    """Toolkit pen events (GTK 4's GtkGestureStylus, Qt's QTabletEvent) as samples (quill_toolkit).

    points_per_mm: window points per millimetre of the screen (96 dpi: 3.78); window: (width, height) in
    points. Give an Engine area_mm=toolkit.area and canvas=window: it draws where the pointer was."""
    _free = "quill_toolkit_free"

    def __init__(self, points_per_mm: float, window: Sequence[float]) -> None:
        super().__init__()
        width, height = _pair(window, "window")
        handle = _H()
        _check(_L().quill_toolkit_new(points_per_mm, width, height, byref(handle)))
        self._h = handle
        self._sample = _Sample()

    def sample(self, x: float, y: float, time: float, touching: bool, pressure: Optional[float] = None,
               tilt_x: Optional[float] = None, tilt_y: Optional[float] = None, rotation: Optional[float] = None,
               tool: Union[Tool, int, str] = Tool.PEN, buttons: Union[Button, int] = Button(0)) -> Sample:
        """The :class:`Sample` for one event (window points, seconds, degrees); None arguments are "not reported".
        QuillError for a value out of its range (never clamped)."""
        nan = float("nan")
        event = _ToolkitEvent(x=x, y=y, time=time, touching=1 if touching else 0,
                              pressure=nan if pressure is None else pressure, tilt_x=nan if tilt_x is None else tilt_x,
                              tilt_y=nan if tilt_y is None else tilt_y, rotation=nan if rotation is None else rotation,
                              tool=int(Tool.parse(tool)), buttons=int(buttons))
        _check(_L().quill_toolkit_sample(self._handle(), byref(event), byref(self._sample)))
        return Sample._from(self._sample)

    @property
    def area(self) -> Tuple[float, float]:
        """The window's size in millimetres, (width, height): the engine's area_mm."""
        width, height = c_double(), c_double()
        _check(_L().quill_toolkit_get_area(self._handle(), byref(width), byref(height)))
        return width.value, height.value


class Gestures(_Handle):
    """Double tap, squeeze, buttons, the eraser end, pad and puck bindings, touch (quill_gestures).

    tap_action, squeeze_action: Actions (or their names "switchEraser", … or numbers); the defaults are
    iPadOS's. :meth:`from_file` takes the person's preferences file with its pad and puck bindings, as
    ``quill gestures`` does."""
    _free = "quill_gestures_free"

    def __init__(self, tap_action: Union[Action, int, str] = Action.SWITCH_ERASER,
                 squeeze_action: Union[Action, int, str] = Action.SHOW_CONTEXTUAL_PALETTE) -> None:
        super().__init__()
        preferences = _GesturePreferences(tap_action=int(Action.parse(tap_action)),
                                          squeeze_action=int(Action.parse(squeeze_action)))
        handle = _H()
        _check(_L().quill_gestures_new(byref(preferences), byref(handle)))
        self._adopt(handle)

    def _adopt(self, handle: _H) -> None:
        self._h = handle
        self._sample = _Sample()

    @classmethod
    def from_file(cls, path: Union[str, os.PathLike[str], None] = None) -> "Gestures":
        """Gestures with the preferences file at ``path`` (None: the system one, $XDG_CONFIG_HOME/quill/preferences.json);
        a missing file gives the defaults, a bad one raises QuillError naming the file and the key."""
        handle = _H()
        _check(_L().quill_gestures_new_from_file(None if path is None else os.fsencode(path), byref(handle)))
        gestures = cls.__new__(cls)
        _Handle.__init__(gestures)
        gestures._adopt(handle)
        return gestures

    def add(self, sample: SampleInput) -> None:
        """Feeds a sample (a Sample, a raw sample or a dict)."""
        _check(_L().quill_gestures_add_sample(self._handle(), byref(_raw_sample(sample, self._sample))))

    def add_pad_event(self, event: Union[PadEvent, Any]) -> None:
        """Feeds a pad event (as Source.pad_events gives it, or a dict as PadEvent.to_dict gives)."""
        if not isinstance(event, PadEvent):
            event = PadEvent.from_dict(event)
        _check(_L().quill_gestures_add_pad_event(self._handle(), byref(event._struct())))

    def set_drawing_policy(self, policy: Union[DrawingPolicy, int, str]) -> None:
        """Which input draws: DrawingPolicy.DEFAULT (a finger draws unless the person prefers the pen only),
        ANY_INPUT or PENCIL_ONLY (one finger pans); or "default", "anyInput", "pencilOnly"."""
        _check(_L().quill_gestures_set_drawing_policy(self._handle(), int(DrawingPolicy.parse(policy))))

    def add_touch(self, touch: Union[Touch, Any]) -> None:
        """Feeds a touch (as Source.touches gives it, or a dict as Touch.to_dict gives); rejected ones are ignored."""
        if not isinstance(touch, Touch):
            touch = Touch.from_dict(touch)
        _check(_L().quill_gestures_add_touch(self._handle(), byref(touch._struct())))

    def finger_gestures(self) -> Iterator[FingerGesture]:
        """Yields the finger gestures (taps, the canvas transform, a finger's ink); ``to_dict()``: the finger rows of
        ``quill gestures``."""
        lib, handle, gesture = _L(), self._handle(), _FingerGesture()
        gesture.ink.size = ctypes.sizeof(_Sample)  # how much of `ink` this struct holds
        while _check(lib.quill_gestures_next_finger_gesture(handle, byref(gesture))):
            yield FingerGesture._from(gesture)

    def proximity_out(self, device: int, time: float) -> None:
        """The tool of ``device`` left proximity at ``time`` seconds: a squeeze is cancelled, a pending press
        delivered, the eraser end leaves, a puck's held buttons are released (for tools libquill's source did not
        give: a toolkit's or libinput's proximity-out)."""
        _check(_L().quill_gestures_proximity_out(self._handle(), device, time))

    def advance(self, time: float) -> None:
        """Lets time pass to ``time`` seconds (the samples' clock): a pending press or squeeze expires."""
        _check(_L().quill_gestures_advance(self._handle(), time))

    @property
    def next_deadline(self) -> Optional[float]:
        """Seconds at which advance() must be called even without samples, or None."""
        deadline = float(_L().quill_gestures_next_deadline(self._handle()))
        return None if deadline < 0 else deadline

    def outcomes(self) -> Iterator[GestureOutcome]:
        """Yields the outcomes (``to_dict()``: t, gesture, action … in the command's names)."""
        lib, handle, outcome = _L(), self._handle(), _GestureOutcome()
        while True:
            outcome.ink_before = outcome.ink_after = _INK_UNSET  # left so by a libquill without them
            if not _check(lib.quill_gestures_next_outcome(handle, byref(outcome))):
                break
            yield GestureOutcome._from(outcome)


def layout_window(width: float, height: float, left_handed: bool = False) -> Layout:
    """The layout of a window of width × height points (each ≥ 320): size classes, safe area, canvas, palette."""
    layout = _Layout()
    _check(_L().quill_layout_window(width, height, 1 if left_handed else 0, byref(layout)))
    return Layout._from(layout)


def layout_device(device_id: str, landscape: bool = True, left_handed: bool = False) -> Layout:
    """The full-screen layout of a device of ``quill layout --list`` (e.g. "ipad-pro-11")."""
    layout = _Layout()
    _check(_L().quill_layout_device(device_id.encode(), 1 if landscape else 0, 1 if left_handed else 0,
                                    byref(layout)))
    return Layout._from(layout)


class Recognizer(_Handle):
    """Handwriting to text (quill_recognizer), as ``quill recognize`` reads it: add the ink's points stroke by
    stroke, then recognize.

    language: ENGLISH ("en": digits, letters, punctuation; printed words read with a word list), JAPANESE ("ja")
    or SIMPLIFIED_CHINESE ("zh-Hans"); model_path: a Zinnia model to use instead of the language's own.
    QuillError ERROR_NOT_FOUND when the model is missing (the message names the files searched and the package)."""
    _free = "quill_recognizer_free"

    def __init__(self, language: Union[Language, int, str] = Language.ENGLISH,
                 model_path: Union[str, os.PathLike[str], None] = None) -> None:
        super().__init__()
        handle = _H()
        path = None if model_path is None else os.fsencode(model_path)
        _check(_L().quill_recognizer_new(int(Language.parse(language)), path, byref(handle)))
        self._h = handle

    def add_stroke(self, points: Sequence[Sequence[float]]) -> None:
        """Adds one stroke: its points as (x, y) or (x, y, t) — any unit, y growing downwards; t in seconds."""
        lib, handle, nan = _L(), self._handle(), float("nan")
        for index, point in enumerate(points):
            t = point[2] if len(point) > 2 else nan
            _check(lib.quill_recognizer_add_point(handle, float(point[0]), float(point[1]), float(t), 1 if index == 0 else 0))

    def clear(self) -> None:
        """Forgets the ink."""
        _check(_L().quill_recognizer_clear(self._handle()))

    def recognize(self, candidates: int = 5, pre_context: str = "") -> List[RecognizedUnit]:
        """The units read from the ink added so far, in writing order, each with up to ``candidates`` (1 … 20)."""
        lib, handle = _L(), self._handle()
        count = c_size_t()
        _check(lib.quill_recognizer_recognize(handle, pre_context.encode(), candidates, byref(count)))
        units = []
        for unit in range(count.value):
            found = []
            for rank in range(candidates):
                length, score = c_size_t(), c_double()
                status = lib.quill_recognizer_get_candidate(handle, unit, rank, None, 0, byref(length), byref(score))
                if status == int(Status.ERROR_NOT_FOUND):
                    break
                if status != _BUFFER_TOO_SMALL:
                    _check(status)
                text = ctypes.create_string_buffer(length.value + 1)
                _check(lib.quill_recognizer_get_candidate(handle, unit, rank, text, len(text), byref(length), byref(score)))
                found.append(Candidate(text.value.decode("utf-8"), score.value))
            needed = c_size_t()
            status = lib.quill_recognizer_get_strokes(handle, unit, None, 0, byref(needed))
            if status != _BUFFER_TOO_SMALL:
                _check(status)
            strokes = (c_int32 * max(1, needed.value))()
            _check(lib.quill_recognizer_get_strokes(handle, unit, strokes, needed.value, byref(needed)))
            units.append(RecognizedUnit(candidates=tuple(found), strokes=tuple(strokes[:needed.value])))
        return units
