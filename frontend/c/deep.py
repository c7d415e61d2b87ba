"""Runs the recursive stages of the C front end deep enough for deeply nested C.

Role: pycparser parses by recursive descent (about a dozen Python frames per nested
parenthesis, five per nested block) and the translator walks declarators, statements and
expressions recursively, so valid C that gcc accepts -- 1,000 nested parentheses, 3,000
nested blocks -- exceeds Python's default limit of 1,000 frames.  (Long left-associative
chains such as a 100,000-term sum are walked iteratively by the translator and need no
depth.)

`run_deep(fn)` calls `fn()` in the calling thread first, so ordinary input runs exactly as
before (and a deadline signal interrupts it as usual).  If that exceeds the recursion limit,
`fn()` runs again from the start on a fresh thread with a `STACK_BYTES` stack and the
recursion limit raised to `DEEP_LIMIT` frames.  The limit is tied to the stack size:
Python 3.11 keeps the frames of Python-to-Python calls off the C stack, but a call that
passes through C (a `sorted` key, a generator drained by `tuple`, a `__hash__`) costs about
2.5 KB of C stack per frame (measured); `BYTES_PER_FRAME` allows three times that, so the
raised limit gives a RecursionError long before the stack could overflow (a segfault).
A RecursionError on the big stack propagates: the caller reports the input as "nested too
deeply" (unsupported), at the `NestingTooDeep.loc` the stage recorded when it has one.

`fn` must be repeatable (no effects outside its own objects): a failed first attempt is
thrown away.  Deep runs take turns (the limit is per interpreter).  The stage does not
depend on its caller running it on a big stack; a caller that already allows `DEEP_LIMIT`
frames or more gets the first attempt's RecursionError.  A caller interrupted while it
waits (a deadline) abandons the deep run, which stops at its next bytecode.
"""
from __future__ import annotations

import sys
import threading
from typing import Callable, TypeVar

from boogie.ast import Loc

T = TypeVar("T")

STACK_BYTES = 1 << 30
BYTES_PER_FRAME = 8 << 10
DEEP_LIMIT = STACK_BYTES // BYTES_PER_FRAME      # 131,072 frames
_SMALLER_STACKS = (256 << 20, 64 << 20)        # tried when the system refuses STACK_BYTES

# One deep run at a time: the recursion limit is per interpreter, and each run's limit must
# match its own thread's stack.  Taken by the caller, released by the deep thread when done.
_deep_run = threading.Lock()


class NestingTooDeep(RecursionError):
    """A stage ran out of recursion depth while reading the construct at `loc`."""

    def __init__(self, loc: Loc):
        super().__init__(f"nested too deeply at {loc}")
        self.loc = loc


class _Abandoned(BaseException):
    """Raised inside a deep run whose caller stopped waiting (e.g. at a deadline)."""


def run_deep(fn: Callable[[], T]) -> T:
    """`fn()`, retried on a big stack with a raised recursion limit if it is too deep."""
    try:
        return fn()
    except RecursionError:
        if sys.getrecursionlimit() >= DEEP_LIMIT:
            raise            # the caller already runs this deep (on a stack of its own)
    return _on_big_stack(fn)


def _on_big_stack(fn: Callable[[], T]) -> T:
    result: list = []
    failure: list[BaseException] = []

    def work() -> None:
        try:
            result.append(fn())
        except _Abandoned:
            pass
        except BaseException as e:       # handed to the caller, raised there
            failure.append(e)

    # The caller keeps the books (limit, turn) even when it abandons the run: an
    # asynchronous exception could cut the deep thread's own clean-up short.
    _deep_run.acquire()
    saved_limit = sys.getrecursionlimit()
    try:
        thread = _start(work, saved_limit)
        try:
            while thread.is_alive():
                thread.join(0.1)
        except BaseException:
            _abandon(thread)
            raise
    finally:
        sys.setrecursionlimit(saved_limit)
        _deep_run.release()
    if failure:
        raise failure[0]
    return result[0]


def _start(work: Callable[[], None], base_limit: int) -> threading.Thread:
    """Start `work` on a thread with the biggest stack (STACK_BYTES, else smaller) that
    the system gives, with the recursion limit that stack allows."""
    old_size = threading.stack_size()
    try:
        for size in (STACK_BYTES, *_SMALLER_STACKS):
            try:
                threading.stack_size(size)
                thread = threading.Thread(target=work, name="pycorral-deep-frontend",
                                          daemon=True)
                sys.setrecursionlimit(max(size // BYTES_PER_FRAME, base_limit))
                thread.start()
                return thread
            except (RuntimeError, MemoryError, ValueError):
                continue
        raise RecursionError("nested too deeply (no thread with a big stack could start)")
    finally:
        threading.stack_size(old_size)


def _abandon(thread: threading.Thread) -> None:
    """Make an abandoned deep run stop at its next bytecode instead of running on."""
    import ctypes
    if thread.ident is not None:
        ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread.ident),
                                                   ctypes.py_object(_Abandoned))
