"""The search again, assuming no undefined behaviour, after a trace ran into it natively.

Role: one step of `check` after native replay (pycorral/run.py `check_one`).  A bug of C
input whose replay is "not reached" because the native run stopped on undefined
behaviour (zig's runtime checks in the ILP32 build, or a signal: SIGSEGV, SIGFPE) before
the error is not reported: the model let an invalid access or a division by zero go on,
the machine did not.  Often the bug is real and only the inputs were unlucky -- SV-COMP's
kbfiltr_false picks an index `i` of `DriverObject->MajorFunction[i]` far outside the array,
when any index inside it reaches the error too.  So the program is loaded again with the
checks of that undefined behaviour instrumented as *assumptions*
(`frontend.properties.assume_checks`: array indices inside their arrays and accesses
inside live objects for a memory fault, division-by-zero and signed-overflow checks for an
arithmetic one; only at the line where the native run stopped when its runtime said
where), searched again within what is left of the time, and a bug found is replayed like
any other.

Soundness: the assumptions remove executions, so the second search can only miss bugs, never
invent them: a bug it finds is replayed natively before it is reported and judged like
any other ("confirmed", or "not replayable" when the trace depends on what a native run
cannot fix, e.g. uninitialised memory; a second "not reached" keeps the first unknown).  When it finds none, or does
not finish, the first UNKNOWN stands (its reason says the native run hit undefined
behaviour): "correct" is never concluded under these assumptions.
Inputs: the first result (after replay), the paths, the run's options and the run's
callbacks; output: the result to report.
"""
from __future__ import annotations

import dataclasses
from typing import Any, Callable

from frontend.properties import AssumedChecks
from verifier.result import Result, UnknownKind, Verdict
from verifier.stats import Stats

# the check switches (frontend/properties.py PropertyChecks fields) whose checks describe
# the undefined behaviour a native run stopped on, by words of its crash message
_MEMORY = frozenset({"index", "bounds", "pointer"})
_ARITHMETIC = frozenset({"div_by_zero", "signed_overflow"})
_WORDS = ((("division by zero", "divide by zero", "arithmetic fault"), _ARITHMETIC),
          (("integer overflow", "cannot be represented", "negation of", "shift"),
           frozenset({"signed_overflow"})),
          (("pointer", "memory access", "out of bounds", "index", "misaligned", "offset",
            "alignment"), _MEMORY))


def switches_for(crash: str, at_line: bool) -> frozenset[str]:
    """The check switches covering the undefined behaviour `crash` describes (a zig
    runtime panic or a signal's meaning); all of them for a message we do not know.
    Where the run stopped is not known (`at_line` False, a signal): of the memory checks
    only array indices, assumed everywhere -- that every access is inside a live object
    is too strong an assumption for programs (drivers' harnesses) that run fine natively
    with other invalid accesses."""
    text = crash.lower()
    found = next((switches for words, switches in _WORDS
                  if any(w in text for w in words)), _MEMORY | _ARITHMETIC)
    return found if at_line else found - {"bounds", "pointer"}


def wanted(result: Result, run) -> frozenset[str]:
    """The switches to assume for a retry of `result`, or none when there is nothing to
    retry: the result is not an unreplayed bug with a native crash, the switches are
    already checked (their failure would be the bug), or this is a retry already."""
    crash = result.stats.replay_crash
    if result.verdict is not Verdict.UNKNOWN or result.kind is not UnknownKind.NOT_REPLAYED \
            or not crash or run.assumed_checks:
        return frozenset()
    at_line = result.stats.replay_crash_line is not None
    return frozenset(s for s in switches_for(crash, at_line) if not getattr(run.checks, s))


def retry(result: Result, run, search: Callable, replay: Callable
          ) -> tuple[Result, Any]:
    """`result` (an unreplayed bug whose native run crashed), searched again with the
    checks of that crash assumed: `search(run2)` is the guarded check of the same paths
    with the options `run2` (a result and the bound and strategy shown with it),
    `replay(result2)` its native replay.  The new bug (and its shown bound and strategy)
    when its replay keeps it a bug, else `result` with the attempt recorded (and None)."""
    switches = wanted(result, run)
    if not switches:
        return result, None
    checks = dataclasses.replace(run.checks, **{s: True for s in switches})
    # only the checks on the line the native run stopped at, when the runtime said it:
    # elsewhere the program may have undefined behaviour the machine lets go on
    line = result.stats.replay_crash_line
    assumed = AssumedChecks(switches, frozenset({line}) if line else frozenset())
    # quiet: the front end's notes were printed by the first load
    second, shown = search(dataclasses.replace(run, checks=checks, quiet=True,
                                                assumed_checks=assumed))
    tried = Stats(ub_retry=tuple(sorted(switches)))
    if second.verdict in (Verdict.BUG, Verdict.POSSIBLE_BUG):
        replayed = replay(second)
        # confirmed, or not replayable as any bug; a possible bug stays one
        if replayed.verdict in (Verdict.BUG, Verdict.POSSIBLE_BUG):
            where = f" at line {line}" if line else ""
            said = (f"{replayed.stats.replay_line} (found by a second search that assumed "
                    f"no {_described(switches)}{where}: the first trace's native run "
                    f"stopped on {result.stats.replay_crash})")
            return dataclasses.replace(replayed, stats=result.stats + replayed.stats + tried
                                       + Stats(replay_line=said)), shown
        outcome = f"its bug was not confirmed ({replayed.stats.replay_line})"
    elif second.verdict is Verdict.UNKNOWN:
        outcome = f"it ended unknown ({second.reason})"
    else:
        outcome = f"it found no bug ({second.verdict.value}" + \
            (f": {second.reason})" if second.reason else ")")
    where = f" at line {line}" if line else ""
    reason = (f"{result.reason}; a second search assuming no {_described(switches)}{where} "
              f"was tried: {outcome}")
    return dataclasses.replace(result, reason=reason, stats=result.stats + tried), None


def _described(switches: frozenset[str]) -> str:
    words = {"index": "array index out of bounds", "bounds": "out-of-bounds access",
             "pointer": "invalid pointer access",
             "div_by_zero": "division by zero", "signed_overflow": "signed overflow"}
    return " or ".join(words.get(s, s) for s in sorted(switches))
