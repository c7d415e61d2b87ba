"""The solver's measurement knobs as one typed, frozen view, read from the environment at
the edge.

Role: the `PYCORRAL_*` variables below tune the z3 backend (`z3session.py`, `z3work.py`,
`z3context.py`) for measurements; none changes what a verdict means.  They are read once,
by `settings_from_environment()`, when the factory opens a solver (`factory.open_solver`)
or where a caller (the CLI) builds its `SolverLimits`, never at import, and handed to the
backend inside `SolverLimits.settings`.  Inner caps stay work seconds (verifier/limits.py).

* PYCORRAL_ARITH_SOLVER: z3's arithmetic solver for the SMT core ("default": z3's own
  choice).  2, the simplex solver z3 had before its current default, halves the time on
  SMACK's flat memory model (Corral's regression/smack/a.bpl with `--strategy si`: 10.5 ->
  4.2 s CPU) and measured level on a few svcomp and ldv tasks, but it gives up on
  nonlinear arithmetic that the default decides ("incomplete (theory arithmetic)"), so it
  is not the default: that needs a fall-back to the default solver on such an answer.
* PYCORRAL_ONE_SHOT_AFTER / _SOON / _MAX: the work (work seconds) a check under
  assumptions gets in z3's incremental core before the rest goes to the same query asked
  once (`Z3Solver.check`): AFTER before the core has decided a check, then three times
  the most work of its recent decided checks within SOON .. MAX; AFTER 0: never.
* PYCORRAL_INCREMENTAL_FALLBACK: a check without assumptions on a solver in incremental
  use: the core's work before the one-shot query; 0: z3's core alone.
* PYCORRAL_QUERY_LOG=DIR, PYCORRAL_QUERY_DUMP_S: the query log (`z3work.log_query`).
* PYCORRAL_RIVALS: the solvers that race z3 on a query it does not answer quickly
  (`rival.py`), a comma-separated subset of "bitwuzla,cvc5" (the default: both, where
  installed); "none": z3 alone (to measure the difference).
* PYCORRAL_FREE_CONTEXTS_AT_ONCE=1: a dead z3 context is freed in its finalizer rather
  than at the next `new_context` (`z3context.py`, to measure the difference).
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Mapping

from verifier import limits as _limits


@dataclass(frozen=True, slots=True)
class SolverSettings:
    """The z3 backend's measurement knobs (the defaults: no variable set)."""
    arith_solver: int | None = None         # z3's arith.solver (None: z3's default)
    one_shot_after: float = _limits.ONE_SHOT_AFTER_WORK
    one_shot_soon: float = _limits.ONE_SHOT_SOON_WORK
    one_shot_max: float = _limits.ONE_SHOT_MAX_WORK
    incremental_fallback: float = _limits.INCREMENTAL_FALLBACK_WORK
    query_log: str | None = None            # a directory: log every check there
    query_dump_s: float = 2.0               # ... and dump a check slower than this
    free_contexts_at_once: bool = False
    rivals: tuple[str, ...] = ("bitwuzla", "cvc5")  # rival.py (those installed race)


def settings_from_environment(environ: Mapping[str, str] | None = None) -> SolverSettings:
    """The settings the `PYCORRAL_*` variables of `environ` (the process's) give."""
    env = os.environ if environ is None else environ
    d = SolverSettings()
    arith = env.get("PYCORRAL_ARITH_SOLVER", "default")
    return SolverSettings(
        arith_solver=None if arith == "default" else int(arith),
        one_shot_after=float(env.get("PYCORRAL_ONE_SHOT_AFTER", d.one_shot_after)),
        one_shot_soon=float(env.get("PYCORRAL_ONE_SHOT_SOON", d.one_shot_soon)),
        one_shot_max=float(env.get("PYCORRAL_ONE_SHOT_MAX", d.one_shot_max)),
        incremental_fallback=float(env.get("PYCORRAL_INCREMENTAL_FALLBACK",
                                           d.incremental_fallback)),
        query_log=env.get("PYCORRAL_QUERY_LOG"),
        query_dump_s=float(env.get("PYCORRAL_QUERY_DUMP_S", d.query_dump_s)),
        free_contexts_at_once=env.get("PYCORRAL_FREE_CONTEXTS_AT_ONCE", "") not in ("", "0"),
        rivals=_rivals(env.get("PYCORRAL_RIVALS"), d.rivals))


def _rivals(text: str | None, default: tuple[str, ...]) -> tuple[str, ...]:
    if text is None:
        return default
    names = tuple(n.strip() for n in text.split(",") if n.strip() and n.strip() != "none")
    for n in names:
        if n not in default:
            raise ValueError(f"PYCORRAL_RIVALS: unknown solver {n!r} (known: {', '.join(default)})")
    return names
