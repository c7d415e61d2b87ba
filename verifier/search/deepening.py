"""Iterative deepening of the bound: search until a bug, a proof, or the time budget.

`deepen(program, opts, run)`: the bounds 1, 2, 4, ... up to `opts.deepen_to`, each a
fresh bounded search (`run(program, opts at that bound)`, the engine's single-strategy
run) within the run's one deadline (`opts.deadline`).  A bug or a proof at any bound is
the answer.  A bound searched completely without either ("no bug within bound b") moves
on to the next.  A bound whose answer is a bug found only through an over-approximated
operation may be searched again on another program (`retry`: SV-COMP mode's switch from
the integer to the exact bit-vector encoding).  When the budget runs out (or a deeper
search stops at a limit) after bound b was searched completely, the answer is BOUNDED at
b with b's cut-off loops and recursive functions -- what was not covered -- and says why
the search stopped; before any bound was searched completely it is the unknown of the
interrupted search.  The same holds when the run guard's deadline (`DeadlineExceeded`)
interrupts a deeper bound's search.  An internal error is never turned into a bounded
answer.  Each bound's over-approximate queries get at most a tenth of the work left of
the run's nominal budget (`_over_cap`: work seconds, counted by the solvers, so that the
load does not change the cap).  `progress(bound)` is told each bound as it starts, and
`checkpoint(result)` -- after each bound searched completely, before the next -- what
the answer is if the run is stopped now (a portfolio member sends it to the portfolio,
which keeps it if it has to kill the member: `portfolio.interim`).

This is the default of `pycorral check` (no `--bound`), and SV-COMP mode's bug search
(`svcomp.svcomp_mode._deepen`, with `retry` and `note`).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable

from verifier.deadline import MIN_SLICE_S, DeadlineExceeded
from verifier.limits import OVER_QUERY_FLOOR_WORK, OVER_QUERY_SHARE
from verifier.options import VerifyOptions
from verifier.result import Result, UnknownKind, Verdict
from verifier.smt.factory import work_done
from verifier.stats import Stats


OUT_OF_TIME = "the time budget ran out"


def schedule(max_bound: int) -> list[int]:
    """1, 2, 4, ... and `max_bound` itself last."""
    out, b = [], 1
    while b < max_bound:
        out.append(b)
        b *= 2
    return out + [max_bound]


def deepen(program: Any, opts: VerifyOptions, run: Callable[[Any, VerifyOptions], Result],
           progress: Callable[[int], None] | None = None,
           checkpoint: Callable[[Result], None] | None = None,
           retry: Callable[[Result], Any] | None = None,
           note: Callable[[int, Result], None] | None = None) -> Result:
    """See the module docstring.  `retry(result)` (optional) is asked when a bound's
    answer is an unconfirmed bug through an over-approximated operation: a program to
    search the same bound again (SV-COMP mode's exact bit-vector encoding), or None;
    `note(bound, result)` is told each bound's own answer (SV-COMP mode's attempts)."""
    assert opts.deepen_to is not None and opts.deepen_to >= 1, "a bound to deepen to"
    opts, w0 = opts.started(), work_done()
    last: Result | None = None          # the deepest bound searched completely
    tried: list[int] = []
    stats = Stats()
    bounds = schedule(opts.deepen_to)
    k = 0
    while k < len(bounds):
        bound = bounds[k]
        left = opts.deadline.left()
        if left is not None and left <= MIN_SLICE_S:
            return _stopped(last, tried, stats, OUT_OF_TIME)
        if progress is not None:
            progress(bound)
        if not tried or tried[-1] != bound:
            tried.append(bound)
        try:
            result = run(program, replace(opts, bound=bound, deepening=False, deepen_to=None,
                                          over_query_work=_over_cap(
                                              opts, work_done() - w0)))
        except DeadlineExceeded:
            # the run guard's deadline (a little after the engine's own) interrupted the
            # deeper search before it could stop by itself -- seen under load on the ldv
            # tasks, where the bounds already searched were lost to "timeout"; they stand
            if last is None:
                raise
            return _stopped(last, tried, stats, OUT_OF_TIME)
        stats = stats + result.stats
        if note is not None:
            note(bound, result)
        if result.verdict in (Verdict.BUG, Verdict.POSSIBLE_BUG, Verdict.CORRECT):
            return _with(result, stats, tried)
        if result.verdict is Verdict.BOUNDED:
            last = result
            if checkpoint is not None and k + 1 < len(bounds):
                checkpoint(_stopped(last, tried + [bounds[k + 1]], stats, OUT_OF_TIME))
            k += 1
            continue
        # UNKNOWN at this bound
        if retry is not None and result.kind is UnknownKind.OVER_APPROXIMATION:
            again = retry(result)
            if again is not None:       # the same bound, another encoding of the program
                program = again
                continue
        if last is None or result.kind in (UnknownKind.INTERNAL, UnknownKind.UNSUPPORTED):
            return _with(result, stats, tried)
        why = OUT_OF_TIME if result.kind is UnknownKind.TIMEOUT else result.reason
        return _stopped(last, tried, stats, why)
    assert last is not None, "the last bound was searched completely"
    return _with(replace(last, reason=f"no bug found within bound {last.stats.bound} "
                                      "(the largest bound deepened to)"), stats, tried)


def _over_cap(opts: VerifyOptions, spent: float) -> float | None:
    """A bound's over-approximate queries (they guide inlining, and the last one tries a
    proof for every bound) get at most a tenth of the work left of the nominal budget
    after the `spent` work of the bounds before: a hard one at every bound would spend
    the budget the deeper bounds need (the prover runs beside the search)."""
    cap = opts.over_query_work
    budget = opts.nominal_budget()
    if budget is None:
        return cap
    share = max(OVER_QUERY_FLOOR_WORK, OVER_QUERY_SHARE * (budget - spent))
    return share if cap is None else min(cap, share)


def _with(result: Result, stats: Stats, tried: list[int]) -> Result:
    stats = stats + Stats(bounds_tried=tuple(tried))
    stats.bound = result.stats.bound
    return replace(result, stats=stats)


def _stopped(last: Result | None, tried: list[int], stats: Stats, why: str) -> Result:
    if last is None:
        return _with(Result(Verdict.UNKNOWN, "timeout", kind=UnknownKind.TIMEOUT), stats,
                     tried)
    b = last.stats.bound
    nxt = next((t for t in tried if t > b), None)
    reason = f"no bug found within bound {b}; {why}" + \
        (f" while searching bound {nxt}" if nxt is not None else "")
    out = _with(replace(last, reason=reason), stats, tried)
    out.stats.bound = b
    return out
