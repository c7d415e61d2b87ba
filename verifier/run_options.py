"""The options of one run: built once by a command, handed on, viewed per component.

Role: `pycorral check` builds one `RunOptions` from its parameters (`RunOptions.from_check`,
where Corral's `/flags` are mapped onto it: the one place), and every component reads its
own frozen view of it:
- `verify_options()` -> `verifier.options.VerifyOptions` (only the fields the user gave;
  the others keep VerifyOptions' defaults), with the solver's settings as its `solver`
  (`verifier.smt.solver.SolverLimits`, handed to every solver of the run);
- `frontend_options()` -> `frontend.load.FrontendOptions` (the one door's options);
- the run and output fields (memlimit, replay, json, sarif, color, stats, trace, debug) are
  read by the command itself.
The fields are the option table (`verifier.option_table.opt`): each declares its
command-line spelling (the click options of `pycorral/option_table.py` are generated from
it) and the view it feeds (`VERIFY_FIELDS`, `FRONTEND_FIELDS`, `SOLVER_FIELDS` are derived
from it).  A new option is its declaration here and the code of the component that reads
it.
`pycorral svcomp` builds `svcomp.svcomp_mode.SvcompOptions`, a subclass with SV-COMP's
defaults, so the two commands share every front-end and verifier field and cannot drift.
The pattern is Boogie's (`HoudiniOptions : VCGenOptions`): one options object, and each
component sees the part it needs.

This module sits above `verifier.options` and `frontend.load` only to build their views (at
call time); the engine itself never sees a RunOptions.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Mapping

from frontend.cflags import BuildFlags
from frontend.load import host_data_model
from frontend.properties import (GHOST_GLOBALS, NO_ASSUMED, NO_CHECKS, AssumedChecks,
                                 PropertyChecks, checks_from_params)

from verifier.option_table import opt, read_params, view_fields
from verifier.options import ABLATIONS, DI_MERGES, STRATEGY_NAMES

if TYPE_CHECKING:                       # the views' types (built at call time)
    from frontend.load import FrontendOptions
    from verifier.corral_flags import CorralFlags
    from verifier.options import VerifyOptions

# `pycorral check` without a bound: the bound is deepened 1, 2, 4, ... up to DEEPEN_TO
# until a bug, a proof, or the time budget (--timeout; without it SEARCH_BUDGET seconds
# for the front end and the search, native replay after them)
DEEPEN_TO = 1024
SEARCH_BUDGET = 30.0


def _reach(given: bool | None) -> str | None:
    return "reach" if given else None


def _as_tuple(given: Any) -> tuple:
    return tuple(given or ())


@dataclass(frozen=True, slots=True)
class RunOptions:
    """The run's options.  A field declared with `opt` is in the option table
    (verifier/option_table.py): its command-line spelling and the view it feeds.  The
    fields with a spelling are in the order of `check --help`."""
    # --- the command line of `check` (view: the component that reads the field; none:
    # the command itself)
    mode: str | None = opt(             # --reach, /si: "reach"
        None, "--reach", view="verify", param="reach", convert=_reach,
        commands=("check", "bpl"), is_flag=True, default=None,
        help="Plain reachability: a bug is a run of the entry that returns (Corral: /si).")
    entry: str | None = opt(            # --entry, /main:P; also the C entry function
        None, "--entry", view=("verify", "frontend"), commands=("check", "bpl"),
        metavar="P", help="Entry procedure (Corral: /main:P).")
    functions: tuple[str, ...] = opt(   # --function F...: each checked in its own run
        (), "--function", param="functions", convert=_as_tuple, multiple=True, metavar="F",
        help="C: verify function F as the entry, with nondeterministic arguments (a "
             "pointer argument points to a fresh object of its type, whose scalars "
             "are nondeterministic and whose pointers are NULL or fresh objects in turn: "
             "a tree at most 3 levels deep, no sharing or cycles, void and function "
             "pointers inside NULL -- the harness' assumptions; write a main for other "
             "shapes); globals start with their initial values. "
             "Repeatable: each function is checked in turn and the result names it "
             "(like CBMC's --function).")
    frontend: str = opt(                # auto (by extension), boogie, c, llvm
        "auto", "--frontend", view="frontend", commands=("check", "translate"),
        choices=("auto", "boogie", "c", "llvm"), default="auto", show_default=True,
        help="auto: by extension (.bpl Boogie, .c/.i the pycparser front end, "
             ".ll/.bc LLVM); llvm also compiles .c with clang.")
    # auto (the front end chooses: frontend/encoding_choice.py), int, bv; after loading,
    # check's run options hold the encoding chosen (svcomp: its own auto, int then bv)
    encoding: str = opt(
        "auto", "--encoding", view="frontend", commands=("check", "translate"),
        choices=("auto", "int", "bv"), default="auto", show_default=True,
        help="C integers as mathematical integers with explicit wrap-around "
             "(int) or as exact bitvectors (bv); auto: bv when the program stores "
             "computed integers into byte-level memory (a points-to class or region "
             "viewed at several types: such a store is div/mod by 256 per byte in "
             "int, an extract in bv), else int.")
    data_model: str = opt(              # ILP32, LP64 (svcomp: ILP32); the command decides
        None, "--data-model", default_factory=host_data_model, view="frontend",
        commands=("check", "translate"), choices=("ILP32", "LP64"), default=None,
        help="C data model: ILP32 (32-bit int/long/pointers, gcc -m32) or "
             "LP64 (64-bit long and pointers, gcc -m64); default: the target's -- "
             "the build's -m32/-m64/--target=, else the host's "
             f"({host_data_model()} here); a 32-bit Windows driver is ILP32.")
    # the Microsoft C dialect (frontend/msdialect.py), as decided for the run: on, and
    # why ("option", "auto: __declspec at f.c:12"; the JSON statistic ms_extensions)
    ms_extensions: bool = opt(
        False, "--ms-extensions/--no-ms-extensions", view="frontend", derived=True,
        commands=("check", "translate"), default=None,
        help="C: read the Microsoft C of driver sources (__declspec, "
             "__stdcall, __int64, #pragma pack, anonymous tagged members, "
             "MSVC's wchar_t); default: on when an input file uses a "
             "Microsoft-only spelling (a note says so).")
    # -I/-D/-U/-include/--std, --compile-commands (pycorral/cc_options.py)
    cflags: BuildFlags = opt(BuildFlags(), view="frontend", group="compiler")
    bound: int | None = opt(            # --bound, /recursionBound:N
        None, "--bound", "--unwind", view="verify", param="bound", min=0, metavar="N",
        help="Fix the recursion/loop bound at N (N instances of a loop or procedure "
             "on a path; CBMC: --unwind N; Corral: /recursionBound:N).  Without it "
             "the bound is deepened 1, 2, 4, ... until a bug, a proof, or the time "
             f"budget ({SEARCH_BUDGET:g}s unless --timeout is given).")
    max_bound: int | None = opt(        # --max-bound N: deepen up to N (wins over --bound)
        None, "--max-bound", param="max_bound", min=1, metavar="N",
        help="Deepen the bound 1, 2, 4, ... up to N (the last step is N itself) until "
             "a bug, a proof or the time budget; out of time after bound b was "
             "searched completely, the answer is no bug within b.  Wins over --bound "
             "(so that it can follow a task's own --bound).")
    strategy: str | None = opt(         # --strategy, /staticInlining
        None, "--strategy", view="verify", choices=("auto", *STRATEGY_NAMES),
        help="auto (default) = si and chc side by side, each in its own process, the "
             "first bug or proof wins; si = stratified inlining; legion = Legion's "
             "under-approximation widening; static = inline "
             "everything up to the bound (Corral: /staticInlining); chc = prove for "
             "every bound with procedure summaries from Horn clauses (z3's Spacer; "
             "without --timeout it gets 10 s); di = stratified inlining unfolding to a "
             "DAG, sharing the instances no execution runs together (Corral: /di); "
             "inertial = inertial refinement, inlining a minimal correcting set of "
             "the blocked call sites each round.")
    portfolio: tuple[str, ...] | None = opt(  # --portfolio S1,S2,...
        None, "--portfolio", view="verify", callback="strategy_list", metavar="S1,S2,...",
        help="Run these strategies side by side, each in its own process with its "
             "own solver (and its share of --memlimit); the first bug or proof wins "
             "and the others are stopped.  si,legion is the Legion+ portfolio.")
    jobs: int | None = opt(             # --jobs N: portfolio members at once
        None, "--jobs", view="verify", commands=("check", "svcomp"), min=1, metavar="N",
        help="Portfolio members run at once (default: the number of cores); with "
             "fewer jobs than members they run in sequential time slices.")
    core_minimize: str | None = opt(    # --core-minimize (legion's unsat cores)
        None, "--core-minimize", view="verify", choices=("deletion", "z3", "none"),
        help="legion: how unsat cores are minimized -- deletion (default: drop one "
             "call site at a time, under a time cap), z3 (z3's core.minimize), none.")
    di_merge: str | None = opt(         # --di-merge (DAG inlining's merge strategy)
        None, "--di-merge", view="verify", choices=DI_MERGES,
        help="With --strategy di: the merge strategy (default first; opt colours the "
             "fully inlined program, for small programs only).")
    inertial_loops: str | None = opt(   # --inertial-loops split|plain
        None, "--inertial-loops", view="verify", choices=("split", "plain"),
        help="With --strategy inertial: split (default) gives a loop's exit after "
             "zero iterations to the abstraction and blocks only 'one or more "
             "iterations' (Sinha's loop-specific abstraction); plain blocks the loop "
             "entry like any call.")
    inertial_mcs: str | None = opt(     # --mcs auto|maxsat|grow
        None, "--mcs", view="verify", param="inertial_mcs",
        choices=("auto", "maxsat", "grow"),
        help="With --strategy inertial: how a minimal correcting set is computed -- "
             "maxsat (z3's Optimize, a minimum set), grow (assumption queries, a "
             "minimal set; also for quantified programs), auto (default: maxsat "
             "unless the program's formula has quantifiers).")
    ablate: tuple[str, ...] = opt(      # --ablate NAME (hidden): optimisations turned off
        (), "--ablate", convert=_as_tuple, multiple=True, choices=ABLATIONS, hidden=True,
        help="Turn off an optimisation that changes no verdict (measurements).")
    timeout: float | None = opt(        # --timeout, /timeLimit:S: the whole run
        None, "--timeout", view="verify", type="seconds", metavar="S",
        help="Wall-time limit in seconds of the whole run, every phase and child "
             "process included (Corral: /timeLimit:S); also the budget of the "
             "deepening when no --bound is given (default: "
             f"{SEARCH_BUDGET:g}s for the search, no limit with --bound).")
    query_timeout: float | None = opt(  # --query-timeout
        None, "--query-timeout", view="verify", type="seconds", metavar="S",
        help="Time limit per solver query in seconds.")
    max_instances: int | None = opt(    # --max-instances N (call_tree's resource limit)
        None, "--max-instances", view="verify", min=1, metavar="N",
        help="Give up (unknown: resource limit) once this many procedure instances are "
             "inlined (default 200000): a smaller cap ends a search that would grow "
             "past the memory it may use.")
    random_seed: int | None = opt(      # --z3-seed N (SolverLimits.random_seed)
        None, "--z3-seed", view="solver", param="z3_seed", min=0, max=2 ** 32 - 1,
        metavar="N",
        help="Seed of z3's random choices in every solver query (default 0): a run "
             "with another seed checks that a verdict or a time does not rest on luck.")
    stubs: tuple[str, ...] = opt(       # --stubs FILE.c...: the user's models (C, LLVM)
        (), "--stubs", view="frontend", convert=_as_tuple, commands=("check", "translate"),
        multiple=True, type="file", metavar="FILE.c",
        help="C: models of your own for functions the program calls without defining "
             "them (repeatable); they win over pycorral's bundled kernel and C library "
             "models, and the program's own definitions win over them.")
    malloc_may_fail: bool = opt(        # C: malloc/realloc may return NULL
        False, "--malloc-may-fail", view="frontend", is_flag=True,
        help="C front end: malloc/realloc may return NULL (default: allocation "
             "succeeds, as SV-COMP assumes; calloc may always fail).")
    extern_pure: bool = opt(            # C/LLVM: functions without a body write no memory
        False, "--extern-pure", view="frontend", is_flag=True,
        help="C: assume that functions without a body write no memory (SMACK's "
             "convention; default: they may write the memory reachable from their "
             "arguments and escaped globals).  A proof or bounded answer then says "
             "it rests on this assumption.")
    memory_split: bool = opt(           # C: byte-level memory per points-to class only
        True, "--memory-split/--no-memory-split", view="frontend", default=True,
        show_default=True,
        help="C front end: only the points-to classes whose memory is viewed at "
             "different types go to the byte-level model, the others keep typed maps "
             "(frontend/c/byte_split.py); --no-memory-split makes the whole program "
             "byte level as soon as one class needs it.")
    memory_regions: bool = opt(         # C: maps per points-to class
        True, "--memory-regions/--no-memory-regions", view="frontend", default=True,
        show_default=True,
        help="C front end: the memory of each points-to class on maps of its own, so "
             "that a write through one class is no write to another "
             "(frontend/c/region_split.py); --no-memory-regions keeps one map per value "
             "class and field.")
    replay: bool = opt(                 # --replay/--no-replay: native replay of C bugs
        True, "--replay/--no-replay", default=True, show_default=True,
        help="C input: run the program natively (gcc) on a bug's inputs and say "
             "whether execution confirms it; a trace that does not reach the error "
             "natively turns the verdict into unknown.")
    memlimit: int | None = opt(         # --memlimit MB
        None, "--memlimit", min=64, max=10 ** 9, metavar="MB",
        help="Memory limit in MB: the resident memory of the run and all its child "
             "processes (gcc, clang, the replayed program), and Z3's own limit; "
             "reaching it gives unknown.")
    context_bound: int | None = opt(    # --context-bound K, /k:K (concurrent programs)
        None, "--context-bound", view="verify", param="context_bound", min=1, metavar="K",
        help="Concurrent programs (async call, yield): explore the schedules in which "
             "each thread runs in at most K execution contexts (Corral: /k:K; "
             "default 2).  No bug found is a bounded answer, never a proof.")
    cooperative: bool | None = opt(     # --cooperative, /cooperative
        None, "--cooperative", view="verify", is_flag=True, default=None,
        help="Concurrent programs: context switches only at yield (Corral: "
             "/cooperative), not before every access to a shared global.")
    triggers_only: bool | None = opt(   # --triggers-only (not implied by any Corral flag)
        None, "--triggers-only", view="verify", param="triggers_only", is_flag=True,
        default=None,
        help="Read quantified axioms as Boogie and Corral do: instantiated only "
             "through their triggers (z3 without model-based instantiation); a bug "
             "is then a bug under that reading.")
    track_all: bool | None = opt(       # --track-all, /trackAllVars
        None, "--track-all", view="verify", is_flag=True, default=None,
        help="No variable abstraction: track every global (Corral: /trackAllVars).")
    track: tuple[str, ...] | None = opt(  # --track G... (and memory checks' ghosts)
        None, "--track", view="verify", derived=True, multiple=True, metavar="G",
        help="Always track global G in the variable abstraction (repeatable).")
    refine: str | None = opt(           # --refine
        None, "--refine", view="verify", choices=("vc", "hier"),
        help="Refinement of the variable abstraction: vc (one parameterized query per "
             "spurious trace, default) or hier (divide and conquer).")
    houdini: bool | None = opt(         # --houdini (implied by --candidates)
        None, "--houdini", view="verify", derived=True, is_flag=True, default=None,
        help="Infer Houdini summaries first (typestate candidates); they let a proof "
             "hold for every bound.  On without it for --reach on Corral's assertion "
             "instrumentation (an entry `assertsPassed := true; call main(); assume "
             "!assertsPassed`, as in SMACK's ldv tasks).")
    candidates: str | None = opt(       # --candidates FILE
        None, "--candidates", view="verify", type="file", metavar="FILE",
        help="Extra Houdini candidates, one `procedure: expression` per line "
             "(implies --houdini).")
    # typestate rules (`--rules FILE`, boogie/rules.py), instrumented before the verifier:
    # the rules read from the files (boogie.rules.Rule; the command reads them)
    rules: tuple[Any, ...] = opt(
        (), "--rules", param="rules", derived=True, multiple=True, metavar="FILE",
        help="Also check the typestate rules of FILE (a .rules file, or the name of a "
             "bundled one: spinlock, fastmutex, irp, linux_spinlock, linux_mutex); "
             "repeatable.  A violation is a bug at the call, named by the rule.")
    rules_only: bool = opt(             # --rules-only: the program's assertions assumed
        False, "--rules-only", convert=bool, is_flag=True,
        help="With --rules: check only the rules; the program's own assertions are "
             "assumed (a run failing one ends there, as the program would abort).")
    # --memory-safety, --*-check (frontend/properties.py; pycorral/property_options.py)
    checks: PropertyChecks = opt(NO_CHECKS, view="frontend", group="properties")
    # the switches of `checks` instrumented as assumptions: only pycorral/ub_retry.py
    # sets it, for the search again after a trace ran into undefined behaviour natively
    assumed_checks: AssumedChecks = opt(NO_ASSUMED, view="frontend")
    json: bool = opt(                   # --json
        False, "--json", param="as_json", is_flag=True,
        help="Print the result as one JSON object.")
    sarif: str | None = opt(            # --sarif FILE ('-': standard output)
        None, "--sarif", param="sarif_path", type="file_or_dash", metavar="FILE",
        help="Also write the result as SARIF 2.1.0 to FILE ('-': "
             "stdout instead of the human output).")
    color: bool | None = opt(           # --color/--no-color (None: when a terminal)
        None, "--color/--no-color", default=None,
        help="Colour the verdict and trace (default: when the output is a terminal "
             "and NO_COLOR is not set).")
    stats: bool = opt(                  # --stats
        False, "--stats", is_flag=True, help="Print solver queries, inlining, time, memory.")
    trace_mode: str = opt(              # --trace compact|full
        "compact", "--trace", param="trace_mode", convert=lambda v: v or "compact",
        choices=("compact", "full"), default="compact", show_default=True,
        help="How much of a bug's trace to show: compact (calls and returns, branches "
             "taken, assignments to named variables, nondeterministic values, the "
             "failing check) or full (also every statement executed, allocations, "
             "the steps inside library models).")
    trace: bool = opt(                  # --no-trace: False
        True, "--no-trace", param="no_trace", convert=lambda v: not v, is_flag=True,
        help="Do not print the trace of a bug.")
    quiet: bool = opt(                  # --quiet: no status line, no notes on stderr
        False, "--quiet", "-q", param="quiet", is_flag=True,
        help="No status line on the terminal, no notes on standard error.")
    debug: bool = opt(                  # --debug: tracebacks of internal errors
        False, "--debug", commands=("check", "bpl", "translate", "svcomp"), is_flag=True,
        help="Show tracebacks of internal errors.")
    # --- not spelled on check's command line
    concat: tuple[str, ...] = opt((), view="frontend")  # Corral's /concat:F files (Boogie)
    # --all-properties (verifier/all_properties.py; spelled by pycorral/property_options.py)
    all_properties: bool = opt(False, param="all_properties", convert=bool)
    ms_reason: str | None = None        # why the Microsoft dialect is on (see above)
    # not an option: the nominal budget the engine's shares are taken from
    # (VerifyOptions.work_budget), when it is not `timeout` -- one function's share of it
    # (`check --function`), the `svcomp` run's --timeout
    work_budget: float | None = opt(None, view="verify")
    error_var: str | None = opt(None, view="verify")           # /assertVar:X
    error_var_is_int: bool | None = opt(None, view="verify")   # /assertVarIsInt
    max_stack_depth: int | None = opt(None, view="verify")     # /stackDepthBound:N
    static_loop_bound: int | None = opt(None, view="verify")   # /maxStaticLoopBound:N
    # each portfolio member's memory (from --memlimit)
    member_memory_mb: int | None = opt(None, view="verify", derived=True)
    notes: tuple[str, ...] = ()         # Corral flags accepted without effect, one line each

    def __post_init__(self):
        assert self.frontend in ("auto", "boogie", "c", "llvm"), f"front end {self.frontend}"
        assert self.encoding in ("auto", "int", "bv"), f"encoding {self.encoding}"
        assert self.data_model in ("ILP32", "LP64"), f"data model {self.data_model}"
        assert self.trace_mode in ("compact", "full"), f"trace mode {self.trace_mode}"

    @classmethod
    def from_flags(cls, corral: CorralFlags, **given: Any) -> RunOptions:
        """Corral's flags (`verifier.corral_flags`: VerifyOptions fields, /concat files,
        notes), then the options given explicitly on top (None: not given).  The one place
        where /flags become options."""
        assert set(corral.options) <= set(VERIFY_FIELDS), "Corral flags set verifier fields"
        return cls(**{"concat": tuple(corral.concat), "notes": tuple(corral.notes),
                      **corral.options,
                      **{k: v for k, v in given.items() if v is not None}})

    @classmethod
    def from_check(cls, params: Mapping[str, Any], corral: CorralFlags) -> RunOptions:
        """`pycorral check`'s click parameters (named as check_cmd's) and the Corral flags
        among its arguments: an explicit --option wins over a Corral flag, which wins over
        the default.  Every field the table reads from a parameter is read so; the derived
        ones are computed here: --candidates implies --houdini (candidates are proved by
        Houdini), memory checks track the allocation map's ghosts, the property checks come
        from their flags, each portfolio member gets its share of --memlimit."""
        p = params
        derived = {"houdini": True if p["candidates"] else p["houdini"],
                   "track": _tracked(p), "checks": checks_from_params(p),
                   "member_memory_mb": member_memory(p["memlimit"], p.get("portfolio"),
                                                     p.get("jobs"))}
        return cls.from_flags(corral, **{**read_params(RunOptions, p), **derived})

    # ------------------------------------------------------------------ views

    def verify_kwargs(self) -> dict[str, Any]:
        """The VerifyOptions fields given (not None), by name; the solver's settings given
        as VerifyOptions' `solver` (a SolverLimits)."""
        given = {k: getattr(self, k) for k in VERIFY_FIELDS if getattr(self, k) is not None}
        solver = {k: getattr(self, k) for k in SOLVER_FIELDS if getattr(self, k) is not None}
        if solver:
            from verifier.smt.solver import SolverLimits
            given["solver"] = SolverLimits(**solver)
        if self.ablate:
            from verifier.options import ablated
            given.update(ablated(self.ablate))
        return given

    def verify_options(self, **overrides: Any) -> VerifyOptions:
        """The verifier's view: the fields given, then `overrides` (the entry procedure
        found after loading, the time left after the front end, a bound being deepened)."""
        from verifier.options import VerifyOptions  # looked up at call time: tests stand in theirs
        return VerifyOptions(**{**self.verify_kwargs(), **overrides})

    def frontend_options(self, **overrides: Any) -> FrontendOptions:
        """The front end's view (the one door's options), then `overrides` (the front end
        and encoding an attempt uses, the entry function)."""
        from frontend.load import FrontendOptions
        return FrontendOptions(**{**{k: getattr(self, k) for k in FRONTEND_FIELDS},
                                  **overrides})

    def shown_bound(self) -> int:
        """The bound the summary names before the verifier has its options (the run ended
        in the front end or crashed): the one given, else 1."""
        return self.bound or 1

    def shown_strategy(self) -> str:
        return ",".join(self.portfolio) if self.portfolio else self.strategy or "si"


def _tracked(params: Mapping[str, Any]) -> tuple[str, ...] | None:
    """--track G..., and with memory checks the allocation map's ghost globals (every
    check reads them: abstracting them away only costs refinement rounds)."""
    track = tuple(params["track"])
    if checks_from_params(params).memory:
        track += tuple(g for g in GHOST_GLOBALS if g not in track)
    return track or None


def member_memory(memlimit: int | None, members: tuple[str, ...] | None,
                  jobs: int | None) -> int | None:
    """Each portfolio member's own memory limit: `--memlimit` shared by the members that
    run at once (the run guard still holds the whole run to `--memlimit`)."""
    if memlimit is None:
        return None
    import os
    at_once = min(len(members or ("si", "chc")), jobs or os.cpu_count() or 1)
    return max(64, memlimit // max(1, at_once))


# the fields each component view is made of (the table's `view`s)
VERIFY_FIELDS = view_fields(RunOptions, "verify")      # VerifyOptions fields, same names
FRONTEND_FIELDS = view_fields(RunOptions, "frontend")  # FrontendOptions fields
SOLVER_FIELDS = view_fields(RunOptions, "solver")      # SolverLimits fields
