"""Builds (or checks) what native replay and the LLVM front end need, before anything timed.

Role: the set-up step `./test` runs after creating the virtual environment (and the test
session runs again at its start, where it costs a fraction of a second once built).  On a
new machine the pip-installed zig builds its musl C library for the ILP32 replay target on
first use -- about a minute of CPU -- and a test or a `check --timeout` that happened to be
the first user would spend its time limit on that build.  Here the build happens once, with a
message, outside any time limit.  Prints one line per toolchain; exit 0 also when a toolchain
is missing (the replay tests then skip and say why), exit 1 only on an unexpected error.

    python -m replay.prepare [--quiet]
"""
from __future__ import annotations

import sys
import time

from .native import probe_failure, toolchain

DATA_MODELS = ("ILP32", "LP64")


def prepare(echo=print) -> dict[str, bool]:
    """Probe (building on first use) the replay compiler of each data model; returns which
    are usable."""
    ready = {}
    for model in DATA_MODELS:
        t0 = time.perf_counter()
        tc = toolchain(model)
        took = time.perf_counter() - t0
        ready[model] = tc is not None
        if tc is None:
            echo(f"native replay {model}: not available ({probe_failure(model)})")
        elif took > 2.0:
            echo(f"native replay {model}: built {tc.argv[0].rsplit('/', 1)[-1]} runtime in "
                 f"{took:.0f}s")
    return ready


def main(argv: list[str]) -> int:
    quiet = "--quiet" in argv
    if not quiet:
        print("preparing native replay toolchains (the first time on a machine zig builds "
              "its musl libc for ILP32: about a minute) ...", file=sys.stderr, flush=True)
    prepare(echo=(lambda s: None) if quiet else (lambda s: print(s, file=sys.stderr)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
