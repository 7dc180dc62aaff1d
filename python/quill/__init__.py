"""Quill for Python: a ctypes binding of libquill (quill.h), Apple-Pencil-style pen input on Linux.

The library is found through the environment variable ``QUILL_LIBRARY`` (a path), else
``ctypes.util.find_library("quill")``, else ``libquill.so.0``; it is loaded on first use.

Units, as in quill.h: seconds, millimetres (on the tablet), points (on the canvas, the iPad's
point), radians. Every failure raises :class:`QuillError` with libquill's status and message.

    import quill
    with quill.Source.open_recording("pen.events") as source:
        engine = quill.Engine("pen", area_mm=source.area())
        for sample in source.samples():
            update = engine.add(sample)
        engine.finish()
"""
import ctypes
import ctypes.util
import math
import os
from ctypes import POINTER, byref, c_char, c_char_p, c_double, c_int, c_int32, c_size_t, c_uint32, c_void_p

# The binding's version (pyproject.toml's, VERSION's); version() is the loaded libquill's.
__version__ = "0.4.0"

__all__ = ["QuillError", "Source", "Engine", "Toolkit", "Gestures", "layout_window", "layout_device", "version", "strerror",
           "Sample", "SourceOptions", "EngineOptions", "StrokeUpdate", "Vertex", "GesturePreferences",
           "GestureOutcome", "Rect", "Layout", "ToolkitEvent", "PadEvent"]

OK, ERROR_BUFFER_TOO_SMALL = 0, -4
PHASES = ("hover", "began", "moved", "ended", "cancelled")
TOOLS = ("pen", "eraser", "brush", "pencil", "airbrush", "mouse", "lens")
BUTTONS = (("BTN_STYLUS", 1), ("BTN_STYLUS2", 2), ("BTN_STYLUS3", 4),
           ("BTN_LEFT", 8), ("BTN_RIGHT", 16), ("BTN_MIDDLE", 32), ("BTN_SIDE", 64), ("BTN_EXTRA", 128))  # then a puck's
INKS = ("pen", "pencil", "marker", "monoline", "fountain-pen", "watercolor", "crayon")
ACTIONS = ("ignore", "switchEraser", "switchPrevious", "showColorPalette", "showInkAttributes",
           "showContextualPalette", "runSystemShortcut")
GESTURES = ("doubleTap", "squeezeBegan", "squeezeChanged", "squeezeEnded", "squeezeCancelled", "buttonPressed",
            "buttonReleased", "eraserEndIn", "eraserEndOut", "padButton", "puckButton", "padDial")
CHANGES = ("toolChanged", "paletteShown", "paletteHidden", "shortcutRequested", "widthChanged")  # bit 0, 1, …
PAD_KINDS = ("button", "ring", "strip")
TOUCH_PHASES = ("began", "moved", "ended", "cancelled")
DRAWING_POLICIES = ("default", "anyInput", "pencilOnly")
FINGER_GESTURE_KINDS = ("tap", "transform", "ink")
FINGER_PHASES = ("began", "changed", "ended", "cancelled")
_ACTING_GESTURES = set(GESTURES[:5]) | {"padButton", "puckButton"}
SIZE_CLASSES = ("compact", "regular")


class QuillError(Exception):
    """A libquill failure: ``status`` (a negative quill_status) and ``message`` (quill_last_error)."""

    def __init__(self, status, message):
        self.status, self.message = status, message
        super().__init__(f"{message or strerror(status)} ({strerror(status)}, status {status})")


class _Sized(ctypes.Structure):
    """A quill.h struct that begins with ``uint32_t size``: the size is set on creation."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.size = ctypes.sizeof(self)


class Sample(_Sized):
    """struct quill_sample: one pen sample (canvas points, millimetres, radians, seconds)."""
    _fields_ = [("size", c_uint32), ("device", c_int32), ("time", c_double), ("x", c_double), ("y", c_double),
                ("x_mm", c_double), ("y_mm", c_double), ("phase", c_int32), ("tool", c_int32),
                ("force", c_double), ("pressure", c_double), ("altitude", c_double), ("azimuth", c_double),
                ("roll", c_double), ("distance", c_double), ("wheel", c_double), ("buttons", c_uint32),
                ("serial", c_uint32), ("tool_id", c_uint32)]

    def to_dict(self):
        """The sample with the keys and values of ``quill samples`` JSON Lines."""
        return {"t": self.time, "x": self.x, "y": self.y, "x_mm": self.x_mm, "y_mm": self.y_mm,
                "phase": _name(PHASES, self.phase), "tool": _name(TOOLS, self.tool), "force": self.force,
                "pressure": self.pressure, "altitude": self.altitude, "azimuth": self.azimuth, "roll": self.roll,
                "distance": self.distance, "buttons": [n for n, bit in BUTTONS if self.buttons & bit],
                "device": self.device, "serial": self.serial, "wheel": self.wheel, "tool_id": self.tool_id}

    @classmethod
    def from_dict(cls, d):
        """A sample from a dict as :meth:`to_dict` gives (names or enum numbers; missing keys are 0)."""
        buttons = d.get("buttons", 0)
        if not isinstance(buttons, int):
            buttons = sum(bit for n, bit in BUTTONS if n in buttons)
        s = cls()
        for key in ("device", "x", "y", "x_mm", "y_mm", "force", "pressure", "altitude", "azimuth", "roll",
                    "distance", "wheel", "serial", "tool_id"):
            setattr(s, key, d.get(key, 0))
        s.time = d.get("t", d.get("time", 0.0))
        s.phase, s.tool, s.buttons = _number(PHASES, d.get("phase", 0)), _number(TOOLS, d.get("tool", 0)), buttons
        return s


class Touch(_Sized):
    """struct quill_touch: one finger (canvas points, millimetres, seconds)."""
    _fields_ = [("size", c_uint32), ("device", c_int32), ("time", c_double), ("id", c_int32), ("slot", c_int32),
                ("tracking_id", c_int32), ("phase", c_int32), ("x", c_double), ("y", c_double), ("x_mm", c_double),
                ("y_mm", c_double), ("major_mm", c_double), ("minor_mm", c_double), ("pressure", c_double),
                ("direct", c_int32), ("rejected", c_int32), ("frame_end", c_int32)]

    def to_dict(self):
        """The touch with the keys and values of ``quill touches`` JSON Lines (plus frame_end)."""
        d = {"t": self.time, "device": self.device, "id": self.id, "slot": self.slot, "tracking_id": self.tracking_id,
             "phase": _name(TOUCH_PHASES, self.phase), "tool": "finger", "x_mm": self.x_mm, "y_mm": self.y_mm,
             "x": self.x, "y": self.y, "direct": bool(self.direct)}
        for key in ("major_mm", "minor_mm", "pressure"):
            if not math.isnan(getattr(self, key)):
                d[key] = getattr(self, key)
        if self.rejected:
            d["rejected"] = "palm"
        d["frame_end"] = bool(self.frame_end)
        return d

    @classmethod
    def from_dict(cls, d):
        """A touch from a dict as :meth:`to_dict` gives."""
        t = cls()
        for key in ("device", "id", "slot", "x", "y", "x_mm", "y_mm"):
            setattr(t, key, d.get(key, 0))
        t.tracking_id = d.get("tracking_id", -1)
        t.time = d.get("t", d.get("time", 0.0))
        t.phase = _number(TOUCH_PHASES, d.get("phase", 0))
        for key in ("major_mm", "minor_mm", "pressure"):
            setattr(t, key, d.get(key, math.nan))
        t.direct = 1 if d.get("direct", True) else 0
        t.rejected = 1 if d.get("rejected") else 0
        t.frame_end = 1 if d.get("frame_end", True) else 0
        return t


class FingerGesture(_Sized):
    """struct quill_finger_gesture."""
    _fields_ = [("size", c_uint32), ("kind", c_int32), ("time", c_double), ("request", c_int32), ("fingers", c_int32),
                ("phase", c_int32), ("x", c_double), ("y", c_double), ("scale", c_double), ("rotation", c_double),
                ("dx", c_double), ("dy", c_double), ("start_x", c_double), ("start_y", c_double), ("ink", Sample)]


class Rect(ctypes.Structure):
    """struct quill_rect, points."""
    _fields_ = [("x", c_double), ("y", c_double), ("width", c_double), ("height", c_double)]


class SourceOptions(_Sized):
    """struct quill_source_options (canvas in points; 0 = 1366 × 1024)."""
    _fields_ = [("size", c_uint32), ("canvas_width", c_double), ("canvas_height", c_double),
                ("device_file", c_char_p), ("left_handed", c_int32)]


class EngineOptions(_Sized):
    """struct quill_engine_options (width and canvas in points, area in millimetres)."""
    _fields_ = [("size", c_uint32), ("ink", c_int32), ("width", c_double), ("area_width_mm", c_double),
                ("area_height_mm", c_double), ("canvas_width", c_double), ("canvas_height", c_double),
                ("smoothing_off", c_int32), ("prediction_off", c_int32), ("records_path", c_int32)]


class StrokeUpdate(_Sized):
    """struct quill_stroke_update (seconds, canvas points)."""
    _fields_ = [("size", c_uint32), ("stroke", c_int32), ("time", c_double), ("x", c_double), ("y", c_double),
                ("width", c_double), ("predicted_x", c_double), ("predicted_y", c_double), ("is_end", c_int32),
                ("has_dirty", c_int32), ("dirty", Rect)]


class PadEvent(_Sized):
    """struct quill_pad_event: a pad button, ring (degrees) or strip (0 … 1) event."""
    _fields_ = [("size", c_uint32), ("device", c_int32), ("time", c_double), ("kind", c_int32), ("number", c_int32),
                ("pressed", c_int32), ("value", c_double), ("mode_group", c_int32), ("mode", c_int32)]


class ToolkitEvent(_Sized):
    """struct quill_toolkit_event: a GTK/Qt pen event (window points, seconds, degrees; NaN = not reported)."""
    _fields_ = [("size", c_uint32), ("x", c_double), ("y", c_double), ("time", c_double), ("touching", c_int32),
                ("pressure", c_double), ("tilt_x", c_double), ("tilt_y", c_double), ("rotation", c_double),
                ("tool", c_int32), ("buttons", c_uint32)]


class Vertex(ctypes.Structure):
    """struct quill_vertex: canvas points and opacity 0 … 1 (no size field)."""
    _fields_ = [("x", c_double), ("y", c_double), ("opacity", c_double)]


class GesturePreferences(_Sized):
    """struct quill_gesture_preferences (enum quill_action values)."""
    _fields_ = [("size", c_uint32), ("tap_action", c_int32), ("squeeze_action", c_int32)]


class GestureOutcome(_Sized):
    """struct quill_gesture_outcome (seconds; hover position in canvas points, NaN when not hovering; the fields
    from `number` on are QUILL_GESTURE_OUTCOME_SIZE_V2's, which also brings the kinds after doubleTap and squeeze)."""
    _fields_ = [("size", c_uint32), ("time", c_double), ("gesture", c_int32), ("action", c_int32),
                ("tool_before", c_char * 24), ("tool_after", c_char * 24), ("hover_x", c_double),
                ("hover_y", c_double), ("number", c_int32), ("changes", c_uint32), ("button", c_char * 16),
                ("width_before", c_double), ("width_after", c_double)]


class Layout(_Sized):
    """struct quill_layout."""
    _fields_ = [("size", c_uint32), ("horizontal_size_class", c_int32), ("vertical_size_class", c_int32),
                ("safe_area", Rect), ("canvas", Rect), ("palette", Rect), ("palette_docked", c_int32)]


_H = c_void_p
_PROTOTYPES = {
    "quill_version": (c_char_p, []), "quill_strerror": (c_char_p, [c_int]), "quill_last_error": (c_char_p, []),
    "quill_source_open_recording": (c_int, [c_char_p, POINTER(SourceOptions), POINTER(_H)]),
    "quill_source_open_device": (c_int, [c_char_p, POINTER(SourceOptions), POINTER(_H)]),
    "quill_source_get_fd": (c_int, [_H]), "quill_source_dispatch": (c_int, [_H]),
    "quill_source_get_timeout": (c_int, [_H]), "quill_source_next_sample": (c_int, [_H, POINTER(Sample)]),
    "quill_source_get_area": (c_int, [_H, POINTER(c_double), POINTER(c_double)]),
    "quill_source_close": (None, [_H]),
    "quill_engine_new": (c_int, [POINTER(EngineOptions), POINTER(_H)]),
    "quill_engine_add_sample": (c_int, [_H, POINTER(Sample), POINTER(StrokeUpdate)]),
    "quill_engine_take_geometry": (c_int, [_H, POINTER(Vertex), c_size_t, POINTER(c_size_t), POINTER(c_uint32),
                                           c_size_t, POINTER(c_size_t)]),
    "quill_engine_finish": (c_int, [_H]), "quill_engine_stroke_count": (c_int, [_H]),
    "quill_engine_free": (None, [_H]),
    "quill_source_finish": (c_int, [_H]),
    "quill_source_next_pad_event": (c_int, [_H, POINTER(PadEvent)]),
    "quill_engine_clone": (c_int, [_H, POINTER(_H)]),
    "quill_engine_set_ink": (c_int, [_H, c_int32, c_double]),
    "quill_toolkit_new": (c_int, [c_double, c_double, c_double, POINTER(_H)]),
    "quill_toolkit_sample": (c_int, [_H, POINTER(ToolkitEvent), POINTER(Sample)]),
    "quill_toolkit_get_area": (c_int, [_H, POINTER(c_double), POINTER(c_double)]),
    "quill_toolkit_free": (None, [_H]),
    "quill_gestures_new": (c_int, [POINTER(GesturePreferences), POINTER(_H)]),
    "quill_gestures_new_from_file": (c_int, [c_char_p, POINTER(_H)]),
    "quill_gestures_add_sample": (c_int, [_H, POINTER(Sample)]),
    "quill_gestures_add_pad_event": (c_int, [_H, POINTER(PadEvent)]),
    "quill_gestures_proximity_out": (c_int, [_H, c_int32, c_double]),
    "quill_gestures_advance": (c_int, [_H, c_double]), "quill_gestures_next_deadline": (c_double, [_H]),
    "quill_gestures_next_outcome": (c_int, [_H, POINTER(GestureOutcome)]),
    "quill_gestures_free": (None, [_H]),
    "quill_source_next_touch": (c_int, [_H, POINTER(Touch)]),
    "quill_gestures_set_drawing_policy": (c_int, [_H, c_int32]),
    "quill_gestures_add_touch": (c_int, [_H, POINTER(Touch)]),
    "quill_gestures_next_finger_gesture": (c_int, [_H, POINTER(FingerGesture)]),
    "quill_layout_window": (c_int, [c_double, c_double, c_int32, POINTER(Layout)]),
    "quill_layout_device": (c_int, [c_char_p, c_int32, c_int32, POINTER(Layout)]),
}
_lib = None


def _L():
    """libquill, loaded and declared on first use."""
    global _lib
    if _lib is None:
        path = os.environ.get("QUILL_LIBRARY") or ctypes.util.find_library("quill") or "libquill.so.0"
        try:
            lib = ctypes.CDLL(path)
        except OSError as error:
            raise OSError(f"quill: cannot load libquill ({path}): {error}; set QUILL_LIBRARY to its path") from None
        for name, (restype, argtypes) in _PROTOTYPES.items():
            function = getattr(lib, name)
            function.restype, function.argtypes = restype, argtypes
        _lib = lib
    return _lib


# The C fields a message may name, as this module's parameters name them.
_PARAMETERS = (
    ("quill_engine_options.area_width_mm", "area_mm[0]"), ("quill_engine_options.area_height_mm", "area_mm[1]"),
    ("quill_engine_options.canvas_width", "canvas[0]"), ("quill_engine_options.canvas_height", "canvas[1]"),
    ("quill_engine_options.width", "width"), ("quill_source_options.canvas_width", "canvas[0]"),
    ("quill_source_options.canvas_height", "canvas[1]"), ('quill_source_open_device("/dev/input/eventN", …)', 'Source.open_device("/dev/input/eventN")'),
)


def _check(status):
    """Returns a status ≥ 0; raises QuillError (with quill_last_error's message, its C fields named as
    this module's parameters) for a negative one."""
    if status < 0:
        message = (_L().quill_last_error() or b"").decode("utf-8", "replace")
        for field, parameter in _PARAMETERS:
            message = message.replace(field, parameter)
        raise QuillError(status, message)
    return status


def _name(names, value):
    return names[value] if 0 <= value < len(names) else f"unknown({value})"


def _number(names, value):
    if isinstance(value, int):
        return value
    try:
        return names.index(value)
    except ValueError:
        raise ValueError(f"quill: {value!r} is not one of {', '.join(names)}") from None


def _sample(sample):
    return sample if isinstance(sample, Sample) else Sample.from_dict(sample)


def version():
    """libquill's version, "MAJOR.MINOR.PATCH"."""
    return _L().quill_version().decode()


def strerror(status):
    """The English name of a status ("invalid argument", …)."""
    return _L().quill_strerror(status).decode()


class _Handle:
    _free = None

    def close(self):
        """Frees the handle (again is harmless)."""
        handle, self._h = getattr(self, "_h", None), None
        if handle and self._free:
            getattr(_L(), self._free)(handle)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass

    def _handle(self):
        if not self._h:
            raise ValueError(f"quill: the {type(self).__name__} is closed")
        return self._h


class Source(_Handle):
    """A recording or a live tablet (quill_source). Open with :meth:`open_recording` or :meth:`open_device`."""
    _free = "quill_source_close"

    def __init__(self, opener, path, canvas, device_file, left_handed):
        self._h = None
        self._device_file = None if device_file is None else os.fsencode(device_file)  # alive as long as the source
        options = SourceOptions(canvas_width=canvas[0] if canvas else 0, canvas_height=canvas[1] if canvas else 0,
                                device_file=self._device_file, left_handed=1 if left_handed else 0)
        handle = _H()
        _check(getattr(_L(), opener)(None if path is None else os.fsencode(path), byref(options), byref(handle)))
        self._h = handle

    @classmethod
    def open_recording(cls, path, canvas=None, device_file=None, left_handed=False):
        """Opens an evemu or `libinput record` recording. canvas=(width, height) in points (default 1366 × 1024);
        device_file: the .desc of a header-less evemu file; left_handed: the tablet turned 180°."""
        return cls("quill_source_open_recording", path, canvas, device_file, left_handed)

    @classmethod
    def open_device(cls, node=None, canvas=None, left_handed=False):
        """Opens a live pen node ("/dev/input/eventN"; None: the first pen tablet)."""
        return cls("quill_source_open_device", node, canvas, None, left_handed)

    def fileno(self):
        """The fd to poll for input, -1 for a recording (so a Source works with select/selectors when ≥ 0)."""
        return _L().quill_source_get_fd(self._handle())

    def dispatch(self):
        """Reads and decodes what is pending, without blocking."""
        _check(_L().quill_source_dispatch(self._handle()))

    def timeout_ms(self):
        """Milliseconds until dispatch() must run even without input, or None."""
        timeout = _L().quill_source_get_timeout(self._handle())
        return None if timeout < 0 else timeout

    def samples(self, raw=False):
        """Dispatches, then yields every waiting sample: dicts as `quill samples` prints them (t seconds, x/y
        points, x_mm/y_mm millimetres, angles radians), or Sample structs with raw=True. A recording: all."""
        self.dispatch()
        sample = Sample()
        while _check(_L().quill_source_next_sample(self._handle(), byref(sample))):
            yield Sample.from_buffer_copy(sample) if raw else sample.to_dict()

    def pad_events(self):
        """Yields the pad events as `quill pad` prints them: t, device, type, number, state or value, mode_group, mode."""
        e = PadEvent()
        while _check(_L().quill_source_next_pad_event(self._handle(), byref(e))):
            event = {"t": e.time, "device": e.device, "type": ("button", "ring", "strip")[e.kind], "number": e.number}
            if e.kind == 0:
                event["state"] = "pressed" if e.pressed else "released"
            else:
                event["value"] = e.value
            event["mode_group"], event["mode"] = e.mode_group, e.mode
            yield event

    def touches(self, raw=False):
        """Yields the touches of touchscreens and touchpads as `quill touches` prints them (plus frame_end: the last
        touch of a frame), palm rejection applied (rejected: "palm"), or Touch structs with raw=True."""
        touch = Touch()
        while _check(_L().quill_source_next_touch(self._handle(), byref(touch))):
            yield Touch.from_buffer_copy(touch) if raw else touch.to_dict()

    def finish(self):
        """Ends a live source's input: a tip still down gets its `ended` sample (take it with samples())."""
        _check(_L().quill_source_finish(self._handle()))

    def area(self):
        """The tablet's active area (of device 0), (width, height) in millimetres."""
        width, height = c_double(), c_double()
        _check(_L().quill_source_get_area(self._handle(), byref(width), byref(height)))
        return width.value, height.value


class Engine(_Handle):
    """The stroke engine (quill_engine): smoothing, prediction, brush geometry.

    ink: one of INKS; width: points (None = the ink's default); area_mm: the tablet's active area
    (Source.area()), millimetres; canvas: (width, height) in points (None = 1366 × 1024)."""
    _free = "quill_engine_free"

    def __init__(self, ink="pen", width=None, area_mm=None, canvas=None, smoothing=True, prediction=True):
        self._h = None
        area_mm, canvas = area_mm or (0, 0), canvas or (0, 0)
        options = EngineOptions(ink=_number(INKS, ink), width=width or 0, area_width_mm=area_mm[0],
                                area_height_mm=area_mm[1], canvas_width=canvas[0], canvas_height=canvas[1],
                                smoothing_off=0 if smoothing else 1, prediction_off=0 if prediction else 1)
        handle = _H()
        _check(_L().quill_engine_new(byref(options), byref(handle)))
        self._h = handle
        self._update = StrokeUpdate()
        self._vertices, self._indices = (Vertex * 1024)(), (c_uint32 * 3072)()

    def add(self, sample):
        """Adds a sample (dict or Sample). Returns the update for a sample in contact — stroke, time (s), x, y,
        width, predicted_x, predicted_y (points), is_end — or None for hover and skipped samples."""
        if not _check(_L().quill_engine_add_sample(self._handle(), byref(_sample(sample)), byref(self._update))):
            return None
        u = self._update
        return {"stroke": u.stroke, "time": u.time, "x": u.x, "y": u.y, "width": u.width,
                "predicted_x": u.predicted_x, "predicted_y": u.predicted_y, "is_end": bool(u.is_end),
                "dirty": _rect(u.dirty) if u.has_dirty else None}

    def clone(self):
        """A copy with all the state, a stroke in progress included (keep it to go back)."""
        copy = Engine.__new__(Engine)
        copy._h = None
        handle = _H()
        _check(_L().quill_engine_clone(self._handle(), byref(handle)))
        copy._h, copy._update = handle, StrokeUpdate()
        copy._vertices, copy._indices = (Vertex * 1024)(), (c_uint32 * 3072)()
        return copy

    def set_ink(self, ink, width=None):
        """Changes the ink (one of INKS): at once between strokes, from the next stroke while one is drawn."""
        _check(_L().quill_engine_set_ink(self._handle(), _number(INKS, ink), width or 0))

    def take_geometry(self, numpy=False):
        """The geometry committed since the last call: (vertices, indices), vertices as (x, y, opacity) in points
        and opacity 0 … 1, indices into them in triangles; with numpy=True an (N, 3) float64 array and a uint32 array."""
        vertex_count, index_count = c_size_t(), c_size_t()
        while True:
            status = _L().quill_engine_take_geometry(
                self._handle(), self._vertices, len(self._vertices), byref(vertex_count),
                self._indices, len(self._indices), byref(index_count))
            if status != ERROR_BUFFER_TOO_SMALL or (vertex_count.value <= len(self._vertices)
                                                    and index_count.value <= len(self._indices)):
                break  # done, another error, or counts that would not help: _check raises
            if vertex_count.value > len(self._vertices):
                self._vertices = (Vertex * max(vertex_count.value, 2 * len(self._vertices)))()
            if index_count.value > len(self._indices):
                self._indices = (c_uint32 * max(index_count.value, 2 * len(self._indices)))()
        _check(status)
        nv, ni = vertex_count.value, index_count.value
        if numpy:
            import numpy as np
            vertices = np.ctypeslib.as_array(ctypes.cast(self._vertices, POINTER(c_double)), (len(self._vertices) * 3,))
            return vertices[:nv * 3].reshape(nv, 3).copy(), np.ctypeslib.as_array(self._indices)[:ni].copy()
        return [(v.x, v.y, v.opacity) for v in self._vertices[:nv]], list(self._indices[:ni])

    def finish(self):
        """Ends an open stroke (end of input)."""
        _check(_L().quill_engine_finish(self._handle()))

    @property
    def stroke_count(self):
        """Strokes begun so far."""
        return _L().quill_engine_stroke_count(self._handle())


class Toolkit(_Handle):
    """Toolkit pen events (GTK 4's GtkGestureStylus, Qt's QTabletEvent) as samples (quill_toolkit).

    points_per_mm: window points per millimetre of the screen (96 dpi: 3.78); window: (width, height) in points.
    Give an Engine area_mm=toolkit.area() and canvas=window: it draws where the pointer was."""
    _free = "quill_toolkit_free"

    def __init__(self, points_per_mm, window):
        self._h = None
        handle = _H()
        _check(_L().quill_toolkit_new(points_per_mm, window[0], window[1], byref(handle)))
        self._h = handle
        self._sample = Sample()

    def sample(self, x, y, time, touching, pressure=None, tilt_x=None, tilt_y=None, rotation=None, tool="pen", buttons=0):
        """The sample (a dict as Source.samples gives) for one event; None arguments are "not reported"."""
        nan = float("nan")
        event = ToolkitEvent(x=x, y=y, time=time, touching=1 if touching else 0,
                             pressure=nan if pressure is None else pressure, tilt_x=nan if tilt_x is None else tilt_x,
                             tilt_y=nan if tilt_y is None else tilt_y, rotation=nan if rotation is None else rotation,
                             tool=_number(TOOLS, tool), buttons=buttons)
        _check(_L().quill_toolkit_sample(self._handle(), byref(event), byref(self._sample)))
        return self._sample.to_dict()

    def area(self):
        """The window's size in millimetres: (width, height)."""
        width, height = c_double(), c_double()
        _check(_L().quill_toolkit_get_area(self._handle(), byref(width), byref(height)))
        return width.value, height.value


class Gestures(_Handle):
    """Double tap, squeeze, buttons, the eraser end, pad and puck bindings (quill_gestures). Actions are names of
    ACTIONS (or enum quill_action numbers). :meth:`from_file` takes the person's preferences file, with its pad and
    puck bindings, as `quill gestures` does."""
    _free = "quill_gestures_free"

    def __init__(self, tap_action="switchEraser", squeeze_action="showContextualPalette"):
        self._h = None
        preferences = GesturePreferences(tap_action=_number(ACTIONS, tap_action),
                                         squeeze_action=_number(ACTIONS, squeeze_action))
        handle = _H()
        _check(_L().quill_gestures_new(byref(preferences), byref(handle)))
        self._h = handle

    @classmethod
    def from_file(cls, path=None):
        """Gestures with the preferences file at `path` (None: the system one, $XDG_CONFIG_HOME/quill/preferences.json);
        a missing file gives the defaults, a bad one raises QuillError naming the file and the key."""
        gestures = cls.__new__(cls)
        gestures._h = None
        handle = _H()
        _check(_L().quill_gestures_new_from_file(None if path is None else os.fsencode(path), byref(handle)))
        gestures._h = handle
        return gestures

    def add(self, sample):
        """Feeds a sample (dict or Sample)."""
        _check(_L().quill_gestures_add_sample(self._handle(), byref(_sample(sample))))

    def add_pad_event(self, event):
        """Feeds a pad event: a dict as Source.pad_events gives (t, device, type, number, state or value,
        mode_group, mode), or a PadEvent."""
        if not isinstance(event, PadEvent):
            kind = _number(PAD_KINDS, event.get("type", event.get("kind", 0)))
            event = PadEvent(device=event.get("device", 0), time=event.get("t", event.get("time", 0.0)), kind=kind,
                             number=event.get("number", 0), pressed=1 if event.get("state") == "pressed" else 0,
                             value=event.get("value", 0.0), mode_group=event.get("mode_group", 0),
                             mode=event.get("mode", 0))
        _check(_L().quill_gestures_add_pad_event(self._handle(), byref(event)))

    def set_drawing_policy(self, policy):
        """Which input draws: "default" (a finger draws unless prefersPencilOnlyDrawing), "anyInput" or "pencilOnly"."""
        _check(_L().quill_gestures_set_drawing_policy(self._handle(), _number(DRAWING_POLICIES, policy)))

    def add_touch(self, touch):
        """Feeds a touch (dict as Source.touches gives, or Touch); rejected touches are ignored."""
        if not isinstance(touch, Touch):
            touch = Touch.from_dict(touch)
        _check(_L().quill_gestures_add_touch(self._handle(), byref(touch)))

    def finger_gestures(self):
        """Yields the finger gestures as `quill gestures` prints them: t, event ("twoFingerTap", "threeFingerTap", "tap",
        or for the transform "pinch", "rotate" or "pan", whichever dominates so far; "ink" for a finger that draws), action ("undo", "redo" or None), fingers, x, y (the centroid,
        points); a transform's phase, scale, rotation (radians), dx, dy (points); an ink's sample (a dict as
        Source.samples gives, for Engine.add)."""
        g = FingerGesture()
        while _check(_L().quill_gestures_next_finger_gesture(self._handle(), byref(g))):
            kind = _name(FINGER_GESTURE_KINDS, g.kind)
            if kind == "tap":
                event = {2: "twoFingerTap", 3: "threeFingerTap"}.get(g.fingers, "tap")
            elif kind == "transform":
                # What dominates so far, as quill gestures names it (FingerTransform.dominantKind).
                if g.scale > 0 and abs(math.log(g.scale)) > 0.05:
                    event = "pinch"
                elif abs(g.rotation) > 5 * math.pi / 180:
                    event = "rotate"
                else:
                    event = "pan"
            else:
                event = kind
            d = {"t": g.time, "event": event, "action": (None, "undo", "redo")[g.request] if 0 <= g.request < 3 else None,
                 "phase": None, "fingers": g.fingers, "x": g.x, "y": g.y}
            if kind == "transform":
                d.update(phase=_name(FINGER_PHASES, g.phase), scale=g.scale, rotation=g.rotation, dx=g.dx, dy=g.dy)
            if kind == "ink":
                d["sample"] = g.ink.to_dict()
            yield d

    def proximity_out(self, device, time):
        """The tool of `device` left proximity at `time` seconds: a squeeze is cancelled, a pending press delivered,
        the eraser end leaves, a puck's held buttons are released."""
        _check(_L().quill_gestures_proximity_out(self._handle(), device, time))

    def advance(self, time):
        """Lets time pass to `time` seconds (the samples' clock)."""
        _check(_L().quill_gestures_advance(self._handle(), time))

    def next_deadline(self):
        """Seconds at which advance() must be called even without samples, or None."""
        deadline = _L().quill_gestures_next_deadline(self._handle())
        return None if deadline < 0 else deadline

    def outcomes(self):
        """Yields the outcomes as dicts: t (s), gesture (one of GESTURES), action (None for the kinds that carry none:
        buttons, the eraser end, a pad dial — as `quill gestures` prints null), tool_before, tool_after, hover_x,
        hover_y (points, None when not hovering), number (pad button or ring/strip, else None), button (a puck's or
        the barrel's libevdev name, else None), changes (names of CHANGES), width_before, width_after (points)."""
        o = GestureOutcome()
        while _check(_L().quill_gestures_next_outcome(self._handle(), byref(o))):
            gesture = _name(GESTURES, o.gesture)
            acts = gesture in _ACTING_GESTURES
            yield {"t": o.time, "gesture": gesture, "action": _name(ACTIONS, o.action) if acts else None,
                   "tool_before": o.tool_before.decode("utf-8", "replace"),
                   "tool_after": o.tool_after.decode("utf-8", "replace"),
                   "hover_x": None if math.isnan(o.hover_x) else o.hover_x,
                   "hover_y": None if math.isnan(o.hover_y) else o.hover_y,
                   "number": None if o.number < 0 else o.number,
                   "button": o.button.decode("utf-8", "replace") or None,
                   "changes": [name for bit, name in enumerate(CHANGES) if o.changes & (1 << bit)],
                   "width_before": o.width_before, "width_after": o.width_after}


def _rect(r):
    return {"x": r.x, "y": r.y, "width": r.width, "height": r.height}


def _layout(layout):
    return {"size_class": {"horizontal": _name(SIZE_CLASSES, layout.horizontal_size_class),
                           "vertical": _name(SIZE_CLASSES, layout.vertical_size_class)},
            "safe_area": _rect(layout.safe_area), "canvas": _rect(layout.canvas),
            "palette": dict(_rect(layout.palette), docked=bool(layout.palette_docked))}


def layout_window(width, height, left_handed=False):
    """The layout of a window of width × height points (each ≥ 320): size classes, safe area, canvas and
    palette (rects in points, as dicts with the names of `quill layout`)."""
    layout = Layout()
    _check(_L().quill_layout_window(width, height, 1 if left_handed else 0, byref(layout)))
    return _layout(layout)


def layout_device(device_id, landscape=True, left_handed=False):
    """The full-screen layout of a device of `quill layout --list` (e.g. "ipad-pro-11")."""
    layout = Layout()
    _check(_L().quill_layout_device(device_id.encode(), 1 if landscape else 0, 1 if left_handed else 0,
                                    byref(layout)))
    return _layout(layout)
