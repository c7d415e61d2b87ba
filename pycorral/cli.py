"""The `pycorral` command line: check a program, translate C, print Boogie, run benchmarks.

Role: the top of the stack.  It reads files, turns bad input into one diagnostic line
(`file:line:col: error: message`, exit 2), runs parse -> modifies inference -> type check ->
verify (the run pipeline: `pycorral/run.py`, by the run guard's one deadline), and prints
the result with `verifier.report.render`.  An unexpected exception becomes the
verdict "unknown: internal error" (exit 20), never a traceback (unless --debug) and never
"correct".  Corral's `/flag` spellings are accepted (see `verifier.corral_flags`).
The command group is here with the helpers the commands share; each command is a module of
its own (`check_cmd`, `bpl_cmd`, `translate_cmd`, `svcomp_cmd`, ...), loaded when it is run,
whose options come from the option table (`pycorral/option_table.py`).
"""
from __future__ import annotations

import dataclasses
import os
import sys
import time
import traceback
from typing import Any

import click

from pycorral.inputs import (C_EXTENSIONS, LLVM_EXTENSIONS, FileError, InputError,  # noqa: F401
                             Unsupported, find_entry, frontend_for, load_with_door)
from pycorral.inputs import diagnostic_line as _diagnostic_line
from pycorral.inputs import regular_file as _regular_file
from pycorral.limits import RunGuard, finish
from pycorral.run import Shown, check_one as _check_one, with_rules as _with_rules
from verifier.corral_flags import CorralFlagError, CorralFlags, parse_corral_flags
from verifier.result import EXIT_INPUT_ERROR, Result, UnknownKind, Verdict
from verifier.run_options import SEARCH_BUDGET, RunOptions
from verifier.stats import Stats

EXIT_CODES_HELP = """\b
Exit codes:
  0   correct: proved for every bound (the proof re-checked)
  10  bug found (a trace is printed)
  30  bounded: no bug within the bound searched -- not a proof; the loops and
      recursive functions cut off there are listed
  20  unknown (timeout, unsupported feature such as concurrency, internal error)
  40  possible bug: a trace that depends on the unknown effect of a function
      without a body (its result, or memory it may write); not a bug found
  2   bad input or usage (one line: file:line:col: error: message)
"""


# ----------------------------------------------------------------------------- loading


def _read_program(path: str) -> Any:
    """One Boogie file, parsed (the door's reader); InputError when it cannot be."""
    from frontend.load import BadInput, read_boogie

    try:
        return read_boogie(path)
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


@click.group(cls=_LazyGroup, epilog=EXIT_CODES_HELP, invoke_without_command=True,
             context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="pycorral")
@click.pass_context
def main(ctx: click.Context) -> None:
    """pycorral: a Corral-style bug finder (stratified inlining over Z3) for Boogie programs.

    \b
    Examples:
      pycorral check examples/lock.bpl          # finds the double acquire, prints a trace
      pycorral check prog.bpl --bound 3 --json
      pycorral bpl prog.bpl --instrument        # the program as the verifier sees it
      pycorral bench corral --jobs 2            # Corral's regression suite
    """
    if ctx.invoked_subcommand is None:      # a bare `pycorral`: the help, as --help does
        click.echo(ctx.get_help())




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
