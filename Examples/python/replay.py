#!/usr/bin/env python3
"""replay.py RECORDING: Examples/c/replay.c with the Python binding; prints "samples N" and "strokes M".

    QUILL_LIBRARY=/usr/local/lib/libquill.so.0 PYTHONPATH=python python3 Examples/python/replay.py FILE
"""
import sys

import quill


def main(argv):
    if len(argv) != 2:
        print("usage: replay.py RECORDING", file=sys.stderr)
        return 2
    try:
        with quill.Source.open_recording(argv[1]) as source, quill.Engine("pen", area_mm=source.area()) as engine:
            samples = 0
            for sample in source.samples(raw=True):
                samples += 1
                engine.add(sample)
                engine.take_geometry()
            engine.finish()
            engine.take_geometry()
            print(f"samples {samples}\nstrokes {engine.stroke_count}")
    except quill.QuillError as error:
        print(f"replay.py: {error.message or error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
