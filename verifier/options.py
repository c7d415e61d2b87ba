"""Options of one verification run (frozen, passed explicitly to `engine.verify`).

Corral's flags map onto these fields (see `verifier/corral_flags.py`):
`/main:P` -> entry, `/recursionBound:N` -> bound, `/stackDepthBound:N` -> max_stack_depth,
`/maxStaticLoopBound:N` -> static_loop_bound, `/assertVar:x` -> error_var (+ `/assertVarIsInt`
-> error_var_is_int), `/trackAllVars` -> track_all, `/track:G` -> track, `/k:K` ->
context_bound, `/cooperative` -> cooperative.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from verifier.deadline import NO_DEADLINE, Deadline
from verifier.limits import OVER_QUERY_WORK
from verifier.smt.solver import SolverLimits

# DAG inlining's merge strategies (verifier/dag/merge.py; PLDI 2015 Sec. 3.4)
DI_MERGES = ("first", "maxc", "random", "randompick", "opt")

# The names of the search strategies: verifier/strategies/ checks at import that its
# STRATEGIES table has exactly these.  The options cannot import that package: it imports
# the call tree, which imports these options.
STRATEGY_NAMES = ("si", "static", "chc", "legion", "di", "inertial")


# what `check --ablate NAME` (hidden: for measurements) turns off: the optimisations that
# change no verdict, only the time (`ablated`)
ABLATIONS = ("reuse_call_tree", "resume_bound", "single_recheck", "memop_lengths",
             "constant_memops", "map_quantifiers", "long_memops", "prune_path",
             "path_traces")


def ablated(names) -> dict:
    """VerifyOptions fields that turn off the optimisations `names` (in ABLATIONS)."""
    assert set(names) <= set(ABLATIONS), f"unknown ablation in {names}"
    out: dict = {k: False for k in ("reuse_call_tree", "resume_bound", "single_recheck",
                                    "prune_path", "path_traces")
                 if k in names}
    skip = tuple(n for n in ("memop_lengths", "constant_memops", "map_quantifiers",
                             "long_memops")
                 if n in names)
    if skip:
        out["skip_passes"] = skip
    return out


@dataclass(frozen=True, slots=True)
class VerifyOptions:
    entry: str | None = None            # entry procedure; None: the {:entrypoint} one / main
    bound: int = 1                      # recursion bound (instances of a procedure per path)
    strategy: str = "si"                # a name in STRATEGY_NAMES (verifier/strategies/), or
    # "auto": the bug search (si) and the prover (chc) side by side (engine.verify_portfolio)
    # the engine's one source of time (verifier/deadline.py): every query, bound and
    # member stops by it; made once by the caller (the run guard of `check`/`svcomp`)
    deadline: Deadline = NO_DEADLINE
    # the whole run's limit as given (seconds): the nominal budget's fallback below, and,
    # for a caller that made no `deadline` (the API, tests), where the engine's door
    # starts it from (`started`); never read as time left
    timeout: float | None = None
    query_timeout: float | None = None  # one solver query, seconds (wall time)
    # the run's budget in work seconds (verifier/limits.py): the engine's shares of a run
    # (Houdini's, deepening's over-approximate cap, the prover's schedule) are taken from
    # it, and the Horn-clause prover stops when it is spent.  The commands set it to the
    # --timeout as given, never to what the clock has left of it, so that the load does
    # not change the shares (None: `timeout`)
    work_budget: float | None = None
    mode: Literal["assert", "reach"] = "assert"
    error_var: str | None = None        # Corral /assertVar: a bug is this variable set
    error_var_is_int: bool = False
    max_stack_depth: int | None = None  # Corral /stackDepthBound: deeper call sites blocked
    static_loop_bound: int | None = None  # Corral /maxStaticLoopBound: bound for loop procs
    track_all: bool = False             # no variable abstraction (Corral /trackAllVars);
    # traces show the values of all variables, not just the assigned ones
    track: tuple[str, ...] = ()         # globals always tracked (--track, /track:G)
    refine: Literal["vc", "hier"] = "vc"  # refinement algorithm of the abstraction loop
    # infer Houdini summaries before inlining; None (not asked either way): only on a reach
    # mode program carrying Corral's assertion instrumentation (engine._corral_instrumented)
    houdini: bool | None = None
    candidates: str | None = None       # file of user Houdini candidates (--candidates)
    # proved procedure summaries (`ProvedFact`s of kind "ensures" from a prover's CORRECT
    # result on this same program) assumed after every call like Houdini's, so that a later
    # bug search starts from them; sound only for the program they were proved for
    assume: tuple = ()
    # SI: an over-approximate query that needs more work (work seconds, verifier/limits.py)
    # only guides inlining no more: every open site within the bound is inlined
    over_query_work: float | None = OVER_QUERY_WORK
    deepening: bool = True              # iterative deepening of the bound 1..bound (SI)
    # after a refinement adds tracked globals, the new search starts from the previous
    # search's call tree (its instances inlined again) instead of the root, as Corral does
    reuse_call_tree: bool = True
    # after a refinement, iterative deepening resumes at the bound where the previous
    # abstraction's search found its trace (the bounds below hold no bug)
    resume_bound: bool = True
    # an abstract trace is re-checked once, after concretization on the concrete program
    # (not also on the abstraction first)
    single_recheck: bool = True
    # refinement builds the VCs of a spurious path's procedures from the blocks the path
    # takes only (`refine.path_blocks`), not from their whole bodies
    prune_path: bool = True
    # an abstract trace the abstraction loop concretizes is built as its path only (the
    # reported trace comes from the concrete model), without values or a C trace
    path_traces: bool = True
    # preparation passes left out (`boogie.passes.pipeline.OPTIONAL_PASSES`), to measure
    # what each one buys (the hidden `check --ablate` option); soundness never rests on them
    skip_passes: tuple[str, ...] = ()
    # no bound given: deepen it 1, 2, 4, ... up to this until a bug, a proof or the timeout
    # (verifier.search.deepening; `bound` is then ignored)
    deepen_to: int | None = None
    max_instances: int = 200000         # resource limit on inlined instances -> UNKNOWN
    # legion (strategies/legion.py): how unsat cores are minimized -- "deletion" (our pass
    # under a time cap), "z3" (z3's core.minimize), "none"
    core_minimize: Literal["deletion", "z3", "none"] = "deletion"
    # a portfolio (engine.verify_portfolio, verifier/search/portfolio.py): these strategies, each
    # in its own process, the first bug or proof wins (empty: the one `strategy`)
    portfolio: tuple[str, ...] = ()
    # a portfolio whose searches all ended undecided: its provers go on until they have
    # used this many seconds of CPU time (at least a few more), not to the deadline (None:
    # to the deadline; engine.verify_portfolio)
    prover_after_search: float | None = 30.0
    jobs: int | None = None             # members at once (None: the cores); fewer jobs
    # than members: sequential time slices
    member_memory_mb: int | None = None  # each member's own memory limit (resident MB)
    di_merge: str = "first"             # DAG inlining's merge strategy (DI_MERGES, --di-merge)
    # inertial (strategies/inertial.py): "split" = Sec. IV-A's loop-specific abstraction (a
    # loop's zero-iteration exit is part of the abstraction; only "one or more iterations"
    # is a placeholder), "plain" = a loop entry is a placeholder like any call site
    inertial_loops: Literal["split", "plain"] = "split"
    # inertial: how a minimal correcting set is computed (`Solver.min_correction`):
    # "maxsat" (z3's Optimize: a minimum one), "grow" (assumption queries: a minimal one,
    # also for quantified programs), "auto" (maxsat unless the formula is quantified)
    inertial_mcs: Literal["auto", "maxsat", "grow"] = "auto"
    # concurrent programs (boogie/passes/sequentialize.py): execution contexts per thread
    # (Corral /k:K, --context-bound) and context switches only at `yield` (/cooperative)
    context_bound: int = 2
    cooperative: bool = False
    # quantified axioms read as Boogie and Corral do: instantiated only through their
    # triggers, an undecided query with E-matching saturated is a counterexample
    # (--triggers-only; verifier/smt/solver.py); every solver of the run reads them so
    triggers_only: bool = False
    # the solver's own settings given on the command line (the run options declared with
    # view "solver", `verifier.run_options`): every solver of the run is opened with them
    solver: SolverLimits = SolverLimits()

    def __post_init__(self):
        assert self.bound >= 0, "the recursion bound is not negative"
        assert self.context_bound >= 1, "the context bound counts execution contexts: >= 1"
        assert self.deepen_to is None or self.deepen_to >= 1, "deepening starts at bound 1"
        assert self.strategy in STRATEGY_NAMES or self.strategy == "auto", \
            f"unknown strategy {self.strategy}"
        assert self.mode in ("assert", "reach"), f"unknown mode {self.mode}"
        assert self.refine in ("vc", "hier"), f"unknown refinement {self.refine}"
        assert self.core_minimize in ("deletion", "z3", "none"), \
            f"unknown core minimization {self.core_minimize}"
        assert all(m in STRATEGY_NAMES for m in self.portfolio), \
            f"unknown portfolio member in {self.portfolio}"
        assert self.jobs is None or self.jobs >= 1, "at least one job"
        assert self.di_merge in DI_MERGES, f"unknown merge strategy {self.di_merge}"
        assert self.inertial_loops in ("split", "plain"), \
            f"unknown loop abstraction {self.inertial_loops}"
        assert self.inertial_mcs in ("auto", "maxsat", "grow"), \
            f"unknown MCS method {self.inertial_mcs}"

    def started(self) -> "VerifyOptions":
        """These options with their deadline: the one given, else `timeout` seconds from
        now (the engine's doors call this; it changes nothing once a deadline is set)."""
        if not self.deadline.unlimited or self.timeout is None:
            return self
        from dataclasses import replace
        return replace(self, deadline=Deadline.after(self.timeout))

    def nominal_budget(self) -> float | None:
        """The budget (work seconds) the engine's shares of a run are taken from."""
        return self.work_budget if self.work_budget is not None else self.timeout

    def solver_limits(self) -> SolverLimits:
        """What every solver of the run is opened with (`smt.factory.open_solver`)."""
        return replace(self.solver, triggers_only=self.triggers_only)
