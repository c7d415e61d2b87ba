"""The options of one run: built once by a command, handed on, viewed per component.

Role: `pycorral check` builds one `RunOptions` from its parameters (`RunOptions.from_check`,
where Corral's `/flags` are mapped onto it: the one place), and every component reads its
own frozen view of it:
- `verify_options()` -> `verifier.options.VerifyOptions` (only the fields the user gave;
  the others keep VerifyOptions' defaults);
- `frontend_options()` -> `frontend.load.FrontendOptions` (the one door's options);
- the run and output fields (memlimit, replay, json, sarif, color, stats, trace, debug) are
  read by the command itself.
`pycorral svcomp` builds `svcomp.svcomp_mode.SvcompOptions`, a subclass with SV-COMP's
defaults, so the two commands share every front-end and verifier field and cannot drift.
The pattern is Boogie's (`HoudiniOptions : VCGenOptions`): one options object, and each
component sees the part it needs.

This module sits above `verifier.options` and `frontend.load` only to build their views (at
call time); the engine itself never sees a RunOptions.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, Mapping

from frontend.cflags import BuildFlags
from frontend.load import host_data_model
from frontend.properties import GHOST_GLOBALS, NO_CHECKS, PropertyChecks, checks_from_params

if TYPE_CHECKING:                       # the views' types (built at call time)
    from frontend.load import FrontendOptions
    from verifier.corral_flags import CorralFlags
    from verifier.options import VerifyOptions

# RunOptions fields that are VerifyOptions fields of the same name (None: not given)
VERIFY_FIELDS = ("entry", "bound", "strategy", "timeout", "query_timeout", "work_budget",
                 "mode", "error_var", "error_var_is_int", "max_stack_depth", "static_loop_bound",
                 "track_all", "track", "refine", "houdini", "candidates", "core_minimize",
                 "portfolio", "jobs", "member_memory_mb", "di_merge", "inertial_loops",
                 "inertial_mcs", "context_bound", "cooperative", "triggers_only")


# `pycorral check` without a bound: the bound is deepened 1, 2, 4, ... up to DEEPEN_TO
# until a bug, a proof, or the time budget (--timeout; without it SEARCH_BUDGET seconds
# for the front end and the search, native replay after them)
DEEPEN_TO = 1024
SEARCH_BUDGET = 30.0


@dataclass(frozen=True, slots=True)
class RunOptions:
    # the front end (FrontendOptions); `entry` below is also the C entry function
    frontend: str = "auto"              # auto (by extension), boogie, c, llvm
    encoding: str = "int"               # int, bv (svcomp: auto = int, then bv when needed)
    data_model: str = field(default_factory=host_data_model)   # ILP32, LP64 (svcomp: ILP32)
    malloc_may_fail: bool = False       # C: malloc/realloc may return NULL
    extern_pure: bool = False           # C/LLVM: functions without a body write no memory
    concat: tuple[str, ...] = ()        # Corral's /concat:F files (Boogie)
    cflags: BuildFlags = BuildFlags()   # -I/-D/-U/-include/--std, --compile-commands
    stubs: tuple[str, ...] = ()         # --stubs FILE.c...: the user's models (C, LLVM)
    functions: tuple[str, ...] = ()     # --function F...: each checked in its own run
    checks: PropertyChecks = NO_CHECKS  # --memory-safety, --*-check (frontend/properties.py)
    all_properties: bool = False        # --all-properties (verifier/all_properties.py)
    # typestate rules (`--rules FILE`, boogie/rules.py), instrumented before the verifier
    rules: tuple[Any, ...] = ()         # the rules read from the files (boogie.rules.Rule)
    rules_only: bool = False            # --rules-only: the program's assertions assumed
    # the Microsoft C dialect (frontend/msdialect.py), as decided for the run: on, and
    # why ("option", "auto: __declspec at f.c:12"; the JSON statistic ms_extensions)
    ms_extensions: bool = False
    ms_reason: str | None = None
    # the verifier (VerifyOptions); None: not given, VerifyOptions' default holds
    entry: str | None = None            # --entry, /main:P
    bound: int | None = None            # --bound, /recursionBound:N
    max_bound: int | None = None        # --max-bound N: deepen up to N (wins over --bound)
    strategy: str | None = None         # --strategy, /staticInlining
    timeout: float | None = None        # --timeout, /timeLimit:S: the whole run
    query_timeout: float | None = None  # --query-timeout
    # not an option: the nominal budget the engine's shares are taken from
    # (VerifyOptions.work_budget), when it is not `timeout` -- one function's share of it
    # (`check --function`), the `svcomp` run's --timeout
    work_budget: float | None = None
    mode: str | None = None             # --reach, /si: "reach"
    error_var: str | None = None        # /assertVar:X
    error_var_is_int: bool | None = None  # /assertVarIsInt
    max_stack_depth: int | None = None  # /stackDepthBound:N
    static_loop_bound: int | None = None  # /maxStaticLoopBound:N
    track_all: bool | None = None       # --track-all, /trackAllVars
    track: tuple[str, ...] | None = None  # --track G...
    refine: str | None = None           # --refine
    houdini: bool | None = None         # --houdini (implied by --candidates)
    candidates: str | None = None       # --candidates FILE
    core_minimize: str | None = None    # --core-minimize (legion's unsat cores)
    portfolio: tuple[str, ...] | None = None  # --portfolio S1,S2,...
    jobs: int | None = None             # --jobs N: portfolio members at once
    member_memory_mb: int | None = None  # each portfolio member's memory (from --memlimit)
    di_merge: str | None = None         # --di-merge (DAG inlining's merge strategy)
    inertial_loops: str | None = None   # --inertial-loops split|plain
    inertial_mcs: str | None = None     # --mcs auto|maxsat|grow
    ablate: tuple[str, ...] = ()        # --ablate NAME (hidden): optimisations turned off
    context_bound: int | None = None    # --context-bound K, /k:K (concurrent programs)
    cooperative: bool | None = None     # --cooperative, /cooperative
    triggers_only: bool | None = None   # --triggers-only (not implied by any Corral flag)
    # the run and its output (read by the command)
    memlimit: int | None = None         # --memlimit MB
    replay: bool = True                 # --replay/--no-replay: native replay of C bugs
    json: bool = False                  # --json
    sarif: str | None = None            # --sarif FILE ('-': standard output)
    color: bool | None = None           # --color/--no-color (None: when a terminal)
    stats: bool = False                 # --stats
    trace: bool = True                  # --no-trace: False
    trace_mode: str = "compact"         # --trace compact|full
    debug: bool = False                 # --debug: tracebacks of internal errors
    quiet: bool = False                 # --quiet: no status line, no notes on stderr
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
        the default; --candidates implies --houdini (candidates are proved by Houdini)."""
        p = params
        return cls.from_flags(
            corral, frontend=p["frontend"], encoding=p["encoding"],
            data_model=p["data_model"], malloc_may_fail=p["malloc_may_fail"],
            extern_pure=p.get("extern_pure", False), entry=p["entry"], bound=p["bound"],
            max_bound=p.get("max_bound"), strategy=p["strategy"], timeout=p["timeout"],
            query_timeout=p["query_timeout"], mode="reach" if p["reach"] else None,
            track_all=p["track_all"], track=_tracked(p), refine=p["refine"],
            houdini=True if p["candidates"] else p["houdini"], candidates=p["candidates"],
            memlimit=p["memlimit"], replay=p["replay"], json=p["as_json"],
            sarif=p["sarif_path"], color=p["color"], stats=p["stats"],
            trace=not p["no_trace"], trace_mode=p.get("trace_mode") or "compact",
            debug=p["debug"], quiet=p.get("quiet", False),
            functions=tuple(p.get("functions") or ()),
            rules_only=bool(p.get("rules_only")),
            stubs=tuple(p.get("stubs") or ()),
            core_minimize=p.get("core_minimize"), portfolio=p.get("portfolio"),
            jobs=p.get("jobs"),
            member_memory_mb=member_memory(p["memlimit"], p.get("portfolio"), p.get("jobs")),
            di_merge=p.get("di_merge"), inertial_loops=p.get("inertial_loops"),
            inertial_mcs=p.get("inertial_mcs"), checks=checks_from_params(p),
            ablate=tuple(p.get("ablate") or ()),
            context_bound=p.get("context_bound"), cooperative=p.get("cooperative"),
            triggers_only=p.get("triggers_only"),
            all_properties=bool(p.get("all_properties")))

    # ------------------------------------------------------------------ views

    def verify_kwargs(self) -> dict[str, Any]:
        """The VerifyOptions fields given (not None), by name."""
        given = {k: getattr(self, k) for k in VERIFY_FIELDS if getattr(self, k) is not None}
        if self.ablate:
            from .options import ablated
            given.update(ablated(self.ablate))
        return given

    def verify_options(self, **overrides: Any) -> VerifyOptions:
        """The verifier's view: the fields given, then `overrides` (the entry procedure
        found after loading, the time left after the front end, a bound being deepened)."""
        from .options import VerifyOptions  # looked up at call time: tests stand in theirs
        return VerifyOptions(**{**self.verify_kwargs(), **overrides})

    def frontend_options(self, **overrides: Any) -> FrontendOptions:
        """The front end's view (the one door's options), then `overrides` (the front end
        and encoding an attempt uses, the entry function)."""
        from frontend.load import FrontendOptions
        return FrontendOptions(**{"frontend": self.frontend, "encoding": self.encoding,
                                  "data_model": self.data_model, "entry": self.entry,
                                  "malloc_may_fail": self.malloc_may_fail,
                                  "extern_pure": self.extern_pure,
                                  "concat": self.concat, "cflags": self.cflags,
                                  "ms_extensions": self.ms_extensions, "stubs": self.stubs,
                                  "checks": self.checks,
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


assert set(VERIFY_FIELDS) <= {f.name for f in fields(RunOptions)}
