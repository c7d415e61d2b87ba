"""Turns a parsed Boogie program and options into a `Result`: the verifier's one entry point.

`run(program, run_options, deadline)` is the one run function of every command (`check`,
each `check --function`, each member of SV-COMP mode): the run options' engine view
(`run_view`: the deadline, the deepening, the work budget) and then `verify`.

`verify(program, opts)`: reads a program carrying Corral's assertion instrumentation and no
assertion (`seqinstr.seqinstr_reach`) in reach mode, rejects what we do not support
(concurrency: `async call`/`yield`; polymorphism is rejected by the encoder), runs the preparation pipeline
(`boogie.passes.pipeline.prepare`: loops to recursion, assertions to an error flag), infers
Houdini summaries when asked (`opts.houdini`; unasked, on Corral-instrumented reach
programs), and runs Corral's abstraction-refinement loop
(`corral_loop.run_corral`: variable abstraction, stratified or static inlining, concretization,
refinement) -- or, with `opts.track_all` or no global to abstract, the inlining alone on the
concrete program (`corral_loop.run_inlining`).  The bounds of one deepening share the
preparation, Houdini's summaries and the abstraction's tracked globals and call tree
(`corral_loop.Carry`): none of them is redone per bound.  Timeouts (whole run, per query) and solver
`unknown` give UNKNOWN with a reason;
an unexpected exception gives UNKNOWN "internal error: ..."; a `BoogieError` (bad input) is
re-raised for the CLI.  Statistics (`stats.Stats`): queries, procedures_inlined (instances),
z3_time, python_time, total_time, peak_memory_mb, bound, strategy, templates, abstraction,
and the loop's figures (see `corral_loop`).
"""
from __future__ import annotations

import os
import resource
import time
from dataclasses import dataclass, replace
from typing import Any, Callable, Sequence

from boogie.ast import Program, attr
from boogie.errors import BoogieError, Unsupported
from boogie.passes.pipeline import prepare
from boogie.passes.sequentialize import ContextBound, is_concurrent

from verifier.deadline import Deadline
from verifier.search.corral_loop import Carry, run_corral, run_inlining, wants_abstraction
from verifier.search.deepening import deepen
from verifier.limits import PROVER_WORK
from verifier.progress import Progress
from verifier.options import VerifyOptions
from verifier.run_options import DEEPEN_TO, SEARCH_BUDGET, RunOptions
from verifier.crash import unknown_from
from verifier.result import Result, UnknownKind, Verdict
from verifier.stats import Stats
from verifier.search.vacuity import vacuity_check
from verifier.search.seqinstr import seqinstr_reach
from verifier.search.call_tree import Budget, ResourceLimit, Timeout


def overapproximated_steps(prog: Program, trace) -> list[str]:
    """Commands marked `{:overapprox "op"}` by a front end on the blocks a trace runs
    through, as `file:line: op` strings."""
    procs = prog.procedures()
    hits: list[str] = []
    for step in trace.steps if trace is not None else ():
        proc = procs.get(step.proc)
        if step.kind != "block" or proc is None or proc.body is None:
            continue
        block = next((b for b in proc.body.blocks if b.label == step.label), None)
        for c in block.cmds if block is not None else ():
            a = attr(getattr(c, "attrs", ()), "overapprox")
            if a is not None:
                what = a.args[0] if a.args and isinstance(a.args[0], str) else "operation"
                hits.append(f"'{what}' at {c.loc.file}:{c.loc.line}")
    return hits


AUTO = "auto"               # no strategy named: the bug search and the prover side by side
AUTO_MEMBERS = ("si", "chc")
PROVER_MORE_S = 5.0         # at least this much more CPU for the prover after the search ended


@dataclass(frozen=True, slots=True)
class Hooks:
    """What a caller of the run hears of (and adds to) each deepening search
    (`deepening.deepen`): `retry(result)` is asked when a bound's answer is an unconfirmed
    bug through an over-approximated operation (a program to search that bound again, or
    None: SV-COMP mode's switch to exact bit-vectors); `note(bound, result)` is told each
    bound's own answer; `checkpoint(result)` the answer earned so far after each bound (a
    portfolio member sends it as its interim answer, `portfolio.interim`).  In a
    portfolio the searches run in child processes: their hooks run there."""
    retry: Callable[[Result], Any] | None = None
    note: Callable[[int, Result], None] | None = None
    checkpoint: Callable[[Result], None] | None = None


NO_HOOKS = Hooks()


def run_view(options: RunOptions, deadline: Deadline, entry: str | None,
             **overrides: Any) -> VerifyOptions:
    """The engine's options for one run: the run options' verifier view, with the run's
    one `deadline`, the bound deepened up to `max_bound` (default `DEEPEN_TO`) when no
    bound is given, the engine's shares taken from the nominal work budget (the
    --timeout as given, never the clock; `SEARCH_BUDGET` without one), no strategy named
    meaning the bug search next to the prover (`AUTO`); then `overrides`."""
    engine: dict[str, Any] = {} if deadline.unlimited else {"deadline": deadline}
    if options.bound is None or options.max_bound is not None:
        engine["deepen_to"] = options.max_bound or DEEPEN_TO
    if not deadline.unlimited:          # the engine's shares (verifier/limits.py)
        engine["work_budget"] = options.work_budget or options.timeout or SEARCH_BUDGET
    return options.verify_options(entry=entry, strategy=options.strategy or AUTO,
                                  **{**engine, **overrides})


def run(program: Program, options: RunOptions, deadline: Deadline, *,
        entry: str | None = None, progress: Progress | None = None,
        hooks: Hooks = NO_HOOKS, **overrides: Any) -> Result:
    """THE run function: a loaded program, the run options and the run's deadline in, the
    result out -- used by `pycorral check` (`pycorral/run.py`, around it the entry, the C
    notes, the typestate rules and the externals), by each `check --function`, and by each
    member of SV-COMP mode's portfolio (`svcomp/svcomp_mode.py`, whose `hooks` switch the
    encoding and keep the attempts).  `entry` is the procedure to verify (None: the
    program's `{:entrypoint}`); `overrides` replace fields of the engine's view
    (`run_view`).  With --all-properties every property is searched
    (`all_properties.verify_all`)."""
    opts = run_view(options, deadline, entry, **overrides)
    if options.all_properties:
        from verifier.all_properties import verify_all
        return verify_all(program, opts, verify, progress)
    return verify(program, opts, progress, hooks)


def verify(program: Program, opts: VerifyOptions = VerifyOptions(),
           progress: Progress | None = None, hooks: Hooks = NO_HOOKS) -> Result:
    """The verdict on `program`.  `progress` (optional) is kept up to date with the bound
    searched and the instances inlined, for a status line; `hooks` are told of each
    deepening search (`Hooks`)."""
    opts = opts.started()           # the run's one deadline (verifier/deadline.py)
    if opts.mode == "assert" and seqinstr_reach(program, opts.entry):
        # Corral's instrumentation left no assertion: its property is reachability
        opts = replace(opts, mode="reach")
    # no verdict on inconsistent axioms (read as the run reads them)
    result = vacuity_check(program, opts.deadline, opts.solver_limits(), opts.nominal_budget())
    if result is not None:
        result = replace(result, stats=Stats(bound=opts.bound, strategy=opts.strategy))
    elif opts.portfolio or opts.strategy == AUTO:
        result = verify_portfolio(program, opts, progress, hooks)
    else:
        result = _search(program, opts, progress, hooks)
    if opts.triggers_only:          # a bug is one under Corral's reading of the axioms
        result = replace(result, triggers_only=True)
    return within_context_bound(result, opts) if is_concurrent(program) else result


def within_context_bound(result: Result, opts: VerifyOptions) -> Result:
    """A concurrent program was checked through its K-round sequentialization: a bug is a
    real one (a schedule of the program), but a proof or a bounded answer covers only the
    schedules within the context bound, so CORRECT becomes BOUNDED."""
    k = opts.context_bound
    result = replace(result, context_bound=k)
    if result.trace is not None:
        from verifier.traces.threads import name_threads
        result = replace(result, trace=name_threads(result.trace))
    if result.verdict is Verdict.CORRECT:
        return replace(result, verdict=Verdict.BOUNDED, facts=(),
                       reason=f"no bug within context bound {k} (every recursion bound)")
    if result.verdict is Verdict.BOUNDED:
        return replace(result, reason=f"no bug within context bound {k}"
                       + (f"; {result.reason}" if result.reason else ""))
    return result


def _search(program: Program, opts: VerifyOptions, progress: Progress | None,
            hooks: Hooks = NO_HOOKS) -> Result:
    """One strategy; with `deepen_to` (no bound given) an inlining strategy deepens the
    bound until a bug, a proof or the timeout (`deepening.deepen`, which tells `hooks`
    of each bound)."""
    if opts.deepen_to is not None and strategy_abstracts(opts.strategy):
        carry = Carry()     # what the bounds share: the prepared program, Houdini, tracking
        return deepen(program, opts, lambda p, o: _verify_one(p, o, progress, carry),
                      progress.set_bound if progress is not None else None,
                      hooks.checkpoint, _consistent(hooks.retry, opts), hooks.note)
    if progress is not None:
        progress.set_bound(opts.bound)
    return _verify_one(program, replace(opts, deepen_to=None), progress)


def _consistent(retry: Callable[[Result], Any] | None,
                opts: VerifyOptions) -> Callable[[Result], Any] | None:
    """The retry hook, keeping only a program whose axioms are consistent (`verify`'s
    vacuity check, for the program a retry brings in): otherwise no retry, and the
    answer stays the unconfirmed one."""
    if retry is None:
        return None

    def checked(result: Result) -> Any:
        again = retry(result)
        if again is None or vacuity_check(again, opts.deadline, opts.solver_limits(),
                                          opts.nominal_budget()) is not None:
            return None
        return again
    return checked


def strategy_abstracts(name: str) -> bool:
    from verifier.strategies import strategy
    return strategy(name).abstraction


def member_deadline(stop_at: Deadline) -> Deadline:
    """A portfolio member's own deadline: a little before its slice's end `stop_at` (by
    5% of what is left, within 0.2 .. 1 s), so that it ends by itself (and sends what it
    has: a bounded answer of the deepening) before the portfolio stops it."""
    left = stop_at.left()
    return stop_at if left is None else stop_at.minus(min(1.0, max(0.2, 0.05 * left)))


def verify_portfolio(program: Program, opts: VerifyOptions,
                     progress: Progress | None = None, hooks: Hooks = NO_HOOKS) -> Result:
    """The strategies of `opts.portfolio` (for `--strategy auto`: `si` next to the
    Horn-clause prover `chc`; Legion+ of seed paper 001 Sec. 4.2 is `si,legion`), each in
    its own process (`portfolio.run_portfolio`, `opts.jobs` at once, each with
    `opts.member_memory_mb`): the first BUG or CORRECT wins.  An inlining strategy runs
    with Corral's abstraction loop and, if asked, Houdini, deepening the bound unless one is
    given; a prover (no abstraction) runs on the concrete program and, without a whole-run
    timeout, gets `PROVER_WORK` work seconds (verifier/limits.py; a search, bounded by its
    recursion bound, ends by itself).  Once every search has ended undecided (BOUNDED at a
    fixed bound), the provers go on until they have used `opts.prover_after_search`
    seconds of CPU time (at least `PROVER_MORE_S` more; CPU, not wall time, so that the
    load does not cut them shorter), not to the deadline: measured, the prover's proofs come within
    24 s (31 of 44 SV-COMP tasks, all 10 Corral ones under 0.4 s) and it proved none of the
    LDV driver tasks, whose bounded searches then waited out the whole 120 s.  A member's
    error or crash is never a verdict.  Statistics name the winner and what each member
    ended with."""
    from verifier.search.portfolio import interim

    opts = opts.started()
    names = opts.portfolio or AUTO_MEMBERS
    shown = AUTO if not opts.portfolio else ",".join(names)
    searches = [n for n in names if strategy_abstracts(n)]

    def member(name: str, deadline: Deadline) -> Result:
        mine = replace(opts, strategy=name, portfolio=(), jobs=None,
                       member_memory_mb=None, deadline=deadline)
        if strategy_abstracts(name):
            # a deepening search sends each bound it completes: if it has to be
            # killed at the deadline, that bound stands (BOUNDED), not "timeout"
            return _search(program, mine, progress if name == searches[0] else None,
                           replace(hooks, checkpoint=_both(hooks.checkpoint, interim)))
        return _verify_one(program, replace(mine, deepen_to=None, work_budget=PROVER_WORK
                                            if deadline.unlimited else mine.work_budget))

    report = run_members(
        names, member, opts,
        # a possible bug is decisive too: no proof exists while the model has that path
        decisive=lambda r: r.verdict in (Verdict.BUG, Verdict.POSSIBLE_BUG,
                                         Verdict.CORRECT),
        describe=lambda r: r.verdict.value + (f": {r.reason}" if r.reason else ""))
    for e in report.errors:
        if isinstance(e, BoogieError):
            raise e             # bad input (e.g. a candidates file) beats any verdict
    result = report.result
    if result is None and all(m.status == "timeout" for m in report.members):
        result = Result(Verdict.UNKNOWN, "timeout", kind=UnknownKind.TIMEOUT)
    elif result is None:
        why = "; ".join(f"{m.name} {m.status}" + (f" ({m.detail})" if m.detail else "")
                        for m in report.members)
        result = Result(Verdict.UNKNOWN, f"no portfolio member answered: {why}",
                        kind=UnknownKind.NO_ANSWER)
    stats = result.stats + Stats(
        portfolio_winner=report.winner, strategy=shown,
        portfolio=tuple((m.name, f"{m.status} after {m.seconds}s"
                         + (f" ({m.detail})" if m.status in ("died", "error") and m.detail
                            else ""))
                        for m in report.members))
    return replace(result, stats=stats)


def _both(first: Callable[[Result], None] | None,
          then: Callable[[Result], None]) -> Callable[[Result], None]:
    if first is None:
        return then

    def both(result: Result) -> None:
        first(result)
        then(result)
    return both


def run_members(names: Sequence[str], member: Callable[[str, Deadline], Any],
                opts: VerifyOptions, decisive: Callable[[Any], bool],
                describe: Callable[[Any], str]) -> Any:
    """The engine's portfolio driver, shared by `check` (`verify_portfolio`) and SV-COMP
    mode (whose members answer SV-COMP answers): each of the strategies `names` runs as
    `member(name, its deadline)` in its own process (`portfolio.run_portfolio`, by
    `opts.deadline`, `opts.jobs` at once, each with `opts.member_memory_mb`); a member's
    deadline comes a little before its slice ends (`member_deadline`), so it ends by
    itself and keeps what it has; a prover (a strategy without abstraction) runs at a
    lower CPU priority (`_yield_cpu`); once every search has ended undecided, the provers
    get `opts.prover_after_search` CPU seconds (see `verify_portfolio`).  Returns the
    `portfolio.PortfolioReport`; a member that sends `portfolio.interim` answers keeps
    the last one if it is stopped."""
    from verifier.search.portfolio import PortfolioLimits, run_portfolio

    assert len(set(names)) == len(names), f"portfolio members named twice: {names}"
    searches = [n for n in names if strategy_abstracts(n)]

    def start(name: str):
        def run(stop_at: Deadline) -> Any:
            if not strategy_abstracts(name):
                _yield_cpu()
            return member(name, member_deadline(stop_at))
        return run

    return run_portfolio(
        [(n, start(n)) for n in names], opts.deadline, decisive=decisive, describe=describe,
        limits=PortfolioLimits(opts.jobs, opts.member_memory_mb, leaders=tuple(searches),
                               after_leaders=None if opts.prover_after_search is None or
                               not searches or len(searches) == len(names)
                               else (PROVER_MORE_S, opts.prover_after_search)))


PROVER_NICENESS = 5         # how much a portfolio's prover yields the CPU to the search


def _yield_cpu() -> None:
    """A portfolio's prover (in its own process) runs at a lower CPU priority: when the
    cores are busy, the bug search -- which decides most tasks, and alone can find a bug
    -- gets the CPU first; on idle cores nothing changes."""
    try:
        os.nice(PROVER_NICENESS)
    except OSError:
        pass


def _verify_one(program: Program, opts: VerifyOptions,
                progress: Progress | None = None, carry: Carry | None = None) -> Result:
    t0 = time.perf_counter()
    opts = opts.started()
    stats = Stats(bound=opts.bound, strategy=opts.strategy)
    try:
        result = _verify(program, opts, t0, stats, progress, carry)
    except BoogieError:
        raise
    except Timeout:
        result = Result(Verdict.UNKNOWN, "timeout", kind=UnknownKind.TIMEOUT)
    except ResourceLimit:
        result = Result(Verdict.UNKNOWN, f"resource limit: more than {opts.max_instances} "
                                         "procedure instances", kind=UnknownKind.RESOURCE)
    except Exception as e:  # noqa: BLE001 -- the top level never turns a crash into a verdict
        # Unsupported, MemoryError, z3 out of memory, RecursionError, our bugs
        result = unknown_from(e, located=True)
    return _finish(result, t0, stats)


def _finish(result: Result, t0: float, stats: Stats) -> Result:
    total = time.perf_counter() - t0
    stats.total_time = total
    stats.python_time = total - (stats.z3_time or 0.0)
    stats.peak_memory_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return replace(result, stats=result.stats + stats)


def _corral_instrumented(prog: Program, entry: str, opts: VerifyOptions) -> bool:
    """Reach mode on a program carrying Corral's assertion instrumentation (SMACK/Corral's
    `main_SeqInstr`: `assertsPassed := true; call main(); assume !assertsPassed`): Houdini
    runs without `--houdini`, as Corral's typestate summaries are what proves such
    programs (a loop, e.g. a driver's environment loop, is otherwise never summarized)."""
    if opts.mode != "reach":
        return False
    from verifier.search.houdini import ok_flag_of
    return ok_flag_of(prog, entry) is not None


def _verify(program: Program, opts: VerifyOptions, t0: float, stats: Stats,
            progress: Progress | None = None, carry: Carry | None = None) -> Result:
    """With `carry` (one deepening's bounds, `Carry`): the preparation and Houdini's
    summaries -- neither depends on the bound -- are made once, for the first bound, and
    the later bounds of the same program take them from there."""
    budget = Budget(opts.deadline, opts.query_timeout, progress)
    if carry is not None and carry.program is program and carry.prepared is not None:
        prepared, prog = carry.prepared, carry.summarized
        stats.prepare_time = 0.0
        return _search_prepared(prepared, prog, opts, budget, stats, carry)
    if carry is not None:
        carry.restart(program)
    tp = time.perf_counter()
    prepared = prepare(program, opts.entry, mode=opts.mode, error_var=opts.error_var,
                       skip=opts.skip_passes,
                       context=ContextBound(opts.context_bound, opts.cooperative))
    stats.prepare_time = time.perf_counter() - tp
    prog = prepared.program
    from verifier.strategies import strategy
    if not strategy(opts.strategy).abstraction:
        # a prover on the concrete program: no Houdini pre-pass, no variable abstraction
        stats.abstraction = False
        return possible_bug(prog, run_inlining(prog, prepared.entry, opts, budget, stats))
    if opts.assume:
        from verifier.search.houdini import with_summaries
        known = prog.procedures()
        table: dict[str, tuple] = {}
        for f in opts.assume:
            if f.kind == "ensures" and f.proc in known and known[f.proc].body is not None:
                table[f.proc] = table.get(f.proc, ()) + (f.expr,)
        prog = with_summaries(prog, table)
    if opts.houdini or (opts.houdini is None
                        and _corral_instrumented(prog, prepared.entry, opts)):
        try:
            from verifier.search.houdini import apply_houdini
        except ModuleNotFoundError as e:
            if e.name != f"{__package__}.houdini":
                raise
            raise Unsupported("houdini not available") from None
        prog = apply_houdini(prog, prepared.entry, opts, budget, stats)
    if carry is not None:
        carry.prepared, carry.summarized = prepared, prog
    return _search_prepared(prepared, prog, opts, budget, stats, carry)


def _search_prepared(prepared, prog: Program, opts: VerifyOptions, budget: Budget,
                     stats: Stats, carry: Carry | None) -> Result:
    """The search of `prog` (the prepared program, perhaps with Houdini's summaries)."""
    if wants_abstraction(prepared, opts):
        stats.abstraction = True
        result = run_corral(prepared, prog, opts, budget, stats, carry)
    else:
        stats.abstraction = False
        result = run_inlining(prog, prepared.entry, opts, budget, stats)
    if result.verdict is Verdict.BUG:
        approx = overapproximated_steps(prog, result.trace)
        if approx:
            # the front end over-approximated an operation on this path (e.g. `&` of two
            # variables in the int encoding): the trace may be impossible in the source
            return Result(Verdict.UNKNOWN, "bug found only through an over-approximated "
                          f"operation ({approx[0]}); not confirmed (try --encoding bv)",
                          kind=UnknownKind.OVER_APPROXIMATION)
    if stats.unknown_builtins and result.verdict is Verdict.BUG:
        # an unknown builtin was left uninterpreted: an over-approximation, so the trace
        # may be spurious (a CORRECT verdict stays sound)
        result = Result(Verdict.UNKNOWN, "bug found, but the program uses builtins left "
                        "uninterpreted: " + ", ".join(stats.unknown_builtins),
                        kind=UnknownKind.OVER_APPROXIMATION)
    return possible_bug(prog, result)


def possible_bug(prog: Program, result: Result) -> Result:
    """A bug whose path reads an effect of a function without a body (its result, or
    memory it may write: verifier/traces/dependence.py) is a possible bug: the trace is
    one of the model, where the function may do anything, not necessarily one of the
    program.  Other results are returned as they are."""
    if result.verdict is not Verdict.BUG:
        return result
    from verifier.result import depends_text
    from verifier.traces.dependence import unknown_effects
    effects = unknown_effects(prog, result.trace)
    if not effects:
        return result
    return replace(result, verdict=Verdict.POSSIBLE_BUG, reason=depends_text(effects),
                   depends_on=effects)
