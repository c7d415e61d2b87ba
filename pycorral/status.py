"""The status line of a run on a terminal: bound, instances inlined, elapsed time, what runs.

`StatusLine(progress, phase)` starts drawing one line on standard error after the run has
taken a second, redraws it four times a second, and erases it when stopped -- only when
standard error is a terminal (`wanted`); piped output and `--quiet` get nothing.  It
writes with `os.write` on the file descriptor: no Python-level lock that a forked
portfolio member could inherit in a locked state.
"""
from __future__ import annotations

import os
import sys
import threading
import time
from typing import Callable

from verifier.progress import Progress


def wanted(quiet: bool, stream=None) -> bool:
    stream = stream if stream is not None else sys.stderr
    if quiet or os.environ.get("TERM") == "dumb":
        return False
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


class StatusLine:
    def __init__(self, progress: Progress, phase: Callable[[], str], fd: int = 2,
                 delay: float = 1.0, period: float = 0.25) -> None:
        self.progress, self.phase, self.fd = progress, phase, fd
        self.delay, self.period = delay, period
        self._stop = threading.Event()
        self._drawn = False
        self._t0 = time.monotonic()
        self._thread = threading.Thread(target=self._run, name="pycorral-status",
                                        daemon=True)

    def text(self) -> str:
        bound, instances = self.progress.snapshot()
        parts = [self.phase() or "working"]
        if bound:
            parts.append(f"bound {bound}")
        if instances:
            parts.append(f"{instances} instances")
        if self.progress.strategy:
            parts.append(f"strategy {self.progress.strategy}")
        parts.append(f"{time.monotonic() - self._t0:.1f}s")
        return "pycorral: " + " · ".join(parts)

    def _write(self, s: str) -> None:
        try:
            os.write(self.fd, s.encode("utf-8", "replace"))
        except OSError:
            self._stop.set()

    def _run(self) -> None:
        if self._stop.wait(self.delay):
            return
        while not self._stop.is_set():
            self._write("\r\x1b[K" + self.text()[:200])
            self._drawn = True
            self._stop.wait(self.period)

    def __enter__(self) -> StatusLine:
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join(1.0)
        if self._drawn:
            self._write("\r\x1b[K")
