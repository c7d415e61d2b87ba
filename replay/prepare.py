"""Builds (or checks) what native replay needs, before anything timed.

Role: the set-up step `./run` and `./test` run after creating the virtual environment (and
the test session runs again at its start, where it costs a fraction of a second once
built).  On a new machine (or with a fresh $HOME: zig keeps its cache there) the
pip-installed zig builds its musl C library for the ILP32 replay target on first use --
about a minute of CPU -- and a check that happened to be the first user would spend that
minute silently.  Here the build happens once, with a message on stderr.  Prints one line
per toolchain it builds or cannot find; exit 0 also when a toolchain is missing (replay
then says why), exit 1 only on an unexpected error.

    python -m replay.prepare [--quiet] [--if-needed]

`--if-needed` (what `./run` does each time) returns at once when zig's runtime is already
built (the stamp file in zig's cache, `native.zig_runtime_stamp()`), and does not list
missing toolchains (`check` says so when it cannot replay).
"""
from __future__ import annotations

import contextlib
import sys

from .native import announce_build, probe_failure, toolchain, zig_runtime_built

DATA_MODELS = ("ILP32", "LP64")


def prepare(echo=print, building=None) -> dict[str, bool]:
    """Probe (building on first use) the replay compiler of each data model; returns which
    are usable.  `building`: as for `native.toolchain` (default: `announce_build`)."""
    ready = {}
    for model in DATA_MODELS:
        ready[model] = toolchain(model, building=building or announce_build) is not None
        if not ready[model]:
            echo(f"native replay {model}: not available ({probe_failure(model)})")
    return ready


def main(argv: list[str]) -> int:
    if "--if-needed" in argv:
        if not zig_runtime_built():     # builds with a message; `check` says what is missing
            prepare(echo=lambda s: None)
        return 0
    if "--quiet" in argv:
        prepare(echo=lambda s: None, building=lambda message: contextlib.nullcontext())
    else:
        prepare(echo=lambda s: print(s, file=sys.stderr))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
