"""quill.h's enums as IntEnum and IntFlag (values equal the header's: tests/test_quill.py parses it).

Members are named as quill.h's enumerators less their prefix (QUILL_PHASE_BEGAN is Phase.BEGAN,
QUILL_ERROR_IO is Status.ERROR_IO). ``cli_name`` is the spelling of the ``quill`` command and its
JSON Lines ("began", "fountain-pen", "switchEraser", "BTN_STYLUS"); ``parse`` takes a member, a
number or that spelling. A value a newer libquill hands out that this module does not know yet is
kept as a member named ``UNKNOWN_<n>`` (its ``cli_name`` "unknown(<n>)"), never an exception.
"""
from __future__ import annotations

import enum
from typing import ClassVar, Dict, Iterable, Tuple, Type, TypeVar, Union

__all__ = ["Status", "Phase", "Tool", "Button", "PuckButton", "MappingMode", "Ink", "Eraser", "PadKind", "TouchPhase",
           "ToolEventKind", "StrokeChangeKind", "Action", "Gesture", "GestureChange", "DrawingPolicy",
           "FingerGestureKind", "FingerRequest", "TransformPhase", "SizeClass"]

_E = TypeVar("_E", bound="_Enum")
_F = TypeVar("_F", bound="_Flag")


class _Enum(enum.IntEnum):
    """An IntEnum of quill.h: str() is the number (as IntEnum's from Python 3.11 on)."""

    # The C enums mirrored ({"quill_phase": "QUILL_PHASE_"}: enum name and the prefix its enumerators drop).
    _c_enums: ClassVar[Dict[str, str]]
    _cli_names: ClassVar[Tuple[str, ...]]

    @classmethod
    def _missing_(cls, value: object) -> "_Enum | None":
        if isinstance(value, int) and not isinstance(value, bool):
            member = int.__new__(cls, value)
            member._name_ = f"UNKNOWN_{value}".replace("-", "MINUS_")
            member._value_ = value
            return member
        return None

    def __str__(self) -> str:
        return str(int(self))

    def __format__(self, spec: str) -> str:
        return format(int(self), spec)

    @property
    def cli_name(self) -> str:
        """The ``quill`` command's name of the value ("began", "fountain-pen", …)."""
        names = type(self)._cli_names
        value = int(self)
        return names[value] if 0 <= value < len(names) else f"unknown({value})"

    @classmethod
    def parse(cls: Type[_E], value: Union[int, str]) -> _E:
        """A member from a member, a number (unknown numbers kept, for libquill to judge) or a name:
        the ``quill`` command's ("fountain-pen") or the member's ("FOUNTAIN_PEN", any case).
        ValueError for an unknown name."""
        if isinstance(value, str):
            if value in cls._cli_names:
                return cls(cls._cli_names.index(value))
            member = cls.__members__.get(value.upper().replace("-", "_"))
            if member is None:
                names = ", ".join(n for n in cls._cli_names if n)
                raise ValueError(f"quill: {value!r} is not a {cls.__name__} (one of {names})")
            return member
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"quill: a {cls.__name__} is expected (a member, a number or a name), not {value!r}")
        return cls(value)


class _Flag(enum.IntFlag):
    """An IntFlag of quill.h (bits): str() is the number (as IntFlag's from Python 3.11 on)."""

    _c_enums: ClassVar[Dict[str, str]]
    _cli_names: ClassVar[Dict[int, str]]  # bit value -> name

    def __str__(self) -> str:
        return str(int(self))

    def __format__(self, spec: str) -> str:
        return format(int(self), spec)

    @property
    def cli_names(self) -> list[str]:
        """The names of the bits set, in bit order, as the ``quill`` command lists them."""
        value = int(self)
        return [name for bit, name in sorted(type(self)._cli_names.items()) if value & bit]

    @classmethod
    def parse(cls: Type[_F], value: Union[int, str, Iterable[str]]) -> _F:
        """Flags from a number, one name or names (the command's "BTN_STYLUS" or the member's "STYLUS")."""
        if isinstance(value, bool):
            raise TypeError(f"quill: {cls.__name__} flags are expected, not {value!r}")
        if isinstance(value, int):
            return cls(value)
        names = [value] if isinstance(value, str) else list(value)
        bits = 0
        by_cli = {name: bit for bit, name in cls._cli_names.items()}
        for name in names:
            if name in by_cli:
                bits |= by_cli[name]
            elif name.upper() in cls.__members__:
                bits |= int(cls.__members__[name.upper()])
            else:
                raise ValueError(f"quill: {name!r} is not a {cls.__name__} (one of {', '.join(by_cli)})")
        return cls(bits)


def _mirror(cls: type, c_enums: Dict[str, str], cli_names: object) -> None:
    cls._c_enums = c_enums  # type: ignore[attr-defined]
    cls._cli_names = cli_names  # type: ignore[attr-defined]


class Status(_Enum):
    """enum quill_status: QuillError.status. 0 is success, errors are negative."""
    OK = 0
    ERROR_INVALID_ARGUMENT = -1
    ERROR_IO = -2
    ERROR_FORMAT = -3
    ERROR_BUFFER_TOO_SMALL = -4
    ERROR_NOT_FOUND = -5
    ERROR_PERMISSION = -6
    ERROR_NOT_A_PEN = -7
    ERROR_DEVICE_GONE = -8

    @property
    def cli_name(self) -> str:
        return self.name.lower()


class Phase(_Enum):
    """enum quill_phase: where the tool is in its stroke."""
    HOVER = 0
    BEGAN = 1
    MOVED = 2
    ENDED = 3
    CANCELLED = 4


class Tool(_Enum):
    """enum quill_tool (BTN_TOOL_*)."""
    PEN = 0
    ERASER = 1
    BRUSH = 2
    PENCIL = 3
    AIRBRUSH = 4
    MOUSE = 5
    LENS = 6


class Button(_Flag):
    """The bits of quill_sample.buttons: enum quill_button's barrel buttons and enum quill_puck_button's
    (a puck's or lens cursor's, the same as PuckButton's)."""
    STYLUS = 1 << 0
    STYLUS2 = 1 << 1
    STYLUS3 = 1 << 2
    LEFT = 1 << 3
    RIGHT = 1 << 4
    MIDDLE = 1 << 5
    SIDE = 1 << 6
    EXTRA = 1 << 7


class PuckButton(_Flag):
    """enum quill_puck_button: a puck's or lens cursor's buttons in quill_sample.buttons (also Button's)."""
    LEFT = 1 << 3
    RIGHT = 1 << 4
    MIDDLE = 1 << 5
    SIDE = 1 << 6
    EXTRA = 1 << 7


class MappingMode(_Enum):
    """enum quill_mapping_mode: how a tablet's area is placed on the canvas (``quill --mapping``)."""
    FIT = 0
    FILL = 1
    STRETCH = 2


class Ink(_Enum):
    """enum quill_ink: PencilKit's inks, and ERASER (not an ink: the tool erases)."""
    PEN = 0
    PENCIL = 1
    MARKER = 2
    MONOLINE = 3
    FOUNTAIN_PEN = 4
    WATERCOLOR = 5
    CRAYON = 6
    ERASER = 7


class Eraser(_Enum):
    """enum quill_eraser: how the engine's eraser erases the strokes it keeps."""
    BITMAP = 0
    VECTOR = 1
    NONE = 2


class PadKind(_Enum):
    """enum quill_pad_kind."""
    BUTTON = 0
    RING = 1
    STRIP = 2


class TouchPhase(_Enum):
    """enum quill_touch_phase."""
    BEGAN = 0
    MOVED = 1
    ENDED = 2
    CANCELLED = 3


class ToolEventKind(_Enum):
    """enum quill_tool_event_kind."""
    PROXIMITY_IN = 0
    PROXIMITY_OUT = 1


class StrokeChangeKind(_Enum):
    """enum quill_stroke_change_kind: what the eraser did to a kept stroke."""
    ERASED = 0
    SPLIT = 1


class Action(_Enum):
    """enum quill_action: the person's preferred actions (iPadOS Settings › Apple Pencil)."""
    IGNORE = 0
    SWITCH_ERASER = 1
    SWITCH_PREVIOUS = 2
    SHOW_COLOR_PALETTE = 3
    SHOW_INK_ATTRIBUTES = 4
    SHOW_CONTEXTUAL_PALETTE = 5
    RUN_SYSTEM_SHORTCUT = 6


class Gesture(_Enum):
    """enum quill_gesture: what a gesture outcome is."""
    DOUBLE_TAP = 0
    SQUEEZE_BEGAN = 1
    SQUEEZE_CHANGED = 2
    SQUEEZE_ENDED = 3
    SQUEEZE_CANCELLED = 4
    BUTTON_PRESSED = 5
    BUTTON_RELEASED = 6
    ERASER_END_IN = 7
    ERASER_END_OUT = 8
    PAD_BUTTON = 9
    PUCK_BUTTON = 10
    PAD_DIAL = 11

    @property
    def carries_action(self) -> bool:
        """True for the kinds that carry a preferred or bound action (the double tap, the squeeze, a bound
        pad or puck button); the others' action is IGNORE (`quill gestures` prints null)."""
        return self in _ACTING


_ACTING = frozenset({Gesture.DOUBLE_TAP, Gesture.SQUEEZE_BEGAN, Gesture.SQUEEZE_CHANGED, Gesture.SQUEEZE_ENDED,
                     Gesture.SQUEEZE_CANCELLED, Gesture.PAD_BUTTON, Gesture.PUCK_BUTTON})


class GestureChange(_Flag):
    """enum quill_gesture_change: the bits of GestureOutcome.changes."""
    TOOL = 1 << 0
    PALETTE_SHOWN = 1 << 1
    PALETTE_HIDDEN = 1 << 2
    SHORTCUT_REQUESTED = 1 << 3
    WIDTH = 1 << 4


class DrawingPolicy(_Enum):
    """enum quill_drawing_policy: which input draws."""
    DEFAULT = 0
    ANY_INPUT = 1
    PENCIL_ONLY = 2


class FingerGestureKind(_Enum):
    """enum quill_finger_gesture_kind."""
    TAP = 0
    TRANSFORM = 1
    INK = 2


class FingerRequest(_Enum):
    """enum quill_finger_request: what a finger gesture asks the app to do."""
    NONE = 0
    UNDO = 1
    REDO = 2


class TransformPhase(_Enum):
    """quill_finger_gesture.phase of a transform (quill.h gives its values in a comment, not an enum)."""
    BEGAN = 0
    CHANGED = 1
    ENDED = 2
    CANCELLED = 3


class SizeClass(_Enum):
    """enum quill_size_class."""
    COMPACT = 0
    REGULAR = 1


class Language(_Enum):
    """enum quill_language: the handwriting a :class:`Recognizer` reads."""
    ENGLISH = 0
    JAPANESE = 1
    SIMPLIFIED_CHINESE = 2


_mirror(Status, {"quill_status": "QUILL_"}, ())
_mirror(Phase, {"quill_phase": "QUILL_PHASE_"}, ("hover", "began", "moved", "ended", "cancelled"))
_mirror(Tool, {"quill_tool": "QUILL_TOOL_"}, ("pen", "eraser", "brush", "pencil", "airbrush", "mouse", "lens"))
_mirror(Button, {"quill_button": "QUILL_BUTTON_", "quill_puck_button": "QUILL_PUCK_BUTTON_"},
        {1: "BTN_STYLUS", 2: "BTN_STYLUS2", 4: "BTN_STYLUS3", 8: "BTN_LEFT", 16: "BTN_RIGHT", 32: "BTN_MIDDLE",
         64: "BTN_SIDE", 128: "BTN_EXTRA"})
_mirror(PuckButton, {"quill_puck_button": "QUILL_PUCK_BUTTON_"},
        {8: "BTN_LEFT", 16: "BTN_RIGHT", 32: "BTN_MIDDLE", 64: "BTN_SIDE", 128: "BTN_EXTRA"})
_mirror(MappingMode, {"quill_mapping_mode": "QUILL_MAPPING_"}, ("fit", "fill", "stretch"))
_mirror(Ink, {"quill_ink": "QUILL_INK_"},
        ("pen", "pencil", "marker", "monoline", "fountain-pen", "watercolor", "crayon", "eraser"))
_mirror(Eraser, {"quill_eraser": "QUILL_ERASER_"}, ("bitmap", "vector", "none"))
_mirror(PadKind, {"quill_pad_kind": "QUILL_PAD_"}, ("button", "ring", "strip"))
_mirror(TouchPhase, {"quill_touch_phase": "QUILL_TOUCH_"}, ("began", "moved", "ended", "cancelled"))
_mirror(ToolEventKind, {"quill_tool_event_kind": "QUILL_"}, ("proximityIn", "proximityOut"))
_mirror(StrokeChangeKind, {"quill_stroke_change_kind": "QUILL_STROKE_"}, ("erased", "split"))
_mirror(Action, {"quill_action": "QUILL_ACTION_"},
        ("ignore", "switchEraser", "switchPrevious", "showColorPalette", "showInkAttributes", "showContextualPalette",
         "runSystemShortcut"))
_mirror(Gesture, {"quill_gesture": "QUILL_GESTURE_"},
        ("doubleTap", "squeezeBegan", "squeezeChanged", "squeezeEnded", "squeezeCancelled", "buttonPressed",
         "buttonReleased", "eraserEndIn", "eraserEndOut", "padButton", "puckButton", "padDial"))
_mirror(GestureChange, {"quill_gesture_change": "QUILL_CHANGE_"},
        {1: "toolChanged", 2: "paletteShown", 4: "paletteHidden", 8: "shortcutRequested", 16: "widthChanged"})
_mirror(DrawingPolicy, {"quill_drawing_policy": "QUILL_DRAWING_POLICY_"}, ("default", "anyInput", "pencilOnly"))
_mirror(FingerGestureKind, {"quill_finger_gesture_kind": "QUILL_FINGER_"}, ("tap", "transform", "ink"))
_mirror(FingerRequest, {"quill_finger_request": "QUILL_REQUEST_"}, ("none", "undo", "redo"))
_mirror(TransformPhase, {}, ("began", "changed", "ended", "cancelled"))
_mirror(SizeClass, {"quill_size_class": "QUILL_SIZE_CLASS_"}, ("compact", "regular"))
_mirror(Language, {"quill_language": "QUILL_LANGUAGE_"}, ("en", "ja", "zh-Hans"))
