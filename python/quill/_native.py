"""libquill through ctypes: finding and loading the library, quill.h's structs (private), errors.

Nothing here is public API but QuillError and LibraryError (re-exported by quill). The structs
mirror quill.h field for field at their newest version (tests/test_quill.py parses the header).
"""
from __future__ import annotations

import ctypes
import ctypes.util
import os
import re
import subprocess
import threading
from ctypes import POINTER, c_char, c_char_p, c_double, c_int, c_int32, c_size_t, c_uint32, c_void_p
from typing import Any, Dict, List, Optional, Tuple

from ._enums import Button, Phase, Status, Tool
from ._json import _sample_dict

# ---------------------------------------------------------------------------------------------
# Errors


class QuillError(Exception):
    """A libquill failure: ``status`` (a negative :class:`Status`) and ``message`` (quill_last_error, its
    C fields named as this module's parameters)."""

    status: Status
    message: str

    def __init__(self, status: int, message: str) -> None:
        self.status, self.message = Status(status), message
        super().__init__(self._text())

    def _text(self) -> str:
        name = strerror(self.status)
        return f"{self.message or name} ({name}, status {int(self.status)})"


class LibraryError(QuillError, OSError):
    """libquill could not be loaded (the message says what was tried and how to fix it), or the loaded
    one is older than this binding and lacks a function. Raised at first use, never at import. Also an
    OSError; its status is Status.ERROR_NOT_FOUND."""

    def __init__(self, message: str) -> None:
        super().__init__(Status.ERROR_NOT_FOUND, message)

    def _text(self) -> str:
        return self.message


# ---------------------------------------------------------------------------------------------
# Structs (quill.h's, newest version). Each that begins with `uint32_t size` sets it on creation.
# `_c_name` names the C struct; a field whose C name has a leading "_" here is exposed through a
# property of an enum type (the raw value stays in the underscored field).


class _Sized(ctypes.Structure):
    _c_name = ""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.size = ctypes.sizeof(self)


class _Rect(ctypes.Structure):
    _c_name = "quill_rect"
    _fields_ = [("x", c_double), ("y", c_double), ("width", c_double), ("height", c_double)]


_PHASES = tuple(Phase)
_TOOLS = tuple(Tool)


class _Sample(_Sized):
    """struct quill_sample: what ``Source.samples(raw=True)`` yields — quill.h's field names and values, with
    ``phase``, ``tool`` and ``buttons`` read (and written) as Phase, Tool and Button."""
    _c_name = "quill_sample"
    _fields_ = [("size", c_uint32), ("device", c_int32), ("time", c_double), ("x", c_double), ("y", c_double),
                ("x_mm", c_double), ("y_mm", c_double), ("_phase", c_int32), ("_tool", c_int32),
                ("force", c_double), ("pressure", c_double), ("altitude", c_double), ("azimuth", c_double),
                ("roll", c_double), ("distance", c_double), ("wheel", c_double), ("_buttons", c_uint32),
                ("serial", c_uint32), ("tool_id", c_uint32),
                ("tilt_x", c_double), ("tilt_y", c_double), ("tilt_range", c_double)]
    # (declared for type checkers; ctypes makes the descriptors)
    size: int
    device: int
    time: float
    x: float
    y: float
    x_mm: float
    y_mm: float
    _phase: int
    _tool: int
    force: float
    pressure: float
    altitude: float
    azimuth: float
    roll: float
    distance: float
    wheel: float
    _buttons: int
    serial: int
    tool_id: int
    tilt_x: float
    tilt_y: float
    tilt_range: float

    @property
    def phase(self) -> Phase:
        value = self._phase
        return _PHASES[value] if 0 <= value < len(_PHASES) else Phase(value)

    @phase.setter
    def phase(self, value: int) -> None:
        self._phase = int(value)

    @property
    def tool(self) -> Tool:
        value = self._tool
        return _TOOLS[value] if 0 <= value < len(_TOOLS) else Tool(value)

    @tool.setter
    def tool(self, value: int) -> None:
        self._tool = int(value)

    @property
    def buttons(self) -> Button:
        return Button(self._buttons)

    @buttons.setter
    def buttons(self, value: int) -> None:
        self._buttons = int(value)

    def to_dict(self) -> Dict[str, Any]:
        """The keys and values of ``quill samples`` JSON Lines (as Sample.to_dict)."""
        return _sample_dict(self)


class _SourceOptions(_Sized):
    _c_name = "quill_source_options"
    _fields_ = [("size", c_uint32), ("canvas_width", c_double), ("canvas_height", c_double),
                ("device_file", c_char_p), ("left_handed", c_int32), ("proximity_timeout", c_double),
                ("pressure_curve", c_double * 4), ("calibration", c_double * 6), ("mapping_mode", c_int32),
                ("reserved", c_int32)]


class _PadEvent(_Sized):
    _c_name = "quill_pad_event"
    _fields_ = [("size", c_uint32), ("device", c_int32), ("time", c_double), ("kind", c_int32), ("number", c_int32),
                ("pressed", c_int32), ("value", c_double), ("mode_group", c_int32), ("mode", c_int32)]


class _Touch(_Sized):
    _c_name = "quill_touch"
    _fields_ = [("size", c_uint32), ("device", c_int32), ("time", c_double), ("id", c_int32), ("slot", c_int32),
                ("tracking_id", c_int32), ("phase", c_int32), ("x", c_double), ("y", c_double), ("x_mm", c_double),
                ("y_mm", c_double), ("major_mm", c_double), ("minor_mm", c_double), ("pressure", c_double),
                ("direct", c_int32), ("rejected", c_int32), ("frame_end", c_int32)]


class _ToolEvent(_Sized):
    _c_name = "quill_tool_event"
    _fields_ = [("size", c_uint32), ("device", c_int32), ("time", c_double), ("kind", c_int32), ("tool", c_int32),
                ("tool_changed", c_int32), ("forced", c_int32), ("serial", c_uint32), ("tool_id", c_uint32)]


class _EngineOptions(_Sized):
    _c_name = "quill_engine_options"
    _fields_ = [("size", c_uint32), ("ink", c_int32), ("width", c_double), ("area_width_mm", c_double),
                ("area_height_mm", c_double), ("canvas_width", c_double), ("canvas_height", c_double),
                ("smoothing_off", c_int32), ("prediction_off", c_int32), ("records_path", c_int32),
                ("reserved", c_int32), ("eraser", c_int32), ("eraser_radius", c_double), ("shapes_off", c_int32),
                ("editing_gestures_off", c_int32), ("prediction_horizon", c_double), ("adaptive_prediction_off", c_int32),
                ("reserved2", c_int32)]


class _StrokeUpdate(_Sized):
    """struct quill_stroke_update: what ``Engine.add(..., raw=True)`` returns — quill.h's names and values
    (is_end, has_dirty and erasing 0 or 1, stroke_id −1 for an eraser stroke)."""
    _c_name = "quill_stroke_update"
    _fields_ = [("size", c_uint32), ("stroke", c_int32), ("time", c_double), ("x", c_double), ("y", c_double),
                ("width", c_double), ("predicted_x", c_double), ("predicted_y", c_double), ("is_end", c_int32),
                ("has_dirty", c_int32), ("dirty", _Rect), ("stroke_id", c_int32), ("erasing", c_int32),
                ("change_count", c_int32), ("reserved", c_int32)]
    size: int
    stroke: int
    time: float
    x: float
    y: float
    width: float
    predicted_x: float
    predicted_y: float
    is_end: int
    has_dirty: int
    dirty: _Rect
    stroke_id: int
    erasing: int
    change_count: int


class _StrokeChange(_Sized):
    _c_name = "quill_stroke_change"
    _fields_ = [("size", c_uint32), ("kind", c_int32), ("stroke", c_int32), ("first_piece", c_int32),
                ("piece_count", c_int32), ("time", c_double)]


class _StrokePoint(ctypes.Structure):
    _c_name = "quill_stroke_point"
    _fields_ = [("x", c_double), ("y", c_double), ("time", c_double), ("width", c_double), ("opacity", c_double),
                ("force", c_double), ("azimuth", c_double), ("altitude", c_double), ("pressure", c_double),
                ("tilt_x", c_double), ("tilt_y", c_double)]


class _Vertex(ctypes.Structure):
    _c_name = "quill_vertex"
    _fields_ = [("x", c_double), ("y", c_double), ("opacity", c_double)]


class _ToolkitEvent(_Sized):
    _c_name = "quill_toolkit_event"
    _fields_ = [("size", c_uint32), ("x", c_double), ("y", c_double), ("time", c_double), ("touching", c_int32),
                ("pressure", c_double), ("tilt_x", c_double), ("tilt_y", c_double), ("rotation", c_double),
                ("tool", c_int32), ("buttons", c_uint32)]


class _GesturePreferences(_Sized):
    _c_name = "quill_gesture_preferences"
    _fields_ = [("size", c_uint32), ("tap_action", c_int32), ("squeeze_action", c_int32)]


class _GestureOutcome(_Sized):
    _c_name = "quill_gesture_outcome"
    _fields_ = [("size", c_uint32), ("time", c_double), ("gesture", c_int32), ("action", c_int32),
                ("tool_before", c_char * 24), ("tool_after", c_char * 24), ("hover_x", c_double),
                ("hover_y", c_double), ("number", c_int32), ("changes", c_uint32), ("button", c_char * 16),
                ("width_before", c_double), ("width_after", c_double), ("ink_before", c_int32),
                ("ink_after", c_int32)]


class _FingerGesture(_Sized):
    _c_name = "quill_finger_gesture"
    _fields_ = [("size", c_uint32), ("kind", c_int32), ("time", c_double), ("request", c_int32), ("fingers", c_int32),
                ("phase", c_int32), ("x", c_double), ("y", c_double), ("scale", c_double), ("rotation", c_double),
                ("dx", c_double), ("dy", c_double), ("start_x", c_double), ("start_y", c_double), ("ink", _Sample)]


class _Layout(_Sized):
    _c_name = "quill_layout"
    _fields_ = [("size", c_uint32), ("horizontal_size_class", c_int32), ("vertical_size_class", c_int32),
                ("safe_area", _Rect), ("canvas", _Rect), ("palette", _Rect), ("palette_docked", c_int32),
                ("scale", c_double)]


STRUCTS = (_Rect, _Sample, _SourceOptions, _PadEvent, _Touch, _ToolEvent, _EngineOptions, _StrokeUpdate,
           _StrokeChange, _StrokePoint, _Vertex, _ToolkitEvent, _GesturePreferences, _GestureOutcome, _FingerGesture,
           _Layout)

# ---------------------------------------------------------------------------------------------
# Functions: (restype, argtypes), bound on first use of each (a libquill older than this binding
# still serves the functions it has; a missing one raises LibraryError naming it).

_H = c_void_p
_P = POINTER
PROTOTYPES: Dict[str, Tuple[Any, List[Any]]] = {
    "quill_version": (c_char_p, []),
    "quill_strerror": (c_char_p, [c_int]),
    "quill_last_error": (c_char_p, []),
    "quill_source_open_recording": (c_int, [c_char_p, _P(_SourceOptions), _P(_H)]),
    "quill_source_open_device": (c_int, [c_char_p, _P(_SourceOptions), _P(_H)]),
    "quill_source_open_fd": (c_int, [c_int, _P(_SourceOptions), _P(_H)]),
    "quill_source_get_fd": (c_int, [_H]),
    "quill_source_dispatch": (c_int, [_H]),
    "quill_source_get_timeout": (c_int, [_H]),
    "quill_source_next_sample": (c_int, [_H, _P(_Sample)]),
    "quill_source_next_pad_event": (c_int, [_H, _P(_PadEvent)]),
    "quill_source_next_touch": (c_int, [_H, _P(_Touch)]),
    "quill_source_next_tool_event": (c_int, [_H, _P(_ToolEvent)]),
    "quill_source_finish": (c_int, [_H]),
    "quill_source_get_area": (c_int, [_H, _P(c_double), _P(c_double)]),
    "quill_source_close": (None, [_H]),
    "quill_engine_new": (c_int, [_P(_EngineOptions), _P(_H)]),
    "quill_engine_new_for_source": (c_int, [_H, c_int32, _P(_EngineOptions), _P(_H)]),
    "quill_engine_add_sample": (c_int, [_H, _P(_Sample), _P(_StrokeUpdate)]),
    "quill_engine_add_sample_predicted": (c_int, [_H, _P(_Sample), _P(_Sample), _P(_StrokeUpdate)]),
    "quill_engine_take_geometry": (c_int, [_H, _P(_Vertex), c_size_t, _P(c_size_t), _P(c_uint32), c_size_t,
                                           _P(c_size_t)]),
    "quill_engine_finish": (c_int, [_H]),
    "quill_engine_set_ink": (c_int, [_H, c_int32, c_double]),
    "quill_engine_next_change": (c_int, [_H, _P(_StrokeChange)]),
    "quill_engine_get_stroke_ids": (c_int, [_H, _P(c_int32), c_size_t, _P(c_size_t)]),
    "quill_engine_get_stroke": (c_int, [_H, c_int32, _P(_Vertex), c_size_t, _P(c_size_t), _P(c_uint32), c_size_t,
                                        _P(c_size_t)]),
    "quill_engine_get_stroke_points": (c_int, [_H, c_int32, _P(_StrokePoint), c_size_t, _P(c_size_t), _P(c_int32)]),
    "quill_engine_clone": (c_int, [_H, _P(_H)]),
    "quill_engine_stroke_count": (c_int, [_H]),
    "quill_engine_free": (None, [_H]),
    "quill_toolkit_new": (c_int, [c_double, c_double, c_double, _P(_H)]),
    "quill_toolkit_sample": (c_int, [_H, _P(_ToolkitEvent), _P(_Sample)]),
    "quill_toolkit_get_area": (c_int, [_H, _P(c_double), _P(c_double)]),
    "quill_toolkit_free": (None, [_H]),
    "quill_gestures_new": (c_int, [_P(_GesturePreferences), _P(_H)]),
    "quill_gestures_new_from_file": (c_int, [c_char_p, _P(_H)]),
    "quill_gestures_add_sample": (c_int, [_H, _P(_Sample)]),
    "quill_gestures_add_pad_event": (c_int, [_H, _P(_PadEvent)]),
    "quill_gestures_proximity_out": (c_int, [_H, c_int32, c_double]),
    "quill_gestures_advance": (c_int, [_H, c_double]),
    "quill_gestures_next_deadline": (c_double, [_H]),
    "quill_gestures_next_outcome": (c_int, [_H, _P(_GestureOutcome)]),
    "quill_gestures_set_drawing_policy": (c_int, [_H, c_int32]),
    "quill_gestures_add_touch": (c_int, [_H, _P(_Touch)]),
    "quill_gestures_next_finger_gesture": (c_int, [_H, _P(_FingerGesture)]),
    "quill_gestures_free": (None, [_H]),
    "quill_layout_window": (c_int, [c_double, c_double, c_int32, _P(_Layout)]),
    "quill_layout_device": (c_int, [c_char_p, c_int32, c_int32, _P(_Layout)]),
    "quill_recognizer_new": (c_int, [c_int32, c_char_p, _P(_H)]),
    "quill_recognizer_add_point": (c_int, [_H, c_double, c_double, c_double, c_int32]),
    "quill_recognizer_clear": (c_int, [_H]),
    "quill_recognizer_recognize": (c_int, [_H, c_char_p, c_int32, _P(c_size_t)]),
    "quill_recognizer_get_candidate": (c_int, [_H, c_size_t, c_size_t, c_char_p, c_size_t, _P(c_size_t), _P(c_double)]),
    "quill_recognizer_get_strokes": (c_int, [_H, c_size_t, _P(c_int32), c_size_t, _P(c_size_t)]),
    "quill_recognizer_free": (None, [_H]),
}

# ---------------------------------------------------------------------------------------------
# Finding libquill

SONAME = "libquill.so.0"
_GUIDANCE = """\
How to fix it (one of):
  - QUILL_LIBRARY=/path/to/libquill.so.0: the library itself (a build: .build/release/libQuillC.so).
  - A prefix outside the system's (Tools/ship/install --prefix DIR): PKG_CONFIG_PATH=DIR/lib/pkgconfig, the
    variable a C build against it uses (or LD_LIBRARY_PATH=DIR/lib).
  - A system prefix (/usr/local, Tools/ship/install's default): run `sudo ldconfig` after installing, so that
    ldconfig's cache lists libquill.so.0.
  - Not installed yet: Quill's Tools/ship/install builds and installs libquill; `pip install` installs only
    this binding."""


class _Library:
    """The loaded libquill: its functions as attributes, each declared on first use."""

    def __init__(self, cdll: ctypes.CDLL, path: str, how: str) -> None:
        self._cdll, self.path, self.how = cdll, path, how

    def __getattr__(self, name: str) -> Any:
        prototype = PROTOTYPES.get(name)
        if prototype is None:
            raise AttributeError(name)
        try:
            function = getattr(self._cdll, name)
        except AttributeError:
            raise LibraryError(
                f"quill: the libquill loaded ({self.path}, {self.how}; version {self.version()}) has no {name}: it is "
                f"older than this binding (quill {_binding_version()}). Install a newer libquill, or point "
                f"QUILL_LIBRARY at one.") from None
        function.restype, function.argtypes = prototype
        setattr(self, name, function)  # the next lookups find it without __getattr__
        return function

    def version(self) -> str:
        try:
            return str(self.quill_version().decode())
        except Exception:
            return "unknown"


def _binding_version() -> str:
    from . import __version__
    return __version__


def _pkg_config_libdir(tried: List[str]) -> Optional[str]:
    where = os.environ.get("PKG_CONFIG_PATH")
    label = f"pkg-config --variable=libdir quill (PKG_CONFIG_PATH={where!r})" if where is not None else \
        "pkg-config --variable=libdir quill (PKG_CONFIG_PATH unset)"
    try:
        run = subprocess.run(["pkg-config", "--variable=libdir", "quill"], capture_output=True, text=True, timeout=30,
                             check=False)
    except (OSError, subprocess.SubprocessError) as error:
        tried.append(f"{label}: pkg-config could not run ({error})")
        return None
    libdir = run.stdout.strip()
    if run.returncode != 0 or not libdir:
        tried.append(f"{label}: no quill.pc found")
        return None
    return libdir


def _try(path: str, how: str, tried: List[str]) -> Optional[_Library]:
    try:
        cdll = ctypes.CDLL(path)
    except OSError as error:
        text = str(error)
        tried.append(f"{how}: {text}" if path in text else f"{how}: {path}: {text}")
        return None
    if not hasattr(cdll, "quill_version"):
        tried.append(f"{how}: {path} loaded but is not Quill's libquill (no quill_version)")
        return None
    return _Library(cdll, path, how)


def _load() -> _Library:
    tried: List[str] = []
    explicit = os.environ.get("QUILL_LIBRARY")
    if explicit:
        library = _try(explicit, "QUILL_LIBRARY", tried)
        if library:
            return library
        tried.append("(QUILL_LIBRARY is set, so nothing else was searched: fix it, or unset it to search ldconfig's "
                     "cache, pkg-config and LD_LIBRARY_PATH)")
    else:
        found = ctypes.util.find_library("quill")
        if found:
            library = _try(found, "ldconfig's cache (ctypes.util.find_library)", tried)
            if library:
                return library
        else:
            tried.append("ldconfig's cache (ctypes.util.find_library(\"quill\")): no libquill listed")
        libdir = _pkg_config_libdir(tried)
        if libdir:
            library = _try(os.path.join(libdir, SONAME), "pkg-config's libdir", tried)
            if library:
                return library
        library = _try(SONAME, "the dynamic loader (LD_LIBRARY_PATH, then the system's directories)", tried)
        if library:
            return library
    raise LibraryError("quill: cannot load libquill, the C library this module calls. Tried, in order:\n"
                       + "".join(f"  - {line}\n" for line in tried) + _GUIDANCE)


_lib: Optional[_Library] = None
_lock = threading.Lock()


def lib() -> _Library:
    """libquill, loaded on first use (LibraryError when it cannot be; tried again at the next use)."""
    library = _lib
    if library is None:
        with _lock:
            library = _lib or _load()
            globals()["_lib"] = library
    return library


# ---------------------------------------------------------------------------------------------
# Status checks

# The C fields a message may name, as this module's parameters name them (longest first).
_PARAMETERS = sorted([
    ("quill_engine_options.area_width_mm", "area_mm[0]"), ("quill_engine_options.area_height_mm", "area_mm[1]"),
    ("quill_engine_options.canvas_width", "canvas[0]"), ("quill_engine_options.canvas_height", "canvas[1]"),
    ("quill_source_options.canvas_width", "canvas[0]"), ("quill_source_options.canvas_height", "canvas[1]"),
    ('quill_source_open_device("/dev/input/eventN", …)', 'Source.open_device("/dev/input/eventN")'),
], key=lambda pair: -len(pair[0]))
# Any other field of the options structs is the keyword of the same name (width, eraser, pressure_curve, …).
_OPTION_FIELD = re.compile(r"\bquill_(?:source|engine)_options\.(\w+)")


def check(status: int) -> int:
    """Returns a status ≥ 0; raises QuillError (quill_last_error's message, its C fields named as this
    module's parameters) for a negative one."""
    if status < 0:
        message = (lib().quill_last_error() or b"").decode("utf-8", "replace")
        for field, parameter in _PARAMETERS:
            message = message.replace(field, parameter)
        message = _OPTION_FIELD.sub(r"\1", message)
        raise QuillError(status, message)
    return status


def strerror(status: int) -> str:
    """The English name of a status ("invalid argument", …)."""
    return str(lib().quill_strerror(int(status)).decode())
