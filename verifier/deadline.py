"""The whole-run deadline as an exception every layer lets through.

`DeadlineExceeded` is raised asynchronously in the main thread by the command line's run
guard (`pycorral/limits.py`) when `--timeout` is reached, whatever phase is running:
preprocessing, a front end, preparation, formula building, a query, the re-check or native
replay.  It derives from `BaseException` so that the `except Exception` of a component that
turns its own failures into values does not swallow it; the runners at the top
(`verifier.engine.verify` callers, `svcomp_mode.run_svcomp`, the CLI) turn it into the
verdict UNKNOWN "timeout", never into a verdict about the program.
"""
from __future__ import annotations


class DeadlineExceeded(BaseException):
    """The run's time limit was reached; `phase` names what was running."""

    def __init__(self, phase: str = ""):
        self.phase = phase
        super().__init__(f"time limit reached{' during ' + phase if phase else ''}")
