"""SV-COMP mode: one verification task in, one SV-COMP answer (and a witness) out.

Role: the run logic behind `pycorral svcomp`.  `run_svcomp(paths, prop, opts)` answers
TRUE, FALSE or UNKNOWN for the property `prop` on the C program `paths`:
- unreach-call (`CHECK( init(main()), LTL(G ! call(reach_error())) )`), and no-overflow,
  valid-memsafety and valid-memcleanup (svcomp/properties.py): the front ends instrument
  that property's checks (frontend/properties.py), every other assertion -- the program's
  own, reach_error -- is assumed (it ends the path, as abort does), a FALSE names the
  violated subproperty (`FALSE(valid-deref)`), a FALSE(valid-memtrack) needs LeakSanitizer
  to confirm the leak (replay/sanitizer.py), and a proof answers TRUE only where the
  property's checks cover it (`properties.true_blocker`); any other property is UNKNOWN;
- front ends in order: the C front end (pycparser), then, if it rejects the program (an
  unsupported construct or C it cannot parse), the LLVM front end (clang); both through
  the one door, `frontend.load`, with the front-end view of `SvcompOptions` (the run
  options `pycorral check` has too: data model, malloc_may_fail, entry, ...);
- integer encoding: `check`'s `auto` first (frontend/encoding_choice.py: bitvectors when
  the program stores computed integers into byte-level memory, else mathematical
  integers); from integers, a bug found only through an over-approximated operation
  switches to exact bitvectors;
- iterative deepening of the recursion/loop bound 1, 2, 4, 8, ... (`VerifyOptions.bound`)
  until a decisive verdict, the maximal bound, or the run's deadline (one `Deadline`, made
  by the run guard, front end time included), each bound after Houdini's summaries
  (typestate, loop and recursion candidates): the engine's deepening
  (`verifier.search.deepening.deepen`), whose hooks switch the encoding and keep the attempts;
- next to that bug search, in a second process, the Horn-clause prover (`--strategy chc`):
  the first TRUE or FALSE of the two wins (`verifier.search.portfolio`; FALSE only from the
  search, which has a re-checked trace).  `--portfolio` names other members: each inlining
  strategy (si, legion, static) is such a bug search, chc the prover.
Every FALSE is replayed natively first (`replay.confirm`, as `check` does; not with
`replay=False`): a trace the compiled program does not follow to the error is UNKNOWN (the
model disagrees with the program), never FALSE; "confirmed" and "not replayable" keep it.
A leak is replayed by LeakSanitizer (valid-memtrack) or not at all (valid-memcleanup:
memory still reachable at exit is nothing a native run reports).
Verdict mapping (`map_verdict`): BUG -> FALSE; CORRECT (proved for every bound) -> TRUE;
BOUNDED (no bug within the bound) -> UNKNOWN; UNKNOWN -> UNKNOWN with its reason.  Bad
input raises `SvcompInputError` (one `file:line:col: error:` line); an unexpected exception
becomes UNKNOWN, never TRUE.  `witness_text(answer, ...)` writes the GraphML (or YAML 2.0)
witness of an answer.
"""
from __future__ import annotations

import contextlib
import os
import time
from dataclasses import dataclass, field, replace
from typing import Any

from boogie.errors import BadInput, Unsupported, unsupported_reason, unsupported_what
from verifier.deadline import Deadline, DeadlineExceeded
from verifier.crash import crash_kind_and_reason
from verifier.result import Result, UnknownKind, Verdict
from verifier.run_options import RunOptions
from verifier.stats import Stats

from frontend.load import C_EXTENSIONS, LLVM_EXTENSIONS

from . import properties as svprops
from .task import Property


class SvcompInputError(BadInput):
    """Bad input, as one `file:line:col: error: message` line."""


class _Unsupported(Unsupported):
    """A front end rejected the program as using a construct it does not model."""


# the default portfolio of `pycorral svcomp`: the bug search next to the prover (measured
# against si,legion,chc in the report of issue 18: see scripts/strategy_cactus.py)
SVCOMP_PORTFOLIO = ("si", "chc")


@dataclass(frozen=True, slots=True)
class SvcompOptions(RunOptions):
    """`pycorral svcomp`'s run options: `check`'s (`verifier.run_options.RunOptions`, the
    same front-end and verifier fields, read through the same views) with SV-COMP's
    defaults, and where the deepening stops.  frontend: auto (C, then LLVM), c, llvm;
    encoding: auto (check's auto -- bv when computed integers are stored into
      byte-level memory, else int -- then from int to bv when a bug rests on an
      over-approximation), int, bv;
    entry: the C entry function (default: the property's init)."""
    timeout: float | None = 900.0      # whole run, seconds (SV-COMP's CPU-time limit)
    encoding: str = "auto"
    data_model: str = "ILP32"          # the task's (SV-COMP's default), not the host's
    max_bound: int = 1024              # deepening stops here (answer UNKNOWN)
    # the portfolio (`verifier.search.portfolio`): an inlining strategy is a bug search deepening
    # the bound (`_deepen`), chc the prover (`_prove`); () or one member: no portfolio
    portfolio: tuple[str, ...] | None = SVCOMP_PORTFOLIO
    houdini: bool = True               # Houdini summaries before each bounded search

    def __post_init__(self):
        RunOptions.__post_init__(self)
        assert self.frontend != "boogie", "SV-COMP tasks are C or LLVM IR"
        assert self.max_bound >= 1, "the maximal bound is at least 1"


@dataclass(frozen=True, slots=True)
class Attempt:
    """One step of the strategy: a front end run or a verifier run at one bound."""
    frontend: str
    encoding: str
    bound: int                         # 0: the front end itself
    outcome: str                       # a verdict value, or "unsupported"/"error"
    reason: str
    seconds: float
    strategy: str = ""                 # a prover attempt (not a bound): its strategy


@dataclass(frozen=True, slots=True)
class SvcompAnswer:
    status: str                        # "TRUE", "FALSE" or "UNKNOWN"
    reason: str = ""                   # for UNKNOWN
    property_kind: str = "unreach-call"
    result: Result | None = None       # the deciding verifier result (trace for FALSE)
    frontend: str = ""
    encoding: str = ""
    bound: int = 0
    attempts: tuple[Attempt, ...] = ()
    stats: Stats = field(default_factory=Stats)
    # UNKNOWN: why, as data (the verifier's kind when a result decided it; a bound searched
    # without a bug is OTHER); None for TRUE and FALSE
    reason_kind: UnknownKind | None = None

    def __post_init__(self):
        assert self.status in ("TRUE", "FALSE", "UNKNOWN"), f"status {self.status}"
        if self.status == "UNKNOWN" and self.reason_kind is None:
            object.__setattr__(self, "reason_kind", UnknownKind.OTHER)
        assert self.reason_kind is None or self.status == "UNKNOWN", \
            "only an UNKNOWN answer carries a reason kind"
        assert self.status != "FALSE" or (self.result is not None
                                          and self.result.verdict is Verdict.BUG), \
            "FALSE rests on a bug trace"
        assert self.status != "TRUE" or (self.result is not None
                                         and self.result.verdict is Verdict.CORRECT), \
            "TRUE rests on a proof for every bound"

    def result_line(self) -> str:
        if self.status == "TRUE":
            return "Result: TRUE"
        if self.status == "FALSE":
            return f"Result: FALSE({self.property_kind})"
        reason = " ".join((self.reason or "unknown").split())
        return f"Result: UNKNOWN ({reason})"

    @property
    def exit_code(self) -> int:
        return 20 if self.status == "UNKNOWN" else 0


def map_verdict(result: Result) -> tuple[str, str]:
    """The SV-COMP status and reason of a verifier result."""
    if result.verdict is Verdict.BUG:
        return "FALSE", ""
    if result.verdict is Verdict.POSSIBLE_BUG:     # never FALSE: the trace is the model's
        return "UNKNOWN", f"possible bug ({result.reason})"
    if result.verdict is Verdict.CORRECT:
        return "TRUE", ""
    if result.verdict is Verdict.BOUNDED:
        bound = result.stats.bound
        return "UNKNOWN", (f"no bug within bound {bound}" if bound is not None
                           else result.reason or "no bug within the bound")
    assert result.verdict is Verdict.UNKNOWN, f"unmapped verdict {result.verdict}"
    return "UNKNOWN", result.reason or "unknown"


def unknown(reason: str, prop: Property | None = None,
            reason_kind: UnknownKind = UnknownKind.OTHER, **kw: Any) -> SvcompAnswer:
    return SvcompAnswer("UNKNOWN", reason, prop.kind if prop else "unreach-call",
                        reason_kind=reason_kind, **kw)


# ----------------------------------------------------------------------------- front ends

def frontends_for(paths: list[str], requested: str) -> list[str]:
    exts = {os.path.splitext(p)[1].lower() for p in paths}
    if requested != "auto":
        if requested == "c" and not exts <= set(C_EXTENSIONS):
            raise SvcompInputError(f"{paths[0]}:1:1: error: the C front end reads .c and .i "
                                   "files")
        return [requested]
    if exts <= set(C_EXTENSIONS):
        return ["c", "llvm"]
    if exts <= set(C_EXTENSIONS + LLVM_EXTENSIONS):
        return ["llvm"]
    raise SvcompInputError(f"{paths[0]}:1:1: error: SV-COMP mode reads C (.c, .i) or LLVM IR "
                           "(.ll, .bc)")


def _located_what(line: str) -> str:
    """`file:line:col: what` of a construct-not-modelled diagnostic line."""
    where = line.split(": error: ", 1)[0] if ": error: " in line else ""
    return f"{where}: {unsupported_what(line)}" if where else unsupported_what(line)


def _diagnostic(err: Exception, path: str) -> str:
    from boogie.errors import one_line
    return one_line(err, path)


def translate(paths: list[str], frontend: str, encoding: str, opts: SvcompOptions,
              entry: str, kind: str = "unreach-call", assume_others: bool = True) -> Any:
    """A type-checked Boogie program of the C (or LLVM) program, through the one door
    (`frontend.load`), instrumented for property `kind` (with `assume_others`, the
    assertions the property does not ask about assumed); raises _Unsupported or
    SvcompInputError."""
    from frontend.load import BadInput, load
    from frontend.load import Unsupported as FrontendUnsupported

    try:
        extra = {} if kind == "unreach-call" else {"checks": svprops.checks_for(kind)}
        prog = load(paths, opts.frontend_options(frontend=frontend, encoding=encoding,
                                                 entry=opts.entry or entry,
                                                 **extra)).program
        return assume_others_of(prog, kind) if assume_others else prog
    except FrontendUnsupported as e:
        raise _Unsupported(e.line) from None
    except BadInput as e:
        err = SvcompInputError(e.line)
        # the compiler itself rejected the C: no other front end may answer for it
        err.compiler_rejected = e.diagnostic.code in ("compile", "preprocess")
        raise err from None


def assume_others_of(prog: Any, kind: str) -> Any:
    """`prog` with the assertions property `kind` does not ask about assumed."""
    from boogie.passes.assume_assertions import assume_other_assertions
    if kind == "unreach-call":
        return prog
    return assume_other_assertions(prog, svprops.keeps(kind))


# ----------------------------------------------------------------------------- the strategy

class _Run:
    """The state of one SV-COMP run: clock, attempts, translated programs."""

    def __init__(self, paths: list[str], prop: Property, opts: SvcompOptions,
                 deadline: Deadline):
        self.paths, self.prop, self.opts = paths, prop, opts
        self.t0 = time.perf_counter()
        self.deadline = deadline        # the run's one deadline (a member: its slice)
        self.attempts: list[Attempt] = []
        # the first translation, the program's own assertions not yet assumed (`_finite`)
        self.loaded: Any = None

    def note(self, frontend: str, encoding: str, bound: int, outcome: str, reason: str,
             started: float, strategy: str = "") -> None:
        self.attempts.append(Attempt(frontend, encoding, bound, outcome, reason,
                                     round(time.perf_counter() - started, 3), strategy))

    def answer(self, status: str, reason: str = "", **kw: Any) -> SvcompAnswer:
        """The answer; an UNKNOWN's `reason_kind` (keyword) is, unless given, the kind of
        the verifier's `result` (keyword) when it has one, else OTHER."""
        kind = self.prop.kind
        why = kw.pop("reason_kind", None)
        replayed = None
        if status == "FALSE" and self.opts.replay and not self._leak(kw.get("result")):
            replayed = self._replay(kw.get("result"))
            if replayed.status == "not_reached":
                status, why = "UNKNOWN", UnknownKind.NOT_REPLAYED
                reason = ("the trace does not reach the error when the program runs "
                          f"natively, so the model disagrees with the program: "
                          f"{replayed.reason}")
        stats = Stats(wall_time=time.perf_counter() - self.t0,
                      replay=replayed.status if replayed is not None else None)
        if kind != "unreach-call" and status != "UNKNOWN":
            status, reason, kind, why = self._property_answer(status, reason,
                                                              kw.get("result"))
        result = kw.get("result")
        if status == "UNKNOWN" and why is None:
            why = result.kind if result is not None and result.kind is not None \
                else UnknownKind.POSSIBLE_BUG if result is not None and \
                result.verdict is Verdict.POSSIBLE_BUG else UnknownKind.OTHER
        return SvcompAnswer(status, reason, kind, attempts=tuple(self.attempts),
                            stats=stats, reason_kind=why, **kw)

    def _leak(self, result: Result | None) -> bool:
        """A FALSE of a leak: valid-memtrack is confirmed by LeakSanitizer
        (`_property_answer`); valid-memcleanup's memory still reachable at exit is no error
        of a native run (nothing reports it), so the trace stands as the model's."""
        if self.prop.kind == "unreach-call" or result is None or result.trace is None:
            return False
        return svprops.answer_kind(self.prop.kind, result.trace.violation) in (
            "valid-memtrack", "valid-memcleanup")

    def _replay(self, result: Result | None):
        """The native replay of a FALSE's trace (replay.confirm, as `check` does): the
        program compiled natively runs on the trace's inputs (and schedule)."""
        from replay.confirm import confirm
        from replay.native import ReplayOutcome, toolchain
        assert result is not None and result.trace is not None, "FALSE has a trace"
        try:    # a replay compiler still to be built (zig's runtime, a minute) is not run
            toolchain(self.opts.data_model, building=_no_build)
        except _NoBuild as e:
            return ReplayOutcome("not_replayable", f"not replayed: {e}")
        return confirm(self.paths, result, data_model=self.opts.data_model,
                       entry=self.opts.entry)

    def _property_answer(self, status: str, reason: str, result: Result | None
                         ) -> tuple[str, str, str, UnknownKind | None]:
        """(status, reason, the kind a FALSE names, an UNKNOWN's reason kind) for a
        property other than unreach-call (svcomp/properties.py)."""
        kind = self.prop.kind
        if status == "TRUE":
            blocker = svprops.true_blocker(kind, self.paths)
            if blocker and svprops.termination_lifts(kind, self.paths):
                finite, why = self._finite()
                blocker = None if finite else f"{blocker} ({why})"
            return ("UNKNOWN", f"proved the instrumented checks, but {blocker}", kind,
                    UnknownKind.OTHER) if blocker else (status, reason, kind, None)
        assert result is not None and result.trace is not None, "FALSE has a trace"
        sub = svprops.answer_kind(kind, result.trace.violation)
        if sub is None:
            v = result.trace.violation
            what = v.rule if v is not None and v.kind == "property" else "an assertion"
            return ("UNKNOWN", f"the trace violates {what}, which is not {kind}", kind,
                    UnknownKind.OTHER)
        if sub == "valid-memtrack":
            from replay.sanitizer import replay_property
            out = replay_property(self.paths, result.trace, data_model=self.opts.data_model)
            if out.status != "confirmed":
                return ("UNKNOWN", "a leak at main's return, not confirmed as lost memory "
                        f"by LeakSanitizer ({out.status}: {out.reason})", kind,
                        UnknownKind.NOT_REPLAYED)
        return status, reason, sub, None

    def _finite(self) -> tuple[bool, str]:
        """Whether every execution of the program is proved to end where main returns, or
        elsewhere with no heap memory allocated: the program of the proof's translation,
        the program's own assertions kept and abort/exit asserted unreachable (each unless
        no heap object is allocated there), with the step bound of
        boogie/passes/termination.py, proved by the bug search within TERMINATION_BOUND
        iterations of each loop (a closed call tree), else by the prover within
        TERMINATION_PROVER_WORK work seconds; (False, why) otherwise."""
        from boogie.ast import App, IntLit, Op, Var
        from boogie.passes.pipeline import find_entry
        from boogie.passes.termination import instrument_steps
        from frontend.memsafety import HEAP_LIVE
        from frontend.properties import property_of
        from verifier.engine import run as engine_run
        prog = self.loaded
        if prog is None:
            return False, "no program to prove finite"
        # an end elsewhere (abort, exit, a failing assertion of the program's own) with no
        # heap object allocated loses no memory either (frontend/memsafety.py's counter)
        live = App(Op.EQ, (Var(HEAP_LIVE), IntLit(0))) \
            if HEAP_LIVE in {getattr(d, "name", None) for d in prog.decls} else None
        counted = instrument_steps(prog, find_entry(prog, None),
                                   keep=lambda attrs: property_of(attrs) is None,
                                   end_ok=live)
        if counted is None:
            return False, "main is called within the program: its termination is not asked"
        base = replace(self.opts, portfolio=(), jobs=None, member_memory_mb=None,
                       houdini=False)
        tries = (replace(base, strategy="si", max_bound=TERMINATION_BOUND),
                 replace(base, strategy="chc", work_budget=TERMINATION_PROVER_WORK))
        last = None
        for opts in tries:
            if self.deadline.expired():
                break
            last = engine_run(counted, opts, self.deadline)
            if last.verdict is Verdict.CORRECT:
                return True, ""
            if last.verdict is Verdict.BUG:
                break           # a real way out: an endless loop, an exit, an assertion
        why = "out of time" if last is None else last.reason if last.verdict is not \
            Verdict.BUG else "an execution takes too many steps or ends elsewhere (exit, " \
            "abort, a failing assertion) with heap memory allocated"
        return False, f"its executions are not proved to end where main returns: {why}"


# the termination question of `_Run._finite`: a loop iteration bound of the bug search (a
# resource, not a time), then the prover's work seconds (verifier/limits.py)
TERMINATION_BOUND = 64
TERMINATION_PROVER_WORK = 10.0


class _NoBuild(Exception):
    """The replay compiler would be built first (inside the task's time: not done)."""


@contextlib.contextmanager
def _no_build(message: str):
    raise _NoBuild(message)
    yield


def run_svcomp(paths: list[str], prop: Property, opts: SvcompOptions = SvcompOptions(),
               deadline: Deadline | None = None) -> SvcompAnswer:
    """Answer the task by `deadline` (the run guard's; None: `opts.timeout` from now);
    never raises except SvcompInputError for bad input."""
    if deadline is None:
        deadline = Deadline.after(opts.timeout)
    if not prop.supported:
        what = prop.kind if prop.kind != "unreach-call" else \
            f"unreach-call of {prop.error_function}"
        return unknown(f"unsupported property: {what}", prop, UnknownKind.UNSUPPORTED)
    if prop.kind != "unreach-call":
        from frontend.properties import GHOST_GLOBALS
        if svprops.checks_for(prop.kind).memory:   # every memory check reads the map
            opts = replace(opts, track=tuple(dict.fromkeys((*(opts.track or ()),
                                                            *GHOST_GLOBALS))))
    run = _Run(paths, prop, opts, deadline)
    try:
        return _run(run)
    except SvcompInputError:
        raise
    except (KeyboardInterrupt, SystemExit):
        raise
    except DeadlineExceeded as e:   # the run guard's whole-run limit (pycorral/limits.py)
        return run.answer("UNKNOWN", f"timeout ({e})", reason_kind=UnknownKind.TIMEOUT)
    except BaseException as e:  # noqa: BLE001 - the top level turns crashes into UNKNOWN
        why, reason = crash_kind_and_reason(e, located=True)
        return run.answer("UNKNOWN", reason, reason_kind=why)


def _run(run: _Run) -> SvcompAnswer:
    opts = run.opts
    frontends = frontends_for(run.paths, opts.frontend)
    first = opts.encoding           # auto: the front end chooses (frontend/encoding_choice.py)
    rejected: list[str] = []
    first_error: SvcompInputError | None = None
    for fe in frontends:
        started = time.perf_counter()
        try:
            loaded = translate(run.paths, fe, first, opts, run.prop.entry, run.prop.kind,
                               assume_others=False)
            prog = assume_others_of(loaded, run.prop.kind)
        except _Unsupported as e:
            # the outcome says "unsupported"; the detail is where and what
            run.note(fe, first, 0, "unsupported", _located_what(str(e)), started)
            rejected.append(str(e))
            continue
        except SvcompInputError as e:
            run.note(fe, first, 0, "error", str(e), started)
            if getattr(e, "compiler_rejected", False):
                raise                   # invalid C: bad input, never a verdict via clang
            first_error = first_error or e
            continue
        encodings = _encodings(prog, first)
        run.note(fe, encodings[0], 0, "translated", "", started)
        run.loaded = loaded
        members = opts.portfolio or ("si",)
        if len(members) == 1:
            return _member(members[0])(run, fe, encodings, prog)
        return _portfolio(run, fe, encodings, prog)
    if rejected:
        return run.answer("UNKNOWN", unsupported_reason(rejected[0]),
                          reason_kind=UnknownKind.UNSUPPORTED)
    assert first_error is not None, "every front end either rejected or failed"
    raise first_error


def _encodings(prog: Any, given: str) -> list[str]:
    """The encodings to search in, in order: the one given; for auto, the front end's
    choice, and after int the exact bv (when a bug rests on an over-approximation)."""
    if given != "auto":
        return [given]
    import frontend.encoding_choice as encoding_choice
    made = encoding_choice.chosen(prog)
    assert made is not None, "auto leaves its choice on the entry"
    return [made[0], "bv"] if made[0] == "int" else [made[0]]


def _member(name: str):
    """What portfolio member `name` runs: the prover, or a bug search with that strategy."""
    if name == "chc":
        return _prove
    return lambda run, fe, encodings, prog: _deepen(run, fe, encodings, prog, name)


def _deepen(run: _Run, fe: str, encodings: list[str], prog: Any,
            strategy: str = "si") -> SvcompAnswer:
    """Bounds 1, 2, 4, ... up to the maximal bound with the first encoding, through the
    engine's deepening (`verifier.search.deepening.deepen`, by the run's deadline); its `retry`
    hook switches encodings when the answer is an unconfirmed bug through an
    over-approximated operation, its `note` hook keeps the attempts, and in a portfolio
    each bound searched completely is sent as the member's interim answer
    (`portfolio.interim`: "timeout (no bug within bound b)" if it is stopped now)."""
    from boogie.errors import BoogieError
    from boogie.passes.sequentialize import is_concurrent
    from verifier.engine import Hooks, run as engine_run, run_view, within_context_bound
    from verifier.search.portfolio import interim

    opts = run.opts
    # the one run function, one strategy; the C entry function is the program's
    # {:entrypoint}: the verifier finds it
    member = replace(opts, strategy=strategy, portfolio=(), jobs=None,
                     member_memory_mb=None)
    enc = [encodings[0]]                        # the encoding searched now
    clock = [time.perf_counter()]               # when the current attempt started
    notes: list[tuple[int, str, Result]] = []   # each bound's own answer

    view = run_view(member, run.deadline, None) if is_concurrent(prog) else None

    def note(bound: int, result: Result) -> None:
        # the attempt as the engine ends it (a concurrent program's proof holds within
        # its context bound only); `notes` keep the bound's own answer
        shown = within_context_bound(result, view) if view is not None else result
        run.note(fe, enc[0], bound, shown.verdict.value, shown.reason, clock[0])
        notes.append((bound, enc[0], result))
        clock[0] = time.perf_counter()          # the next bound starts now

    def retry(result: Result) -> Any:
        i = encodings.index(enc[0])
        if i + 1 >= len(encodings):
            return None
        started = time.perf_counter()
        try:
            again = translate(run.paths, fe, encodings[i + 1], opts, run.prop.entry,
                              run.prop.kind)
        except _Unsupported as e:
            run.note(fe, encodings[i + 1], 0, "unsupported", str(e), started)
            return None
        run.note(fe, encodings[i + 1], 0, "translated", "", started)
        enc[0] = encodings[i + 1]
        clock[0] = time.perf_counter()
        return again            # the same bound, exact encoding

    def checkpoint(result: Result) -> None:
        interim(_timeout(run, fe, enc[0], result.stats.bound))

    try:
        final = engine_run(prog, member, run.deadline,
                           hooks=Hooks(retry=retry, note=note, checkpoint=checkpoint))
    except BoogieError as e:
        raise SvcompInputError(_diagnostic(e, run.paths[0])) from None
    return _deepening_answer(run, fe, enc[0], notes, final)


def _deepening_answer(run: _Run, fe: str, enc: str, notes: list[tuple[int, str, Result]],
                      final: Result) -> SvcompAnswer:
    """The answer of the bug search from the bounds' own answers (`notes`, in order;
    `enc` the encoding at the end) and the run's `final` result: the last bound decides;
    a bug or a proof is the final result (a concurrent program's trace names its threads;
    a proof within a context bound is no proof: `engine.within_context_bound`); no bound
    searched at all is the final result's unknown (inconsistent axioms) or a timeout."""
    last_bounded = max((b for b, _, r in notes if r.verdict is Verdict.BOUNDED), default=0)
    if not notes:                       # out of time before bound 1, or no search
        if final.verdict is Verdict.UNKNOWN and final.kind is not UnknownKind.TIMEOUT:
            return run.answer("UNKNOWN", final.reason or "unknown", result=final,
                              frontend=fe, encoding=enc)
        return _timeout(run, fe, enc, 0)
    bound, enc_n, result = notes[-1]
    if result.verdict in (Verdict.BUG, Verdict.POSSIBLE_BUG, Verdict.CORRECT):
        result = final                  # the same answer, as the engine ends it
        if result.verdict is Verdict.BOUNDED:   # a proof within the context bound only
            return run.answer("UNKNOWN", result.reason, result=result, frontend=fe,
                              encoding=enc_n, bound=bound)
    status, reason = map_verdict(result)
    common = {"result": result, "frontend": fe, "encoding": enc_n, "bound": bound}
    if status in ("TRUE", "FALSE"):
        return run.answer(status, **common)
    if result.verdict is Verdict.BOUNDED:
        if bound >= run.opts.max_bound:
            return run.answer("UNKNOWN", f"no bug within bound {bound} (maximal bound)",
                              **common)
        # out of time before the next bound, or its search interrupted by the deadline
        return _timeout(run, fe, enc, last_bounded)
    if result.kind is UnknownKind.TIMEOUT:
        return _timeout(run, fe, enc_n, last_bounded, result=result)
    return run.answer("UNKNOWN", reason, **common)


BV_PROOF_WORK = 10.0     # the prover's work seconds in bit-vectors after the integer encoding


def _prove(run: _Run, fe: str, encodings: list[str], prog: Any) -> SvcompAnswer:
    """The prover member: Horn-clause summaries for every bound (`--strategy chc`), in the
    first encoding with all but `BV_PROOF_WORK` work seconds (verifier/limits.py) of the
    run's nominal budget, then (unless that proved the program) in the next encoding with
    the rest: exact bit-vectors make parity and wrap-around invariants reachable that the
    integer encoding's `mod` hides from Spacer (measured: jain_2-1, jain_6-1 in under 0.5 s
    with bit-vectors, none within 30 s with integers).  The split is work, not the clock's
    time left, so that the load does not move it; each attempt also stops at the run's
    deadline."""
    from verifier.engine import run as engine_run
    from verifier.smt.factory import work_done

    result = None
    nominal = run.opts.work_budget if run.opts.work_budget is not None else run.opts.timeout
    w0 = work_done()
    for k, enc in enumerate(encodings):
        started = time.perf_counter()
        if k > 0:
            try:
                prog = translate(run.paths, fe, enc, run.opts, run.prop.entry, run.prop.kind)
            except (_Unsupported, SvcompInputError) as e:
                run.note(fe, enc, 0, "unsupported", str(e), started, "prover (chc)")
                break
        rest = None if nominal is None else max(0.5, nominal - (work_done() - w0))
        share = rest if rest is None or k == len(encodings) - 1 else \
            max(rest / 2, rest - BV_PROOF_WORK)
        # Houdini is the search's pre-pass; the prover runs on the concrete program
        result = engine_run(prog, replace(run.opts, strategy="chc", work_budget=share,
                                          houdini=False, portfolio=(), jobs=None,
                                          member_memory_mb=None), run.deadline)
        run.note(fe, enc, 0, result.verdict.value, result.reason, started, "prover (chc)")
        if result.verdict is Verdict.CORRECT:
            break
    assert result is not None, "the prover ran in at least one encoding"
    enc = run.attempts[-1].encoding
    status, reason = map_verdict(result)
    if status == "FALSE":           # a prover never answers FALSE (no trace)
        status, reason = "UNKNOWN", "prover: " + reason
    why = result.kind if status == "UNKNOWN" else None     # None: OTHER (a bound, a bug)
    return run.answer(status, reason, result=result if status == "TRUE" else None,
                      frontend=fe, encoding=enc, reason_kind=why)


def _portfolio(run: _Run, fe: str, encodings: list[str], prog: Any) -> SvcompAnswer:
    """The members of `opts.portfolio` (default: the bug search `_deepen` next to the prover
    `_prove`) side by side on the engine's portfolio (`verifier.engine.run_members`: each
    in its own process, `opts.jobs` at once, each with `opts.member_memory_mb`, a member's
    deadline a little before its slice ends, the prover at a lower CPU priority and with
    `prover_after_search` CPU seconds once the searches have ended undecided); the first
    TRUE or FALSE wins, and a search stopped at its deadline answers from the last bound
    it searched completely (its interim answer)."""
    from verifier.engine import run_members, run_view

    def member(name: str, deadline: Deadline) -> SvcompAnswer:
        run.deadline = deadline     # this process's copy of the run: its own slice
        return _member(name)(run, fe, encodings, prog)

    report = run_members(
        run.opts.portfolio, member, run_view(run.opts, run.deadline, None),
        decisive=lambda a: a.status != "UNKNOWN",
        describe=lambda a: a.reason or a.status)
    members = {m.name: f"{m.status} after {m.seconds}s" + (f": {m.detail}" if m.detail
                                                             else "")
               for m in report.members}
    answer = report.result
    if answer is None and all(m.status == "timeout" for m in report.members):
        answer = run.answer("UNKNOWN", "timeout", frontend=fe, encoding=encodings[0],
                            reason_kind=UnknownKind.TIMEOUT)
    elif answer is None:
        why = "; ".join(f"{k} {v}" for k, v in members.items())
        answer = run.answer("UNKNOWN", f"no portfolio member answered ({why})",
                            frontend=fe, encoding=encodings[0],
                            reason_kind=UnknownKind.NO_ANSWER)
    return replace(answer, stats=answer.stats + Stats(
        wall_time=time.perf_counter() - run.t0, portfolio_winner=report.winner,
        portfolio=tuple(members.items())))


def _timeout(run: _Run, fe: str, enc: str, last_bounded: int,
             result: Result | None = None) -> SvcompAnswer:
    why = "timeout" + (f" (no bug within bound {last_bounded})" if last_bounded else "")
    return run.answer("UNKNOWN", why, result=result, frontend=fe, encoding=enc,
                      bound=last_bounded, reason_kind=UnknownKind.TIMEOUT)


# ----------------------------------------------------------------------------- witnesses

def witness_text(answer: SvcompAnswer, paths: list[str], prop: Property, data_model: str,
                 fmt: str = "graphml") -> str | None:
    """The witness of a TRUE or FALSE answer (None for UNKNOWN, or a YAML correctness
    witness, which is not written)."""
    from .witness_graphml import WitnessMeta, correctness_witness, violation_witness
    from .witness_trace import sha256_of, violation_path
    from .invariants import c_invariants
    from .witness_yaml import correctness_witness_yaml, violation_witness_yaml

    if answer.status == "UNKNOWN":
        return None
    # a FALSE of a property with subproperties states the violated one (valid-deref, ...)
    spec = svprops.subproperty_text(answer.property_kind, prop.entry) \
        if answer.status == "FALSE" and answer.property_kind in svprops.FORMULAS.values() \
        else prop.text
    meta = WitnessMeta(spec, tuple(paths), tuple(sha256_of(p) for p in paths),
                       data_model)
    if answer.status == "TRUE":
        facts = answer.result.facts if answer.result is not None else ()
        invariants = c_invariants(facts, tuple(paths))
        if fmt == "yaml":
            return correctness_witness_yaml(invariants, meta)
        return correctness_witness(meta, invariants)
    assert answer.result is not None and answer.result.trace is not None, "FALSE has a trace"
    path = violation_path(answer.result.trace, prop.error_function or "reach_error")
    if fmt == "yaml":
        return violation_witness_yaml(path, meta)
    return violation_witness(path, meta)
