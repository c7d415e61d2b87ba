"""The `pycorral` command line: check a program, translate C, print Boogie, run benchmarks.

Role: the top of the stack.  It reads files, turns bad input into one diagnostic line
(`file:line:col: error: message`, exit 2), runs parse -> modifies inference -> type check ->
verify, and prints the result with `verifier.render`.  An unexpected exception becomes the
verdict "unknown: internal error" (exit 20), never a traceback (unless --debug) and never
"correct".  Corral's `/flag` spellings are accepted (see `verifier.corral_flags`).
The command group is here with the helpers the commands share; each command is a module of
its own (`check_cmd`, `bpl_cmd`, `translate_cmd`, `svcomp_cmd`, ...), loaded when it is run,
whose options come from the option table (`pycorral/option_table.py`).
"""
from __future__ import annotations

import contextlib
import dataclasses
import os
import sys
import time
import traceback
from typing import Any

import click

from pycorral.limits import RunGuard, finish
from verifier.corral_flags import CorralFlagError, CorralFlags, parse_corral_flags
from verifier.crash import unknown_from
from boogie.errors import BadInput, Unsupported as NotModelled
from verifier.result import EXIT_INPUT_ERROR, Result, UnknownKind, Verdict
from verifier.run_options import DEEPEN_TO, SEARCH_BUDGET, RunOptions
from verifier.stats import Stats

EXIT_CODES_HELP = """\b
Exit codes:
  0   correct: proved for every bound (the proof re-checked)
  10  bug found (a trace is printed)
  30  bounded: no bug within the bound searched -- not a proof; the loops and
      recursive functions cut off there are listed
  20  unknown (timeout, unsupported feature such as concurrency, internal error)
  2   bad input or usage (one line: file:line:col: error: message)
"""


class InputError(BadInput):
    """Bad user input, already formatted as one `file:line:col: error: message` line."""


class FileError(click.ClickException):
    """Bad input raised before a command's own error handling: printed as the one line
    `file:line:col: error: message` (not click's usage block), exit 2."""

    exit_code = EXIT_INPUT_ERROR

    def show(self, file=None) -> None:
        click.echo(self.message, err=True)


# ----------------------------------------------------------------------------- loading

def _diagnostic_line(err: Exception, path: str) -> str:
    from boogie.errors import one_line
    return one_line(err, path)


def _read_program(path: str) -> Any:
    """One Boogie file, parsed (the door's reader); InputError when it cannot be."""
    from frontend.load import BadInput, read_boogie

    try:
        return read_boogie(path)
    except BadInput as e:
        raise InputError(e.line) from None


C_EXTENSIONS = (".c", ".i")
LLVM_EXTENSIONS = (".ll", ".bc")


class Unsupported(NotModelled):
    """The input uses a construct a front end does not model: the verdict is UNKNOWN
    (never a guess); the message is the one-line diagnostic naming the construct."""


def frontend_for(paths: list[str], requested: str | None) -> str:
    """boogie, c or llvm: chosen by the files' extension unless --frontend says otherwise."""
    from frontend.load import BadInput, choose_frontend

    for p in paths:
        _regular_file(p)
    exts = {os.path.splitext(p)[1].lower() for p in paths}
    try:
        chosen = choose_frontend(paths, requested or "auto")
    except BadInput as e:
        raise FileError(e.line) from None
    if chosen == "boogie" and len(paths) != 1:
        raise click.UsageError("a Boogie check takes one .bpl file (use /concat:F to add more)")
    if chosen == "c" and not exts <= set(C_EXTENSIONS):
        raise click.UsageError("the C front end reads .c and .i files (use --frontend llvm "
                               "for .ll/.bc)")
    return chosen


def _regular_file(path: str) -> None:
    """An input must be a regular file: a device or a pipe (`/dev/zero`) would be read
    without end."""
    if os.path.exists(path) and not os.path.isfile(path):
        what = "a folder" if os.path.isdir(path) else "not a regular file"
        raise FileError(f"{path}:1:1: error: cannot read: {what}")


def load_with_door(paths: list[str], opts: Any) -> Any:
    """`frontend.load` (the one door) with the CLI's exceptions: bad input raises
    InputError, an unsupported construct raises Unsupported.  `opts` is a
    `frontend.load.FrontendOptions` (a RunOptions view).  Returns a LoadedProgram."""
    from frontend.load import BadInput, load
    from frontend.load import Unsupported as FrontendUnsupported

    try:
        return load(list(paths), opts)
    except FrontendUnsupported as e:
        raise Unsupported(e.line) from None
    except BadInput as e:
        raise InputError(e.line) from None


def load_program(path: str, concat: tuple[str, ...] = ()) -> Any:
    """Parse FILE (and the `/concat:` files, relative to FILE's folder) into one Program."""
    from boogie.ast import Program

    prog = _read_program(path)
    for extra in concat:
        extra_path = extra if os.path.isabs(extra) else os.path.join(os.path.dirname(path), extra)
        more = _read_program(extra_path)
        prog = Program(prog.decls + more.decls, loc=prog.loc)
    return prog


def check_program(prog: Any, path: str, *, check_modifies: bool = True) -> Any:
    """Infer missing modifies clauses (as Corral does), then type check, as the door
    (`frontend.load`) does (`pycorral bpl` on the program it parsed).  Returns the program
    with the inferred clauses."""
    from frontend.load import BadInput, check_boogie
    from frontend.load import Unsupported as FrontendUnsupported

    assert check_modifies, "the door always checks modifies clauses"
    try:
        return check_boogie(prog, path)
    except FrontendUnsupported as e:
        raise Unsupported(e.line) from None
    except BadInput as e:
        raise InputError(e.line) from None


def find_entry(prog: Any, requested: str | None, path: str) -> str:
    """The entry procedure: the one asked for, else the unique `{:entrypoint}`, else `main`
    (the pipeline's rule), with a one-line diagnostic when there is none."""
    from boogie.errors import BoogieError
    from boogie.passes.pipeline import find_entry as pipeline_entry

    try:
        return pipeline_entry(prog, requested)
    except BoogieError as e:
        raise InputError(_diagnostic_line(e, path)) from None


# ----------------------------------------------------------------------------- options

def _split_args(args: tuple[str, ...], several: bool = False,
                none_ok: bool = False) -> tuple[Any, CorralFlags]:
    """The input files and Corral's /flags among the arguments (`none_ok`: no file is
    fine, --compile-commands names them)."""
    try:
        flags = parse_corral_flags(list(args))
    except CorralFlagError as e:
        raise click.UsageError(str(e)) from None
    if not flags.leftovers and not none_ok:
        raise click.UsageError("no input file")
    if not several and len(flags.leftovers) != 1:
        raise click.UsageError(f"expected one input file, got {len(flags.leftovers)}: "
                               f"{' '.join(flags.leftovers)}")
    return (list(flags.leftovers) if several else flags.leftovers[0]), flags


def _peak_memory_mb() -> float | None:
    try:
        import resource
    except ImportError:  # pragma: no cover - not on Linux
        return None
    kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return kb / 1024.0 if sys.platform != "darwin" else kb / (1024.0 * 1024.0)


def _with_cli_stats(result: Result, started: float) -> Result:
    """The run's wall time and peak memory added to the result's statistics."""
    return dataclasses.replace(result, stats=result.stats + Stats(
        wall_time=time.perf_counter() - started, peak_memory_mb=_peak_memory_mb()))


# what the summary line names: the bound and the strategy the verifier ran with
Shown = tuple[int, str]


def run_check(paths: list[str], run: RunOptions, guard: Any = None,
              progress: Any = None) -> tuple[Result, Shown]:
    """Load (any front end), check and verify; returns the result and the bound and
    strategy it was obtained with.  Bad input raises InputError; an unsupported construct
    gives UNKNOWN; anything else propagates (the caller makes it UNKNOWN).  `guard` (a
    `limits.RunGuard`) is told the phase that runs; `progress` (a `verifier.progress.
    Progress`, for the status line) the bound and instances.  Without a bound the bound
    is deepened until a bug, a proof, or the time budget (--timeout, else SEARCH_BUDGET
    seconds for the search)."""
    t0 = time.perf_counter()
    frontend = frontend_for(paths, run.frontend)
    phase = guard.phase if guard is not None else (lambda name: contextlib.nullcontext())
    with phase("the front end" if frontend != "boogie" else "parsing and type checking"):
        loaded, early = _load_any(paths, run, frontend)
    if early is not None:
        return early
    prog = loaded.program
    from boogie.errors import BoogieError
    from verifier.engine import verify

    front_time = time.perf_counter() - t0
    engine: dict[str, Any] = {}
    if run.timeout:                 # --timeout covers the whole run, front end included
        engine["timeout"] = guard.engine_budget() if guard is not None else \
            max(0.05, run.timeout - front_time)
    if run.bound is None or run.max_bound is not None:
        # no bound given (or --max-bound): deepen until settled or out of time
        engine["deepen_to"] = run.max_bound or DEEPEN_TO
        engine.setdefault("timeout", max(0.05, SEARCH_BUDGET - front_time))
    if "timeout" in engine:     # the engine's shares (verifier/limits.py): of the budget
        engine["work_budget"] = run.work_budget or run.timeout or SEARCH_BUDGET  # as given
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
    if run.rules:                   # typestate rules: their assertions around the calls
        try:
            prog, start, engine["track"] = _with_rules(prog, run, start, paths[0])
        except NotModelled as e:
            return unknown_from(e, stats=Stats(frontend=frontend)), \
                (run.shown_bound(), run.shown_strategy())
    vopts = run.verify_options(entry=start,
                               # none named: the bug search and the prover side by side
                               strategy=run.strategy or "auto", **engine)
    if progress is not None:
        progress.strategy = " + ".join(vopts.portfolio) if vopts.portfolio else \
            "si + chc" if vopts.strategy == "auto" else vopts.strategy
    try:
        with phase("the search"):
            if run.all_properties:
                from verifier.all_properties import verify_all
                result = verify_all(prog, vopts, verify, progress)
            else:
                result = verify(prog, vopts, progress)
    except BoogieError as e:       # input the pipeline cannot handle
        raise InputError(_diagnostic_line(e, paths[0])) from None
    bound = result.stats.bound if result.stats.bound is not None else vopts.bound
    from frontend.externs import externals
    exts = externals(prog) if frontend != "boogie" else ()
    return dataclasses.replace(result, externals=exts, stats=result.stats + Stats(
        frontend=frontend, frontend_time=front_time, byte_level_memory=byte_level,
        externals=tuple(e.name for e in exts) or None)), \
        (bound, ",".join(vopts.portfolio) if vopts.portfolio else vopts.strategy)


def _byte_level_memory(prog: Any, entry: str) -> str | None:
    """Why the C front end used its byte-level memory model ("file:line: what"), if it
    did (frontend/c/translate.py marks the entry procedure)."""
    from boogie.ast import attr
    from frontend.c.translate import BYTE_LEVEL

    proc = prog.procedures().get(entry)
    a = attr(proc.attrs, BYTE_LEVEL) if proc is not None else None
    return f"{a.args[0]}: {a.args[1]}" if a is not None and len(a.args) == 2 else None


def _with_rules(prog: Any, run: RunOptions, entry: str, path: str):
    """The program with the rules' ghost state and assertions (pycorral/rules.py), its
    entry, and the globals to track (the user's and the rules' ghosts: every rule check
    reads them, so the abstraction would only have to add them back).  Warnings (a rule
    naming a function never called) go to standard error unless --quiet."""
    from boogie.errors import BoogieError
    from pycorral.rules import with_rules

    try:
        checked = with_rules(prog, run.rules, entry, run.rules_only)
    except BoogieError as e:
        raise InputError(_diagnostic_line(e, path)) from None
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


# ----------------------------------------------------------------------------- commands

class _LazyGroup(click.Group):
    """The command group; every command lives in its own module (`check_cmd`, `bpl_cmd`,
    `translate_cmd`, ...; some pull in heavier libraries: dask, matplotlib, gcc drivers),
    imported only when it is run."""

    LAZY = {
        "check": "pycorral.check_cmd:check_cmd",
        "bpl": "pycorral.bpl_cmd:bpl_cmd",
        "translate": "pycorral.translate_cmd:translate_cmd",
        "svcomp": "pycorral.svcomp_cmd:svcomp_cmd",
        "bench": "bench.cli:bench_cmd",          # the bench package (pycorral[bench])
        "replay": "pycorral.replay_cmd:replay_cmd",
        "difftest": "pycorral.difftest_cmd:difftest_cmd",
    }

    def list_commands(self, ctx):
        return sorted(set(super().list_commands(ctx)) | set(self.LAZY))

    def get_command(self, ctx, name):
        if name in self.LAZY:
            import importlib
            module, attr = self.LAZY[name].split(":")
            return getattr(importlib.import_module(module), attr)
        return super().get_command(ctx, name)


@click.group(cls=_LazyGroup, epilog=EXIT_CODES_HELP,
             context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="pycorral")
def main() -> None:
    """pycorral: a Corral-style bug finder (stratified inlining over Z3) for Boogie programs.

    \b
    Examples:
      pycorral check examples/lock.bpl          # finds the double acquire, prints a trace
      pycorral check prog.bpl --bound 3 --json
      pycorral bpl prog.bpl --instrument        # the program as the verifier sees it
      pycorral bench corral --jobs 2            # Corral's regression suite
    """


def _check_one(paths: list[str], run: RunOptions, guard: Any) -> tuple[Result, Shown]:
    """One run (one entry), with the status line on a terminal: the check, then the native
    replay of a bug in C."""
    from pycorral.status import StatusLine, wanted
    from verifier.progress import Progress
    progress = Progress() if wanted(run.quiet) else None
    status = StatusLine(progress, lambda: guard.current_phase) if progress is not None \
        else contextlib.nullcontext()
    with status:
        result, shown = _guarded_check(paths, run, guard, progress)
    if run.replay and result.verdict is Verdict.BUG and \
            all(p.lower().endswith(C_EXTENSIONS) for p in paths):
        with guard.phase("native replay"):
            if result.properties:       # --all-properties: each failure
                from verifier.all_properties import replay_each
                result = replay_each(result, lambda r: _replay_bug(r, paths, run, guard))
            else:
                result = _replay_bug(result, paths, run, guard)
    if run.ms_reason is not None:
        result = dataclasses.replace(result, stats=result.stats + Stats(
            ms_extensions=run.ms_reason))
    return result, shown


def _guarded_check(paths: list[str], run: RunOptions, guard: RunGuard,
                   progress: Any = None) -> tuple[Result, Shown]:
    """run_check inside the run guard: bad input exits 2; a deadline, an unexpected
    exception or a solver out of memory become UNKNOWN with the reason."""
    from verifier.deadline import DeadlineExceeded

    shown = (run.shown_bound(), run.shown_strategy())
    try:
        with guard.interruptible():
            result, shown = run_check(paths, run, guard, progress)
        if result.kind is UnknownKind.INTERNAL and guard.expired:
            # z3 interrupted at the deadline ("canceled") inside a component that turned
            # the exception into an unknown: it is the timeout
            result = dataclasses.replace(result, reason=guard.timeout_reason(),
                                         kind=UnknownKind.TIMEOUT)
        elif result.kind is UnknownKind.TIMEOUT and result.reason == "timeout" and \
                guard.timeout is not None:
            # the engine's own clock (a little shorter than the guard's) ran out first; a
            # query's or a prover's time out names where, and that stays
            result = dataclasses.replace(result, reason=guard.timeout_reason("the search"))
        return result, shown
    except InputError as e:
        guard.stop()
        click.echo(str(e), err=True)
        sys.exit(EXIT_INPUT_ERROR)
    except DeadlineExceeded as e:
        return Result(Verdict.UNKNOWN, guard.timeout_reason(e.phase),
                      kind=UnknownKind.TIMEOUT), shown
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as e:  # noqa: BLE001 - the top level turns crashes into UNKNOWN
        if run.debug:
            traceback.print_exc()
        if guard.expired:           # z3 interrupted at the deadline, say so
            return Result(Verdict.UNKNOWN, guard.timeout_reason(),
                          kind=UnknownKind.TIMEOUT), shown
        return unknown_from(e), shown


def _replay_bug(result: Result, paths: list[str], run: RunOptions,
                guard: RunGuard | None = None) -> Result:
    """Native replay of a bug found in C input (replay.native): "confirmed" and "not
    replayable" keep the verdict (the reason is recorded in the stats and printed);
    "not reached" -- the program runs on the trace's inputs and does not fail -- means the
    model disagrees with the program, so the verdict becomes unknown with that reason."""
    from pycorral.replay_cmd import not_reached_reason, outcome_line
    from replay.confirm import confirm
    from replay.native import toolchain

    from verifier.deadline import DeadlineExceeded

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
                                 replay_time=time.perf_counter() - t0)
    if outcome.status == "not_reached":
        return Result(Verdict.UNKNOWN, not_reached_reason(outcome), stats=stats,
                      kind=UnknownKind.NOT_REPLAYED)
    return dataclasses.replace(result, stats=stats)


@contextlib.contextmanager
def _toolchain_build(guard: RunGuard | None, message: str):
    """A one-time build of the replay compiler's runtime during a check: announced on
    stderr and not counted against --timeout (the run guard stops its clock)."""
    from replay.native import announce_build

    if guard is not None and guard.timeout is not None:
        message += "; not counted in --timeout"
    with guard.suspended() if guard is not None else contextlib.nullcontext(), \
            announce_build(message):
        yield


def entry() -> None:
    """The `pycorral` program: runs the command, then ends the process at once with its
    exit code (`limits.finish`), so that nothing after the verdict -- an interpreter
    teardown stuck in z3's destructors, a thread still running -- can keep it alive."""
    from pycorral.limits import mark_process_start

    mark_process_start()
    code: Any = 0
    try:
        main(standalone_mode=True)
    except SystemExit as e:
        code = e.code
    except KeyboardInterrupt:
        code = 130
    if code is None:
        code = 0
    elif not isinstance(code, int):
        click.echo(str(code), err=True)
        code = 1
    finish(code)


if __name__ == "__main__":  # `python -m pycorral.cli ...` (used by the benchmark runners)
    # the commands' modules import their helpers from `pycorral.cli`: run that module's
    # entry, not this `__main__` copy's, so that one copy of the helpers is in use
    from pycorral.cli import entry as _entry
    _entry()
