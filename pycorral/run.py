"""One run of `check`: a loaded program, the run options and the run's deadline in, a
`Result` out.

Role: the run pipeline of `pycorral check` (and of each `check --function`), out of the
command line: `run_loaded` is check's adapter around the engine's one run function
(`verifier.engine.run`: the deadline, deepening, the nominal work budget, the search or
`--all-properties`) -- the entry, the C notes, typestate rules, the externals -- and the
functions around it load the program (`run_check`), keep the run guard's rules (bad input
exits 2, the deadline and any crash become UNKNOWN: `guarded_check`) and replay a bug in C
natively (`check_one`, `replay_bug`).

Time: the caller hands the run's one `Deadline` (verifier/deadline.py: the run guard's,
or a `--function`'s share of it); nothing here computes time left.  Without --timeout a
deepening search gets SEARCH_BUDGET seconds from the start of the run (front end
included), made into a deadline here, once.  The engine's shares are work, taken from
the --timeout as given (`work_budget`), never from the clock.

The run itself is the engine's one run function, `verifier.engine.run` (loaded program,
run options, deadline -> result), which SV-COMP mode's members call too; this module is
`check`'s adapter around it.
"""
from __future__ import annotations

import contextlib
import dataclasses
import sys
import time
import traceback
from typing import Any, Callable

import click

from pycorral.inputs import (C_EXTENSIONS, InputError, Unsupported, find_entry,
                             frontend_for, load_with_door)
from pycorral.inputs import diagnostic_line
from boogie.errors import Unsupported as NotModelled
import frontend.encoding_choice as encoding_choice
from verifier.crash import unknown_from
from verifier.deadline import NO_DEADLINE, Deadline, DeadlineExceeded
from verifier.result import EXIT_INPUT_ERROR, Result, UnknownKind, Verdict
from verifier.run_options import SEARCH_BUDGET, RunOptions
from verifier.stats import Stats

# what the summary line names: the bound and the strategy the verifier ran with
Shown = tuple[int, str]

Phase = Callable[[str], Any]        # names what runs now (a context manager)


def _no_phase(name: str) -> Any:
    return contextlib.nullcontext()


def run_check(paths: list[str], run: RunOptions, deadline: Deadline = NO_DEADLINE,
              guard: Any = None, progress: Any = None) -> tuple[Result, Shown]:
    """Load (any front end), check and verify by `deadline` (none given and --timeout
    set: --timeout from now); returns the result and the bound and strategy it was
    obtained with.  Bad input raises InputError; an unsupported construct gives UNKNOWN;
    anything else propagates (the caller makes it UNKNOWN).  `guard` (a
    `limits.RunGuard`) is told the phase that runs; `progress` (a `verifier.progress.
    Progress`, for the status line) the bound and instances."""
    t0 = time.perf_counter()
    if deadline.unlimited and run.timeout:
        deadline = Deadline.after(run.timeout)
    if deadline.unlimited and _deepens(run):
        # no bound given and no --timeout: the front end and the search get SEARCH_BUDGET
        deadline = Deadline.after(SEARCH_BUDGET)
    frontend = frontend_for(paths, run.frontend)
    phase = guard.phase if guard is not None else _no_phase
    with phase("the front end" if frontend != "boogie" else "parsing and type checking"):
        loaded, early = _load_any(paths, run, frontend)
    if early is not None:
        return early
    return run_loaded(loaded.program, frontend, paths, run, deadline, phase=phase,
                      progress=progress,
                      front_time=time.perf_counter() - t0)


def _deepens(run: RunOptions) -> bool:
    """No bound given (or --max-bound): the bound is deepened until settled or out of
    time."""
    return run.bound is None or run.max_bound is not None


def run_loaded(prog: Any, frontend: str, paths: list[str], run: RunOptions,
               deadline: Deadline, *, phase: Phase = _no_phase, progress: Any = None,
               front_time: float = 0.0) -> tuple[Result, Shown]:
    """THE run: the loaded program `prog` (of `frontend`, read from `paths`) verified as
    `run` says, by `deadline`; the result (with the front end's figures and the
    externals) and the bound and strategy it was obtained with.  `phase` names what runs
    (the run guard's), `progress` is kept up to date for the status line."""
    from boogie.errors import BoogieError
    from verifier.engine import run as engine_run, run_view
    from frontend.inline_asm import asm_note, asm_record

    # C and LLVM: the front end marks the entry function {:entrypoint}
    requested = run.entry if frontend == "boogie" else None
    start = find_entry(prog, requested, paths[0])
    byte_level = _byte_level_memory(prog, start) if frontend == "c" else None
    if frontend == "c" and not run.quiet:      # e.g. arguments whose order matters
        from frontend.c.translate import c_warnings
        for line in c_warnings(prog):
            click.echo(line, err=True)
    if byte_level is not None and not run.quiet:
        click.echo(f"note: byte-level memory (exact, slow): {byte_level}; --frontend llvm "
                   "splits memory by a points-to analysis instead", err=True)
    classes, bad = _memory_classes(prog, start) if frontend == "c" else (None, ())
    regions = _memory_regions(prog, start) if frontend == "c" else None
    if not run.quiet:           # byte-level classes: alone (byte_split.py) or the program's
        for line in bad:
            click.echo(f"note: byte-level class {line}", err=True)
    encoding, encoding_why = _encoding(prog, start, run) if frontend != "boogie" \
        else (None, None)
    if encoding is not None and not run.quiet and \
            encoding_choice.note(encoding, encoding_why) is not None:
        click.echo(encoding_choice.note(encoding, encoding_why), err=True)
    if encoding is not None:            # what follows (the engine's views) sees the choice
        run = dataclasses.replace(run, encoding=encoding)
    asm = asm_record(prog, start) if frontend != "boogie" else None
    if asm is not None and not run.quiet:
        click.echo(asm_note(*asm), err=True)
    extra: dict[str, Any] = {}
    if run.rules:                   # typestate rules: their assertions around the calls
        try:
            prog, start, extra["track"] = with_rules(prog, run, start, paths[0])
        except NotModelled as e:
            return unknown_from(e, stats=Stats(frontend=frontend)), \
                (run.shown_bound(), run.shown_strategy())
    vopts = run_view(run, deadline, start, **extra)     # what the summary line names
    if progress is not None:
        progress.strategy = " + ".join(vopts.portfolio) if vopts.portfolio else \
            "si + chc" if vopts.strategy == "auto" else vopts.strategy
    try:
        with phase("the search"):
            result = engine_run(prog, run, deadline, entry=start, progress=progress,
                                **extra)
    except BoogieError as e:       # input the pipeline cannot handle
        raise InputError(diagnostic_line(e, paths[0])) from None
    bound = result.stats.bound if result.stats.bound is not None else vopts.bound
    from frontend.externs import externals
    exts = externals(prog) if frontend != "boogie" else ()
    return dataclasses.replace(result, externals=exts, stats=result.stats + Stats(
        frontend=frontend, frontend_time=front_time, byte_level_memory=byte_level,
        memory_classes=classes, byte_level_classes=len(bad) if classes is not None else None,
        memory_regions=regions,
        encoding=encoding, encoding_reason=encoding_why,
        externals=tuple(e.name for e in exts) or None,
        inline_asm=asm[0] if asm is not None else None)), \
        (bound, ",".join(vopts.portfolio) if vopts.portfolio else vopts.strategy)


def _encoding(prog: Any, entry: str, run: RunOptions) -> tuple[str, str]:
    """The integer encoding of a translated program and why: what `--encoding auto` chose
    (the front end's mark, frontend/encoding_choice.py), else the one given ("option")."""
    made = encoding_choice.chosen(prog, entry)
    if made is not None:
        return made
    assert run.encoding in encoding_choice.ENCODINGS, f"auto left no mark ({run.encoding})"
    return run.encoding, "option"


def _byte_level_memory(prog: Any, entry: str) -> str | None:
    """Why the C front end used its byte-level memory model ("file:line: what"), if it
    did (frontend/c/translate.py marks the entry procedure)."""
    from boogie.ast import attr
    from frontend.c.translate import BYTE_LEVEL

    proc = prog.procedures().get(entry)
    a = attr(proc.attrs, BYTE_LEVEL) if proc is not None else None
    return f"{a.args[0]}: {a.args[1]}" if a is not None and len(a.args) == 2 else None


def _memory_classes(prog: Any, entry: str) -> tuple[int | None, tuple[str, ...]]:
    """The C front end's points-to classes of memory (frontend/c/points_to.py): how many,
    and each class whose cells are viewed at different types, as
    "R3 (objects: a b): file:line: what"."""
    from frontend.c.translate import BYTE_LEVEL_CLASS, MEMORY_CLASSES

    proc = prog.procedures().get(entry)
    if proc is None:
        return None, ()
    count = next((int(a.args[0]) for a in proc.attrs if a.name == MEMORY_CLASSES), None)
    bad = tuple(f"{a.args[0]} (objects: {a.args[1] or '?'}): {a.args[2]}: {a.args[3]}"
                for a in proc.attrs if a.name == BYTE_LEVEL_CLASS and len(a.args) == 4)
    return count, bad


def _memory_regions(prog: Any, entry: str) -> int | None:
    """The C front end's classes with maps of their own (frontend/c/region_split.py)."""
    from frontend.c.translate import MEMORY_REGIONS

    proc = prog.procedures().get(entry)
    return None if proc is None else next(
        (int(a.args[0]) for a in proc.attrs if a.name == MEMORY_REGIONS), None)


def with_rules(prog: Any, run: RunOptions, entry: str, path: str):
    """The program with the rules' ghost state and assertions (pycorral/rules.py), its
    entry, and the globals to track (the user's and the rules' ghosts: every rule check
    reads them, so the abstraction would only have to add them back).  Warnings (a rule
    naming a function never called) go to standard error unless --quiet."""
    from boogie.errors import BoogieError
    from pycorral.rules import with_rules

    try:
        checked = with_rules(prog, run.rules, entry, run.rules_only)
    except BoogieError as e:
        raise InputError(diagnostic_line(e, path)) from None
    if not run.quiet:
        for line in checked.warnings:
            click.echo(line, err=True)
    return checked.program, checked.entry, tuple(run.track or ()) + checked.ghosts


def _load_any(paths: list[str], run: RunOptions, frontend: str):
    """(the door's LoadedProgram, None), or (None, (unknown result, shown)) for an
    unsupported construct."""
    try:
        return load_with_door(paths, run.frontend_options(
            frontend=frontend, entry=run.entry if frontend != "boogie" else None)), None
    except Unsupported as e:
        click.echo(str(e), err=True)
        return None, (unknown_from(e, stats=Stats(frontend=frontend)),
                      (run.shown_bound(), run.shown_strategy()))


def check_one(paths: list[str], run: RunOptions, guard: Any,
              deadline: Deadline | None = None,
              timeout_reason: Callable[[str | None], str] | None = None
              ) -> tuple[Result, Shown]:
    """One run (one entry) inside the run guard `guard`, by `deadline` (default: the
    guard's), with the status line on a terminal: the check, then the native replay of a
    bug in C.  `timeout_reason(phase)` words a timeout (default: the guard's)."""
    from pycorral.status import StatusLine, wanted
    from verifier.progress import Progress
    progress = Progress() if wanted(run.quiet) else None
    status = StatusLine(progress, lambda: guard.current_phase) if progress is not None \
        else contextlib.nullcontext()
    with status:
        result, shown = guarded_check(paths, run, guard, deadline, progress,
                                      timeout_reason)
    if run.replay and result.verdict.has_trace and \
            all(p.lower().endswith(C_EXTENSIONS) for p in paths):
        with guard.phase("native replay"):
            if result.properties and result.verdict is not Verdict.BUG:
                pass                    # --all-properties' possible bugs: rows, no failure
            elif result.properties:     # --all-properties: each failure
                from verifier.all_properties import replay_each
                result = replay_each(result, lambda r: replay_bug(r, paths, run, guard))
            else:
                result = replay_bug(result, paths, run, guard)
                result, again = _retry_without_ub(result, paths, run, guard, deadline,
                                                  progress, timeout_reason)
                shown = again or shown
    if run.ms_reason is not None:
        result = dataclasses.replace(result, stats=result.stats + Stats(
            ms_extensions=run.ms_reason))
    return result, shown


def _retry_without_ub(result: Result, paths: list[str], run: RunOptions, guard: Any,
                      deadline: Deadline | None, progress: Any,
                      timeout_reason: Callable[[str | None], str] | None
                      ) -> tuple[Result, Shown | None]:
    """A bug whose native run stopped on undefined behaviour: searched again assuming
    none (pycorral/ub_retry.py), within the run's time; the result, and the bound and
    strategy to show when it is the second search's."""
    from pycorral import ub_retry

    if not ub_retry.wanted(result, run):
        return result, None
    with guard.phase("the search assuming no undefined behaviour"):
        return ub_retry.retry(
            result, run,
            lambda run2: guarded_check(paths, run2, guard, deadline, progress,
                                       timeout_reason),
            lambda second: replay_bug(second, paths, run, guard))


def guarded_check(paths: list[str], run: RunOptions, guard: Any,
                  deadline: Deadline | None = None, progress: Any = None,
                  timeout_reason: Callable[[str | None], str] | None = None
                  ) -> tuple[Result, Shown]:
    """run_check inside the run guard (a `limits.RunGuard`), by `deadline` (default: the
    guard's): bad input exits 2; a deadline, an unexpected exception or a solver out of
    memory become UNKNOWN with the reason (`timeout_reason(phase)`, default the
    guard's)."""
    reason = timeout_reason or guard.timeout_reason
    shown = (run.shown_bound(), run.shown_strategy())
    try:
        with guard.interruptible():
            result, shown = run_check(paths, run, guard.deadline if deadline is None
                                      else deadline, guard, progress)
        if result.kind is UnknownKind.INTERNAL and guard.expired:
            # z3 interrupted at the deadline ("canceled") inside a component that turned
            # the exception into an unknown: it is the timeout
            result = dataclasses.replace(result, reason=reason(None),
                                         kind=UnknownKind.TIMEOUT)
        elif result.kind is UnknownKind.TIMEOUT and result.reason == "timeout" and \
                guard.timeout is not None:
            # the run's deadline (a little before the guard's alarm) came first; a
            # query's or a prover's time out names where, and that stays
            result = dataclasses.replace(result, reason=reason("the search"))
        return result, shown
    except InputError as e:
        guard.stop()
        click.echo(str(e), err=True)
        sys.exit(EXIT_INPUT_ERROR)
    except DeadlineExceeded as e:
        return Result(Verdict.UNKNOWN, reason(e.phase),
                      kind=UnknownKind.TIMEOUT), shown
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as e:  # noqa: BLE001 - the top level turns crashes into UNKNOWN
        if run.debug:
            traceback.print_exc()
        if guard.expired:           # z3 interrupted at the deadline, say so
            return Result(Verdict.UNKNOWN, reason(None),
                          kind=UnknownKind.TIMEOUT), shown
        return unknown_from(e), shown


def replay_bug(result: Result, paths: list[str], run: RunOptions,
               guard: Any = None) -> Result:
    """Native replay of a bug found in C input (replay.native): "confirmed" and "not
    replayable" keep the verdict (the reason is recorded in the stats and printed);
    "not reached" -- the program runs on the trace's inputs and does not fail -- means the
    model disagrees with the program, so the verdict becomes unknown with that reason.
    A possible bug (the trace rests on a function without a body) becomes a bug found
    only when the native run, with the real function (a library's, the real inline
    assembly), reaches the error ("confirmed": a stubbed function or memory it may write
    is never confirmed, replay/native.py); any other outcome leaves it a possible bug."""
    from pycorral.replay_cmd import not_reached_reason, outcome_line
    from replay.confirm import confirm
    from replay.native import toolchain

    t0 = time.perf_counter()
    try:
        with guard.interruptible() if guard is not None else contextlib.nullcontext():
            # a first use builds zig's runtime: said on stderr, outside the time limit
            toolchain(run.data_model,
                      building=lambda message: _toolchain_build(guard, message))
            t0 = time.perf_counter()
            outcome = confirm(paths, result, data_model=run.data_model, cflags=run.cflags,
                              entry=run.entry if run.frontend != "boogie" else None,
                              stubs=run.stubs)
    except DeadlineExceeded:
        line = "not confirmed: the time limit was reached before native replay finished"
        return dataclasses.replace(result, stats=result.stats + Stats(
            replay="not_replayable", replay_line=line))
    stats = result.stats + Stats(replay=outcome.status, replay_line=outcome_line(outcome),
                                 replay_time=time.perf_counter() - t0,
                                 replay_crash=getattr(outcome, "crash", None),
                                 replay_crash_line=getattr(outcome, "crash_line", None))
    if result.verdict is Verdict.POSSIBLE_BUG:
        if outcome.status == "confirmed":       # a real run: the effect is the program's
            return dataclasses.replace(result, verdict=Verdict.BUG, reason="",
                                       depends_on=(), stats=stats)
        return dataclasses.replace(result, stats=stats)
    if outcome.status == "not_reached":
        return Result(Verdict.UNKNOWN, not_reached_reason(outcome), stats=stats,
                      kind=UnknownKind.NOT_REPLAYED)
    return dataclasses.replace(result, stats=stats)


@contextlib.contextmanager
def _toolchain_build(guard: Any, message: str):
    """A one-time build of the replay compiler's runtime during a check: announced on
    stderr and not counted against --timeout (the run guard stops its clock)."""
    from replay.native import announce_build

    if guard is not None and guard.timeout is not None:
        message += "; not counted in --timeout"
    with guard.suspended() if guard is not None else contextlib.nullcontext(), \
            announce_build(message):
        yield
