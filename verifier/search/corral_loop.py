"""Corral's outer loop: abstraction -> stratified inlining -> concretization -> refinement.

CORRAL TR, Section 3 (and Fig. 1): the prepared program is abstracted to a set T of tracked
globals (`boogie.passes.abstract.abstract_globals`, Fig. 3; initially the error flag, the
`--track` globals and the /assertVar global) and searched by stratified inlining (or static
inlining, `opts.strategy`):
* CORRECT or BOUNDED on the abstraction hold for the concrete program: the abstraction
  over-approximates it and keeps every procedure and call, so the same bound means the same
  unfoldings.  After BOUNDED, one concrete query over the same unfoldings with every open
  call site summarized may still prove the program for every bound (`prove_beyond_bound`;
  the abstraction dropped what the summaries need, e.g. an assignment after a recursive
  call);
* UNKNOWN stays UNKNOWN;
* BUG: the trace's path (its instances and blocks, `refine.PathNode`) is re-checked on the
  concrete program with that path fixed (`refine.PathCheck`, on one solver kept for the whole
  run, in a push/pop scope per check).  Feasible: a real bug, reported with the trace of the
  concrete model (values and `nondet` choices) after the usual re-check.  Infeasible:
  spurious; `refine.refine` adds a minimal set of globals (Algorithm 1 or 2) and the loop
  repeats -- from the previous search's call tree, replayed on the new abstraction's
  solver (`reusable`; Corral keeps its call tree the same way), not from the root, and
  iterative deepening resumes at the bound where the previous search found its trace
  (`Clean`: the lower bounds hold no bug on a coarser abstraction, hence none here).  A
  refinement that adds nothing gives UNKNOWN (never a verdict).
A query answering UNKNOWN with a candidate model (z3's incomplete quantifiers) is never
read as UNSAT: the concretization re-checks the candidate's path and reports a bug only
when that re-check is SAT.
Statistics (Fig. 6 columns, fields of `stats.Stats`): abstraction_iterations,
tracked_count, tracked (names), globals_total, si_time, concretize_time, refine_time,
refine_checks; each solver's figures are added when it is closed (`stats.solver_stats`).
"""
from __future__ import annotations

import time
from dataclasses import dataclass, replace

from boogie.ast import Program
from boogie.passes.abstract import abstract_globals
from boogie.passes.pipeline import Prepared

from verifier.options import VerifyOptions
from verifier.search.refine import (PathCheck, PathMismatch, RefineStats, open_solver, path_from_trace,
                     refine)
from verifier.result import Result, UnknownKind, Verdict, solver_unknown_kind
from verifier.stats import Stats, solver_stats
from verifier.search.call_tree import Budget, CallTree
from verifier.smt.solver import CheckResult
from verifier.strategies import strategy
from verifier.traces.trace import build_trace, confirm, entry_inputs


@dataclass(slots=True)
class Clean:
    """The bounds up to `bound` hold no bug: what one abstraction's search leaves to the
    next (a refinement only adds tracked globals, so the next abstraction has fewer
    executions; iterative deepening resumes above `bound`)."""
    bound: int = 0


@dataclass(slots=True)
class Carry:
    """What the bounds of one deepening (`deepening.deepen`, each bound a fresh search)
    share on the same program: the prepared program and Houdini's summaries (neither
    depends on the bound: the engine makes them once), the tracked globals the previous
    bound's refinements reached and that search's final call tree.  Sound: tracking more
    globals only removes executions the abstraction added (bugs are still concretized),
    and a call tree searched within a smaller bound is inlined within the larger one
    (inlining more is always sound).  Another program (a retry's) restarts it."""
    program: object = None
    prepared: Prepared | None = None
    summarized: Program | None = None
    tracked: frozenset[str] | None = None
    shape: dict | None = None

    def restart(self, program: object) -> None:
        self.program, self.prepared, self.summarized = program, None, None
        self.tracked, self.shape = None, None


def run_inlining(prog: Program, entry: str, opts: VerifyOptions, budget: Budget,
                 stats: Stats, shape: dict | None = None, start: dict | None = None,
                 clean: Clean | None = None, concretized: bool = False) -> Result:
    """Stratified (or static) inlining of `prog` from `entry` on a fresh solver.  With
    `shape` (a dict), the shape of the final call tree (or DAG) is stored there
    (`CallTree.shape`).  With `start` (a tree's shape, not a DAG's), the search begins
    with those instances inlined (inlining more is always sound: an inlined instance is
    exact, and only open call sites are blocked or summarized).  With `clean`, the search
    skips the bounds it names (searched without a bug on a coarser abstraction of `prog`)
    and leaves there the bounds it searched itself.  `concretized`: a bug's trace is
    concretized and re-checked by the caller (the abstraction loop), not re-checked here."""
    solver, gen = open_solver(prog, opts.solver_limits())
    tree = None
    try:
        tree = CallTree(solver, gen, entry, opts)
        tree.progress = budget.progress
        if clean is not None and opts.resume_bound:
            tree.clean_bound = clean.bound
        tree.recheck_bugs = not (concretized and opts.single_recheck)
        budget.timeout()
        if start:
            tree.replay(start)
            stats.reused_instances = (stats.reused_instances or 0) + tree.instances - 1
            budget.timeout()
        result = strategy(opts.strategy).run(tree, budget)
        # the strategy's own figures (legion_*, inertial_*) go with the run's: summed over
        # the abstraction loop's iterations, kept when the concrete check ends the run
        stats += result.stats
        result = replace(result, stats=Stats())
    finally:
        if shape is not None and tree is not None:
            shape.update(tree.shape())
        if clean is not None and tree is not None:
            clean.bound = max(clean.bound, tree.clean_bound)
        stats += solver_stats(solver, tree.instances if tree is not None else 0,
                              len(gen._templates))
        if tree is not None and tree.sharing is not None:
            stats += tree.sharing.stats()
    if result.verdict is Verdict.CORRECT and not strategy(opts.strategy).rechecks_proofs:
        result = recheck_proof(prog, entry, opts, budget, tree.shape(), stats,
                               result)
    return result


def recheck_proof(prog: Program, entry: str, opts: VerifyOptions, budget: Budget,
                  shape: dict, stats: Stats, result: Result) -> Result:
    """The independent re-check of an inlining strategy's proof: the call tree the search
    ended with is rebuilt from its shape on a fresh solver (its own z3 context: none of the
    search's incremental state, scopes or assumptions), every open call site summarized,
    and the query must be UNSAT.  SAT: an internal error (never CORRECT); a limit: UNKNOWN."""
    from verifier.search.call_tree import Timeout

    t0 = time.perf_counter()
    try:
        answer = summarized_query(prog, entry, opts, budget, shape, stats, cap=None)
    except Timeout:
        return Result(Verdict.UNKNOWN, "timeout (re-checking the proof)",
                      kind=UnknownKind.TIMEOUT)
    finally:
        stats.proof_recheck_time = (stats.proof_recheck_time or 0.0) + \
            time.perf_counter() - t0
    if answer is CheckResult.UNSAT:
        return result
    if answer is CheckResult.SAT:
        return Result(Verdict.UNKNOWN, "internal error: the proof did not re-check "
                                       "(fresh solver: satisfiable)", kind=UnknownKind.INTERNAL)
    return Result(Verdict.UNKNOWN, "unknown: the proof's re-check was undecided (solver "
                                   "limit)", kind=UnknownKind.SOLVER_UNKNOWN)


def prove_beyond_bound(prog: Program, entry: str, opts: VerifyOptions, budget: Budget,
                       shape: dict, stats: Stats) -> bool:
    """After a BOUNDED verdict on the abstraction: the concrete program unfolded like the
    abstract search's call tree, every open call site summarized (havoc of its outputs and
    modified globals, as `si.bounded_or_proved` does); UNSAT proves the concrete program
    correct for every bound.  Only a proof attempt: anything else changes nothing.  (The
    query runs on its own fresh solver, apart from the search: it is its own re-check.)"""
    return summarized_query(prog, entry, opts, budget, shape, stats,
                            cap=opts.over_query_work) is CheckResult.UNSAT


def summarized_query(prog: Program, entry: str, opts: VerifyOptions, budget: Budget,
                     shape: dict, stats: Stats, cap: float | None) -> CheckResult:
    """`prog` unfolded from `entry` as `shape` says (`CallTree.shape`), on a fresh solver,
    every open call site summarized: the answer of that one query (at most `cap` work
    seconds and what the budget has left; raises Timeout when nothing is left)."""
    solver, gen = open_solver(prog, opts.solver_limits())
    tree = None
    try:
        tree = CallTree(solver, gen, entry, opts)
        tree.replay(shape)
        return solver.check([], budget.timeout(), work=cap)
    finally:
        stats += solver_stats(solver, tree.instances if tree is not None else 0,
                              len(gen._templates))


def reusable(shape: dict, opts: VerifyOptions) -> bool:
    """May the next abstraction's search start from the previous one's call tree?  The
    abstraction keeps every procedure and call site, so a tree's shape stays valid; a
    DAG's sharing is rebuilt by its own strategy, which starts from the root."""
    from verifier.dag.sharing import DAG_SHAPE
    return opts.reuse_call_tree and bool(shape) and DAG_SHAPE not in shape


def initial_tracked(prepared: Prepared, opts: VerifyOptions) -> frozenset[str]:
    gl = prepared.program.global_vars()
    seed = set(opts.track)
    for v in (prepared.error_var, prepared.assert_var, opts.error_var):
        if v is not None:
            seed.add(v)
    return frozenset(g for g in seed if g in gl)


def wants_abstraction(prepared: Prepared, opts: VerifyOptions) -> bool:
    """Abstraction runs unless turned off or nothing would be abstracted away."""
    if opts.track_all:
        return False
    gl = set(prepared.program.global_vars())
    return bool(gl - initial_tracked(prepared, opts))


class Concretizer:
    """Re-checks abstract paths on the concrete program (one solver for the whole run)."""

    def __init__(self, prog: Program, entry: str, opts: VerifyOptions):
        self.entry, self.opts = entry, opts
        self.solver, self.gen = open_solver(prog, opts.solver_limits())
        self.instances = 0

    def check(self, path, budget: Budget) -> Result | None:
        """A BUG with the concrete trace, None when the path is infeasible, or UNKNOWN."""
        s = self.solver
        s.push()
        try:
            pc = PathCheck(s, self.gen, self.entry, path, self.opts)
            self.instances += pc.tree.instances
            blocked = pc.blocked()
            r = s.check(blocked, budget.timeout(), rival=True)
            if r is CheckResult.UNSAT:
                return None
            unknown = None
            if r is CheckResult.UNKNOWN:
                unknown = _undecided(s.reason_unknown(), "concretizing an abstract trace",
                                     "concretizing a trace")
                if not s.has_model():
                    return unknown
                # a candidate model (incomplete quantifiers): a bug only if it re-checks
            trace = build_trace(s, pc.events, self.opts.track_all, self.gen.info.program)
            inputs = entry_inputs(s, pc.tree.root)
            rr, pinned = confirm(s, pc.events, inputs, blocked, budget.timeout(),
                                 exclusive=unknown is not None)
            if rr is CheckResult.SAT and not pinned:    # the confirming model's values
                trace = build_trace(s, pc.events, self.opts.track_all,
                                    self.gen.info.program)
            if unknown is not None and rr is not CheckResult.SAT:
                return unknown
            if rr is CheckResult.UNKNOWN:      # a limit, not a defect
                return _undecided(s.reason_unknown(), "re-checking a concrete trace",
                                  "re-checking a trace")
            if rr is not CheckResult.SAT:
                return Result(Verdict.UNKNOWN, "internal error: concrete trace did not "
                              "re-check", kind=UnknownKind.INTERNAL)
            return Result(Verdict.BUG, "", trace)
        finally:
            s.pop()

    def close(self, stats: Stats) -> None:
        stats += solver_stats(self.solver, self.instances, len(self.gen._templates))


def _undecided(why: str, doing: str, short: str) -> Result:
    """The UNKNOWN while `doing`: a limit (the engine's work cap, the time), or z3
    undecided (`why`: SOLVER_UNKNOWN), which `run_corral` answers by tracking every
    global."""
    kind = solver_unknown_kind(why)
    if kind is UnknownKind.RESOURCE:
        return Result(Verdict.UNKNOWN, f"solver work limit ({doing})", kind=kind)
    if kind is UnknownKind.TIMEOUT:
        return Result(Verdict.UNKNOWN, f"timeout ({doing})", kind=kind)
    return Result(Verdict.UNKNOWN, f"solver returned unknown ({short}): {why}", kind=kind)


def run_corral(prepared: Prepared, prog: Program, opts: VerifyOptions, budget: Budget,
               stats: Stats, carry: Carry | None = None) -> Result:
    """The abstraction-refinement loop on `prog` (the prepared program, perhaps with
    Houdini's summaries) from `prepared.entry`.  With `carry` (the bounds of one
    deepening): it starts from the tracked globals and the call tree the previous bound
    ended with, and leaves its own there."""
    entry = prepared.entry
    gl = set(prog.global_vars())
    tracked = initial_tracked(prepared, opts)
    shape: dict = {}
    if carry is not None and carry.tracked is not None:
        tracked = tracked | (carry.tracked & gl)
        if carry.shape and carry.tracked <= tracked:
            shape = carry.shape
    stats += Stats(abstraction_iterations=0, globals_total=len(gl), si_time=0.0,
                   concretize_time=0.0, refine_time=0.0, refine_checks=0)
    conc: Concretizer | None = None
    rst = RefineStats()
    clean = Clean()
    try:
        while True:
            stats.abstraction_iterations += 1
            stats.tracked_count = len(tracked)
            stats.tracked = tuple(sorted(tracked))
            t0 = time.perf_counter()
            abstract = abstract_globals(prog, tracked)
            start = shape if reusable(shape, opts) else None
            shape = {}
            whole = tracked >= gl       # nothing abstracted: the strategy re-checks bugs
            try:
                r = run_inlining(abstract, entry, opts, budget, stats, shape, start, clean,
                                 concretized=not whole)
                if r.verdict is Verdict.BOUNDED and len(tracked) < len(gl) and \
                        prove_beyond_bound(prog, entry, opts, budget, shape, stats):
                    r = Result(Verdict.CORRECT, "proved for every bound (call sites beyond "
                               "the bound summarized, concrete program)")
            finally:
                stats.si_time += time.perf_counter() - t0
                if carry is not None:
                    carry.tracked, carry.shape = tracked, shape
            if r.verdict is not Verdict.BUG or whole:
                return r
            t0 = time.perf_counter()
            try:
                path = path_from_trace(r.trace, entry)
                if conc is None:
                    conc = Concretizer(prog, entry, opts)
                cr = conc.check(path, budget)
            except PathMismatch as e:
                return Result(Verdict.UNKNOWN, f"internal error: abstract trace: {e}",
                              kind=UnknownKind.INTERNAL)
            finally:
                stats.concretize_time += time.perf_counter() - t0
            if cr is not None and cr.kind is UnknownKind.SOLVER_UNKNOWN:
                # z3 could not decide the path on the concrete program (incomplete
                # quantifiers, tests/data/oneshot/memset_wrapper_bug.bpl under load): with
                # no unsat core to refine from, track every global and search again; the
                # strategy then re-checks its own bugs (sound: nothing is abstracted)
                stats.concretize_unknown = (stats.concretize_unknown or 0) + 1
                tracked = frozenset(gl)
                continue
            if cr is not None:
                return cr
            t0 = time.perf_counter()
            try:
                new = refine(prog, entry, path, tracked, opts, budget.timeout, rst)
            finally:
                stats.refine_time += time.perf_counter() - t0
                stats.refine_checks = rst.checks
            if not new > tracked:
                return Result(Verdict.UNKNOWN, "internal error: refinement of a spurious "
                              "trace added no variable", kind=UnknownKind.INTERNAL)
            tracked = new
    finally:
        if conc is not None:
            conc.close(stats)
        stats += Stats(queries=rst.queries, z3_time=rst.z3_time, z3_work=rst.z3_work,
                       refine_unknown=rst.unknown or None,
                       refine_vc_fallbacks=rst.fallbacks or None)

