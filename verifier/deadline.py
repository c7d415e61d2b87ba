"""The run's one clock: the `Deadline` value every layer takes its time from, and the
`DeadlineExceeded` exception every layer lets through.

`Deadline` is an absolute instant on the monotonic clock (`time.monotonic()`, the same
in every process of the machine, so a portfolio member forked from the run reads the same
instant), or none (no limit).  It is made ONCE at the edge -- the run guard of `check`
and `svcomp` (`pycorral/limits.py`), or the engine's door for a caller that gave only a
relative `VerifyOptions.timeout` -- and carried by the options (`VerifyOptions.
deadline`).  Nobody below re-derives "timeout minus elapsed": a component that must end
before its parent stops it takes `deadline.minus(margin)`, one of n parts of a run
(`check --function`) takes `deadline.share(n)`, a portfolio member's slice is
`deadline.earlier(slice)`, and a query asks `deadline.left()`.  The engine's inner caps
are solver work, not time (`verifier/limits.py`).

`DeadlineExceeded` is raised asynchronously in the main thread by the command line's run
guard (`pycorral/limits.py`) when `--timeout` is reached, whatever phase is running:
preprocessing, a front end, preparation, formula building, a query, the re-check or native
replay.  It derives from `BaseException` so that the `except Exception` of a component that
turns its own failures into values does not swallow it; the runners at the top
(`verifier.engine.verify` callers, `svcomp_mode.run_svcomp`, the CLI) turn it into the
verdict UNKNOWN "timeout", never into a verdict about the program.
"""
from __future__ import annotations

import time
from dataclasses import dataclass

# a derived deadline (`minus`, `share`) leaves at least this much from now, so that a
# component handed it can start and stop by itself (the floor the relative timeouts had)
MIN_SLICE_S = 0.05


@dataclass(frozen=True, slots=True)
class Deadline:
    """An instant on `time.monotonic()` by which the work must end (`at`), or none."""
    at: float | None = None

    @staticmethod
    def after(seconds: float | None) -> "Deadline":
        """`seconds` from now (None: no limit)."""
        return NO_DEADLINE if seconds is None else Deadline(time.monotonic() + seconds)

    @staticmethod
    def of(value: "Deadline | float | None") -> "Deadline":
        """A deadline, or an instant on the monotonic clock (None: no limit)."""
        if isinstance(value, Deadline):
            return value
        return NO_DEADLINE if value is None else Deadline(float(value))

    @property
    def unlimited(self) -> bool:
        return self.at is None

    def left(self) -> float | None:
        """Seconds left (0 once expired; None: no limit)."""
        return None if self.at is None else max(0.0, self.at - time.monotonic())

    def expired(self) -> bool:
        return self.at is not None and time.monotonic() >= self.at

    def minus(self, margin: float) -> "Deadline":
        """The same deadline `margin` seconds earlier, for a part that must end by itself
        before its parent stops it (but at least MIN_SLICE_S from now, if this one is)."""
        if self.at is None:
            return self
        return Deadline(max(self.at - margin, min(self.at, time.monotonic() + MIN_SLICE_S)))

    def share(self, n: int) -> "Deadline":
        """One of `n` equal parts of what is left, from now (each of n runs in turn)."""
        assert n >= 1, "a share of at least one part"
        if self.at is None:
            return self
        now = time.monotonic()
        return Deadline(now + max(MIN_SLICE_S, self.at - now) / n)

    def earlier(self, other: "Deadline") -> "Deadline":
        """Whichever of the two comes first."""
        if self.at is None:
            return other
        if other.at is None:
            return self
        return self if self.at <= other.at else other


NO_DEADLINE = Deadline()


class DeadlineExceeded(BaseException):
    """The run's time limit was reached; `phase` names what was running."""

    def __init__(self, phase: str = ""):
        self.phase = phase
        super().__init__(f"time limit reached{' during ' + phase if phase else ''}")
