"""Tests of the Python binding against quill.h and a built libquill.

    QUILL_LIBRARY=/work/main/.build/debug/libQuillC.so python3 -m unittest discover -s python/tests -v

run from the repository's root. The header is QUILL_HEADER, by default Sources/CQuill/include/quill.h
of this repository (../../Sources/… from this file); the struct sizes and fields, the enums and the
function prototypes are parsed from it, so the binding cannot drift from it unnoticed. A function
the library lacks makes its test fail (LibraryError naming it), never skip. Comparisons with the
`quill` command run when it is found (QUILL_COMMAND, else .build/debug/quill or .build/release/quill).
"""
from __future__ import annotations

import ctypes
import dataclasses
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import textwrap
import unittest
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

PYTHON_DIR = Path(__file__).resolve().parents[1]
ROOT = PYTHON_DIR.parent
sys.path.insert(0, str(PYTHON_DIR))  # the repository's module, not an installed one

import quill  # noqa: E402
from quill import (Button, Eraser, FingerGestureKind, Gesture, GestureChange, Ink, PadKind, Phase,  # noqa: E402
                   QuillError, Sample, Status, StrokeChangeKind, Tool, ToolEvent, ToolEventKind)
from quill import _enums, _native  # noqa: E402

HEADER = Path(os.environ.get("QUILL_HEADER") or ROOT / "Sources" / "CQuill" / "include" / "quill.h")
EVEMU = ROOT / "Recordings" / "evemu-devices"
CINTIQ_22HDT = EVEMU / "Wacom-Cintiq-22HDT-Pen.events"  # pen and eraser ends, airbrush, pencil; double taps
SAMPLE_KEYS = ["t", "x", "y", "x_mm", "y_mm", "phase", "tool", "force", "pressure", "altitude", "azimuth", "roll",
               "distance", "buttons", "device", "serial", "wheel", "tool_id"]  # `quill samples`' keys, in order


def quill_command() -> Optional[str]:
    for candidate in (os.environ.get("QUILL_COMMAND"), ROOT / ".build" / "debug" / "quill",
                      ROOT / ".build" / "release" / "quill"):
        if candidate and os.access(candidate, os.X_OK):
            return str(candidate)
    return None


def run_quill(*arguments: str) -> str:
    command = quill_command()
    if command is None:
        raise unittest.SkipTest("no `quill` command (QUILL_COMMAND, .build/debug/quill): comparison skipped")
    return subprocess.run([command, *arguments], check=True, capture_output=True, text=True, timeout=300).stdout


# ---------------------------------------------------------------------------------------------
# quill.h, parsed

def _stripped(text: str) -> str:
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", " ", text)


class Header:
    def __init__(self, path: Path) -> None:
        self.text = path.read_text(encoding="utf-8")
        code = _stripped(self.text)
        # QUILL_<NAME>_SIZE_V<n> -> the newest version's size
        self.sizes: Dict[str, Tuple[int, int]] = {}
        for name, version, size in re.findall(r"#define\s+QUILL_(\w+?)_SIZE_V(\d+)\s+(\d+)", self.text):
            if name not in self.sizes or int(version) > self.sizes[name][0]:
                self.sizes[name] = (int(version), int(size))
        # enum quill_x -> {ENUMERATOR: value}
        self.enums: Dict[str, Dict[str, int]] = {}
        for name, body in re.findall(r"enum\s+(quill_\w+)\s*\{(.*?)\}", code, flags=re.S):
            values: Dict[str, int] = {}
            for entry in filter(None, (e.strip() for e in body.split(","))):
                m = re.fullmatch(r"(QUILL_\w+)\s*=\s*(?:(-?\d+)|(\d+)u?\s*<<\s*(\d+))", entry)
                assert m, f"quill.h: enum {name}: cannot read {entry!r}"
                values[m.group(1)] = int(m.group(2)) if m.group(2) is not None else int(m.group(3)) << int(m.group(4))
            self.enums[name] = values
        # struct quill_x -> [(field, base C type, pointer, array length)]
        self.structs: Dict[str, List[Tuple[str, str, bool, Optional[int]]]] = {}
        for name, body in re.findall(r"struct\s+(quill_\w+)\s*\{(.*?)\};", code, flags=re.S):
            fields = []
            for declaration in filter(None, (d.strip() for d in body.split(";"))):
                m = re.fullmatch(r"(?:const\s+)?(struct\s+\w+|\w+)\s+(.*)", declaration, flags=re.S)
                assert m, f"quill.h: struct {name}: cannot read {declaration!r}"
                for declarator in m.group(2).split(","):
                    d = re.fullmatch(r"\s*(\*?)\s*(\w+)\s*(?:\[(\d+)\])?\s*", declarator)
                    assert d, f"quill.h: struct {name}: cannot read {declarator!r}"
                    fields.append((d.group(2), m.group(1), bool(d.group(1)), int(d.group(3)) if d.group(3) else None))
            self.structs[name] = fields
        # quill_f -> (return type, [parameter types]) as C text
        self.functions: Dict[str, Tuple[str, List[str]]] = {}
        for returns, name, parameters in re.findall(r"(?:^|[;}])\s*([\w\s\*]+?)\s*\b(quill_\w+)\s*\(([^)]*)\)\s*;",
                                                     code, flags=re.M):
            names = [p.strip() for p in parameters.split(",")]
            self.functions[name] = (" ".join(returns.split()), [] if names == ["void"] else names)


H = Header(HEADER)
_HANDLES = {"quill_source", "quill_engine", "quill_toolkit", "quill_gestures", "quill_recognizer"}  # opaque typedefs
_SCALARS = {"int": ctypes.c_int, "int32_t": ctypes.c_int32, "uint32_t": ctypes.c_uint32, "double": ctypes.c_double,
            "size_t": ctypes.c_size_t, "char": ctypes.c_char}
_STRUCT_CLASSES = {cls._c_name: cls for cls in _native.STRUCTS}


def _ctype(text: str) -> Any:
    """The ctypes type for a C parameter or return type of quill.h."""
    text = re.sub(r"\bconst\b", " ", text)
    stars = text.count("*")
    words = text.replace("*", " ").split()
    if words and words[-1] not in _SCALARS and words[-1] not in _HANDLES and words[0] != "struct" and len(words) > 1:
        words = words[:-1]  # drop the parameter's name
    base = " ".join(words)
    if base == "void" and stars == 0:
        return None
    if base == "char" and stars == 1:
        return ctypes.c_char_p
    if base in _HANDLES:
        return ctypes.c_void_p if stars == 1 else ctypes.POINTER(ctypes.c_void_p)
    kind = _STRUCT_CLASSES[base.split()[1]] if base.startswith("struct ") else _SCALARS[base]
    return ctypes.POINTER(kind) if stars == 1 else kind


def _py_enum_classes() -> List[Any]:
    return [cls for cls in vars(_enums).values()
            if isinstance(cls, type) and issubclass(cls, (_enums._Enum, _enums._Flag))
            and cls not in (_enums._Enum, _enums._Flag)]


# ---------------------------------------------------------------------------------------------

class HeaderMirrorTests(unittest.TestCase):
    """The private structs, enums and prototypes are quill.h's newest."""

    def test_struct_sizes_are_the_newest_versions(self) -> None:
        checked = set()
        for cls in _native.STRUCTS:
            key = cls._c_name[len("quill_"):].upper()
            if key in H.sizes:
                version, size = H.sizes[key]
                self.assertEqual(ctypes.sizeof(cls), size, f"sizeof {cls.__name__} vs QUILL_{key}_SIZE_V{version}")
                checked.add(key)
            else:  # no size macro: no `size` field either
                self.assertNotIn("size", [f[0] for f in cls._fields_], cls.__name__)
        self.assertEqual(checked, set(H.sizes), "every QUILL_*_SIZE_V* has its struct")

    def test_struct_fields_are_the_headers(self) -> None:
        self.assertEqual(set(_STRUCT_CLASSES), set(H.structs), "every struct of quill.h is mirrored, no other")
        for name, fields in H.structs.items():
            cls = _STRUCT_CLASSES[name]
            ours: List[Tuple[str, Any]] = [(f[0].lstrip("_"), f[1]) for f in cls._fields_]
            self.assertEqual([f[0] for f in ours], [f[0] for f in fields], f"struct {name}: field names and order")
            for (field, kind), (_, base, pointer, length) in zip(ours, fields):
                if pointer:
                    self.assertEqual((base, kind), ("char", ctypes.c_char_p), f"{name}.{field}")
                    continue
                expected = _STRUCT_CLASSES[base.split()[1]] if base.startswith("struct ") else _SCALARS[base]
                if length is None:
                    self.assertIs(kind, expected, f"{name}.{field}")
                else:
                    self.assertTrue(issubclass(kind, ctypes.Array) and kind._type_ is expected
                                    and kind._length_ == length, f"{name}.{field}: {expected}[{length}]")

    def test_enums_are_the_headers(self) -> None:
        mirrored = set()
        for cls in _py_enum_classes():
            expected: Dict[str, int] = {}
            for c_enum, prefix in cls._c_enums.items():
                self.assertIn(c_enum, H.enums, f"{cls.__name__}: quill.h has no enum {c_enum}")
                for enumerator, value in H.enums[c_enum].items():
                    self.assertTrue(enumerator.startswith(prefix), f"{enumerator} lacks {prefix}")
                    expected[enumerator[len(prefix):]] = value
                mirrored.add(c_enum)
            if not cls._c_enums:
                continue
            actual = {name: int(member) for name, member in cls.__members__.items()}
            self.assertEqual(actual, expected, f"{cls.__name__} vs enum {', '.join(cls._c_enums)}")
        self.assertEqual(mirrored, set(H.enums), "every enum of quill.h is mirrored")

    def test_transform_phase_is_the_comments(self) -> None:
        m = re.search(r"int32_t phase;\s*/\*\*<\s*a transform's:([^*]*)\*/", H.text)
        assert m, "quill_finger_gesture.phase's comment"
        pairs = {name.upper(): int(value) for value, name in re.findall(r"(\d+) (\w+)", m.group(1))}
        self.assertEqual(pairs, {m.name: int(m) for m in quill.TransformPhase})

    def test_cli_names_cover_every_value(self) -> None:
        for cls in _py_enum_classes():
            for member in cls:
                if issubclass(cls, _enums._Flag):
                    self.assertEqual(len(member.cli_names), 1, f"{member!r}")
                    self.assertIs(cls.parse(member.cli_names), member)
                else:
                    self.assertNotIn("unknown", member.cli_name, f"{member!r}")
                    self.assertIs(cls.parse(member.cli_name), member)

    def test_prototypes_are_the_headers(self) -> None:
        self.assertEqual(set(_native.PROTOTYPES), set(H.functions), "every function of quill.h is declared, no other")
        for name, (returns, parameters) in H.functions.items():
            restype, argtypes = _native.PROTOTYPES[name]
            self.assertIs(restype, _ctype(returns), f"{name} returns {returns}")
            self.assertEqual(argtypes, [_ctype(p) for p in parameters], f"{name}({', '.join(parameters)})")

    def test_one_version_and_the_distributions_name(self) -> None:
        version = (ROOT / "VERSION").read_text().strip()
        pyproject = (PYTHON_DIR / "pyproject.toml").read_text()
        self.assertEqual(quill.__version__, version)
        self.assertIn(f'version = "{version}"', pyproject)
        self.assertRegex(pyproject, r'(?m)^name = "quill"$')
        self.assertTrue((PYTHON_DIR / "quill" / "py.typed").exists())
        self.assertIn('quill = ["py.typed"]', pyproject)


class EnumTests(unittest.TestCase):
    def test_names_numbers_and_members_are_taken(self) -> None:
        self.assertIs(Ink.parse("fountain-pen"), Ink.FOUNTAIN_PEN)
        self.assertIs(Ink.parse("FOUNTAIN_PEN"), Ink.FOUNTAIN_PEN)
        self.assertIs(Ink.parse(7), Ink.ERASER)
        self.assertEqual(Button.parse(["BTN_STYLUS", "BTN_LEFT"]), Button.STYLUS | Button.LEFT)
        self.assertEqual(int(quill.PuckButton.SIDE), int(Button.SIDE))
        with self.assertRaises(ValueError):
            Ink.parse("quill")
        unknown = Tool(42)  # a newer libquill's value is kept, not an exception
        self.assertEqual((int(unknown), unknown.cli_name), (42, "unknown(42)"))
        self.assertEqual(str(Phase.BEGAN), "1")
        self.assertEqual(Gesture.DOUBLE_TAP.cli_name, "doubleTap")
        self.assertEqual((GestureChange.TOOL | GestureChange.WIDTH).cli_names, ["toolChanged", "widthChanged"])

    def test_the_engine_takes_names_and_members(self) -> None:
        for ink in ("pen", Ink.PEN, 0, "marker", Ink.ERASER):
            with quill.Engine(ink, area_mm=(200, 100)) as engine:
                self.assertEqual(engine.stroke_count, 0)
        with self.assertRaises(QuillError) as caught:
            quill.Engine(42, area_mm=(200, 100))
        self.assertEqual(caught.exception.status, Status.ERROR_INVALID_ARGUMENT)
        self.assertIn("ink", caught.exception.message)
        self.assertNotIn("quill_engine_options", caught.exception.message)


class SampleTests(unittest.TestCase):
    def test_samples_are_frozen_dataclasses_with_enum_fields(self) -> None:
        with quill.Source.open_recording(CINTIQ_22HDT) as source:
            self.assertEqual(len(source.area), 2)
            self.assertIsNone(source.timeout_ms)
            self.assertEqual(source.fileno(), -1)
            samples = list(source.samples())
        self.assertGreater(len(samples), 5000)
        first = samples[0]
        self.assertIs(type(first), Sample)
        self.assertTrue(dataclasses.is_dataclass(first))
        self.assertTrue(hasattr(Sample, "__slots__"))
        with self.assertRaises(dataclasses.FrozenInstanceError):
            first.time = 1.0  # type: ignore[misc]
        for s in samples:
            self.assertIsInstance(s.phase, Phase)
            self.assertIsInstance(s.tool, Tool)
            self.assertIsInstance(s.buttons, Button)
        self.assertEqual({s.phase for s in samples}, {Phase.HOVER, Phase.BEGAN, Phase.MOVED, Phase.ENDED})
        self.assertEqual({s.tool for s in samples}, {Tool.PEN, Tool.ERASER, Tool.PENCIL, Tool.AIRBRUSH})
        self.assertTrue(any(Button.STYLUS in s.buttons for s in samples))
        # quill.h's names (time, not t); to_dict is the command's form
        self.assertFalse(hasattr(first, "t"))
        self.assertEqual(list(first.to_dict()), SAMPLE_KEYS)
        self.assertEqual(Sample.from_dict(samples[100].to_dict()),
                         dataclasses.replace(samples[100], tilt_x=0.0, tilt_y=0.0, tilt_range=0.0))
        # tilt: Wacom pens report ±64°
        self.assertTrue(all(s.tilt_range == 64 for s in samples), {s.tilt_range for s in samples})
        self.assertTrue(all(abs(s.tilt_x) <= 64 + 1e-9 and abs(s.tilt_y) <= 64 + 1e-9 for s in samples))
        self.assertTrue(any(abs(s.tilt_x) > 10 for s in samples))

    def test_raw_samples_are_the_same_with_enum_accessors(self) -> None:
        with quill.Source.open_recording(CINTIQ_22HDT) as source:
            raw = list(source.samples(raw=True))
        with quill.Source.open_recording(CINTIQ_22HDT) as source:
            samples = list(source.samples())
        self.assertEqual(len(raw), len(samples))
        for r, s in zip(raw, samples):
            self.assertIsInstance(r, quill.RawSample)
            self.assertIsInstance(r.phase, Phase)
            self.assertIsInstance(r.tool, Tool)
            self.assertIsInstance(r.buttons, Button)
            self.assertEqual(Sample._from(r), s)
        self.assertEqual(raw[7].to_dict(), samples[7].to_dict())

    def test_to_dict_is_the_commands(self) -> None:
        lines = run_quill("samples", str(CINTIQ_22HDT)).splitlines()
        with quill.Source.open_recording(CINTIQ_22HDT) as source:
            ours = [s.to_dict() for s in source.samples()]
        self.assertEqual(len(ours), len(lines))
        for number, (d, line) in enumerate(zip(ours, lines), 1):
            self.assertEqual(d, json.loads(line), f"line {number}")

    def test_source_options_pressure_curve_and_calibration(self) -> None:
        def contact(**options: Any) -> List[Sample]:
            with quill.Source.open_recording(CINTIQ_22HDT, **options) as source:
                return [s for s in source.samples() if s.phase != Phase.HOVER]

        linear = contact()
        softer = contact(pressure_curve=(0, 50, 50, 100))  # percent, as GNOME's: more ink for a light touch
        self.assertEqual(len(softer), len(linear))
        self.assertTrue(all(f.pressure >= s.pressure - 1e-9 for f, s in zip(softer, linear)))
        self.assertGreater(sum(f.pressure > s.pressure + 0.01 for f, s in zip(softer, linear)), len(linear) // 2)
        self.assertEqual([s.pressure for s in contact(pressure_curve=(0, 0, 0, 0))], [s.pressure for s in linear])
        if quill_command():
            command = [json.loads(line) for line in run_quill("samples", str(CINTIQ_22HDT), "--pressure-curve",
                                                              "0,50,50,100").splitlines()]
            self.assertEqual([d["pressure"] for d in command if d["phase"] != "hover"], [s.pressure for s in softer])
        stretched = contact(mapping_mode="stretch")  # the 22HDT's 16:9 on a 4:3 canvas: y changes, not x_mm
        self.assertTrue([s.x_mm for s in stretched] == [s.x_mm for s in linear], "x_mm is the tablet's")
        self.assertTrue(any(abs(a.y - b.y) > 1 for a, b in zip(stretched, linear)), "mapping_mode STRETCH moves y")
        self.assertTrue([s.y for s in contact(mapping_mode=quill.MappingMode.FIT)] == [s.y for s in linear])
        shifted = contact(calibration=(1, 0, 0.1, 0, 1, 0))  # x' = x + 0.1 of the tablet's width
        with quill.Source.open_recording(CINTIQ_22HDT) as source:
            width = source.area[0]
        self.assertTrue(all(abs(c.x_mm - s.x_mm - 0.1 * width) < 1e-6 or c.x_mm >= width - 1e-6
                            for c, s in zip(shifted, linear)))
        self.assertTrue(any(abs(c.x_mm - s.x_mm - 0.1 * width) < 1e-6 for c, s in zip(shifted, linear)))
        self.assertEqual([s.x_mm for s in contact(calibration=(1, 0, 0, 0, 1, 0))], [s.x_mm for s in linear])
        with self.assertRaises(QuillError) as caught:
            contact(pressure_curve=(0, 0, 101, 100))
        self.assertEqual(caught.exception.status, Status.ERROR_INVALID_ARGUMENT)
        self.assertIn("invalid pressure_curve = {0.0, 0.0, 101.0, 100.0}", caught.exception.message)
        self.assertNotIn("quill_source_options", caught.exception.message)
        with self.assertRaises(ValueError):
            contact(calibration=(1, 0, 0))


class ToolEventTests(unittest.TestCase):
    def test_tool_events_come_in_order(self) -> None:
        with quill.Source.open_recording(CINTIQ_22HDT) as source:
            events = list(source.events())
        tool_events = [e for e in events if isinstance(e, ToolEvent)]
        samples = [e for e in events if isinstance(e, Sample)]
        self.assertGreater(len(tool_events), 4)
        with quill.Source.open_recording(CINTIQ_22HDT) as source:
            self.assertEqual(samples, list(source.samples()), "events() gives every sample")
        self.assertIsInstance(events[0], ToolEvent)
        in_proximity: Optional[Tool] = None
        last_sample_tool: Optional[Tool] = None
        for e in events:
            if isinstance(e, ToolEvent):
                self.assertIsInstance(e.kind, ToolEventKind)
                self.assertIsInstance(e.tool, Tool)
                if e.kind == ToolEventKind.PROXIMITY_IN:
                    self.assertIsNone(in_proximity, f"{e.time}: in twice")
                    in_proximity = e.tool
                else:
                    self.assertEqual(e.tool, in_proximity, f"{e.time}: out of a tool not in")
                    in_proximity = None
            else:
                self.assertEqual(e.tool, in_proximity, f"{e.time}: a {e.tool.cli_name} sample outside its proximity")
                last_sample_tool = e.tool
        self.assertIsNotNone(last_sample_tool)
        # The eraser end of the 22HDT's pen: a tool change into proximity, before the eraser's first sample.
        first_eraser = next(i for i, e in enumerate(events) if isinstance(e, Sample) and e.tool == Tool.ERASER)
        before = [e for e in events[:first_eraser] if isinstance(e, ToolEvent)]
        self.assertEqual((before[-1].kind, before[-1].tool, before[-1].tool_changed),
                         (ToolEventKind.PROXIMITY_IN, Tool.ERASER, True))
        self.assertTrue(any(e.kind == ToolEventKind.PROXIMITY_IN and not e.tool_changed for e in tool_events))
        self.assertEqual(tool_events[0].to_dict()["event"], "proximityIn")

    def test_tool_events_before_the_next_sample(self) -> None:
        with quill.Source.open_recording(CINTIQ_22HDT) as source:
            first = list(source.tool_events())
            self.assertEqual([e.kind for e in first], [ToolEventKind.PROXIMITY_IN])
            self.assertEqual(list(source.tool_events()), [])


class EngineTests(unittest.TestCase):
    def draw(self, recording: Path = CINTIQ_22HDT, gestures: bool = False, **options: Any
             ) -> Tuple[quill.Engine, List[quill.StrokeUpdate], List[quill.StrokeChange]]:
        """The drawing-app loop: an engine for the source, the person's double taps to the eraser handed to it
        (gestures=True), every change taken."""
        updates: List[quill.StrokeUpdate] = []
        changes: List[quill.StrokeChange] = []
        recognizer = quill.Gestures() if gestures else None
        with quill.Source.open_recording(recording) as source:
            engine = quill.Engine(source=source, device=0, **options)
            for sample in source.samples():
                if recognizer is not None:
                    recognizer.add(sample)
                    for outcome in recognizer.outcomes():
                        if GestureChange.TOOL in outcome.changes:
                            assert outcome.ink_after is not None
                            engine.set_ink(outcome.ink_after, outcome.width_after)
                update = engine.add(sample)
                if update is not None:
                    updates.append(update)
                    self.assertEqual(update.erasing, update.stroke_id is None)
                    if update.change_count:
                        changes += engine.changes()
        engine.finish()
        changes += engine.changes()
        return engine, updates, changes

    def test_an_engine_for_the_source_erases(self) -> None:
        # The 22HDT's eraser end crosses no ink; the person's double taps to the eraser make the pen end erase.
        engine, updates, changes = self.draw(gestures=True)
        self.assertIsInstance(updates[0], quill.StrokeUpdate)
        ink_ids = {u.stroke_id for u in updates if not u.erasing}
        self.assertNotIn(None, ink_ids)
        self.assertTrue(any(u.erasing for u in updates), "eraser samples")
        self.assertTrue(changes, "the eraser changed the drawing")
        for change in changes:
            self.assertIsInstance(change, quill.StrokeChange)
            self.assertIn(change.kind, (StrokeChangeKind.ERASED, StrokeChangeKind.SPLIT))
            if change.kind == StrokeChangeKind.ERASED:
                self.assertEqual((change.first_piece, change.piece_count, list(change.pieces)), (None, 0, []))
            else:
                self.assertGreater(change.piece_count, 0)
        self.assertTrue(any(c.kind == StrokeChangeKind.SPLIT for c in changes))
        kept = engine.stroke_ids()
        self.assertNotEqual(set(kept), ink_ids)
        self.assertEqual(len(kept), 19)  # as `quill render` draws it (EmbeddingEraserTests): four double taps
        # Applying the changes to the ink ids gives what the engine keeps.
        drawing = set(ink_ids)
        for change in changes:
            self.assertIn(change.stroke, drawing)
            drawing.discard(change.stroke)
            drawing.update(change.pieces)
        self.assertEqual(drawing, set(kept))
        for stroke_id in kept:
            vertices, indices = engine.stroke_geometry(stroke_id)
            self.assertTrue(vertices and indices and len(indices) % 3 == 0 and max(indices) < len(vertices))
            points, ink = engine.stroke_points(stroke_id)
            self.assertIsInstance(ink, Ink)
            self.assertNotEqual(ink, Ink.ERASER)
            self.assertTrue(points and all(isinstance(p, quill.StrokePoint) for p in points))
            self.assertTrue(all(0 <= p.pressure <= 1 and abs(p.tilt_x) <= 64 + 1e-9 for p in points))
        gone = next(i for i in ink_ids - set(kept) if i is not None)
        with self.assertRaises(QuillError) as caught:
            engine.stroke_points(gone)
        self.assertEqual(caught.exception.status, Status.ERROR_NOT_FOUND)
        with self.assertRaises(QuillError):
            engine.stroke_geometry(gone)
        # stroke_count: strokes begun, the eraser's included
        self.assertEqual(engine.stroke_count, len({u.stroke for u in updates}))
        engine.close()

    def test_the_eraser_end(self) -> None:
        # The 22HDT's eraser end crosses no ink: nothing changes; the Cintiq 12WX's cuts its stroke into three.
        engine, updates, changes = self.draw()
        self.assertTrue(any(u.erasing for u in updates))
        self.assertEqual((changes, len(engine.stroke_ids())), ([], 29))
        engine.close()
        engine, updates, changes = self.draw(EVEMU / "Wacom-Cintiq-12WX.events")
        self.assertTrue(any(c.kind == StrokeChangeKind.SPLIT for c in changes), changes)
        self.assertEqual(len(engine.stroke_ids()), 3)
        engine.close()

    def test_vector_and_no_eraser(self) -> None:
        engine, _, changes = self.draw(gestures=True, eraser=Eraser.VECTOR)
        self.assertTrue(changes)
        self.assertTrue(all(c.kind == StrokeChangeKind.ERASED for c in changes))
        engine.close()
        engine, updates, changes = self.draw(gestures=True, eraser="none")
        self.assertEqual((changes, engine.stroke_ids()), ([], []))
        self.assertTrue(any(u.erasing for u in updates))
        engine.close()

    def test_set_ink_eraser_makes_the_pen_end_erase(self) -> None:
        with quill.Source.open_recording(CINTIQ_22HDT) as source, quill.Engine(source=source) as engine:
            engine.set_ink(Ink.ERASER)
            updates = [u for u in map(engine.add, source.samples()) if u is not None]
        self.assertTrue(updates and all(u.erasing and u.stroke_id is None for u in updates))

    def test_source_and_a_different_area_is_an_error(self) -> None:
        with quill.Source.open_recording(CINTIQ_22HDT) as source:
            with self.assertRaises(QuillError) as caught:
                quill.Engine(source=source, area_mm=(100, 100))
            self.assertEqual(caught.exception.status, Status.ERROR_INVALID_ARGUMENT)
            with quill.Engine(source=source, area_mm=source.area):
                pass
            with self.assertRaises(QuillError) as caught:
                quill.Engine(source=source, device=3)
            self.assertEqual(caught.exception.status, Status.ERROR_NOT_FOUND)

    def test_raw_updates_and_geometry(self) -> None:
        with quill.Source.open_recording(CINTIQ_22HDT) as source, quill.Engine(source=source) as engine:
            raw = [u for u in (engine.add(s, raw=True) for s in source.samples(raw=True)) if u is not None]
            vertices, indices = engine.take_geometry()
            clone = engine.clone()
            self.assertEqual(clone.stroke_count, engine.stroke_count)
            clone.close()
        self.assertIsInstance(raw[0], quill.RawStrokeUpdate)
        self.assertTrue(any(u.stroke_id == -1 for u in raw) and any(u.has_dirty for u in raw))
        self.assertTrue(vertices and len(indices) % 3 == 0)

    def test_prediction_horizon_and_adaptive_switch_are_the_commands(self) -> None:
        # The predicted tip of each update (the pen's stroke and the eraser's), as `quill strokes --emit
        # predicted` prints it with the same horizon and predictor: libquill's engine and the command are one.
        recording = EVEMU / "Wacom-Cintiq-12WX.events"
        cases = [({}, []), ({"adaptive_prediction": False}, ["--no-adaptive-prediction"]),
                 ({"prediction_horizon": 0.01}, ["--horizon", "0.01"])]
        predicted = {}
        for options, flags in cases:
            with quill.Source.open_recording(recording) as source, quill.Engine(source=source, **options) as engine:
                mine = [(u.predicted_x, u.predicted_y) for u in map(engine.add, source.samples()) if u is not None]
            rows = [json.loads(line) for line in run_quill("strokes", "--emit", "predicted", *flags, str(recording)).splitlines()]
            theirs = [(row["x"], row["y"]) for row in rows]
            self.assertEqual(len(mine), len(theirs), options)
            self.assertTrue(len(mine) > 100)
            worst = max(max(abs(a - c), abs(b - d)) for (a, b), (c, d) in zip(mine, theirs))
            self.assertLess(worst, 1e-6, options)
            predicted[tuple(flags)] = mine
        # Each switch changes the prediction (the learnt weights leave the Kalman filter's; 10 ms is not 16.7).
        self.assertNotEqual(predicted[()], predicted[("--no-adaptive-prediction",)])
        self.assertNotEqual(predicted[()], predicted[("--horizon", "0.01")])
        with self.assertRaises(QuillError) as caught:
            quill.Engine(area_mm=(100, 100), prediction_horizon=0.5)
        self.assertEqual(caught.exception.status, Status.ERROR_INVALID_ARGUMENT)
        self.assertIn("invalid prediction_horizon = 0.5", str(caught.exception))  # libquill names the C field

    def test_the_modules_erasing_loop_runs(self) -> None:
        doc = quill.__doc__ or ""
        start, end = doc.index("    import quill\n"), doc.index("``engine.set_ink(Ink.ERASER)``")
        code = textwrap.dedent(doc[start:end]).replace('"pen.events"', repr(str(CINTIQ_22HDT)))
        output = subprocess.run([sys.executable, "-c", code], env=_env(), capture_output=True, text=True, timeout=300)
        self.assertEqual(output.returncode, 0, output.stderr)
        self.assertIn("1.299 s: the eraser", output.stdout)
        self.assertIn("34 strokes drawn, 19 kept", output.stdout)

    def test_replay_example(self) -> None:
        with quill.Source.open_recording(CINTIQ_22HDT) as source, quill.Engine(source=source) as engine:
            count = 0
            for sample in source.samples(raw=True):
                count += 1
                engine.add(sample)
            engine.finish()
            expected = f"samples {count}\nstrokes {engine.stroke_count}\n"
        run = subprocess.run([sys.executable, str(ROOT / "Examples" / "python" / "replay.py"), str(CINTIQ_22HDT)],
                             env=_env(), capture_output=True, text=True, timeout=300)
        self.assertEqual((run.returncode, run.stdout), (0, expected), run.stderr)
        if quill_command():
            summary = run_quill("summary", str(CINTIQ_22HDT))
            self.assertIn(f"samples:    {count} ", summary)


class InkThatUnderstandsTests(unittest.TestCase):
    """Hold to snap and the scratch-out through libquill, on and off (quill_engine_options.shapes_off,
    editing_gestures_off): strokes drawn with a toolkit's pointer at 240 Hz."""

    def draw(self, strokes: List[Tuple[List[Tuple[float, float]], float]], **options: Any) -> quill.Engine:
        toolkit = quill.Toolkit(3.78, (800, 600))
        engine = quill.Engine(area_mm=toolkit.area, canvas=(800, 600), **options)
        t = 0.0
        for points, rest in strokes:
            for x, y in points + [points[-1]] * int(rest * 240):
                engine.add(toolkit.sample(x, y, t, True, pressure=0.5))
                t += 1 / 240
            engine.add(toolkit.sample(points[-1][0], points[-1][1], t, False))
            t += 0.3
        engine.finish()
        toolkit.close()
        return engine

    @staticmethod
    def along(corners: List[Tuple[float, float]], step: float = 1.5, wobble: float = 3.0) -> List[Tuple[float, float]]:
        points = []
        for (ax, ay), (bx, by) in zip(corners, corners[1:]):
            n = max(1, int(math.hypot(bx - ax, by - ay) / step))
            for i in range(n):
                u = i / n
                w = wobble * math.sin(u * math.pi * 3)  # a hand's bow across the side
                dx, dy = (bx - ax) / max(1e-9, math.hypot(bx - ax, by - ay)), (by - ay) / max(1e-9, math.hypot(bx - ax, by - ay))
                points.append((ax + (bx - ax) * u - dy * w, ay + (by - ay) * u + dx * w))
        return points + [corners[-1]]

    def test_a_held_rectangle_snaps_unless_switched_off(self) -> None:
        rectangle = self.along([(100, 100), (300, 100), (300, 250), (100, 250), (100, 100)])
        tops = {}
        for snap in (True, False):
            engine = self.draw([(rectangle, 0.6)], snap_shapes=snap)
            points, _ = engine.stroke_points(engine.stroke_ids()[0])
            tops[snap] = [p.y for p in points if p.y < 175 and 150 < p.x < 250]
            engine.close()
        self.assertTrue(tops[True] and tops[False])
        # Snapped: the top side is one horizontal line; as drawn, it bows by the hand's 3 points.
        self.assertLess(max(tops[True]) - min(tops[True]), 1e-6, tops[True][:5])
        self.assertGreater(max(tops[False]) - min(tops[False]), 2)

    def test_a_scratch_out_over_ink_erases_it_unless_switched_off(self) -> None:
        line = self.along([(100, 400), (300, 400)], wobble=0)
        scratch = self.along([(120 + 160 * (i % 2), 394 + 2 * i) for i in range(7)], wobble=0)
        for gestures in (True, False):
            engine = self.draw([(line, 0.0), (scratch, 0.0)], editing_gestures=gestures)
            erased = [c for c in engine.changes() if c.kind == StrokeChangeKind.ERASED]
            if gestures:
                self.assertEqual(len(erased), 1)
                self.assertEqual(engine.stroke_ids(), [], "the line is erased and the scratch not kept")
            else:
                self.assertEqual(erased, [])
                self.assertEqual(len(engine.stroke_ids()), 2)
            engine.close()


class GestureTests(unittest.TestCase):
    def test_double_taps_switch_to_the_eraser_ink(self) -> None:
        gestures = quill.Gestures()
        with quill.Source.open_recording(CINTIQ_22HDT) as source:
            for sample in source.samples(raw=True):
                gestures.add(sample)
        outcomes = list(gestures.outcomes())
        taps = [o for o in outcomes if o.gesture == Gesture.DOUBLE_TAP]
        self.assertEqual(len(taps), 4)  # a tip touching between two presses makes them presses (issue 39)
        self.assertTrue(all(o.action == quill.Action.SWITCH_ERASER for o in taps))
        self.assertEqual((taps[0].tool_before, taps[0].tool_after), ("pen", "eraser"))
        self.assertEqual((taps[0].ink_before, taps[0].ink_after), (Ink.PEN, Ink.ERASER))
        self.assertTrue(GestureChange.TOOL in taps[0].changes)
        eraser_in = next(o for o in outcomes if o.gesture == Gesture.ERASER_END_IN)
        self.assertIsNone(eraser_in.number)
        self.assertEqual(eraser_in.to_dict()["action"], None)
        self.assertEqual(taps[0].to_dict()["action"], "switchEraser")

    def test_the_library_fills_ink_before_and_after(self) -> None:
        # QUILL_GESTURE_OUTCOME_SIZE_V3's fields, from libquill itself (not the binding's reading of tool_after)
        lib = _native.lib()
        handle = ctypes.c_void_p()
        _native.check(lib.quill_gestures_new(None, ctypes.byref(handle)))
        with quill.Source.open_recording(CINTIQ_22HDT) as source:
            for sample in source.samples(raw=True):
                _native.check(lib.quill_gestures_add_sample(handle, ctypes.byref(sample)))
        outcome = _native._GestureOutcome()
        seen = []
        while True:
            outcome.ink_before = outcome.ink_after = -2
            if not _native.check(lib.quill_gestures_next_outcome(handle, ctypes.byref(outcome))):
                break
            seen.append((outcome.tool_after.decode(), outcome.ink_after))
        lib.quill_gestures_free(handle)
        self.assertTrue(seen)
        for name, ink in seen:
            self.assertEqual(ink, int(Ink.parse(name)), f"ink_after for {name!r}")

    def test_bad_action_is_libquills_error(self) -> None:
        with self.assertRaises(QuillError) as caught:
            quill.Gestures(tap_action=42)
        self.assertEqual(caught.exception.status, Status.ERROR_INVALID_ARGUMENT)
        with self.assertRaises(ValueError):
            quill.Gestures(tap_action="jump")
        self.assertIsNone(quill.Gestures(tap_action="ignore").next_deadline)

    def test_pad_events_and_finger_gestures(self) -> None:
        with quill.Source.open_recording(EVEMU / "Wacom-Intuos4-6x9.mode-toggle-button.events",
                                         device_file=EVEMU / "Wacom-Intuos4-6x9-Pad.desc") as source:
            pad = list(source.pad_events())
        self.assertTrue(pad and all(isinstance(e, quill.PadEvent) and isinstance(e.kind, PadKind) for e in pad))
        self.assertEqual(list(pad[0].to_dict())[:3], ["t", "device", "type"])
        gestures = quill.Gestures()
        gestures.set_drawing_policy(quill.DrawingPolicy.PENCIL_ONLY)
        fingers: List[quill.FingerGesture] = []
        with quill.Source.open_recording(EVEMU / "Wacom-Intuos5-touch-M-Finger-double-center-circle.events",
                                         device_file=EVEMU / "Wacom-Intuos5-touch-M-Finger.desc") as source:
            for touch in source.touches():
                self.assertIsInstance(touch, quill.Touch)
                self.assertIsInstance(touch.phase, quill.TouchPhase)
                gestures.add_touch(touch)
                fingers += gestures.finger_gestures()
        self.assertTrue(fingers and all(isinstance(g.kind, FingerGestureKind) for g in fingers))
        self.assertTrue(any(g.kind == FingerGestureKind.TRANSFORM for g in fingers))
        gestures.set_drawing_policy("anyInput")  # a finger draws: its ink is a Sample
        with quill.Source.open_recording(EVEMU / "dell_canvas_touch.evemu") as source:
            for touch in source.touches():
                gestures.add_touch(touch)
                fingers += gestures.finger_gestures()
        inks = [g for g in fingers if g.kind == FingerGestureKind.INK]
        self.assertTrue(inks and all(isinstance(g.ink, Sample) for g in inks))
        self.assertEqual(inks[0].ink.phase if inks[0].ink else None, Phase.BEGAN)
        self.assertIn("sample", inks[0].to_dict())


class LayoutAndToolkitTests(unittest.TestCase):
    def test_layouts(self) -> None:
        window = quill.layout_window(1024, 768)
        self.assertIsInstance(window, quill.Layout)
        self.assertEqual((window.horizontal_size_class, window.scale), (quill.SizeClass.REGULAR, 1.0))
        self.assertIsInstance(window.canvas, quill.Rect)
        self.assertEqual(quill.layout_device("ipad-pro-11").scale, 2.0)
        with self.assertRaises(QuillError) as caught:
            quill.layout_device("no-such-device")
        self.assertEqual(caught.exception.status, Status.ERROR_NOT_FOUND)

    def test_toolkit_samples(self) -> None:
        with quill.Toolkit(3.78, (800, 600)) as toolkit:
            width, height = toolkit.area
            self.assertAlmostEqual(width, 800 / 3.78)
            sample = toolkit.sample(100, 200, 0.5, True, pressure=0.5, tilt_x=20, tool="pen")
        self.assertIsInstance(sample, Sample)
        self.assertEqual((sample.phase, sample.tool, sample.x, sample.y), (Phase.BEGAN, Tool.PEN, 100, 200))
        self.assertAlmostEqual(sample.tilt_x, 20)


def _env(**changes: Optional[str]) -> Dict[str, str]:
    env = dict(os.environ, PYTHONPATH=str(PYTHON_DIR), PYTHONDONTWRITEBYTECODE="1")
    for key, value in changes.items():
        if value is None:
            env.pop(key, None)
        else:
            env[key] = value
    return env


def _python(script: str, env: Dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=120)


_PROBE = """\
import quill
print("imported")
try:
    print("loaded", quill.library_path())
except quill.LibraryError as error:
    print("raised", isinstance(error, quill.QuillError), isinstance(error, OSError))
    print(error)
"""


class RecognizerTests(unittest.TestCase):
    SCRIBBLE = ROOT / "Recordings" / "scribble" / "cat-water.events"  # "cat water", held-out UNIPEN letters

    def test_the_recording_reads_as_quill_recognize_reads_it(self) -> None:
        with quill.Recognizer("en") as recognizer, quill.Source.open_recording(self.SCRIBBLE) as source:
            stroke: list = []
            for sample in source.samples():
                if sample.phase in (Phase.BEGAN, Phase.MOVED) and sample.tool != Tool.ERASER:
                    if sample.phase == Phase.BEGAN and stroke:
                        recognizer.add_stroke(stroke)
                        stroke = []
                    stroke.append((sample.x, sample.y, sample.time))
            recognizer.add_stroke(stroke)
            units = recognizer.recognize(candidates=3)
        # Two words; "water" among the second's candidates (the letters are pasted from eight
        # writers' samples, which the word network reads worse than real words: "Catt water").
        self.assertEqual(len(units), 2)
        self.assertIn("water", [c.text.lower() for c in units[1].candidates])
        expected = [json.loads(line) for line in run_quill("recognize", str(self.SCRIBBLE), "--candidates", "3").splitlines()]
        self.assertEqual([u.to_dict()["strokes"] for u in units], [e["strokes"] for e in expected])
        self.assertEqual([[c.text for c in u.candidates] for u in units], [[c["text"] for c in e["candidates"]] for e in expected])

    def test_bad_arguments_are_libquills_errors(self) -> None:
        with self.assertRaises(ValueError):
            quill.Recognizer("klingon")
        with self.assertRaises(QuillError) as caught:
            quill.Recognizer("en", model_path="/nonexistent/latin.model")
        self.assertEqual(caught.exception.status, Status.ERROR_NOT_FOUND)
        self.assertIn("/nonexistent/latin.model", caught.exception.message)
        with quill.Recognizer() as recognizer:
            with self.assertRaises(QuillError) as caught:
                recognizer.recognize(candidates=0)
            self.assertIn("candidates", caught.exception.message)
            self.assertEqual(recognizer.recognize(), [])


class LibrarySearchTests(unittest.TestCase):
    def test_a_missing_library_fails_at_first_use_with_guidance(self) -> None:
        run = _python(_PROBE, _env(QUILL_LIBRARY="/nonexistent/libquill.so.0", PKG_CONFIG_PATH=""))
        self.assertEqual(run.returncode, 0, run.stderr)
        lines = run.stdout.splitlines()
        self.assertEqual(lines[:2], ["imported", "raised True True"], run.stdout)
        for text in ("QUILL_LIBRARY", "/nonexistent/libquill.so.0", "PKG_CONFIG_PATH", "ldconfig", "LD_LIBRARY_PATH",
                     "Tools/ship/install"):
            self.assertIn(text, run.stdout)

    def test_the_search_says_what_it_tried(self) -> None:
        import ctypes.util
        if ctypes.util.find_library("quill"):
            self.skipTest("a libquill is installed system-wide: the search finds it")
        with tempfile.TemporaryDirectory() as empty:
            run = _python(_PROBE, _env(QUILL_LIBRARY=None, LD_LIBRARY_PATH=None, PKG_CONFIG_PATH="",
                                       PKG_CONFIG_LIBDIR=empty))
        self.assertEqual(run.returncode, 0, run.stderr)
        if "loaded" in run.stdout:
            self.skipTest(f"the dynamic loader finds a libquill: {run.stdout}")
        for text in ("ldconfig's cache", "pkg-config --variable=libdir quill", "no quill.pc",
                     "the dynamic loader (LD_LIBRARY_PATH"):
            self.assertIn(text, run.stdout)

    def test_pkg_config_finds_a_prefix(self) -> None:
        if shutil.which("pkg-config") is None:
            self.skipTest("pkg-config is not installed")
        library = os.environ.get("QUILL_LIBRARY") or _native.lib().path
        if not os.path.isabs(library):
            self.skipTest(f"the library under test is {library}, not a path")
        with tempfile.TemporaryDirectory() as prefix:
            os.makedirs(f"{prefix}/lib/pkgconfig")
            os.symlink(os.path.realpath(library), f"{prefix}/lib/libquill.so.0")
            Path(f"{prefix}/lib/pkgconfig/quill.pc").write_text(
                f"prefix={prefix}\nlibdir=${{prefix}}/lib\nincludedir=${{prefix}}/include\n\nName: quill\n"
                f"Description: test\nVersion: {quill.__version__}\nCflags: -I${{includedir}}\nLibs: -L${{libdir}} -lquill\n")
            run = _python(_PROBE, _env(QUILL_LIBRARY=None, LD_LIBRARY_PATH=None,
                                       PKG_CONFIG_PATH=f"{prefix}/lib/pkgconfig"))
        self.assertEqual(run.returncode, 0, run.stderr)
        import ctypes.util
        expected = "ldconfig's cache" if ctypes.util.find_library("quill") else f"{prefix}/lib/libquill.so.0 (pkg-config's libdir)"
        self.assertIn(expected, run.stdout)

    def test_a_missing_function_names_itself(self) -> None:
        library = _native.lib()
        fake = _native._Library(library._cdll, library.path, library.how)
        _native.PROTOTYPES["quill_no_such_function"] = (ctypes.c_int, [])
        try:
            with self.assertRaises(quill.LibraryError) as caught:
                fake.quill_no_such_function()
        finally:
            del _native.PROTOTYPES["quill_no_such_function"]
        self.assertIn("has no quill_no_such_function", str(caught.exception))
        self.assertIn("older than this binding", str(caught.exception))


if __name__ == "__main__":
    unittest.main()
