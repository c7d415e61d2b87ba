"""The run guard of a command: `--timeout` and `--memlimit` over every phase and every child.

Role: the process-level limits of one `check` or `svcomp` run.  The limits count from the
start of the process (Python's own start-up included), so that a run given `--timeout T`
ends within 10% of T whatever phase is slow:

* **soft deadline** (T): a `SIGALRM` raises `verifier.deadline.DeadlineExceeded` in the
  main thread, inside the blocks the command marks `guard.interruptible()`, which interrupts pure-Python work anywhere (parsing, preprocessing, the front
  ends, preparation, formula building, the re-check, replay); at the same moment a monitor
  thread interrupts every live z3 context, so a query or a simplification inside z3 returns
  at once and the exception follows.  Children (gcc -E, clang, zig, the replayed program)
  are killed by `subprocess.run` when the exception passes through it.  The runners turn the
  exception into UNKNOWN "timeout".
* **hard deadline** (T + max(0.1 s, 5% of T)): the monitor thread prints the unknown verdict
  itself, kills every descendant process and ends the process with `os._exit` -- for the
  case the main thread is stuck in native code that does not answer the interrupt.
* **memory** (`--memlimit MB`): the monitor sums the resident memory of the process and all
  its descendants (every 0.1 s, from /proc); past the limit it kills the descendants and
  ends the run with UNKNOWN "resource limit".  Z3 gets its own limit a little below (when
  that is at least `Z3_LIMIT_FLOOR_MB`), so it usually answers "unknown" first.

The guard makes the run's one `Deadline` (`guard.deadline`, verifier/deadline.py): the
soft deadline less a margin (`engine_margin`: 3% of T, at most 0.5 s), so that the engine
-- which stops by it and keeps the bounds it searched -- ends before the alarm.  Everything
below takes its time from that value (a share of it for each `--function`, a portfolio
member's slice, a query's time left); nothing re-derives "T minus elapsed".

The guard also names the current phase (`guard.phase("front end")`), which the timeout
reason reports.  Ending the process goes through `finish()`, which flushes and calls
`os._exit`: after the verdict is printed nothing (an interpreter teardown stuck in z3's
context destructor, a stray thread) can keep the process alive.
"""
from __future__ import annotations

import contextlib
import math
import os
import signal
import sys
import threading
import time
from typing import Callable, Iterator

import click

from verifier.deadline import NO_DEADLINE, Deadline, DeadlineExceeded
from verifier.result import UnknownKind

POLL_SECONDS = 0.1
# z3 crashes (SIGSEGV) when its own memory limit is small (seen at 32-64 MB, at start-up);
# below this floor only the monitor enforces --memlimit
Z3_LIMIT_FLOOR_MB = 512
REPEAT_SECONDS = 0.1


def hard_grace(timeout: float) -> float:
    """How long after the soft deadline the hard stop comes."""
    return max(0.1, 0.05 * timeout)


def engine_margin(timeout: float) -> float:
    """How long before the soft deadline the engine's deadline comes."""
    return min(0.5, 0.03 * timeout)


def validate_seconds(value: float | None, option: str = "--timeout") -> float | None:
    """A time limit must be a finite number of seconds greater than 0 (None: no limit)."""
    if value is None:
        return None
    prefix = f"{option} " if option else ""
    if math.isnan(value) or math.isinf(value) or value <= 0:
        raise ValueError(f"{prefix}must be a finite number of seconds greater than 0, "
                         f"not {value:g}")
    if value > 10 ** 7:
        raise ValueError(f"{prefix}must be at most 10000000 seconds (about 115 days)")
    return float(value)


class Seconds(click.ParamType):
    """A time limit: a finite number of seconds greater than 0."""

    name = "seconds"

    def convert(self, value, param, ctx):
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            number = float(value)
        else:
            try:
                number = float(str(value).strip())
            except ValueError:
                self.fail(f"{value!r} is not a number of seconds", param, ctx)
        try:
            return validate_seconds(number, "")
        except ValueError as e:
            self.fail(str(e), param, ctx)


SECONDS = Seconds()


_PROCESS_START: float | None = None     # monotonic time the process started (entry())


def mark_process_start() -> None:
    """Called by the program's entry point: limits then count from the start of the
    process.  (In-process callers -- tests -- count from the guard's creation.)  The
    process also becomes a child subreaper, so that a grandchild orphaned when its parent
    is killed at the deadline (gcc's cc1 when gcc is killed) stays below it and is
    killed by `finish`."""
    global _PROCESS_START
    _PROCESS_START = time.monotonic() - process_age()
    _become_subreaper()


def _become_subreaper() -> None:
    try:
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(36, 1, 0, 0, 0)          # PR_SET_CHILD_SUBREAPER (Linux 3.4+)
    except (OSError, AttributeError):        # not Linux: orphans go to init, as before
        pass


def process_age() -> float:
    """Seconds since this process started (from /proc; 0 where that is not available)."""
    try:
        with open("/proc/self/stat") as fh:
            fields = fh.read().rsplit(")", 1)[1].split()
        start_ticks = int(fields[19])           # field 22 of stat(5), after pid and comm
        with open("/proc/uptime") as fh:
            uptime = float(fh.read().split()[0])
        return max(0.0, uptime - start_ticks / os.sysconf("SC_CLK_TCK"))
    except (OSError, ValueError, IndexError):
        return 0.0


def _children_table() -> dict[int, list[int]]:
    table: dict[int, list[int]] = {}
    try:
        entries = os.listdir("/proc")
    except OSError:
        return table
    for name in entries:
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as fh:
                ppid = int(fh.read().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        table.setdefault(ppid, []).append(int(name))
    return table


def descendants(pid: int | None = None) -> list[int]:
    """Every process below `pid` (default: this one), from /proc."""
    root = os.getpid() if pid is None else pid
    table = _children_table()
    out, stack = [], [root]
    while stack:
        for child in table.get(stack.pop(), ()):
            out.append(child)
            stack.append(child)
    return out


def _rss_mb(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/statm") as fh:
            return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / (1024 * 1024)
    except (OSError, ValueError, IndexError):
        return 0.0


def tree_rss_mb() -> float:
    """Resident memory of this process and all its descendants, in MB."""
    return _rss_mb(os.getpid()) + sum(_rss_mb(p) for p in descendants())


def kill_descendants() -> None:
    for pid in reversed(descendants()):
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)


def finish(code: int) -> None:
    """End the process now with `code`, after flushing what was printed; no child process
    (a compiler still running after the deadline) outlives it."""
    kill_descendants()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    os._exit(code)


# Raising into these would corrupt their state: a z3 or llvmlite object half made (its
# destructor then frees what it never owned: SIGSEGV), a ctypes argument conversion (the
# exception comes out as ctypes.ArgumentError).  The alarm waits until control is back in
# our code; z3 itself has been interrupted, so that is soon.
_NATIVE_WRAPPERS = ("z3", "ctypes", "llvmlite",
                    # and where Python swallows or cannot undo an exception: weak-reference
                    # callbacks, module imports (a half-imported module)
                    "_weakrefset", "weakref", "importlib")


def _unsafe_to_interrupt(frame) -> bool:
    """Is the main thread inside a destructor (which would swallow the exception) or
    inside the Python side of a native library?"""
    while frame is not None:
        if frame.f_code.co_name == "__del__":
            return True
        module = frame.f_globals.get("__name__", "")
        if module.split(".", 1)[0] in _NATIVE_WRAPPERS:
            return True
        frame = frame.f_back
    return False


class RunGuard:
    """Soft and hard deadlines and the memory limit of one run (see the module docstring).

    `report(reason, kind)` prints the unknown verdict in the command's own format; it is called
    from the monitor thread at the hard deadline or the memory limit, just before the
    process ends with `exit_code`."""

    def __init__(self, timeout: float | None, memlimit_mb: int | None,
                 report: Callable[[str, UnknownKind], None], exit_code: int = 20):
        self.timeout = timeout
        self.memlimit_mb = memlimit_mb
        self.report = report
        self.exit_code = exit_code
        self.current_phase = "the run"
        self.expired = False           # the soft deadline has passed
        self.expired_phase = ""        # what was running then
        self._stop = threading.Event()
        self._lock = threading.Lock()     # held for good by the monitor once it ends the run
        self._thread: threading.Thread | None = None
        self._alarm = False
        self._soft_at: float | None = None
        self._hard_at: float | None = None
        self._interruptible = False
        self.start = _PROCESS_START if _PROCESS_START is not None else time.monotonic()
        # the soft deadline, and the run's one deadline for what runs inside the guard
        # (made here, once: a little before the soft one)
        self.soft_deadline: Deadline = NO_DEADLINE if timeout is None else \
            Deadline(self.start + timeout)
        self.deadline: Deadline = NO_DEADLINE if timeout is None else \
            self.soft_deadline.minus(engine_margin(timeout))

    # ------------------------------------------------------------------ set-up

    def __enter__(self) -> "RunGuard":
        now = time.monotonic()
        if self.timeout is not None:
            left = self.soft_deadline.left()
            self._soft_at = now + max(0.01, left)
            self._hard_at = self._soft_at + hard_grace(self.timeout)
            if threading.current_thread() is threading.main_thread():
                signal.signal(signal.SIGALRM, self._on_alarm)
                # repeating until raised: an alarm that comes while a destructor runs
                # (where Python would swallow the exception) is raised at the next tick
                signal.setitimer(signal.ITIMER_REAL, max(0.01, left), REPEAT_SECONDS)
                self._alarm = True
        if self.memlimit_mb is not None and self.memlimit_mb - 96 >= Z3_LIMIT_FLOOR_MB:
            from verifier.smt.z3context import set_memory_limit
            set_memory_limit(self.memlimit_mb - 96)
        if self.timeout is not None or self.memlimit_mb is not None:
            self._thread = threading.Thread(target=self._monitor, daemon=True,
                                            name="pycorral-run-guard")
            self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    def stop(self) -> None:
        """Cancel the alarm and the monitor (the run is over; printing remains)."""
        if self._alarm:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, signal.SIG_DFL)
            self._alarm = False
        with self._lock:        # waits (for ever) if the monitor is ending the run now
            self._stop.set()

    def elapsed(self) -> float:
        """Seconds since the run started (the process, for the real program)."""
        return time.monotonic() - self.start

    @contextlib.contextmanager
    def interruptible(self) -> Iterator[None]:
        """The work that the deadline may interrupt with `DeadlineExceeded`; the caller
        catches it right outside.  (Outside such a block -- printing the verdict, say -- the
        alarm never raises; the hard stop remains.)"""
        self._interruptible = True
        try:
            yield
        finally:
            self._interruptible = False

    @contextlib.contextmanager
    def suspended(self) -> Iterator[None]:
        """Work that does not count against --timeout: a one-time toolchain build (zig's
        musl runtime for native replay, about a minute on a new machine).  The deadlines
        stop while it runs and move by its duration afterwards (the run's `deadline` too,
        a new value); the memory limit holds.  A
        run whose deadline has already passed stays expired."""
        if self.timeout is None or self.expired or self._soft_at is None:
            yield
            return
        t0 = time.monotonic()
        soft, hard = self._soft_at, self._hard_at
        self._soft_at = self._hard_at = None       # the monitor reads them once per tick
        if self._alarm:
            signal.setitimer(signal.ITIMER_REAL, 0)
        try:
            yield
        finally:
            paused = time.monotonic() - t0
            self.start += paused
            self._hard_at = hard + paused if hard is not None else None
            self._soft_at = soft + paused
            # the run's deadline moves with it (the next `--function` gets its share back)
            self.soft_deadline = Deadline(self.soft_deadline.at + paused)
            self.deadline = Deadline(self.deadline.at + paused)
            if self._alarm:
                signal.setitimer(signal.ITIMER_REAL,
                                 max(0.01, self._soft_at - time.monotonic()), REPEAT_SECONDS)

    @contextlib.contextmanager
    def phase(self, name: str) -> Iterator[None]:
        """Name what runs now (reported with a timeout)."""
        before, self.current_phase = self.current_phase, name
        try:
            yield
        finally:
            self.current_phase = before

    def timeout_reason(self, phase: str | None = None) -> str:
        return f"timeout: {self.timeout:g}s reached during {phase or self.expired_phase}"

    # ------------------------------------------------------------------ firing

    def _on_alarm(self, signum, frame) -> None:
        self._mark_expired()
        if self._stop.is_set() or not self._interruptible or _unsafe_to_interrupt(frame):
            return          # over, outside the work, or not now: at the next tick
        signal.setitimer(signal.ITIMER_REAL, 0)     # raised once; the hard stop backs it up
        raise DeadlineExceeded(self.current_phase)

    def _next_wait(self, interrupted: bool, soft: float | None,
                   hard: float | None) -> float:
        """Poll every POLL_SECONDS, but wake up on time for the next deadline."""
        now, wait = time.monotonic(), POLL_SECONDS
        for at in ((hard,) if interrupted else (soft, hard)):
            if at is not None:
                wait = min(wait, max(0.001, at - now))
        return wait

    def _monitor(self) -> None:
        interrupted = False
        # the deadlines are read once per tick: `suspended` sets them to None and back
        while not self._stop.wait(self._next_wait(interrupted, self._soft_at, self._hard_at)):
            now, soft, hard = time.monotonic(), self._soft_at, self._hard_at
            if soft is not None and now >= soft and not interrupted:
                interrupted = True
                self._mark_expired()
                self._interrupt_solvers()
            if hard is not None and now >= hard:
                self._end(self.timeout_reason(), UnknownKind.TIMEOUT)
            if self.memlimit_mb is not None:
                used = tree_rss_mb()
                if used > self.memlimit_mb:
                    self._end(f"resource limit: memory limit of {self.memlimit_mb} MB "
                              f"reached ({used:.0f} MB in use, children included)",
                              UnknownKind.MEMORY)

    def _mark_expired(self) -> None:
        if not self.expired:
            self.expired_phase = self.current_phase
            self.expired = True

    @staticmethod
    def _interrupt_solvers() -> None:
        mod = sys.modules.get("verifier.smt.z3context")
        interrupt = getattr(mod, "interrupt_all", None)    # None while still importing
        if interrupt is not None:
            with contextlib.suppress(Exception):
                interrupt()

    def _end(self, reason: str, kind: UnknownKind) -> None:
        self._lock.acquire()    # never released: the process ends here
        if self._stop.is_set():     # the run finished first and prints its own verdict
            self._lock.release()
            return
        kill_descendants()
        with contextlib.suppress(Exception):
            self.report(reason, kind)
        finish(self.exit_code)
