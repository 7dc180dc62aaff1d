#!/usr/bin/env python3
"""replay.py RECORDING: Examples/c/replay.c with the Python binding; prints "samples N" and "strokes M".

N is the recording's pen samples, M the strokes begun (Engine.stroke_count). libquill is found as
help(quill) says: QUILL_LIBRARY, ldconfig's cache, pkg-config (PKG_CONFIG_PATH), LD_LIBRARY_PATH.

    QUILL_LIBRARY=/usr/local/lib/libquill.so.0 PYTHONPATH=python python3 Examples/python/replay.py FILE
"""
import sys

import quill


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: replay.py RECORDING", file=sys.stderr)
        return 2
    try:
        with quill.Source.open_recording(argv[1]) as source, quill.Engine(quill.Ink.PEN, source=source) as engine:
            samples = 0
            for sample in source.samples(raw=True):  # libquill's structs: no dataclass per sample
                samples += 1
                engine.add(sample, raw=True)
                engine.take_geometry()
            engine.finish()
            engine.take_geometry()
            print(f"samples {samples}\nstrokes {engine.stroke_count}")
    except quill.QuillError as error:  # LibraryError (libquill not found) included
        print(f"replay.py: {error.message or error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
