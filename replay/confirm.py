"""The CLI's native check of a bug verdict: which replay judges which violation.

Role: the one entry `confirm(paths, result, ...)` used by `pycorral check` (and the
difftest driver).  A trace of the program's own assertion (or `reach_error`, or a
typestate rule) is replayed by replay/native.py; a violated property check
(frontend/properties.py: `Violation.kind == "property"`) by replay/sanitizer.py, under
AddressSanitizer and UBSan.  A bug of a concurrent program (the verifier's
`context_bound` is set) is replayed under the trace's thread schedule by
replay/threads.py.  Other verdicts have nothing to replay; nor has a failure inside the
pthread model (frontend/include/pycorral_pthread.c: the system's library does not check
those misuses), nor a property or rule violation of a concurrent program.  Replay trouble
never changes a verdict silently: an unexpected exception is the outcome "error".
"""
from __future__ import annotations

import os
import re
from collections.abc import Sequence

from boogie.passes.sequentialize import FAILED
from frontend.cflags import BuildFlags
from frontend.models import PTHREAD_FILE
from verifier.result import Result, TraceStep, Verdict

from .native import ReplayOutcome, replay_trace
from .sanitizer import replay_property
from .threads import replay_threads


def _model_failure(result: Result) -> TraceStep | None:
    """The failing check when it is the pthread model's own (a sequentialized trace shows
    it as its first `cs#assert_failed` block, a sequential one as its fail step)."""
    steps = result.trace.steps
    fail = next((s for s in steps if s.kind == "block" and s.label.startswith(FAILED)),
                None) if result.context_bound is not None else None
    fail = fail or next((s for s in steps if s.kind == "fail"), None)
    return fail if fail is not None and os.path.basename(fail.file) == PTHREAD_FILE.name \
        else None


def _not_the_program_check(paths, trace, **kw) -> ReplayOutcome:
    return ReplayOutcome("not_replayable", "thread schedule: only a failing check of the "
                         f"program itself is replayed under a schedule, not a "
                         f"{trace.violation.kind} violation; the verdict rests on the "
                         "re-checked trace")


def confirm(paths: Sequence[str], result: Result, *, data_model: str = "ILP32",
            timeout: float = 10.0, cflags: BuildFlags = BuildFlags(),
            entry: str | None = None, stubs: tuple[str, ...] = ()) -> ReplayOutcome:
    """The CLI's check of a (possible) bug verdict on C input (other verdicts:
    not_replayable)."""
    if not result.verdict.has_trace or result.trace is None:
        return ReplayOutcome("not_replayable", f"no bug to replay (verdict "
                                               f"{result.verdict.value})")
    misuse = _model_failure(result)
    if misuse is not None:
        # a misuse of the thread API the model checks (e.g. locking an uninitialised
        # mutex): the system's pthread library does not report it
        rule = posix_rule(misuse.line)
        return ReplayOutcome("not_replayable", "a thread API misuse that pycorral's pthread "
                             "model checks and the system's library does not report"
                             + (f" ({rule})" if rule else "")
                             + "; the verdict rests on the re-checked trace")
    v = result.trace.violation
    if result.context_bound is not None:
        # the program's threads run as the trace schedules them (replay/threads.py)
        replay = replay_threads if v is None else _not_the_program_check
    else:
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
