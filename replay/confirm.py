"""The CLI's native check of a bug verdict: which replay judges which violation.

Role: the one entry `confirm(paths, result, ...)` used by `pycorral check` (and the
difftest driver).  A trace of the program's own assertion (or `reach_error`, or a
typestate rule) is replayed by replay/native.py; a violated property check
(frontend/properties.py: `Violation.kind == "property"`) by replay/sanitizer.py, under
AddressSanitizer and UBSan.  Other verdicts have nothing to replay; nor has a bug of a concurrent program (the
verifier's `context_bound` is set: no native run can force its thread schedule), nor a
failure inside the pthread model (frontend/include/pycorral_pthread.c: the system's
library does not check those misuses).  Replay trouble never changes a verdict silently:
an unexpected exception is the outcome "error".
"""
from __future__ import annotations

import os
import re
from collections.abc import Sequence

from frontend.cflags import BuildFlags
from frontend.models import PTHREAD_FILE
from verifier.result import Result, Verdict

from .native import ReplayOutcome, replay_trace
from .sanitizer import replay_property


def confirm(paths: Sequence[str], result: Result, *, data_model: str = "ILP32",
            timeout: float = 10.0, cflags: BuildFlags = BuildFlags(),
            entry: str | None = None, stubs: tuple[str, ...] = ()) -> ReplayOutcome:
    """The CLI's check of a bug verdict on C input (other verdicts: not_replayable)."""
    if result.verdict is not Verdict.BUG or result.trace is None:
        return ReplayOutcome("not_replayable", f"no bug to replay (verdict "
                                               f"{result.verdict.value})")
    if result.context_bound is not None:
        # a native run cannot be made to follow the trace's interleaving of threads
        return ReplayOutcome("not_replayable", "thread schedule: a native run cannot force "
                             "the trace's interleaving of the threads; the verdict rests on "
                             "the re-checked trace")
    misuse = [s for s in result.trace.steps
              if s.kind == "fail" and os.path.basename(s.file) == PTHREAD_FILE.name]
    if misuse:
        # a misuse of the thread API the model checks (e.g. locking an uninitialised
        # mutex): the system's pthread library does not report it
        rule = posix_rule(misuse[0].line)
        return ReplayOutcome("not_replayable", "a thread API misuse that pycorral's pthread "
                             "model checks and the system's library does not report"
                             + (f" ({rule})" if rule else "")
                             + "; the verdict rests on the re-checked trace")
    v = result.trace.violation
    replay = replay_property if v is not None and v.kind == "property" else replay_trace
    try:
        return replay(paths, result.trace, data_model=data_model, timeout=timeout,
                      cflags=cflags, entry=entry, stubs=stubs)
    except Exception as e:  # noqa: BLE001 - replay trouble never changes a verdict silently
        return ReplayOutcome("error", f"internal error in replay: {type(e).__name__}: {e}")


_RULE = re.compile(r'POSIX_RULE\(.*,\s*"([^"]*)"\)')


def posix_rule(line: int) -> str:
    """The rule a failing check of the pthread model states (its `POSIX_RULE(ok, "rule")`
    on that line of frontend/include/pycorral_pthread.c), or ""."""
    try:
        text = PTHREAD_FILE.read_text().splitlines()[line - 1]
    except (OSError, IndexError):
        return ""
    m = _RULE.search(text)
    return m.group(1) if m else ""
