"""`--all-properties`: every property's status, not just the first failure.

Role: the search loop of CBMC's `--all-properties` over the engine's one door
(`engine.verify`, so every strategy and the portfolio work the same): number every
assertion (the front ends' checks have `{:property}` ids; the program's own assertions get
`{:assertion "F.assertion.N"}`, frontend/properties.py `number_assertions`), search; a bug
names the assertion that failed (`Trace.check`); that property is FAILURE with the
re-checked trace, its assertion becomes an assumption (`block_check`) and the search starts
again, until a search ends without a bug.  That last answer settles the rest: CORRECT
makes them SUCCESS (proved for every bound), BOUNDED makes them UNKNOWN (no failure within
the bound: not a proof), UNKNOWN leaves them UNKNOWN with its reason.

Semantics (CBMC's): a property found failing is assumed afterwards, so a later FAILURE is
a run on which every property found before holds, and a SUCCESS means that no run violates
it before violating another property.  The overall verdict is BUG when some property
fails (the first failure's trace is the result's trace), else the last search's verdict.
The run's deadline (`opts.deadline`) covers all the searches together.
"""
from __future__ import annotations

from dataclasses import replace

from boogie.ast import Program
from frontend.properties import block_check, number_assertions, property_sites

from verifier.deadline import MIN_SLICE_S
from verifier.options import VerifyOptions
from verifier.progress import Progress
from verifier.result import (FAILURE, SUCCESS, UNDECIDED, PropertyOutcome, Result, UnknownKind,
                     Verdict)
from verifier.stats import Stats


def verify_all(program: Program, opts: VerifyOptions, verify,
               progress: Progress | None = None) -> Result:
    """Every property of `program` (numbered by the front end), each FAILURE, SUCCESS or
    UNKNOWN; `verify` is the engine's door (`engine.verify`, passed in by the caller)."""
    program = number_assertions(program)
    sites = {s.id: s for s in property_sites(program)}
    opts = opts.started()           # one deadline for all the searches
    failures: dict[str, Result] = {}
    possible: dict[str, Result] = {}    # a possible bug: undecided, and the search goes on
    stats = Stats()
    while True:
        left = opts.deadline.left()
        if left is not None and left <= MIN_SLICE_S:
            last = Result(Verdict.UNKNOWN, "timeout", kind=UnknownKind.TIMEOUT)
            break
        last = verify(program, opts, progress)
        stats = stats + last.stats
        if not last.verdict.has_trace:
            break
        ident = last.trace.check
        if ident not in sites or ident in failures or ident in possible:
            # a failure the loop cannot name (an assertion the verifier added itself): it
            # is reported, and what it hides stays undecided
            break
        (failures if last.verdict is Verdict.BUG else possible)[ident] = last
        program = block_check(program, ident)
    return _summary(sites, failures, last, stats, possible)


def _summary(sites, failures: dict[str, Result], last: Result, stats: Stats,
             possible: dict[str, Result] | None = None) -> Result:
    rows = []
    possible = possible or {}
    for ident, site in sites.items():
        if ident in failures:
            rows.append(PropertyOutcome(site, FAILURE, "", failures[ident].trace))
        elif ident in possible:
            rows.append(PropertyOutcome(site, UNDECIDED,
                                        f"possible bug ({possible[ident].reason})"))
        else:
            rows.append(PropertyOutcome(site, *_rest(last)))
    if not failures and possible:
        first = next(iter(possible.values()))
        return replace(first, stats=stats, properties=tuple(rows))
    if failures:
        first = next(iter(failures.values()))
        unnamed = last.verdict is Verdict.BUG and last.trace.check not in failures
        reason = "" if not unnamed else \
            "a further failure of an assertion without an id stopped the search"
        return replace(first, reason=reason, stats=stats, properties=tuple(rows))
    return replace(last, stats=stats, properties=tuple(rows))


def _rest(last: Result) -> tuple[str, str]:
    """The status and detail of the properties not found failing."""
    if last.verdict is Verdict.CORRECT:
        return SUCCESS, "proved"
    if last.verdict is Verdict.BOUNDED:
        return UNDECIDED, f"bounded: no failure within bound {last.stats.bound}"
    if last.verdict.has_trace:
        return UNDECIDED, "not decided: the search stopped at a failure without an id"
    return UNDECIDED, last.reason or "not decided"


def replay_each(result: Result, replay) -> Result:
    """Each FAILURE replayed natively (`replay(Result) -> Result`, the CLI's replay of a C
    bug): a failure that the program does not reproduce becomes UNKNOWN with the replay's
    reason; the detail of the others says what the replay found.  With no failure left,
    the verdict is UNKNOWN."""
    rows, first = [], None
    for row in result.properties:
        if row.status != FAILURE:
            rows.append(row)
            continue
        r = replay(Result(Verdict.BUG, trace=row.trace))
        if r.verdict is not Verdict.BUG:
            rows.append(replace(row, status=UNDECIDED, detail=r.reason, trace=None))
            continue
        rows.append(replace(row, detail=r.stats.replay_line or ""))
        first = first or r
    if first is None:
        return Result(Verdict.UNKNOWN, "native replay reproduced none of the failures",
                      kind=UnknownKind.NOT_REPLAYED, stats=result.stats,
                      properties=tuple(rows), externals=result.externals)
    return replace(result, trace=first.trace, properties=tuple(rows),
                   stats=result.stats + Stats(replay=first.stats.replay,
                                              replay_line=first.stats.replay_line))
