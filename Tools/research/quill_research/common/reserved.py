"""The UNIPEN writers held out for independent measurement: the one copy every script imports.

ink-recognition.md (the developers' reference, "reserved sets") reserves the
UNIPEN train_r01_v07 contributors below for independent measurement: never train, tune or read
per-sample errors on them. Scripts skip them when reading training or tuning data; a script that
measures on them reports aggregates only. The same rule covers Tegaki's eval/ set and the $1
gesture logs, which no script here reads.
"""

__all__ = ["RESERVED_WRITERS", "is_reserved"]

RESERVED_WRITERS = frozenset({"art", "gmd", "kai", "lav", "mot", "sie", "uqb", "val"})


def is_reserved(writer):
    """Whether UNIPEN contributor `writer` (a directory name such as "gmd") is reserved."""
    return writer in RESERVED_WRITERS
