"""Turns a prepared program into a verdict by inertial refinement (Sinha's REF-IR: seed
paper 003, Sec. IV, Fig. 2 and Algorithm 2).

The paper's placeholders are our open call sites: a site's π-variable is its call literal
`c`, its dependent placeholders Dep(π) the callee's outputs and modified globals, which the
call tree leaves unconstrained (up to Houdini summaries) until the site is inlined.  The
π-constraint of a site is its blocking literal `!c` (`OpenSite.neg`).  Each round:
* BLOCK: one query with every open site blocked.  SAT: the model's path runs through
  inlined code only -- a bug (trace built and re-checked, `CallTree.bug_result`).
* EXPAND: UNSAT.  If the unsat core holds no blocking literal of a site within the bound,
  nothing there can help (no bug within the bound; a proof for every bound if the core
  holds no blocking literal at all).  Otherwise a minimum correcting set (MCS) of the
  blocking literals of the sites within the bound, with those beyond the bound kept
  blocked (hard), through `Solver.min_correction` (`VerifyOptions.inertial_mcs`): z3's
  MaxSAT, or on a quantified formula (which z3's Optimize does not support: SMACK's memory
  axioms) our assumption-based grow, a minimal rather than minimum set.  The MCS sites
  are inlined -- expanding π and Dep(π) together, as inlining binds the callee's
  outputs -- and the round repeats.  No MCS (the hard part alone is UNSAT: even with every site within the
  bound summarized there is no witness): no bug within the bound, the paper's "empty
  φπ, return false".
The MCS is computed under a work cap, `MCS_FACTOR` times the round's blocked query's work
(at least `MCS_FLOOR_WORK` work seconds, verifier/limits.py); past it, or on a solver
UNKNOWN without a timeout, the round is one step of `si` instead
(`blocked_rounds.over_step`: the over-approximate query's counterexample chooses the sites
to inline, Corral's OverRefSI).
The bound is deepened 1..N as `si` does; after the last bound the all-summarized query
(`bounded_or_proved`) turns BOUNDED into CORRECT where it can.  Solver UNKNOWN is never a
verdict.

Sec. IV-A's loop-specific abstraction (`VerifyOptions.inertial_loops`, "split" by
default).  The pipeline extracts a loop into a tail-recursive procedure: entered at the loop
head, it either exits (the loop condition fails) or runs the body and calls itself.  The
paper abstracts a loop by ψ = π0 ∨ π1+ -- the path condition of exiting after zero
iterations, which is part of the abstraction, or a placeholder for one or more iterations.
Here: an open call site that ENTERS a loop (a loop procedure called from another procedure)
is not a placeholder but inlined at once, within the bound (`_enter_loops`); the instance
gives π0 (its exit path) and its own recursive call site is the placeholder π1+.  Expanding
π_k+ (an MCS holding that recursive site) unrolls exactly one more iteration, whose instance
brings the exit after k iterations and the placeholder π_(k+1)+; the rest of the unrolling
stays blocked (tests/data/inertial/loopf.bpl reproduces the paper's example: three MCS
rounds, the witness in the fourth).  "plain" treats a loop entry like any call site (the
whole loop is one placeholder, even zero iterations blocked).

Statistics (`inertial_*` in `stats.Stats`): rounds, MCS computations and their total size
and time, the rounds that fell back to the over-approximation, and the loop entries the
split abstraction inlined without a round.
"""
from __future__ import annotations

import time
from dataclasses import replace

from verifier.search.call_tree import Budget, CallTree, OpenSite
from verifier.limits import MCS_FACTOR, MCS_FLOOR_WORK
from verifier.result import Result, UnknownKind, Verdict
from verifier.smt.solver import CheckResult
from verifier.stats import Stats
from verifier.strategies.blocked_rounds import RoundHook, Step, blocked_query, over_step, run_rounds



class Inertial:
    """`--strategy inertial`: REF-IR with iterative deepening."""
    name = "inertial"
    abstraction = True
    rechecks_proofs = False

    def run(self, tree: CallTree, budget: Budget) -> Result:
        return run_inertial(tree, budget)


def run_inertial(tree: CallTree, budget: Budget, on_round: RoundHook | None = None
                 ) -> Result:
    st = Stats(inertial_rounds=0, inertial_mcs=0, inertial_mcs_size=0,
               inertial_mcs_max=0, inertial_mcs_time=0.0, inertial_fallbacks=0,
               inertial_loop_entries=0)

    def enter_loops(bound: int) -> None:
        st.inertial_loop_entries += _enter_loops(tree, bound)

    r = run_rounds(tree, budget, lambda bound: _round(tree, budget, bound, st),
                   "proved for every bound (no witness with every open call site "
                   "summarized)", on_round,
                   before=enter_loops if tree.opts.inertial_loops == "split" else None)
    return _with(r, st)


def _enter_loops(tree: CallTree, bound: int) -> int:
    """Sec. IV-A: inline every open loop entry within `bound` (a loop procedure called from
    another procedure), and the loop entries of those instances, so that each loop's
    zero-iteration exit is in the formula and only its recursive call is a placeholder.
    The number inlined."""
    loops = tree.loop_procs
    n = 0
    todo = [o for o in tree.open.values() if _entry(o, loops) and not tree.beyond(o, bound)]
    while todo:
        o = todo.pop()
        child = tree.inline(o.inst, o.site.index)
        n += 1
        todo += [tree.open[(child.id, s.index)] for s in child.tmpl.call_sites
                 if (child.id, s.index) in tree.open
                 and _entry(tree.open[(child.id, s.index)], loops)
                 and not tree.beyond(tree.open[(child.id, s.index)], bound)]
    return n


def _entry(o: OpenSite, loops: frozenset[str]) -> bool:
    return o.site.callee in loops and o.inst.tmpl.proc != o.site.callee


def _round(tree: CallTree, budget: Budget, bound: int, st: Stats) -> Step:
    """One BLOCK/EXPAND step: a verdict, or the sites within `bound` to inline (none: no
    bug within the bound) and whether sites beyond the bound were kept blocked."""
    st.inertial_rounds += 1

    def fell_back() -> None:
        st.inertial_fallbacks += 1

    decided, q = blocked_query(tree, budget, bound, on_fallback=fell_back)
    if decided is not None:
        return decided
    n = len(q.fixed)
    if not any(i >= n for i in q.core):
        # the blocked sites within the bound play no part in the proof: unblocking them
        # cannot admit a witness (the MCS query would have UNSAT hard constraints)
        return None, [], any(i < n for i in q.core)
    cap = max(MCS_FLOOR_WORK, MCS_FACTOR * q.work)
    t1 = time.perf_counter()
    r, mcs = tree.solver.min_correction(q.hard, [o.neg for o in q.free], budget.timeout(),
                                        method=tree.opts.inertial_mcs, work=cap)
    st.inertial_mcs_time += time.perf_counter() - t1
    if r is CheckResult.UNSAT:
        return None, [], bool(q.fixed)
    if r is CheckResult.SAT and mcs:
        st.inertial_mcs += 1
        st.inertial_mcs_size += len(mcs)
        st.inertial_mcs_max = max(st.inertial_mcs_max, len(mcs))
        return None, [q.free[i] for i in mcs], bool(q.fixed)
    # past the cap, undecided, or (solver inconsistency) SAT without unblocking anything
    # although the blocked query was UNSAT: Corral's over-approximate step for this round
    fell_back()
    return over_step(tree, budget, bound, Result(Verdict.UNKNOWN, "minimal correcting "
                                                 "set undecided",
                                                 kind=UnknownKind.SOLVER_UNKNOWN))


def _with(result: Result, st: Stats) -> Result:
    st.inertial_mcs_time = round(st.inertial_mcs_time, 3)
    return replace(result, stats=result.stats + st)
