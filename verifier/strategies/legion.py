"""Turns a prepared program into a verdict by under-approximation widening (Legion's
UnderWidenSI: seed paper 001, Sec. 3.1 and Algorithm 3 of Sec. 4.1).

Stratified inlining (`si`) refines an over-approximation with counterexamples; this
strategy widens an under-approximation with proofs.  Each round asks ONE query on the call
tree's incremental solver: every open call site blocked behind its own literal (`!c`, the
site's `neg`), as assumptions.
* SAT: the model's path runs through inlined code only -- a bug (trace built and
  re-checked, `CallTree.bug_result`).
* UNSAT: z3's unsat core over the blocking literals, minimized (`minimize_core`), names the
  blocked sites the proof needs; exactly those are inlined (the widening) and the round
  repeats.  Sites beyond the current bound (`CallTree.beyond`) can never be inlined at this
  bound: they are blocked in every query and only the core's literals of sites within the
  bound are minimized and inlined.
* A core without a literal of a site within the bound: no bug within the bound.  If it has
  no blocking literal at all, the asserted formula (every open site summarized: outputs and
  modified globals havocked, Houdini summaries assumed) is unsatisfiable by itself: the
  program is correct for every bound (the paper's "uc holds no blocked call site"); the
  engine re-checks that proof on a fresh solver (`corral_loop.recheck_proof`).
The bound is deepened 1..N as `si` does; after the last bound the all-summarized query
(`bounded_or_proved`) turns BOUNDED into CORRECT where it can.  A solver UNKNOWN is never a
verdict: a candidate model gives a bug only if its trace re-checks.  An UNKNOWN that is not
a timeout has no core (z3's incomplete quantifier instantiation on SMACK's memory axioms
does this on the ldv-bpl drivers): that round is one step of `si` instead
(`blocked_rounds.over_step`: the over-approximate query's UNSAT settles the bound, else the
open sites on its model's path are inlined).  The round loop and the blocked query are
shared with inertial refinement (`blocked_rounds`).

Core minimization (`VerifyOptions.core_minimize`):
* "deletion" (default): drop one literal at a time and ask again with the rest (each UNSAT
  answer's own core shrinks the set further), under a work cap of `MINIMIZE_FACTOR` times
  the round's query's work (at least `MINIMIZE_FLOOR_WORK` work seconds,
  verifier/limits.py); when the cap is reached the
  core found so far is used (any core is sound to inline, only possibly larger).  A core of
  one site is taken as it is: dropping it would ask whether the bound is settled without
  any site within it, a query as hard as the next round's, which follows the inlining;
* "z3": z3's own `core.minimize` (no guarantee of minimality, no extra queries);
* "none": z3's core as it comes.
The statistics count rounds, core literals before and after minimization, and the time and
queries minimization took (`legion_*` in `stats.Stats`).
"""
from __future__ import annotations

import time
from dataclasses import replace

from verifier.search.call_tree import Budget, CallTree, OpenSite
from verifier.limits import MINIMIZE_FACTOR, MINIMIZE_FLOOR_WORK
from verifier.result import Result
from verifier.smt.solver import CheckResult, Term
from verifier.stats import Stats
from verifier.strategies.blocked_rounds import RoundHook, Step, blocked_query, run_rounds



class Legion:
    """`--strategy legion`: UnderWidenSI with iterative deepening."""
    name = "legion"
    abstraction = True
    rechecks_proofs = False

    def run(self, tree: CallTree, budget: Budget) -> Result:
        return run_legion(tree, budget)


def run_legion(tree: CallTree, budget: Budget, on_round: RoundHook | None = None) -> Result:
    st = Stats(legion_rounds=0, legion_core_literals=0, legion_core_minimized=0,
               legion_minimize_queries=0, legion_minimize_time=0.0)
    r = run_rounds(tree, budget, lambda bound: _round(tree, budget, bound, st),
                   "proved for every bound (unsat core without blocked call sites)", on_round)
    return _with(r, st)


def _round(tree: CallTree, budget: Budget, bound: int, st: Stats) -> Step:
    """One UnderWidenStep: a verdict, or the sites within `bound` to inline (none: no bug
    within the bound) and whether the core holds a site beyond the bound."""
    st.legion_rounds += 1
    minimize = tree.opts.core_minimize
    decided, q = blocked_query(tree, budget, bound, minimize=minimize == "z3")
    if decided is not None:
        return decided
    n = len(q.fixed)
    beyond = any(i < n for i in q.core)
    chosen = [q.free[i - n] for i in q.core if i >= n]
    st.legion_core_literals += len(chosen)
    if minimize == "deletion" and len(chosen) > 1:
        t1 = time.perf_counter()
        cap = max(MINIMIZE_FLOOR_WORK, MINIMIZE_FACTOR * q.work)
        chosen, beyond2 = minimize_core(tree, budget, q.hard, chosen, cap, st)
        beyond = beyond or beyond2
        st.legion_minimize_time += time.perf_counter() - t1
    st.legion_core_minimized += len(chosen)
    return None, chosen, beyond


def minimize_core(tree: CallTree, budget: Budget, fixed: list[Term], core: list[OpenSite],
                  cap: float, st: Stats) -> tuple[list[OpenSite], bool]:
    """Deletion-based minimization of `core` (sites whose blocking, with `fixed` always
    blocked, is unsatisfiable): each site in turn is unblocked and the query asked again;
    UNSAT drops it (and whatever the new core leaves out).  Stops when its queries have
    done `cap` work seconds, with the core found so far, which is still a core.  Also says
    whether a core of the minimization needed a fixed literal."""
    s = tree.solver
    keep = list(core)
    beyond = False
    i = 0
    w0 = s.work()
    while i < len(keep):
        left = cap - (s.work() - w0)
        if left <= 0:
            break
        rest = keep[:i] + keep[i + 1:]
        lits = fixed + [o.neg for o in rest]
        st.legion_minimize_queries += 1
        r, idx = s.check_core(lits, budget.timeout(), work=left)
        if r is CheckResult.UNSAT:
            n = len(fixed)
            beyond = beyond or any(j < n for j in idx)
            used = {j - n for j in idx if j >= n}
            # the sites before i were kept because dropping them alone was SAT: a new
            # core may still leave them out (then it is smaller, and still a core)
            keep = [o for j, o in enumerate(rest) if j in used]
            i = sum(1 for j in range(min(i, len(rest))) if j in used)
        else:
            i += 1
    return keep, beyond


def _with(result: Result, st: Stats) -> Result:
    st.legion_minimize_time = round(st.legion_minimize_time, 3)
    return replace(result, stats=result.stats + st)
