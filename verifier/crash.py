"""Turns an exception that escaped a component into an UNKNOWN `Result` (STYLE.md: the top
level of every runner turns an unexpected exception into UNKNOWN, never into "correct").

One place decides the kind and the words, for every runner (the engine, `check`, `svcomp`,
the differential tester):
* `Unsupported` (boogie/errors.py: a construct nobody models): UNSUPPORTED,
  `unsupported: WHAT`;
* `MemoryError`, z3 past its memory limit: MEMORY, `resource limit: out of memory` /
  `resource limit: the solver ran out of memory`;
* z3 interrupted outside a check (its "canceled" raised by a call the interrupt reached:
  a deadline's `interrupt_all`, a rival's answer): TIMEOUT, `timeout (the solver was
  interrupted)` -- a limit, not a defect;
* `RecursionError`: INTERNAL, `internal error: recursion limit (MESSAGE)`;
* anything else: INTERNAL, `internal error: TYPE: FIRST LINE OF MESSAGE`, with
  ` (file.py:LINE)` where it was raised when `located` (the engine's form; the command
  lines print it without).
Bad input (`BadInput`, `BoogieError`) is not a crash: callers re-raise it before this.
"""
from __future__ import annotations

import sys
import traceback

from boogie.errors import Unsupported, unsupported_reason

from verifier.result import Result, UnknownKind, Verdict
from verifier.stats import Stats

OUT_OF_MEMORY = "resource limit: out of memory"
SOLVER_OUT_OF_MEMORY = "resource limit: the solver ran out of memory"
SOLVER_INTERRUPTED = "timeout (the solver was interrupted)"


def crash_kind_and_reason(e: BaseException, located: bool = False) -> tuple[UnknownKind, str]:
    """The UNKNOWN kind and reason for `e` (see the module's docstring)."""
    if isinstance(e, Unsupported):
        return UnknownKind.UNSUPPORTED, unsupported_reason(str(e))
    if isinstance(e, MemoryError):
        return UnknownKind.MEMORY, OUT_OF_MEMORY
    if _solver_out_of_memory(e):
        return UnknownKind.MEMORY, SOLVER_OUT_OF_MEMORY
    if _solver_interrupted(e):
        return UnknownKind.TIMEOUT, SOLVER_INTERRUPTED
    if isinstance(e, RecursionError):
        return UnknownKind.INTERNAL, f"internal error: recursion limit ({e})"
    return UnknownKind.INTERNAL, internal_error_reason(e, located)


def internal_error_reason(e: BaseException, located: bool = False) -> str:
    """`internal error: TYPE: MESSAGE` (the message's first line; none when empty), and
    ` (file.py:LINE)` of the innermost frame when `located`."""
    text = str(e)
    msg = text.splitlines()[0] if text else ""
    where = ""
    if located and e.__traceback__ is not None:
        tb = traceback.extract_tb(e.__traceback__)[-1]
        where = f" ({tb.filename.rsplit('/', 1)[-1]}:{tb.lineno})"
    return f"internal error: {type(e).__name__}" + (f": {msg}" if msg else "") + where


def unknown_from(e: BaseException, located: bool = False,
                 stats: Stats | None = None) -> Result:
    """The UNKNOWN result for an exception that escaped (see the module's docstring)."""
    kind, reason = crash_kind_and_reason(e, located)
    return Result(Verdict.UNKNOWN, reason, stats=stats if stats is not None else Stats(),
                  kind=kind)


def _solver_out_of_memory(e: BaseException) -> bool:
    """z3 out of memory; asked of the z3 module only when z3 is loaded (a crash before any
    solver ran cannot be z3's)."""
    if "z3" not in sys.modules:
        return False
    from verifier.smt.z3context import is_out_of_memory
    return is_out_of_memory(e)


def _solver_interrupted(e: BaseException) -> bool:
    """z3's "canceled" (an interrupt or a limit reached a call outside a check)."""
    if "z3" not in sys.modules:
        return False
    from verifier.smt.z3context import is_interrupted
    return is_interrupted(e)
