"""The round loop that Legion (`legion.py`) and inertial refinement (`inertial.py`) share:
each round asks ONE query with every open call site blocked, and either decides or names
the blocked sites to inline.

`run_rounds` deepens the bound 1..N as `si` does, calls the strategy's `step` once per
round and inlines the sites it names; a step that names none ends the bound (no bug within
it), or the run (a proof for every bound) when no site beyond the bound took part.  After
the last bound the all-summarized query (`bounded_or_proved`) turns BOUNDED into CORRECT
where it can.

`blocked_query` is the round's query and what both strategies do with its SAT and UNKNOWN
answers: SAT is a bug (trace built and re-checked, `CallTree.bug_result`); UNKNOWN is never
a verdict -- a candidate model gives a bug only if its trace re-checks, a timeout is
UNKNOWN, and any other UNKNOWN (no core: z3's incomplete quantifier instantiation on SMACK's
memory axioms) makes the round one step of `si` instead (`over_step`, Corral's OverRefSI).
Only an UNSAT answer is left to the strategy, with its core.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from verifier.search.call_tree import Budget, CallTree, OpenSite, bounded_or_proved, unknown_result
from verifier.result import Result, UnknownKind, Verdict
from verifier.smt.solver import CheckResult, Term
from verifier.traces.trace import PathError, model_path, open_sites_on_path

# a round's outcome: a verdict, or the open sites to inline (none: no bug within the bound)
# and whether a site beyond the bound took part in the proof
Step = tuple[Result | None, list[OpenSite], bool]
# called with the open sites each round inlines (tests reproduce the papers' examples)
RoundHook = Callable[[list[OpenSite]], None]


def run_rounds(tree: CallTree, budget: Budget, step: Callable[[int], Step], proved: str,
               on_round: RoundHook | None = None,
               before: Callable[[int], None] | None = None) -> Result:
    """Deepen the bound, one `step(bound)` per round; `proved` is the CORRECT reason when a
    step proves the program for every bound; `before(bound)` runs before each round."""
    opts = tree.opts
    bounds = range(1, opts.bound + 1) if opts.deepening and opts.bound > 1 else [opts.bound]
    for bound in bounds:
        while True:
            if before is not None:
                before(bound)
            r, todo, beyond = step(bound)
            if isinstance(r, Result):
                return r
            if not todo:
                if not beyond:
                    return Result(Verdict.CORRECT, proved)
                break           # no bug within this bound
            if on_round is not None:
                on_round(todo)
            for o in todo:
                tree.inline(o.inst, o.site.index)
    return bounded_or_proved(tree, budget)


@dataclass(frozen=True, slots=True)
class Blocked:
    """An UNSAT blocked query: the sites beyond the bound (`fixed`, literals first in the
    query) and within it (`free`), the core's literal indexes into fixed + free, and the
    query's work (work seconds: the caps of what follows are multiples of it)."""
    fixed: tuple[OpenSite, ...]
    free: tuple[OpenSite, ...]
    core: tuple[int, ...]
    work: float

    @property
    def hard(self) -> list[Term]:
        return [o.neg for o in self.fixed]


def blocked_query(tree: CallTree, budget: Budget, bound: int, minimize: bool = False,
                  on_fallback: Callable[[], None] | None = None
                  ) -> tuple[Step | None, Blocked | None]:
    """The round's query with every open site blocked (`minimize`: z3's core.minimize).
    A decided round (SAT, UNKNOWN) gives its `Step`; UNSAT gives None and the `Blocked`
    query.  `on_fallback` is told when an UNKNOWN round becomes an `over_step`."""
    s = tree.solver
    sites = list(tree.open.values())
    fixed = tuple(o for o in sites if tree.beyond(o, bound))
    free = tuple(o for o in sites if not tree.beyond(o, bound))
    lits = [o.neg for o in fixed] + [o.neg for o in free]
    w0 = s.work()
    r, core = s.check_core(lits, budget.timeout(), minimize=minimize)
    work = s.work() - w0
    if r is CheckResult.SAT:
        return (tree.bug_result(budget, lits), [], False), None
    if r is CheckResult.UNKNOWN:
        unknown = unknown_result(s, "under-approximation")
        if s.has_model():
            res = tree.bug_result(budget, lits)
            if res.verdict is Verdict.BUG:
                return (res, [], False), None
        if unknown.kind is UnknownKind.TIMEOUT:
            return (unknown, [], False), None
        if on_fallback is not None:
            on_fallback()
        return over_step(tree, budget, bound, unknown), None
    return None, Blocked(fixed, free, tuple(core), work)


def over_step(tree: CallTree, budget: Budget, bound: int, unknown: Result) -> Step:
    """After an undecided under-approximate query: CORRAL's over-approximate query (sites
    beyond the bound blocked, the others summarized).  UNSAT: no bug within the bound (a
    proof if nothing was blocked).  Otherwise the open sites on its model's path, else
    every open site within the bound, are the ones to inline (inlining is always sound);
    none left: the under-approximation's UNKNOWN stands."""
    s = tree.solver
    over = tree.blocking(bound)
    r = s.check(over, budget.timeout(), work=tree.opts.over_query_work)
    if r is CheckResult.UNSAT:
        return None, [], bool(over)
    todo: list[OpenSite] = []
    if s.has_model():
        try:
            on_path = {(inst.id, site) for inst, site in
                       open_sites_on_path(model_path(s, tree.root))}
        except PathError:
            on_path = set()
        todo = [o for key, o in tree.open.items() if key in on_path]
        if not todo and r is CheckResult.SAT:
            return tree.bug_result(budget, over), [], False
    if not todo:
        todo = [o for o in tree.open.values() if not tree.beyond(o, bound)]
    if not todo:
        return unknown, [], False
    return None, todo, False
